/* SPDX-License-Identifier: ISC */
/*
 * The editor's level file and its recovery file (edit.h has the model),
 * the top of the editor's files: opening a level file (edit_load, or
 * importing a Moving AI map) and saving one (edit_save, edit_save_as).
 * An edit knows the file it was read from or saved to last by its path,
 * its stamp (device, inode, size, modification time) and the hash of its
 * bytes: a file whose stamp is unchanged is taken as unchanged, and one
 * whose stamp changed is read again and counts as changed only when its
 * bytes differ (a checkout that puts back the same text is no change).
 * Writing goes through safefile.h, under the directory's lock, so the
 * check and the write see the same file. A recovery file is a level's
 * text, written 0600 in weir's state directory under a name made from
 * the level file's resolved path; weir removes only the recovery files it
 * names so.
 */
#include <sys/stat.h>

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "edit.h"
#include "movingai.h"
#include "save.h"
#include "util.h"

#define EDIT_PATH_MAX		SAFEFILE_PATH_MAX
#define EDIT_RECOVER_NAME	180	/* bytes of an escaped path kept */
#define EDIT_RECOVER_MARK	"# weir-recovery: "	/* its last line */
#define EDIT_RECOVER_NONE	"the level file was not there"

/* A copy of s. */
static char *
edit_strdup(const char *s)
{
	size_t	 n = strlen(s) + 1;
	char	*d = xmalloc(n);

	memcpy(d, s, n);
	return d;
}

/*
 * Remember path as the edit's file, holding text (its bytes as read or
 * written): its stamp now and the hash of text.
 */
void
edit_set_file(struct edit *e, const char *path, const char *text,
    size_t len)
{
	char	*copy = edit_strdup(path);

	free(e->path);
	e->path = copy;
	e->on_disk = safefile_stamp_path(path, &e->disk) == 0;
	e->disk_hash = save_hash(text, len);
}

/*
 * Open a level file, playable or not, remembering it as the edit's file;
 * or import a Moving AI map (path ending ".map"), which is no level file.
 */
struct edit *
edit_load(const char *path, char *err, size_t errlen)
{
	struct level	*lv;
	struct edit	*e;
	size_t		 n = strlen(path), len;
	char		*text;

	if (n > 4 && strcmp(path + n - 4, ".map") == 0) {
		if ((lv = movingai_load(path, err, errlen)) == NULL)
			return NULL;
		e = edit_from_level(lv);
		level_free(lv);
		return e;
	}
	if ((text = level_read_file(path, &len, err, errlen)) == NULL)
		return NULL;
	if ((e = edit_parse(path, text, len, err, errlen)) != NULL)
		edit_set_file(e, path, text, len);
	free(text);
	return e;
}

/*
 * The resolved path of a file that may not exist yet into buf: its own,
 * else its directory's and its name, else as given made absolute. -1
 * when it does not fit.
 */
