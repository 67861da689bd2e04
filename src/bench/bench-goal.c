/* SPDX-License-Identifier: ISC */
/*
 * weir-bench goal: the hunt field's case, a single goal that walks, with
 * GOAL_HUNTERS hunters chasing it. On each Moving AI map the goal takes two
 * walks of GOAL_STEPS legal steps (8-connected, no corner cutting): a
 * random walk (mostly straight on, sometimes a new heading), and a
 * hero-like walk along shortest routes (route_find) to far random targets,
 * whose route the field is told (hunt_plan), as a hero's walk is known.
 * Each step is hunt_move then hunt_update with the cells round the hunters
 * (hunt.h), timed together; each hunter then steps down the field. Every
 * GOAL_CHECK_EVERY steps, give or take GOAL_JITTER (from a fixed seed, so
 * that no cycle of the field's upkeep always falls on the same phase at a
 * check), a full field_build toward the same cell is timed (rotating with
 * the step's timing, so drift hits both alike). In the first run the field
 * is also compared with a build every GOAL_EXTRA_EVERY steps, give or take
 * GOAL_EXTRA_JITTER: the field's upkeep runs in cycles of a few updates (a
 * build in slices), and a sample of 40 checks a walk read goal_extra_mean
 * anywhere from 0.9 to 1.3 as a change of one update in that cycle's
 * phase moved which steps the checks fell on; 400 read it within a few
 * hundredths.
 *
 *   goal_step_vs_rebuild      median rebuild / median step
 *   goal_step_p99_vs_rebuild  99th percentile step / median rebuild
 *   goal_step_worst_vs_rebuild the dearest step / median rebuild
 *                             (information: a chase's opening, a hitch)
 *   goal_extra_mean           mean of (hunt - exact) over reachable cells,
 *                             in cells, on the 512 x 512 maps, hero walk
 *   goal_extra_max            its largest value there
 *   goal_hunter_extra         largest (hunt - exact) on a hunter's cells,
 *                             every map and walk (0: hunters on shortest
 *                             routes)
 *   hunt_tower_ms             the dearest hunt_set_cost of a tower placed
 *                             (or sold) during a chase on a clear
 *                             TOWER_SIZE x TOWER_SIZE map, in ms: the goal
 *                             walks at random, a tower goes up within
 *                             TOWER_NEAR cells of it every TOWER_EVERY
 *                             steps, the oldest is sold past TOWER_KEEP
 *
 * The ratios are the geometric mean (and p99 the worst) over maps and
 * walks. Times are this thread's processor time (bench_cpu_now).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "nav/field.h"
#include "nav/hunt.h"
#include "nav/route.h"
#include "nav/util.h"

#define GOAL_STEPS		2000	/* steps of a walk, per map */
#define GOAL_CHECK_EVERY	50	/* a timed rebuild every this many */
#define GOAL_JITTER		7	/* give or take up to this many */
#define GOAL_EXTRA_EVERY	5	/* the field compared every this many */
#define GOAL_EXTRA_JITTER	2	/* give or take up to this many */
#define GOAL_HUNTERS		32
#define GOAL_PACK		64	/* cells of route: where hunters start */
#define GOAL_RUNS		3	/* runs of each walk (least times) */
#define TOWER_SIZE		1024	/* hunt_tower_ms: the clear map's side */
#define TOWER_STEPS		600	/* the goal's steps */
#define TOWER_EVERY		5	/* a tower every this many steps */
#define TOWER_NEAR		16	/* within this many cells of the goal */
#define TOWER_KEEP		24	/* towers standing at most */

static const char *const bench_goal_maps[] = {
	"arena", "lak303d", "maze512-1-0", "random512-10-0",
};

