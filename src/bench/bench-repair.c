/* SPDX-License-Identifier: ISC */
/*
 * weir-bench repair: time incremental field repair against a full rebuild
 * over a run of random valid tower placements and sales. A placement is
 * valid when it leaves the spawn connected to the goal (reach.h); a sale
 * opens a tower placed earlier. Each edit is repaired and timed, then a full
 * build of the same state is timed too, so both see the same maps.
 *
 * Both start from cold caches: a game edits its map seconds apart, with
 * other work in between, and a rebuild timed right after the last rebuild
 * would find the whole field in cache while the repaired field, touched only
 * where it changed, would not. So the caches are flushed (a write to every
 * line of a buffer larger than the last-level cache) before each timed call.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "nav/field.h"
#include "nav/reach.h"
#include "nav/repair.h"
#include "nav/util.h"

#define REPAIR_EDITS	1000	/* placements and sales per map */
#define REPAIR_TOWERS	400	/* most towers standing at once */

static const char *const bench_repair_maps[] = {
	"maze512-1-0", "random512-10-0",
};

struct bench_repair_result {
	double	repair, p99, rebuild;	/* median, 99th percentile, median */
	double	worst;			/* slowest repair */
	double	touched;		/* median cells touched per repair */
	int	rebuilds;		/* repairs that fell back to a build */
	int	exact;			/* the repaired field equals a build */
};

/* A random value below n from a xorshift state. */
static int
bench_repair_rand(uint64_t *s, int n)
{
	uint64_t x = *s;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	*s = x;
	return (int)(x % (uint64_t)n);
}

/* Run the edits on one map. */
static struct bench_repair_result
bench_repair_map(struct grid *g)
{
	struct bench_repair_result r;
	struct field *f = field_new(g->w, g->h), *ref = field_new(g->w, g->h);
	size_t n = grid_cells(g->w, g->h);
	int32_t *scratch = xmalloc(2 * n * sizeof *scratch);
	unsigned char *junk = xmalloc(BENCH_FLUSH);
	int32_t towers[REPAIR_TOWERS];
	double *rep = xmalloc(REPAIR_EDITS * sizeof *rep);
	double *reb = xmalloc(REPAIR_EDITS * sizeof *reb);
	double *touched = xmalloc(REPAIR_EDITS * sizeof *touched);
	uint64_t seed = 0x7e11;
	int32_t spawn, goal;
	int ntowers = 0, k;

	/* A spawn and a goal that are connected. */
	do {
		spawn = bench_pick_open(g, &seed);
		goal = bench_pick_open(g, &seed);
	} while (spawn == goal ||
	    !reach_all(g, &spawn, 1, &goal, 1, -1, scratch));
	field_build(f, g, &goal, 1);
	r.rebuilds = 0;
	for (k = 0; k < REPAIR_EDITS; k++) {
		double t0, t1, t2;
		int i;

		if (ntowers > 0 && (ntowers == REPAIR_TOWERS ||
		    bench_repair_rand(&seed, 2) == 0)) {
			int t = bench_repair_rand(&seed, ntowers);

			i = towers[t];
			towers[t] = towers[--ntowers];
			bench_flush(junk);
			t0 = bench_cpu_now();
			repair_unblock(f, g, grid_x(g, i), grid_y(g, i), 1);
			t1 = bench_cpu_now();
		} else {
			do {
				i = bench_pick_open(g, &seed);
			} while (i == spawn || i == goal ||
			    !reach_all(g, &spawn, 1, &goal, 1, i, scratch));
			towers[ntowers++] = i;
			bench_flush(junk);
			t0 = bench_cpu_now();
			repair_block(f, g, grid_x(g, i), grid_y(g, i));
			t1 = bench_cpu_now();
		}
		rep[k] = t1 - t0;
		r.rebuilds += f->stats.rebuilt != 0;
		touched[k] = (double)f->stats.touched;
		bench_flush(junk);
		t1 = bench_cpu_now();
		field_build(ref, g, &goal, 1);
		t2 = bench_cpu_now();
		reb[k] = t2 - t1;
	}
	r.exact = memcmp(f->dist, ref->dist, n * sizeof *f->dist) == 0 &&
	    memcmp(f->dir, ref->dir, n) == 0 &&
	    memcmp(f->goal, ref->goal, n * sizeof *f->goal) == 0 &&
	    memcmp(f->los, ref->los, n) == 0;
	r.rebuild = bench_median(reb, k);
	r.touched = bench_median(touched, k);
	r.repair = bench_median(rep, k);	/* sorts rep */
	r.p99 = rep[(k * 99) / 100];
	r.worst = rep[k - 1];
	/* Put the towers back so the grid is as it was loaded. */
	while (ntowers > 0) {
		int i = towers[--ntowers];

		g->cost[i] = 1;
	}
	free(rep);
	free(reb);
	free(touched);
	free(scratch);
	free(junk);
	field_free(f);
	field_free(ref);
	return r;
}

/* Run on the named maps: the two summary figures. */
static void
bench_repair_run(const char *const *maps, int nmaps, FILE *detail,
    double *vs_rebuild, double *p99_vs_rebuild)
{
	double ratio[16];

	*p99_vs_rebuild = 0;
	for (int m = 0; m < nmaps && m < 16; m++) {
		struct grid *g = bench_load_map(bench_map_path(maps[m]));
		struct bench_repair_result r = bench_repair_map(g);
		double p = r.p99 / r.rebuild;

		if (detail != NULL)
			fprintf(detail, "%-16s %4dx%-4d repair %7.1f us  p99 %7.1f"
			    " us  rebuild %7.1f us  rebuild/repair %6.1f  "
			    "p99/rebuild %.2f  worst/rebuild %.2f  touched %.0f"
			    "  fallbacks %d  %s\n",
			    maps[m], g->w, g->h, r.repair * 1e6, r.p99 * 1e6,
			    r.rebuild * 1e6, r.rebuild / r.repair, p,
			    r.worst / r.rebuild, r.touched,
			    r.rebuilds, r.exact ? "exact" : "MISMATCH");
		ratio[m] = r.rebuild / r.repair;
		if (p > *p99_vs_rebuild)
			*p99_vs_rebuild = p;
		grid_free(g);
	}
	*vs_rebuild = bench_geomean(ratio, nmaps < 16 ? nmaps : 16);
}

/* weir-bench repair [MAP...]: the per-map detail and the two figures. */
int
bench_repair(int argc, char **argv)
{
	const char *const *maps = bench_repair_maps;
	int nmaps = (int)(sizeof bench_repair_maps / sizeof bench_repair_maps[0]);
	double vr, vp;

	if (argc > 1) {
		maps = (const char *const *)argv + 1;
		nmaps = argc - 1 > 16 ? 16 : argc - 1;
	}
	printf("%d random valid tower placements and sales per map, each timed "
	    "from cold caches;\nrepair = dist, dir, goal and los; rebuild = "
	    "field_build of the same state; medians\n", REPAIR_EDITS);
	bench_repair_run(maps, nmaps, stdout, &vr, &vp);
	printf("repair_vs_rebuild %.1f\n", vr);
	printf("repair_p99_vs_rebuild %.2f\n", vp);
	return 0;
}

/* The summary's repair lines. */
void
bench_repair_summary(FILE *out)
{
	double vr, vp;

	bench_repair_run(bench_repair_maps,
	    (int)(sizeof bench_repair_maps / sizeof bench_repair_maps[0]), NULL,
	    &vr, &vp);
	fprintf(out, "repair_vs_rebuild %.1f\n", vr);
	fprintf(out, "repair_p99_vs_rebuild %.2f\n", vp);
}
