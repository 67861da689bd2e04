/* SPDX-License-Identifier: ISC */
/*
 * The registry: one row per kind of tower, enemy, targeting mode, command
 * and overlay, holding everything that tells the kind apart: its name (the
 * word scripts, level files and traces use), glyph, colour, key, help line,
 * the built-in player's hints and its stats. Everything else is derived
 * from the rows: keys and help on screen, the words a script or a level
 * takes and the lists its error messages give, the bot's choices, colours.
 * A _Static_assert beside each table catches a kind without a row.
 *
 * Adding a tower kind: an enum value below and a row in kinds.c; new code
 * only when its attack is new (game-combat.c). Adding an enemy kind: the
 * same, with its steering in enemy.c. A tower's two specialisations and an
 * enemy's abilities (traits and their numbers) are part of its row; the
 * traits' names are a table of their own. Adding a power: an enum value
 * and a row; new code (game-power.c) only when its effect is new.
 * README's HACKING section has the recipe.
 */
#ifndef WEIR_KINDS_H
#define WEIR_KINDS_H

#include <stdbool.h>
#include <stddef.h>

struct steer_type;

/*
 * A colour for the terminal: one of the eight basic colours (the ANSI
 * numbers curses uses too) and a shade of the 256-colour palette.
 */
enum kind_ansi {
	KIND_BLACK, KIND_RED, KIND_GREEN, KIND_YELLOW, KIND_BLUE,
	KIND_MAGENTA, KIND_CYAN, KIND_WHITE
};

struct kind_colour {
	enum kind_ansi	 ansi;		/* 8-colour terminals */
	short		 xterm;		/* 256-colour terminals, 16..255 */
};

/* --- enemies --- */

enum enemy_kind {
	ENEMY_GRUNT,
	ENEMY_RUNNER,
	ENEMY_BRUTE,
	ENEMY_SWARMER,
	ENEMY_FLYER,
	ENEMY_BOSS,
	ENEMY_ESCORT,
	ENEMY_SKULKER,
	ENEMY_HUNTER,
	ENEMY_WOLF,
	ENEMY_TROLL,		/* regenerates */
	ENEMY_KNIGHT,		/* shield first; ignores slows behind it */
	ENEMY_SHAMAN,		/* mends the enemies round it */
	ENEMY_SLIME,		/* splits into slimelings when killed */
	ENEMY_SLIMELING,	/* what a slime splits into */
	ENEMY_SHADE,		/* hidden from towers unless detected */
	ENEMY_NKINDS
};

/* How an enemy finds its way (enemy.h has the model). */
enum enemy_mover {
	ENEMY_PATH,		/* waypoint path */
	ENEMY_FLOW,		/* flow field */
	ENEMY_FLY		/* straight through the air */
};

/* What an enemy does besides walking: its traits, or-ed. */
#define ENEMY_TRAIT_BOSS	0x1	/* leads the escorts of its wave */
#define ENEMY_TRAIT_ESCORT	0x2	/* holds a slot round its wave's boss */
#define ENEMY_TRAIT_SKITTISH	0x4	/* dodges shots, flees what hits it */
#define ENEMY_TRAIT_HUNTS	0x8	/* its goal is the hero, not the exit */
#define ENEMY_TRAIT_REGEN	0x10	/* hit points come back (regen) */
#define ENEMY_TRAIT_SHIELD	0x20	/* a shield takes hits first (shield) */
#define ENEMY_TRAIT_HEALER	0x40	/* mends its neighbours (heal) */
#define ENEMY_TRAIT_SPLITS	0x80	/* splits when killed (split_*) */
#define ENEMY_TRAIT_HIDDEN	0x100	/* towers see it only when detected */
#define ENEMY_NTRAITS		9

/* A trait as the next-wave preview and the help name it. */
struct enemy_trait {
	unsigned		 bit;		/* ENEMY_TRAIT_* */
	const char		*name;		/* one word: "regenerates" */
};

extern const struct enemy_trait *const enemy_traits;	/* [ENEMY_NTRAITS] */

