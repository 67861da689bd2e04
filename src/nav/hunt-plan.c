/* SPDX-License-Identifier: ISC */
/*
 * hunt-plan: where the hunt field's exact builds aim, and the copy of a
 * whole hunt state. A goal whose walk to come is known (hunt_plan: the
 * hero's route) gets each canonical build aimed at the cell it will stand
 * on when the build ends: as many of its steps ahead as it will take
 * before the build's last update, at its pace of late (updates between
 * its last two moves, and those since the last). When the goal is there the build is taken whole (an O(1) trade
 * of arrays, hunt.c), so the field is exact then, however fast the goal
 * walks; a goal that leaves its walk before it comes drops the build, one
 * that does not come drops it and the walk, and a new walk that does not
 * come to it drops it too (a goal sent back the way it came). With no
 * walk known a build
 * aims at the goal as it stands, and the steps it took since are replayed
 * when the build is taken. A canonical build aims HUNT_AIM_AHEAD steps
 * further and may be taken before the goal comes (hunt-rev.c). The budget
 * of a build's updates is here too, whether an update builds the field
 * whole rather than run the wave (with the wave's share of a far need it
 * weighs that by), and the direction of a step.
 */
#include <assert.h>
#include <math.h>
#include <string.h>

#include "field-ring.h"
#include "hunt.h"

static int32_t	hunt_aim_len(const struct hunt *, int, int);

/*
 * Whether the canonical build under way still serves the walk just told:
 * its goal is the one a build started now would aim at (of a build's
 * length, xfull), or lies on the walk before that one (the goal comes to
 * it first).
 */
static bool
hunt_plan_keeps(const struct hunt *h)
{
	int32_t aim = hunt_aim_len(h, HUNT_AIM_AHEAD, h->xfull);

	if (h->xgoal == aim)
		return true;
	for (int k = 0; k < h->nplan && h->plan[k] != aim; k++)
		if (h->plan[k] == h->xgoal)
			return true;
	return false;
}

/*
 * The goal's walk to come: cells[0..n) (padded indices), the first a
 * neighbour of the goal. A build then aims where the goal will stand when
 * it ends. A step off the walk forgets it. A canonical build under way
 * that the new walk does not come to is dropped, and the next update
 * starts one aimed along it: a goal that turns back at the end of its
 * walk (a hero sent back the way it came) walked away from the old one's
 * goal until it ended and the one after it did, its field staler by about
 * two cells a step over most of the map (weir-bench goal, every step
 * compared: 12.8 cells at worst, 17 at the sixth step back in one phase
 * of the cycle). Only a build that has run one update
 * at most, and only once between two builds that end (xdropped: a drop
 * for a step off the walk counts too): a walk told every update, or
 * again after each step off it, dropped every build before it ended.
 */
void
hunt_plan(struct hunt *h, const int32_t *cells, int n)
{
	size_t max = h->f->ncells;

	if (n < 0)
		n = 0;
	h->nplan = (size_t)n < max ? n : (int)max;
	h->iplan = 0;
	hunt_rev_end(h);	/* its walk is the old one */
	memcpy(h->plan, cells, (size_t)h->nplan * sizeof *h->plan);
	if (h->xphase == 1 && h->xcanon && !h->xdropped &&
	    h->xlen <= 1 && !hunt_plan_keeps(h)) {
		h->xphase = 0;
		h->xs.clean = false;
		h->xdropped = true;
		h->xlen = h->xfull;	/* the next aims as far as a build's */
	}
}

/* Whether the goal's walk to come is known (told, not left, not done). */
bool
hunt_walk_known(const struct hunt *h)
{
	return h->iplan < h->nplan;
}

