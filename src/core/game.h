/* SPDX-License-Identifier: ISC */
/*
 * The game: one level being played. It owns the cost grid (terrain plus
 * towers), the flow field from the exits, the towers, and one crowd of
 * steering agents holding the enemies and the shots in flight; it runs the
 * waves, the economy and the rules, one fixed step of 1/GAME_RATE seconds
 * per game_tick.
 *
 * Everything a player can do is a command (struct game_cmd) given between
 * two ticks through game_command, whether it comes from a key, a script or
 * the bot; every accepted command is logged with its tick so a saved game
 * is the level, the seed and that log (save.h); a refused one changes
 * nothing and is left out, so refusals cannot swell a save. Whatever
 * happens is reported as an event (struct game_event) to the callback the
 * caller sets; traces and every message the UI shows are made from those.
 *
 * Deterministic: the game's own generator (seeded by the caller) is the
 * only source of chance, ticks are fixed steps, and the same level, seed
 * and commands give the same game bit for bit. Every pool is sized when the
 * game is made from its level; game_tick allocates nothing.
 *
 * Placing is refused (enum game_reason) off the map, off open ground, on a
 * tower or on a ground enemy (its disc overlapping the cell at all; flyers
 * do not count), without the gold, when it would leave a spawn or a ground
 * enemy where it stands with no way to any exit, or past GAME_MAX_TOWERS.
 * Accepted placements and sales repair the field at once (repair.h). An
 * attacking tower may be built on a wall: the wall becomes that tower in
 * place for the difference in price, and the field does not change (the
 * cell stays blocked).
 *
 * Undo takes back the latest placement (and, again, the one before, up to
 * GAME_UNDO_MAX) for all the gold paid for it, until a wave begins or an
 * enemy comes within the tower's range (a wall's: GAME_UNDO_WALL_REACH).
 * A tower built on a wall turns back into the wall.
 *
 * Drawing: the enemies and shots in flight are units[0..nunits) with their
 * agents[i] (pos, look for the heading to draw, radius), kind telling the
 * two apart and, for enemies, type, mover, hp and max_hp; the towers are
 * towers[0..ntowers) where used, or game_tower_at(x, y); fx[] remembers
 * the last instant attacks (beams, chains, pulses). game_next_wave tells what comes next and when. None of it
 * is to be written by the caller: commands and game_tick change the game.
 * At most GAME_MAX_ENEMIES enemies are out at once; a wave holds back the
 * rest until some are gone.
 *
 * Powers (game-power.c) are commands too: free, aimed at a cell, each
 * then cooling down; a strike hurts at once, a barrier blocks its cell
 * (the field repaired as for a tower, when it rises and when it falls),
 * a freeze slows enemies on its disc while it lasts.
 *
 * The hero (a level's 'hero X Y') is a unit of the crowd the player sends
 * about with a command; the hunt field, whose one goal is the hero's cell,
 * is kept valid as it moves (hunt.h), and hunting kinds follow it
 * (game-hero.c).
 *
 * Endless games score only waves survived and kills
 * (GAME_SCORE_ENDLESS_WAVE, GAME_SCORE_ENDLESS_KILL), so the board ranks
 * how long the defence held, then how many fell.
 *
 * Economy. Gold: the level's purse; a kill pays the enemy's bounty, a wave
 * cleared pays GAME_CLEAR_GOLD + GAME_CLEAR_GOLD_WAVE x its number, calling
 * a wave early pays GAME_EARLY_GOLD a whole second of calm skipped, a sale
 * returns TOWER_REFUND_PCT of what the tower cost. Score (GAME_SCORE_*):
 *   10 x bounty of every kill + 50 x waves cleared
 *   + 5 x seconds skipped by early calls + 100 x lives left at a win.
 */
#ifndef WEIR_GAME_H
#define WEIR_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "enemy.h"
#include "field.h"
#include "grid.h"
#include "level.h"
#include "path.h"
#include "reach.h"
#include "steer.h"
#include "tower.h"

