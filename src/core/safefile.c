/* SPDX-License-Identifier: ISC */
/*
 * Files kept for a player: the strict reader with its stamp, the writers'
 * lock on the directory, the atomic write by way of a new file of weir's
 * own and moving a corrupt file aside. See safefile.h for the model.
 */
#define _GNU_SOURCE	/* O_TMPFILE */

#include <sys/file.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
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

/* The stamp of the file at path now: 0, or -1 with errno. */
int
safefile_stamp_path(const char *path, struct safefile_stamp *stamp)
{
	struct stat	st;

	if (stat(path, &st) != 0)
		return -1;
	safefile_stamp_of(&st, stamp);
	return 0;
}

/* Whether two stamps name the same file, unchanged. */
bool
safefile_stamp_same(const struct safefile_stamp *a,
    const struct safefile_stamp *b)
{
	return a->dev == b->dev && a->ino == b->ino && a->size == b->size &&
	    a->mtime.tv_sec == b->mtime.tv_sec &&
	    a->mtime.tv_nsec == b->mtime.tv_nsec;
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

/* The directory holding path into dir (SAFEFILE_PATH_MAX bytes). */
static void
safefile_dir_of(const char *path, char *dir)
{
	const char	*slash = strrchr(path, '/');

	if (slash == NULL)
		snprintf(dir, SAFEFILE_PATH_MAX, ".");
	else if (slash == path)
		snprintf(dir, SAFEFILE_PATH_MAX, "/");
	else
		snprintf(dir, SAFEFILE_PATH_MAX, "%.*s", (int)(slash - path),
		    path);
}

/* Whether a failed flock says the file system has no such locks. */
static bool
safefile_no_locks(int e)
{
	return e == EBADF || e == ENOLCK || e == EOPNOTSUPP || e == EINVAL;
}

/*
 * Take the writers' lock on path (its directory) for sf. 0, or -1 with
 * err. Until safefile_unlock, sf may write path and move it aside.
 */
int
safefile_lock(struct safefile *sf, const char *path, char *err,
    size_t errlen)
{
	int	fd;

	sf->lockfd = -1;
	sf->locked = false;
	sf->f = NULL;
	sf->tmp[0] = '\0';
	sf->dir[0] = '\0';
	if (snprintf(sf->path, sizeof sf->path, "%s", path) >=
	    (int)sizeof sf->path) {
		snprintf(err, errlen, "%.200s...: path too long", path);
		return -1;
	}
	if (path[0] == '\0') {
		snprintf(err, errlen, "'': cannot write: empty file name");
		return -1;
	}
	if (safefile_replaceable(path, err, errlen) != 0)
		return -1;
	safefile_dir_of(path, sf->dir);
	fd = open(sf->dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0) {
		snprintf(err, errlen, "%s: cannot write: %s: %s", path,
		    sf->dir, strerror(errno));
		return -1;
	}
	/* A signal the caller lets in gives up the wait (EINTR). */
	if (flock(fd, LOCK_EX) == 0)
		sf->locked = true;
	else if (!safefile_no_locks(errno)) {
		snprintf(err, errlen, "%s: cannot lock: %s", sf->dir,
		    strerror(errno));
		close(fd);
		return -1;
	}
	sf->lockfd = fd;
	return 0;
}

/* Let go of the lock, and of any unfinished write (its file removed). */
void
safefile_unlock(struct safefile *sf)
{
	if (sf->f != NULL) {
		fclose(sf->f);
		sf->f = NULL;
	}
	if (sf->tmp[0] != '\0') {
		unlink(sf->tmp);	/* weir's own, made exclusively */
		sf->tmp[0] = '\0';
	}
	if (sf->lockfd < 0)
		return;
	close(sf->lockfd);	/* lets go of the flock */
	sf->lockfd = -1;
	sf->locked = false;
}

/*
 * A fresh name for the new file into sf->tmp: DIR/.NAME.weir-XXXXXX, try
 * making it different each time.
 */
static void
safefile_temp_name(struct safefile *sf, unsigned try)
{
	static const char digits[] = "abcdefghijklmnopqrstuvwxyz0123456789";
	const char	*base = strrchr(sf->path, '/');
	struct timespec	 ts;
	uint64_t	 v;
	char		 x[7];
	int		 i;

	base = base != NULL ? base + 1 : sf->path;
	clock_gettime(CLOCK_REALTIME, &ts);
	v = ((uint64_t)getpid() << 32) ^ (uint64_t)ts.tv_nsec ^
	    ((uint64_t)ts.tv_sec << 20) ^ ((uint64_t)try * 0x9e3779b97f4a7c15u);
	v *= 0xbf58476d1ce4e5b9u;
	v ^= v >> 31;
	for (i = 0; i < 6; i++) {
		x[i] = digits[v % 36];
		v /= 36;
	}
	x[6] = '\0';
	snprintf(sf->tmp, sizeof sf->tmp, "%s/.%.200s.weir-%s", sf->dir, base,
	    x);
}

/* Make the new file under a fresh name, exclusively: its fd, or -1. */
static int
safefile_temp_named(struct safefile *sf, mode_t mode)
{
	unsigned	try;
	int		fd;

	for (try = 0; try < 100; try++) {
		safefile_temp_name(sf, try);
		fd = open(sf->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC |
		    O_NOFOLLOW | O_NOCTTY, mode & 0777);
		if (fd >= 0)
			return fd;
		if (errno != EEXIST)
			break;
	}
	sf->tmp[0] = '\0';
	return -1;
}

/* Make the new file, with no name where the system allows: fd, or -1. */
static int
safefile_temp(struct safefile *sf, mode_t mode)
{
#ifdef O_TMPFILE
	int	fd;

	/* Naming it later goes through /proc/self/fd. */
	if (access("/proc/self/fd", X_OK) == 0 &&
	    (fd = open(sf->dir, O_TMPFILE | O_WRONLY | O_CLOEXEC,
	    mode & 0777)) >= 0)
		return fd;
#endif
	return safefile_temp_named(sf, mode);
}

/* Start writing the new file with mode and, if gid is not -1, group gid. */
static FILE *
safefile_create_as(struct safefile *sf, mode_t mode, gid_t gid, char *err,
    size_t errlen)
{
	int	fd;

	if ((fd = safefile_temp(sf, mode)) < 0) {
		snprintf(err, errlen, "%s: cannot write: %s", sf->path,
		    strerror(errno));
		return NULL;
	}
	if (gid != (gid_t)-1)
		(void)fchown(fd, (uid_t)-1, gid);	/* where one may */
	fchmod(fd, mode);
	if ((sf->f = fdopen(fd, "w")) == NULL) {
		snprintf(err, errlen, "%s: cannot write: %s", sf->path,
		    strerror(errno));
		close(fd);
		if (sf->tmp[0] != '\0')
			unlink(sf->tmp);
		sf->tmp[0] = '\0';
	}
	return sf->f;
}

/* Start writing the new file, with mode. The stream, or NULL with err. */
FILE *
safefile_create(struct safefile *sf, mode_t mode, char *err, size_t errlen)
{
	return safefile_create_as(sf, mode, (gid_t)-1, err, errlen);
}

/*
 * As safefile_create, but the new file keeps the mode of the file it
 * replaces and, where the owner may give it, its group; mode is for a
 * file that is new.
 */
FILE *
safefile_create_keep(struct safefile *sf, mode_t mode, char *err,
    size_t errlen)
{
	struct stat	st;

	if (lstat(sf->path, &st) == 0 && S_ISREG(st.st_mode))
		return safefile_create_as(sf, st.st_mode & 07777, st.st_gid,
		    err, errlen);
	return safefile_create_as(sf, mode, (gid_t)-1, err, errlen);
}

/* Flush the directory sf writes in, so a rename in it is on disk. */
static void
safefile_sync_dir(const struct safefile *sf)
{
	if (sf->lockfd >= 0)
		fsync(sf->lockfd);
}

/*
 * Give the unnamed new file open on fd a fresh name beside the old one
 * (sf->tmp), made exclusively: 0, or -1 with errno.
 */
static int
safefile_name_temp(struct safefile *sf, int fd)
{
	char		proc[64];
	unsigned	try;

	snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
	for (try = 0; try < 100; try++) {
		safefile_temp_name(sf, try);
		if (linkat(AT_FDCWD, proc, AT_FDCWD, sf->tmp,
		    AT_SYMLINK_FOLLOW) == 0)
			return 0;
		if (errno != EEXIST)
			break;
	}
	sf->tmp[0] = '\0';
	return -1;
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
	if (!bad && sf->tmp[0] == '\0' &&
	    safefile_name_temp(sf, fileno(f)) != 0) {
		bad = true;
		saved = errno;
	}
	if (fclose(f) != 0 && !bad) {
		bad = true;
		saved = errno;
	}
	if (!bad && safefile_replaceable(sf->path, err, errlen) != 0)
		goto drop;
	if (!bad && rename(sf->tmp, sf->path) != 0) {
		bad = true;
		saved = errno;
	}
	if (bad) {
		snprintf(err, errlen, "%s: cannot write: %s", sf->path,
		    strerror(saved != 0 ? saved : EIO));
		goto drop;
	}
	sf->tmp[0] = '\0';
	safefile_sync_dir(sf);
	return 0;

drop:
	if (sf->tmp[0] != '\0')
		unlink(sf->tmp);
	sf->tmp[0] = '\0';
	return -1;
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
	safefile_sync_dir(sf);
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
			safefile_sync_dir(sf);
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

/*
 * Whether path may be replaced by a file of the kind whose first line
 * starts with magic (what names the kind, "a recording"): when no file is
 * there, when it is empty, or when it begins with magic. -1 with err
 * otherwise: a level, a save or a file of the user's is never written
 * over by a file of another kind.
 */
int
safefile_same_kind(const char *path, const char *magic, const char *what,
    char *err, size_t errlen)
{
	char	buf[64];
	size_t	n = strlen(magic);
	ssize_t	got;
	int	fd;

	if (n > sizeof buf)
		n = sizeof buf;
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC |
	    O_NOCTTY);
	if (fd < 0)
		return 0;	/* nothing there (or not readable: the write says) */
	got = read(fd, buf, n);
	close(fd);
	if (got <= 0 || ((size_t)got == n && memcmp(buf, magic, n) == 0))
		return 0;
	snprintf(err, errlen, "%s: not written over: it is not %s (a level, "
	    "another of weir's files or one of yours); give another file",
	    path, what);
	return -1;
}
