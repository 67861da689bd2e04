/* SPDX-License-Identifier: ISC */
/*
 * Levels as plain data. A level is a w x h map of terrain, the cells enemies
 * enter by (spawns, each named by a letter A..Z) and leave by (exits), the
 * starting purse, and a list of waves; each wave is a list of groups of one
 * enemy type leaving one spawn at a fixed spacing. Times are whole
 * milliseconds so that a level means the same thing on every machine.
 *
 * level_parse reads the text format (weir-level 1, see README.md); it never
 * exits and never crashes on any input, and on failure it writes exactly one
 * message "NAME:LINE:COL: what was expected" to the caller's buffer. The
 * Moving AI importer (movingai.h) builds the same structure from .map files.
 *
 * One level is one allocation plus its terrain array; level_free frees both.
 */
#ifndef WEIR_LEVEL_H
#define WEIR_LEVEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grid.h"
#include "kinds.h"

#define LEVEL_FORMAT_VERSION	1	/* the N of "weir-level N" read here */

/* Limits of the format; every one is checked, with a message. */
#define LEVEL_TITLE_MAX		64	/* bytes of title */
#define LEVEL_DESC_MAX		256	/* bytes of description */
#define LEVEL_GOLD_MAX		1000000	/* starting gold 0..this */
#define LEVEL_LIVES_MAX		1000	/* starting lives 1..this */
#define LEVEL_SLOW_DEFAULT	3	/* cost of '~' when no "slow" key */
#define LEVEL_HP_MIN		10	/* "hp PCT": enemies' hit points, */
#define LEVEL_HP_MAX		1000	/* percent of their kinds', ... */
#define LEVEL_HP_DEFAULT	100	/* ... this when no "hp" key */
#define LEVEL_MAX_SPAWNS	26	/* spawns A..Z */
#define LEVEL_SPAWN_CELLS	64	/* cells one spawn may cover */
#define LEVEL_EXIT_CELLS	1024	/* exit cells, <= FIELD_MAX_GOALS */
#define LEVEL_MAX_WAVES		100	/* waves in a level */
#define LEVEL_MAX_GROUPS	16	/* groups in one wave */
#define LEVEL_COUNT_MAX		1000	/* enemies in one group 1..this */
#define LEVEL_EVERY_MAX_MS	60000	/* spacing inside a group 0..60 s */
#define LEVEL_AFTER_MAX_MS	3600000	/* any delay 0..3600 s */
#define LEVEL_FILE_MAX		4194304	/* bytes of level text (4 MiB) */

/* What a map cell is. */
enum level_terrain {
	LEVEL_WALL,		/* '#': blocks, cannot be built on */
	LEVEL_GROUND,		/* '.': cost 1, buildable */
	LEVEL_ROAD,		/* '=': cost 1, not buildable */
	LEVEL_SLOW,		/* '~': cost slow_cost, not buildable */
	LEVEL_SPAWN,		/* 'A'..'Z': cost 1, not buildable */
	LEVEL_EXIT		/* '>': cost 1, not buildable */
};
#define LEVEL_NTERRAINS	(LEVEL_EXIT + 1)

/* A terrain as files and the editor name it; a spawn's glyph is its letter. */
struct level_terrain_type {
	const char	*name;
	char		 glyph;		/* in the map block ('A' for spawns) */
	const char	*about;		/* one line for the editor */
};
extern const struct level_terrain_type level_terrain_types[LEVEL_NTERRAINS];

struct level_point {
	int	x, y;
};

struct level_spawn {
	char			label;		/* 'A'..'Z' */
	int			ncells;		/* 1..LEVEL_SPAWN_CELLS */
	struct level_point	cells[LEVEL_SPAWN_CELLS];	/* row-major */
};

struct level_group {
	enum enemy_kind	enemy;
	int			count;		/* 1..LEVEL_COUNT_MAX */
	char			from;		/* spawn label */
	int			spawn;		/* index into level.spawns */
	int			every_ms;	/* between two enemies */
	int			after_ms;	/* from the wave's start */
};

struct level_wave {
	int			after_ms;	/* calm before the wave */
	int			ngroups;	/* 1..LEVEL_MAX_GROUPS */
	struct level_group	groups[LEVEL_MAX_GROUPS];
};

struct level {
	char			title[LEVEL_TITLE_MAX + 1];
	char			description[LEVEL_DESC_MAX + 1];
	int			gold;
	int			lives;
	bool			diagonal;	/* 8-connected movement */
	int			slow_cost;	/* cost of LEVEL_SLOW, 2..9 */
	int			hp_pct;		/* enemies' hit points, percent */

	int			w, h;		/* at most GRID_MAX_W, _H */
	uint8_t			*terrain;	/* w * h, row-major */

	int			nspawns;	/* sorted by label */
	struct level_spawn	spawns[LEVEL_MAX_SPAWNS];
	int			nexits;		/* row-major order */
	struct level_point	exits[LEVEL_EXIT_CELLS];

	int			nwaves;
	struct level_wave	waves[LEVEL_MAX_WAVES];

	bool			has_hero;	/* 'hero X Y' was given */
	struct level_point	hero;		/* where the hero starts */
};

struct level	*level_parse(const char *name, const char *text, size_t len,
		     char *err, size_t errlen);
struct level	*level_load(const char *path, char *err, size_t errlen);
struct level	*level_parse_draft(const char *name, const char *text,
		    size_t len, char *err, size_t errlen);
#define LEVEL_MAX_ERRORS	20	/* errors --check gives a file, at most */
int		 level_check_all(const char *name, const char *text,
		     size_t len, void (*sink)(void *, const char *), void *arg,
		     int max);
void		 level_free(struct level *l);

struct level	*level_alloc(int w, int h);
char		*level_read_file(const char *path, size_t *lenp, char *err,
		     size_t errlen);

enum level_terrain level_terrain_at(const struct level *l, int x, int y);
int		 level_cost(const struct level *l, int x, int y);
bool		 level_buildable(const struct level *l, int x, int y);
void		 level_build_grid(const struct level *l, struct grid *g);
struct grid	*level_new_grid(const struct level *l);
int		 level_spawn_index(const struct level *l, char label);
int		 level_total_enemies(const struct level *l);
int		 level_glyph_terrain(int c);


#endif
