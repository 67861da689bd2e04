/* SPDX-License-Identifier: ISC */
/*
 * Commands of many parts: a line of towers (line TYPE X Y X2 Y2), every
 * tower of a kind a level up (upgrade-all TYPE), every tower in a box a
 * level up (upgrade-area X Y X2 Y2). Each is carried out as the plain
 * commands it stands for, given one after another through game_command:
 * a placement a cell of the line from its first end, an upgrade a tower
 * (in the order they were built, or row by row in a box). Each part is
 * checked, logged and reported as if given alone, so a saved game or a
 * recording holds only plain commands, and a part refused (no gold left,
 * a cell taken, a tower that would block) leaves the others standing.
 * The command itself is never logged; it is refused as a whole only when
 * no part could be tried: an end of the line off the map, no tower of the
 * kind or in the box, every one at its top level, or the game over.
 *
 * The line's cells are those the mouse drags over: for the longer axis's
 * every step k of n, the other coordinate rounded from k/n of its way
 * (half away from zero), so each cell of a line is found, and tested, in
 * constant time.
 */
#include <stdlib.h>
#include <string.h>

#include "game-internal.h"

/* v / n rounded half away from zero (n > 0). */
static long
game_batch_round(long v, long n)
{
	long	q = (2 * labs(v) + n) / (2 * n);

	return v < 0 ? -q : q;
}

/* How many cells the line from (x0, y0) to (x1, y1) has, ends counted. */
int
game_line_cells(int x0, int y0, int x1, int y1)
{
	long	dx = labs((long)x1 - x0), dy = labs((long)y1 - y0);

	return (int)((dx > dy ? dx : dy) + 1);
}

/* Cell k (0 at (x0, y0)) of the line from (x0, y0) to (x1, y1). */
void
game_line_cell(int x0, int y0, int x1, int y1, int k, int *x, int *y)
{
	long	dx = (long)x1 - x0, dy = (long)y1 - y0;
	long	n = game_line_cells(x0, y0, x1, y1) - 1;

	if (n == 0) {
		*x = x0;
		*y = y0;
		return;
	}
	*x = (int)(x0 + game_batch_round(dx * k, n));
	*y = (int)(y0 + game_batch_round(dy * k, n));
}

/* Whether (x, y) is a cell of the line from (x0, y0) to (x1, y1). */
bool
game_line_has(int x0, int y0, int x1, int y1, int x, int y)
{
	long	dx = (long)x1 - x0, dy = (long)y1 - y0, k;
	long	n = game_line_cells(x0, y0, x1, y1) - 1;
	int	cx, cy;

	if (n == 0)
		return x == x0 && y == y0;
	/* Along the longer axis a cell a step: k is where (x, y) would be. */
	k = labs(dx) == n ? ((long)x - x0) * (dx < 0 ? -1 : 1) :
	    ((long)y - y0) * (dy < 0 ? -1 : 1);
	if (k < 0 || k > n)
		return false;
	game_line_cell(x0, y0, x1, y1, (int)k, &cx, &cy);
	return cx == x && cy == y;
}

/* Give part c of a batch and count what became of it in b. */
static void
game_batch_part(struct game *g, const struct game_cmd *c,
    struct game_batch *b)
{
	int			gold = g->gold;
	enum game_reason	r = game_command(g, c);

	b->tried++;
	if (r == GAME_OK) {
		b->done++;
		b->gold += gold - g->gold;
		return;
	}
	if (b->refused++ == 0) {
		b->first = r;
		b->first_x = c->x;
		b->first_y = c->y;
	}
}

/* line TYPE X Y X2 Y2: a placement a cell, from (X, Y) on. */
static enum game_reason
game_batch_line(struct game *g, const struct game_cmd *c,
    struct game_batch *b)
{
	struct game_cmd	part;
	int		k, n;

