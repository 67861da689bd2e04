/* SPDX-License-Identifier: ISC */
/*
 * The built-in player's powers: at most one a turn, each only when it
 * clearly helps, read from the game as it stands (no memory, so a resumed
 * game goes on the same). The first power ready, in the registry's
 * order, that helps is used:
 *
 *  - freeze a boss on the ground wherever it is, or else a pack of at
 *    least BOT_FREEZE_PACK enemies once it is within BOT_FREEZE_TOGO
 *    cells of an exit: aimed at the enemy whose disc catches the most;
 *  - strike where the disc takes the most hit points (each enemy counts
 *    what the strike would take from it) when that is at least
 *    BOT_STRIKE_WORTH strikes' worth; or else at the enemy nearest an
 *    exit, once it is within BOT_STRIKE_TOGO cells of it;
 *  - raise a barrier when a ground enemy is within BOT_BARRIER_TOGO cells
 *    of an exit: on the first cell of its way down the field, past the
 *    cells it touches, that the barrier may stand on, so it must turn
 *    back or go round.
 *
 * Every candidate is tried with game_check_power first, so the bot never
 * gives a command the game would refuse; ties go to the earliest unit.
 */
#include <math.h>
#include <stdbool.h>

#include "bot.h"
#include "game-internal.h"

#define BOT_FREEZE_PACK		5	/* enemies in one freeze */
#define BOT_FREEZE_TOGO		8.0	/* cells from an exit */
#define BOT_STRIKE_WORTH	2.0	/* strikes' worth of hit points */
#define BOT_STRIKE_TOGO		4.0	/* an enemy this near an exit */
#define BOT_BARRIER_TOGO	5.0	/* a ground enemy this near an exit */
#define BOT_BARRIER_AHEAD	4	/* cells down the field tried */

/* Whether power k aimed at (x, y) reaches living enemy j. */
static bool
bot_power_reaches(const struct game *g, int k, int x, int y, int j)
{
	int	mask = game_ground(g, j) ? TOWER_GROUND : TOWER_AIR;

	return game_alive(g, j) && (power_types[k].hits & mask) &&
	    game_in_power(g, k, x, y, g->agents[j].pos);
}

/*
 * Over every living enemy's cell as an aim for power k: the one where
 * worth (count, or hit points a strike takes) is greatest; its worth,
 * the least route left of an enemy caught, and whether a boss is caught.
 */
static double
bot_power_aim(struct game *g, int k, bool hp, int *ax, int *ay,
    double *near, bool *boss)
{
	double	best = 0.0, worth, togo;
	bool	big;
	int	i, j, x, y;

	*ax = *ay = -1;
	*near = INFINITY;
	*boss = false;
	for (i = 0; i < g->nunits; i++) {
		if (!game_alive(g, i))
			continue;
		x = (int)floor(g->agents[i].pos.x);
		y = (int)floor(g->agents[i].pos.y);
		worth = 0.0;
		togo = INFINITY;
		big = false;
		for (j = 0; j < g->nunits; j++) {
			const struct game_unit *u = &g->units[j];
			int d;

			if (!bot_power_reaches(g, k, x, y, j))
				continue;
			d = tower_hit_damage(power_types[k].damage, u->armour,
			    false);
			worth += hp ? (d < u->hp ? d : u->hp) : 1.0;
			if (u->togo < togo)
				togo = u->togo;
			big |= (enemy_types[u->type].traits &
			    ENEMY_TRAIT_BOSS) && game_ground(g, j);
		}
		if (worth <= best || game_check_power(g, k, x, y) != GAME_OK)
			continue;
		best = worth;
		*ax = x;
		*ay = y;
		*near = togo;
		*boss = big;
	}
	return best;
}

/* Freeze a boss or a pack near an exit. */
static bool
bot_freeze(struct game *g, int k)
{
	double	worth, near;
	bool	boss;
	int	x, y;

	worth = bot_power_aim(g, k, false, &x, &y, &near, &boss);
	if (x < 0 || (!boss && (near > BOT_FREEZE_TOGO ||
	    worth < BOT_FREEZE_PACK)))
		return false;
	return game_use_power(g, k, x, y) == GAME_OK;
}

/*
 * The living enemy power k reaches that is nearest an exit, where k may
 * be aimed at it, within most cells of route left, or -1.
 */
static int
bot_leading(struct game *g, int k, double most)
{
	int	i, lead = -1, x, y;

	for (i = 0; i < g->nunits; i++) {
		if (!game_alive(g, i) || g->units[i].togo > most ||
		    (lead >= 0 && g->units[i].togo >= g->units[lead].togo))
			continue;
		x = (int)floor(g->agents[i].pos.x);
		y = (int)floor(g->agents[i].pos.y);
		if (bot_power_reaches(g, k, x, y, i) &&
		    game_check_power(g, k, x, y) == GAME_OK)
			lead = i;
	}
	return lead;
}

/* Strike a dense group, or else the one nearest to leaking. */
static bool
bot_strike(struct game *g, int k)
{
	double	worth, near;
	bool	boss;
	int	x, y, i;

	worth = bot_power_aim(g, k, true, &x, &y, &near, &boss);
	if (x >= 0 && worth >= BOT_STRIKE_WORTH * power_types[k].damage)
		return game_use_power(g, k, x, y) == GAME_OK;
	if ((i = bot_leading(g, k, BOT_STRIKE_TOGO)) < 0)
		return false;
	return game_use_power(g, k, (int)floor(g->agents[i].pos.x),
	    (int)floor(g->agents[i].pos.y)) == GAME_OK;
}

/* A barrier in the way of the ground enemy nearest an exit. */
static bool
bot_barrier(struct game *g, int k)
{
	const struct field	*f = g->field;
	double			 best = BOT_BARRIER_TOGO;
	int			 i, n, lead = -1, c, d, x, y;

	for (i = 0; i < g->nunits; i++) {
		if (game_alive(g, i) && game_ground(g, i) &&
		    g->units[i].togo < best) {
			best = g->units[i].togo;
			lead = i;
		}
	}
	if (lead < 0)
		return false;
	c = grid_index(&g->grid, (int)floor(g->agents[lead].pos.x),
	    (int)floor(g->agents[lead].pos.y));
	for (n = 0; n < BOT_BARRIER_AHEAD; n++) {
		if ((d = f->dir[c]) < 0 || d == FIELD_DIR_GOAL)
			return false;
		c += field_offset(g->grid.stride, d);
		x = grid_x(&g->grid, c);
		y = grid_y(&g->grid, c);
		if (game_check_power(g, k, x, y) == GAME_OK)
			return game_use_power(g, k, x, y) == GAME_OK;
	}
	return false;
}

/* Use a power if one helps now; whether a command was given. */
bool
bot_powers(struct game *g, long keep)
{
	int	k;

	for (k = 0; k < POWER_NKINDS; k++) {
		bool used = false;

		if (g->powers[k].cooldown > 0 || (!g->sandbox &&
		    g->gold - keep < power_types[k].cost))
			continue;
		switch (power_types[k].effect) {
		case POWER_EFFECT_FREEZE:
			used = bot_freeze(g, k);
			break;
		case POWER_EFFECT_STRIKE:
			used = bot_strike(g, k);
			break;
		case POWER_EFFECT_BARRIER:
			used = bot_barrier(g, k);
			break;
		}
		if (used)
			return true;
	}
	return false;
}
