/* SPDX-License-Identifier: ISC */
/*
 * The installed levels. Each file is parsed once when the list is made, so
 * the title screen can show titles and sizes and tell a broken level apart
 * before anyone tries to play it.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/rate.h"
#include "core/safefile.h"
#include "core/session.h"
#include "nav/util.h"
#include "ui/catalog.h"

/* Whether name (len bytes) names a level the way LEVEL arguments do. */
static bool
catalog_plain_name(const char *name, size_t len)
{
	return len <= SCORES_NAME_MAX && session_level_name(name, len);
}

/* The rating after a level's name in the order file, or -1 if none. */
static int
catalog_rating(const char *s)
{
	char	*end;
	long	 v;

	while (*s == ' ' || *s == '\t')
		s++;
	if (*s < '0' || *s > '9')
		return -1;
	v = strtol(s, &end, 10);
	if (v > RATE_UNBEATEN || (*end != '\0' && !strchr(" \t\r\n", *end)))
		return -1;
	return (int)v;
}

/*
 * Give every level the order file names its place in the campaign and
 * its rating, when the line gives one ("NAME RATING", weir --rate).
 */
static void
catalog_order(struct catalog *c, const char *dir)
{
	char	 path[CATALOG_PATH_MAX], line[256];
	FILE	*f;
	size_t	 len;
	int	 i, fd, rank = 0, rating;

	snprintf(path, sizeof path, "%s/%s", dir, CATALOG_ORDER_FILE);
	if ((fd = safefile_open(path, line, sizeof line)) < 0)
		return;		/* none, or not a regular file */
	if ((f = fdopen(fd, "r")) == NULL) {
		close(fd);
		return;
	}
	while (fgets(line, sizeof line, f) != NULL) {
		char *hash = strchr(line, '#'), *s = line;

		if (hash != NULL)
			*hash = '\0';
		while (*s == ' ' || *s == '\t')
			s++;
		len = strcspn(s, " \t\r\n");
		if (len == 0)
			continue;
		rating = catalog_rating(s + len);
		s[len] = '\0';
		for (i = 0; i < c->n; i++) {
			if (strcmp(c->v[i].name, s) == 0 && c->v[i].rank == 0) {
				c->v[i].rank = ++rank;
				c->v[i].rating = rating;
				break;
			}
		}
	}
	fclose(f);
	c->nranked = rank;
}

/* qsort order: the campaign's first, in order, then the rest by title. */
static int
catalog_cmp(const void *pa, const void *pb)
{
	const struct catalog_level	*a = pa, *b = pb;
	int				 c;

	if (a->rank != 0 && b->rank != 0)
		return a->rank - b->rank;
	if (a->rank != 0 || b->rank != 0)
		return a->rank != 0 ? -1 : 1;
	if ((c = strcmp(a->title, b->title)) != 0)
		return c;
	return strcmp(a->name, b->name);
}

/*
 * List the levels in dir into c (emptied first). -1 with err if the
 * directory cannot be read; a level that does not load is listed with
 * its error.
 */
int
catalog_load(struct catalog *c, const char *dir, char *err, size_t errlen)
{
	struct dirent	*de;
	struct level	*lv;
	DIR		*d;
	int		 size = 0;

	catalog_free(c);
	if ((d = opendir(dir)) == NULL) {
		snprintf(err, errlen, "%s: cannot read the level directory",
		    dir);
		return -1;
	}
	while ((de = readdir(d)) != NULL && c->n < CATALOG_MAX) {
		struct catalog_level	*cl;
		size_t			 len = strlen(de->d_name);

		if (len <= 5 || strcmp(de->d_name + len - 5, ".weir") != 0 ||
		    !catalog_plain_name(de->d_name, len - 5))
			continue;
		if (c->n == size) {
			size = size == 0 ? 16 : size * 2;
			c->v = xrealloc(c->v, (size_t)size, sizeof *c->v);
		}
		cl = &c->v[c->n++];
		memset(cl, 0, sizeof *cl);
		cl->rating = -1;
		snprintf(cl->name, sizeof cl->name, "%.*s", (int)(len - 5),
		    de->d_name);
		snprintf(cl->path, sizeof cl->path, "%s/%s", dir, de->d_name);
		if ((lv = level_load(cl->path, cl->err, sizeof cl->err)) ==
		    NULL) {
			snprintf(cl->title, sizeof cl->title, "%s", cl->name);
			continue;
		}
		snprintf(cl->title, sizeof cl->title, "%s", lv->title);
		snprintf(cl->description, sizeof cl->description, "%s",
		    lv->description);
		cl->w = lv->w;
		cl->h = lv->h;
		cl->nwaves = lv->nwaves;
		cl->enemies = level_total_enemies(lv);
		cl->hp_pct = lv->hp_pct;
		level_free(lv);
	}
	closedir(d);
	catalog_order(c, dir);
	if (c->n > 1)
		qsort(c->v, (size_t)c->n, sizeof *c->v, catalog_cmp);
	return 0;
}

/*
 * Fill in every level's best score, stars and whether it has been won,
 * on the board of the setting (scores_board).
 */
void
catalog_scores(struct catalog *c, const struct scores *s,
    const char *difficulty, bool endless)
{
	const struct score	*best;
	char			 board[SCORES_NAME_MAX + 1];
	int			 i;

	for (i = 0; i < c->n; i++) {
		struct catalog_level *cl = &c->v[i];

		scores_board(board, sizeof board, cl->name, difficulty,
		    endless);
		best = scores_best(s, board);
		cl->has_best = best != NULL;
		cl->best = best != NULL ? best->score : 0;
		cl->completed = scores_completed(s, board);
		cl->stars = scores_stars(s, board);
	}
}

/* Free the list. */
void
catalog_free(struct catalog *c)
{
	free(c->v);
	c->v = NULL;
	c->n = c->nranked = 0;
}

/*
 * What the title screen says of level cl: its fault, or its description
 * with its size, waves and enemies, and how much tougher than their kinds
 * its enemies are when the level says (hp), since the bestiary gives a
 * kind's own hit points; and, with no rating, why it has none.
 */
void
catalog_about(const struct catalog_level *cl, char *buf, size_t size)
{
	char	tough[64] = "";

	if (cl->err[0] != '\0') {
		snprintf(buf, size, "%s", cl->err);
		return;
	}
	if (cl->hp_pct != 100)
		snprintf(tough, sizeof tough, ", each with %d%% of its kind's "
		    "hit points", cl->hp_pct);
	snprintf(buf, size, "%s (%d x %d, %d wave%s, %d enem%s%s)%s",
	    cl->description, cl->w, cl->h, cl->nwaves, cl->nwaves == 1 ? "" :
	    "s", cl->enemies, cl->enemies == 1 ? "y" : "ies", tough,
	    cl->rating < 0 ? "; unrated: the campaign file gives it no "
	    "measured difficulty (weir --rate measures one)" : "");
}