	if (!grid_inside(&g->grid, c->x, c->y) ||
	    !grid_inside(&g->grid, c->x2, c->y2))
		return GAME_OUT_OF_MAP;
	n = game_line_cells(c->x, c->y, c->x2, c->y2);
	memset(&part, 0, sizeof part);
	part.type = GAME_CMD_PLACE;
	part.tower = c->tower;
	part.power = -1;
	for (k = 0; k < n; k++) {
		game_line_cell(c->x, c->y, c->x2, c->y2, k, &part.x, &part.y);
		game_batch_part(g, &part, b);
	}
	return GAME_OK;
}

/* An upgrade of the tower in slot t, or a tower skipped at its top. */
static void
game_batch_upgrade(struct game *g, int t, struct game_batch *b)
{
	const struct game_tower	*tw = &g->towers[t];
	struct game_cmd		 part;

	if (tower_upgrade_cost(tw->type, tw->level) < 0) {
		b->skipped++;
		return;
	}
	memset(&part, 0, sizeof part);
	part.type = GAME_CMD_UPGRADE;
	part.tower = -1;
	part.power = -1;
	part.x = tw->x;
	part.y = tw->y;
	game_batch_part(g, &part, b);
}

/* upgrade-all TYPE: every tower of the kind, in the order built. */
static enum game_reason
game_batch_upgrade_all(struct game *g, const struct game_cmd *c,
    struct game_batch *b)
{
	for (int t = 0; t < g->ntowers; t++)
		if (g->towers[t].used && g->towers[t].type == c->tower)
			game_batch_upgrade(g, t, b);
	return GAME_OK;
}

/* upgrade-area X Y X2 Y2: every tower in the box, row by row. */
static enum game_reason
game_batch_upgrade_area(struct game *g, const struct game_cmd *c,
    struct game_batch *b)
{
	int	x0 = c->x < c->x2 ? c->x : c->x2, x1 = c->x < c->x2 ? c->x2 : c->x;
	int	y0 = c->y < c->y2 ? c->y : c->y2, y1 = c->y < c->y2 ? c->y2 : c->y;
	int32_t	t;

	/* What lies off the map holds no tower. */
	x0 = x0 < 0 ? 0 : x0;
	y0 = y0 < 0 ? 0 : y0;
	x1 = x1 >= g->w ? g->w - 1 : x1;
	y1 = y1 >= g->h ? g->h - 1 : y1;
	for (int y = y0; y <= y1; y++)
		for (int x = x0; x <= x1; x++)
			if ((t = g->tower_at[(size_t)y * g->w + x]) >= 0)
				game_batch_upgrade(g, t, b);
	return GAME_OK;
}

/*
 * Carry out c, a command of many parts, counting in b (NULL: not wanted)
 * what became of them; any other command is given as game_command gives
 * it, as a batch of one. GAME_OK when a part was carried out, else the
 * first part's refusal, or why no part could be tried (then reported as
 * the command's own refusal).
 */
enum game_reason
game_command_batch(struct game *g, const struct game_cmd *c,
    struct game_batch *b)
{
	struct game_batch	mine;
	enum game_reason	r;

	if (b == NULL)
		b = &mine;
	memset(b, 0, sizeof *b);
	b->first = GAME_OK;
	if (!game_cmd_valid(c) || !cmd_types[c->type].many) {
		game_batch_part(g, c, b);
		return b->done > 0 ? GAME_OK : b->first;
	}
	if (g->state != GAME_PLAYING)
		r = GAME_ENDED;
	else if (c->type == GAME_CMD_LINE)
		r = game_batch_line(g, c, b);
	else if (c->type == GAME_CMD_UPGRADE_ALL)
		r = game_batch_upgrade_all(g, c, b);
	else
		r = game_batch_upgrade_area(g, c, b);
	if (r == GAME_OK && b->tried == 0)
		r = b->skipped > 0 ? GAME_MAX_LEVEL : GAME_NO_TOWER;
	if (r != GAME_OK) {
		game_reject(g, c, r, true);
		return r;
	}
	return b->done > 0 ? GAME_OK : b->first;
}

/* game_do[]'s handler of the commands of many parts. */
enum game_reason
game_do_batch(struct game *g, const struct game_cmd *c)
{
	return game_command_batch(g, c, NULL);
}
