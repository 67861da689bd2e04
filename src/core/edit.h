/* SPDX-License-Identifier: ISC */
/*
 * The level editor's model and operations, with no terminal in sight. An
 * edit holds a level as its author sees it: the map as glyphs (one byte a
 * cell: # . = ~ > or a spawn letter), the settings and the waves, none of
 * which need be valid while drawing. Every change is a step on an undo
 * list that has no limit: a stroke of cells (paint, a drag, a filled
 * rectangle) or a change of settings and waves, undone and redone by
 * swapping what it holds with what is there.
 *
 * Beside the map the edit keeps the engine's view of it: a grid, and a
 * field with the exits as goals, which every painted cell repairs
 * (repair.h) rather than rebuilds. edit_refresh reads the problems the
 * level checker would find (every one, each with where it is) and each
 * spawn's route off it.
 *
 * Saving keeps what the author wrote. The file the edit came from is kept
 * as text and its lines are sorted into statements: each setting, each map
 * row, each wave line and each group line. edit_text copies every line
 * whose statement says the same thing as when the file was read, rewrites
 * those that changed where they stand, drops those whose thing is gone,
 * and puts new ones after their neighbours (a new setting after the one
 * before it in the usual order, a new group after its wave's last group, a
 * new wave after the last wave). Comments, blank lines, spacing and the
 * order of sections stay as they were. A level with no source (new, or a
 * Moving AI map) is written in the usual order.
 *
 * Opening reads any file whose text is a level file's, even one that
 * cannot be played (no spawn, a spawn cut off, no waves: what a save "with
 * its problems" writes); edit_refresh then lists what is wrong. The edit
 * remembers the file it was read from or last saved to (its path, stamp
 * and the hash of its bytes), so edit_disk_check can tell that another
 * program changed it since, and edit_save_as refuses to write over such a
 * change, or over another file, unless told to (EDIT_SAVE_FORCE), and says
 * why a save failed so that another path can be offered (edit-file.c).
 *
 * Recovery: when the editor must stop with unsaved work (a signal, a lost
 * terminal), edit_recover_write puts the level's text in a recovery file,
 * $XDG_STATE_HOME/weir/recover/ESCAPED.weir (default ~/.local/state/...),
 * ESCAPED being the level file's resolved path with every byte but letters,
 * digits, '.', '-' and '_' written %XX ("/home/ann/my.weir" is
 * %2Fhome%2Fann%2Fmy.weir.weir; a path whose name would be too long keeps
 * its end and a hash of the whole). edit_recover_find finds it when that
 * file is next opened, edit_recover_open makes an edit of it (unsaved, to
 * be saved over the file), and a save of that edit removes it. A recovery
 * file's last line, a comment, records the level file as the edit knew it
 * (stamp and hash, or none): edit_recover_check tells whether another
 * program changed it since, and the recovered edit's save asks before
 * writing over such a change as any save does. Two
 * editors stopped on one level keep two files (the second ESCAPED~2.weir,
 * and so on), offered one after the other; a save removes only the
 * recovery file its edit was made from, never another editor's.
 */
#ifndef WEIR_EDIT_H
#define WEIR_EDIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "field.h"
#include "safefile.h"
#include "game.h"
#include "grid.h"
#include "level.h"
#include "path.h"
#include "rate.h"

#define EDIT_MSG_MAX	160	/* bytes of one problem's message */
#define EDIT_NEW_MIN	4	/* smallest side of a new map */

/* The settings and the waves: what a form edits, as one undo step. */
struct edit_meta {
	char			title[LEVEL_TITLE_MAX + 1];
	char			description[LEVEL_DESC_MAX + 1]; /* "": none */
	int			gold;
	int			lives;
	bool			diagonal;	/* movement 8 */
	int			slow_cost;
	int			hp_pct;		/* "hp" */
	bool			has_hero;
	int			hero_x, hero_y;
	int			nwaves;
	struct level_wave	waves[LEVEL_MAX_WAVES];	/* groups' spawn
							   unused: from */
};