#define GAME_RATE		30	/* ticks a second */
#define GAME_SPLASH_SHARE	2	/* full hits a burst holds, shared among
				   more enemies than this (game-combat.c) */
#define GAME_DT			(1.0 / GAME_RATE)
#define GAME_MAX_ENEMIES	2048	/* alive at once, at most */
#define GAME_MAX_SHOTS		1024	/* in flight at once, at most */
#define GAME_MAX_TOWERS		8192	/* standing at once, at most */
#define GAME_PATH_MAX		64	/* waypoints an enemy keeps */
#define GAME_SHOT_LIFE		(4 * GAME_RATE)	/* a shot's longest flight */
#define GAME_CLEAR_GOLD		10	/* wave-clear bonus ... */
#define GAME_CLEAR_GOLD_WAVE	5	/* ... plus this times its number */
#define GAME_EARLY_GOLD		1	/* per second of calm skipped */
#define GAME_SCORE_BOUNTY	10	/* score a kill: times its bounty */
#define GAME_SCORE_WAVE		50	/* score a wave cleared */
#define GAME_SCORE_EARLY_S	5	/* score a second skipped calling early */
#define GAME_SCORE_LIFE		100	/* score a life left at a win */
#define GAME_SCORE_ENDLESS_WAVE	1000	/* endless: a wave survived ... */
#define GAME_SCORE_ENDLESS_KILL	1	/* ... and a kill; nothing else */
#define GAME_FX_MAX		64	/* instant attacks remembered to draw */
#define GAME_COORD_MAX		1000000000 /* |x|, |y| a command may give */
#define GAME_BY_HERO		(-2)	/* a kill's tower kind: the hero */
#define GAME_STUN_CRAWL_PCT	2	/* a stunned enemy's speed, percent */
#define GAME_HOPELESS_S		20	/* no headway this long: lifted on */
#define GAME_SLACK_TICKS	(10L * 3600 * GAME_RATE) /* game_max_ticks:
					   ten hours past the last wave */
#define GAME_UNDO_MAX		16	/* placements undo remembers */
#define GAME_UNDO_WALL_REACH	1.5	/* cells: an enemy this near a new
					   wall ends its undo */
#define GAME_BY_POWER		(-3)	/* a kill's tower kind: power 0; power
					   k is GAME_BY_POWER - k */

/* The hero: a ground unit the player sends about; it fights back. */
#define GAME_HERO_HP		300	/* hit points */
#define GAME_HERO_REGEN		3	/* hit points back a second */
#define GAME_HERO_DAMAGE	16	/* a strike, before armour */
#define GAME_HERO_RANGE		1.6	/* cells, centre to centre */
#define GAME_HERO_RELOAD	15	/* ticks between two strikes */
#define GAME_HERO_SPEED		2.2	/* cells a second */
#define GAME_HERO_RADIUS	0.3
#define GAME_HERO_DOWN_S	8	/* seconds down when it falls */
#define GAME_HERO_REACH		0.25	/* a hunter bites this near its rim */

/* Why a command was refused (GAME_OK when it was not). */
enum game_reason {
	GAME_OK,
	GAME_OUT_OF_MAP,	/* "out of map" */
	GAME_NOT_BUILDABLE,	/* "not buildable": not open ground */
	GAME_OCCUPIED,		/* "occupied": a tower or a ground enemy */
	GAME_NO_GOLD,		/* "not enough gold" */
	GAME_WOULD_BLOCK,	/* "would block": cuts a spawn or enemy off */
	GAME_NO_TOWER,		/* "no tower": nothing to upgrade, sell, aim */
	GAME_MAX_LEVEL,		/* "max level": no upgrade left */
	GAME_NO_TARGETING,	/* "cannot target": a wall does not shoot */
	GAME_NO_WAVES,		/* "no more waves" */
	GAME_TOWER_LIMIT,	/* "tower limit": GAME_MAX_TOWERS standing */
	GAME_ENDED,		/* "game over" */
	GAME_BAD_COMMAND,	/* "bad command": unknown type or mode */
	GAME_NO_HERO,		/* "no hero": the level has none */
	GAME_NOT_WALKABLE,	/* "cannot walk there": wall, tower, cut off */
	GAME_NO_UNDO,		/* "nothing to undo": no placement to take back */
	GAME_UNDO_WAVE,		/* "a wave has begun since": undo is over */
	GAME_UNDO_SEEN,		/* "an enemy came in range": undo is over */
	GAME_COOLING,		/* "cooling down": a power not ready yet */
	GAME_NOT_TOP,		/* "not top level": specialise first upgrades */
	GAME_WRONG_SPEC,	/* "wrong specialisation": not of this kind */
	GAME_SPECIALISED,	/* "already specialised" */
	GAME_NREASONS
};

