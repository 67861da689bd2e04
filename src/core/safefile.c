/* SPDX-License-Identifier: ISC */
/*
 * Files kept for a player: the strict reader with its stamp, the writers'
 * lock, the atomic write by way of PATH.tmp and moving a corrupt file
 * aside. See safefile.h for the model.
 */
#include <sys/file.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "safefile.h"
#include "util.h"

#define SAFEFILE_CHUNK	65536	/* first read buffer */

/* The stamp of the file st describes. */
static void
safefile_stamp_of(const struct stat *st, struct safefile_stamp *stamp)
{
	memset(stamp, 0, sizeof *stamp);
	stamp->dev = st->st_dev;
	stamp->ino = st->st_ino;
	stamp->size = st->st_size;
	stamp->mtime = st->st_mtim;
}

/* Whether st is the file stamp was taken of. */
static bool
safefile_same(const struct stat *st, const struct safefile_stamp *stamp)
{
	return st->st_dev == stamp->dev && st->st_ino == stamp->ino &&
	    st->st_size == stamp->size &&
	    st->st_mtim.tv_sec == stamp->mtime.tv_sec &&
	    st->st_mtim.tv_nsec == stamp->mtime.tv_nsec;
}

/*
 * Open the file at path for reading, if it is a regular file: a FIFO, a
 * device, a socket or a directory is refused without waiting (FIFOs and
 * devices are opened, if at all, not to block). The descriptor, or -1
 * with err ("PATH: cannot open: ...", "PATH: not a regular file") and
 * errno ENOENT when there is no file.
 */
int
safefile_open(const char *path, char *err, size_t errlen)
{
	struct stat	st;
	int		fd, flags;

	if (path[0] == '\0') {
		snprintf(err, errlen, "'': cannot open: empty file name");
		errno = EINVAL;
		return -1;
	}
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
		goto not_regular;
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0) {
		int saved = errno;

		snprintf(err, errlen, "%s: cannot open: %s", path,
		    strerror(saved));
		errno = saved;
		return -1;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		goto not_regular;
	}
	if ((flags = fcntl(fd, F_GETFL)) != -1)
		fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
	return fd;

not_regular:
	snprintf(err, errlen, "%s: not a regular file", path);
	errno = EINVAL;
	return -1;
}

/*
 * Whether path may be replaced by a new regular file: there is nothing
 * there, or a regular file. Anything else (a device, a FIFO, a directory,
 * a symbolic link) is never replaced: -1 with err.
 */
static int
safefile_replaceable(const char *path, char *err, size_t errlen)
{
	struct stat	st;

	if (lstat(path, &st) != 0) {
		if (errno == ENOENT)
			return 0;
		snprintf(err, errlen, "%s: cannot write: %s", path,
		    strerror(errno));
		return -1;
	}
	if (S_ISREG(st.st_mode))
		return 0;
	snprintf(err, errlen, "%s: cannot write: not a regular file%s", path,
	    S_ISLNK(st.st_mode) ? " (a symbolic link)" : "");
	return -1;
}

/*
 * Read the whole regular file at path, at most max bytes, into *text
 * (NUL-terminated, the caller frees it; NULL unless SAFEFILE_OK) and *len;
 * stamp (may be NULL) gets which file it was, when read or too large.
 */
enum safefile_status
safefile_read(const char *path, size_t max, char **text, size_t *len,
    struct safefile_stamp *stamp, char *err, size_t errlen)
{
	struct stat	 st;
	char		*buf;
	size_t		 cap = SAFEFILE_CHUNK, n = 0;
	ssize_t		 got;
	int		 fd;