struct bench_goal_result {
	double	step, p99, rebuild;	/* median, 99th percentile, median */
	double	p99_one;		/* p99 of the first run alone */
	double	worst;			/* the dearest step (least over runs) */
	double	extra_sum, extra_max;	/* cells, over every check */
	double	ncells;			/* cells summed into extra_sum */
	double	hunter_extra;		/* cells */
	double	waved;			/* mean cells the wave settled */
	int	valid;			/* the valid clause held at checks */
};

/* A walk: its kind, state and the route it is on. */
struct bench_walk {
	bool		 hero;		/* along routes to far targets */
	uint64_t	 seed;
	int		 heading;
	struct route	*r;
	struct point	*cells;
	int		 ncells, at;
	bool		 fresh;		/* a new route: tell the field */
};

/* xorshift */
static uint64_t
bench_goal_rand(uint64_t *s)
{
	uint64_t v = *s;

	v ^= v << 13;
	v ^= v >> 7;
	v ^= v << 17;
	return *s = v;
}

/* One legal step from cell c (padded index) by a xorshift, or c. */
static int32_t
bench_goal_random_step(const struct grid *g, int32_t c, struct bench_walk *w)
{
	for (int tries = 0; tries < 16; tries++) {
		uint64_t v = bench_goal_rand(&w->seed);
		/* Mostly keep going: a long walk, not a jitter in place. */
		int d = v % 4 != 0 ? w->heading : (int)((v >> 8) % 8);

		if (field_step_cost(g, c, d) == 0)
			continue;
		w->heading = d;
		return c + field_offset(g->stride, d);
	}
	w->heading = (w->heading + 1) % 8;
	return c;
}

/* The next cell of the hero-like walk: on along its route, or a new one. */
static int32_t
bench_goal_hero_step(const struct grid *g, int32_t c, struct bench_walk *w)
{
	for (int tries = 0; w->at + 1 >= w->ncells && tries < 16; tries++) {
		int32_t t = bench_pick_open(g, &w->seed);
		int dx = abs(grid_x(g, t) - grid_x(g, c));
		int dy = abs(grid_y(g, t) - grid_y(g, c));

		if (dx + dy < (g->w + g->h) / 4)
			continue;	/* not far */
		w->ncells = route_find(w->r, g, grid_x(g, c), grid_y(g, c),
		    grid_x(g, t), grid_y(g, t), w->cells, g->w * g->h, NULL);
		w->at = 0;
		w->fresh = true;
	}
	if (w->at + 1 >= w->ncells)
		return c;
	w->at++;
	return grid_index(g, w->cells[w->at].x, w->cells[w->at].y);
}

/* Hunters take a step down the field, one for each of the goal's. */
static void
bench_goal_hunters(const struct hunt *h, const struct grid *g, int32_t *hunter)
{
	for (int k = 0; k < GOAL_HUNTERS; k++) {
		int d = h->f->dir[hunter[k]];

		if (d >= 0 && d < 8)
			hunter[k] += field_offset(g->stride, d);
	}
}

/* The 2 x 2 cells round each hunter (as the game hands them), into cells. */
static int
bench_goal_cells(const struct grid *g, const int32_t *hunter, int32_t *cells)
{
	int n = 0;

	for (int k = 0; k < GOAL_HUNTERS; k++)
		for (int j = 0; j < 4; j++) {
			int i = hunter[k] + (j & 1) + (j >> 1) * g->stride;

			if (g->cost[i] != 0)
				cells[n++] = i;
		}
	return n;
}

/* The 99th percentile of the n times in t (which it sorts a copy of). */
static double
bench_goal_p99(const double *t, int n)
{
	double	*c, v;

	if (n == 0)
		return 0;
	c = xmalloc((size_t)n * sizeof *c);
	memcpy(c, t, (size_t)n * sizeof *c);
	bench_median(c, n);	/* sorts c */
	v = c[(n * 99) / 100];
	free(c);
	return v;
}

