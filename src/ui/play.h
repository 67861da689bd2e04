/* SPDX-License-Identifier: ISC */
/*
 * A game as the player sees it: the session (session.h: the level, the
 * game and where they came from; owned), the cursor, the tower kind chosen
 * for building or the power being aimed, the overlay being shown, the speed, pause, and the message
 * line. It knows nothing of terminals: keys
 * and clicks become struct game_cmd values given through play_command, the
 * very commands a script gives, and the screen is drawn from this state by
 * ui-draw.c.
 *
 * Before each frame play_prepare brings the view up to date: which enemy
 * to draw on each cell, the routes from the spawns (again after every
 * change of the map), the remaining waypoint paths of path-walking
 * enemies, and the route preview: what a tower under the cursor would do
 * to every spawn's route, or which spawns it would cut off. Every buffer
 * is allocated when the play is made, including the grid and field the
 * preview is worked out on, so no frame allocates.
 */
#ifndef WEIR_PLAY_H
#define WEIR_PLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "nav/field.h"
#include "core/game.h"
#include "nav/grid.h"
#include "core/level.h"
#include "nav/path.h"
#include "core/daily.h"
#include "core/record.h"
#include "core/scores.h"
#include "core/session.h"
#include "core/settings.h"

/* Bits of play.route for one map cell. */
#define PLAY_ROUTE_NOW		0x01	/* on a spawn's route now */
#define PLAY_ROUTE_PREVIEW	0x02	/* on it with a tower on the cursor */
#define PLAY_ROUTE_WAYPOINT	0x04	/* a waypoint of a spawn's route */
#define PLAY_ROUTE_ENEMY	0x08	/* on a path-walker's path ahead */
#define PLAY_ROUTE_ENEMY_WP	0x10	/* one of its waypoints */

/* The route preview for the cursor cell. */
enum play_preview {
	PLAY_PREVIEW_NONE,		/* the cursor is not on free ground */
	PLAY_PREVIEW_OPEN,		/* a tower would leave every way open */
	PLAY_PREVIEW_BLOCKS		/* it would cut a spawn or enemy off */
};

/*
 * What the cursor line is about, as the map draws the cursor's cell: the
 * power being aimed, else the hero (drawn over an enemy on its cell), an
 * enemy, a tower, or the ground and what building there would do.
 */
enum play_subject {
	PLAY_AT_POWER,
	PLAY_AT_HERO,
	PLAY_AT_ENEMY,
	PLAY_AT_TOWER,
	PLAY_AT_GROUND
};

/* Bits of play.range for one map cell (play-sight.c). */
#define PLAY_RANGE_NOW		0x01	/* in reach of the tower shown */
#define PLAY_RANGE_NEXT		0x02	/* ... at its next level */

#define PLAY_SPEED_MAX	8		/* 1x, 2x, 4x, 8x */
#define PLAY_MSG_MAX	512		/* bytes of a message: any start line whole */
#define PLAY_LOG_MAX	256		/* messages the log keeps */
#define PLAY_SIGHT_HOLD	5.0		/* seconds a first sight's line stays */
#define PLAY_LEAK_MARKS	32		/* leaks remembered to draw */
#define PLAY_LEAK_TICKS	(3 * GAME_RATE)	/* how long an exit is marked */
#define PLAY_LIVES_TICKS (GAME_RATE * 3 / 2) /* lives drawn alarmed */

/* A leak, kept a moment to mark the exit it left by. */
struct play_leak {
	int			 x, y;
	long			 tick;
};

/* One line of the message log. */
struct play_log {
	char			 text[PLAY_MSG_MAX];
	bool			 error;
	long			 tick;
	int			 times;		/* said this many times running */
};

#define PLAY_PATH_MAX	4096		/* bytes of the level's path */
#define PLAY_FX_TICKS	6		/* how long an attack is drawn */

struct play {
	struct session		*s;		/* owned: level, game, file; NULL
						   for a game only watched */
	struct level		*lv;		/* s->lv */
	struct game		*g;		/* s->g */
	char			 name[SCORES_NAME_MAX + 1]; /* for scores */
	int			 w, h;