	*text = NULL;
	*len = 0;
	if ((fd = safefile_open(path, err, errlen)) < 0)
		return errno == ENOENT ? SAFEFILE_MISSING : SAFEFILE_ERROR;
	buf = xmalloc(cap + 1);
	for (;;) {
		if (n == cap) {
			if (n > max)
				break;
			cap *= 2;
			buf = xrealloc(buf, cap + 1, 1);
		}
		got = read(fd, buf + n, cap - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			snprintf(err, errlen, "%s: cannot read: %s", path,
			    strerror(errno));
			free(buf);
			close(fd);
			return SAFEFILE_ERROR;
		}
		if (got == 0)
			break;
		n += (size_t)got;
	}
	if (stamp != NULL) {
		if (fstat(fd, &st) == 0)
			safefile_stamp_of(&st, stamp);
		else
			memset(stamp, 0, sizeof *stamp);
	}
	close(fd);
	if (n > max) {
		snprintf(err, errlen, "%s:1:1: too large: at most %zu bytes",
		    path, max);
		free(buf);
		return SAFEFILE_TOO_LARGE;
	}
	buf[n] = '\0';
	*text = buf;
	*len = n;
	return SAFEFILE_OK;
}

/*
 * Take the writers' lock on path (PATH.lock) for sf. 0, or -1 with err.
 * Until safefile_unlock, sf may write path and move it aside.
 */
int
safefile_lock(struct safefile *sf, const char *path, char *err,
    size_t errlen)
{
	struct stat	held, now;
	int		fd;

	sf->lockfd = -1;
	sf->f = NULL;
	if (snprintf(sf->path, sizeof sf->path, "%s", path) >=
	    (int)sizeof sf->path) {
		snprintf(err, errlen, "%.200s...: path too long", path);
		return -1;
	}
	snprintf(sf->lock, sizeof sf->lock, "%s.lock", path);
	snprintf(sf->tmp, sizeof sf->tmp, "%s.tmp", path);
	if (path[0] == '\0') {
		snprintf(err, errlen, "'': cannot write: empty file name");
		return -1;
	}
	if (safefile_replaceable(path, err, errlen) != 0)
		return -1;
	for (;;) {
		fd = open(sf->lock, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW |
		    O_NOCTTY | O_NONBLOCK, 0600);
		if (fd < 0) {
			snprintf(err, errlen, "%s: cannot lock: %s", sf->lock,
			    strerror(errno));
			return -1;
		}
		if (fstat(fd, &held) != 0) {
			snprintf(err, errlen, "%s: cannot lock: %s", sf->lock,
			    strerror(errno));
			close(fd);
			return -1;
		}
		if (!S_ISREG(held.st_mode)) {
			snprintf(err, errlen, "%s: cannot lock: not a regular "
			    "file", sf->lock);
			close(fd);
			return -1;
		}
		/* A signal the caller lets in gives up the wait (EINTR). */
		if (flock(fd, LOCK_EX) != 0) {
			snprintf(err, errlen, "%s: cannot lock: %s", sf->lock,
			    strerror(errno));
			close(fd);
			return -1;
		}
		if (stat(sf->lock, &now) == 0) {
			if (now.st_dev == held.st_dev &&
			    now.st_ino == held.st_ino)
				break;
		} else if (errno != ENOENT) {
			snprintf(err, errlen, "%s: cannot lock: %s", sf->lock,
			    strerror(errno));
			close(fd);
			return -1;
		}
		/* Its holder removed it meanwhile: lock the next one. */
		close(fd);
	}
	sf->lockfd = fd;
	return 0;
}

/* Let go of the lock, removing the lock file, and any unfinished write. */
void
safefile_unlock(struct safefile *sf)
{
	if (sf->f != NULL) {
		fclose(sf->f);
		sf->f = NULL;
		unlink(sf->tmp);
	}
	if (sf->lockfd < 0)
		return;
	unlink(sf->lock);
	close(sf->lockfd);
	sf->lockfd = -1;
}

/*
 * Start writing the new file (PATH.tmp, with mode), removing what a
 * killed writer left there. The stream, or NULL with err.
 */
FILE *
safefile_create(struct safefile *sf, mode_t mode, char *err, size_t errlen)
{
	int	fd;

	if (unlink(sf->tmp) != 0 && errno != ENOENT) {
		snprintf(err, errlen, "%s: cannot write: %s", sf->path,
		    strerror(errno));
		return NULL;
	}
	fd = open(sf->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC |
	    O_NOFOLLOW, mode);
	if (fd < 0) {
		snprintf(err, errlen, "%s: cannot write: %s", sf->path,
		    strerror(errno));
		return NULL;
	}
	fchmod(fd, mode);
	if ((sf->f = fdopen(fd, "w")) == NULL) {
		snprintf(err, errlen, "%s: cannot write: %s", sf->path,
		    strerror(errno));
		close(fd);
		unlink(sf->tmp);
	}
	return sf->f;
}

