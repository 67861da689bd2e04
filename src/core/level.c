/* SPDX-License-Identifier: ISC */
/*
 * A level once read (level.h has the model): the terrains of the map
 * block, making and freeing a level, reading a level file's bytes, and the
 * questions the game, the editor and the screen ask of a level's cells:
 * terrain, cost, whether a tower may stand there, the grid they make. The
 * parser that fills a level is level-parse.c, with each statement's
 * reader in level-keys.c.
 */
#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grid.h"
#include "level.h"
#include "safefile.h"
#include "util.h"

/* The terrains of the map block, by enum level_terrain. */
const struct level_terrain_type level_terrain_types[LEVEL_NTERRAINS] = {
	[LEVEL_WALL] = { "wall", '#', "blocks; nothing is built on it" },
	[LEVEL_GROUND] = { "ground", '.', "walkable, towers can be built" },
	[LEVEL_ROAD] = { "road", '=', "walkable, nothing is built on it" },
	[LEVEL_SLOW] = { "marsh", '~', "walkable at the 'slow' cost" },
	[LEVEL_SPAWN] = { "spawn", 'A', "enemies enter: a letter A to Z" },
	[LEVEL_EXIT] = { "exit", '>', "enemies leave: each costs lives" },
};

/* An empty level of w x h cells, all wall (w, h may be 0 while parsing). */
struct level *
level_alloc(int w, int h)
{
	struct level	*l = xcalloc(1, sizeof *l);

	l->w = w;
	l->h = h;
	l->diagonal = true;
	l->slow_cost = LEVEL_SLOW_DEFAULT;
	l->hp_pct = LEVEL_HP_DEFAULT;
	if (w > 0 && h > 0)
		l->terrain = xcalloc((size_t)w * (size_t)h, 1);
	return l;
}

/*
 * Read a whole file of at most LEVEL_FILE_MAX bytes into a NUL-terminated
 * buffer; on failure write "PATH: reason" to err and return NULL.
 */
char *
level_read_file(const char *path, size_t *lenp, char *err, size_t errlen)
{
	FILE	*f;
	char	*buf;
	size_t	 n = 0, cap = 65536, got;
	int	 fd;

	if ((fd = safefile_open(path, err, errlen)) < 0)
		return NULL;	/* regular files only: a FIFO would block */
	if ((f = fdopen(fd, "rb")) == NULL) {
		snprintf(err, errlen, "%s: cannot open: %s", path,
		    strerror(errno));
		close(fd);
		return NULL;
	}
	buf = xmalloc(cap + 1);
	for (;;) {
		if (n == cap) {
			if (cap > LEVEL_FILE_MAX) {
				snprintf(err, errlen, "%s: too large: at most "
				    "%d bytes", path, LEVEL_FILE_MAX);
				goto fail;
			}
			cap *= 2;
			buf = xrealloc(buf, cap + 1, 1);
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: cannot read: %s", path,
		    strerror(errno));
		goto fail;
	}
	if (n > LEVEL_FILE_MAX) {
		snprintf(err, errlen, "%s: too large: at most %d bytes", path,
		    LEVEL_FILE_MAX);
		goto fail;
	}
	fclose(f);
	buf[n] = '\0';
	*lenp = n;
	return buf;
fail:
	fclose(f);
	free(buf);
	return NULL;
}

/* Free a level. */
void
level_free(struct level *l)
{
	if (l == NULL)
		return;
	free(l->terrain);
	free(l);
}

/* Terrain of map cell (x, y); LEVEL_WALL off the map. */
enum level_terrain
level_terrain_at(const struct level *l, int x, int y)
{
	if (x < 0 || y < 0 || x >= l->w || y >= l->h)
		return LEVEL_WALL;
	return (enum level_terrain)l->terrain[(size_t)y * (size_t)l->w + x];
}

/* Movement cost of map cell (x, y) as the grid holds it; 0 for walls. */
int
level_cost(const struct level *l, int x, int y)
{
	switch (level_terrain_at(l, x, y)) {
	case LEVEL_WALL:
		return 0;
	case LEVEL_SLOW:
		return l->slow_cost;
	default:
		return 1;
	}
}

/* Whether a tower may stand on map cell (x, y): open ground only. */
bool
level_buildable(const struct level *l, int x, int y)
{
	return level_terrain_at(l, x, y) == LEVEL_GROUND;
}

/* Fill g, already made l->w x l->h, with the level's costs and movement. */
void
level_build_grid(const struct level *l, struct grid *g)
{
	int	x, y;

	assert(g->w == l->w && g->h == l->h);
	g->diagonal = l->diagonal;
	for (y = 0; y < l->h; y++) {
		for (x = 0; x < l->w; x++)
			g->cost[grid_index(g, x, y)] =
			    (uint8_t)level_cost(l, x, y);
	}
}

/* A new grid holding the level's costs. */
struct grid *
level_new_grid(const struct level *l)
{
	struct grid	*g = grid_new(l->w, l->h, l->diagonal);

	level_build_grid(l, g);
	return g;
}

/* Index into l->spawns of the spawn labelled label, or -1. */
int
level_spawn_index(const struct level *l, char label)
{
	int	i;

	for (i = 0; i < l->nspawns; i++) {
		if (l->spawns[i].label == label)
			return i;
	}
	return -1;
}

/* The terrain map glyph c stands for, or -1 if it is not a map glyph. */
int
level_glyph_terrain(int c)
{
	int	t;

	if (c >= 'A' && c <= 'Z')
		return LEVEL_SPAWN;
	for (t = 0; t < LEVEL_NTERRAINS; t++) {
		if (t != LEVEL_SPAWN && level_terrain_types[t].glyph == c)
			return t;
	}
	return -1;
}

/* Enemies in all waves together. */
int
level_total_enemies(const struct level *l)
{
	int	w, g, n = 0;

	for (w = 0; w < l->nwaves; w++) {
		for (g = 0; g < l->waves[w].ngroups; g++)
			n += l->waves[w].groups[g].count;
	}
	return n;
}