struct hunt;
struct route;

struct game_cmd {
	long			tick;	/* when it was given (set by the game) */
	enum game_cmd_type	type;
	int			tower;	/* PLACE: enum tower_kind */
	int			x, y;	/* not WAVE */
	int			mode;	/* TARGET: enum tower_target */
	int			power;	/* POWER: enum power_kind */
	int			spec;	/* SPECIALISE: spec_lookup's number */
	int			x2, y2;	/* LINE, UPGRADE_AREA: the other end */
};

/*
 * What a command of many parts did (game-batch.c): a line is a placement
 * a cell, an upgrade of a kind or of a box an upgrade a tower, each
 * carried out or refused on its own, logged and reported as if given
 * alone.
 */
struct game_batch {
	int			 tried;	/* parts given */
	int			 done;	/* ... carried out */
	int			 refused; /* ... refused */
	int			 skipped; /* towers left alone: at the top */
	enum game_reason	 first;	/* the first refusal, GAME_OK: none */
	int			 first_x, first_y; /* ... its cell */
	int			 gold;	/* what the parts carried out cost */
};

enum game_event_type {
	GAME_EV_PLACE,		/* tower, x, y, gold = cost; value: 1 when
				   built on a wall (paying the difference) */
	GAME_EV_UPGRADE,	/* tower, x, y, level, gold = cost */
	GAME_EV_SPECIALISE,	/* tower, x, y, mode = spec, gold = cost */
	GAME_EV_SPLIT,		/* id (the parent), enemy, x, y, value =
				   pieces sent */
	GAME_EV_SELL,		/* tower, x, y, gold = refund */
	GAME_EV_TARGET,		/* tower, x, y, mode */
	GAME_EV_REJECT,		/* cmd, reason, x, y (-1 for WAVE) */
	GAME_EV_WAVE,		/* wave (1-based), early, gold = bonus */
	GAME_EV_SPAWN,		/* id, enemy, wave, x, y */
	GAME_EV_KILL,		/* id, enemy, tower = by what, gold = bounty */
	GAME_EV_LEAK,		/* id, enemy, x, y of the cell it left
				   by, lives lost in value */
	GAME_EV_CLEAR,		/* wave cleared, gold = bonus */
	GAME_EV_END,		/* the game is over: read the summary */
	GAME_EV_HERO_ORDER,	/* x, y: where the hero is sent */
	GAME_EV_HERO_HIT,	/* id, enemy bit it; value = hit points
				   lost, level = hit points left */
	GAME_EV_HERO_FALL,	/* x, y where it fell; value = seconds down */
	GAME_EV_HERO_RETURN,	/* x, y: back at its start */
	GAME_EV_UNSTICK,	/* id, enemy, x, y: the cell it was lifted
				   to after GAME_HOPELESS_S without headway
				   (a flyer's: its exit's) */
	GAME_EV_UNDO,		/* tower, x, y, gold = refund; level: 1 when
				   a wall stands there again, else 0 */
	GAME_EV_POWER,		/* power, x, y; value = enemies it touched */
	GAME_EV_POWER_END	/* power, x, y: its effect is over (a
				   barrier falls, a freeze thaws) */
};

