/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of the navigation engine: integration field, flow pointers and
 * gradient, exact line of sight, waypoint paths and reachability.
 */
#include <check.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nav/dmath.h"
#include "nav/field.h"
#include "nav/los.h"
#include "core/movingai.h"
#include "nav/path.h"
#include "nav/reach.h"
#include "nav/repair.h"
#include "testutil.h"

#define EPS 1e-6

static struct field *
build(const struct grid *g, const int32_t *goals, int ngoals)
{
	struct field *f = field_new(g->w, g->h);

	field_build(f, g, goals, ngoals);
	return f;
}

/*
 * Reference Dijkstra in doubles with a plain O(n^2) scan: slow, obvious,
 * independent of the engine's fixed point and bucket queue.
 */
static double *
ref_dijkstra(const struct grid *g, const int32_t *goals, int ngoals)
{
	size_t n = grid_cells(g->w, g->h);
	double *d = malloc(n * sizeof *d);
	char *done = calloc(n, 1);

	for (size_t i = 0; i < n; i++)
		d[i] = INFINITY;
	for (int k = 0; k < ngoals; k++)
		d[goals[k]] = 0;
	for (;;) {
		size_t best = n;

		for (size_t i = 0; i < n; i++)
			if (!done[i] && isfinite(d[i]) &&
			    (best == n || d[i] < d[best]))
				best = i;
		if (best == n)
			break;
		done[best] = 1;
		for (int dir = 0; dir < 8; dir++) {
			int j = (int)best + field_offset(g->stride, dir);
			int64_t c = field_step_cost(g, j, (dir + 4) % 8);

			/* Step j -> best costs best's multiplier. */
			if (c == 0)
				continue;
			double w = (dir & 1 ? sqrt(2.0) : 1.0) * g->cost[best];
			if (d[best] + w < d[j])
				d[j] = d[best] + w;
		}
	}
	free(done);
	return d;
}

START_TEST(test_field_known_distances_8)
{
	const char *rows[] = {
		"G....",
		".....",
		"..#..",
		".....",
		NULL,
	};
	int32_t goals[4];
	int ng;
	struct grid *g = tu_grid(rows, true, goals, &ng);
	struct field *f = build(g, goals, ng);

	ck_assert_double_eq_tol(field_distance(f, 0, 0), 0, EPS);
	ck_assert_double_eq_tol(field_distance(f, 4, 0), 4, EPS);
	ck_assert_double_eq_tol(field_distance(f, 1, 1), sqrt(2), EPS);
	/* The wall at (2, 2) takes every diagonal through it away. */
	ck_assert_double_eq_tol(field_distance(f, 4, 3), 3 + 2 * sqrt(2), EPS);
	ck_assert_double_eq_tol(field_distance(f, 3, 3), 4 + sqrt(2), EPS);
	ck_assert(isinf(field_distance(f, 2, 2)));
	field_free(f);
	grid_free(g);
}
END_TEST

START_TEST(test_field_known_distances_4)
{
	const char *rows[] = {
		"G....",
		".....",
		"..#..",
		".....",
		NULL,
	};
	int32_t goals[4];
	int ng;
	struct grid *g = tu_grid(rows, false, goals, &ng);
	struct field *f = build(g, goals, ng);

	for (int y = 0; y < 4; y++)
		for (int x = 0; x < 5; x++)
			if (!(x == 2 && y == 2))
				ck_assert_msg(fabs(field_distance(f, x, y) -
				    (x + y)) < EPS, "(%d,%d) = %f, want %d", x,
				    y, field_distance(f, x, y), x + y);
	for (int i = 0; i < (int)f->ncells; i++)
		ck_assert_msg(f->dir[i] == FIELD_DIR_NONE ||
		    f->dir[i] == FIELD_DIR_GOAL || (f->dir[i] & 1) == 0,
		    "diagonal pointer %d in 4-connected mode", f->dir[i]);
	field_free(f);
	grid_free(g);
}
END_TEST

START_TEST(test_field_no_corner_cutting)
{
	const char *rows[] = {
		"G#.",
		"#..",
		"...",
		NULL,
	};
	int32_t goals[4];
	int ng;
	struct grid *g = tu_grid(rows, true, goals, &ng);
	struct field *f = build(g, goals, ng);

	/* The goal's only neighbour (1, 1) is diagonal past two walls. */
	ck_assert(isinf(field_distance(f, 1, 1)));
	ck_assert(isinf(field_distance(f, 2, 2)));
	field_free(f);
	grid_free(g);
}
END_TEST

START_TEST(test_field_terrain_costs)
{
	const char *rows[] = {
		"G3.",
		"...",
		NULL,
	};
	int32_t goals[4];
	int ng;
	struct grid *g = tu_grid(rows, true, goals, &ng);
	struct field *f = build(g, goals, ng);

	/* Entering the cost-3 cell costs 3; (2,0) goes round it below. */
	ck_assert_double_eq_tol(field_distance(f, 1, 0), 1, EPS);
	ck_assert_double_eq_tol(field_distance(f, 2, 0), 2 * sqrt(2), EPS);
	ck_assert_int_eq(f->dir[grid_index(g, 2, 0)], 5);	/* SW */
	ck_assert_int_eq(f->dir[grid_index(g, 1, 1)], 7);	/* NW */
	/* Leaving it costs what the next cell costs: from (1,0) go W. */
	ck_assert_int_eq(f->dir[grid_index(g, 1, 0)], 6);
	field_free(f);
	grid_free(g);
}
END_TEST

START_TEST(test_field_several_goals)
{
	const char *rows[] = {
		"G.......G",
		"....#....",
		NULL,
	};
	int32_t goals[4];
	int ng;
	struct grid *g = tu_grid(rows, true, goals, &ng);
	struct field *f = build(g, goals, ng);

	ck_assert_int_eq(f->ngoals, 2);
	ck_assert_double_eq_tol(field_distance(f, 3, 0), 3, EPS);
	ck_assert_double_eq_tol(field_distance(f, 6, 0), 2, EPS);
	ck_assert_int_eq(f->goal[grid_index(g, 3, 0)], 0);
	ck_assert_int_eq(f->goal[grid_index(g, 6, 0)], 1);
	ck_assert_int_eq(f->goals[f->goal[grid_index(g, 7, 1)]], goals[1]);
	field_free(f);
	grid_free(g);
}
END_TEST

START_TEST(test_field_unreachable_pocket)
{
	const char *rows[] = {
		"G..#...",
		"...#.#.",
		"...#...",
		NULL,
	};
	int32_t goals[4];
	int ng;
	struct grid *g = tu_grid(rows, true, goals, &ng);
	struct field *f = build(g, goals, ng);

	for (int y = 0; y < 3; y++)
		for (int x = 4; x < 7; x++) {
			int i = grid_index(g, x, y);

			ck_assert(isinf(field_distance(f, x, y)));
			ck_assert_int_eq(f->dir[i], FIELD_DIR_NONE);
			ck_assert_int_eq(f->goal[i], -1);
			ck_assert_int_eq(f->los[i], 0);
		}
	field_free(f);
	grid_free(g);
}
END_TEST