	int			 cx, cy;	/* cursor */
	bool			 marked;	/* a line's or a box's first
						   corner is (mx, my) (play-batch.c) */
	int			 mx, my;
	bool			 quiet;		/* a batch's parts say nothing:
						   it says what they did */
	int			 tower;		/* kind chosen for building */
	int			 power;		/* power being aimed, or -1 */
	enum overlay_kind	 overlay;	/* drawn over the map */
	bool			 paused;
	bool			 held;		/* stopped while a box is open */
	int			 jump_spawn;	/* the next spawn a jump visits */
	int			 jump_exit;	/* ... and exit */
	int			 aim_mode;	/* enum settings_aim: what the
						   game does while p->power
						   is aimed */
	int			 speed;		/* 1, 2, 4 or 8 */

	/* The view, brought up to date by play_prepare. */
	int32_t			*enemy_at;	/* w * h: unit drawn there, -1 */
	int32_t			*shot_at;	/* w * h: shot drawn there, -1 */
	uint8_t			*fx_at;		/* w * h: 1 + the least tower
						   kind whose fresh attack
						   crossed it, 0 for none */
	enum game_reason	 verdict;	/* placing p->tower on the cursor,
						   or using p->power there */
	uint8_t			*route;		/* w * h: PLAY_ROUTE_* bits */
	struct point		*pathbuf;	/* room for any descended path */
	int			 pathmax;
	double			 routelen[LEVEL_MAX_SPAWNS];
	double			 maxdist;	/* largest finite distance */
	double			 huntmax;	/* ... of the hunt field */
	bool			 hero_selected;	/* clicked: the next click
						   sends it */
	unsigned		 route_gen;	/* game map_gen of the routes */
	bool			 routes_made;

	/* The preview: a tower on the cursor cell, on a copy of the grid. */
	struct grid		 pgrid;
	struct field		*pfield;
	enum play_preview	 preview;
	int			 px, py;	/* cell previewed, -1: none */
	unsigned		 pgen;		/* map_gen it was made for */
	bool			 pfield_ok;	/* pfield: the game's field, */
	unsigned		 pfield_gen;	/* ... at this map_gen, */
	int32_t			 pfield_cell;	/* ... with this cell blocked */
	struct reach_cut	*cut;		/* would a tower cut off */
	char			 lblocked[LEVEL_MAX_SPAWNS + 1]; /* spawns */
	int			 lx, ly;	/* ... a tower would cut off */
	unsigned		 lgen;		/* this cell, at this map_gen */
	double			 proutelen[LEVEL_MAX_SPAWNS];
	char			 pblocked[LEVEL_MAX_SPAWNS + 1]; /* labels */
	bool			 penemy;	/* it would cut an enemy off */
	int32_t			*sources;	/* spawn cells, then enemies */
	int			 nspawn_cells;
	int32_t			*scratch;	/* reach_*: 2 ints a cell */

	/*
	 * What the player sees besides the map (play-sight.c): the reach
	 * of the tower on the cursor or the one to build, how many towers
	 * cover each cell, the last leaks, the bell and the message log.
	 */
	uint8_t			*range;		/* w * h: PLAY_RANGE_* */
	int			 rx0, ry0, rx1, ry1; /* box range marks */
	uint8_t			*cover_ground;	/* w * h: towers reaching */
	uint8_t			*cover_air;
	bool			 cover_stale;	/* towers changed since */
	struct play_leak	 leaks[PLAY_LEAK_MARKS];
	int			 nleaks;	/* total ever; ring index mod */
	long			 lives_tick;	/* last leak, -1: none */
	bool			 bell;		/* ring the bell on a leak */
	int			 bell_due;	/* leaks not rung for yet */
	struct play_log		*log;		/* PLAY_LOG_MAX, a ring */
	int			 nlog;		/* total ever kept */

	bool			 met[ENEMY_NKINDS];	/* kinds sent in
						   this game (the first of
						   each is explained) */
	/*
	 * What becomes of the game: its recording, made as it is played
	 * (NULL when the level cannot be recorded, or the game is only
	 * watched); a daily game's date and rule; whether it goes on no
	 * board (taken over from a replay, a daily game's practice) and
	 * whether leaving it ends it instead of saving it (its level is no
	 * file, or it is a daily game).
	 */
	struct recorder		*rec;
	struct daily		 daily;		/* daily.text "" when not */
	bool			 unscored;
	bool			 unsaved;