/* The goal steps to cell c: along its walk, or off it. */
void
hunt_plan_step(struct hunt *h, int32_t c)
{
	h->ups = h->since > 0 ? h->since : 1;
	h->since = 0;
	if (h->iplan < h->nplan && h->plan[h->iplan] == c) {
		h->iplan++;
		return;
	}
	h->nplan = h->iplan = 0;
	if (h->xphase != 0 && h->xphase != 2 && !h->xarrived) {
		h->xphase = 0;		/* aimed where the goal will not be */
		h->xs.clean = false;
		h->xdropped = true;
	}
}

/*
 * The cell the next build aims at: the goal's, or with a walk known the
 * cell of it the goal will stand on when the build ends, and ahead more
 * steps on (a build that may be taken before the goal comes: hunt-rev.c).
 */
int32_t
hunt_aim(const struct hunt *h, int ahead)
{
	return hunt_aim_len(h, ahead, h->xlen);
}

/*
 * hunt_aim for a build of xlen updates. hunt_aim takes h->xlen: the last
 * build's length when it ended; after a drop for a step off the walk, the
 * dropped one's few updates, so the next aims at the goal as it stands
 * (a goal that keeps leaving its walk does not leave that one); after a
 * drop for a new walk, the last length that ended (hunt_plan).
 */
static int32_t
hunt_aim_len(const struct hunt *h, int ahead, int xlen)
{
	int k, moves;

	if (h->iplan >= h->nplan)
		return h->goal;
	/*
	 * The goal's moves before the build's last update, xlen - 1 updates
	 * on: one every ups updates, the last since updates ago. A goal that
	 * will not move before the build ends (a hero takes about 14 ticks a
	 * cell) is aimed at where it stands, and not ahead: the build is
	 * then exact when taken, where one aimed ahead would leave the cells
	 * behind a step stale until the goal came.
	 */
	moves = (xlen - 2 + h->since) / h->ups;
	k = h->iplan + moves - 1 + (moves >= 1 ? ahead : 0);
	if (k < h->iplan)
		return h->goal;
	return h->plan[k < h->nplan - 1 ? k : h->nplan - 1];
}

/*
 * A build's budget an update, in cells: the last build's work spread
 * evenly over HUNT_SLICES updates (so each update of a build costs about
 * the same, whatever share of the map is open), but never under half a
 * slice (a map that opened up since is built in bounded time); the first
 * build, a slice. While the goal walks and the hunters' need keeps the
 * wave busy (it settled more than that budget's worth, in a build's
 * cells, the update before), half of it, and a quarter when the wave
 * settled more than twice that: the two would add up to a dear update
 * (lak303d's opening in weir-bench goal: waves of 1,000 to 1,800 cells
 * for a step, with slices of 2,500 beside them). A goal standing still
 * gets the whole budget, so hunt_exact_bound holds.
 */
uint64_t
hunt_x_budget(const struct hunt *h)
{
	uint64_t slice = (uint64_t)h->slice, even, budget;

	if (h->xwork == 0)
		return slice;
	even = (h->xwork + HUNT_SLICES - 1) / HUNT_SLICES;
	budget = even * 2 < slice ? (slice + 1) / 2 : even;
	if (h->since <= 1 && h->waved * HUNT_WAVE_WEIGHT > 2 * budget)
		budget = (budget + 3) / 4;
	else if (h->since <= 1 && h->waved * HUNT_WAVE_WEIGHT > budget)
		budget = (budget + 1) / 2;
	return budget;
}

/*
 * How far ahead of the queue a canonical build's scans may run in a slice
 * of the budget: a bucket's scans run up to reach buckets ahead, from the
 * goal an octagon of about 3 reach^2 cells, written about twice over (the
 * scans cross), all in the first bucket, so on a small open map the
 * builder's own reach (its ring's) wrote the whole build in one slice
 * (arena: 1,838 cells, a budget of 600). Any reach gives the same field;
 * 0 leaves the builder's.
 */
int
hunt_x_reach(uint64_t budget)
{
	double r = sqrt((double)budget / 8);

	return r < 4 ? 4 : r > FIELD_NBUCKETS ? 0 : (int)r;
}