/* The engine's distances equal the reference's on random maps. */
START_TEST(test_field_matches_reference)
{
	uint64_t s = 0x9E3779B97F4A7C15ULL + (uint64_t)_i;

	for (int round = 0; round < 20; round++) {
		bool diag = tu_randint(&s, 4) != 0;
		int w = 5 + tu_randint(&s, 30), h = 5 + tu_randint(&s, 30);
		struct grid *g = tu_random_grid(&s, w, h, tu_randint(&s, 40),
		    tu_randint(&s, 30), diag);
		int32_t goals[3];
		int ng = 1 + tu_randint(&s, 3);
		struct field *f;
		double *ref;

		for (int k = 0; k < ng; k++)
			goals[k] = tu_random_open(&s, g);
		if (goals[0] < 0 || goals[ng - 1] < 0) {
			grid_free(g);
			continue;
		}
		f = build(g, goals, ng);
		ref = ref_dijkstra(g, goals, ng);
		for (int y = 0; y < h; y++)
			for (int x = 0; x < w; x++) {
				double a = field_distance(f, x, y);
				double b = ref[grid_index(g, x, y)];

				if (isinf(b))
					ck_assert_msg(isinf(a), "(%d,%d) %f", x, y, a);
				else
					ck_assert_msg(fabs(a - b) < 1e-6,
					    "(%d,%d): %.9f want %.9f", x, y, a, b);
			}
		free(ref);
		field_free(f);
		grid_free(g);
	}
}
END_TEST

/* Following pointers from any reachable cell reaches a goal, dist falling. */
START_TEST(test_flow_pointers_descend)
{
	uint64_t s = 1234567 + (uint64_t)_i;

	for (int round = 0; round < 20; round++) {
		int w = 10 + tu_randint(&s, 40), h = 10 + tu_randint(&s, 40);
		struct grid *g = tu_random_grid(&s, w, h, 30, 20,
		    round % 3 != 0);
		int32_t goal = tu_random_open(&s, g);
		struct field *f;

		if (goal < 0) {
			grid_free(g);
			continue;
		}
		f = build(g, &goal, 1);
		for (int y = 0; y < h; y++)
			for (int x = 0; x < w; x++) {
				int i = grid_index(g, x, y), steps = 0;

				if (f->dist[i] == FIELD_INF) {
					ck_assert_int_eq(f->dir[i], FIELD_DIR_NONE);
					continue;
				}
				while (f->dir[i] != FIELD_DIR_GOAL) {
					int d = f->dir[i];
					int j = i + field_offset(g->stride, d);

					/* Plain tests first: ck_assert is slow in a loop. */
					if (d < 0 || field_step_cost(g, i, d) == 0 ||
					    f->dist[j] >= f->dist[i] ||
					    ++steps >= w * h)
						ck_abort_msg("bad step %d at (%d,%d)",
						    d, grid_x(g, i), grid_y(g, i));
					i = j;
				}
				ck_assert_int_eq(i, goal);
			}
		field_free(f);
		grid_free(g);
	}
}
END_TEST

/* The pointers chosen while relaxing equal a scan of the final distances. */
START_TEST(test_flow_fused_pointers_match_scan)
{
	uint64_t s = 4711 + (uint64_t)_i;

	for (int round = 0; round < 30; round++) {
		struct grid *g = tu_random_grid(&s, 10 + tu_randint(&s, 40),
		    10 + tu_randint(&s, 40), tu_randint(&s, 40),
		    tu_randint(&s, 40), round % 4 != 0);
		int32_t goals[3];
		int ng = 1 + tu_randint(&s, 3);
		struct field *f;
		int8_t *fused;

		for (int k = 0; k < ng; k++)
			goals[k] = tu_random_open(&s, g);
		if (goals[0] < 0 || goals[ng - 1] < 0) {
			grid_free(g);
			continue;
		}
		f = build(g, goals, ng);
		fused = malloc(f->ncells);
		memcpy(fused, f->dir, f->ncells);
		field_flow(f, g);
		for (size_t i = 0; i < f->ncells; i++)
			if (fused[i] != f->dir[i])
				ck_abort_msg("cell %zu: fused %d, scan %d", i,
				    fused[i], f->dir[i]);
		free(fused);
		field_free(f);
		grid_free(g);
	}
}
END_TEST

/*
 * A cell's goal slot is the one its pointer chain ends at, so between two
 * goals at the same distance the pointer tie-break decides, and field_build
 * returns the number of reachable cells.
 */
START_TEST(test_field_goal_follows_pointer)
{
	uint64_t s = 2718 + (uint64_t)_i;

	for (int round = 0; round < 30; round++) {
		struct grid *g = tu_random_grid(&s, 8 + tu_randint(&s, 30),
		    8 + tu_randint(&s, 30), tu_randint(&s, 30),
		    tu_randint(&s, 30), round % 3 != 0);
		int32_t goals[5];
		int ng = 2 + tu_randint(&s, 4), reach = 0, built;
		struct field *f;

		for (int k = 0; k < ng; k++)
			goals[k] = tu_random_open(&s, g);
		if (goals[0] < 0) {
			grid_free(g);
			continue;
		}
		f = field_new(g->w, g->h);
		built = field_build(f, g, goals, ng);
		for (size_t i = 0; i < f->ncells; i++) {
			int d = f->dir[i];

			reach += f->dist[i] != FIELD_INF;
			if (d >= 0 && d < 8 && f->goal[i] !=
			    f->goal[(int)i + field_offset(g->stride, d)])
				ck_abort_msg("cell %zu: goal %d, its pointer's %d",
				    i, f->goal[i],
				    f->goal[(int)i + field_offset(g->stride, d)]);
			if (d == FIELD_DIR_GOAL && f->goals[f->goal[i]] != (int)i)
				ck_abort_msg("goal cell %zu in slot %d", i,
				    f->goal[i]);
		}
		ck_assert_int_eq(built, reach);
		field_free(f);
		grid_free(g);
	}
}
END_TEST

/* Two goals equally far: the first pointer in the tie-break names the goal. */
START_TEST(test_field_goal_tie_between_goals)
{
	const char *rows[] = {
		"G.G",
		"...",
		NULL,
	};
	int32_t goals[2];
	int ng;
	struct grid *g = tu_grid(rows, true, goals, &ng);
	struct field *f = field_new(g->w, g->h);

	field_build(f, g, goals, ng);
	/* (1,0) is one step from both: E comes before W, so goal 1. */
	ck_assert_int_eq(f->dir[grid_index(g, 1, 0)], 2);
	ck_assert_int_eq(f->goal[grid_index(g, 1, 0)], 1);
	/* (1,1) is one diagonal from both: NE comes before NW. */
	ck_assert_int_eq(f->dir[grid_index(g, 1, 1)], 1);
	ck_assert_int_eq(f->goal[grid_index(g, 1, 1)], 1);
	field_free(f);
	grid_free(g);
}
END_TEST