/* Compare h with ref (exact) over reachable cells and the hunters' cells. */
static void
bench_goal_compare(const struct hunt *h, const struct field *ref,
    const int32_t *cells, int n, struct bench_goal_result *r)
{
	const struct field *f = h->f;

	for (size_t i = 0; i < f->ncells; i++) {
		double e;

		if (ref->dist[i] == FIELD_INF)
			continue;
		e = (double)(f->dist[i] + f->base - ref->dist[i]) /
		    (double)FIELD_UNIT;
		r->extra_sum += e;
		r->ncells++;
		if (e > r->extra_max)
			r->extra_max = e;
	}
	for (int k = 0; k < n; k++) {
		double e = (double)(f->dist[cells[k]] + f->base -
		    ref->dist[cells[k]]) / (double)FIELD_UNIT;

		if (e > r->hunter_extra)
			r->hunter_extra = e;
	}
}

/*
 * Walk the goal over map g once, the hero-like walk or the random one: the
 * steps' times into st, the rebuilds' into rb (their counts returned in
 * *nst, *nrb), and with r, the field compared with the exact one at the
 * checks. The walk, the hunters and the checks depend only on the seeds,
 * so every run of it does the same work step for step.
 */
static void
bench_goal_walk(const struct grid *g, bool hero, double *st, int *nst,
    double *rb, int *nrb, struct bench_goal_result *r)
{
	struct hunt	*h = hunt_new(g->w, g->h);
	struct field	*ref = field_new(g->w, g->h);
	double		 waved = 0;
	uint64_t	 jit = 0x5eed, xjit = 0xe117a;
	int		 check = 0;	/* the next timed rebuild's step */
	int		 xcheck = 0;	/* the next comparison's step */
	int32_t		 hunter[GOAL_HUNTERS], cells[4 * GOAL_HUNTERS], goal;
	struct bench_walk w = { hero, 0x60a1, 1, route_new(g->w, g->h),
			    xmalloc((size_t)g->w * g->h * sizeof *w.cells),
			    0, 0, false };
	int32_t		*plan = xmalloc((size_t)g->w * g->h * sizeof *plan);
	char		 why[128];

	*nst = *nrb = 0;
	goal = bench_pick_open(g, &w.seed);
	hunt_build(h, g, grid_x(g, goal), grid_y(g, goal));
	/* A pack round the goal: within GOAL_PACK cells of route. */
	for (int k = 0; k < GOAL_HUNTERS; k++) {
		int tries = 0;

		do
			hunter[k] = bench_pick_open(g, &w.seed);
		while (h->f->dist[hunter[k]] == FIELD_INF || (tries++ <
		    100000 && field_distance(h->f, grid_x(g, hunter[k]),
		    grid_y(g, hunter[k])) > GOAL_PACK));
	}
	for (int k = 0; k < GOAL_STEPS; k++) {
		int32_t next = hero ? bench_goal_hero_step(g, goal, &w) :
		    bench_goal_random_step(g, goal, &w);
		int n = bench_goal_cells(g, hunter, cells);
		double t0, t1, t2;

		if (next == goal)
			continue;
		goal = next;
		/* Rotate: the rebuild goes first on odd checks. */
		t0 = bench_cpu_now();
		if (k >= check && *nrb % 2 == 1)
			field_build(ref, g, &goal, 1);
		t1 = bench_cpu_now();
		if (w.fresh) {
			/* The hero knows its walk: so does the field. */
			for (int j = 1; j < w.ncells; j++)
				plan[j - 1] = grid_index(g, w.cells[j].x,
				    w.cells[j].y);
			hunt_plan(h, plan, w.ncells - 1);
			w.fresh = false;
		}
		hunt_move(h, g, grid_x(g, goal), grid_y(g, goal));
		hunt_update(h, g, cells, n);
		t2 = bench_cpu_now();
		st[(*nst)++] = t2 - t1;
		waved += (double)h->stats.waved;
		if (k >= check) {
			check = k + GOAL_CHECK_EVERY - GOAL_JITTER +
			    (int)(bench_goal_rand(&jit) % (2 * GOAL_JITTER + 1));
			if (*nrb % 2 == 0) {
				t0 = bench_cpu_now();
				field_build(ref, g, &goal, 1);
				t1 = bench_cpu_now();
			}
			rb[(*nrb)++] = t1 - t0;
		}
		if (r != NULL && k >= xcheck) {
			xcheck = k + GOAL_EXTRA_EVERY - GOAL_EXTRA_JITTER +
			    (int)(bench_goal_rand(&xjit) %
			    (2 * GOAL_EXTRA_JITTER + 1));
			field_build(ref, g, &goal, 1);
			bench_goal_compare(h, ref, cells, n, r);
			r->valid &= hunt_valid(h, g, why, sizeof why);
		}
		bench_goal_hunters(h, g, hunter);
	}
	if (r != NULL)
		r->waved = waved / (*nst > 0 ? *nst : 1);
	free(w.cells);
	free(plan);
	route_free(w.r);
	field_free(ref);
	hunt_free(h);
}