/*
 * Whether a need out to far (the distance of the farthest cell not
 * proven) builds the field whole (hunt_choose). It holds for every need
 * farther out too, so one cell not proven that far out settles it
 * (hunt_prove stops on that: the build throws away what it proves).
 */
bool
hunt_far_dearer(const struct hunt *h, int64_t far)
{
	return hunt_choose(h, far) == HUNT_BY_WHOLE;
}

/*
 * A whole build before any build in slices has ended (the first: where
 * the chase starts): its work is the first known cost of a build (cells
 * reached, and the pointers' rows, as hunt_x_run counts a build's), and
 * its distances tell how much of each disc round the goal the map leaves
 * open (wdisc[k]: the cells within k HUNT_DISC_STEP cells), which stands
 * for wratio until a far wave measures it. Without them the first updates
 * of a chase could not build whole: on arena (weir-bench goal) they ran
 * local builds of the whole map and a wave of 1,700 cells, 1.5 to 3.9
 * rebuilds' time each, where a whole build costs about half of one.
 */
void
hunt_disc_count(struct hunt *h, const struct grid *g)
{
	const struct field *f = h->f;

	h->xwork = f->stats.settled + (h->unit ?
	    (uint64_t)g->w * g->h / FIELD_CANON_ROW_WEIGHT : 0);
	memset(h->wdisc, 0, sizeof h->wdisc);
	for (size_t i = 0; i < f->ncells; i++) {
		int64_t r;

		if (f->dist[i] == FIELD_INF)
			continue;
		r = (f->dist[i] + f->base + FIELD_UNIT - 1) / FIELD_UNIT;
		r = (r + HUNT_DISC_STEP - 1) / HUNT_DISC_STEP;
		if (r <= HUNT_DISC_N)
			h->wdisc[r]++;
	}
	for (int k = 1; k <= HUNT_DISC_N; k++)
		h->wdisc[k] += h->wdisc[k - 1];
}

/*
 * The share of the half disc out to far that a far wave settles: wratio
 * once one has measured it; before, the share of the full disc the first
 * build found open (a step improves about half the cells nearer the goal
 * than the need: half of them, over half the disc), at the counted radius
 * nearest far; 1 with neither.
 */
static double
hunt_wave_share(const struct hunt *h, int64_t far)
{
	double r, share;
	int k;

	if (h->wknown || h->wdisc[HUNT_DISC_N] == 0)
		return h->wratio;
	r = (double)far / FIELD_UNIT;
	k = (int)(r / HUNT_DISC_STEP + 0.5);
	k = k < 1 ? 1 : k > HUNT_DISC_N ? HUNT_DISC_N : k;
	r = (double)k * HUNT_DISC_STEP;
	share = h->wdisc[k] / (3.14159 * r * r);
	return share < HUNT_WAVE_SHARE_MIN ? HUNT_WAVE_SHARE_MIN : share;
}

/*
 * How an update meets a need out to far: by the wave, a local build
 * (hunt-local.c) or a whole build, in a whole build's cells. The wave
 * must settle every cell the goal's step improved nearer the goal than
 * far, about half a disc of that radius r (pi r^2 / 2 cells) on open
 * ground, of which the last far wave settled the share wratio (until
 * one has, hunt_wave_measure, the share the first build found open:
 * hunt_wave_share), at HUNT_WAVE_WEIGHT a cell; it costs
 * nothing when every cell under the need is settled already (the wave's
 * least key is past it) or the field is exact. A whole build costs the
 * last build's work (the first whole build's until a build in slices has
 * ended, hunt_disc_count; unknown without either: then it is not
 * taken). A local build costs hunt_local_cost (its cells count towards
 * the wave's cap): it is taken when that is less than the wave and, with
 * the slice it leaves to run (a whole build ends the build in slices),
 * less than HUNT_LOCAL_MARGIN of a whole build; never when a done build
 * will be taken this update. Else a whole build when the wave costs
 * more. Each way costs more the farther the need, and a local build's
 * box faster than the wave's half disc, so a need that builds whole
 * builds whole farther out too.
 */