START_TEST(test_flow_tie_break_orthogonal_first)
{
	const char *rows[] = {
		"......",
		"......",
		"..G...",
		"......",
		NULL,
	};
	int32_t goals[2];
	int ng;
	struct grid *g = tu_grid(rows, true, goals, &ng);
	struct field *f = build(g, goals, ng);

	/* Straight above the goal: N; right of it: W; diagonal: NW. */
	ck_assert_int_eq(f->dir[grid_index(g, 2, 3)], 0);
	ck_assert_int_eq(f->dir[grid_index(g, 5, 2)], 6);
	ck_assert_int_eq(f->dir[grid_index(g, 4, 0)], 5);	/* SW */
	ck_assert_int_eq(f->dir[grid_index(g, 2, 2)], FIELD_DIR_GOAL);
	/* (5, 0): 3 across, 2 down: the diagonal comes first on ties? Both
	 * W (then SW, SW) and SW first cost 1 + 2 sqrt 2; W wins the tie. */
	ck_assert_int_eq(f->dir[grid_index(g, 5, 0)], 6);
	field_free(f);
	grid_free(g);
}
END_TEST

START_TEST(test_flow_gradient_points_downhill)
{
	uint64_t s = 777;
	struct grid *g = tu_random_grid(&s, 40, 30, 0, 0, true);
	int32_t goal = grid_index(g, 20, 15);
	struct field *f = build(g, &goal, 1);
	double vx, vy;

	for (int y = 0; y < 30; y++)
		for (int x = 0; x < 40; x++) {
			if (x == 20 && y == 15)
				continue;
			field_gradient(f, g, x, y, &vx, &vy);
			ck_assert_double_eq_tol(hypot(vx, vy), 1, 1e-9);
			/* On open ground it points towards the goal. */
			ck_assert_msg(vx * (20 - x) + vy * (15 - y) > 0,
			    "(%d,%d) gradient (%f,%f)", x, y, vx, vy);
		}
	field_gradient(f, g, 20, 15, &vx, &vy);
	ck_assert(vx == 0 && vy == 0);
	field_free(f);
	grid_free(g);
}
END_TEST

/*
 * The gradient as one of eight arrows (the gradient overlay): due east of
 * the goal it points W, north-east of it SW, south of it N; none on the
 * goal; and beside a wall it can point where no pointer may go (into the
 * wall's corner), which is what the overlay shows against the pointers.
 */
START_TEST(test_flow_gradient_dir)
{
	static const char *const rows[] = {
		".........",
		".........",
		".........",
		".........",
		"....G....",
		".........",
		".........",
		".........",
		".........",
		NULL,
	};
	static const char *const wall[] = {
		"G.....",
		"####..",
		"......",
		"......",
		NULL,
	};
	int32_t goals[4];
	int n;
	struct grid *g = tu_grid(rows, true, goals, &n);
	struct field *f = build(g, goals, n);

	ck_assert_int_eq(field_gradient_dir(f, g, 7, 4), 6);
	ck_assert_int_eq(field_gradient_dir(f, g, 7, 1), 5);
	ck_assert_int_eq(field_gradient_dir(f, g, 4, 8), 0);
	ck_assert_int_eq(field_gradient_dir(f, g, 4, 4), -1);
	field_free(f);
	grid_free(g);
	g = tu_grid(wall, true, goals, &n);
	f = build(g, goals, n);
	/* (0, 2) is under the wall: its route goes east round it, its
	 * gradient leans north-east, at the wall (which counts as the cell
	 * itself). */
	ck_assert_int_eq(f->dir[grid_index(g, 0, 2)], 2);
	ck_assert_int_eq(field_gradient_dir(f, g, 0, 2), 1);
	ck_assert(!grid_open(g, 1, 1));
	field_free(f);
	grid_free(g);
}
END_TEST

/*
 * Independent exact test: does the segment between the doubled points
 * (ax, ay) and (bx, by) meet the closed square [sx, sx+2] x [sy, sy+2]?
 * Liang-Barsky clipping on the parameter t with exact fractions.
 */
static bool
seg_meets_square(long ax, long ay, long bx, long by, long sx, long sy)
{
	long tn0 = 0, td0 = 1, tn1 = 1, td1 = 1;	/* t in [tn0/td0, tn1/td1] */
	long p[2] = { ax, ay }, d[2] = { bx - ax, by - ay };
	long lo[2] = { sx, sy }, hi[2] = { sx + 2, sy + 2 };

	for (int k = 0; k < 2; k++) {
		if (d[k] == 0) {
			if (p[k] < lo[k] || p[k] > hi[k])
				return false;
			continue;
		}
		long n1 = lo[k] - p[k], n2 = hi[k] - p[k], dd = d[k];

		if (dd < 0) {
			long t = n1;

			n1 = -n2;
			n2 = -t;
			dd = -dd;
		}
		/* t in [n1/dd, n2/dd] */
		if (n1 * td0 > tn0 * dd) {
			tn0 = n1;
			td0 = dd;
		}
		if (n2 * td1 < tn1 * dd) {
			tn1 = n2;
			td1 = dd;
		}
	}
	return tn0 * td1 <= tn1 * td0;
}

/* Brute force: check every cell of the bounding box. */
static bool
brute_clear(const struct grid *g, int x0, int y0, int x1, int y1)
{
	int minx = x0 < x1 ? x0 : x1, maxx = x0 < x1 ? x1 : x0;
	int miny = y0 < y1 ? y0 : y1, maxy = y0 < y1 ? y1 : y0;

	for (int y = miny - 1; y <= maxy + 1; y++)
		for (int x = minx - 1; x <= maxx + 1; x++) {
			bool opaque = !grid_inside(g, x, y) ||
			    los_opaque(g, grid_index(g, x, y));

			if ((x == x0 && y == y0) || (x == x1 && y == y1))
				continue;
			if (opaque && seg_meets_square(2 * x0 + 1, 2 * y0 + 1,
			    2 * x1 + 1, 2 * y1 + 1, 2 * x, 2 * y))
				return false;
		}
	return true;
}

START_TEST(test_los_ray_matches_brute_force)
{
	uint64_t s = 4242 + (uint64_t)_i;

	for (int round = 0; round < 200; round++) {
		int side = round < 180 ? 20 : 90;	/* long rays too */
		int w = 2 + tu_randint(&s, side), h = 2 + tu_randint(&s, side);
		struct grid *g = tu_random_grid(&s, w, h, tu_randint(&s, 50),
		    5, true);

		for (int q = 0; q < 100; q++) {
			int x0 = tu_randint(&s, w), y0 = tu_randint(&s, h);
			int x1 = tu_randint(&s, w), y1 = tu_randint(&s, h);

			if (los_ray_clear(g, x0, y0, x1, y1) !=
			    brute_clear(g, x0, y0, x1, y1))
				ck_abort_msg("(%d,%d)-(%d,%d) on %dx%d", x0, y0,
				    x1, y1, w, h);
		}
		grid_free(g);
	}
}
END_TEST

START_TEST(test_los_grazing_corner_is_blocked)
{
	const char *rows[] = {
		"G#.",
		"...",
		"...",
		NULL,
	};
	struct grid *g = tu_grid(rows, true, NULL, NULL);

	/* (0,0)-(2,2) passes the corner point of (1,0) and (0,1)... */
	ck_assert(!los_ray_clear(g, 0, 0, 2, 2));
	ck_assert(!los_ray_clear(g, 0, 0, 1, 1));
	ck_assert(los_ray_clear(g, 0, 0, 0, 2));
	ck_assert(los_ray_clear(g, 0, 0, 1, 2));
	grid_free(g);
}
END_TEST

