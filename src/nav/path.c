/* SPDX-License-Identifier: ISC */
/*
 * Waypoint paths: walk down a field's flow pointers, then pull the string
 * tight with exact line of sight.
 */
#include <stdlib.h>
#include <string.h>

#include "los.h"
#include "path.h"
#include "util.h"

/*
 * Write the cells from (x, y) to its goal along the flow pointers into out
 * (at most max). Returns how many were written: 0 when (x, y) cannot reach a
 * goal; max when the path was longer and got cut short.
 */
int
path_descend(const struct field *f, const struct grid *g, int x, int y,
    struct point *out, int max)
{
	int i, n = 0;

	if (!grid_inside(g, x, y))
		return 0;
	i = grid_index(g, x, y);
	if (f->dir[i] == FIELD_DIR_NONE)
		return 0;
	while (n < max) {
		int d = f->dir[i];

		out[n].x = grid_x(g, i);
		out[n].y = grid_y(g, i);
		n++;
		if (d == FIELD_DIR_GOAL || d == FIELD_DIR_NONE)
			break;
		i += field_offset(g->stride, d);
	}
	return n;
}

/*
 * A cell path read as far as the smoothing needs it: either given whole
 * (f NULL, n cells), or descended from a field on demand into cells, up to
 * max, so that a smoothing that stops early never walks the rest of the
 * way.
 */
struct path_cells {
	const struct field	*f;
	const struct grid	*g;
	struct point		*cells;
	int			 n, max;
	int			 next;		/* padded index to descend to */
};

/* Whether cell k of the path exists (descending to it if need be). */
static bool
path_cells_has(struct path_cells *pc, int k)
{
	while (pc->n <= k && pc->f != NULL && pc->next >= 0 &&
	    pc->n < pc->max) {
		int i = pc->next, d = pc->f->dir[i];

		pc->cells[pc->n].x = grid_x(pc->g, i);
		pc->cells[pc->n].y = grid_y(pc->g, i);
		pc->n++;
		pc->next = d == FIELD_DIR_GOAL || d == FIELD_DIR_NONE ? -1 :
		    i + field_offset(pc->g->stride, d);
	}
	return k < pc->n;
}

/*
 * Shorten a cell path to waypoints: from each waypoint, jump to the last cell
 * of the longest run ahead that it sees directly. With 4-way movement only
 * along its row or column: a slanted line is no route there, so the path
 * keeps a waypoint at every turn. Stops once it has want waypoints (the
 * first want of the whole smoothing: it is greedy from the start). out may
 * equal pc's cells. Returns the number of waypoints, first and last cells
 * kept.
 */
static int
path_smooth_first(const struct grid *g, struct path_cells *pc,
    struct point *out, int want)
{
	const struct point	*in = pc->cells;
	int			 m = 0, a = 0;

	if (!path_cells_has(pc, 0))
		return 0;
	out[m++] = in[0];
	while (path_cells_has(pc, a + 1) && m < want) {
		int b = a + 1;

		while (path_cells_has(pc, b + 1) && (g->diagonal ||
		    in[b + 1].x == in[a].x || in[b + 1].y == in[a].y) &&
		    los_ray_clear(g, in[a].x, in[a].y, in[b + 1].x,
		    in[b + 1].y))
			b++;
		out[m++] = in[b];
		a = b;
	}
	return m;
}

/* Shorten a whole cell path to waypoints (path_smooth_first, no limit). */
int
path_smooth(const struct grid *g, const struct point *in, int n,
    struct point *out)
{
	struct path_cells	pc = { NULL, g, (struct point *)in, n, n, -1 };

	return path_smooth_first(g, &pc, out, n);
}

/* The first want waypoints of path_smooth (out may equal in). */
int
path_smooth_some(const struct grid *g, const struct point *in, int n,
    struct point *out, int want)
{
	struct path_cells	pc = { NULL, g, (struct point *)in, n, n, -1 };