struct enemy_type {
	const char		*name;		/* as in level files */
	char			 glyph;		/* one letter for text displays */
	struct kind_colour	 colour;
	enum enemy_mover	 mover;
	unsigned		 traits;	/* ENEMY_TRAIT_* */
	int			 hp;		/* at wave 1 */
	double			 speed;		/* cells per second */
	double			 force;		/* largest steering force */
	double			 radius;	/* cells */
	int			 armour;	/* taken off every hit */
	int			 bounty;	/* gold for a kill */
	int			 leak;		/* lives a leak costs */
	int			 bite;		/* hunters: hero's hit points a
						   second, while touching it */
	int			 regen_pct;	/* REGEN: of its hit points, a
						   second */
	int			 shield;	/* SHIELD: shield points at
						   wave 1; slows do not hold
						   while it stands */
	int			 heal;		/* HEALER: hit points given ... */
	double			 heal_range;	/* ... to each enemy this near
						   (cells, at most 2) ... */
	int			 heal_reload;	/* ... every this many ticks */
	int			 split_kind;	/* SPLITS: into this kind ... */
	int			 split_count;	/* ... this many of them */
	/* Its steering type (behaviours, weights, combiner): enemy.c. */
	void			(*steer)(struct steer_type *t);
	const char		*about;		/* one line for the UI */
};

extern const struct enemy_type *const enemy_types;	/* [ENEMY_NKINDS] */

/* --- towers --- */

enum tower_kind {
	TOWER_WALL,		/* blocks, nothing more */
	TOWER_ARROW,		/* homing bolt, single target, ground and air */
	TOWER_CANNON,		/* shell with splash, ground only */
	TOWER_FROST,		/* pulse that slows all in range */
	TOWER_TESLA,		/* chain lightning, ground only */
	TOWER_SNIPER,		/* long range, armour-piercing beam */
	TOWER_FLAK,		/* homing missile with splash, air only */
	TOWER_MORTAR,		/* far, slow, wide shells; blind up close */
	TOWER_NTYPES
};

enum tower_attack {
	TOWER_ATTACK_NONE,
	TOWER_ATTACK_BOLT,	/* travelling shot, pursues its target */
	TOWER_ATTACK_SHELL,	/* travelling shot, arrives at a point */
	TOWER_ATTACK_PULSE,	/* instant, every enemy in range */
	TOWER_ATTACK_CHAIN,	/* instant, target then jumps */
	TOWER_ATTACK_BEAM	/* instant, one target */
};

/* Targeting modes: which enemy in range a tower shoots. */
enum tower_target {
	TOWER_TARGET_FIRST,	/* least route left to an exit */
	TOWER_TARGET_LAST,	/* most route left */
	TOWER_TARGET_STRONGEST,	/* most hit points */
	TOWER_TARGET_WEAKEST,	/* fewest hit points */
	TOWER_TARGET_CLOSEST,	/* nearest to the tower */
	TOWER_NTARGETS
};

#define TOWER_LEVELS	3	/* levels of an attacking tower */
#define TOWER_SPECS	2	/* specialisations to choose from at the top */
#define TOWER_GROUND	0x1	/* can hit ground enemies */
#define TOWER_AIR	0x2	/* can hit flyers */

/* What one level of a tower costs and does. */
struct tower_stats {
	int	cost;		/* gold to build (level 1) or to upgrade to it */
	int	damage;		/* hit points a hit takes, before armour */
	double	range;		/* cells, tower centre to enemy centre */
	double	min_range;	/* cells: nothing nearer is shot at */
	int	reload;		/* ticks between two attacks */
	double	splash;		/* shell and missile burst radius, cells */
	int	slow_pct;	/* pulse: speed kept, percent */
	int	slow_ticks;	/* pulse: how long the slow lasts */
	int	chain;		/* chain: enemies hit after the first */
	double	chain_range;	/* chain: longest jump, cells */
	double	shot_speed;	/* bolt or shell, cells per second */
};

/*
 * How the built-in player (bot.c) uses a kind: how well it does against
 * each enemy kind (1 = as its power says, 0 = not at all), the mode it is
 * aimed with, how much a second one of it is worth less (1 = as any kind),
 * and, for a kind that hits flyers, the smallest flight of flyers it is
 * built against (0: never built for the air; the largest that fits wins).
 */
struct tower_bot {
	double			 eff[ENEMY_NKINDS];
	enum tower_target	 mode;
	int			 variety;
	int			 air_from;
};

