/*
 * Tower types as data. A tower stands on one cell of open ground and blocks
 * it, so every tower is also a piece of the maze; the wall does nothing else.
 * An attacking tower has three levels (built at level 1, upgraded twice);
 * each level's row gives what reaching it costs and what the tower then does.
 *
 * Attacks: a bolt is a homing shot that pursues its target, a shell flies to
 * the point where its target will be and bursts there (splash), a pulse hits
 * everything in range at once and slows it, a chain jumps from its target to
 * the nearest enemies not yet hit, and a beam hits at once through armour.
 * Damage is whole hit points; armour takes its value off every hit, but a
 * hit always does at least 1 (a beam ignores armour).
 */
#ifndef WEIR_TOWER_H
#define WEIR_TOWER_H

#include <stdbool.h>
#include <stddef.h>

enum tower_kind {
	TOWER_WALL,		/* blocks, nothing more */
	TOWER_ARROW,		/* homing bolt, single target, ground and air */
	TOWER_CANNON,		/* shell with splash, ground only */
	TOWER_FROST,		/* pulse that slows all in range */
	TOWER_TESLA,		/* chain lightning, ground only */
	TOWER_SNIPER,		/* long range, armour-piercing beam */
	TOWER_FLAK,		/* homing missile with splash, air only */
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
#define TOWER_GROUND	0x1	/* can hit ground enemies */
#define TOWER_AIR	0x2	/* can hit flyers */
#define TOWER_REFUND_PCT 70	/* share of the gold spent a sale returns */

/* What one level of a tower costs and does. */
struct tower_stats {
	int	cost;		/* gold to build (level 1) or to upgrade to it */
	int	damage;		/* hit points a hit takes, before armour */
	double	range;		/* cells, tower centre to enemy centre */
	int	reload;		/* ticks between two attacks */
	double	splash;		/* shell and missile burst radius, cells */
	int	slow_pct;	/* pulse: speed kept, percent */
	int	slow_ticks;	/* pulse: how long the slow lasts */
	int	chain;		/* chain: enemies hit after the first */
	double	chain_range;	/* chain: longest jump, cells */
	double	shot_speed;	/* bolt or shell, cells per second */
};

struct tower_type {
	const char		*name;		/* as in scripts: "wall" */
	char			 glyph;		/* one letter for text displays */
	enum tower_attack	 attack;
	int			 hits;		/* TOWER_GROUND | TOWER_AIR */
	bool			 pierce;	/* ignores armour */
	int			 nlevels;	/* 1 for the wall, else 3 */
	struct tower_stats	 level[TOWER_LEVELS];
	const char		*about;		/* one line for the UI */
};

extern const struct tower_type	tower_types[TOWER_NTYPES];

int		 tower_lookup(const char *name, size_t len);
const char	*tower_name(int kind);
int		 tower_target_lookup(const char *name, size_t len);
const char	*tower_target_name(int mode);
int		 tower_spent(int kind, int level);
int		 tower_refund(int kind, int level);
int		 tower_upgrade_cost(int kind, int level);
int		 tower_hit_damage(int damage, int armour, bool pierce);

#endif