	return path_smooth_first(g, &pc, out, want < 2 ? 2 : want);
}

/*
 * Waypoints from (x, y) to its goal: straight to the goal when the cell sees
 * it (with 8-way movement), otherwise the descended path smoothed. out needs
 * room for the whole descended path (max); returns the count, 0 if
 * unreachable.
 */
int
path_waypoints(const struct field *f, const struct grid *g, int x, int y,
    struct point *out, int max)
{
	return path_waypoints_first(f, g, x, y, out, max, max);
}

/*
 * The first want waypoints path_waypoints gives (fewer when the path has
 * fewer), smoothing no further: a walker that keeps a few waypoints pays
 * for those, not for the whole way across a large map.
 */
int
path_waypoints_first(const struct field *f, const struct grid *g, int x,
    int y, struct point *out, int max, int want)
{
	struct path_cells	pc;
	int			i;

	if (!grid_inside(g, x, y) || max < 2)
		return 0;
	i = grid_index(g, x, y);
	if (f->dir[i] == FIELD_DIR_NONE)
		return 0;
	if (g->diagonal && f->los[i] && f->goal[i] >= 0) {
		int gi = f->goals[f->goal[i]];

		out[0].x = x;
		out[0].y = y;
		if (gi == i)
			return 1;
		out[1].x = grid_x(g, gi);
		out[1].y = grid_y(g, gi);
		return 2;
	}
	/* Descended only as far as the first want waypoints reach. */
	pc.f = f;
	pc.g = g;
	pc.cells = out;
	pc.n = 0;
	pc.max = max;
	pc.next = i;
	return path_smooth_first(g, &pc, out, want < 2 ? 2 : want);
}

/* A memo of next waypoints for a w x h grid, knowing nothing yet. */
struct path_memo *
path_memo_new(int w, int h)
{
	struct path_memo	*m = xcalloc(1, sizeof *m);

	m->n = grid_cells(w, h);
	m->stamp = xcalloc(m->n, sizeof *m->stamp);
	m->next = xcalloc(m->n, sizeof *m->next);
	m->gen = 1;
	return m;
}

/* Free m. */
void
path_memo_free(struct path_memo *m)
{
	if (m == NULL)
		return;
	free(m->stamp);
	free(m->next);
	free(m);
}

/* Forget every next waypoint: the field or the grid has changed. */
void
path_memo_forget(struct path_memo *m)
{
	if (++m->gen == 0) {
		memset(m->stamp, 0, m->n * sizeof *m->stamp);
		m->gen = 1;
	}
}

/*
 * The first want waypoints path_waypoints_first gives from (x, y), the
 * next waypoint of each cell taken from m or found (by smoothing its
 * descent into scratch, room for max cells) and kept there. max must hold
 * any descended path, so that no descent is cut short. f and g must be
 * what m was last forgotten for.
 */
int
path_waypoints_memo(struct path_memo *m, const struct field *f,
    const struct grid *g, int x, int y, struct point *out, int want,
    struct point *scratch, int max)
{
	int	n, i;

	if (!grid_inside(g, x, y) || max < 2)
		return 0;
	i = grid_index(g, x, y);
	if (f->dir[i] == FIELD_DIR_NONE)
		return 0;
	if (g->diagonal && f->los[i] && f->goal[i] >= 0)
		return path_waypoints_first(f, g, x, y, out, max, want);
	if (want < 2)
		want = 2;
	out[0].x = x;
	out[0].y = y;
	for (n = 1; n < want; n++) {
		if (m->stamp[i] != m->gen) {
			struct path_cells pc = { f, g, scratch, 0, max, i };

			m->next[i] = path_smooth_first(g, &pc, scratch, 2) < 2 ?
			    -1 : grid_index(g, scratch[1].x, scratch[1].y);
			m->stamp[i] = m->gen;
		}
		if ((i = m->next[i]) < 0)
			break;
		out[n].x = grid_x(g, i);
		out[n].y = grid_y(g, i);
	}
	return n;
}