int
hunt_choose(const struct hunt *h, int64_t far)
{
	double wave, whole = h->xwork > 0 ? (double)h->xwork : -1;

	if (h->exact || h->nring + h->nheap == 0 ||
	    h->lo > ((far - h->f->base) >> FIELD_QSHIFT))
		return HUNT_BY_WAVE;
	wave = hunt_disc(far) * hunt_wave_share(h, far) * HUNT_WAVE_WEIGHT;
	if (hunt_local_fits(h) && !(h->xphase == 2 && h->xarrived)) {
		double local = hunt_local_cost(h, far);
		double slice = h->xphase == 2 ? 0 : (double)hunt_x_budget(h);

		if (local < wave && (whole < 0 || local + slice <
		    whole * HUNT_LOCAL_MARGIN))
			return HUNT_BY_LOCAL;
	}
	return whole >= 0 && wave > whole ? HUNT_BY_WHOLE : HUNT_BY_WAVE;
}

/*
 * The proofs, then how the update meets what they left (hunt_choose), the
 * need into *far: a proof that gave up found a cell so far out that the
 * field builds whole.
 */
int
hunt_meet(struct hunt *h, const struct grid *g, const int32_t *cells,
    int n, int64_t *far)
{
	*far = 0;
	if (!hunt_prove(h, g, cells, n, true))
		return HUNT_BY_WHOLE;
	*far = hunt_need_far(h, g, cells, n);
	return hunt_choose(h, *far);
}

/* The half disc of cells round the goal out to distance far. */
double
hunt_disc(int64_t far)
{
	double r = (double)far / FIELD_UNIT;

	return 1.5708 * r * r;
}

/*
 * The distance of the farthest given cell not proven exact (hunt-prove.c),
 * 0 if none: how far the hunters' need asks the wave to go.
 */
int64_t
hunt_need_far(const struct hunt *h, const struct grid *g,
    const int32_t *cells, int n)
{
	int64_t	far = 0;

	for (int k = 0; k < n; k++)
		if (h->f->dist[cells[k]] != FIELD_INF &&
		    h->f->dist[cells[k]] + h->f->base > far &&
		    !hunt_proven(h, g, cells[k]))
			far = h->f->dist[cells[k]] + h->f->base;
	return far;
}

/*
 * The half disc of cells round the goal out to the farthest given cell's
 * distance (of those not proven exact): what the hunters' need asks of
 * the wave on open ground.
 */
double
hunt_need_cells(const struct hunt *h, const struct grid *g,
    const int32_t *cells, int n)
{
	return hunt_disc(hunt_need_far(h, g, cells, n));
}

/*
 * After a wave that met a far need (its half disc HUNT_WAVE_FAR cells or
 * more, and no whole build this update), keep the share of that half
 * disc it settled for the need (h->wneed, the cap's cells left out):
 * walls and water leave much of it out (lak303d), and hunt_choose
 * weighs the next far need by it. A wave that settled fewer than
 * HUNT_WAVE_FAR / 16 cells for its need is not looked at (most updates:
 * the hunters near), so its update pays nothing for this.
 */
void
hunt_wave_measure(struct hunt *h, const struct grid *g, const int32_t *cells,
    int n, bool built)
{
	double disc;

	if (built || h->wneed < HUNT_WAVE_FAR / 16)
		return;
	disc = hunt_need_cells(h, g, cells, n);
	if (disc >= HUNT_WAVE_FAR) {
		h->wratio = (double)h->wneed / disc;
		h->wknown = true;
	}
	if (h->wratio < HUNT_WAVE_SHARE_MIN)
		h->wratio = HUNT_WAVE_SHARE_MIN;
}