/*
 * A specialisation: what an attacking tower at its top level may become,
 * for its price, one of two for good. Its numbers change the top level's
 * (damage in percent, reach added); its effects change what the tower
 * does. bot_gain is the built-in player's guess at the power it adds
 * (1: none), more against enemies with a trait of bot_against.
 */
struct tower_spec {
	const char		*name;		/* as in scripts: "volley" */
	int			 cost;		/* gold */
	int			 damage_pct;	/* of the top level's damage */
	double			 range_add;	/* cells */
	int			 targets;	/* bolts, shells, beams at once */
	bool			 rail;		/* a beam through every enemy
						   on its line */
	int			 bomblets;	/* a shell: extra small bursts */
	int			 chain_add;	/* chain: more jumps ... */
	double			 chain_range_add; /* ... and longer ones */
	double			 splash_add;	/* cells */
	int			 shred;		/* armour a hit strips for good */
	int			 shield_pct;	/* damage to a shield, percent */
	int			 freeze_ticks;	/* pulse: stopped dead this long */
	int			 stun_ticks;	/* a hit stops it this long */
	int			 expose_pct;	/* a hit makes it take this much
						   more damage ... */
	int			 expose_ticks;	/* ... for this long */
	bool			 detects;	/* sees hidden enemies in range */
	double			 bot_gain;
	unsigned		 bot_against;	/* ENEMY_TRAIT_* */
	/* What it does in words is made from these (about_spec). */
};

struct tower_type {
	const char		*name;		/* as in scripts: "wall" */
	char			 glyph;		/* one letter for text displays */
	int			 key;		/* chooses it on the game screen */
	struct kind_colour	 colour;
	enum tower_attack	 attack;
	int			 hits;		/* TOWER_GROUND | TOWER_AIR */
	bool			 pierce;	/* ignores armour */
	bool			 detects;	/* sees hidden enemies in range */
	int			 nlevels;	/* 1 for the wall, else 3 */
	struct tower_stats	 level[TOWER_LEVELS];
	struct tower_spec	 spec[TOWER_SPECS];	/* none for the wall */
	struct tower_bot	 bot;
	const char		*about;		/* one line for the UI */
};

extern const struct tower_type *const tower_types;	/* [TOWER_NTYPES] */

struct target_mode {
	const char		*name;		/* as in scripts: "first" */
	const char		*about;		/* one line for the UI */
};

extern const struct target_mode *const target_modes;	/* [TOWER_NTARGETS] */

/* --- commands --- */

enum game_cmd_type {
	GAME_CMD_PLACE,		/* place TYPE X Y */
	GAME_CMD_UPGRADE,	/* upgrade X Y */
	GAME_CMD_SELL,		/* sell X Y */
	GAME_CMD_TARGET,	/* target X Y MODE */
	GAME_CMD_WAVE,		/* wave: call the next wave now */
	GAME_CMD_HERO,		/* hero X Y: the hero walks there */
	GAME_CMD_UNDO,		/* undo: take back the latest placement */
	GAME_CMD_POWER,		/* power NAME X Y: use a power there */
	GAME_CMD_SPECIALISE,	/* specialise X Y NAME */
	GAME_CMD_LINE,		/* line TYPE X Y X2 Y2: a tower a cell */
	GAME_CMD_UPGRADE_ALL,	/* upgrade-all TYPE: every one of a kind */
	GAME_CMD_UPGRADE_AREA,	/* upgrade-area X Y X2 Y2: those in a box */
	GAME_NCMDS
};

/* What follows a command's word in a script line, in this order. */
#define CMD_ARG_TOWER	0x1	/* a tower kind's name */
#define CMD_ARG_XY	0x2	/* a cell: X Y */
#define CMD_ARG_MODE	0x4	/* a targeting mode's name */
#define CMD_ARG_POWER	0x8	/* a power's name (before X Y) */
#define CMD_ARG_SPEC	0x10	/* a specialisation's name */
#define CMD_ARG_XY2	0x20	/* a second cell: X2 Y2 (after X Y) */

struct cmd_type {
	const char		*name;		/* the script word */
	unsigned		 args;		/* CMD_ARG_* */
	int			 key;		/* on the game screen, or 0 */
	const char		*keys;		/* the keys as help names them */
	const char		*about;		/* one line of help */
	bool			 many;		/* carried out as commands of
						   its own, each logged; it
						   never is (game-batch.c) */
};

