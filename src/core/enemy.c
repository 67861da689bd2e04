/* SPDX-License-Identifier: ISC */
/*
 * The steering type of every enemy kind, escort, skulker and shot mode. Which behaviour does what in play:
 *
 *   path following   grunt, brute, boss walk their waypoint path
 *   flow following   runner, swarmer, skulker, loose escort read the field
 *   wall avoidance   every ground enemy, before anything else
 *   separation       grunts, brutes, runners, escorts keep apart
 *   cohesion,        swarmers flock: weighted sum of separation, alignment,
 *   alignment        cohesion and the flow
 *   offset pursuit   escorts hold a formation slot round their boss
 *   seek             flyers head for the nearest exit
 *   wander           flyers drift about their course
 *   obstacle avoid.  flyers give towers a wide berth
 *   evade            skulkers dodge the shot coming at them
 *   flee             a skulker that is hit runs from that tower a moment
 *   pursuit          bolts and missiles chase their target
 *   arrive           shells come down exactly on their burst point
 *
 * Combiners: prioritised for most, weighted sum for swarmers and flyers,
 * dithered for the skulker's nervous gait.
 *
 * Two enemies can jam each other in a door one cell wide, each kept off the
 * other by separation, and a flow follower can be pinned where two routes
 * part at a wall's corner; an enemy that has made no headway for a while
 * squeezes: for a moment it walks a path cut from its cell's centre with
 * only the walls to mind, and the jam clears.
 */
#include "enemy.h"

/* Formation slots, (ahead, right) of the boss in cells. */
const struct vec enemy_escort_slots[ENEMY_ESCORT_SLOTS] = {
	{ -0.9, -0.9 }, { -0.9, 0.9 }, { 0.0, -1.1 }, { 0.0, 1.1 },
	{ -1.6, 0.0 }, { 0.9, -0.9 }, { 0.9, 0.9 }, { -2.3, 0.0 },
};

/* The name of a mover as traces print it. */
const char *
enemy_mover_name(enum enemy_mover m)
{
	switch (m) {
	case ENEMY_PATH:
		return "path";
	case ENEMY_FLOW:
		return "flow";
	case ENEMY_FLY:
		return "fly";
	}
	return "?";
}

/* Hit points of an enemy of this type in wave number wave (1-based). */
int
enemy_hp(int type, int wave)
{
	long	hp = enemy_types[type].hp;

	if (wave < 1)
		wave = 1;
	return (int)(hp * (100 + ENEMY_HP_GROWTH_PCT * (wave - 1)) / 100);
}

/*
 * A ground type with wall avoidance first: short feelers and a light
 * weight, so that in a gap one cell wide (a spawn in the border, a door in
 * a maze) the walls on both sides never take the whole force budget from
 * the behaviours that lead on. The crowd keeps agents out of walls anyway;
 * the feelers only smooth the way past them.
 */
static void
enemy_ground(struct steer_type *t, enum steer_combiner c)
{
	int	k;

	steer_type_init(t);
	t->combiner = c;
	t->behaviours = STEER_BIT(STEER_WALLS);
	t->weight[STEER_WALLS] = 0.3;
	t->feeler_length = 0.35;
	t->separation_radius = 0.75;
	/* Flyers overhead and shots going by are not neighbours. */
	t->flock_with = UINT32_MAX & ~(STEER_TYPE_BIT(ENEMY_STEER_BOLT) |
	    STEER_TYPE_BIT(ENEMY_STEER_SHELL) |
	    STEER_TYPE_BIT(ENEMY_STEER_DIVE));
	for (k = 0; k < ENEMY_NKINDS; k++) {
		if (enemy_types[k].mover == ENEMY_FLY)
			t->flock_with &= ~STEER_TYPE_BIT(k);
	}
}

/* Grunts and brutes: walls, keep apart, walk the path. */
void
enemy_steer_walker(struct steer_type *t)
{
	enemy_ground(t, STEER_PRIORITISED);
	t->behaviours |= STEER_BIT(STEER_SEPARATION) | STEER_BIT(STEER_PATH);
	t->weight[STEER_SEPARATION] = 0.5;
}

/* A boss walks its path and lets the others make way. */
void
enemy_steer_leader(struct steer_type *t)
{
	enemy_ground(t, STEER_PRIORITISED);
	t->behaviours |= STEER_BIT(STEER_PATH);
}

/* Runners: walls, keep apart, follow the flow. */
void
enemy_steer_runner(struct steer_type *t)
{
	enemy_ground(t, STEER_PRIORITISED);
	t->behaviours |= STEER_BIT(STEER_SEPARATION) | STEER_BIT(STEER_FLOW);
	t->weight[STEER_SEPARATION] = 0.5;
}