/*
 * A walk over map g, run GOAL_RUNS times: each step's time (and each
 * rebuild's) is its least over the runs, since the runs do the same work
 * step for step and what one run has more is the machine's (an interrupt,
 * a neighbour's use of the cache): on a shared virtual machine single
 * steps of 15 us read 60 to 120 us about once in a hundred, which is what
 * a 99th percentile reads.
 */
static struct bench_goal_result
bench_goal_map(const struct grid *g, bool hero)
{
	struct bench_goal_result r;
	int		 cap = GOAL_STEPS / (GOAL_CHECK_EVERY - GOAL_JITTER) + 1;
	double		*st = xmalloc(GOAL_STEPS * sizeof *st);
	double		*st1 = xmalloc(GOAL_STEPS * sizeof *st1);
	double		*rb = xmalloc((size_t)cap * sizeof *rb);
	double		*rb1 = xmalloc((size_t)cap * sizeof *rb1);
	int		 nst = 0, nrb = 0, nst1, nrb1;

	memset(&r, 0, sizeof r);
	r.valid = 1;
	bench_goal_walk(g, hero, st, &nst, rb, &nrb, &r);
	r.p99_one = bench_goal_p99(st, nst);
	for (int run = 1; run < GOAL_RUNS; run++) {
		bench_goal_walk(g, hero, st1, &nst1, rb1, &nrb1, NULL);
		for (int k = 0; k < nst && k < nst1; k++)
			if (st1[k] < st[k])
				st[k] = st1[k];
		for (int k = 0; k < nrb && k < nrb1; k++)
			if (rb1[k] < rb[k])
				rb[k] = rb1[k];
	}
	r.rebuild = bench_median(rb, nrb);
	r.p99 = bench_goal_p99(st, nst);
	for (int k = 0; k < nst; k++)
		if (st[k] > r.worst)
			r.worst = st[k];
	r.step = bench_median(st, nst);		/* sorts st */
	free(st);
	free(st1);
	free(rb);
	free(rb1);
	return r;
}

/* The figures over maps and walks. */
struct bench_goal_figures {
	double	vs_rebuild, p99, p99_one, worst, extra_mean, extra_max;
	double	hunter_extra;
	double	tower_ms, tower_p90_ms;
};

/*
 * A chase on a clear map with towers placed and sold near the goal: the
 * dearest and the 90th percentile hunt_set_cost, in ms, into *worst, *p90.
 */
