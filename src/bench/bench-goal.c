/* SPDX-License-Identifier: ISC */
/*
 * weir-bench goal: the hunt field's case, a single goal that walks. The
 * goal takes a long random walk over a Moving AI map, one legal step at a
 * time (8-connected, no corner cutting, as the hero walks), and after each
 * step the field is repaired with repair_move_goal and timed; every
 * GOAL_REBUILD_EVERY steps a full field_build toward the same cell is timed
 * as well, and checked equal to the repaired field.
 *
 *   goal_step_vs_rebuild      median rebuild / median repair of one step
 *   goal_step_p99_vs_rebuild  99th percentile step repair / median rebuild
 *
 * Both are the geometric mean and the worst over the maps. Caches are as a
 * game leaves them between two hero steps: warm for the field, since the
 * walk repairs the same field again and again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "nav/field.h"
#include "nav/repair.h"
#include "nav/util.h"

#define GOAL_STEPS		2000	/* steps of the walk, per map */
#define GOAL_REBUILD_EVERY	50	/* a timed rebuild every this many */

static const char *const bench_goal_maps[] = {
	"arena", "lak303d", "maze512-1-0", "random512-10-0",
};

struct bench_goal_result {
	double	step, p99, rebuild;	/* median, 99th percentile, median */
	int	exact;			/* every compared state equal */
};

/* One legal step from cell c (padded index) by a xorshift, or c. */
static int32_t
bench_goal_step(const struct grid *g, int32_t c, uint64_t *s, int *heading)
{
	static const int dx[8] = { 0, 1, 0, -1, 1, 1, -1, -1 };
	static const int dy[8] = { -1, 0, 1, 0, -1, 1, 1, -1 };
	int	x = grid_x(g, c), y = grid_y(g, c);

	for (int tries = 0; tries < 16; tries++) {
		uint64_t v = *s;
		int d, nx, ny;

		v ^= v << 13;
		v ^= v >> 7;
		v ^= v << 17;
		*s = v;
		/* Mostly keep going: a long walk, not a jitter in place. */
		d = v % 4 != 0 ? *heading : (int)((v >> 8) % 8);
		nx = x + dx[d];
		ny = y + dy[d];
		if (!grid_open(g, nx, ny))
			continue;
		if (d >= 4 && (!grid_open(g, nx, y) || !grid_open(g, x, ny)))
			continue;
		*heading = d;
		return grid_index(g, nx, ny);
	}
	*heading = (*heading + 1) % 8;
	return c;
}

/* Walk the goal over map g. */
static struct bench_goal_result
bench_goal_map(struct grid *g)
{
	struct bench_goal_result r;
	struct field	*f = field_new(g->w, g->h), *ref = field_new(g->w, g->h);
	size_t		 n = grid_cells(g->w, g->h);
	double		*st = xmalloc(GOAL_STEPS * sizeof *st);
	double		 rb[GOAL_STEPS / GOAL_REBUILD_EVERY + 1];
	uint64_t	 seed = 0x60a1;
	int32_t		 goal = bench_pick_open(g, &seed), next;
	int		 k, nst = 0, nrb = 0, heading = 1;

	field_build(f, g, &goal, 1);
	r.exact = 1;
	for (k = 0; k < GOAL_STEPS; k++) {
		double t0, t1;

		next = bench_goal_step(g, goal, &seed, &heading);
		if (next == goal)
			continue;
		goal = next;
		t0 = bench_now();
		repair_move_goal(f, g, 0, grid_x(g, goal), grid_y(g, goal));
		t1 = bench_now();
		st[nst++] = t1 - t0;
		if (k % GOAL_REBUILD_EVERY != 0)
			continue;
		t0 = bench_now();
		field_build(ref, g, &goal, 1);
		t1 = bench_now();
		rb[nrb++] = t1 - t0;
		r.exact &= memcmp(f->dist, ref->dist, n * sizeof *f->dist) ==
		    0 && memcmp(f->dir, ref->dir, n) == 0 &&
		    memcmp(f->los, ref->los, n) == 0;
	}
	r.rebuild = bench_median(rb, nrb);
	r.step = bench_median(st, nst);		/* sorts st */
	r.p99 = st[(nst * 99) / 100];
	free(st);
	field_free(f);
	field_free(ref);
	return r;
}

/* Run on the named maps: the two figures. */
static void
bench_goal_run(const char *const *maps, int nmaps, FILE *detail,
    double *vs_rebuild, double *p99_vs_rebuild)
{
	double	ratio[16];

	*p99_vs_rebuild = 0;
	for (int m = 0; m < nmaps && m < 16; m++) {
		struct grid *g = bench_load_map(bench_map_path(maps[m]));
		struct bench_goal_result r = bench_goal_map(g);
		double p = r.p99 / r.rebuild;

		if (detail != NULL)
			fprintf(detail, "%-16s %4dx%-4d step %7.1f us  p99 "
			    "%7.1f us  rebuild %7.1f us  rebuild/step %6.1f  "
			    "p99/rebuild %.2f  %s\n", maps[m], g->w, g->h,
			    r.step * 1e6, r.p99 * 1e6, r.rebuild * 1e6,
			    r.rebuild / r.step, p, r.exact ? "exact" :
			    "MISMATCH");
		ratio[m] = r.rebuild / r.step;
		if (p > *p99_vs_rebuild)
			*p99_vs_rebuild = p;
		grid_free(g);
	}
	*vs_rebuild = bench_geomean(ratio, nmaps < 16 ? nmaps : 16);
}

/* weir-bench goal [MAP...]: the per-map detail and the two figures. */
int
bench_goal(int argc, char **argv)
{
	const char *const	*maps = bench_goal_maps;
	int			 nmaps = (int)(sizeof bench_goal_maps /
				    sizeof bench_goal_maps[0]);
	double			 vr, vp;

	if (argc > 1) {
		maps = (const char *const *)argv + 1;
		nmaps = argc - 1 > 16 ? 16 : argc - 1;
	}
	printf("a single goal walking %d random steps per map, repaired "
	    "(repair_move_goal) after each;\nrebuild = field_build toward the "
	    "same cell every %d steps; medians\n", GOAL_STEPS,
	    GOAL_REBUILD_EVERY);
	bench_goal_run(maps, nmaps, stdout, &vr, &vp);
	printf("goal_step_vs_rebuild %.1f\n", vr);
	printf("goal_step_p99_vs_rebuild %.2f\n", vp);
	return 0;
}

/* The summary's goal lines. */
void
bench_goal_summary(FILE *out)
{
	double	vr, vp;

	bench_goal_run(bench_goal_maps, (int)(sizeof bench_goal_maps /
	    sizeof bench_goal_maps[0]), NULL, &vr, &vp);
	fprintf(out, "goal_step_vs_rebuild %.1f\n", vr);
	fprintf(out, "goal_step_p99_vs_rebuild %.2f\n", vp);
}