/* The sweep equals the exact ray test on every cell: no false positive. */
START_TEST(test_los_sweep_exact_on_random_maps)
{
	uint64_t s = 99991 + (uint64_t)_i;
	long seen = 0;

	for (int round = 0; round < 250; round++) {
		int w = 3 + tu_randint(&s, 40), h = 3 + tu_randint(&s, 40);
		struct grid *g = tu_random_grid(&s, w, h, tu_randint(&s, 45),
		    tu_randint(&s, 10), round % 4 != 0);
		int32_t goals[4];
		int ng = 1 + (round % 5 == 0 ? tu_randint(&s, 4) : 0);
		struct field *f;

		for (int k = 0; k < ng; k++)
			goals[k] = tu_random_open(&s, g);
		if (goals[0] < 0 || goals[ng - 1] < 0) {
			grid_free(g);
			continue;
		}
		f = build(g, goals, ng);
		for (int y = 0; y < h; y++)
			for (int x = 0; x < w; x++) {
				int i = grid_index(g, x, y);
				bool want = false;

				if (f->goal[i] >= 0) {
					int gi = f->goals[f->goal[i]];

					want = los_ray_clear(g, x, y,
					    grid_x(g, gi), grid_y(g, gi)) ||
					    gi == i;
				}
				if (f->los[i] != want)
					ck_abort_msg("round %d (%d,%d): los %d, "
					    "ray %d", round, x, y, f->los[i], want);
				seen += want;
			}
		field_free(f);
		grid_free(g);
	}
	ck_assert_int_gt(seen, 1000);
}
END_TEST

/* Whether every cell's sight is what the exact ray test gives. */
static void
los_matches_rays(const struct field *f, const struct grid *g, int round)
{
	for (int y = 0; y < g->h; y++)
		for (int x = 0; x < g->w; x++) {
			int i = grid_index(g, x, y);
			bool want = false;

			if (f->goal[i] >= 0) {
				int gi = f->goals[f->goal[i]];

				want = gi == i || los_ray_clear(g, x, y,
				    grid_x(g, gi), grid_y(g, gi));
			}
			if (f->los[i] != want)
				ck_abort_msg("round %d (%d,%d): los %d, ray %d",
				    round, x, y, f->los[i], want);
		}
}

/*
 * On open ground (a goal's box with nothing opaque, swept as a whole) the
 * sight is still the ray test's, with one goal or several, and after
 * repairs that put walls and slow cells on it, then open them again.
 */
START_TEST(test_los_sweep_exact_on_open_ground)
{
	uint64_t s = 4242 + (uint64_t)_i;

	for (int round = 0; round < 120; round++) {
		int w = 2 + tu_randint(&s, 40), h = 2 + tu_randint(&s, 40);
		struct grid *g = tu_random_grid(&s, w, h, 0, 0, true);
		int32_t goals[4];
		int ng = 1 + tu_randint(&s, 4);
		struct field *f, *o;

		for (int k = 0; k < ng; k++)
			goals[k] = tu_random_open(&s, g);
		f = build(g, goals, ng);
		los_matches_rays(f, g, round);
		for (int e = 0; e < 3; e++) {
			int x = tu_randint(&s, w), y = tu_randint(&s, h);
			int i = grid_index(g, x, y);

			if (f->dist[i] == 0)
				continue;	/* a goal */
			if (e == 1)
				repair_set_cost(f, g, x, y, 3);	/* slow */
			else
				repair_block(f, g, x, y);
			los_matches_rays(f, g, round);
			o = build(g, goals, ng);
			ck_assert_mem_eq(f->los, o->los, f->ncells);
			field_free(o);
			if (e == 1)
				repair_set_cost(f, g, x, y, 1);
			else
				repair_unblock(f, g, x, y, 1);
			los_matches_rays(f, g, round);
		}
		field_free(f);
		grid_free(g);
	}
}
END_TEST

/* Seed 000's rule never claims sight the ray test denies, and misses some. */
START_TEST(test_los_seed_rule_conservative)
{
	uint64_t s = 31337;
	long exact = 0, seed = 0;

	for (int round = 0; round < 100; round++) {
		struct grid *g = tu_random_grid(&s, 30, 30, 20, 0, true);
		int32_t goal = tu_random_open(&s, g);
		struct field *f = build(g, &goal, 1);
		uint8_t *ex = malloc(f->ncells);

		memcpy(ex, f->los, f->ncells);
		los_seed_rule(f, g);
		for (size_t i = 0; i < f->ncells; i++) {
			if (f->los[i] && !ex[i])
				ck_abort_msg("seed rule sees through a wall "
				    "at %zu", i);
			exact += ex[i];
			seed += f->los[i];
		}
		free(ex);
		field_free(f);
		grid_free(g);
	}
	ck_assert_int_lt(seed, exact);
}
END_TEST

START_TEST(test_path_endpoints_and_steps)
{
	uint64_t s = 2024;

	for (int round = 0; round < 30; round++) {
		struct grid *g = tu_random_grid(&s, 30, 20, 30, 10, true);
		int32_t goal = tu_random_open(&s, g);
		struct field *f = build(g, &goal, 1);
		struct point pts[30 * 20];

		for (int q = 0; q < 50; q++) {
			int st = tu_random_open(&s, g);
			int x = grid_x(g, st), y = grid_y(g, st);
			int n = path_descend(f, g, x, y, pts, 600);

			if (f->dist[st] == FIELD_INF) {
				ck_assert_int_eq(n, 0);
				continue;
			}
			ck_assert_int_gt(n, 0);
			ck_assert(pts[0].x == x && pts[0].y == y);
			ck_assert_int_eq(grid_index(g, pts[n - 1].x,
			    pts[n - 1].y), goal);
			for (int k = 1; k < n; k++) {
				ck_assert_int_le(abs(pts[k].x - pts[k - 1].x), 1);
				ck_assert_int_le(abs(pts[k].y - pts[k - 1].y), 1);
			}
		}
		field_free(f);
		grid_free(g);
	}
}
END_TEST

START_TEST(test_path_smoothing_open_stretch_one_segment)
{
	const char *rows[] = {
		"..........",
		"..........",
		"..........",
		".........G",
		NULL,
	};
	int32_t goals[2];
	int ng;
	struct grid *g = tu_grid(rows, true, goals, &ng);
	struct field *f = build(g, goals, ng);
	struct point raw[64], pts[64];
	int n = path_descend(f, g, 0, 0, raw, 64);
	int m = path_smooth(g, raw, n, pts);

	ck_assert_int_gt(n, 2);
	ck_assert_int_eq(m, 2);
	ck_assert(pts[0].x == 0 && pts[0].y == 0 && pts[1].x == 9 &&
	    pts[1].y == 3);
	ck_assert_int_eq(path_waypoints(f, g, 0, 0, pts, 64), 2);
	field_free(f);
	grid_free(g);
}
END_TEST