extern const struct cmd_type *const cmd_types;	/* [GAME_NCMDS] */

/* --- powers (game-power.c has the rules) --- */

enum power_kind {
	POWER_STRIKE,		/* damage in a disc, at once */
	POWER_BARRIER,		/* a cell blocked for a while */
	POWER_FREEZE,		/* a disc that slows, for a while */
	POWER_NKINDS
};

/* What a power does: the rule game-power.c carries out for its rows. */
enum power_effect {
	POWER_EFFECT_STRIKE,	/* damage to every enemy in radius, at once */
	POWER_EFFECT_BARRIER,	/* blocks its cell for ticks, as a wall */
	POWER_EFFECT_FREEZE	/* enemies in radius slowed, for ticks */
};

/*
 * A power: free to use, aimed at a cell, then cooling down. Its area is
 * the disc of radius round the cell's centre (an enemy counts when its
 * centre is in it); a barrier is its one cell.
 */
struct power_type {
	const char		*name;		/* as in scripts: "strike" */
	char			 glyph;		/* drawn where it stands */
	int			 key;		/* chooses it on the game screen */
	struct kind_colour	 colour;
	enum power_effect	 effect;
	int			 hits;		/* TOWER_GROUND | TOWER_AIR */
	double			 radius;	/* cells; 0 for a barrier */
	int			 damage;	/* strike: before armour */
	int			 slow_pct;	/* freeze: speed kept, percent */
	int			 linger;	/* freeze: slow ticks after */
	int			 ticks;		/* barrier, freeze: how long */
	int			 cooldown;	/* ticks from one use to the next
						   (never less than ticks) */
	int			 cost;		/* gold a use costs */
	const char		*about;		/* one line for the UI */
};

extern const struct power_type *const power_types;	/* [POWER_NKINDS] */

/* --- overlays (drawn by the terminal UI over the map) --- */

enum overlay_kind {
	OVERLAY_NONE,
	OVERLAY_HEAT,		/* integration field as a heatmap */
	OVERLAY_FLOW,		/* flow pointers as arrows */
	OVERLAY_GRADIENT,	/* seed 001's gradient form as arrows */
	OVERLAY_LOS,		/* cells that see their exit */
	OVERLAY_PATH,		/* waypoint paths: spawns, enemies */
	OVERLAY_PREVIEW,	/* routes with a tower on the cursor */
	OVERLAY_HUNT_HEAT,	/* the hunt field as a heatmap */
	OVERLAY_HUNT_FLOW,	/* the hunt field's pointers as arrows */
	OVERLAY_COVER_GROUND,	/* towers that reach each cell, ground */
	OVERLAY_COVER_AIR,	/* ... that reach a flyer over it */
	OVERLAY_NKINDS
};

struct overlay_type {
	const char		*name;		/* as the HUD and help say it */
	bool			 hunt;		/* of the hunt field: shown only
						   where there is a hero */
	const char		*about;		/* a line of help, or NULL */
};

extern const struct overlay_type *const overlay_types;	/* [OVERLAY_NKINDS] */

/* --- difficulty settings (game_new_opts) --- */

/* Normal first: a zeroed struct game_opts plays the level as written. */
enum game_difficulty {
	DIFF_NORMAL,
	DIFF_EASY,
	DIFF_HARD,
	DIFF_NKINDS
};

/*
 * What a setting changes against the level as written: the enemies' hit
 * points, the starting gold and the lives, each in percent (rounded down,
 * never below 1). Nothing else: prices, bounties and waves stay.
 */
struct difficulty_type {
	const char		*name;		/* as --difficulty and saves say */
	int			 hp_pct;
	int			 gold_pct;
	int			 lives_pct;
	const char		*about;		/* one line for help and the man page */
};

extern const struct difficulty_type *const difficulty_types; /* [DIFF_NKINDS] */
/*
 * --- views: what the terminal UI shows or does on a key without giving
 * the game a command (panels, toggles); keys the help lists ---
 */

