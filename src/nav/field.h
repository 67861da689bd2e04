/* SPDX-License-Identifier: ISC */
/*
 * Integration and flow fields. field_build runs a multi-goal Dijkstra from the
 * goal cells over a grid and fills, for every map cell:
 *
 *   dist  exact route cost to the nearest goal, in fixed point (FIELD_UNIT per
 *         cell of plain ground) less the field's base (0 after a build), or
 *         FIELD_INF when no goal can be reached;
 *   dir   the pointer form of the flow: the neighbour that starts a shortest
 *         route (always strictly lower dist), FIELD_DIR_GOAL on a goal,
 *         FIELD_DIR_NONE when blocked or unreachable;
 *   goal  which goal that route ends at: a slot of goals[] (-1 unreachable);
 *   los   1 when the cell sees its goal in a straight line (see los.h).
 *
 * Fixed point keeps the arithmetic exact and associative: the same field comes
 * out whatever order the cells are settled in, which is what lets incremental
 * repair be compared with a rebuild bit for bit. A diagonal step costs
 * FIELD_DIAG = round(sqrt(2) * FIELD_UNIT) times the cost of the cell it
 * enters, so a route is off the real value by under 1.2e-11 cells for each
 * diagonal step into plain ground (c times that into a cell of cost c).
 *
 * The queue is a bucket queue with buckets one FIELD_UNIT wide: no step costs
 * less than that, so a cell in the lowest bucket can never be improved by
 * another cell of the same bucket, and whole buckets are settled in any order.
 *
 * Pointer tie-break: when several neighbours start a shortest route, dir names
 * the first in the order N, E, S, W, NE, SE, SW, NW (orthogonal before
 * diagonal), so routes prefer straight steps. field_integrate picks pointers
 * while it relaxes, the canonical builder (field_canon) reads them off the
 * finished distances, and field_flow recomputes them by a plain scan: all
 * three give the same answer.
 *
 * Builders: field_build uses field_canon when field_canon_applies (8-way
 * movement, every open cell at cost 1: most cells are filled by straight and
 * diagonal scans, only jump points pass through the queue; field-canon.c),
 * and field_integrate (Dijkstra) otherwise. Both fill the same arrays bit
 * for bit; field_integrate is the tests' oracle. With several goals the
 * canonical builder's pointer pass also checks the goal slots and leaves a
 * box per slot round its cells (obox), which the sight sweep uses
 * (weir-bench field gives the cost of many goals against one).
 *
 * Goal slots: goals[] is the goal list given to field_build with blocked cells
 * and repeats dropped, in order. A cell's goal is the goal its pointer chain
 * ends at, so when two goals tie the same tie-break decides. Incremental
 * repair (repair.h) edits the list in place and keeps every array equal to a
 * field_build of the edited grid with goals[0..ngoals) as the list.
 *
 * Memory: one allocation of field_sizeof(w, h) bytes, about 31 bytes a cell
 * (22 for the build, 9 of scratch for repair).
 */
#ifndef WEIR_FIELD_H
#define WEIR_FIELD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grid.h"

#define FIELD_UNIT	((int64_t)1 << 32)	/* one cell of plain ground */
#define FIELD_DIAG	((int64_t)6074001000)	/* round(sqrt(2) * FIELD_UNIT) */
#define FIELD_INF	INT64_MAX		/* unreachable */
#define FIELD_MAX_GOALS	1024			/* goal cells one field accepts */

#define FIELD_NBUCKETS	64	/* buckets in the queue's ring (field-ring.h) */
#define FIELD_CANON_ROW_WEIGHT 8 /* field_canon_run: a pointer's cost in
				   a reached cell's (a budget of n cells does
				   n * this cells of pointers) */

#define FIELD_DIR_NONE	(-1)	/* blocked or unreachable */
#define FIELD_DIR_GOAL	8	/* the cell is a goal */

/* Directions 0..7: N, NE, E, SE, S, SW, W, NW (even = orthogonal). */
extern const int	field_dx[8];
extern const int	field_dy[8];

struct field_stats {
	uint64_t	settled;	/* cells taken off the queue */
	uint64_t	relaxed;	/* distance improvements (Dijkstra) */
	uint64_t	queued;		/* canonical builder: jump points queued */
	uint64_t	los_cells;	/* cells the line-of-sight sweep looked at */
	/* Left by the last repair (repair.h); a build zeroes them. */
	uint64_t	affected;	/* cells whose distance was invalidated */
	uint64_t	touched;	/* cells whose state was looked at or set */
	uint64_t	rebuilt;	/* 1: the repair fell back to a full build */
};