/* Swarmers flock along the flow. */
void
enemy_steer_swarmer(struct steer_type *t)
{
	enemy_ground(t, STEER_WEIGHTED_SUM);
	t->behaviours |= STEER_BIT(STEER_SEPARATION) |
	    STEER_BIT(STEER_ALIGNMENT) | STEER_BIT(STEER_COHESION) |
	    STEER_BIT(STEER_FLOW);
	t->separation_radius = 0.6;
	t->neighbour_radius = 1.5;
	t->weight[STEER_SEPARATION] = 1.0;
	t->weight[STEER_ALIGNMENT] = 0.3;
	t->weight[STEER_COHESION] = 0.3;
	t->weight[STEER_FLOW] = 1.0;
}

/* Flyers: seek the exit, wander, steer round towers; no walls. */
void
enemy_steer_flyer(struct steer_type *t)
{
	steer_type_init(t);
	t->combiner = STEER_WEIGHTED_SUM;
	t->ground = false;
	t->behaviours = STEER_BIT(STEER_OBSTACLES) | STEER_BIT(STEER_SEEK) |
	    STEER_BIT(STEER_WANDER);
	t->weight[STEER_OBSTACLES] = 1.0;
	t->weight[STEER_SEEK] = 1.0;
	t->weight[STEER_WANDER] = 0.5;
	t->box_length = 1.0;
	t->wander_radius = 1.0;
	t->wander_distance = 2.0;
	t->wander_jitter = 4.0;
}

/* Escorts hold their slot round the boss. */
void
enemy_steer_escort(struct steer_type *t)
{
	enemy_ground(t, STEER_PRIORITISED);
	t->behaviours |= STEER_BIT(STEER_SEPARATION) | STEER_BIT(STEER_OFFSET);
	t->weight[STEER_SEPARATION] = 0.3;
	t->separation_radius = 0.65;
}

/* Skulkers: dithered, dodge shots, else follow the flow. */
void
enemy_steer_skulker(struct steer_type *t)
{
	enemy_ground(t, STEER_DITHERED);
	t->behaviours |= STEER_BIT(STEER_EVADE) | STEER_BIT(STEER_SEPARATION) |
	    STEER_BIT(STEER_FLOW);
	t->panic_distance = ENEMY_EVADE_RANGE;
	t->chance[STEER_EVADE] = 0.8;
	t->chance[STEER_SEPARATION] = 0.3;
	t->chance[STEER_FLOW] = 1.0;
}

/*
 * Fill the crowd's ENEMY_NSTEER steering types: each enemy kind's from
 * its row, then the extra modes and the shots.
 */
void
enemy_steer_types(struct steer_type *types)
{
	struct steer_type	*t;
	int			 k;

	for (k = 0; k < ENEMY_NKINDS; k++)
		enemy_types[k].steer(&types[k]);
	enemy_steer_runner(&types[ENEMY_STEER_LOOSE]);
	enemy_steer_leader(&types[ENEMY_STEER_SQUEEZE]);

	/* A skulker in a panic flees the tower that hit it. */
	t = &types[ENEMY_STEER_PANIC];
	enemy_ground(t, STEER_DITHERED);
	t->behaviours |= STEER_BIT(STEER_FLEE) | STEER_BIT(STEER_FLOW);
	t->panic_distance = 4.0;
	t->chance[STEER_FLEE] = 0.8;
	t->chance[STEER_FLOW] = 1.0;

	/* Shots fly over everything. */
	t = &types[ENEMY_STEER_BOLT];
	steer_type_init(t);
	t->ground = false;
	t->behaviours = STEER_BIT(STEER_PURSUIT);
	t = &types[ENEMY_STEER_SHELL];
	steer_type_init(t);
	t->ground = false;
	t->behaviours = STEER_BIT(STEER_ARRIVE);

	/* A flyer held off its exit makes straight for it, minding nothing. */
	t = &types[ENEMY_STEER_DIVE];
	steer_type_init(t);
	t->ground = false;
	t->behaviours = STEER_BIT(STEER_SEEK);

	/* The hero walks its path and keeps a little room round it. */
	t = &types[ENEMY_STEER_HERO];
	enemy_ground(t, STEER_PRIORITISED);
	t->behaviours |= STEER_BIT(STEER_SEPARATION) | STEER_BIT(STEER_PATH);
	t->weight[STEER_SEPARATION] = 0.3;
}

_Static_assert(ENEMY_NSTEER <= 32, "flock_with holds a bit per steering type");
