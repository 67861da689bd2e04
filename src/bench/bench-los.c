/* SPDX-License-Identifier: ISC */
/*
 * weir-bench los: how many cells that truly see their goal each rule finds.
 * For random goals on each map, every reachable cell's line of sight is
 * decided by the exact ray test (los_ray_clear) and compared with the sweep
 * (los_sweep) and with seed 000's rule: false positives (claims sight
 * through something opaque) and false negatives (misses a clear line).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "nav/field.h"
#include "nav/los.h"
#include "nav/util.h"

#define LOS_GOALS	6

static const char *const bench_los_maps[] = {
	"arena", "lak303d", "maze512-1-0", "random512-10-0",
};

int
bench_los(int argc, char **argv)
{
	const char *const *maps = bench_los_maps;
	int nmaps = (int)(sizeof bench_los_maps / sizeof bench_los_maps[0]);
	long tot_true = 0, tot_fp[2] = { 0, 0 }, tot_fn[2] = { 0, 0 };

	if (argc > 1) {
		maps = (const char *const *)argv + 1;
		nmaps = argc - 1;
	}
	printf("%-16s %10s | %-22s | %-22s\n", "map", "true LOS",
	    "sweep: FP  FN  FN%", "seed rule: FP  FN  FN%");
	for (int m = 0; m < nmaps; m++) {
		struct grid *g = bench_load_map(bench_map_path(maps[m]));
		struct field *f = field_new(g->w, g->h);
		uint8_t *sweep = xmalloc(f->ncells);
		uint64_t seed = 0x105;
		long truth = 0, fp[2] = { 0, 0 }, fn[2] = { 0, 0 };

		for (int q = 0; q < LOS_GOALS; q++) {
			int32_t goal = bench_pick_open(g, &seed);
			int gx = grid_x(g, goal), gy = grid_y(g, goal);

			field_build(f, g, &goal, 1);
			memcpy(sweep, f->los, f->ncells);
			los_seed_rule(f, g);
			for (int y = 0; y < g->h; y++)
				for (int x = 0; x < g->w; x++) {
					int i = grid_index(g, x, y);
					int want;

					if (f->dist[i] == FIELD_INF)
						continue;
					want = los_ray_clear(g, x, y, gx, gy) ||
					    i == goal;
					truth += want;
					fp[0] += sweep[i] && !want;
					fn[0] += !sweep[i] && want;
					fp[1] += f->los[i] && !want;
					fn[1] += !f->los[i] && want;
				}
		}
		printf("%-16s %10ld | %8ld %6ld %6.2f%% | %8ld %6ld %6.2f%%\n",
		    maps[m], truth, fp[0], fn[0], 100.0 * fn[0] / truth, fp[1],
		    fn[1], 100.0 * fn[1] / truth);
		tot_true += truth;
		for (int r = 0; r < 2; r++) {
			tot_fp[r] += fp[r];
			tot_fn[r] += fn[r];
		}
		free(sweep);
		field_free(f);
		grid_free(g);
	}
	printf("%-16s %10ld | %8ld %6ld %6.2f%% | %8ld %6ld %6.2f%%\n", "all",
	    tot_true, tot_fp[0], tot_fn[0], 100.0 * tot_fn[0] / tot_true,
	    tot_fp[1], tot_fn[1], 100.0 * tot_fn[1] / tot_true);
	return tot_fp[0] == 0 && tot_fp[1] == 0 ? 0 : 1;
}