static void
bench_goal_tower(double *worst, double *p90)
{
	struct grid	*g = grid_new(TOWER_SIZE, TOWER_SIZE, true);
	struct hunt	*h = hunt_new(g->w, g->h);
	struct bench_walk w = { false, 0x7043, 1, NULL, NULL, 0, 0, false };
	int32_t		 hunter[GOAL_HUNTERS], cells[4 * GOAL_HUNTERS];
	int32_t		 tower[TOWER_KEEP], goal;
	double		 t[2 * TOWER_STEPS / TOWER_EVERY + 2];
	int		 nt = 0, ntower = 0;

	for (int y = 0; y < g->h; y++)
		for (int x = 0; x < g->w; x++)
			grid_set_cost(g, x, y, 1);
	goal = grid_index(g, g->w / 2, g->h / 2);
	hunt_build(h, g, g->w / 2, g->h / 2);
	for (int k = 0; k < GOAL_HUNTERS; k++)
		hunter[k] = goal + (k % 8 - 4) * 4 + (k / 8 - 2) * 4 *
		    g->stride;
	*worst = 0;
	for (int step = 0; step < TOWER_STEPS; step++) {
		int32_t next = bench_goal_random_step(g, goal, &w);
		int n = bench_goal_cells(g, hunter, cells);

		if (next != goal) {
			goal = next;
			hunt_move(h, g, grid_x(g, goal), grid_y(g, goal));
		}
		if (step % TOWER_EVERY == 0) {
			uint64_t v = bench_goal_rand(&w.seed);
			int x = grid_x(g, goal) - TOWER_NEAR + (int)(v %
			    (2 * TOWER_NEAR + 1));
			int y = grid_y(g, goal) - TOWER_NEAR + (int)((v >> 16) %
			    (2 * TOWER_NEAR + 1));
			bool ok = grid_inside(g, x, y) &&
			    grid_get_cost(g, x, y) != 0 &&
			    grid_index(g, x, y) != goal;
			double t0, t1;

			for (int k = 0; ok && k < GOAL_HUNTERS; k++)
				ok = grid_index(g, x, y) != hunter[k];
			if (ok && ntower == TOWER_KEEP) {
				int32_t o = tower[0];

				memmove(tower, tower + 1, (TOWER_KEEP - 1) *
				    sizeof *tower);
				ntower--;
				t0 = bench_cpu_now();
				hunt_set_cost(h, g, grid_x(g, o), grid_y(g, o),
				    1);
				t1 = bench_cpu_now();
				t[nt++] = t1 - t0;
			}
			if (ok) {
				t0 = bench_cpu_now();
				hunt_set_cost(h, g, x, y, 0);
				t1 = bench_cpu_now();
				t[nt++] = t1 - t0;
				tower[ntower++] = grid_index(g, x, y);
			}
		}
		hunt_update(h, g, cells, n);
		bench_goal_hunters(h, g, hunter);
	}
	for (int k = 0; k < nt; k++)
		if (t[k] > *worst)
			*worst = t[k];
	*worst *= 1e3;
	bench_median(t, nt);	/* sorts t */
	*p90 = nt > 0 ? t[(nt * 9) / 10] * 1e3 : 0;
	hunt_free(h);
	grid_free(g);
}

/* Run on the named maps. */
static void
bench_goal_run(const char *const *maps, int nmaps, FILE *detail,
    struct bench_goal_figures *fg)
{
	double	ratio[32] = { 0 }, esum = 0, ecells = 0;
	int	nr = 0;