START_TEST(test_path_segments_never_cross_walls)
{
	uint64_t s = 555;

	for (int round = 0; round < 40; round++) {
		struct grid *g = tu_random_grid(&s, 40, 25, 25, 10, true);
		int32_t goal = tu_random_open(&s, g);
		struct field *f = build(g, &goal, 1);
		struct point pts[40 * 25];
		struct grid *walls = grid_copy(g);

		/* Only blocked cells matter here: see slow ground through. */
		for (size_t i = 0; i < grid_cells(g->w, g->h); i++)
			if (walls->cost[i] > 1)
				walls->cost[i] = 1;

		for (int q = 0; q < 40; q++) {
			int st = tu_random_open(&s, g);
			int n = path_waypoints(f, g, grid_x(g, st),
			    grid_y(g, st), pts, 1000);
			double len = 0;

			if (n == 0)
				continue;
			ck_assert_int_eq(grid_index(g, pts[n - 1].x,
			    pts[n - 1].y), goal);
			for (int k = 1; k < n; k++) {
				ck_assert(los_ray_clear(walls, pts[k - 1].x,
				    pts[k - 1].y, pts[k].x, pts[k].y));
				len += hypot(pts[k].x - pts[k - 1].x,
				    pts[k].y - pts[k - 1].y);
			}
			/* Never longer than the route the field measured. */
			ck_assert(len <= (double)f->dist[st] /
			    (double)FIELD_UNIT + 1e-9);
		}
		grid_free(walls);
		field_free(f);
		grid_free(g);
	}
}
END_TEST

/*
 * The memo of next waypoints gives path_waypoints_first's waypoints from
 * every cell, asked in any order and again from memory, on random maps
 * with slow cells (which line of sight does not cross) in both movement
 * modes; forgetting after a wall goes up gives the new map's answers.
 */
START_TEST(test_path_memo_matches_smoothing)
{
	uint64_t s = 777;
	long from_memory = 0;

	for (int round = 0; round < 24; round++) {
		int w = 10 + tu_randint(&s, 30), h = 10 + tu_randint(&s, 30);
		struct grid *g = tu_random_grid(&s, w, h, tu_randint(&s, 30),
		    tu_randint(&s, 20), round % 3 != 0);
		int32_t goal = tu_random_open(&s, g);
		int max = w * h + 1, want = 2 + tu_randint(&s, 12);
		struct point *a = malloc((size_t)max * sizeof *a);
		struct point *b = malloc((size_t)(want + max) * sizeof *b);
		struct path_memo *m = path_memo_new(w, h);
		struct field *f = build(g, &goal, 1);

		for (int pass = 0; pass < 3; pass++) {
			for (int y = -1; y <= h; y++) {
				for (int x = -1; x <= w; x++) {
					int na = path_waypoints_first(f, g, x,
					    y, a, max, want);
					int nb = path_waypoints_memo(m, f, g,
					    x, y, b, want, b + want, max);

					ck_assert_int_eq(nb, na);
					for (int k = 0; k < na; k++) {
						ck_assert_int_eq(b[k].x, a[k].x);
						ck_assert_int_eq(b[k].y, a[k].y);
					}
					from_memory += pass > 0 && nb > 2;
				}
			}
			/* A wall somewhere open, and the memo forgets. */
			int32_t c = tu_random_open(&s, g);

			if (c != goal) {
				grid_set_cost(g, grid_x(g, c), grid_y(g, c), 0);
				field_free(f);
				f = build(g, &goal, 1);
				path_memo_forget(m);
			}
		}
		path_memo_free(m);
		field_free(f);
		free(a);
		free(b);
		grid_free(g);
	}
	ck_assert_int_gt(from_memory, 1000);
}
END_TEST

START_TEST(test_reach_detects_blocking_cell)
{
	const char *rows[] = {
		"....#....",
		"........G",
		"....#....",
		NULL,
	};
	int32_t goals[2];
	int ng;
	struct grid *g = tu_grid(rows, true, goals, &ng);
	int32_t src = grid_index(g, 0, 1);
	int32_t *scratch = malloc(2 * grid_cells(g->w, g->h) * sizeof *scratch);

	ck_assert(reach_all(g, &src, 1, goals, ng, -1, scratch));
	ck_assert(reach_would_block(g, &src, 1, goals, ng, 4, 1, scratch));
	ck_assert(!reach_would_block(g, &src, 1, goals, ng, 2, 1, scratch));
	ck_assert(reach_would_block(g, &src, 1, goals, ng, 0, 1, scratch));
	ck_assert(reach_would_block(g, &src, 1, goals, ng, 8, 1, scratch));
	free(scratch);
	grid_free(g);
}
END_TEST

/*
 * The local placement check gives reach_would_block's answer for every
 * cell, on random maps (thin to nearly cut through, both movement modes)
 * with several goals and sources, some of them cut off already, while
 * walls go up one by one where they do not cut anyone off.
 */
START_TEST(test_reach_cut_matches_flood)
{
	uint64_t s = 4242;
	int cuts = 0, checked = 0;

	for (int round = 0; round < 60; round++) {
		int w = 12 + tu_randint(&s, 20), h = 12 + tu_randint(&s, 20);
		struct grid *g = tu_random_grid(&s, w, h, 10 + tu_randint(&s,
		    35), 0, round % 2 == 0);
		int32_t goals[4], src[8];
		int ng = 1 + tu_randint(&s, 4), ns = tu_randint(&s, 9);
		int32_t *scratch = malloc(2 * grid_cells(w, h) * 4);
		struct reach_cut *rc = reach_cut_new(w, h);

		for (int k = 0; k < ng; k++)
			goals[k] = tu_random_open(&s, g);
		for (int k = 0; k < ns; k++)
			src[k] = tu_random_open(&s, g);
		for (int step = 0; step < 12; step++) {
			struct field *f = build(g, goals, ng);
			int bx = -1, by = -1;

			for (int y = -1; y <= h; y++) {
				for (int x = -1; x <= w; x++) {
					bool want = reach_would_block(g, src,
					    ns, goals, ng, x, y, scratch);

					ck_assert_msg(reach_cut_blocks(rc, g, f,
					    src, ns, goals, ng, x, y, scratch) ==
					    want, "round %d step %d (%d, %d): "
					    "want %d", round, step, x, y, want);
					checked++;
					cuts += want;
					if (!want && grid_open(g, x, y) &&
					    tu_randint(&s, 8) == 0) {
						bx = x;
						by = y;
					}
				}
			}
			field_free(f);
			if (bx < 0)
				break;
			grid_set_cost(g, bx, by, 0);
		}
		reach_cut_free(rc);
		free(scratch);
		grid_free(g);
	}
	/* Both answers came up often. */
	ck_assert_int_gt(cuts, checked / 50);
	ck_assert_int_gt(checked - cuts, checked / 20);
}
END_TEST

/* reach_all agrees with the field: a source reaches iff dist is finite. */
START_TEST(test_reach_agrees_with_field)
{
	uint64_t s = 8080;

	for (int round = 0; round < 50; round++) {
		struct grid *g = tu_random_grid(&s, 25, 25, 40, 0,
		    round % 2 == 0);
		int32_t goal = tu_random_open(&s, g), src = tu_random_open(&s, g);
		int32_t *scratch = malloc(2 * grid_cells(25, 25) * 4);
		struct field *f = build(g, &goal, 1);

		ck_assert_int_eq(reach_all(g, &src, 1, &goal, 1, -1, scratch),
		    f->dist[src] != FIELD_INF);
		free(scratch);
		field_free(f);
		grid_free(g);
	}
}
END_TEST

