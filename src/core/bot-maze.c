/* SPDX-License-Identifier: ISC */
/*
 * The maze: the line of walls that adds most to the worth of the routes
 * per gold (a longer route, or one that runs through more defence, is
 * worth more). One wall rarely lengthens a route on open ground, where
 * the horde steps round it; a line across the route sends it round the
 * line's end. Only the strategies that build a maze ask for one. Every
 * line is tried against the bot's copy of the grid with a fresh field.
 */
#include <stdlib.h>
#include <string.h>

#include "bot-internal.h"

/* Add (x, y) to the wall candidates if a wall may stand there now. */
static void
bot_candidate(struct bot *b, struct game *g, int x, int y, int *n)
{
	size_t	i = (size_t)y * b->w + x;

	if (!grid_inside(&b->grid, x, y) || b->tried[i] ||
	    g->tower_at[i] >= 0 || !level_buildable(g->lv, x, y) ||
	    game_check_place(g, b->wall, x, y) != GAME_OK)
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

		m = bot_try(b, g, c.x, c.y, NULL, base);
		if (m > best) {
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

/*
 * The free stretch through (x, y) along (dx, dy): the cells a wall could
 * take, out both ways to the first cell that is blocked or cannot be
 * built on; its two ends (exclusive) in *lo and *hi, counted in steps
 * from (x, y). False when it is longer than BOT_LINE_MAX.
 */
static bool
bot_stretch(const struct bot *b, const struct game *g, int x, int y,
    int dx, int dy, int *lo, int *hi)
{
	int	k, sign;

	for (sign = -1; sign <= 1; sign += 2) {
		for (k = 1; k <= BOT_LINE_MAX; k++) {
			int px = x + sign * k * dx, py = y + sign * k * dy;

			if (!grid_inside(&g->grid, px, py) ||
			    grid_get_cost(&g->grid, px, py) == 0 ||
			    !level_buildable(g->lv, px, py) ||
			    g->tower_at[(size_t)py * b->w + px] >= 0)
				break;
		}
		if (sign < 0)
			*lo = -k;
		else
			*hi = k;
	}
	return *hi - *lo - 1 <= BOT_LINE_MAX;
}

/*
 * The walls of a line through (x, y) along (dx, dy) across its free
 * stretch but for one cell at one end (gap > 0: the far end, else the
 * near one), appended to out; how many.
 */
static int
bot_line(const struct bot *b, const struct game *g, int x, int y, int dx,
    int dy, int gap, struct point *out)
{
	int	lo, hi, k, n = 0;

	if (!grid_inside(&g->grid, x, y) || !level_buildable(g->lv, x, y) ||
	    g->tower_at[(size_t)y * b->w + x] >= 0 ||
	    !bot_stretch(b, g, x, y, dx, dy, &lo, &hi) || hi - lo < 4)
		return 0;
	for (k = lo + 1; k < hi; k++) {
		if ((gap > 0 && k == hi - 1) || (gap <= 0 && k == lo + 1))
			continue;
		out[n++] = (struct point){ x + k * dx, y + k * dy };
	}
	return n;
}

/*
 * What the walls c[0..n) add to the length of the routes (base: the
 * length now), or -1 if they would cut a spawn off. With worth >= 0 (the
 * worth now), what they add to the worth instead when that is more.
 */
static double
bot_line_gain(struct bot *b, const struct game *g, const struct point *c,
    int n, double base, double worth)
{
	double	m;
	int	k;

	for (k = 0; k < n; k++)
		grid_set_cost(&b->grid, c[k].x, c[k].y, 0);
	field_integrate(b->field, &b->grid, g->goals, g->ngoals);
	m = bot_worth(b, g, b->field, &b->grid, NULL);
	if (m >= 0.0 && worth >= 0.0) {
		b->plain = false;
		worth = bot_worth(b, g, b->field, &b->grid, NULL) - worth;
		b->plain = true;
		if (worth > m - base)
			m = base + worth;
	}
	for (k = 0; k < n; k++)
		grid_set_cost(&b->grid, c[k].x, c[k].y,
		    grid_get_cost(&g->grid, c[k].x, c[k].y));
	return m < 0.0 ? -1.0 : m - base;
}

/*
 * The first of the walls c[0..n) that may stand now, as the action out
 * worth value; false when none may.
 */
static bool
bot_first_wall(const struct bot *b, struct game *g, const struct point *c,
    int n, double value, struct bot_action *out)
{
	int	k;

	for (k = 0; k < n; k++) {
		if (game_check_place(g, b->wall, c[k].x, c[k].y) != GAME_OK)
			continue;
		out->type = GAME_CMD_PLACE;
		out->spec = -1;
		out->tower = b->wall;
		out->x = c[k].x;
		out->y = c[k].y;
		out->cost = tower_types[b->wall].level[0].cost;
		out->value = value;
		return true;
	}
	return false;
}

/*
 * Whether the maze may grow: the walls standing have cost less than
 * BOT_WALL_SHARE of the gold in attacking towers, and BOT_WALL_FREE more
 * (a maze needs towers to walk past).
 */
bool
bot_walls_due(const struct bot *b, const struct game *g)
{
	long	walls = 0, towers = 0;
	int	t, l;

	for (t = 0; t < g->ntowers; t++) {
		const struct game_tower *tw = &g->towers[t];

		if (!tw->used)
			continue;
		if (tw->type == b->wall) {
			walls += tower_types[b->wall].level[0].cost;
			continue;
		}
		for (l = 0; l < tw->level; l++)
			towers += tower_types[tw->type].level[l].cost;
	}
	return walls < BOT_WALL_SHARE * towers + BOT_WALL_FREE;
}

/*
 * The maze, two lines at a time: one wall on the lanes of a comb. A line
 * alone across open ground adds little (the horde steps round its end on
 * a slant), but two side by side with their gaps at opposite ends make it
 * walk the whole of both: so from BOT_LINE_FROM route cells spread along
 * the routes, every pair is tried of a line through the cell across its
 * free stretch (along the row or the column, a one-cell gap at one end)
 * and a line 2 or 3 cells on, its gap at the other end. A pair is judged
 * by the route length it adds per wall still to build, defence aside (the
 * towers come to the maze); the best, if it adds at least BOT_LINE_RATIO
 * cells a wall, is the action, and its first wall that may stand now is
 * the one given. A pair begun adds as much for fewer walls the next turn,
 * so the bot goes on building it with no memory of it.
 */
bool
bot_best_line(struct bot *b, struct game *g, struct bot_action *out)
{
	struct point	 c2[2 * BOT_LINE_MAX], pick[2 * BOT_LINE_MAX];
	double		 base, gain, best = BOT_LINE_RATIO;
	int		 k, o, sp, side, gap, n, n1, evals, from, npick = 0;

	if (b->ncells == 0)
		return false;
	/* 2 directions x 2 spacings x 2 sides x 2 gaps from each cell. */
	evals = BOT_WALL_CELLS / (b->w * b->h);
	from = evals / 16;
	from = from < 2 ? 2 : from > BOT_LINE_FROM ? BOT_LINE_FROM : from;
	b->plain = true;
	base = bot_worth(b, g, g->field, &g->grid, NULL);
	for (k = 0; k < from; k++) {
		struct point c = b->cells[(int)((long)k * b->ncells / from)];

		for (o = 0; o < 2; o++)
		for (sp = 2; sp <= 3; sp++)
		for (side = -1; side <= 1; side += 2)
		for (gap = -1; gap <= 1; gap += 2) {
			int dx = o, dy = 1 - o;		/* along the line */
			int ox = dy * side * sp, oy = dx * side * sp;

			n1 = bot_line(b, g, c.x, c.y, dx, dy, gap, c2);
			if (n1 == 0)
				continue;
			n = n1 + bot_line(b, g, c.x + ox, c.y + oy, dx, dy,
			    -gap, c2 + n1);
			gain = bot_line_gain(b, g, c2, n, base, -1.0) / n;
			if (gain > best) {
				best = gain;
				npick = n;
				memcpy(pick, c2, (size_t)n * sizeof *c2);
			}
		}
	}
	b->plain = false;
	return bot_first_wall(b, g, pick, npick, best, out);
}

/*
 * The gap that closes best: a narrow free stretch across the route (along
 * the row or the column through a route cell, at most BOT_PLUG_MAX cells
 * between blocked cells), walled whole. Shutting a pass between rocks
 * sends the horde round by another, which no single wall and no line with
 * a gap can do. Judged by the route length added per wall still to
 * build, or by the worth (bot_worth) added, whichever is more: a pass
 * shut may add little length but send the horde past the towers, where
 * two ways out the same distance off split the defence in two. The
 * best, if it adds at least BOT_PLUG_RATIO a wall, gives its first wall.
 * A gap half shut is a narrower gap the next turn, so the bot finishes
 * it with no memory of it.
 */
bool
bot_best_plug(struct bot *b, struct game *g, struct bot_action *out)
{
	struct point	 c[BOT_PLUG_MAX], pick[BOT_PLUG_MAX];
	double		 base, worth, gain, best = BOT_PLUG_RATIO;
	int		 k, o, lo, hi, j, n, evals, npick = 0;

	if (b->ncells == 0)
		return false;
	evals = BOT_WALL_CELLS / (b->w * b->h);
	memset(b->tried, 0, (size_t)b->w * b->h);
	worth = bot_worth(b, g, g->field, &g->grid, NULL);
	b->plain = true;
	base = bot_worth(b, g, g->field, &g->grid, NULL);
	for (k = 0; k < b->ncells && evals > 0; k++) {
		struct point p = b->cells[k];

		for (o = 0; o < 2; o++) {
			int dx = o, dy = 1 - o;
			size_t i;

			if (!level_buildable(g->lv, p.x, p.y) ||
			    g->tower_at[(size_t)p.y * b->w + p.x] >= 0 ||
			    !bot_stretch(b, g, p.x, p.y, dx, dy, &lo, &hi) ||
			    (n = hi - lo - 1) > BOT_PLUG_MAX)
				continue;
			/* Each stretch once: marked at its first cell. */
			i = (size_t)(p.y + (lo + 1) * dy) * b->w + p.x +
			    (lo + 1) * dx;
			if (b->tried[i] & (1 << o))
				continue;
			b->tried[i] |= (uint8_t)(1 << o);
			for (j = 0; j < n; j++)
				c[j] = (struct point){ p.x + (lo + 1 + j) * dx,
				    p.y + (lo + 1 + j) * dy };
			evals--;
			gain = bot_line_gain(b, g, c, n, base, worth) / n;
			if (gain > best) {
				best = gain;
				npick = n;
				memcpy(pick, c, (size_t)n * sizeof *c);
			}
		}
	}
	b->plain = false;
	return bot_first_wall(b, g, pick, npick, best, out);
}
