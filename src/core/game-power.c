/* SPDX-License-Identifier: ISC */
/*
 * Powers: what the player does with no tower. Each kind of power (a row
 * of kinds.c) is used by a command aimed at a cell, costs its row's gold
 * (a power used blind is gold not spent on towers), then cools down for
 * its row's cooldown; its effect is one of three rules.
 *
 *  - strike: every enemy its hit mask allows whose centre lies within the
 *    radius of the cell's centre takes the damage, armour counting, at
 *    once. A kill pays its bounty as any kill does.
 *  - barrier: the cell is blocked for its ticks, as a wall would be: the
 *    exit field, the hunt field and the path movers' waypoints are
 *    repaired through game_map_changed, the one place the map changes,
 *    when it rises and again when it falls. It obeys a tower's rule about
 *    blocking (game_would_block: never a spawn or a ground enemy cut off
 *    from every exit) and about what stands there (no tower, ground enemy
 *    or hero on the cell); unlike a tower it may stand on road and marsh,
 *    never on a wall, a spawn or an exit.
 *  - freeze: for its ticks, every enemy the mask allows within the radius
 *    is slowed to slow_pct of its speed, and stays slowed linger ticks
 *    after it walks out (the frost tower's rule: the stronger slow wins).
 *
 * Each kind has one slot in the game (struct game_power); its cooldown is
 * never shorter than its effect, so a slot is free before it can be used
 * again, and nothing is allocated.
 */
#include <math.h>

#include "game-internal.h"

/* The kill attribution of power k, for game_damage and its events. */
static int
game_power_by(int k)
{
	return GAME_BY_POWER - k;
}

/* Whether point p lies in the area of power k aimed at cell (x, y). */
bool
game_in_power(const struct game *g, int k, int x, int y, struct vec p)
{
	const struct power_type	*pt = &power_types[k];
	struct vec		 c = game_centre(x, y);

	(void)g;
	if (pt->effect == POWER_EFFECT_BARRIER)
		return (int)floor(p.x) == x && (int)floor(p.y) == y;
	return vec_dist2(p, c) <= pt->radius * pt->radius;
}

/* The power whose barrier stands on (x, y), or -1. */
int
game_barrier_at(const struct game *g, int x, int y)
{
	int	k;

	for (k = 0; k < POWER_NKINDS; k++) {
		const struct game_power *gp = &g->powers[k];

		if (power_types[k].effect == POWER_EFFECT_BARRIER &&
		    gp->left > 0 && gp->x == x && gp->y == y)
			return k;
	}
	return -1;
}

/* Whether power k reaches living enemy i aimed at (x, y). */
static bool
game_power_reaches(const struct game *g, int k, int x, int y, int i)
{
	int	mask = game_ground(g, i) ? TOWER_GROUND : TOWER_AIR;

	return game_alive(g, i) && (power_types[k].hits & mask) &&
	    game_in_power(g, k, x, y, g->agents[i].pos);
}

/* Living enemies that hits allows whose centres lie within r of p. */
static int
game_count_near(const struct game *g, struct vec p, double r, int hits)
{
	const int32_t	*near;
	int		 n = game_units_near(g, p, r, &near), k, i, count = 0;

	for (k = 0; k < n; k++) {
		i = near[k];
		if (game_alive(g, i) && (hits & (game_ground(g, i) ?
		    TOWER_GROUND : TOWER_AIR)) &&
		    vec_dist2(g->agents[i].pos, p) <= r * r)
			count++;
	}
	return count;
}

/*
 * The densest group of the crowd: of the cells the living enemies that
 * hits allows stand on, the one whose centre has most of them within r
 * (the first such enemy's cell on a tie), read from the crowd's
 * neighbour grid. Its cell goes to (*x, *y); returns how many it holds,
 * 0 (and no cell) when there is no enemy.
 */
int
game_densest(const struct game *g, double r, int hits, int *x, int *y)
{
	int	i, n, best = 0;

	for (i = 0; i < g->nunits; i++) {
		int cx, cy;

		if (!game_alive(g, i) || !(hits & (game_ground(g, i) ?
		    TOWER_GROUND : TOWER_AIR)))
			continue;
		cx = (int)floor(g->agents[i].pos.x);
		cy = (int)floor(g->agents[i].pos.y);
		n = game_count_near(g, game_centre(cx, cy), r, hits);
		if (n > best) {
			best = n;
			*x = cx;
			*y = cy;
		}
	}
	return best;
}

