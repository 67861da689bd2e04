/*
 * The enemy table and the steering type of every enemy, escort, skulker
 * and shot mode. Which behaviour does what in play:
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
 * other by separation; an enemy that has made no headway for a while
 * squeezes: for a moment it walks its path or the flow with only the walls
 * to mind, and the jam clears.
 */
#include "enemy.h"

const struct enemy_type enemy_types[LEVEL_NENEMIES] = {
	[LEVEL_ENEMY_GRUNT] = { ENEMY_PATH, 50, 1.4, 8.0, 0.30, 0, 4, 1,
	    'g', "foot soldier on a waypoint path" },
	[LEVEL_ENEMY_RUNNER] = { ENEMY_FLOW, 30, 2.6, 12.0, 0.25, 0, 3, 1,
	    'r', "fast and frail, follows the flow field" },
	[LEVEL_ENEMY_BRUTE] = { ENEMY_PATH, 200, 0.8, 6.0, 0.42, 5, 12, 2,
	    'b', "slow, armoured, on a waypoint path" },
	[LEVEL_ENEMY_SWARMER] = { ENEMY_FLOW, 15, 2.0, 10.0, 0.20, 0, 1, 1,
	    's', "flocks with its kind along the flow" },
	[LEVEL_ENEMY_FLYER] = { ENEMY_FLY, 60, 1.5, 6.0, 0.30, 0, 6, 2,
	    'f', "flies over the maze to the nearest exit" },
	[LEVEL_ENEMY_BOSS] = { ENEMY_PATH, 1200, 0.6, 4.0, 0.45, 8, 80, 10,
	    'B', "huge, armoured, guarded by escorts" },
	[LEVEL_ENEMY_ESCORT] = { ENEMY_FLOW, 100, 1.2, 8.0, 0.30, 3, 8, 2,
	    'e', "holds formation round the boss" },
	[LEVEL_ENEMY_SKULKER] = { ENEMY_FLOW, 70, 1.7, 10.0, 0.28, 2, 6, 1,
	    'k', "dodges shots, runs from towers that hit it" },
};

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
	steer_type_init(t);
	t->combiner = c;
	t->behaviours = STEER_BIT(STEER_WALLS);
	t->weight[STEER_WALLS] = 0.3;
	t->feeler_length = 0.35;
	t->separation_radius = 0.75;
	/* Flyers overhead and shots going by are not neighbours. */
	t->flock_with = UINT32_MAX & ~(STEER_TYPE_BIT(LEVEL_ENEMY_FLYER) |
	    STEER_TYPE_BIT(ENEMY_STEER_BOLT) | STEER_TYPE_BIT(ENEMY_STEER_SHELL));
}

/* Fill the crowd's ENEMY_NSTEER steering types. */
void
enemy_steer_types(struct steer_type *types)
{
	struct steer_type	*t;

	/* Path movers: walls, keep apart, walk the path. */
	t = &types[LEVEL_ENEMY_GRUNT];
	enemy_ground(t, STEER_PRIORITISED);
	t->behaviours |= STEER_BIT(STEER_SEPARATION) | STEER_BIT(STEER_PATH);
	t->weight[STEER_SEPARATION] = 0.5;
	types[LEVEL_ENEMY_BRUTE] = *t;
	t = &types[LEVEL_ENEMY_BOSS];
	enemy_ground(t, STEER_PRIORITISED);
	t->behaviours |= STEER_BIT(STEER_PATH);
	types[ENEMY_STEER_SQUEEZE_PATH] = *t;

	/* Flow movers. */
	t = &types[LEVEL_ENEMY_RUNNER];
	enemy_ground(t, STEER_PRIORITISED);
	t->behaviours |= STEER_BIT(STEER_SEPARATION) | STEER_BIT(STEER_FLOW);
	t->weight[STEER_SEPARATION] = 0.5;
	types[ENEMY_STEER_LOOSE] = *t;
	t = &types[ENEMY_STEER_SQUEEZE_FLOW];
	enemy_ground(t, STEER_PRIORITISED);
	t->behaviours |= STEER_BIT(STEER_FLOW);

	/* Swarmers flock along the flow. */
	t = &types[LEVEL_ENEMY_SWARMER];
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

	/* Flyers: seek the exit, wander, steer round towers; no walls. */
	t = &types[LEVEL_ENEMY_FLYER];
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

	/* Escorts hold their slot round the boss. */
	t = &types[LEVEL_ENEMY_ESCORT];
	enemy_ground(t, STEER_PRIORITISED);
	t->behaviours |= STEER_BIT(STEER_SEPARATION) | STEER_BIT(STEER_OFFSET);
	t->weight[STEER_SEPARATION] = 0.3;
	t->separation_radius = 0.65;

	/* Skulkers: dithered, dodge shots, else follow the flow. */
	t = &types[LEVEL_ENEMY_SKULKER];
	enemy_ground(t, STEER_DITHERED);
	t->behaviours |= STEER_BIT(STEER_EVADE) | STEER_BIT(STEER_SEPARATION) |
	    STEER_BIT(STEER_FLOW);
	t->panic_distance = ENEMY_EVADE_RANGE;
	t->chance[STEER_EVADE] = 0.8;
	t->chance[STEER_SEPARATION] = 0.3;
	t->chance[STEER_FLOW] = 1.0;
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
}
