/* SPDX-License-Identifier: ISC */
/*
 * Enemies: how each kind moves. Its row in kinds.c holds its hit points,
 * speed, armour, bounty, the lives a leak costs, its traits and its mover,
 * one of three: `path` walks a waypoint path cut from the exit field
 * (re-cut from where it stands when the map changes), `flow` reads the
 * flow field itself every tick, and `fly` ignores the maze and heads for
 * the nearest exit through the air.
 *
 * Each type is also a steering type (steer.h): which behaviours it uses and
 * how they are combined. The crowd holds one steering type per enemy type,
 * then the extra modes below (an escort that lost its boss, a skulker in a
 * panic, a stuck walker squeezing out, a flyer diving at its exit) and the
 * travelling shots.
 */
#ifndef WEIR_ENEMY_H
#define WEIR_ENEMY_H

#include "kinds.h"
#include "steer.h"

/* Steering types of the crowd: 0 .. ENEMY_NKINDS - 1 are the enemies. */
enum enemy_steer {
	ENEMY_STEER_LOOSE = ENEMY_NKINDS,	/* escort without a boss */
	ENEMY_STEER_PANIC,	/* skulker fleeing the tower that hit it */
	ENEMY_STEER_SQUEEZE,	/* a stuck walker: a path, no separation */
	ENEMY_STEER_BOLT,	/* homing shot: pursuit */
	ENEMY_STEER_SHELL,	/* shell: arrive at the burst point */
	ENEMY_STEER_HERO,	/* the hero walking its path */
	ENEMY_STEER_DIVE,	/* a flyer held off its exit: seek only */
	ENEMY_NSTEER
};

#define ENEMY_HP_GROWTH_PCT	12	/* hit points grow this much a wave */
#define ENEMY_ESCORT_SLOTS	8	/* formation slots round a boss */
#define ENEMY_PANIC_TICKS	24	/* a hit skulker flees this long */
#define ENEMY_EVADE_RANGE	3.0	/* skulkers evade shots this near */

extern const struct vec		enemy_escort_slots[ENEMY_ESCORT_SLOTS];

const char	*enemy_mover_name(enum enemy_mover m);
int		 enemy_hp(int type, int wave);
void		 enemy_steer_types(struct steer_type *types);

/* The steering of each kind, named by the rows of kinds.c. */
void		 enemy_steer_walker(struct steer_type *t);
void		 enemy_steer_leader(struct steer_type *t);
void		 enemy_steer_runner(struct steer_type *t);
void		 enemy_steer_swarmer(struct steer_type *t);
void		 enemy_steer_flyer(struct steer_type *t);
void		 enemy_steer_escort(struct steer_type *t);
void		 enemy_steer_skulker(struct steer_type *t);

#endif
