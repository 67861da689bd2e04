/*
 * Enemy types as data: hit points, speed, armour, bounty, the lives a leak
 * costs, and how each one moves. The mover is one of three: `path` walks a
 * waypoint path cut from the exit field (re-cut from where it stands when
 * the map changes), `flow` reads the flow field itself every tick, and `fly`
 * ignores the maze and heads for the nearest exit through the air.
 *
 * Each type is also a steering type (steer.h): which behaviours it uses and
 * how they are combined. The crowd holds one steering type per enemy type,
 * then the extra modes below (an escort that lost its boss, a skulker in a
 * panic) and the travelling shots.
 */
#ifndef WEIR_ENEMY_H
#define WEIR_ENEMY_H

#include "level.h"
#include "steer.h"

enum enemy_mover {
	ENEMY_PATH,		/* waypoint path */
	ENEMY_FLOW,		/* flow field */
	ENEMY_FLY		/* straight through the air */
};

/* Steering types of the crowd: 0 .. LEVEL_NENEMIES - 1 are the enemies. */
enum enemy_steer {
	ENEMY_STEER_LOOSE = LEVEL_NENEMIES,	/* escort without a boss */
	ENEMY_STEER_PANIC,	/* skulker fleeing the tower that hit it */
	ENEMY_STEER_SQUEEZE_PATH, /* a stuck path mover: no separation */
	ENEMY_STEER_SQUEEZE_FLOW, /* a stuck flow mover: no separation */
	ENEMY_STEER_BOLT,	/* homing shot: pursuit */
	ENEMY_STEER_SHELL,	/* shell: arrive at the burst point */
	ENEMY_NSTEER
};

#define ENEMY_HP_GROWTH_PCT	12	/* hit points grow this much a wave */
#define ENEMY_ESCORT_SLOTS	8	/* formation slots round a boss */
#define ENEMY_PANIC_TICKS	24	/* a hit skulker flees this long */
#define ENEMY_EVADE_RANGE	3.0	/* skulkers evade shots this near */

struct enemy_type {
	enum enemy_mover	 mover;
	int			 hp;		/* at wave 1 */
	double			 speed;		/* cells per second */
	double			 force;		/* largest steering force */
	double			 radius;	/* cells */
	int			 armour;	/* taken off every hit */
	int			 bounty;	/* gold for a kill */
	int			 leak;		/* lives a leak costs */
	char			 glyph;		/* one letter for text displays */
	const char		*about;		/* one line for the UI */
};

extern const struct enemy_type	enemy_types[LEVEL_NENEMIES];
extern const struct vec		enemy_escort_slots[ENEMY_ESCORT_SLOTS];

const char	*enemy_mover_name(enum enemy_mover m);
int		 enemy_hp(int type, int wave);
void		 enemy_steer_types(struct steer_type *types);

#endif