	char			 msg[PLAY_MSG_MAX];	/* "" when none */
	bool			 msg_error;	/* it says why something failed */
	bool			 msg_sight;	/* it is the first sight of
						   enemy kind msg_kind */
	int			 msg_kind;
	bool			 msg_start;	/* it starts the game (the
						   HUD may say it shorter) */
	long			 msg_tick;
	/*
	 * A first sight's line stays PLAY_SIGHT_HOLD seconds of real time
	 * (now, fed by the screen; 0 when no screen watches, and nothing
	 * is held) over the messages of keys, which go to the log only; an
	 * error, a wave begun or cleared, the end, a prompt that says what
	 * the next key does (play_sight_release) or another first sight
	 * takes its place.
	 */
	double			 now;		/* seconds, the screen's clock */
	double			 sight_from;	/* when it came; < 0: none */
};

/* The forms of the start message, longest first (play_start_as). */
#define PLAY_START_NFORMS	3

struct play	*play_new(struct session *s, const char *name);
struct play	*play_watch(struct level *lv, struct game *g, const char *name);
void		 play_event(void *arg, const struct game_event *ev);
void		 play_seeked(struct play *p);
void		 play_start_as(const struct play *p, int form, char *buf,
		    size_t size);
void		 play_resume_as(const struct play *p, char *buf, size_t size);
struct play	*play_open(const char *path, const char *name, uint64_t seed,
		    char *err, size_t errlen);
struct play	*play_open_opts(const char *path, const char *name,
		    uint64_t seed, const struct game_opts *o, char *err,
		    size_t errlen);
void		 play_board(const struct play *p, char *buf, size_t size);
struct play	*play_load(const char *save, char *err, size_t errlen);
void		 play_free(struct play *p);
int		 play_save(const struct play *p, const char *path,
		    const struct safefile_stamp *known, char *err,
		    size_t errlen);
void		 play_level_name(char *dst, size_t size, const char *path);

enum game_reason play_command(struct play *p, const struct game_cmd *c);
bool		 play_picks_target(int kind);
void		 play_tick(struct play *p);
void		 play_prepare(struct play *p);

void		 play_move(struct play *p, int dx, int dy);
void		 play_set_cursor(struct play *p, int x, int y);
void		 play_choose(struct play *p, int tower);
void		 play_choose_power(struct play *p, int power);
void		 play_cycle_overlay(struct play *p);
void		 play_toggle_pause(struct play *p);
double		 play_rate(const struct play *p);
bool		 play_aim_holds(const struct play *p);
void		 play_jump(struct play *p, int view);
void		 play_cycle_speed(struct play *p);
void		 play_keep_speed(struct play *p, int speed);
void		 play_message(struct play *p, bool error, const char *fmt, ...)
		     __attribute__((format(printf, 3, 4)));
bool		 play_sight_holds(const struct play *p);
void		 play_sight_release(struct play *p);

/* play-batch.c */
void		 play_mark(struct play *p);
void		 play_mark_at(struct play *p, int x, int y);
void		 play_unmark(struct play *p);
enum game_reason play_batch(struct play *p, const struct game_cmd *c);
enum game_reason play_line(struct play *p);
enum game_reason play_upgrade_box(struct play *p);
enum game_reason play_upgrade_kind(struct play *p);
bool		 play_marks(const struct play *p, int x, int y);
void		 play_mark_words(const struct play *p, char *buf, size_t size);

/* play-sight.c */
void		 play_sight_new(struct play *p);
void		 play_sight_free(struct play *p);
void		 play_sight_event(struct play *p, const struct game_event *ev);
/* Whether a tower on (x, y) would cut a spawn (labels) or an enemy off. */
bool		 play_would_block(struct play *p, int x, int y, char *labels,
		    bool *enemy);
void		 play_spawn_list(const char *labels, char *buf, size_t size);
void		 play_sight_prepare(struct play *p);
void		 play_log_add(struct play *p, bool error, const char *text);
const struct play_log *play_log_line(const struct play *p, int k);
int		 play_log_count(const struct play *p);
bool		 play_leak_marked(const struct play *p, int x, int y);
bool		 play_lives_alarm(const struct play *p);
void		 play_toggle_bell(struct play *p);
void		 play_cursor_near(struct play *p, int x, int y);

const struct game_tower *play_tower(const struct play *p);
int		 play_enemy(const struct play *p);
bool		 play_hero_at(const struct play *p, int x, int y);
enum play_subject play_cursor_subject(const struct play *p);
bool		 play_kind_met(const struct play *p, int kind);
const char	*play_terrain_name(const struct play *p, int x, int y);
char		 play_spawn_label(const struct play *p, int x, int y);

/* Index of map cell (x, y) in the unpadded per-cell arrays. */
static inline size_t
play_cell(const struct play *p, int x, int y)
{
	return (size_t)y * (size_t)p->w + (size_t)x;
}

#endif