/* The direction of a legal step from o to c, or 8 when it is none. */
int
hunt_step_dir(const struct grid *g, int o, int c)
{
	int d;

	for (d = 0; d < 8; d++)
		if (o + field_offset(g->stride, d) == c &&
		    (field_moves(g, o) >> d & 1) != 0)
			break;
	return d;
}

/*
 * Updates a build takes at most while the goal stands: the search reaches
 * half a slice of cells an update (hunt_x_budget) or more, the canonical
 * builder's pointers take FIELD_CANON_ROW_WEIGHT times as many cells'
 * worth of rows (at least a row). (A walking goal whose hunters keep the
 * wave busy gives a build less, down to an eighth of a slice; this bound
 * is for a goal standing still, hunt_exact_bound, and for how long a done
 * build waits for its goal.)
 */
int
hunt_build_updates(const struct hunt *h, const struct grid *g)
{
	int half = h->slice > 1 ? h->slice / 2 : 1;
	int rows = half * FIELD_CANON_ROW_WEIGHT / g->w;

	if (rows < 1)
		rows = 1;
	return (g->w * g->h + half - 1) / half + (g->h + rows - 1) / rows + 1;
}

/*
 * Make dst (made by hunt_new for the same size) the very state src is in:
 * the field, the build under way, the wave and the sight, so that both go
 * on alike. Nothing is allocated.
 */
void
hunt_copy(struct hunt *dst, const struct hunt *src)
{
	size_t	n = src->f->ncells;
	struct hunt keep = *dst;

	assert(dst->f->ncells == n);
	*dst = *src;
	/* dst's own buffers, with src's contents. */
	dst->f = keep.f;
	dst->x = keep.x;
	dst->l = keep.l;	/* clean in both */
	dst->heap = keep.heap;
	dst->hpos = keep.hpos;
	dst->flag = keep.flag;
	dst->cut = keep.cut;
	dst->plan = keep.plan;
	dst->xwalk = keep.xwalk;
	dst->seen = keep.seen;
	dst->rhead = keep.rhead;
	dst->rnext = keep.rnext;
	dst->rprev = keep.rprev;
	dst->low = keep.low;
	dst->lowdist = keep.lowdist;
	dst->lowdir = keep.lowdir;
	dst->pcell = keep.pcell;
	dst->pdir = keep.pdir;
	dst->pways = keep.pways;
	dst->pmark = keep.pmark;
	field_copy(dst->f, src->f);
	field_copy(dst->x, src->x);
	memcpy(dst->x->qnext, src->x->qnext, n * sizeof *dst->x->qnext);
	memcpy(dst->x->qprev, src->x->qprev, n * sizeof *dst->x->qprev);
	memcpy(dst->heap, src->heap, (size_t)src->nheap * sizeof *dst->heap);
	memcpy(dst->hpos, src->hpos, n * sizeof *dst->hpos);
	memcpy(dst->flag, src->flag, n);
	memcpy(dst->pmark, src->pmark, n * sizeof *dst->pmark);
	memcpy(dst->plan, src->plan, (size_t)src->nplan * sizeof *dst->plan);
	memcpy(dst->xwalk, src->xwalk, (size_t)(src->nxwalk < (int)n ?
	    src->nxwalk : (int)n) * sizeof *dst->xwalk);
	memcpy(dst->seen, src->seen, (size_t)src->nseen * sizeof *dst->seen);
	memcpy(dst->rhead, src->rhead, HUNT_WAVE_BUCKETS * sizeof *dst->rhead);
	memcpy(dst->rnext, src->rnext, n * sizeof *dst->rnext);
	memcpy(dst->rprev, src->rprev, n * sizeof *dst->rprev);
	memcpy(dst->low, src->low, (size_t)src->nlow * sizeof *dst->low);
	for (int k = 0; k < src->nlow; k++) {
		int i = src->low[k];

		dst->lowdist[i] = src->lowdist[i];
		dst->lowdir[i] = src->lowdir[i];
	}
}