	memset(fg, 0, sizeof *fg);
	for (int m = 0; m < nmaps && m < 16; m++) {
		struct grid *g = bench_load_map(bench_map_path(maps[m]));

		for (int hero = 0; hero < 2; hero++) {
			struct bench_goal_result r = bench_goal_map(g, hero);
			double p = r.p99 / r.rebuild;

			if (detail != NULL)
				fprintf(detail, "%-15s %-6s step %6.1f us  p99 "
				    "%7.1f us  rebuild %7.1f us  rebuild/step "
				    "%5.1f  p99/rebuild %.2f (one run %.2f)  "
				    "worst/rebuild %.2f  waved %6.0f  "
				    "extra mean %.3f max %.2f hunters %.2f%s\n",
				    maps[m], hero ? "hero" : "random",
				    r.step * 1e6, r.p99 * 1e6, r.rebuild * 1e6,
				    r.rebuild / r.step, p, r.p99_one /
				    r.rebuild, r.worst / r.rebuild, r.waved,
				    r.extra_sum / r.ncells, r.extra_max,
				    r.hunter_extra, r.valid ? "" :
				    "  NOT VALID");
			ratio[nr++] = r.rebuild / r.step;
			if (p > fg->p99)
				fg->p99 = p;
			if (r.p99_one / r.rebuild > fg->p99_one)
				fg->p99_one = r.p99_one / r.rebuild;
			if (r.worst / r.rebuild > fg->worst)
				fg->worst = r.worst / r.rebuild;
			if (r.hunter_extra > fg->hunter_extra)
				fg->hunter_extra = r.hunter_extra;
			if (hero && g->w >= 512 && g->h >= 512) {
				esum += r.extra_sum;
				ecells += r.ncells;
				if (r.extra_max > fg->extra_max)
					fg->extra_max = r.extra_max;
			}
		}
		grid_free(g);
	}
	fg->vs_rebuild = bench_geomean(ratio, nr);
	fg->extra_mean = ecells > 0 ? esum / ecells : 0;
	bench_goal_tower(&fg->tower_ms, &fg->tower_p90_ms);
}

/* Print the figures. */
static void
bench_goal_print(FILE *out, const struct bench_goal_figures *fg)
{
	fprintf(out, "goal_step_vs_rebuild %.1f\n", fg->vs_rebuild);
	fprintf(out, "goal_step_p99_vs_rebuild %.2f\n", fg->p99);
	fprintf(out, "goal_step_p99_one_run_vs_rebuild %.2f\n", fg->p99_one);
	fprintf(out, "goal_step_worst_vs_rebuild %.2f\n", fg->worst);
	fprintf(out, "goal_extra_mean %.3f\n", fg->extra_mean);
	fprintf(out, "goal_extra_max %.2f\n", fg->extra_max);
	fprintf(out, "goal_hunter_extra %.2f\n", fg->hunter_extra);
	fprintf(out, "hunt_tower_ms %.2f\n", fg->tower_ms);
	fprintf(out, "hunt_tower_p90_ms %.2f\n", fg->tower_p90_ms);
}

/* weir-bench goal [MAP...]: the per-map detail and the figures. */
int
bench_goal(int argc, char **argv)
{
	const char *const	*maps = bench_goal_maps;
	int			 nmaps = (int)(sizeof bench_goal_maps /
				    sizeof bench_goal_maps[0]);
	struct bench_goal_figures fg;

	if (argc > 1) {
		maps = (const char *const *)argv + 1;
		nmaps = argc - 1 > 16 ? 16 : argc - 1;
	}
	printf("a single goal walking %d steps per map (a random walk, and "
	    "a hero's walk along\nshortest routes to far targets) with %d "
	    "hunters chasing it; a step is hunt_move\n+ hunt_update (hunt.h); "
	    "rebuild = field_build toward the same cell every %d\nsteps "
	    "(give or take %d), rotating with it; medians of this thread's\n"
	    "processor time; extra = hunt - exact, in cells, over reachable "
	    "cells at those\nsteps; the hero's walk is told to the field\n", GOAL_STEPS, GOAL_HUNTERS, GOAL_CHECK_EVERY,
	    GOAL_JITTER);
	bench_goal_run(maps, nmaps, stdout, &fg);
	bench_goal_print(stdout, &fg);
	return 0;
}

/* The summary's goal lines. */
void
bench_goal_summary(FILE *out)
{
	struct bench_goal_figures fg;

	bench_goal_run(bench_goal_maps, (int)(sizeof bench_goal_maps /
	    sizeof bench_goal_maps[0]), NULL, &fg);
	bench_goal_print(out, &fg);
}