struct game_event {
	enum game_event_type	 type;
	long			 tick;
	enum game_cmd_type	 cmd;	/* REJECT */
	enum game_reason	 reason; /* REJECT */
	int			 tower;	/* tower kind, -1 when none */
	int			 enemy;	/* enemy type */
	int			 id;	/* enemy id */
	int			 x, y;
	int			 level;	/* UPGRADE: the new level (1-based) */
	int			 mode;	/* TARGET */
	int			 wave;	/* 1-based */
	int			 gold;	/* cost, refund, bounty or bonus */
	int			 value;	/* LEAK: lives lost */
	bool			 early;	/* WAVE: called before its time */
	int			 power;	/* POWER*, REJECT: the power, or -1 */
};

typedef void game_event_fn(void *arg, const struct game_event *ev);

enum game_state {
	GAME_PLAYING,
	GAME_WON,
	GAME_LOST
};

enum game_unit_kind {
	GAME_UNIT_ENEMY,
	GAME_UNIT_SHOT,
	GAME_UNIT_HERO
};

/*
 * An enemy or a shot; units[i] goes with agents[i] of the crowd, and both
 * arrays keep spawn order. The steering agent holds the position,
 * velocity and heading; a unit the rest.
 */
struct game_unit {
	enum game_unit_kind	 kind;
	int			 id;		/* enemy: unique, from 1 */
	int			 type;		/* enemy type, or tower kind */
	bool			 dead;		/* gone at the end of the tick */

	/* Enemies. */
	enum enemy_mover	 mover;
	int			 hp, max_hp;
	int			 armour;
	int			 wave;		/* 1-based, which wave sent it */
	double			 speed;		/* unslowed top speed */
	int			 slow_pct;	/* speed kept while slowed */
	int			 slow_ticks;	/* slow left */
	int			 panic_ticks;	/* skulker: flight left */
	int			 boss;		/* escort: boss's id, 0 when none */
	int			 slot;		/* escort: formation slot */
	int			 pathslot;	/* path mover: its waypoint buffer */
	double			 togo;		/* route left to an exit, cells */
	struct vec		 anchor;	/* where it last made headway */
	int			 stall;		/* ticks without headway */
	int			 squeeze;	/* ticks left ignoring others */
	const struct field	*goal_field;	/* what best was measured on */
	unsigned		 goal_gen;	/* ... and when (game_goal_gen) */
	double			 best;		/* least route left to its goal */
	int			 lost;		/* ticks since best last fell */
	bool			 sated;		/* hunter: felled the hero */
	int			 bite;		/* hunter: ticks to its next bite */
	bool			 loose;		/* escort: out of formation */
	int			 shield;	/* shield points left */
	int			 heal_cd;	/* healer: ticks to its next */
	int			 stun_ticks;	/* stopped dead this long */
	int			 expose_pct;	/* takes this much more damage */
	int			 expose_ticks;	/* ... this long */
	bool			 revealed;	/* hidden, but seen this tick */

	/* Shots. */
	int			 damage;
	double			 splash;
	int			 hits;		/* TOWER_GROUND | TOWER_AIR */
	int			 target;	/* enemy id it chases, 0 when none */
	int			 life;		/* ticks left */
	int			 tower;		/* index of the tower that fired */
	int			 spec;		/* its specialisation, or -1 */
};

struct game_tower {
	bool			 used;
	int			 type;		/* enum tower_kind */
	int			 level;		/* 1..nlevels */
	int			 spec;		/* specialisation, -1: none */
	int			 x, y;
	int			 mode;		/* enum tower_target */
	int			 cooldown;	/* ticks until it may attack */
	int			 kills;		/* enemies it finished */
	long			 damage;	/* hit points it took off */
	double			 aim;		/* radians of its last attack */
};

/*
 * A placement undo can take back: the tower's slot, the gold paid for it
 * (placement, upgrades and a specialisation since) and the kind it was
 * built over (a wall, or -1) with that wall as it stood; gone says why it
 * can be undone no more (GAME_OK while it can).
 */
struct game_undo {
	int			 slot;
	int			 paid;
	int			 over;
	struct game_tower	 before;	/* the wall, when over >= 0 */
	enum game_reason	 gone;
};