/*
 * Maps for the canonical builder's tests, all 8-connected at unit cost:
 * scattered walls, a maze of corridors (width 1 to 3) and rooms joined by
 * corridors, each with some scattered noise on top.
 */
static struct grid *
canon_map(uint64_t *s, int w, int h, int style)
{
	struct grid *g = grid_new(w, h, true);
	int dens = tu_randint(s, 60), noise = tu_randint(s, 8);

	if (style == 0) {
		for (int y = 0; y < h; y++)
			for (int x = 0; x < w; x++)
				grid_set_cost(g, x, y,
				    tu_randint(s, 100) >= dens);
		return g;
	}
	if (style == 1) {
		/* Corridors: a maze on a lattice of cells c wide, walls 1. */
		int c = 1 + tu_randint(s, 3), cw = (w + 1) / (c + 1);
		int ch = (h + 1) / (c + 1), n, *stack;
		char *done;

		if (cw < 1 || ch < 1)
			return g;
		done = calloc((size_t)(cw * ch), 1);
		stack = malloc((size_t)(cw * ch) * sizeof *stack);
		n = 0;
		stack[n++] = 0;
		done[0] = 1;
		while (n > 0) {
			int v = stack[n - 1], vx = v % cw, vy = v / cw;
			int opts[4], no = 0;

			for (int d = 0; d < 4; d++) {
				int nx = vx + (d == 1) - (d == 3);
				int ny = vy + (d == 2) - (d == 0);

				if (nx >= 0 && ny >= 0 && nx < cw && ny < ch &&
				    !done[ny * cw + nx])
					opts[no++] = d;
			}
			if (no == 0) {
				n--;
				continue;
			}
			{
				int d = opts[tu_randint(s, no)];
				int nx = vx + (d == 1) - (d == 3);
				int ny = vy + (d == 2) - (d == 0);
				int x0 = (vx < nx ? vx : nx) * (c + 1);
				int y0 = (vy < ny ? vy : ny) * (c + 1);
				int x1 = (vx > nx ? vx : nx) * (c + 1) + c;
				int y1 = (vy > ny ? vy : ny) * (c + 1) + c;

				for (int y = y0; y < y1 && y < h; y++)
					for (int x = x0; x < x1 && x < w; x++)
						grid_set_cost(g, x, y, 1);
				done[ny * cw + nx] = 1;
				stack[n++] = ny * cw + nx;
			}
		}
		free(done);
		free(stack);
	} else {
		/* Rooms, each joined to the last by an L of width 1 or 2. */
		int rooms = 1 + tu_randint(s, 12), px = -1, py = -1;

		for (int r = 0; r < rooms; r++) {
			int rw = 1 + tu_randint(s, w);
			int rh = 1 + tu_randint(s, h);
			int rx = tu_randint(s, w), ry = tu_randint(s, h);
			int cx = rx + rw / 2, cy = ry + rh / 2;
			int cwid = 1 + tu_randint(s, 2);

			for (int y = ry; y < ry + rh && y < h; y++)
				for (int x = rx; x < rx + rw && x < w; x++)
					grid_set_cost(g, x, y, 1);
			if (cx >= w)
				cx = w - 1;
			if (cy >= h)
				cy = h - 1;
			for (int x = px < cx ? px : cx; px >= 0 &&
			    x <= (px > cx ? px : cx); x++)
				for (int k = 0; k < cwid && py + k < h; k++)
					grid_set_cost(g, x, py + k, 1);
			for (int y = py < cy ? py : cy; py >= 0 &&
			    y <= (py > cy ? py : cy); y++)
				for (int k = 0; k < cwid && cx + k < w; k++)
					grid_set_cost(g, cx + k, y, 1);
			px = cx;
			py = cy;
		}
	}
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			if (tu_randint(s, 100) < noise)
				grid_set_cost(g, x, y, tu_randint(s, 3) != 0);
	return g;
}

/*
 * field_build through the canonical builder against field_integrate and a
 * line-of-sight sweep (the oracle) on one grid: distances, pointers, goal
 * slots, sight, the goal list and the count of reachable cells, bit for bit.
 */
static void
canon_check(const struct grid *g, const int32_t *goals, int ngoals,
    const char *what, int round)
{
	struct field *f = field_new(g->w, g->h), *o = field_new(g->w, g->h);
	size_t n = grid_cells(g->w, g->h);
	int reached;

	ck_assert_msg(field_canon_applies(g), "%s %d: builder not used", what,
	    round);
	reached = field_build(f, g, goals, ngoals);
	field_integrate(o, g, goals, ngoals);
	los_sweep(o, g);
	ck_assert_int_eq(reached, (int)o->stats.settled);
	ck_assert_int_eq(f->ngoals, o->ngoals);
	ck_assert(memcmp(f->goals, o->goals, (size_t)f->ngoals *
	    sizeof *f->goals) == 0);
	for (size_t i = 0; i < n; i++) {
		if (f->dist[i] != o->dist[i] || f->dir[i] != o->dir[i] ||
		    f->goal[i] != o->goal[i] || f->los[i] != o->los[i])
			ck_abort_msg("%s %d, %dx%d, %d goals, cell (%d,%d): "
			    "dist %lld dir %d goal %d los %d, oracle %lld %d "
			    "%d %d", what, round, g->w, g->h, ngoals,
			    grid_x(g, (int)i), grid_y(g, (int)i),
			    (long long)f->dist[i], f->dir[i], f->goal[i],
			    f->los[i], (long long)o->dist[i], o->dir[i],
			    o->goal[i], o->los[i]);
	}
	field_free(f);
	field_free(o);
}

/* Random goals for g: any cells, so blocked ones and repeats come too. */
static int
canon_goals(uint64_t *s, const struct grid *g, int32_t *goals, int most)
{
	int ng = 1 + tu_randint(s, most);

	for (int k = 0; k < ng; k++) {
		int r = tu_randint(s, 10);

		if (r == 0 && k > 0)
			goals[k] = goals[tu_randint(s, k)];	/* a repeat */
		else if (r == 1)
			goals[k] = grid_index(g, tu_randint(s, g->w),
			    tu_randint(s, g->h));	/* maybe a wall */
		else {
			goals[k] = tu_random_open(s, g);
			if (goals[k] < 0)
				goals[k] = grid_index(g, 0, 0);
		}
	}
	return ng;
}

/*
 * The canonical builder equals the oracle on random maps of every style, up
 * to 150 x 150 cells, with 1 to 64 goals.
 */
START_TEST(test_canon_matches_oracle_random)
{
	uint64_t s = 0xC0FFEE + (uint64_t)_i * 7919;

	for (int round = 0; round < 150; round++) {
		int big = round % 10 == 0;
		int w = 1 + tu_randint(&s, big ? 150 : 60);
		int h = 1 + tu_randint(&s, big ? 150 : 60);
		struct grid *g = canon_map(&s, w, h, round % 3);
		int32_t goals[64];
		int ng = canon_goals(&s, g, goals, round % 2 ? 64 : 4);

		canon_check(g, goals, ng, "random", round);
		grid_free(g);
	}
}
END_TEST