static int
edit_canonical(const char *path, char *buf, size_t len)
{
	char		 dir[PATH_MAX], cwd[PATH_MAX];
	const char	*slash = strrchr(path, '/');
	int		 n;

	if (realpath(path, dir) != NULL)
		n = snprintf(buf, len, "%s", dir);
	else if (slash != NULL && slash > path) {
		snprintf(cwd, sizeof cwd, "%.*s", (int)(slash - path), path);
		if (realpath(cwd, dir) != NULL)
			n = snprintf(buf, len, "%s%s", strcmp(dir, "/") == 0 ?
			    "" : dir, slash);
		else
			n = snprintf(buf, len, "%s", path);
	} else if (slash == NULL && getcwd(cwd, sizeof cwd) != NULL)
		n = snprintf(buf, len, "%s%s%s", cwd, strcmp(cwd, "/") == 0 ?
		    "" : "/", path);
	else
		n = snprintf(buf, len, "%s", path);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

/* Whether paths a and b name the same file (resolved). */
static bool
edit_same_file(const char *a, const char *b)
{
	char	ra[EDIT_PATH_MAX], rb[EDIT_PATH_MAX];

	if (edit_canonical(a, ra, sizeof ra) != 0 ||
	    edit_canonical(b, rb, sizeof rb) != 0)
		return strcmp(a, b) == 0;
	return strcmp(ra, rb) == 0;
}

/*
 * What is at path against a file known by its stamp and the hash of its
 * bytes (on_disk), or known to be absent (!on_disk); edit_disk_check's.
 */
static enum edit_disk
edit_disk_against(const char *path, bool on_disk,
    const struct safefile_stamp *disk, uint64_t disk_hash, char *err,
    size_t errlen)
{
	struct safefile_stamp	 now;
	uint64_t		 h;

	if (safefile_stamp_path(path, &now) != 0) {
		if (errno != ENOENT) {
			snprintf(err, errlen, "%s: cannot read: %s", path,
			    strerror(errno));
			return EDIT_DISK_ERROR;
		}
		return on_disk ? EDIT_DISK_GONE : EDIT_DISK_SAME;
	}
	if (!on_disk)
		return EDIT_DISK_NEW;
	if (safefile_stamp_same(&now, disk))
		return EDIT_DISK_SAME;
	if (save_hash_file(path, &h, err, errlen) != 0)
		return EDIT_DISK_ERROR;
	return h == disk_hash ? EDIT_DISK_SAME : EDIT_DISK_CHANGED;
}

/*
 * What is at path (NULL: the edit's own file) against what the edit knows
 * of its file: the same, changed by another program, gone, new; or
 * EDIT_DISK_ERROR with err.
 */
enum edit_disk
edit_disk_check(const struct edit *e, const char *path, char *err,
    size_t errlen)
{
	if (path == NULL && (path = e->path) == NULL)
		return EDIT_DISK_SAME;	/* no file, nothing to compare */
	return edit_disk_against(path, e->on_disk, &e->disk, e->disk_hash,
	    err, errlen);
}

/*
 * Under sf's lock: whether the edit may write path without being forced.
 * Its own file must be as it was read (or gone); another path must hold
 * nothing. EDIT_SAVE_OK, or why not with err.
 */
static enum edit_save
edit_may_write(const struct edit *e, const char *path, char *err,
    size_t errlen)
{
	struct stat	st;

	if (e->path != NULL && edit_same_file(e->path, path)) {
		switch (edit_disk_check(e, path, err, errlen)) {
		case EDIT_DISK_SAME:
		case EDIT_DISK_GONE:
			return EDIT_SAVE_OK;
		case EDIT_DISK_ERROR:
			return EDIT_SAVE_FAILED;
		case EDIT_DISK_CHANGED:
		case EDIT_DISK_NEW:
			break;
		}
		snprintf(err, errlen, "%s: changed on disk since it was read",
		    path);
		return EDIT_SAVE_CHANGED;
	}
	if (lstat(path, &st) == 0) {
		snprintf(err, errlen, "%s: there is a file there already",
		    path);
		return EDIT_SAVE_EXISTS;
	}
	return EDIT_SAVE_OK;
}

/*
 * Write the level to path, atomically, keeping the mode and group of the
 * file it replaces. Without EDIT_SAVE_FORCE, nothing is written over the
 * edit's own file changed on disk since it was read, nor over another
 * file (save-as). On EDIT_SAVE_OK path is the edit's file from now on and
 * the recovery files of path and of the edit's former file are removed;
 * otherwise err says why.
 */
enum edit_save
edit_save_as(struct edit *e, const char *path, int flags, char *err,
    size_t errlen)
{
	enum edit_save	 rc = EDIT_SAVE_FAILED;
	struct safefile	 sf;
	FILE		*f;
	size_t		 len;
	char		*text, *former;

	edit_end(e);
	text = edit_text(e, &len);
	if (safefile_lock(&sf, path, err, errlen) != 0) {
		free(text);
		return EDIT_SAVE_FAILED;
	}
	if (!(flags & EDIT_SAVE_FORCE) &&
	    (rc = edit_may_write(e, path, err, errlen)) != EDIT_SAVE_OK)
		goto out;
	rc = EDIT_SAVE_FAILED;
	if ((f = safefile_create_keep(&sf, 0644, err, errlen)) != NULL) {
		/* A short write leaves the stream's error for the commit. */
		(void)fwrite(text, 1, len, f);
		if (safefile_commit(&sf, err, errlen) == 0)
			rc = EDIT_SAVE_OK;
	}
out:
	safefile_unlock(&sf);
	if (rc != EDIT_SAVE_OK) {
		free(text);
		return rc;
	}
	former = e->path != NULL ? edit_strdup(e->path) : NULL;
	edit_set_file(e, path, text, len);
	edit_saved(e, text, len);
	/*
	 * The recovery file this edit was made from is spent; another
	 * editor's, of the same level, is not this save's to remove.
	 */
	if (e->recovered != NULL)
		(void)unlink(e->recovered);
	free(e->recovered);
	e->recovered = NULL;
	free(former);
	return EDIT_SAVE_OK;
}

/*
 * Write the level to path atomically (safefile.h), over whatever is there
 * (edit_save_as without EDIT_SAVE_FORCE asks first); 0, or -1 with err.
 */
int
edit_save(struct edit *e, const char *path, char *err, size_t errlen)
{
	return edit_save_as(e, path, EDIT_SAVE_FORCE, err, errlen) ==
	    EDIT_SAVE_OK ? 0 : -1;
}

/* The recovery directory, $XDG_STATE_HOME/weir/recover, into buf; -1: none. */
static int
edit_recover_dir(char *buf, size_t len)
{
	const char	*state = getenv("XDG_STATE_HOME");
	const char	*home = getenv("HOME");
	int		 n;

	if (state != NULL && state[0] == '/')
		n = snprintf(buf, len, "%s/weir/recover", state);
	else if (home != NULL && home[0] == '/')
		n = snprintf(buf, len, "%s/.local/state/weir/recover", home);
	else
		return -1;
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

/* Whether byte c stands for itself in an escaped path. */
static bool
edit_plain(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_';
}

/* How many bytes s escapes to. */
static size_t
edit_escaped_len(const char *s)
{
	size_t	n = 0;

	for (; *s != '\0'; s++)
		n += edit_plain((unsigned char)*s) ? 1 : 3;
	return n;
}

/* Escape s onto the end of buf (room checked by the caller). */
static void
edit_escape(char *buf, const char *s)
{
	char	*o = buf + strlen(buf);

	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;

		if (edit_plain(c))
			*o++ = (char)c;
		else {
			sprintf(o, "%%%02X", c);
			o += 3;
		}
	}
	*o = '\0';
}

/*
 * The recovery file of the level file at path into buf (see edit.h): the
 * escaped resolved path, or, when that is too long, the escaped end of it
 * and a hash of the whole. -1 when there is no home or it does not fit.
 */
int
edit_recover_path(const char *path, char *buf, size_t len)
{
	char		 dir[EDIT_PATH_MAX], real[EDIT_PATH_MAX];
	char		 name[EDIT_RECOVER_NAME + 64];
	const char	*tail;
	int		 n;

	if (edit_recover_dir(dir, sizeof dir) != 0 ||
	    edit_canonical(path, real, sizeof real) != 0)
		return -1;
	name[0] = '\0';
	if (edit_escaped_len(real) <= EDIT_RECOVER_NAME)
		edit_escape(name, real);
	else {
		for (tail = real; edit_escaped_len(tail) > EDIT_RECOVER_NAME -
		    17; tail++)
			;
		edit_escape(name, tail);
		snprintf(name + strlen(name), sizeof name - strlen(name),
		    "-%016" PRIx64, save_hash(real, strlen(real)));
	}
	n = snprintf(buf, len, "%s/%s.weir", dir, name);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

/*
 * The k-th recovery file of the level file at path (k from 1): the first
 * is edit_recover_path's, the others ESCAPED~K.weir (an escaped name has
 * no '~'), one for each editor that was stopped with unsaved work.
 */
static int
edit_recover_nth(const char *path, int k, char *buf, size_t len)
{
	size_t	n;

	if (edit_recover_path(path, buf, len) != 0)
		return -1;
	if (k == 1)
		return 0;
	n = strlen(buf) - strlen(".weir");
	return snprintf(buf + n, len - n, "~%d.weir", k) >= (int)(len - n) ?
	    -1 : 0;
}

/*
 * The line a recovery file ends with, into buf: what the edit knew of the
 * level file at path when it was written (the stamp and hash of the file
 * it read or saved last, or that it had none there), so that a change to
 * that file since can be told when the recovery file is offered and saved.
 */
static void
edit_recover_mark(const struct edit *e, const char *path, char *buf,
    size_t len)
{
	if (!e->on_disk || e->path == NULL || !edit_same_file(e->path, path))
		snprintf(buf, len, EDIT_RECOVER_MARK EDIT_RECOVER_NONE "\n");
	else
		snprintf(buf, len, EDIT_RECOVER_MARK "the level file read was "
		    "size %jd mtime %jd.%09ld dev %ju ino %ju hash %016" PRIx64
		    "\n", (intmax_t)e->disk.size,
		    (intmax_t)e->disk.mtime.tv_sec, (long)e->disk.mtime.tv_nsec,
		    (uintmax_t)e->disk.dev, (uintmax_t)e->disk.ino,
		    e->disk_hash);
}

/* What a recovery file's last line says of the level file when written. */
struct edit_recover_base {
	bool			 known;		/* the line was read */
	bool			 on_disk;	/* there was a file: */
	struct safefile_stamp	 disk;
	uint64_t		 hash;
};

/*
 * Cut the recovery file's last line off its text (*lenp made the level's
 * length, text NUL-terminated there) and read it into b. A text without
 * one (written by an older weir) is left whole, b->known false; one that
 * does not read is cut off all the same.
 */
static void
edit_recover_unmark(char *text, size_t *lenp, struct edit_recover_base *b)
{
	const size_t	 ml = strlen(EDIT_RECOVER_MARK);
	size_t		 len = *lenp, start;
	char		 line[256];
	intmax_t	 size, sec;
	uintmax_t	 dev, ino;
	uint64_t	 h;
	long		 nsec;
	int		 end = -1;

	memset(b, 0, sizeof *b);
	if (len == 0 || text[len - 1] != '\n')
		return;
	for (start = len - 1; start > 0 && text[start - 1] != '\n'; start--)
		;
	if (len - start < ml || len - start >= sizeof line ||
	    memcmp(text + start, EDIT_RECOVER_MARK, ml) != 0)
		return;
	memcpy(line, text + start + ml, len - start - ml);
	line[len - start - ml] = '\0';
	*lenp = start;
	text[start] = '\0';
	if (strcmp(line, EDIT_RECOVER_NONE "\n") == 0) {
		b->known = true;
		return;
	}
	if (sscanf(line, "the level file read was size %jd mtime %jd.%ld "
	    "dev %ju ino %ju hash %" SCNx64 "%n", &size, &sec, &nsec, &dev,
	    &ino, &h, &end) != 6 || end < 0 || strcmp(line + end, "\n") != 0 ||
	    size < 0 || nsec < 0 || nsec > 999999999)
		return;
	b->known = b->on_disk = true;
	b->disk.size = (off_t)size;
	b->disk.mtime.tv_sec = (time_t)sec;
	b->disk.mtime.tv_nsec = nsec;
	b->disk.dev = (dev_t)dev;
	b->disk.ino = (ino_t)ino;
	b->hash = h;
}

/* The recovery file rec's text, its last line read into b and cut off. */
static char *
edit_recover_read(const char *rec, size_t *lenp, struct edit_recover_base *b,
    char *err, size_t errlen)
{
	char	*text;

	if ((text = level_read_file(rec, lenp, err, errlen)) != NULL)
		edit_recover_unmark(text, lenp, b);
	return text;
}

/*
 * Write the edit's level, as it stands, to the recovery file of the level
 * file at path, private (0600), whole (safefile.h); where gets its path.
 * Not for a signal handler: call it once the handler has said to stop.
 * 0, or -1 with err.
 */
int
edit_recover_write(const struct edit *e, const char *path, char *where,
    size_t wlen, char *err, size_t errlen)
{
	struct safefile	 sf;
	FILE		*f;
	size_t		 len;
	char		*text, mark[256];
	int		 rc = -1;

	struct stat	 st;
	int		 k;

	if (edit_recover_path(path, where, wlen) != 0) {
		snprintf(err, errlen, "%s: no home directory to keep a "
		    "recovery file in", path);
		return -1;
	}
	if (save_mkdirs(where) != 0) {
		snprintf(err, errlen, "%s: cannot make its directory: %s",
		    where, strerror(errno));
		return -1;
	}
	text = edit_text(e, &len);
	edit_recover_mark(e, path, mark, sizeof mark);
	/*
	 * The recovery file it was made from, or the first name no other
	 * editor's recovery holds (looked for and written under the lock).
	 */
	snprintf(err, errlen, "%s: every recovery file's name is taken",
	    path);
	for (k = 1; k <= EDIT_RECOVER_FILES; k++) {
		if (e->recovered != NULL)
			snprintf(where, wlen, "%s", e->recovered);
		else if (edit_recover_nth(path, k, where, wlen) != 0)
			break;
		if (safefile_lock(&sf, where, err, errlen) != 0)
			break;
		if (e->recovered == NULL && lstat(where, &st) == 0) {
			safefile_unlock(&sf);
			continue;
		}
		if ((f = safefile_create(&sf, 0600, err, errlen)) != NULL) {
			(void)fwrite(text, 1, len, f);
			if (len > 0 && text[len - 1] != '\n')
				(void)fputc('\n', f);
			(void)fputs(mark, f);
			rc = safefile_commit(&sf, err, errlen);
		}
		safefile_unlock(&sf);
		break;
	}
	free(text);
	return rc;
}

/* Whether the level file at path has a recovery file; buf gets its path. */
bool
edit_recover_find(const char *path, char *buf, size_t len)
{
	struct stat	st;
	int		k;

	for (k = 1; k <= EDIT_RECOVER_FILES; k++) {
		if (edit_recover_nth(path, k, buf, len) != 0)
			return false;
		if (lstat(buf, &st) == 0 && S_ISREG(st.st_mode))
			return true;
	}
	return false;
}

/*
 * An edit of the recovery file rec of the level file at path: the
 * recovered level, unsaved, whose file is path as it was when the
 * recovery file was written (its stamp and hash from the recovery file's
 * last line), so that a save asks before writing over a change made
 * since. A recovery file without that line is taken to know the file as
 * it is now. NULL with err.
 */
struct edit *
edit_recover_open(const char *path, const char *rec, char *err,
    size_t errlen)
{
	struct edit_recover_base	 b;
	struct edit			*e;
	char				*text;
	size_t				 len;

	if ((text = edit_recover_read(rec, &len, &b, err, errlen)) == NULL)
		return NULL;
	e = edit_parse(rec, text, len, err, errlen);
	free(text);
	if (e == NULL)
		return NULL;
	free(e->path);
	e->path = edit_strdup(path);
	e->recovered = edit_strdup(rec);
	e->on_disk = false;
	if (b.known) {
		e->on_disk = b.on_disk;
		e->disk = b.disk;
		e->disk_hash = b.hash;
	} else if ((text = level_read_file(path, &len, err, errlen)) != NULL) {
		edit_set_file(e, path, text, len);
		free(text);
	}
	err[0] = '\0';
	e->saved_at = -1;	/* not what the file holds */
	return e;
}

/*
 * The level file at path now against what its recovery file rec says it
 * was when written: EDIT_DISK_CHANGED, _GONE or _NEW when another program
 * changed it since; EDIT_DISK_SAME also when rec does not say; or
 * EDIT_DISK_ERROR with err.
 */
enum edit_disk
edit_recover_check(const char *path, const char *rec, char *err,
    size_t errlen)
{
	struct edit_recover_base	 b;
	char				*text;
	size_t				 len;

	if ((text = edit_recover_read(rec, &len, &b, err, errlen)) == NULL)
		return EDIT_DISK_ERROR;
	free(text);
	if (!b.known)
		return EDIT_DISK_SAME;
	return edit_disk_against(path, b.on_disk, &b.disk, b.hash, err,
	    errlen);
}

/*
 * Remove the (first) recovery file of the level file at path, if there
 * is one. 0, or -1 when one is there and cannot be removed.
 */
int
edit_recover_remove(const char *path)
{
	char	rec[EDIT_PATH_MAX];

	if (!edit_recover_find(path, rec, sizeof rec))
		return 0;
	return unlink(rec) == 0 || errno == ENOENT ? 0 : -1;
}
