/* SPDX-License-Identifier: ISC */
/*
 * The zones of the naive strategies: which route cells a strategy scores
 * new towers by (bot_score_cells skips the rest). Read afresh every turn
 * from the routes as they stand, so a bot keeps no memory; a naive
 * strategy never changes a route, so its zone stays where it was.
 *
 *  - route: every cell of every route (the maze and the spreaders);
 *  - exit: the cells shared by the most spawns' routes, from the one
 *    nearest an exit up to BOT_RING_LEN cells of route farther out (with
 *    several ways out and nothing shared, the last stretch to each);
 *  - spawn: the first BOT_RING_LEN cells down the field from every spawn
 *    cell;
 *  - choke: the route cells within BOT_CHOKE_ZONE of the cell that sees
 *    the most route within BOT_CHOKE_SEE (each cell counted once a spawn
 *    whose route it is on): one point defence where it sees most.
 */
#include <math.h>
#include <string.h>

#include "bot-internal.h"

#define BOT_RING_LEN	12	/* route cells a ring defends */
#define BOT_CHOKE_SEE	3.0	/* reach the choke is judged by */
#define BOT_CHOKE_ZONE	4.5	/* route defended round the choke */

/* The stretch most shared, nearest the exits. */
static void
bot_zone_exit(struct bot *b, const struct game *g)
{
	double	d, dmin = INFINITY;
	int	k, most = 0;

	for (k = 0; k < b->ncells; k++) {
		size_t i = (size_t)b->cells[k].y * b->w + b->cells[k].x;

		if (b->route[i] > most)
			most = b->route[i];
	}
	for (k = 0; k < b->ncells; k++) {
		size_t i = (size_t)b->cells[k].y * b->w + b->cells[k].x;

		d = field_distance(g->field, b->cells[k].x, b->cells[k].y);
		if (b->route[i] == most && d < dmin)
			dmin = d;
	}
	for (k = 0; k < b->ncells; k++) {
		size_t i = (size_t)b->cells[k].y * b->w + b->cells[k].x;

		d = field_distance(g->field, b->cells[k].x, b->cells[k].y);
		b->zone[i] = b->route[i] == most && d <= dmin + BOT_RING_LEN;
	}
}

/* The first stretch down the field from every spawn cell. */
static void
bot_zone_spawn(struct bot *b, const struct game *g)
{
	const struct level	*lv = g->lv;
	const struct field	*f = g->field;
	int			 s, c, k, i, d;

	for (s = 0; s < lv->nspawns; s++) {
		for (c = 0; c < lv->spawns[s].ncells; c++) {
			i = grid_index(&g->grid, lv->spawns[s].cells[c].x,
			    lv->spawns[s].cells[c].y);
			for (k = 0; k < BOT_RING_LEN; k++) {
				b->zone[(size_t)grid_y(&g->grid, i) * b->w +
				    grid_x(&g->grid, i)] = 1;
				d = f->dir[i];
				if (d == FIELD_DIR_GOAL || d == FIELD_DIR_NONE)
					break;
				i += field_offset(g->grid.stride, d);
			}
		}
	}
}

/* The route cells within BOT_CHOKE_ZONE of the cell seeing most route. */
static void
bot_zone_choke(struct bot *b)
{
	int	ri = (int)ceil(BOT_CHOKE_SEE), k, dx, dy, best = -1;
	float	top = 0.0f;
	size_t	i, n = (size_t)b->w * b->h;

	memset(b->score, 0, n * sizeof *b->score);
	for (k = 0; k < b->ncells; k++) {
		i = (size_t)b->cells[k].y * b->w + b->cells[k].x;
		for (dy = -ri; dy <= ri; dy++) {
			for (dx = -ri; dx <= ri; dx++) {
				int x = b->cells[k].x + dx;
				int y = b->cells[k].y + dy;

				if (x >= 0 && y >= 0 && x < b->w && y < b->h &&
				    bot_reaches(dx, dy, BOT_CHOKE_SEE, 0.0))
					b->score[(size_t)y * b->w + x] +=
					    b->route[i];
			}
		}
	}
	for (i = 0; i < n; i++) {
		if (b->score[i] > top) {
			top = b->score[i];
			best = (int)i;
		}
	}
	if (best < 0)
		return;
	for (k = 0; k < b->ncells; k++) {
		dx = b->cells[k].x - best % b->w;
		dy = b->cells[k].y - best / b->w;
		b->zone[(size_t)b->cells[k].y * b->w + b->cells[k].x] =
		    dx * dx + dy * dy <= BOT_CHOKE_ZONE * BOT_CHOKE_ZONE;
	}
}

/* Mark the route cells b's strategy defends in b->zone. */
void
bot_zone(struct bot *b, const struct game *g)
{
	size_t	n = (size_t)b->w * b->h;

	if (b->st->zone == BOT_ZONE_ROUTE) {
		memset(b->zone, 1, n);
		return;
	}
	memset(b->zone, 0, n);
	switch (b->st->zone) {
	case BOT_ZONE_EXIT:
		bot_zone_exit(b, g);
		break;
	case BOT_ZONE_SPAWN:
		bot_zone_spawn(b, g);
		break;
	case BOT_ZONE_CHOKE:
		bot_zone_choke(b);
		break;
	case BOT_ZONE_ROUTE:
		break;
	}
}