/* Flush the directory holding path, so a rename in it is on disk. */
static void
safefile_sync_dir(const char *path)
{
	char		 dir[SAFEFILE_PATH_MAX];
	const char	*slash = strrchr(path, '/');
	int		 fd;

	if (slash == NULL)
		snprintf(dir, sizeof dir, ".");
	else if (slash == path)
		snprintf(dir, sizeof dir, "/");
	else
		snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
	if ((fd = open(dir, O_RDONLY | O_CLOEXEC)) < 0)
		return;
	fsync(fd);
	close(fd);
}

/*
 * Finish the write: flush the new file to disk, rename it over the old
 * one and flush the directory. 0, or -1 with err and the old file as it
 * was (the new one removed).
 */
int
safefile_commit(struct safefile *sf, char *err, size_t errlen)
{
	FILE	*f = sf->f;
	bool	 bad;
	int	 saved;

	sf->f = NULL;
	bad = fflush(f) != 0 || ferror(f) || fsync(fileno(f)) != 0;
	saved = errno;
	if (fclose(f) != 0 && !bad) {
		bad = true;
		saved = errno;
	}
	if (!bad && safefile_replaceable(sf->path, err, errlen) != 0) {
		unlink(sf->tmp);
		return -1;
	}
	if (!bad && rename(sf->tmp, sf->path) != 0) {
		bad = true;
		saved = errno;
	}
	if (bad) {
		snprintf(err, errlen, "%s: cannot write: %s", sf->path,
		    strerror(saved != 0 ? saved : EIO));
		unlink(sf->tmp);
		return -1;
	}
	safefile_sync_dir(sf->path);
	return 0;
}

/*
 * With the lock held: remove PATH if it is still the file stamped (a
 * saved game that has been played to its end). 0 when removed, 1 when the
 * file there is another one or none (nothing done), -1 when it could not
 * be removed (err says why).
 */
int
safefile_remove(struct safefile *sf, const struct safefile_stamp *stamp,
    char *err, size_t errlen)
{
	struct stat	st;

	if (stat(sf->path, &st) != 0 || !safefile_same(&st, stamp))
		return 1;
	if (unlink(sf->path) != 0) {
		snprintf(err, errlen, "%s: cannot remove: %s", sf->path,
		    strerror(errno));
		return -1;
	}
	safefile_sync_dir(sf->path);
	return 0;
}

/*
 * Move the corrupt file at the locked path aside to PATH.corrupt-N, the
 * first N free; why is what is wrong with it. With a stamp, only if it is
 * still that file. 0 when moved (note: "WHY; kept as PATH.corrupt-N"), 1
 * when the file there is not the one stamped (nothing done, note ""), -1
 * when it could not be moved (err: "WHY; cannot move it aside: ...").
 */
int
safefile_aside(struct safefile *sf, const struct safefile_stamp *stamp,
    const char *why, char *note, size_t notelen, char *err, size_t errlen)
{
	char		aside[SAFEFILE_PATH_MAX + 32];
	struct stat	st;
	int		n;

	note[0] = '\0';
	if (stamp != NULL && (stat(sf->path, &st) != 0 ||
	    !safefile_same(&st, stamp)))
		return 1;
	for (n = 1; n <= SAFEFILE_ASIDE_MAX; n++) {
		snprintf(aside, sizeof aside, "%s.corrupt-%d", sf->path, n);
		if (link(sf->path, aside) == 0) {
			if (unlink(sf->path) != 0) {
				snprintf(err, errlen, "%s; cannot move it "
				    "aside: %s", why, strerror(errno));
				unlink(aside);
				return -1;
			}
			safefile_sync_dir(sf->path);
			snprintf(note, notelen, "%s; kept as %s", why, aside);
			return 0;
		}
		if (errno != EEXIST)
			break;
	}
	snprintf(err, errlen, "%s; cannot move it aside: %s", why,
	    n > SAFEFILE_ASIDE_MAX ? "too many corrupt files" :
	    strerror(errno));
	return -1;
}