struct field {
	int		 w, h, stride;	/* same shape as the grid */
	size_t		 ncells;	/* (w + 2) * (h + 2) */
	int64_t		*dist;		/* padded, FIELD_INF when unreachable */
	int8_t		*dir;		/* padded, 0..7, FIELD_DIR_GOAL or _NONE */
	uint8_t		*los;		/* padded, 1 = sees its goal */
	int32_t		*goal;		/* padded, slot in goals[] of its goal, -1 */
	int32_t		*goals;		/* the goal cells (padded indices) */
	int		 ngoals;
	/*
	 * A cell's route cost is dist + base. A build sets base 0; only the
	 * hunt field (hunt.h) moves it, so that a goal's step that lengthens
	 * every route by the same amount costs one addition.
	 */
	int64_t		 base;

	/* Private: bucket queue links, line-of-sight and repair scratch. */
	int32_t		*qnext, *qprev;
	void		*losbuf;
	size_t		 losbuf_size;
	uint8_t		*rflag;		/* per cell, all 0 between repairs */
	int32_t		*rlist;		/* cells flagged by the current repair */
	int32_t		*rseed;		/* seeds waiting to enter the queue */
	int32_t		*rbox;		/* 4 per goal slot: a box to re-sweep */
	int32_t		*obox;		/* 4 per goal slot: a box holding its
					   cells (left by a canonical build
					   with several goals, kept by
					   repairs; the sight sweep's) */
	int32_t		*sbox;		/* 4 per goal slot: a repair's shadows */
	bool		 obox_ok;	/* obox is kept (repair.c) */

	struct field_stats stats;
};

/*
 * A field_integrate in slices (field_integrate_start, then
 * field_integrate_run until it returns true), or a field_canon
 * (field_canon_start, field_canon_run): the queue's state between slices.
 * The field's own arrays hold the rest.
 */
struct field_slice {
	int32_t		 head[FIELD_NBUCKETS];
	int64_t		 bucket;
	size_t		 queued;
	bool		 clean;		/* set by the caller: dist, dir and
					   goal are all unreachable already,
					   so start skips that pass */
	int32_t		*order;		/* set by the caller, or NULL: the
					   cells in the order settled */
	size_t		 norder;
	int		 stage, row;	/* field_canon_run: 0 the search, 1
					   the pointers, from row */
	int		 reach;		/* set by the caller, or 0: buckets a
					   canonical scan may run ahead (any
					   reach gives the same field; a short
					   one keeps a slice near its budget) */
};

size_t		 field_sizeof(int w, int h);
struct field	*field_init(void *mem, int w, int h);
struct field	*field_new(int w, int h);
void		 field_free(struct field *f);
void		 field_copy(struct field *dst, const struct field *src);

int		 field_build(struct field *f, const struct grid *g,
		     const int32_t *goals, int ngoals);
void		 field_integrate(struct field *f, const struct grid *g,
		     const int32_t *goals, int ngoals);
void		 field_integrate_start(struct field *f, const struct grid *g,
		     const int32_t *goals, int ngoals, struct field_slice *s);
bool		 field_integrate_run(struct field *f, const struct grid *g,
		     struct field_slice *s, uint64_t budget);
bool		 field_canon_applies(const struct grid *g);
void		 field_canon(struct field *f, const struct grid *g,
		     const int32_t *goals, int ngoals);
void		 field_canon_start(struct field *f, const struct grid *g,
		     const int32_t *goals, int ngoals, struct field_slice *s);
bool		 field_canon_run(struct field *f, const struct grid *g,
		     struct field_slice *s, uint64_t budget);
void		 field_canon_distances(struct field *f, const struct grid *g,
		     const int32_t *goals, int ngoals);
uint64_t	 field_canon_local(struct field *f, const struct grid *g,
		     int32_t goal, int64_t nbuckets, int box[4]);
void		 field_canon_local_clean(struct field *f,
		     const struct grid *g, const int box[4]);
void		 field_flow(struct field *f, const struct grid *g);
int		 field_best_dir(const struct field *f, const struct grid *g,
		     int i);
void		 field_gradient(const struct field *f, const struct grid *g,
		     int x, int y, double *vx, double *vy);
int		 field_gradient_dir(const struct field *f,
		     const struct grid *g, int x, int y);

/* Step cost from padded cell i in direction d (0 when the step is illegal). */
int64_t		 field_step_cost(const struct grid *g, int i, int d);

/* Route cost of map cell (x, y) in cells, or INFINITY when unreachable. */
double		 field_distance(const struct field *f, int x, int y);

/* Padded-index offset of direction d on a grid of this stride. */
static inline int
field_offset(int stride, int d)
{
	return field_dy[d] * stride + field_dx[d];
}

#endif
