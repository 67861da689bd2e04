/* SPDX-License-Identifier: ISC */
/*
 * The recordings weir keeps: $XDG_STATE_HOME/weir/recordings/ (default
 * ~/.local/state/weir/recordings/), one file a game, named by when it
 * ended and its level, YYYYMMDD-HHMMSS-LEVEL.rec (UTC; "-2", "-3", ...
 * before ".rec" when two end in the same second). A name is taken by
 * creating the file exclusively, so no recording is ever written over
 * another. The directory keeps the RECORD_KEEP newest games and the best
 * of each board (record_board: a level at a setting, or a daily game);
 * record_prune removes the rest, and only files that read as recordings.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "record.h"
#include "save.h"
#include "util.h"

/*
 * The recordings directory into buf: $XDG_STATE_HOME/weir/recordings (a
 * relative XDG_STATE_HOME is ignored: ~/.local/state). With make_dir,
 * create it. -1 when there is no home to put it in.
 */
int
record_dir(char *buf, size_t len, bool make_dir)
{
	int	n = save_xdg_path(buf, len, "XDG_STATE_HOME", ".local/state",
		    "recordings/", make_dir);

	if (n < 0)
		return -1;
	buf[n - 1] = '\0';	/* no '/' at the end */
	return 0;
}

/* Whether name ends in RECORD_EXT (and has something before it). */
static bool
record_is_file_name(const char *name)
{
	size_t	n = strlen(name), e = strlen(RECORD_EXT);

	return n > e && name[0] != '.' && strcmp(name + n - e, RECORD_EXT) == 0;
}

/* The entry of the list a recording read from path makes. */
static void
record_entry(struct record_entry *e, const char *path,
    const struct recording *r)
{
	memset(e, 0, sizeof *e);
	snprintf(e->path, sizeof e->path, "%s", path);
	record_board(r, e->board, sizeof e->board);
	snprintf(e->level_name, sizeof e->level_name, "%s", r->level_name);
	snprintf(e->title, sizeof e->title, "%s", r->title);
	snprintf(e->daily, sizeof e->daily, "%s", r->daily);
	e->map = r->map;
	e->level_hash = save_hash(r->level_text, r->level_len);
	e->opts = r->opts;
	e->result = r->result;
	e->score = r->score;
	e->stars = r->stars;
	e->waves_cleared = r->waves_cleared;
	e->ticks = r->ticks;
	e->when = r->when;
}

/* qsort order: newest first, then by path (a later name first). */
static int
record_newest_first(const void *pa, const void *pb)
{
	const struct record_entry	*a = pa, *b = pb;

	if (a->when != b->when)
		return a->when > b->when ? -1 : 1;
	return -strcmp(a->path, b->path);
}

/* Add the recording at path to l if it reads as one. */
static void
record_list_add(struct record_list *l, const char *path, int *size)
{
	struct recording	*r;
	char			 err[RECORD_MSG_MAX];

	if ((r = record_read(path, err, sizeof err)) == NULL) {
		l->unreadable++;
		return;
	}
	if (l->n == *size) {
		*size = *size == 0 ? 64 : *size * 2;
		l->v = xrealloc(l->v, (size_t)*size, sizeof *l->v);
	}
	record_entry(&l->v[l->n++], path, r);
	record_free(r);
}

/*
 * The recordings in dir, newest first, into l (files that do not read as
 * recordings are only counted, in l->unreadable). -1 if dir cannot be
 * opened (a missing directory is an empty list).
 */
int
record_list(const char *dir, struct record_list *l)
{
	struct dirent	*de;
	DIR		*d;
	char		 path[SAFEFILE_PATH_MAX];
	int		 size = 0, n;

	memset(l, 0, sizeof *l);
	if ((d = opendir(dir)) == NULL)
		return errno == ENOENT ? 0 : -1;
	while ((de = readdir(d)) != NULL) {
		if (!record_is_file_name(de->d_name))
			continue;
		n = snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		if (n > 0 && (size_t)n < sizeof path)
			record_list_add(l, path, &size);
	}
	closedir(d);
	if (l->n > 1)
		qsort(l->v, (size_t)l->n, sizeof *l->v, record_newest_first);
	return 0;
}

/* Free a list. */
void
record_list_free(struct record_list *l)
{
	free(l->v);
	memset(l, 0, sizeof *l);
}

/*
 * Whether a is a better game than b: a win above every defeat (as the
 * score boards rank them), then the score, then the newer.
 */