/* One problem the checker finds, and where: a cell, a wave, a setting. */
struct edit_problem {
	int		x, y;		/* map cell, or -1 */
	int		wave, group;	/* 0-based, or -1 */
	char		msg[EDIT_MSG_MAX];
};

/* A spawn's way out, as the field has it. */
struct edit_route {
	char		label;
	int		x, y;		/* the cell it is measured from
					   (level_route_from) */
	int		cells;		/* cells of the spawn */
	double		length;		/* cells of route; INFINITY: none */
	int		steps;		/* cells on the route drawn */
};

/* Route marks, per cell. */
#define EDIT_ROUTE_ON	0x1	/* on some spawn's route */
#define EDIT_ROUTE_BAD	0x2	/* a problem is at this cell */

/* What edit_disk_check found at the edit's file. */
enum edit_disk {
	EDIT_DISK_SAME,		/* as read or saved last (or the same bytes) */
	EDIT_DISK_CHANGED,	/* other bytes: another program changed it */
	EDIT_DISK_GONE,		/* removed since it was read */
	EDIT_DISK_NEW,		/* the edit had no file there; there is one */
	EDIT_DISK_ERROR		/* it could not be read: err says why */
};

/* What edit_save_as did; nothing is written unless EDIT_SAVE_OK. */
enum edit_save {
	EDIT_SAVE_OK,		/* written */
	EDIT_SAVE_CHANGED,	/* the edit's own file changed on disk since
				   it was read (or appeared): ask, then force */
	EDIT_SAVE_EXISTS,	/* another file is at that path: ask, then
				   force */
	EDIT_SAVE_FAILED	/* cannot be written there (err says why: no
				   permission, a read-only place, a symbolic
				   link, not a regular file, no room): offer
				   another path */
};

#define EDIT_SAVE_FORCE	0x1	/* edit_save_as: write over what is there */

/* What the bot's game on the level came to. */
struct edit_trial {
	enum game_state	state;		/* GAME_WON or GAME_LOST, or
					   GAME_PLAYING when cut off */
	int		lives, lives_start;
	int		waves_cleared, waves_total;
	long		ticks;
	int		rating;		/* measured difficulty (rate.h):
					   0..100 or RATE_UNBEATEN */
	int		strategy;	/* the bot_strategies row that
					   needs least, -1: none wins */
};

/*
 * The bot's trial played a slice of ticks at a time (edit_trial plays it
 * at once): the bot's own game, then the rating's (struct rate_run). A
 * screen steps it between key reads, shows how far it got and may stop
 * it at any time: t has the game's figures once it is over, the rating
 * lies above rate.lo and at or below rate.hi.
 */
struct edit_run {
	const struct level	*lv;		/* kept until edit_run_free */
	struct game		*g;		/* the bot's game; NULL: over */
	struct bot		*b;
	long			 max;		/* its ticks at most */
	long			 game_ticks;	/* a game's length, about */
	long			 ticks;		/* played in all */
	long			 practice;	/* ... of them the bot's practice
						   before its game (bot.h) */
	struct edit_trial	 t;		/* rating -1 until known */
	struct rate_run		 rate;
};

struct edit_line;
struct edit_step;

struct edit {
	int			 w, h;
	uint8_t			*map;		/* w * h glyphs */
	struct edit_meta	 m;

	/* The engine's view, repaired cell by cell. */
	struct grid		*grid;
	struct field		*field;
	bool			 too_many_exits; /* some exit is not a goal */

	/* What edit_refresh found; valid until the next change. */
	bool			 stale;
	struct edit_problem	*problems;
	int			 nproblems, problems_cap;
	uint8_t			*marks;		/* w * h, EDIT_ROUTE_* */
	struct edit_route	 routes[LEVEL_MAX_SPAWNS];
	int			 nroutes;

	/* Undo: steps[0..nsteps) done, [nsteps..ntotal) undone. */
	struct edit_step	*steps;
	int			 nsteps, ntotal, cap;
	int			 stroke;	/* open stroke's step, or -1 */
	bool			 batch;		/* painting without repair */
	int			 saved_at;	/* nsteps when last saved */
	bool			 changed;	/* something was ever done */