enum view_kind {
	VIEW_WAVES,		/* the waves to come */
	VIEW_LOG,		/* the messages so far */
	VIEW_BELL,		/* the bell on a leak, on or off */
	VIEW_PAUSE,		/* the game stands or goes on */
	VIEW_SPEED,		/* 1x, 2x, 4x, 8x */
	VIEW_OVERLAY,		/* the next overlay (help lists them) */
	VIEW_ZOOM,		/* the map's cell width */
	VIEW_TO_SPAWN,		/* the cursor to the next spawn */
	VIEW_TO_EXIT,		/* ... to the next exit */
	VIEW_TO_HERO,		/* ... to the hero */
	VIEW_TO_LEADER,		/* ... to the enemy nearest an exit */
	VIEW_TO_CROWD,		/* ... to the densest group of enemies */
	VIEW_MINIMAP,		/* the whole map small, over a corner */
	VIEW_NKINDS
};

struct view_type {
	const char		*name;		/* as the help says it */
	int			 key;		/* on the game screen */
	const char		*keys;		/* the keys as help names them */
	const char		*about;		/* one line of help */
};

extern const struct view_type *const view_types;	/* [VIEW_NKINDS] */

/*
 * --- watch keys: what the replay viewer does on a key (a recording, or
 * the built-in player's game as it is made); its help lists these rows,
 * then the view keys it shares with the game screen ---
 */

enum watch_kind {
	WATCH_PAUSE,		/* stand, or go on */
	WATCH_SPEED,		/* 1x, 2x, 4x, 8x, as fast as it goes */
	WATCH_STEP,		/* one tick forward (paused) */
	WATCH_BACK,		/* 10 s back */
	WATCH_FORWARD,		/* 10 s forward */
	WATCH_WAVE_BACK,	/* to the start of this wave, or the last */
	WATCH_WAVE_NEXT,	/* to the start of the next wave */
	WATCH_START,		/* to the start */
	WATCH_END,		/* to the end (or as far as it is made) */
	WATCH_TAKE,		/* take over: play on from here */
	WATCH_NKINDS
};

#define WATCH_SECONDS	10	/* how far back and forward jump */

struct watch_type {
	const char		*name;		/* as the help says it */
	int			 key;		/* on the viewer */
	const char		*keys;		/* the keys as help names them */
	const char		*about;		/* one line of help */
};

extern const struct watch_type *const watch_types;	/* [WATCH_NKINDS] */

/* --- looking kinds up --- */

int		 tower_lookup(const char *name, size_t len);
const char	*tower_name(int kind);
int		 tower_by_key(int key);
int		 enemy_lookup(const char *name, size_t len);
const char	*enemy_name(int kind);
int		 tower_target_lookup(const char *name, size_t len);
const char	*tower_target_name(int mode);
int		 cmd_lookup(const char *name, size_t len);
const char	*game_cmd_name(enum game_cmd_type t);
int		 cmd_by_key(int key);
const char	*overlay_name(int kind);
int		 difficulty_lookup(const char *name, size_t len);
const char	*difficulty_name(int d);
int		 view_by_key(int key);
int		 watch_by_key(int key);
int		 power_lookup(const char *name, size_t len);
const char	*power_name(int kind);
int		 power_by_key(int key);
int		 spec_lookup(const char *name, size_t len);
const char	*spec_name(int spec);
const struct tower_spec *spec_of(int spec, int *kind);
const char	*enemy_trait_names(unsigned traits, char *buf, size_t len);

/* Specialisations are numbered kind x TOWER_SPECS + which, from 0. */
#define SPEC_COUNT	(TOWER_NTYPES * TOWER_SPECS)

/* The index of the name among n that name(i) gives (len bytes), or -1. */
int		 kind_find(const char *(*name)(int), int n, const char *s,
		     size_t len);

/* "a, b or c" of every name of a table, into buf; its length. */
#define KIND_LIST_MAX	256	/* room for any of the lists below */
size_t		 kind_list(char *buf, size_t len, const char *(*name)(int),
		     int n, const char *last);
size_t		 tower_list(char *buf, size_t len);
size_t		 enemy_list(char *buf, size_t len);
size_t		 target_list(char *buf, size_t len);
size_t		 cmd_list(char *buf, size_t len);
size_t		 difficulty_list(char *buf, size_t len);
size_t		 power_list(char *buf, size_t len);
size_t		 spec_list(char *buf, size_t len);

#endif