/* Pieces of a split enemy, sent at the end of the tick it died in. */
struct game_birth {
	struct vec		 pos;		/* where the parent died */
	int			 kind;		/* enemy kind of the pieces */
	int			 count;
	int			 wave;		/* the parent's, 1-based */
	int			 parent;	/* its id */
};

/* An instant attack, kept a moment for drawing. */
struct game_fx {
	long			 tick;
	int			 tower;		/* kind */
	struct vec		 from, to;
	double			 radius;	/* pulse: its range */
};

/*
 * How a game is played besides its level and seed. A difficulty setting
 * scales the level's numbers (kinds.h, struct difficulty_type). Endless:
 * when the level's own waves are out, GAME_ENDLESS_WAVES more follow,
 * made from the seed by game_endless_wave (game-wave.c); surviving them
 * all wins. GAME_OPTS_INIT is the level as written.
 */
struct game_opts {
	bool			 sandbox;	/* unlimited gold */
	enum game_difficulty	 difficulty;
	bool			 endless;
};
#define GAME_OPTS_INIT		{ .sandbox = false, .difficulty = DIFF_NORMAL, \
				  .endless = false }
#define GAME_ENDLESS_WAVES	500	/* waves after the level's own */
#define GAME_ENDLESS_NEW_EVERY	4	/* a kind more every this many waves */
#define GAME_ENDLESS_CALM_MS	8000	/* calm before a made wave */
#define GAME_STARS_3_PCT	90	/* lives kept for three stars */
#define GAME_STARS_2_PCT	50	/* ... and for two */

/*
 * A power's state: its cooldown, and its effect while it lasts (a barrier
 * standing on its cell, a freeze on its disc). One slot a kind, in the
 * game itself: a power's cooldown is never shorter than its effect, so
 * the slot is free again before it can be used again.
 */
struct game_power {
	int			 cooldown;	/* ticks until it may be used */
	int			 left;		/* ticks its effect lasts yet */
	int			 x, y;		/* where it was last aimed */
};

struct game {
	const struct level	*lv;		/* not owned */
	int			 w, h;
	enum game_state		 state;
	long			 tick;		/* steps taken */
	bool			 sandbox;	/* unlimited gold */
	enum game_difficulty	 difficulty;
	bool			 endless;
	uint64_t		 seed;		/* the one it was made with */
	struct steer_rng	 rng;

	int			 gold, lives, score;
	int			 killed, leaked;
	int			 leaked_by[ENEMY_NKINDS]; /* leaks of each kind */
	int			 bounty;	/* gold earned from kills */
	int			 income;	/* gold ever had: the purse at the
					   start and every gold earned */
	int			 early_s;	/* seconds skipped */

	/* The map: terrain costs plus a blocked cell under every tower. */
	struct grid		 grid;
	struct field		*field;		/* from the exits */
	int32_t			*goals;		/* exit cells, padded indices */
	int			 ngoals;
	int32_t			*sources;	/* spawn cells + ground enemies */
	int			 nspawn_cells;
	int32_t			*scratch;	/* reach_*, 2 ints a cell */
	struct reach_cut	*cut;		/* the placement check's */
	struct point		*descend;	/* room for any descended path */
	int			 descend_max;
	struct path_memo	*plans;		/* next waypoints on g->field */
	unsigned		 map_gen;	/* bumped on every map change */
	unsigned		 hunt_gen;	/* bumped when the hunt's goal moves */
	int			 unstuck;	/* enemies lifted on (GAME_EV_UNSTICK) */

	/* Towers. */
	struct game_tower	*towers;
	int			 max_towers;
	int			 ntowers;	/* highest slot used + 1 */
	int			 nstanding;
	int32_t			*tower_at;	/* w * h: slot or -1 */
	struct steer_circle	*circles;	/* towers, for flyers */