	/* The source text, and what its statements said when read. */
	char			*src;
	size_t			 srclen;
	struct edit_line	*lines;
	int			 nlines;
	bool			 crlf;
	uint8_t			*orig_map;
	int			 orig_w, orig_h;
	struct edit_meta	*orig;

	/* Scratch for routes. */
	struct point		*scratch;

	/* The file it was read from or saved to last (edit-file.c). */
	char			*path;		/* NULL: none */
	bool			 on_disk;	/* disk and disk_hash are its */
	struct safefile_stamp	 disk;
	uint64_t		 disk_hash;	/* save_hash of its bytes */
	char			*recovered;	/* the recovery file it was
						   made from, NULL */
};

/* Making and reading. */
struct edit	*edit_new(int w, int h, const char *title);
struct edit	*edit_from_level(const struct level *lv);
struct edit	*edit_parse(const char *name, const char *text, size_t len,
		    char *err, size_t errlen);
void		 edit_free(struct edit *e);

/* The map. */
uint8_t		 edit_get(const struct edit *e, int x, int y);
bool		 edit_glyph_ok(int glyph);
void		 edit_begin(struct edit *e);
bool		 edit_paint(struct edit *e, int x, int y, int glyph);
void		 edit_end(struct edit *e);
int		 edit_fill(struct edit *e, int x0, int y0, int x1, int y1,
		    int glyph);
bool		 edit_resize(struct edit *e, int w, int h);

/* Settings and waves: change a copy, then set it as one step. */
bool		 edit_set_meta(struct edit *e, const struct edit_meta *m);

/* Undo and redo. */
bool		 edit_undo(struct edit *e);
bool		 edit_redo(struct edit *e);
bool		 edit_can_undo(const struct edit *e);
bool		 edit_can_redo(const struct edit *e);
bool		 edit_modified(const struct edit *e);

/* What the level is like now. */
void		 edit_refresh(struct edit *e);
int		 edit_field_cost(const struct edit *e, int glyph);

/* Writing. */
char		*edit_text(const struct edit *e, size_t *lenp);
struct level	*edit_level(const struct edit *e, char *err, size_t errlen);
void		 edit_saved(struct edit *e, char *text, size_t len);
size_t		 edit_seconds(char *buf, size_t size, int ms);

/* Its file: opening, saving, save-as, recovery (edit-file.c). */
struct edit	*edit_load(const char *path, char *err, size_t errlen);
int		 edit_save(struct edit *e, const char *path, char *err,
		    size_t errlen);
enum edit_disk	 edit_disk_check(const struct edit *e, const char *path,
		    char *err, size_t errlen);
enum edit_save	 edit_save_as(struct edit *e, const char *path, int flags,
		    char *err, size_t errlen);
void		 edit_set_file(struct edit *e, const char *path,
		    const char *text, size_t len);
int		 edit_recover_path(const char *path, char *buf, size_t len);
int		 edit_recover_write(const struct edit *e, const char *path,
		    char *where, size_t wlen, char *err, size_t errlen);
bool		 edit_recover_find(const char *path, char *buf, size_t len);
struct edit	*edit_recover_open(const char *path, const char *rec,
		    char *err, size_t errlen);
enum edit_disk	 edit_recover_check(const char *path, const char *rec,
		    char *err, size_t errlen);
int		 edit_recover_remove(const char *path);

#define EDIT_RECOVER_FILES	100	/* recovery files a level keeps */

/* Playing it: the bot's trial, at once or a slice at a time. */
void		 edit_trial(const struct level *lv, uint64_t seed,
		    struct edit_trial *t);
void		 edit_run_init(struct edit_run *r, const struct level *lv,
		    uint64_t seed);
bool		 edit_run_step(struct edit_run *r, long ticks);
long		 edit_run_estimate(const struct edit_run *r);
void		 edit_run_free(struct edit_run *r);

#endif
