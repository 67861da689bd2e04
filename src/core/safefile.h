/* SPDX-License-Identifier: ISC */
/*
 * The files weir writes, the high scores, the saved games and the levels
 * the editor saves, are never written in place. A writer takes an
 * exclusive flock on the directory that holds PATH, writes the new file to
 * a temporary file of its own, flushes it to disk, renames it over PATH and
 * flushes the directory, then lets go of the lock. A reader sees the old
 * file or the new one, whole.
 *
 * No name beside PATH is ever taken over or removed unless weir made it:
 * the lock is the directory itself (no lock file), and the temporary file
 * is new, made exclusively, with no name at all while it is written where
 * the system allows it (O_TMPFILE) and under a unique hidden name,
 * .NAME.weir-XXXXXX, otherwise and for the moment before the rename. A
 * writer killed halfway leaves nothing where the unnamed file is used;
 * elsewhere it can leave its .NAME.weir-XXXXXX, which no later writer
 * removes (weir cannot tell it from a file of the user's). Where a
 * directory cannot be locked (some network file systems) writers do not
 * wait for one another, and each write is still whole.
 *
 * A file that has been used up (a saved game played to its end) is removed
 * under the lock too, and only if it is still the file that was read.
 *
 * A file that does not read is moved aside to PATH.corrupt-N, the first N
 * free, under the same lock: hard-linked there (a link never replaces a
 * file, so none is ever overwritten) and unlinked from PATH. When the
 * caller read it without the lock, it names the file it read (a stamp),
 * and a file that has been replaced since is left alone.
 *
 * A file is written over only by one of its kind (safefile_same_kind: a
 * recording never replaces a level).
 *
 * A file replacing another may keep the old one's mode and group
 * (safefile_create_keep: a private level stays private).
 *
 * Only regular files are read, written or replaced. A path holding a
 * device, a FIFO, a socket, a directory or (for writing) a symbolic link
 * is refused with "PATH: not a regular file", before any lock is taken,
 * and a file is opened for reading without ever waiting (a FIFO with no
 * writer would block the open for ever).
 */
#ifndef WEIR_SAFEFILE_H
#define WEIR_SAFEFILE_H

#include <sys/types.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>

#define SAFEFILE_PATH_MAX	4096	/* bytes of a path */

/* What safefile_read found. */
enum safefile_status {
	SAFEFILE_ERROR = -1,	/* could not be read: err says why */
	SAFEFILE_OK = 0,	/* read whole */
	SAFEFILE_MISSING,	/* no such file: err says so */
	SAFEFILE_TOO_LARGE	/* longer than allowed: err, PATH:1:1: ... */
};

/* Which file was read: a later one at the same path differs. */
struct safefile_stamp {
	dev_t		 dev;
	ino_t		 ino;
	off_t		 size;
	struct timespec	 mtime;
};

/* A writer: its lock and the new file it is writing. */
struct safefile {
	char	 path[SAFEFILE_PATH_MAX];
	char	 dir[SAFEFILE_PATH_MAX];	/* the directory holding it */
	char	 tmp[SAFEFILE_PATH_MAX + 256];	/* DIR/.NAME.weir-XXXXXX, or
						   "" while it has no name */
	int	 lockfd;			/* the directory; -1 when
						   not held */
	bool	 locked;			/* the flock is held */
	FILE	*f;				/* the new file, while written */
};

int		 safefile_open(const char *path, char *err, size_t errlen);
int		 safefile_stamp_path(const char *path,
		    struct safefile_stamp *stamp);
bool		 safefile_stamp_same(const struct safefile_stamp *a,
		    const struct safefile_stamp *b);
enum safefile_status safefile_read(const char *path, size_t max, char **text,
		    size_t *len, struct safefile_stamp *stamp, char *err,
		    size_t errlen);
int		 safefile_lock(struct safefile *sf, const char *path,
		    char *err, size_t errlen);
void		 safefile_unlock(struct safefile *sf);
FILE		*safefile_create(struct safefile *sf, mode_t mode, char *err,
		    size_t errlen);
FILE		*safefile_create_keep(struct safefile *sf, mode_t mode,
		    char *err, size_t errlen);
int		 safefile_commit(struct safefile *sf, char *err,
		    size_t errlen);
int		 safefile_remove(struct safefile *sf,
		    const struct safefile_stamp *stamp, char *err,
		    size_t errlen);
int		 safefile_aside(struct safefile *sf,
		    const struct safefile_stamp *stamp, const char *why,
		    char *note, size_t notelen, char *err, size_t errlen);

int		 safefile_same_kind(const char *path, const char *magic,
		    const char *what, char *err, size_t errlen);

#define SAFEFILE_ASIDE_MAX	1000	/* PATH.corrupt-1 .. -1000 */

#endif