	/* Enemies and shots. */
	struct steer_crowd	*crowd;
	struct steer_type	 steer[ENEMY_NSTEER];
	struct steer_agent	*agents;
	struct game_unit	*units;
	int			 nunits, max_units;
	int			 nenemies, nshots;
	int			 max_enemies;
	int			 next_id;
	struct point		*paths;		/* GAME_PATH_MAX per slot */
	int			*free_paths;
	int			 nfree_paths;
	int32_t			*remap;		/* compaction scratch */
	/* One tick's look-ups (game-enemy.c): shots by their target's id, */
	int32_t			*chase_key;	/* hash slot: an id, 0 if none */
	int32_t			*chase_head;	/* its first shot */
	int32_t			*chase_next;	/* per unit: the next shot */
	int			 chase_mask;	/* slots - 1 */
	bool			 chase_ok;	/* built this tick */
	int32_t			 boss_of[LEVEL_MAX_WAVES + 1];	/* by wave */
	bool			 boss_ok;	/* built this tick */
	struct game_blockers	*blockers;	/* who stands where (game-map.c) */
	int			*spawn_turn;	/* per spawn: next cell */
	struct spatial_hits	*near;		/* healers' neighbour queries */
	struct game_birth	*births;	/* pieces due at the tick's end */
	int			 nbirths, max_births;

	/* Waves: the level's, then (endless) the made ones. */
	const struct level_wave	*waves;		/* [nwaves] */
	struct level_wave	*made_waves;	/* owned, endless only */
	int			 level_waves;	/* the level's own */
	int			 nwaves;
	int			 next_wave;	/* index of the next to start */
	long			 next_wave_at;	/* its tick, -1 while unknown */
	long			*wave_start;	/* per wave: tick, -1 not yet */
	int			*wave_sent;	/* per wave: enemies sent */
	int			*wave_total;	/* per wave: enemies in it */
	int			*wave_alive;	/* per wave: out and alive */
	bool			*wave_done;	/* per wave: cleared */
	int			*group_sent;	/* per wave x group */
	int			 waves_cleared;

	/* What the UI shows. */
	struct game_fx		 fx[GAME_FX_MAX];
	int			 nfx;		/* total ever; ring index mod */

	/* The command log, for saved games. */
	/*
	 * The hero (a unit of the crowd while it stands) and the hunt:
	 * a field whose one goal is the hero's cell, kept valid as it moves
	 * (hunt.h); the hero's walk is a route query (route.h).
	 */
	bool			 has_hero;
	int			 hero;		/* its unit, -1 while down */
	int			 hero_hp;
	int			 hero_down;	/* ticks until it returns */
	int			 hero_cooldown;	/* ticks until it may strike */
	int			 hero_kills;
	struct point		 hero_cell;	/* the hunt field's goal */
	struct point		 hero_order;	/* where it walks; x -1: none */
	struct field		*hunt;		/* goal: the hero's cell */
	struct hunt		*chase;		/* its upkeep; chase->f == hunt */
	struct route		*hero_route;	/* the walk's path queries */
	bool			 hero_replan;	/* cut its path at the next step */
	int32_t			*hunt_cells;	/* 4 a unit: round each hunter */
	struct point		*hero_path;	/* GAME_PATH_MAX waypoints */
	int32_t			*hero_walk;	/* w * h: the cells it will enter */

	/* Powers (game-power.c): a slot each, no allocation. */
	struct game_power	 powers[POWER_NKINDS];
	int			 power_kills;	/* enemies powers killed */

	struct game_cmd		*log;
	int			 nlog, log_size;

	/* Undo: the latest placements, oldest first (game-undo.c). */
	struct game_undo	 undo[GAME_UNDO_MAX];
	int			 nundo;
	enum game_reason	 undo_none;	/* why there is none: no
						   placement, or a wave */

	game_event_fn		*on_event;
	void			*event_arg;
};

/* The summary a headless run prints last. */
struct game_summary {
	enum game_state		 state;
	int			 waves_cleared, waves_total;
	int			 lives, gold, score;
	int			 killed, leaked;
	long			 ticks;
	int			 income;	/* gold ever had */
};

struct game	*game_new(const struct level *lv, uint64_t seed, bool sandbox);
struct game	*game_new_opts(const struct level *lv, uint64_t seed,
		     const struct game_opts *o);