/* The same on many small maps, where every corner case comes up often. */
START_TEST(test_canon_matches_oracle_small)
{
	uint64_t s = 0xBADC0DE + (uint64_t)_i * 104729;

	for (int round = 0; round < 2500; round++) {
		int w = 1 + tu_randint(&s, 12), h = 1 + tu_randint(&s, 12);
		struct grid *g = canon_map(&s, w, h, round % 3);
		int32_t goals[8];
		int ng = canon_goals(&s, g, goals, 8);

		canon_check(g, goals, ng, "small", round);
		grid_free(g);
	}
}
END_TEST

/*
 * field_canon in slices of random budgets and reaches (field_canon_start,
 * _run; a scan runs at most the reach ahead of the queue) gives
 * field_canon's dist, dir and goal bit for bit, into a field left dirty by
 * another build, on random maps with 1 to 8 goals; and a budget of cells
 * splits it (a slice of one cell on a big map does not finish it).
 */
START_TEST(test_canon_slices_match_whole)
{
	uint64_t s = 0x511CE + (uint64_t)_i * 7919;

	for (int round = 0; round < 200; round++) {
		int w = 1 + tu_randint(&s, 70), h = 1 + tu_randint(&s, 70);
		struct grid *g = canon_map(&s, w, h, round % 3);
		struct field *f = field_new(w, h), *o = field_new(w, h);
		struct field_slice sl;
		int32_t goals[8];
		int ng = canon_goals(&s, g, goals, 8), calls = 0;
		uint64_t budget = 1 + tu_randint(&s, round % 2 ? 20 : 2000);

		memset(&sl, 0, sizeof sl);
		/* Any reach gives the same field (0: the ring's). */
		sl.reach = round % 4 == 0 ? 0 : 4 + tu_randint(&s, 61);
		field_canon(f, g, goals + 1, 1);	/* dirty */
		field_canon(o, g, goals, ng);
		field_canon_start(f, g, goals, ng, &sl);
		while (!field_canon_run(f, g, &sl, budget))
			ck_assert_int_lt(++calls, 100000);
		for (size_t i = 0; i < f->ncells; i++)
			if (f->dist[i] != o->dist[i] || f->dir[i] != o->dir[i]
			    || f->goal[i] != o->goal[i] || f->los[i] != 0)
				ck_abort_msg("round %d %dx%d ng %d/%d budget %d (%d,%d): %lld %d %d / "
				    "%lld %d %d", round, w, h, ng, o->ngoals, (int)budget, grid_x(g, (int)i),
				    grid_y(g, (int)i), (long long)f->dist[i],
				    f->dir[i], f->goal[i],
				    (long long)o->dist[i], o->dir[i],
				    o->goal[i]);
		if (budget == 1 && w * h > 400 && o->stats.settled > 100)
			ck_assert_int_gt(calls, 10);
		field_free(f);
		field_free(o);
		grid_free(g);
	}
}
END_TEST

/*
 * field_canon_local: on random maps and bounds, the cells nearer the goal
 * than the bound hold field_canon's distance and pointer, no other cell is
 * written (nothing outside the box, and inside it no distance), the count
 * returned is of the cells written, and field_canon_local_clean leaves the
 * whole field clean again for the next call, which is checked the same.
 */
START_TEST(test_canon_local_matches_whole)
{
	uint64_t s = 0x10CA1 + (uint64_t)_i * 7919;
	int w = 1 + tu_randint(&s, 70), h = 1 + tu_randint(&s, 70);
	struct grid *g = canon_map(&s, w, h, _i % 3);
	struct field *l = field_new(w, h), *o = field_new(w, h);

	memset(l->dir, 0, l->ncells);		/* clean */
	for (int round = 0; round < 40; round++) {
		int32_t goal = tu_random_open(&s, g);
		int64_t nb = 1 + tu_randint(&s, round % 2 ? 8 : w + h);
		int box[4];
		uint64_t got, want = 0;

		if (goal < 0)
			break;
		field_canon(o, g, &goal, 1);
		got = field_canon_local(l, g, goal, nb, box);
		for (int y = 0; y < h; y++)
			for (int x = 0; x < w; x++) {
				int i = grid_index(g, x, y);
				bool in = o->dist[i] < nb * FIELD_UNIT;
				bool inbox = x >= box[0] && x <= box[2] &&
				    y >= box[1] && y <= box[3];

				want += in;
				if (in ? l->dist[i] != o->dist[i] ||
				    l->dir[i] != o->dir[i] || !inbox :
				    l->dist[i] != FIELD_INF ||
				    (!inbox && (l->dir[i] != 0 || l->los[i])))
					ck_abort_msg("round %d %dx%d nb %lld "
					    "(%d,%d): %lld %d / %lld %d", round,
					    w, h, (long long)nb, x, y,
					    (long long)l->dist[i], l->dir[i],
					    (long long)o->dist[i], o->dir[i]);
			}
		ck_assert_uint_eq(got, want);
		field_canon_local_clean(l, g, box);
		for (size_t i = 0; i < l->ncells; i++)
			if (l->dist[i] != FIELD_INF || l->dir[i] != 0 ||
			    l->los[i] != 0)
				ck_abort_msg("round %d: cell %d not clean",
				    round, (int)i);
	}
	field_free(l);
	field_free(o);
	grid_free(g);
}
END_TEST

/* Every cell of f with a goal slot lies in that slot's kept box. */
static void
canon_boxes_hold(const struct field *f, const struct grid *g, int round)
{
	ck_assert_msg(f->obox_ok, "round %d: no boxes kept", round);
	for (int y = 0; y < g->h; y++)
		for (int x = 0; x < g->w; x++) {
			int s = f->goal[grid_index(g, x, y)];
			const int32_t *b = f->obox + 4 * s;

			if (s >= 0 && (x < b[0] || y < b[1] || x > b[2] ||
			    y > b[3]))
				ck_abort_msg("round %d %dx%d: (%d,%d) of slot "
				    "%d outside its box %d,%d-%d,%d", round,
				    g->w, g->h, x, y, s, b[0], b[1], b[2],
				    b[3]);
		}
}

/*
 * With several goals a canonical build, whole or in slices, leaves each
 * goal slot a box holding all its cells (the sight sweep and repairs look
 * only inside it), on random maps with 2 to 64 goals; the sweep inside
 * those boxes is checked against the ray test elsewhere.
 */
START_TEST(test_canon_boxes_hold_slots)
{
	uint64_t s = 0xB0C5 + (uint64_t)_i * 7919;

	for (int round = 0; round < 150; round++) {
		int w = 1 + tu_randint(&s, 60), h = 1 + tu_randint(&s, 60);
		struct grid *g = canon_map(&s, w, h, round % 3);
		struct field *f = field_new(w, h);
		struct field_slice sl;
		int32_t goals[64];
		int ng = canon_goals(&s, g, goals, round % 2 ? 64 : 8);

		field_build(f, g, goals, ng);
		if (f->ngoals > 1) {
			canon_boxes_hold(f, g, round);
			memset(&sl, 0, sizeof sl);
			field_canon_start(f, g, goals, ng, &sl);
			while (!field_canon_run(f, g, &sl,
			    1 + (uint64_t)tu_randint(&s, 500)))
				;
			canon_boxes_hold(f, g, round);
		}
		field_free(f);
		grid_free(g);
	}
}
END_TEST

