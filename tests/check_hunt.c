/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of the hunt field (hunt.h) and of route queries (route.h).
 * The hunt field on thousands of random maps and walks (half of them told
 * the goal's walk to come, which the goal mostly keeps to), with cells
 * closing, opening and changing cost between steps: valid after every
 * call, exact and seeing as a sweep does on the cells handed to
 * hunt_update, a step touching two cells, after hunt_exact_bound updates
 * standing still exactly field_build's field, and a goal walking its told
 * route exact each time a build ends. Routes: their cost is the distance a field
 * toward the target gives the start, its cells are those the field's
 * pointers lead along, and "connected" agrees with it.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/movingai.h"
#include "nav/field.h"
#include "nav/grid.h"
#include "nav/hunt.h"
#include "nav/path.h"
#include "nav/route.h"
#include "testutil.h"

#define HUNTERS	6

/* Abort unless h keeps the valid clause on g. */
static void
expect_valid(const struct hunt *h, const struct grid *g, const char *what,
    int step)
{
	char why[160];

	if (!hunt_valid(h, g, why, sizeof why))
		ck_abort_msg("%s (step %d): %s", what, step, why);
}

/*
 * Abort unless each of cells[] holds its exact distance and the sight a
 * sweep gives (ref: a build toward the goal), or with all, unless every
 * cell holds ref's distance and pointer.
 */
static void
expect_exact(const struct hunt *h, const struct grid *g, struct field *ref,
    const int32_t *cells, int n, bool all, int step)
{
	const struct field *f = h->f;

	field_build(ref, g, &h->goal, 1);
	for (int k = 0; k < (all ? (int)f->ncells : n); k++) {
		int i = all ? k : cells[k];
		bool ok = ref->dist[i] == FIELD_INF ? f->dist[i] == FIELD_INF :
		    f->dist[i] + f->base == ref->dist[i];

		if (all)
			ok = ok && f->dir[i] == ref->dir[i];
		else
			ok = ok && f->los[i] == ref->los[i];
		if (!ok)
			ck_abort_msg("step %d, %s (%d,%d): dist %lld/%lld dir "
			    "%d/%d los %d/%d (hunt/build)", step, all ? "still" :
			    "hunter", grid_x(g, i), grid_y(g, i),
			    (long long)(f->dist[i] + f->base),
			    (long long)ref->dist[i], f->dir[i], ref->dir[i],
			    f->los[i], ref->los[i]);
	}
}

/* One legal step of the goal (random, 8 or 4 way), or the goal itself. */
static int
walk_step(uint64_t *s, const struct grid *g, int c)
{
	for (int t = 0; t < 16; t++) {
		int d = tu_randint(s, 8);

		if (field_step_cost(g, c, d) != 0)
			return c + field_offset(g->stride, d);
	}
	return c;
}

/*
 * A walk to come for goal c of up to max cells (random legal steps), into
 * plan; its length.
 */
static int
walk_plan(uint64_t *s, const struct grid *g, int c, int32_t *plan, int max)
{
	int n = 1 + tu_randint(s, max);

	for (int k = 0; k < n; k++) {
		int next = walk_step(s, g, k > 0 ? plan[k - 1] : c);

		if (next == (k > 0 ? plan[k - 1] : c))
			return k;
		plan[k] = next;
	}
	return n;
}

/*
 * The goal's next cell: most often the next of its walk to come when that
 * is still a legal step, else a random step (off the walk).
 */
static int
walk_next(uint64_t *s, const struct grid *g, int c, const int32_t *plan,
    int nplan, int *at)
{
	if (*at < nplan && tu_randint(s, 8) != 0)
		for (int d = 0; d < 8; d++)
			if (c + field_offset(g->stride, d) == plan[*at] &&
			    field_step_cost(g, c, d) != 0)
				return plan[(*at)++];
	*at = nplan;
	return walk_step(s, g, c);
}

/* A random cell change that never closes the goal's cell. */
static void
random_change(uint64_t *s, struct hunt *h, struct grid *g)
{
	int x = tu_randint(s, g->w), y = tu_randint(s, g->h), k;

	if (grid_index(g, x, y) == h->goal)
		return;
	k = tu_randint(s, 10);
	hunt_set_cost(h, g, x, y, k < 5 ? 0 : k < 8 ? 1 :
	    2 + tu_randint(s, GRID_COST_MAX - 1));
}

/*
 * The contract on random maps and walks: _i picks the map (size, walls,
 * slow cells, 8 or 4 way) and the walk.
 */
START_TEST(test_hunt_random_walks)
{
	uint64_t	 s = 0x4a11 + (uint64_t)_i * 7919;
	int		 w = 6 + tu_randint(&s, 30), hh = 5 + tu_randint(&s, 20);
	struct grid	*g = tu_random_grid(&s, w, hh, tu_randint(&s, 35),
			    tu_randint(&s, 3) == 0 ? 20 : 0, _i % 5 != 0);
	struct hunt	*h = hunt_new(w, hh);
	struct field	*ref = field_new(w, hh);
	int32_t		 cells[HUNTERS], plan[64];
	int		 c = tu_random_open(&s, g), steps = 20 + tu_randint(&s, 60);
	int		 nplan = 0, at = 0;

	if (c < 0)
		goto out;
	hunt_build(h, g, grid_x(g, c), grid_y(g, c));
	expect_valid(h, g, "build", 0);
	for (int step = 0; step < steps && h->goal >= 0; step++) {
		int n = 0;

		/* Half the maps: the goal's walk is often known ahead. */
		if (_i % 2 == 0 && at >= nplan && tu_randint(&s, 3) == 0) {
			nplan = walk_plan(&s, g, h->goal, plan, 64);
			at = 0;
			hunt_plan(h, plan, nplan);
		}
		c = walk_next(&s, g, h->goal, plan, nplan, &at);
		hunt_move(h, g, grid_x(g, c), grid_y(g, c));
		expect_valid(h, g, "move", step);
		if (tu_randint(&s, 4) == 0) {
			random_change(&s, h, g);
			expect_valid(h, g, "change", step);
		}
		for (int k = 0; k < HUNTERS; k++) {
			int i = tu_random_open(&s, g);

			if (i >= 0)
				cells[n++] = i;
		}
		/* A tiny cap and slice: the hunters alone drive the wave. */
		h->cap = 1;
		h->slice = 1 + tu_randint(&s, 40);
		hunt_update(h, g, cells, n);
		expect_valid(h, g, "update", step);
		expect_exact(h, g, ref, cells, n, false, step);
	}
	/* Standing still: exact within the stated bound. */
	for (int k = 0; k < hunt_exact_bound(h, g) && h->goal >= 0; k++) {
		hunt_update(h, g, NULL, 0);
		expect_valid(h, g, "still", k);
	}
	if (h->goal >= 0)
		expect_exact(h, g, ref, NULL, 0, true, steps);
out:
	field_free(ref);
	hunt_free(h);
	grid_free(g);
}
END_TEST

/*
 * A step of the goal is O(1): only the two goal cells change (dist, dir),
 * whatever the map's size, and the wave is left to hunt_update.
 */
START_TEST(test_hunt_step_is_constant)
{
	uint64_t	 s = 0x57e9;
	struct grid	*g = tu_random_grid(&s, 200, 150, 10, 0, true);
	struct hunt	*h = hunt_new(200, 150);
	struct field	*before = field_new(200, 150);
	int		 c = tu_random_open(&s, g);

	hunt_build(h, g, grid_x(g, c), grid_y(g, c));
	for (int step = 0; step < 50; step++) {
		int next = walk_step(&s, g, h->goal), changed = 0;

		field_copy(before, h->f);
		hunt_move(h, g, grid_x(g, next), grid_y(g, next));
		for (size_t i = 0; i < h->f->ncells; i++)
			changed += before->dist[i] != h->f->dist[i] ||
			    before->dir[i] != h->f->dir[i];
		ck_assert_int_le(changed, 2);
		ck_assert_int_eq(h->stats.rebuilds, 1);
		hunt_update(h, g, NULL, 0);
		/* The wave is capped: far from the whole map a step. */
		ck_assert_uint_le(h->stats.waved, (uint64_t)h->cap);
	}
	field_free(before);
	hunt_free(h);
	grid_free(g);
}
END_TEST

/*
 * Closing or slowing cells keeps an exact field exact (the cut settles in
 * order, ties as a build breaks them): no build needed after a tower on a
 * field the hero stood still on; opening one leaves work for the wave.
 */
START_TEST(test_hunt_tower_keeps_exact)
{
	uint64_t	 s = 0x70e7 + (uint64_t)_i * 31;
	int		 w = 8 + tu_randint(&s, 30), hh = 6 + tu_randint(&s, 20);
	struct grid	*g = tu_random_grid(&s, w, hh, tu_randint(&s, 30),
			    _i % 3 == 0 ? 20 : 0, _i % 4 != 0);
	struct hunt	*h = hunt_new(w, hh);
	struct field	*ref = field_new(w, hh);
	int		 c = tu_random_open(&s, g);

	if (c >= 0)
		hunt_build(h, g, grid_x(g, c), grid_y(g, c));
	for (int k = 0; k < 40 && h->goal >= 0; k++) {
		int x = tu_randint(&s, w), y = tu_randint(&s, hh);
		int old = grid_get_cost(g, x, y), cost;

		if (grid_index(g, x, y) == h->goal || old == 0)
			continue;
		cost = tu_randint(&s, 2) ? 0 : old + 1 + tu_randint(&s,
		    GRID_COST_MAX - old > 0 ? GRID_COST_MAX - old : 1);
		if (cost > GRID_COST_MAX)
			cost = 0;
		ck_assert(h->exact);
		hunt_set_cost(h, g, x, y, cost);
		expect_valid(h, g, "close", k);
		ck_assert(h->exact);
		expect_exact(h, g, ref, NULL, 0, true, k);
	}
	field_free(ref);
	hunt_free(h);
	grid_free(g);
}
END_TEST

/*
 * A copy goes on as the original does: after the same steps, updates and
 * changes both fields are the same bit for bit (the build under way, the
 * wave and the sight were copied too).
 */
START_TEST(test_hunt_copy_goes_on_alike)
{
	uint64_t	 s = 0xc0b1 + (uint64_t)_i * 77;
	struct grid	*g = tu_random_grid(&s, 40, 30, 15, 10, true);
	struct hunt	*a = hunt_new(40, 30), *b = hunt_new(40, 30);
	int32_t		 cells[HUNTERS], plan[64];
	int		 c = tu_random_open(&s, g), nplan = 0, at = 0;

	hunt_build(a, g, grid_x(g, c), grid_y(g, c));
	for (int step = 0; step < 120; step++) {
		int n = 0;

		if (step == 37 + _i)
			hunt_copy(b, a);
		if (at >= nplan && tu_randint(&s, 3) == 0) {
			nplan = walk_plan(&s, g, a->goal, plan, 64);
			at = 0;
			hunt_plan(a, plan, nplan);
			if (step >= 37 + _i)
				hunt_plan(b, plan, nplan);
		}
		c = walk_next(&s, g, a->goal, plan, nplan, &at);
		hunt_move(a, g, grid_x(g, c), grid_y(g, c));
		for (int k = 0; k < HUNTERS; k++)
			if ((cells[n] = tu_random_open(&s, g)) >= 0)
				n++;
		hunt_update(a, g, cells, n);
		if (step < 37 + _i)
			continue;
		hunt_move(b, g, grid_x(g, c), grid_y(g, c));
		hunt_update(b, g, cells, n);
		ck_assert(memcmp(a->f->dist, b->f->dist, a->f->ncells *
		    sizeof *a->f->dist) == 0);
		ck_assert(memcmp(a->f->dir, b->f->dir, a->f->ncells) == 0);
		ck_assert(memcmp(a->f->los, b->f->los, a->f->ncells) == 0);
		ck_assert_int_eq(a->iplan, b->iplan);
	}
	hunt_free(a);
	hunt_free(b);
	grid_free(g);
}
END_TEST

/*
 * Updates, of a goal stepping every update along its route to a far
 * target, after which the whole field is exactly a build's; plan: the
 * route is given to the field (hunt_plan). The wave is held to one cell.
 */
static int
plan_exact_updates(bool plan)
{
	uint64_t	 s = 0x91a7;
	struct grid	*g = tu_random_grid(&s, 90, 60, 8, 0, true);
	struct hunt	*h = hunt_new(90, 60);
	struct field	*ref = field_new(90, 60);
	struct route	*r = route_new(90, 60);
	struct point	*p = malloc(90 * 60 * sizeof *p);
	int32_t		*cells = malloc(90 * 60 * sizeof *cells);
	int		 n, exact = 0;

	hunt_build(h, g, 1, 1);
	n = route_find(r, g, 1, 1, 88, 58, p, 90 * 60, NULL);
	ck_assert_int_gt(n, 60);
	for (int k = 1; k < n; k++)
		cells[k - 1] = grid_index(g, p[k].x, p[k].y);
	if (plan)
		hunt_plan(h, cells, n - 1);
	h->cap = 1;
	for (int k = 1; k < n; k++) {
		bool same = true;

		hunt_move(h, g, p[k].x, p[k].y);
		hunt_update(h, g, NULL, 0);
		expect_valid(h, g, "plan", k);
		field_build(ref, g, &h->goal, 1);
		for (size_t i = 0; i < ref->ncells && same; i++)
			same = ref->dist[i] == (ref->dist[i] == FIELD_INF ?
			    h->f->dist[i] : h->f->dist[i] + h->f->base) &&
			    ref->dir[i] == h->f->dir[i];
		exact += same;
	}
	free(cells);
	free(p);
	route_free(r);
	field_free(ref);
	hunt_free(h);
	grid_free(g);
	return exact;
}

/*
 * A goal whose walk is known gets builds aimed where it will stand: the
 * field is exactly a build's every time it arrives there (once a build's
 * length of updates, HUNT_SLICES), while it walks; not knowing the walk,
 * never.
 */
START_TEST(test_hunt_plan_aims_ahead)
{
	ck_assert_int_ge(plan_exact_updates(true), 3);
	ck_assert_int_eq(plan_exact_updates(false), 0);
}
END_TEST

/* Abort unless every cell of h holds its exact distance (ref: a build). */
static void
expect_exact_dist(const struct hunt *h, const struct grid *g,
    struct field *ref, int step)
{
	field_build(ref, g, &h->goal, 1);
	for (size_t i = 0; i < ref->ncells; i++) {
		int64_t d = h->f->dist[i] == FIELD_INF ? FIELD_INF :
		    h->f->dist[i] + h->f->base;

		if (d != ref->dist[i])
			ck_abort_msg("step %d (%d,%d): dist %lld, exact %lld",
			    step, grid_x(g, (int)i), grid_y(g, (int)i),
			    (long long)d, (long long)ref->dist[i]);
	}
}

/*
 * A goal walking shortest routes to random targets on map g, its routes told
 * (hunt_plan), hunters (up to HUNTERS) at random cells, with cells closing
 * and opening
 * between steps when changes: valid after every call, the hunters' cells
 * exact after every update, and every distance exact when the goal comes
 * to a build taken before it came (hunt-rev.c). From step copyat on (-1:
 * never; not with changes) a copy (hunt_copy) takes the same calls and
 * must stay the same bit for bit. Adds the early takes and arrivals to
 * *early and *arrived.
 */
static void
early_walk(uint64_t *s, struct grid *g, int steps, bool changes, int hunters,
    int copyat, uint64_t *early, uint64_t *arrived)
{
	struct hunt	*h = hunt_new(g->w, g->h), *b = hunt_new(g->w, g->h);
	struct field	*ref = field_new(g->w, g->h);
	struct route	*r = route_new(g->w, g->h);
	struct point	*p = malloc((size_t)g->w * g->h * sizeof *p);
	int32_t		*plan = malloc((size_t)g->w * g->h * sizeof *plan);
	int32_t		 cells[HUNTERS];
	int		 c = tu_random_open(s, g), n = 0, at = 0;

	if (c >= 0)
		hunt_build(h, g, grid_x(g, c), grid_y(g, c));
	for (int step = 0; step < steps && h->goal >= 0; step++) {
		int k = 0, t, next = -1;
		uint64_t came = h->stats.arrived;
		bool twin = copyat >= 0 && step >= copyat;

		if (step == copyat)
			hunt_copy(b, h);

		if (at >= n && (t = tu_random_open(s, g)) >= 0) {
			n = route_find(r, g, grid_x(g, h->goal),
			    grid_y(g, h->goal), grid_x(g, t), grid_y(g, t), p,
			    g->w * g->h, NULL);
			for (at = 1; at < n; at++)
				plan[at - 1] = grid_index(g, p[at].x, p[at].y);
			n = n > 0 ? n - 1 : 0;
			at = 0;
			hunt_plan(h, plan, n);
			if (twin)
				hunt_plan(b, plan, n);
		}
		for (int d = 0; d < 8 && at < n && next < 0; d++)
			if (h->goal + field_offset(g->stride, d) == plan[at] &&
			    field_step_cost(g, h->goal, d) != 0)
				next = plan[at++];
		if (next < 0) {
			at = n;		/* a change blocked the route */
			continue;
		}
		hunt_move(h, g, grid_x(g, next), grid_y(g, next));
		expect_valid(h, g, "early move", step);
		if (h->stats.arrived != came)
			expect_exact_dist(h, g, ref, step);
		if (changes && tu_randint(s, 6) == 0) {
			int x = tu_randint(s, g->w), y = tu_randint(s, g->h);

			if (grid_index(g, x, y) != h->goal)
				hunt_set_cost(h, g, x, y,
				    grid_get_cost(g, x, y) != 0 ? 0 : 1);
			expect_valid(h, g, "early change", step);
		}
		for (int q = 0; q < hunters; q++)
			if ((cells[k] = tu_random_open(s, g)) >= 0)
				k++;
		hunt_update(h, g, cells, k);
		expect_valid(h, g, "early update", step);
		expect_exact(h, g, ref, cells, k, false, step);
		if (!twin)
			continue;
		hunt_move(b, g, grid_x(g, next), grid_y(g, next));
		hunt_update(b, g, cells, k);
		ck_assert(memcmp(h->f->dist, b->f->dist, h->f->ncells *
		    sizeof *h->f->dist) == 0);
		ck_assert(memcmp(h->f->dir, b->f->dir, h->f->ncells) == 0);
		ck_assert(h->f->base == b->f->base && h->rev == b->rev);
	}
	*early += h->stats.early;
	*arrived += h->stats.arrived;
	free(plan);
	free(p);
	route_free(r);
	field_free(ref);
	hunt_free(h);
	hunt_free(b);
}

/*
 * Builds taken before the goal comes, on random open maps (8-way, every
 * cell at cost 1, so the canonical builder runs): the contract holds with
 * cells closing and opening in between, and every distance is exact when
 * the goal comes to the build's goal; without changes, a copy made on the
 * way goes on alike.
 */
START_TEST(test_hunt_early_take)
{
	uint64_t	 s = 0xea51 + (uint64_t)_i * 613;
	int		 w = 8 + tu_randint(&s, 40), hh = 6 + tu_randint(&s, 30);
	struct grid	*g = tu_random_grid(&s, w, hh, tu_randint(&s, 25), 0,
			    true);
	uint64_t	 early = 0, arrived = 0;

	early_walk(&s, g, 80 + tu_randint(&s, 80), _i % 2 == 0,
	    _i % 3 == 0 ? 0 : 1 + tu_randint(&s, HUNTERS),
	    _i % 2 == 0 ? -1 : tu_randint(&s, 60), &early, &arrived);
	grid_free(g);
}
END_TEST

/*
 * On a map large enough that a build takes a few updates, a goal walking
 * told routes has builds taken before it comes, and comes to them along
 * its walk (no hunters: the wave does its cap a step, far less than a
 * slice of a build); a copy made on the way goes on alike.
 */
START_TEST(test_hunt_early_take_happens)
{
	uint64_t	 s = 0x5ea1;
	struct grid	*g = tu_random_grid(&s, 90, 60, 8, 0, true);
	uint64_t	 early = 0, arrived = 0;

	early_walk(&s, g, 300, false, 0, 100, &early, &arrived);
	ck_assert_uint_ge(early, 10);
	ck_assert_uint_ge(arrived, 10);
	grid_free(g);
}
END_TEST

/*
 * An update whose hunters are so far that the wave would cost more than a
 * build (hunt_choose) builds the field whole: exact, one more build;
 * with the hunters near, it does not. On an open map, the goal stepping
 * along a row; a wall down column 60 from the top to row 50 keeps every
 * straight route from the far hunter at (79, 0) out (so hunt_prove cannot
 * make it exact), the near one has one.
 */
START_TEST(test_hunt_far_hunters_build)
{
	uint64_t	 s = 0xfa7;
	struct grid	*g = tu_random_grid(&s, 80, 60, 0, 0, true);
	struct hunt	*h = hunt_new(80, 60);
	struct field	*ref = field_new(80, 60);
	int32_t		 near, far = grid_index(g, 79, 0);

	for (int y = 0; y <= 50; y++)
		g->cost[grid_index(g, 60, y)] = 0;
	hunt_build(h, g, 10, 30);
	for (int x = 11; x < 40; x++) {
		uint64_t before;
		bool dear, known;

		hunt_move(h, g, x, 30);
		near = grid_index(g, x - 2, 31);
		before = h->stats.rebuilds;
		dear = x % 2 == 0;
		known = h->xwork != 0;	/* a build's cost known */
		hunt_update(h, g, dear ? &far : &near, 1);
		expect_valid(h, g, "far", x);
		if (!known)
			continue;
		if (dear) {
			ck_assert_uint_eq(h->stats.rebuilds, before + 1);
			expect_exact(h, g, ref, NULL, 0, true, x);
		} else
			ck_assert_uint_eq(h->stats.rebuilds, before);
	}
	field_free(ref);
	hunt_free(h);
	grid_free(g);
}
END_TEST

/*
 * A far hunter in a wall's shadow on a large open map: the wave out to it
 * would cost more than a build round the goal out to it (hunt-local.c),
 * and that local build costs less than a whole one, so each update builds
 * locally, though a second hunter out in the open, listed first, is
 * farther off (its straight route is proven: the box is the first's): no
 * whole build, the field valid, the hunters exact, and every
 * cell nearer the goal than the local build's bound (the bucket past the
 * hunter's distance before the update) holds a build's distance and
 * pointer, the wave after it leaving them so (unless the build in slices
 * ended that update and was taken). Standing still, no local build
 * repeats (the wave has settled the need already), and the field is a
 * build's within hunt_exact_bound updates: what lies past the bound was
 * left to the wave and the build in slices.
 */
START_TEST(test_hunt_local_build)
{
	uint64_t	 s = 0x10ca1;
	struct grid	*g = tu_random_grid(&s, 200, 200, 0, 0, true);
	struct hunt	*h = hunt_new(200, 200);
	struct field	*ref = field_new(200, 200);
	int32_t		 hunter = grid_index(g, 110, 100);
	int32_t		 cells[2] = { grid_index(g, 60, 190), hunter };
	int		 locals = 0;
	uint64_t	 still;

	for (int y = 85; y <= 115; y++)
		g->cost[grid_index(g, 100, y)] = 0;
	hunt_build(h, g, 60, 100);
	for (int x = 61; x < 80; x++) {
		uint64_t	rebuilds = h->stats.rebuilds;
		uint64_t	before = h->stats.locals;
		uint64_t	taken = h->stats.taken;
		int64_t		bound;

		hunt_move(h, g, x, 100);
		bound = ((h->f->dist[hunter] + h->f->base) >> 32) + 1;
		hunt_update(h, g, cells, 2);
		expect_valid(h, g, "local", x);
		expect_exact(h, g, ref, cells, 2, false, x);
		ck_assert_uint_eq(h->stats.rebuilds, rebuilds);
		if (h->stats.locals == before)
			continue;
		ck_assert_uint_eq(h->stats.locals, before + 1);
		if (h->stats.taken != taken)
			continue;	/* a build taken after it: its field */
		locals++;
		for (size_t i = 0; i < ref->ncells; i++)
			if (ref->dist[i] < bound * FIELD_UNIT &&
			    (h->f->dist[i] + h->f->base != ref->dist[i] ||
			    h->f->dir[i] != ref->dir[i]))
				ck_abort_msg("x %d (%d,%d): %lld %d / %lld %d",
				    x, grid_x(g, (int)i), grid_y(g, (int)i),
				    (long long)(h->f->dist[i] + h->f->base),
				    h->f->dir[i], (long long)ref->dist[i],
				    ref->dir[i]);
	}
	ck_assert_int_ge(locals, 15);
	still = h->stats.locals;
	for (int k = 0; k < hunt_exact_bound(h, g); k++) {
		hunt_update(h, g, cells, 2);
		expect_valid(h, g, "still", k);
	}
	ck_assert_uint_eq(h->stats.locals, still);	/* nothing new to build */
	expect_exact(h, g, ref, NULL, 0, true, 80);
	field_free(ref);
	hunt_free(h);
	grid_free(g);
}
END_TEST

/*
 * A far need on a walled map: hunt_choose weighs the need's half disc
 * by the share of it the last far wave settled (wratio). Down a corridor
 * one cell wide, the first updates (no build's cost known yet) run the
 * wave for a hunter 20 cells behind, which settles a small share of that
 * disc; so the later updates with the hunter as far run the wave too
 * (exact on the hunter's cell), where the disc alone would have built the
 * field whole each time. A slow cell at the corridor's far end keeps
 * hunt_prove out (a straight corridor is a straight route).
 */
START_TEST(test_hunt_wave_ratio)
{
	uint64_t	 s = 0x5a7;
	struct grid	*g = tu_random_grid(&s, 1000, 3, 0, 0, true);
	struct hunt	*h = hunt_new(1000, 3);
	struct field	*ref = field_new(1000, 3);
	int		 checked = 0;

	for (int x = 0; x < 1000; x++) {
		g->cost[grid_index(g, x, 0)] = 0;
		g->cost[grid_index(g, x, 2)] = 0;
	}
	g->cost[grid_index(g, 999, 1)] = 2;
	hunt_build(h, g, 100, 1);
	for (int x = 101; x < 160; x++) {
		uint64_t	before = h->stats.rebuilds;
		bool		known = h->xwork != 0;
		int32_t		hunter = grid_index(g, x - 20, 1);

		hunt_move(h, g, x, 1);
		hunt_update(h, g, &hunter, 1);
		expect_valid(h, g, "corridor", x);
		expect_exact(h, g, ref, &hunter, 1, false, x);
		if (!known)
			continue;
		ck_assert_msg(h->wratio < 0.2, "x %d: wratio %f", x,
		    h->wratio);
		ck_assert(hunt_need_cells(h, g, &hunter, 1) * HUNT_WAVE_WEIGHT >
		    (double)h->xwork);		/* the disc alone: dearer */
		ck_assert_uint_eq(h->stats.rebuilds, before);
		checked++;
	}
	ck_assert_int_gt(checked, 40);
	field_free(ref);
	hunt_free(h);
	grid_free(g);
}
END_TEST

/*
 * hunt_prove gives up at the first cell it cannot prove that lies so far
 * out that the update builds whole anyway (hunt_far_dearer): what it would
 * prove after it is thrown away by the build. On test_hunt_far_hunters_build's
 * map, the far hunter behind the wall cannot be proven and the near one
 * can: with the far one first, a proof that may stop gives up before the
 * near one (returns false, the near one still not proven), and one that
 * may not proves it; with the near one first both prove it, unless the
 * far one made the last proof give up: it is tried first, and the proof
 * gives up before the near one. (The updates
 * between alternate the far hunter and the near one, so builds in slices
 * end and their cost is known.)
 */
START_TEST(test_hunt_prove_stops_when_build_certain)
{
	uint64_t	 s = 0xfa7;
	struct grid	*g = tu_random_grid(&s, 80, 60, 0, 0, true);
	struct hunt	*h = hunt_new(80, 60), *twin = hunt_new(80, 60);
	int32_t		 cells[2];
	int		 checked = 0;

	for (int y = 0; y <= 50; y++)
		g->cost[grid_index(g, 60, y)] = 0;
	hunt_build(h, g, 10, 30);
	for (int x = 11; x < 40; x++) {
		int32_t far = grid_index(g, 79, 0);
		int32_t near = grid_index(g, x + 6, 33);

		hunt_move(h, g, x, 30);
		if (h->xwork != 0 && !hunt_proven(h, g, near)) {
			ck_assert(hunt_far_dearer(h, h->f->dist[far] +
			    h->f->base));
			cells[0] = far;
			cells[1] = near;
			hunt_copy(twin, h);
			ck_assert(!hunt_prove(twin, g, cells, 2, true));
			ck_assert(!hunt_proven(twin, g, near));
			hunt_copy(twin, h);
			ck_assert(hunt_prove(twin, g, cells, 2, false));
			ck_assert(hunt_proven(twin, g, near));
			ck_assert(!hunt_proven(twin, g, far));
			cells[0] = near;
			cells[1] = far;
			hunt_copy(twin, h);
			twin->pstop = 0;	/* no proof gave up before */
			ck_assert(!hunt_prove(twin, g, cells, 2, true));
			ck_assert(hunt_proven(twin, g, near));
			/* It gave up at the far one (place 1): tried first next. */
			ck_assert_int_eq(twin->pstop, 2);
			hunt_copy(twin, h);
			twin->pstop = 2;
			ck_assert(!hunt_prove(twin, g, cells, 2, true));
			ck_assert(!hunt_proven(twin, g, near));
			checked++;
		}
		cells[0] = x % 2 == 0 ? far : near;	/* builds, slices */
		hunt_update(h, g, cells, 1);
		expect_valid(h, g, "stop", x);
	}
	ck_assert_int_gt(checked, 10);
	hunt_free(twin);
	hunt_free(h);
	grid_free(g);
}
END_TEST

/* The wave's bucket of stored distance d (hunt.c's hq_bucket). */
static int64_t
wave_bucket(int64_t d)
{
	return (int64_t)floor((double)d / (double)FIELD_UNIT);
}

/*
 * The wave stops once every given cell is settled, not at the distance the
 * farthest one held before the wave (an old route's, two steps longer for
 * a hunter ahead of the goal's steps): on open ground with one cell of mud
 * (so no route proves the hunter, hunt_prove), the goal stepping towards a
 * hunter on its row, settling the hunter alone (no cap) leaves the wave's
 * least bucket no more than one past the hunter's, which is exact.
 */
START_TEST(test_hunt_wave_stops_when_settled)
{
	uint64_t	 s = 0x5e7;
	struct grid	*g = tu_random_grid(&s, 80, 60, 0, 0, true);
	struct hunt	*h = hunt_new(80, 60);
	struct field	*ref = field_new(80, 60);
	int32_t		 hunter = grid_index(g, 50, 30);

	g->cost[grid_index(g, 79, 59)] = 2;
	hunt_build(h, g, 10, 30);
	for (int x = 11; x < 30; x++) {
		int64_t before;

		hunt_move(h, g, x, 30);
		before = h->f->dist[hunter] + h->f->base;
		hunt_settle_cells(h, g, &hunter, 1);
		expect_valid(h, g, "settle", x);
		expect_exact(h, g, ref, &hunter, 1, false, x);
		ck_assert(h->f->dist[hunter] + h->f->base < before);
		ck_assert_msg(h->lo <= wave_bucket(h->f->dist[hunter]) + 1,
		    "x %d: the wave stopped at bucket %lld, the hunter's %lld",
		    x, (long long)h->lo,
		    (long long)wave_bucket(h->f->dist[hunter]));
	}
	field_free(ref);
	hunt_free(h);
	grid_free(g);
}
END_TEST

/*
 * A far hunter with a straight route (one of octile length) to the goal is
 * made exact by that route (hunt_prove), not by the wave, its pointers down
 * it a build's: on an open map,
 * the goal stepping along a row and the hunter 50 to 70 cells off, no
 * update builds the field whole and the wave does no more than its cap,
 * where without the proof each would build it whole
 * (test_hunt_far_hunters_build).
 */
START_TEST(test_hunt_far_hunter_proven)
{
	uint64_t	 s = 0xfa8;
	struct grid	*g = tu_random_grid(&s, 80, 60, 0, 0, true);
	struct hunt	*h = hunt_new(80, 60);
	struct field	*ref = field_new(80, 60);
	int32_t		 far = grid_index(g, 79, 59);
	int		 checked = 0;

	hunt_build(h, g, 10, 30);
	for (int x = 11; x < 40; x++) {
		uint64_t	before = h->stats.rebuilds;
		bool		known = h->xwork != 0;

		hunt_move(h, g, x, 30);
		hunt_update(h, g, &far, 1);
		expect_valid(h, g, "proven", x);
		expect_exact(h, g, ref, &far, 1, false, x);
		ck_assert(hunt_proven(h, g, far));
		/* Down its route, a build's pointers (ref: expect_exact's). */
		for (int i = far; i != h->goal; i += field_offset(g->stride,
		    h->f->dir[i]))
			ck_assert_msg(h->f->dir[i] == ref->dir[i], "x %d (%d,%d):"
			    " pointer %d, a build's %d", x, grid_x(g, i),
			    grid_y(g, i), h->f->dir[i], ref->dir[i]);
		if (!known)
			continue;
		ck_assert_uint_eq(h->stats.rebuilds, before);
		ck_assert_uint_le(h->stats.waved, (uint64_t)h->cap);
		checked++;
	}
	ck_assert_int_gt(checked, 20);
	field_free(ref);
	hunt_free(h);
	grid_free(g);
}
END_TEST

/*
 * A build's slices keep near their budget on a small open map: a
 * canonical bucket's scans run as far ahead as the slice's reach, so the
 * first bucket no longer writes the whole map (2,400 cells against a
 * budget of 600 here).
 */
START_TEST(test_hunt_slices_keep_budget)
{
	uint64_t	 s = 0x5b1;
	struct grid	*g = tu_random_grid(&s, 49, 49, 0, 0, true);
	struct hunt	*h = hunt_new(49, 49);
	int		 slices = 0;

	hunt_build(h, g, 24, 24);
	for (int x = 25; x < 40; x++) {
		hunt_move(h, g, x, 24);
		for (int k = 0; k < 3; k++) {
			uint64_t budget = hunt_x_budget(h);

			hunt_update(h, g, NULL, 0);
			if (h->stats.sliced == 0)
				continue;
			ck_assert_msg(h->stats.sliced <= 2 * budget,
			    "x %d: a slice of %llu cells, budget %llu", x,
			    (unsigned long long)h->stats.sliced,
			    (unsigned long long)budget);
			slices++;
		}
	}
	ck_assert_int_gt(slices, 10);
	hunt_free(h);
	grid_free(g);
}
END_TEST

/*
 * A build's budget halves while the goal walks and the wave settled more
 * than the budget's worth (in a build's cells) the update before, and
 * falls to a quarter when the wave settled more than twice that, and only
 * then: a goal standing still, or a wave that did little, gets it whole.
 */
START_TEST(test_hunt_budget_shrinks_while_busy)
{
	uint64_t	 s = 0xb0d;
	struct grid	*g = tu_random_grid(&s, 60, 40, 0, 0, true);
	struct hunt	*h = hunt_new(60, 40);
	struct hunt	 walk, still;
	uint64_t	 full;

	hunt_build(h, g, 10, 20);
	for (int x = 11; x < 20; x++) {
		hunt_move(h, g, x, 20);
		hunt_update(h, g, NULL, 0);
	}
	ck_assert_uint_gt(h->xwork, 0);		/* a build's cost known */
	still = *h;		/* a shallow copy: only read */
	still.since = 2;
	still.waved = 1000000;
	full = hunt_x_budget(&still);
	walk = still;
	walk.since = 1;
	ck_assert_uint_eq(hunt_x_budget(&walk), (full + 3) / 4);
	walk.waved = 2 * full / HUNT_WAVE_WEIGHT;	/* up to two budgets */
	ck_assert_uint_eq(hunt_x_budget(&walk), (full + 1) / 2);
	walk.waved = full / HUNT_WAVE_WEIGHT;	/* not more than a budget */
	ck_assert_uint_eq(hunt_x_budget(&walk), full);
	hunt_free(h);
	grid_free(g);
}
END_TEST

/*
 * Closing the goal's cell leaves no goal and every cell unreachable; a
 * move then builds afresh.
 */
START_TEST(test_hunt_goal_closed)
{
	static const char *const rows[] = {
		".....", ".....", "..G..", ".....", NULL,
	};
	int32_t		 goal;
	int		 n;
	struct grid	*g = tu_grid(rows, true, &goal, &n);
	struct hunt	*h = hunt_new(g->w, g->h);

	hunt_build(h, g, 2, 2);
	hunt_set_cost(h, g, 2, 2, 0);
	ck_assert_int_eq(h->goal, -1);
	ck_assert(field_distance(h->f, 0, 0) == INFINITY);
	hunt_move(h, g, 1, 1);
	ck_assert_int_eq(h->goal, grid_index(g, 1, 1));
	ck_assert(field_distance(h->f, 1, 1) == 0);
	/* Round the closed cell: longer than the straight 1 + 2 sqrt 2. */
	ck_assert(field_distance(h->f, 4, 3) > 1 + 2 * sqrt(2) + 0.1);
	ck_assert(field_distance(h->f, 4, 3) < INFINITY);
	hunt_free(h);
	grid_free(g);
}
END_TEST

/*
 * Routes: on random maps, route_find's cost equals the distance a field
 * built toward the target gives the start, its cells are legal steps from
 * start to target and the very cells that field's pointers lead along,
 * and route_connected says yes exactly when it is finite.
 */
START_TEST(test_route_is_shortest)
{
	uint64_t	 s = 0x7a0e + (uint64_t)_i * 104729;
	int		 w = 5 + tu_randint(&s, 40), hh = 5 + tu_randint(&s, 30);
	struct grid	*g = tu_random_grid(&s, w, hh, tu_randint(&s, 40),
			    tu_randint(&s, 2) == 0 ? 25 : 0, _i % 4 != 0);
	struct route	*r = route_new(w, hh);
	struct field	*f = field_new(w, hh);
	struct point	*out = malloc(sizeof *out * (size_t)(w * hh));
	struct point	*desc = malloc(sizeof *desc * (size_t)(w * hh));

	for (int q = 0; q < 10; q++) {
		int a = tu_random_open(&s, g), b = tu_random_open(&s, g), n;
		int64_t cost = -1, sum = 0;
		double d;

		if (a < 0)
			break;
		field_build(f, g, &b, 1);
		d = field_distance(f, grid_x(g, a), grid_y(g, a));
		n = route_find(r, g, grid_x(g, a), grid_y(g, a), grid_x(g, b),
		    grid_y(g, b), out, w * hh, &cost);
		ck_assert_int_eq(route_connected(r, g, (unsigned)q, grid_x(g,
		    a), grid_y(g, a), grid_x(g, b), grid_y(g, b)), d !=
		    INFINITY);
		if (d == INFINITY) {
			ck_assert_int_eq(n, 0);
			continue;
		}
		ck_assert_int_gt(n, 0);
		ck_assert_int_eq(cost, f->dist[a]);
		ck_assert(out[0].x == grid_x(g, a) && out[0].y == grid_y(g, a));
		ck_assert(out[n - 1].x == grid_x(g, b) &&
		    out[n - 1].y == grid_y(g, b));
		for (int k = 1; k < n; k++) {
			int i = grid_index(g, out[k - 1].x, out[k - 1].y), dd;

			for (dd = 0; dd < 8; dd++)
				if (i + field_offset(g->stride, dd) ==
				    grid_index(g, out[k].x, out[k].y))
					break;
			ck_assert_int_lt(dd, 8);
			ck_assert_int_ne(field_step_cost(g, i, dd), 0);
			sum += field_step_cost(g, i, dd);
		}
		ck_assert_int_eq(sum, cost);
		/* The very cells the field's pointers lead along. */
		ck_assert_int_eq(path_descend(f, g, grid_x(g, a), grid_y(g, a),
		    desc, w * hh), n);
		for (int k = 0; k < n; k++)
			ck_assert(desc[k].x == out[k].x && desc[k].y == out[k].y);
	}
	free(desc);
	free(out);
	field_free(f);
	route_free(r);
	grid_free(g);
}
END_TEST

/*
 * The first whole build (where a chase starts) makes a build's cost known
 * and counts the cells within each radius of its goal (hunt_disc_count),
 * so the first update can already build whole: on an open map, a hunter
 * far off in a pillar's shadow (no route of octile length) is met by a
 * whole build, not by a local build of the whole map or a wave out to it
 * (1.5 to 3.9 rebuilds' time each on arena, where a whole build is about
 * half of one).
 */
START_TEST(test_hunt_first_build_known)
{
	uint64_t	 s = 0xf125;
	struct grid	*g = tu_random_grid(&s, 60, 60, 0, 0, true);
	struct hunt	*h = hunt_new(60, 60);
	struct field	*ref = field_new(60, 60);
	int32_t		 hunter = grid_index(g, 50, 30);
	uint32_t	 open = 0;

	for (int y = 20; y <= 40; y++)
		for (int x = 30; x <= 33; x++)
			g->cost[grid_index(g, x, y)] = 0;
	hunt_build(h, g, 10, 30);
	for (int i = 0; i < (int)h->f->ncells; i++)
		open += h->f->dist[i] != FIELD_INF;
	ck_assert_uint_gt(h->xwork, open);	/* cells and pointers' rows */
	ck_assert_uint_eq(h->wdisc[HUNT_DISC_N], open);	/* all within 512 */
	ck_assert_uint_eq(h->wdisc[0], 1);		/* the goal */
	ck_assert_uint_lt(h->wdisc[2], open);
	hunt_move(h, g, 11, 30);
	ck_assert(!hunt_proven(h, g, hunter));
	hunt_update(h, g, &hunter, 1);
	ck_assert_uint_eq(h->stats.rebuilds, 2);
	ck_assert_uint_eq(h->stats.locals, 0);
	expect_valid(h, g, "first", 1);
	expect_exact(h, g, ref, NULL, 0, true, 1);
	field_free(ref);
	hunt_free(h);
	grid_free(g);
}
END_TEST

/* The largest (field - exact) over the cells of h, in cells. */
static double
worst_extra(const struct hunt *h, const struct grid *g, struct field *ref)
{
	double worst = 0;

	field_build(ref, g, &h->goal, 1);
	for (size_t i = 0; i < ref->ncells; i++) {
		double e;

		if (ref->dist[i] == FIELD_INF)
			continue;
		e = (double)(h->f->dist[i] + h->f->base - ref->dist[i]) /
		    (double)FIELD_UNIT;
		if (e > worst)
			worst = e;
	}
	return worst;
}

/*
 * A goal walks its told walk east to its end, then is told a walk back
 * west (a hero sent back the way it came): the canonical build under way,
 * aimed at the old walk's end, is dropped, and the next update starts one
 * aimed along the new walk (hunt_plan), so that no cell is staler than a
 * few cells on the way back; kept, the field walked away from its build's
 * goal until two builds had ended, staler by about two cells a step.
 */
START_TEST(test_hunt_plan_turn_back)
{
	uint64_t	 s = 0x7b0c;
	struct grid	*g = tu_random_grid(&s, 240, 60, 0, 0, true);
	struct hunt	*h = hunt_new(240, 60);
	struct field	*ref = field_new(240, 60);
	int32_t		 plan[200], near;
	double		 worst = 0;
	int		 k;

	hunt_build(h, g, 20, 30);
	for (int x = 21; x <= 120; x++)
		plan[x - 21] = grid_index(g, x, 30);
	hunt_plan(h, plan, 100);
	for (int x = 21; x <= 121; x++) {	/* the last step unplanned */
		hunt_move(h, g, x, 30);
		near = grid_index(g, x - 1, 31);
		hunt_update(h, g, &near, 1);
	}
	/* A build under way, aimed where the goal stands (no walk known). */
	ck_assert_int_eq(h->xphase, 1);
	ck_assert_int_eq(h->xgoal, h->goal);
	for (int x = 120; x >= 21; x--)
		plan[120 - x] = grid_index(g, x, 30);
	hunt_plan(h, plan, 100);
	ck_assert_int_eq(h->xphase, 0);		/* dropped */
	for (int x = 120; x >= 100; x--) {
		double e;

		hunt_move(h, g, x, 30);
		near = grid_index(g, x + 1, 31);
		hunt_update(h, g, &near, 1);
		expect_valid(h, g, "back", x);
		if (x == 120) {		/* the new build aims along the walk */
			for (k = 0; k < 100 && plan[k] != h->xgoal; k++)
				;
			ck_assert_int_ge(k, 2);
			ck_assert_int_lt(k, 100);
		}
		e = worst_extra(h, g, ref);
		if (e > worst)
			worst = e;
	}
	ck_assert_msg(worst <= 8, "worst %.2f cells", worst);
	field_free(ref);
	hunt_free(h);
	grid_free(g);
}
END_TEST

/*
 * The longest run of updates with no build ending (taken, or a whole one)
 * while a goal walks east along row y of an open w x hh map a cell every
 * pace updates, told its walk on from where it stands every update
 * (zigzag 0), or stepping off the walk told to the next row and back at
 * each step and told it again then (zigzag 1, as the game re-tells the
 * hero's walk after a shove). Neither may drop every build before it
 * ends (hunt_plan drops at most one between two that end).
 */
static int
retold_gap(int w, int hh, int pace, bool zigzag)
{
	uint64_t	 s = 0x2e7;
	struct grid	*g = tu_random_grid(&s, w, hh, 0, 0, true);
	struct hunt	*h = hunt_new(w, hh);
	int32_t		*plan = malloc((size_t)w * sizeof *plan), near;
	int		 x = 2, y = hh / 2, gap = 0, worst = 0;

	hunt_build(h, g, x, y);
	for (int u = 0; x < w - 4; u++) {
		uint64_t before = h->stats.taken + h->stats.rebuilds;
		bool tell = !zigzag || u == 0;

		if (u % pace == 0) {
			x++;
			if (zigzag)
				y = y == hh / 2 ? hh / 2 + 1 : hh / 2;
			hunt_move(h, g, x, y);
			tell = tell || !hunt_walk_known(h);
		}
		if (tell) {
			int n = 0;

			for (int i = x + 1; i < w - 3; i++)
				plan[n++] = grid_index(g, i, y);
			hunt_plan(h, plan, n);
		}
		near = grid_index(g, x - 3, y);
		hunt_update(h, g, &near, 1);
		expect_valid(h, g, "retold", u);
		if (h->stats.taken + h->stats.rebuilds != before || h->exact)
			gap = 0;
		else if (++gap > worst)
			worst = gap;
	}
	ck_assert_int_le(worst, hunt_build_updates(h, g));
	free(plan);
	hunt_free(h);
	grid_free(g);
	return worst;
}

START_TEST(test_hunt_plan_retold_keeps_building)
{
	retold_gap(40, 24, 1, false);
	retold_gap(40, 24, 2, true);
	retold_gap(120, 40, 1, false);
	retold_gap(120, 40, 3, true);
}
END_TEST

/*
 * Towers at any rate during a chase, on the Moving AI maps (lak303d,
 * shipped; the 512 x 512 ones when $WEIR_MOVINGAI has them): the goal walks
 * along routes to far cells (told to the field), hunters step down the
 * field, and a tower goes up near the goal every few steps (now and then
 * one is sold). After every update the field is valid, each hunter's
 * cells hold their exact distance, and no cell is further over exact than
 * the goal's walk over two builds' updates and a dropped one's allow.
 */
static void
towers_chase(const char *path, int every, uint64_t seed)
{
	char		 err[256];
	struct grid	*g = movingai_bench_grid(path, err, sizeof err);
	struct hunt	*h;
	struct field	*ref;
	struct route	*r;
	struct point	*route;
	int32_t		*plan, *tower, hunter[HUNTERS], cells[4 * HUNTERS];
	int		 nroute = 0, at = 0, ntower = 0, goal, n;
	uint64_t	 s = seed;
	int64_t		 worst = 0, bound;

	ck_assert_msg(g != NULL, "%s", err);
	h = hunt_new(g->w, g->h);
	ref = field_new(g->w, g->h);
	r = route_new(g->w, g->h);
	route = malloc((size_t)g->w * g->h * sizeof *route);
	plan = malloc((size_t)g->w * g->h * sizeof *plan);
	tower = malloc((size_t)g->w * g->h * sizeof *tower);
	ck_assert(route != NULL && plan != NULL && tower != NULL);
	goal = tu_random_open(&s, g);
	hunt_build(h, g, grid_x(g, goal), grid_y(g, goal));
	for (int k = 0; k < HUNTERS; k++) {
		do
			hunter[k] = tu_random_open(&s, g);
		while (h->f->dist[hunter[k]] == FIELD_INF);
	}
	/*
	 * Two builds' updates of the walk and those of a build dropped (hunt.h:
	 * far), at most a diagonal a step; a step of the goal away from a
	 * cell adds to its route what it takes off the exact one: twice the
	 * step.
	 */
	bound = (int64_t)(3 * hunt_build_updates(h, g) + 2) * 2 * FIELD_DIAG;
	for (int step = 0; step < 800; step++) {
		int next;

		/* A new route when the old one ends or a tower cut it. */
		for (int tries = 0; tries < 16 && (at + 1 >= nroute ||
		    hunt_step_dir(g, goal, grid_index(g, route[at + 1].x,
		    route[at + 1].y)) == 8);
		    tries++) {
			int t = tu_random_open(&s, g);

			nroute = route_find(r, g, grid_x(g, goal),
			    grid_y(g, goal), grid_x(g, t), grid_y(g, t), route,
			    g->w * g->h, NULL);
			at = 0;
			for (int j = 1; j < nroute; j++)
				plan[j - 1] = grid_index(g, route[j].x,
				    route[j].y);
			if (nroute > 1)
				hunt_plan(h, plan, nroute - 1);
		}
		if (at + 1 >= nroute)
			break;
		next = grid_index(g, route[at + 1].x, route[at + 1].y);
		at++;
		goal = next;
		hunt_move(h, g, grid_x(g, goal), grid_y(g, goal));
		/* A tower near the goal, off its route's next steps. */
		if (step % every == 0) {
			int x = grid_x(g, goal) - 12 + tu_randint(&s, 25);
			int y = grid_y(g, goal) - 12 + tu_randint(&s, 25);
			bool ok = grid_inside(g, x, y) &&
			    grid_get_cost(g, x, y) != 0;

			for (int j = at; ok && j < nroute && j < at + 24; j++)
				ok = route[j].x != x || route[j].y != y;
			for (int k = 0; ok && k < HUNTERS; k++)
				ok = grid_index(g, x, y) != hunter[k];
			if (ok) {
				hunt_set_cost(h, g, x, y, 0);
				tower[ntower++] = grid_index(g, x, y);
			}
			if (ntower > 0 && tu_randint(&s, 6) == 0) {
				int j = tu_randint(&s, ntower);
				int32_t t = tower[j];

				tower[j] = tower[--ntower];
				hunt_set_cost(h, g, grid_x(g, t), grid_y(g, t),
				    1);
			}
		}
		n = 0;
		for (int k = 0; k < HUNTERS; k++)
			for (int j = 0; j < 4; j++) {
				int i = hunter[k] + (j & 1) + (j >> 1) *
				    g->stride;

				if (g->cost[i] != 0)
					cells[n++] = i;
			}
		hunt_update(h, g, cells, n);
		expect_exact(h, g, ref, cells, n, false, step);
		for (size_t i = 0; i < ref->ncells; i++)
			if (ref->dist[i] != FIELD_INF &&
			    h->f->dist[i] + h->f->base - ref->dist[i] > worst)
				worst = h->f->dist[i] + h->f->base -
				    ref->dist[i];
		expect_valid(h, g, "towers", step);
		ck_assert_msg(worst <= bound, "%s, step %d: far field %.1f "
		    "cells over exact (bound %.1f)", path, step,
		    (double)worst / FIELD_UNIT, (double)bound / FIELD_UNIT);
		for (int k = 0; k < HUNTERS; k++) {
			int d = h->f->dir[hunter[k]];

			if (d >= 0 && d < 8)
				hunter[k] += field_offset(g->stride, d);
		}
	}
	tu_say("towers every %d steps on %s: far field at most %.1f cells over "
	    "exact (bound %.1f), %llu builds taken, %llu whole\n", every, path,
	    (double)worst / FIELD_UNIT, (double)bound / FIELD_UNIT,
	    (unsigned long long)h->stats.taken,
	    (unsigned long long)h->stats.rebuilds);
	free(route);
	free(plan);
	free(tower);
	route_free(r);
	field_free(ref);
	hunt_free(h);
	grid_free(g);
}

START_TEST(test_hunt_towers_chase)
{
	static const char *const maps[] = {
		"lak303d", "maze512-1-0", "random512-10-0",
	};
	const char *dir = getenv("WEIR_MOVINGAI");
	char path[4096];
	int m = _i / 3, every = 1 + 2 * (_i % 3);	/* 1, 3, 5 */

	if (m == 0)
		snprintf(path, sizeof path, "%s%s.map",
		    tu_srcpath("tests/data/movingai/"), maps[m]);
	else if (dir != NULL && *dir != '\0')
		snprintf(path, sizeof path, "%s/%s.map", dir, maps[m]);
	else
		return;		/* the large maps are not shipped */
	if (m > 0 && access(path, R_OK) != 0)
		return;		/* nor beside an unpacked tarball */
	towers_chase(path, every, 0x70e45 + (uint64_t)_i);
}
END_TEST

static Suite *
hunt_suite(void)
{
	Suite *s = suite_create("hunt");
	TCase *tc = tcase_create("hunt");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_hunt_random_walks, 0, 300);
	tcase_add_test(tc, test_hunt_step_is_constant);
	tcase_add_loop_test(tc, test_hunt_tower_keeps_exact, 0, 300);
	tcase_add_loop_test(tc, test_hunt_copy_goes_on_alike, 0, 10);
	tcase_add_test(tc, test_hunt_goal_closed);
	tcase_add_test(tc, test_hunt_plan_aims_ahead);
	tcase_add_loop_test(tc, test_hunt_early_take, 0, 400);
	tcase_add_test(tc, test_hunt_early_take_happens);
	tcase_add_test(tc, test_hunt_far_hunters_build);
	tcase_add_test(tc, test_hunt_local_build);
	tcase_add_test(tc, test_hunt_wave_ratio);
	tcase_add_test(tc, test_hunt_far_hunter_proven);
	tcase_add_test(tc, test_hunt_prove_stops_when_build_certain);
	tcase_add_test(tc, test_hunt_wave_stops_when_settled);
	tcase_add_test(tc, test_hunt_slices_keep_budget);
	tcase_add_test(tc, test_hunt_budget_shrinks_while_busy);
	tcase_add_test(tc, test_hunt_first_build_known);
	tcase_add_test(tc, test_hunt_plan_turn_back);
	tcase_add_test(tc, test_hunt_plan_retold_keeps_building);
	tcase_add_loop_test(tc, test_hunt_towers_chase, 0, 9);
	suite_add_tcase(s, tc);
	/* The rest of the random walks: make check-long. */
	tc = tcase_create("hunt-long");
	tcase_set_tags(tc, "long");
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_hunt_random_walks, 300, 3000);
	suite_add_tcase(s, tc);

	tc = tcase_create("route");
	tcase_add_loop_test(tc, test_route_is_shortest, 0, 300);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(hunt_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
