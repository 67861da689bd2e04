/* SPDX-License-Identifier: ISC */
/*
 * The maze: the wall that adds most to the worth of the routes (a longer
 * route, or one that runs through more defence, is worth more). Only the
 * strategies that build a maze ask for one.
 */
#include <stdlib.h>
#include <string.h>

#include "bot-internal.h"

/* Add (x, y) to the wall candidates if a wall could stand there. */
static void
bot_candidate(struct bot *b, const struct game *g, int x, int y, int *n)
{
	size_t	i = (size_t)y * b->w + x;

	if (!grid_inside(&b->grid, x, y) || b->tried[i] ||
	    g->tower_at[i] >= 0 || !level_buildable(g->lv, x, y))
		return;
	b->tried[i] = 1;
	b->cand[(*n)++] = (struct point){ x, y };
}

/*
 * The wall that adds most to bot_worth. Only two kinds of cell can change
 * a route: a cell of the route, and a corner a diagonal step of it passes
 * (a wall there forbids the step); anywhere else the route stays as it
 * is. Of those, as many as BOT_WALL_EVALS spread along the routes are
 * tried, fewer on a big map where each try costs more.
 */
bool
bot_best_wall(struct bot *b, struct game *g, struct bot_action *out)
{
	double		 base, m, best = 0.0;
	int		 k, n = 0, most, bx = -1, by = -1;

	memset(b->tried, 0, (size_t)b->w * b->h);
	for (k = 0; k < b->ncells; k++) {
		struct point c = b->cells[k];

		bot_candidate(b, g, c.x, c.y, &n);
		if (k + 1 < b->ncells && abs(b->cells[k + 1].x - c.x) == 1 &&
		    abs(b->cells[k + 1].y - c.y) == 1) {
			bot_candidate(b, g, b->cells[k + 1].x, c.y, &n);
			bot_candidate(b, g, c.x, b->cells[k + 1].y, &n);
		}
	}
	most = BOT_WALL_CELLS / (b->w * b->h);
	if (most > BOT_WALL_EVALS)
		most = BOT_WALL_EVALS;
	if (most < 4)
		most = 4;
	if (n == 0)
		return false;
	base = bot_worth(b, g, g->field, &g->grid, NULL);
	for (k = 0; k < most && k < n; k++) {
		struct point c = b->cand[n <= most ? k : (int)((long)k * n /
		    most)];

		if ((m = bot_try(b, g, c.x, c.y, NULL, base)) > best) {
			best = m;
			bx = c.x;
			by = c.y;
		}
	}
	if (bx < 0 || game_check_place(g, b->wall, bx, by) != GAME_OK)
		return false;
	out->type = GAME_CMD_PLACE;
	out->spec = -1;
	out->tower = b->wall;
	out->x = bx;
	out->y = by;
	out->cost = tower_types[b->wall].level[0].cost;
	out->value = best;
	return true;
}