bool
record_better(const struct record_entry *a, const struct record_entry *b)
{
	if ((a->result == RECORD_WON) != (b->result == RECORD_WON))
		return a->result == RECORD_WON;
	if (a->score != b->score)
		return a->score > b->score;
	return a->when > b->when;
}

/* Mark in keep[] the best entry of every board. */
static void
record_mark_best(const struct record_list *l, bool *keep)
{
	int	i, k, best;

	for (i = 0; i < l->n; i++) {
		best = i;
		for (k = 0; k < l->n; k++) {
			if (strcmp(l->v[k].board, l->v[i].board) == 0 &&
			    record_better(&l->v[k], &l->v[best]))
				best = k;
		}
		keep[best] = true;
	}
}

/*
 * Keep in dir the keep newest recordings and the best of each board;
 * remove the others (only files that read as recordings are ever
 * removed). The number removed, or -1 with err when dir cannot be read.
 */
int
record_prune(const char *dir, int keep, char *err, size_t errlen)
{
	return record_prune_but(dir, keep, NULL, err, errlen);
}

/*
 * record_prune, never removing the recording at path (one just kept, which
 * is named to the player whatever the dates of the others: recordings
 * dated later than the clock, the clock set back or files copied in).
 */
int
record_prune_but(const char *dir, int keep, const char *path, char *err,
    size_t errlen)
{
	struct record_list	 l;
	bool			*kept;
	int			 i, removed = 0;

	if (record_list(dir, &l) != 0) {
		snprintf(err, errlen, "%s: cannot list: %s", dir,
		    strerror(errno));
		return -1;
	}
	kept = xcalloc(l.n > 0 ? (size_t)l.n : 1, sizeof *kept);
	for (i = 0; i < l.n && i < keep; i++)
		kept[i] = true;
	record_mark_best(&l, kept);
	for (i = 0; i < l.n; i++) {
		if (path != NULL && strcmp(l.v[i].path, path) == 0)
			continue;
		if (!kept[i] && unlink(l.v[i].path) == 0)
			removed++;
	}
	free(kept);
	record_list_free(&l);
	return removed;
}

/*
 * Take a new file's name in dir for a game of level name ended at when:
 * created empty and exclusively, so that no other recording has it. Its
 * path into buf; -1 with err if none can be had.
 */
static int
record_new_name(const char *dir, const char *name, int64_t when, char *buf,
    size_t len, char *err, size_t errlen)
{
	time_t		t = (time_t)when;
	struct tm	tm;
	char		stamp[32], suffix[8] = "";
	int		i, fd, n;

	if (gmtime_r(&t, &tm) == NULL)
		memset(&tm, 0, sizeof tm);
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
	for (i = 1; i < 100; i++) {
		if (i > 1)
			snprintf(suffix, sizeof suffix, "-%d", i);
		n = snprintf(buf, len, "%s/%s-%s%s%s", dir, stamp, name, suffix,
		    RECORD_EXT);
		if (n < 0 || (size_t)n >= len)
			break;
		if ((fd = open(buf, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW,
		    0600)) >= 0) {
			close(fd);
			return 0;
		}
		if (errno != EEXIST)
			break;
	}
	snprintf(err, errlen, "%s: cannot make a recording's file: %s", dir,
	    n < 0 || (size_t)n >= len ? "name too long" : strerror(errno));
	return -1;
}

/*
 * Keep the recording of game g, ended at when, in the recordings
 * directory dir (made if need be), then prune it to RECORD_KEEP and the
 * best of each board. Its path into path; -1 with err if it could not be
 * written (pruning that fails is not an error: the game is kept).
 */
int
record_keep(const char *dir, struct recorder *rc, const struct game *g,
    int64_t when, char *path, size_t pathlen, char *err, size_t errlen)
{
	char	mk[SAFEFILE_PATH_MAX + 2], why[RECORD_MSG_MAX];

	snprintf(mk, sizeof mk, "%s/", dir);
	if (save_mkdirs(mk) != 0) {
		snprintf(err, errlen, "%s: cannot make the directory: %s", dir,
		    strerror(errno));
		return -1;
	}
	if (record_new_name(dir, rc->rec.level_name, when, path, pathlen, err,
	    errlen) != 0)
		return -1;
	if (recorder_write(rc, g, when, path, err, errlen) != 0) {
		unlink(path);
		return -1;
	}
	record_prune_but(dir, RECORD_KEEP, path, why, sizeof why);
	return 0;
}