/*
 * The same on the Moving AI maps, with 1, 4 and 50 goals: arena and
 * lak303d, shipped in tests/data/movingai, always; the large maps when
 * $WEIR_MOVINGAI has them.
 */
START_TEST(test_canon_matches_oracle_movingai)
{
	static const char *const maps[] = {
		"arena", "lak303d", "maze512-1-0", "random512-10-0",
	};
	const char *dir = getenv("WEIR_MOVINGAI");
	uint64_t s = 303;
	int done = 0;

	for (size_t m = 0; m < sizeof maps / sizeof maps[0]; m++) {
		char path[4096], err[256];
		struct grid *g;

		if (m < 2)
			snprintf(path, sizeof path, "%s%s.map",
			    tu_srcpath("tests/data/movingai/"), maps[m]);
		else if (dir != NULL && *dir != '\0')
			snprintf(path, sizeof path, "%s/%s.map", dir, maps[m]);
		else
			continue;	/* the large maps are not shipped */
		g = movingai_bench_grid(path, err, sizeof err);
		if (g == NULL && m >= 2)
			continue;
		ck_assert_msg(g != NULL, "%s", err);
		for (int ng = 1; ng <= 50; ng = ng == 1 ? 4 : ng == 4 ? 50 :
		    51) {
			int32_t goals[50];

			for (int k = 0; k < ng; k++)
				goals[k] = tu_random_open(&s, g);
			canon_check(g, goals, ng, maps[m], ng);
		}
		grid_free(g);
		done++;
	}
	ck_assert_int_ge(done, 2);
}
END_TEST

/* It applies to 8-way grids of unit cost only. */
START_TEST(test_canon_applies_only_to_unit_8way)
{
	struct grid *g = grid_new(37, 11, true);

	for (int y = 0; y < 11; y++)
		for (int x = 0; x < 37; x++)
			grid_set_cost(g, x, y, (x * 7 + y) % 5 != 0);
	ck_assert(field_canon_applies(g));
	grid_set_cost(g, 36, 10, 2);	/* the last cell, past every word */
	ck_assert(!field_canon_applies(g));
	grid_set_cost(g, 36, 10, 1);
	grid_set_cost(g, 3, 4, GRID_COST_MAX);
	ck_assert(!field_canon_applies(g));
	grid_set_cost(g, 3, 4, 0);
	ck_assert(field_canon_applies(g));
	g->diagonal = false;
	ck_assert(!field_canon_applies(g));
	grid_free(g);
}
END_TEST

/*
 * weir's own sine, cosine and atan2 (dmath.c), the simulation's only
 * trigonometry: close to libm's over the angles the game uses, exact where
 * the answer is, and sincos the same bits as sin and cos.
 */
START_TEST(test_dmath_matches_libm)
{
	double worst = 0.0;

	ck_assert(dmath_sin(0.0) == 0.0 && dmath_cos(0.0) == 1.0);
	ck_assert(dmath_atan2(0.0, 1.0) == 0.0);
	ck_assert(dmath_atan2(1.0, 0.0) == atan2(1.0, 0.0));
	for (int k = -4000; k <= 4000; k++) {
		double x = k * 0.0617, s, c;

		dmath_sincos(x, &s, &c);
		ck_assert(s == dmath_sin(x) && c == dmath_cos(x));
		worst = fmax(worst, fabs(s - sin(x)));
		worst = fmax(worst, fabs(c - cos(x)));
	}
	ck_assert_msg(worst < 1e-15, "sin/cos off libm by %g", worst);
	worst = 0.0;
	for (int y = -30; y <= 30; y++)
		for (int x = -30; x <= 30; x++) {
			double a = dmath_atan2(y * 0.37, x * 0.41);

			if (x == 0 && y == 0)
				continue;
			worst = fmax(worst, fabs(a - atan2(y * 0.37,
			    x * 0.41)));
		}
	ck_assert_msg(worst < 1e-15, "atan2 off libm by %g", worst);
}
END_TEST

static Suite *
field_suite(void)
{
	Suite *s = suite_create("field");
	TCase *tc;

	tc = tcase_create("integration");
	tcase_add_test(tc, test_field_known_distances_8);
	tcase_add_test(tc, test_field_known_distances_4);
	tcase_add_test(tc, test_field_no_corner_cutting);
	tcase_add_test(tc, test_field_terrain_costs);
	tcase_add_test(tc, test_field_several_goals);
	tcase_add_test(tc, test_field_unreachable_pocket);
	tcase_add_loop_test(tc, test_field_matches_reference, 0, 3);
	suite_add_tcase(s, tc);

	tc = tcase_create("canonical");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_canon_applies_only_to_unit_8way);
	tcase_add_loop_test(tc, test_canon_matches_oracle_random, 0, 20);
	tcase_add_loop_test(tc, test_canon_matches_oracle_small, 0, 20);
	tcase_add_loop_test(tc, test_canon_slices_match_whole, 0, 10);
	tcase_add_loop_test(tc, test_canon_local_matches_whole, 0, 30);
	tcase_add_loop_test(tc, test_canon_boxes_hold_slots, 0, 4);
	suite_add_tcase(s, tc);
	tc = tcase_create("canonical-movingai");
	tcase_set_tags(tc, "movingai");	/* --disable-movingai-tests */
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_canon_matches_oracle_movingai);
	suite_add_tcase(s, tc);

	tc = tcase_create("flow");
	tcase_add_loop_test(tc, test_flow_pointers_descend, 0, 3);
	tcase_add_test(tc, test_flow_tie_break_orthogonal_first);
	tcase_add_loop_test(tc, test_field_goal_follows_pointer, 0, 3);
	tcase_add_test(tc, test_field_goal_tie_between_goals);
	tcase_add_loop_test(tc, test_flow_fused_pointers_match_scan, 0, 3);
	tcase_add_test(tc, test_flow_gradient_points_downhill);
	tcase_add_test(tc, test_flow_gradient_dir);
	suite_add_tcase(s, tc);

	tc = tcase_create("los");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_los_ray_matches_brute_force, 0, 4);
	tcase_add_test(tc, test_los_grazing_corner_is_blocked);
	tcase_add_loop_test(tc, test_los_sweep_exact_on_random_maps, 0, 12);
	tcase_add_loop_test(tc, test_los_sweep_exact_on_open_ground, 0, 3);
	tcase_add_test(tc, test_los_seed_rule_conservative);
	suite_add_tcase(s, tc);

	tc = tcase_create("path");
	tcase_add_test(tc, test_path_endpoints_and_steps);
	tcase_add_test(tc, test_path_smoothing_open_stretch_one_segment);
	tcase_add_test(tc, test_path_segments_never_cross_walls);
	tcase_add_test(tc, test_path_memo_matches_smoothing);
	tcase_add_test(tc, test_dmath_matches_libm);
	suite_add_tcase(s, tc);

	tc = tcase_create("reach");
	tcase_set_timeout(tc, 30);	/* under 1 s alone; 4 s was short
					   in a loaded make distcheck */
	tcase_add_test(tc, test_reach_detects_blocking_cell);
	tcase_add_test(tc, test_reach_agrees_with_field);
	tcase_add_test(tc, test_reach_cut_matches_flood);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(field_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
