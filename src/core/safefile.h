/* SPDX-License-Identifier: ISC */
/*
 * The files weir keeps for a player, the high scores and the saved game,
 * are never written in place. A writer takes an exclusive flock on
 * PATH.lock, writes the new file to PATH.tmp, flushes it to disk, renames
 * it over PATH and flushes the directory, then removes the lock file and
 * lets go of it. A reader sees the old file or the new one, whole.
 *
 * The temporary file has a fixed name, used only under the lock: a writer
 * killed halfway leaves PATH.tmp (and PATH.lock) behind, and the next
 * writer removes it before writing its own, so no stray file outlives the
 * next write. A lock file is removed by its holder, so a locker checks,
 * once it holds the lock, that the file it locked is still the one at
 * PATH.lock, and tries again if not.
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
 * Only regular files are read, written or replaced. A path holding a
 * device, a FIFO, a socket, a directory or (for writing) a symbolic link
 * is refused with "PATH: not a regular file", before any lock is made
 * beside it, and a file is opened for reading without ever waiting (a
 * FIFO with no writer would block the open for ever).
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
	char	 lock[SAFEFILE_PATH_MAX + 8];	/* PATH.lock */
	char	 tmp[SAFEFILE_PATH_MAX + 8];	/* PATH.tmp */
	int	 lockfd;			/* -1 when not held */
	FILE	*f;				/* PATH.tmp, while written */
};

int		 safefile_open(const char *path, char *err, size_t errlen);
enum safefile_status safefile_read(const char *path, size_t max, char **text,
		    size_t *len, struct safefile_stamp *stamp, char *err,
		    size_t errlen);
int		 safefile_lock(struct safefile *sf, const char *path,
		    char *err, size_t errlen);
void		 safefile_unlock(struct safefile *sf);
FILE		*safefile_create(struct safefile *sf, mode_t mode, char *err,
		    size_t errlen);
int		 safefile_commit(struct safefile *sf, char *err,
		    size_t errlen);
int		 safefile_remove(struct safefile *sf,
		    const struct safefile_stamp *stamp, char *err,
		    size_t errlen);
int		 safefile_aside(struct safefile *sf,
		    const struct safefile_stamp *stamp, const char *why,
		    char *note, size_t notelen, char *err, size_t errlen);

#define SAFEFILE_ASIDE_MAX	1000	/* PATH.corrupt-1 .. -1000 */

#endif