/* Why power k could not be used at (x, y) now, or GAME_OK. */
enum game_reason
game_check_power(struct game *g, int k, int x, int y)
{
	enum level_terrain	t;

	if (g->state != GAME_PLAYING)
		return GAME_ENDED;
	if (k < 0 || k >= POWER_NKINDS)
		return GAME_BAD_COMMAND;
	if (g->powers[k].cooldown > 0 || g->powers[k].left > 0)
		return GAME_COOLING;
	if (!g->sandbox && g->gold < power_types[k].cost)
		return GAME_NO_GOLD;
	if (!grid_inside(&g->grid, x, y))
		return GAME_OUT_OF_MAP;
	if (power_types[k].effect != POWER_EFFECT_BARRIER)
		return GAME_OK;
	t = level_terrain_at(g->lv, x, y);
	if (t == LEVEL_WALL || t == LEVEL_SPAWN || t == LEVEL_EXIT)
		return GAME_NOT_BUILDABLE;
	if (g->tower_at[(size_t)y * g->w + x] >= 0 ||
	    game_barrier_at(g, x, y) >= 0 ||
	    game_enemy_blocks_cell(g, x, y) || game_hero_blocks_cell(g, x, y))
		return GAME_OCCUPIED;
	if (game_would_block(g, x, y))
		return GAME_WOULD_BLOCK;
	return GAME_OK;
}

/*
 * Slow living enemy i as power k does: the stronger of its slow and
 * this one, lasting at least the power's linger.
 */
static void
game_chill(struct game *g, int k, int i)
{
	const struct power_type	*pt = &power_types[k];
	struct game_unit	*u = &g->units[i];

	if (u->slow_ticks == 0 || pt->slow_pct < u->slow_pct)
		u->slow_pct = pt->slow_pct;
	if (u->slow_ticks < pt->linger)
		u->slow_ticks = pt->linger;
}

/* power NAME X Y */
enum game_reason
game_do_power(struct game *g, const struct game_cmd *c)
{
	const struct power_type	*pt;
	struct game_power	*gp;
	struct game_event	 ev;
	enum game_reason	 r;
	int			 i, k = c->power, n = 0;

	if ((r = game_check_power(g, k, c->x, c->y)) != GAME_OK)
		return r;
	pt = &power_types[k];
	gp = &g->powers[k];
	gp->cooldown = pt->cooldown;
	if (!g->sandbox)
		g->gold -= pt->cost;
	gp->x = c->x;
	gp->y = c->y;
	for (i = 0; i < g->nunits; i++)
		n += game_power_reaches(g, k, c->x, c->y, i);

	ev = game_event_make(GAME_EV_POWER);
	ev.power = k;
	ev.x = c->x;
	ev.y = c->y;
	ev.value = n;
	ev.gold = pt->cost;
	game_emit(g, &ev);

	switch (pt->effect) {
	case POWER_EFFECT_STRIKE:
		for (i = 0; i < g->nunits; i++) {
			if (!game_power_reaches(g, k, c->x, c->y, i))
				continue;
			game_damage(g, i, pt->damage, false, -1,
			    game_power_by(k));
			g->power_kills += g->units[i].dead;
		}
		break;
	case POWER_EFFECT_BARRIER:
		gp->left = pt->ticks;
		game_map_changed(g, c->x, c->y, 0);
		break;
	case POWER_EFFECT_FREEZE:
		gp->left = pt->ticks;
		break;
	}
	return GAME_OK;
}

/* The effect of power k is over: a barrier falls, a freeze thaws. */
static void
game_power_end(struct game *g, int k)
{
	struct game_power	*gp = &g->powers[k];
	struct game_event	 ev;

	if (power_types[k].effect == POWER_EFFECT_BARRIER)
		game_map_changed(g, gp->x, gp->y,
		    level_cost(g->lv, gp->x, gp->y));
	ev = game_event_make(GAME_EV_POWER_END);
	ev.power = k;
	ev.x = gp->x;
	ev.y = gp->y;
	game_emit(g, &ev);
}

/*
 * One tick of every power: cooldowns run down, a freeze chills what
 * stands in it, and an effect whose time is up ends.
 */
void
game_powers(struct game *g)
{
	int	i, k;

	for (k = 0; k < POWER_NKINDS; k++) {
		struct game_power *gp = &g->powers[k];

		if (gp->cooldown > 0)
			gp->cooldown--;
		if (gp->left == 0)
			continue;
		if (power_types[k].effect == POWER_EFFECT_FREEZE) {
			for (i = 0; i < g->nunits; i++) {
				if (game_power_reaches(g, k, gp->x, gp->y, i))
					game_chill(g, k, i);
			}
		}
		if (--gp->left == 0)
			game_power_end(g, k);
	}
}