int		 game_stars(const struct game *g);
int		 game_start_lives(const struct game *g);
void		 game_endless_wave(const struct level *lv, uint64_t seed,
		     int n, struct level_wave *out);
int		 game_enemy_total(const struct level *lv);
void		 game_free(struct game *g);
int		 game_copy(struct game *dst, const struct game *src);
void		 game_set_events(struct game *g, game_event_fn *fn, void *arg);

/* Commands: the same for keys, scripts and the bot. */
enum game_reason game_command(struct game *g, const struct game_cmd *c);
enum game_reason game_command_batch(struct game *g, const struct game_cmd *c,
		     struct game_batch *b);
int		 game_line_cells(int x0, int y0, int x1, int y1);
void		 game_line_cell(int x0, int y0, int x1, int y1, int k, int *x,
		     int *y);
bool		 game_line_has(int x0, int y0, int x1, int y1, int x, int y);
enum game_reason game_place(struct game *g, int tower, int x, int y);
enum game_reason game_upgrade(struct game *g, int x, int y);
enum game_reason game_sell(struct game *g, int x, int y);
enum game_reason game_target(struct game *g, int x, int y, int mode);
enum game_reason game_call_wave(struct game *g);
enum game_reason game_specialise(struct game *g, int x, int y, int spec);
void		 game_tower_stats(const struct game_tower *tw,
		     struct tower_stats *st);
const struct tower_spec *game_tower_spec(const struct game_tower *tw);
bool		 game_tower_detects(const struct game_tower *tw);
int		 game_tower_refund(const struct game_tower *tw);
bool		 game_enemy_hidden(const struct game *g, int i);
enum game_reason game_check_place(struct game *g, int tower, int x, int y);
int		 game_place_cost(const struct game *g, int tower, int x, int y);
bool		 game_builds_over(const struct game *g, int tower, int x, int y);
enum game_reason game_undo(struct game *g);
enum game_reason game_check_undo(const struct game *g);
enum game_reason game_use_power(struct game *g, int power, int x, int y);
enum game_reason game_check_power(struct game *g, int power, int x, int y);
int		 game_densest(const struct game *g, double r, int hits, int *x,
		    int *y);

/* The simulation. */
void		 game_tick(struct game *g);
bool		 game_over(const struct game *g);
void		 game_summary(const struct game *g, struct game_summary *s);

/* Questions for drawing and for the bot. */
const struct game_tower *game_tower_at(const struct game *g, int x, int y);
const struct level_wave *game_next_wave(const struct game *g, int *number,
		     long *ticks_left);
int		 game_wave_count(const struct game *g, int wave, int *counts);
int		 game_group_sent(const struct game *g, int wave, int group);
bool		 game_wave_sending(const struct game *g, int wave);
int		 game_enemies_to_come(const struct game *g);
int		 game_income(const struct game *g);
int		 game_enemy_hp(const struct game *g, int kind, int wave);
long		 game_max_ticks(const struct game *g);
int		 game_endless_cleared(const struct game *g);
long		 game_wave_eta(const struct game *g, int wave);
bool		 game_kind_seen(const struct game *g, int kind);
bool		 game_enemy_blocks_cell(const struct game *g, int x, int y);
bool		 game_hero_blocks_cell(const struct game *g, int x, int y);
int		 game_barrier_at(const struct game *g, int x, int y);
bool		 game_in_power(const struct game *g, int power, int x, int y,
		     struct vec p);
void		 game_units_moved(struct game *g);
enum game_reason game_order_hero(struct game *g, int x, int y);
const struct steer_agent *game_hero_agent(const struct game *g);
bool		 game_hunting(const struct game *g, int i);
const char	*game_reason_name(enum game_reason r);
const char	*game_state_name(enum game_state s);
uint64_t	 game_hash(const struct game *g);
uint64_t	 game_fnv(uint64_t h, const void *p, size_t n);
uint64_t	 game_fnv_ints(uint64_t h, const int *v, int n);
uint64_t	 game_fnv_u64(uint64_t h, uint64_t v);
uint64_t	 game_fnv_double(uint64_t h, double d);

#endif
