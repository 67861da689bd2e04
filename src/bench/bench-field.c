/*
 * weir-bench field: time a full field build (integration, flow pointers and
 * line of sight) against libtcod's Dijkstra and a plain 4-connected BFS over
 * the same open cells, on the same map and goals in the same run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"

#include "bench.h"
#include "core/field.h"
#include "core/util.h"

#ifdef HAVE_LIBTCOD
#include <libtcod/fov.h>
#include <libtcod/path.h>
#endif

#define FIELD_GOALS	4	/* goals per map */
#define FIELD_REPEATS	5	/* timed builds per goal */

static const char *const bench_field_maps[] = {
	"maze512-1-0", "random512-10-0", "lak303d",
};

struct bench_field_result {
	double	ours, bfs, tcod;	/* median seconds; tcod < 0 if absent */
};

/* The floor: breadth-first search, 4-connected, unit steps. */
static void
bench_bfs(const struct grid *g, int32_t goal, int32_t *dist, int32_t *queue)
{
	size_t n = grid_cells(g->w, g->h);
	const int s = g->stride;
	int head = 0, tail = 0;

	for (size_t i = 0; i < n; i++)
		dist[i] = -1;
	dist[goal] = 0;
	queue[tail++] = goal;
	while (head < tail) {
		int i = queue[head++], d = dist[i] + 1;

		if (g->cost[i - s] && dist[i - s] < 0) {
			dist[i - s] = d;
			queue[tail++] = i - s;
		}
		if (g->cost[i + 1] && dist[i + 1] < 0) {
			dist[i + 1] = d;
			queue[tail++] = i + 1;
		}
		if (g->cost[i + s] && dist[i + s] < 0) {
			dist[i + s] = d;
			queue[tail++] = i + s;
		}
		if (g->cost[i - 1] && dist[i - 1] < 0) {
			dist[i - 1] = d;
			queue[tail++] = i - 1;
		}
	}
}

/* Time all three builders on one map; medians over goals and repeats. */
static struct bench_field_result
bench_field_map(const struct grid *g)
{
	struct bench_field_result r;
	double ours[FIELD_GOALS * FIELD_REPEATS], bfs[FIELD_GOALS * FIELD_REPEATS];
	double tcod[FIELD_GOALS * FIELD_REPEATS];
	struct field *f = field_new(g->w, g->h);
	size_t n = grid_cells(g->w, g->h);
	int32_t *dist = xmalloc(n * sizeof *dist), *queue = xmalloc(n * sizeof *queue);
	uint64_t seed = 0x5eed;
	int32_t goals[FIELD_GOALS];
	int k = 0;
#ifdef HAVE_LIBTCOD
	TCOD_Map *map = TCOD_map_new(g->w, g->h);
	TCOD_dijkstra_t dj;

	for (int y = 0; y < g->h; y++)
		for (int x = 0; x < g->w; x++)
			TCOD_map_set_properties(map, x, y, grid_open(g, x, y),
			    grid_open(g, x, y));
	dj = TCOD_dijkstra_new(map, 1.41f);
#endif

	for (int q = 0; q < FIELD_GOALS; q++)
		goals[q] = bench_pick_open(g, &seed);
	/*
	 * Each goal in turn, not one goal five times running: a builder timed
	 * right after the same build would find its branch history learnt.
	 */
	for (int rep = 0; rep < FIELD_REPEATS; rep++) {
		for (int q = 0; q < FIELD_GOALS; q++, k++) {
			int32_t goal = goals[q];
			double t0, t1, t2, t3;

			/* Interleave the three so drift hits them alike. */
			t0 = bench_now();
			field_build(f, g, &goal, 1);
			t1 = bench_now();
			bench_bfs(g, goal, dist, queue);
			t2 = bench_now();
#ifdef HAVE_LIBTCOD
			TCOD_dijkstra_compute(dj, grid_x(g, goal), grid_y(g, goal));
#endif
			t3 = bench_now();
			ours[k] = t1 - t0;
			bfs[k] = t2 - t1;
			tcod[k] = t3 - t2;
		}
	}
	r.ours = bench_median(ours, k);
	r.bfs = bench_median(bfs, k);
	r.tcod = -1;
#ifdef HAVE_LIBTCOD
	r.tcod = bench_median(tcod, k);
	TCOD_dijkstra_delete(dj);
	TCOD_map_delete(map);
#endif
	free(dist);
	free(queue);
	field_free(f);
	return r;
}

/* Run the comparison on the named maps; fill the two geometric means. */
static int
bench_field_run(const char *const *maps, int nmaps, FILE *detail,
    double *vs_tcod, double *vs_bfs)
{
	double rt[16], rb[16];
	int have_tcod = 1;

	for (int m = 0; m < nmaps && m < 16; m++) {
		struct grid *g = bench_load_map(bench_map_path(maps[m]));
		struct bench_field_result r = bench_field_map(g);

		if (detail != NULL) {
			fprintf(detail, "%-16s %4dx%-4d ours %8.3f ms  bfs %8.3f ms"
			    "  libtcod ", maps[m], g->w, g->h, r.ours * 1e3,
			    r.bfs * 1e3);
			if (r.tcod >= 0)
				fprintf(detail, "%8.3f ms  libtcod/ours %.2f",
				    r.tcod * 1e3, r.tcod / r.ours);
			else
				fprintf(detail, "skipped");
			fprintf(detail, "  ours/bfs %.2f\n", r.ours / r.bfs);
		}
		rt[m] = r.tcod / r.ours;
		rb[m] = r.ours / r.bfs;
		if (r.tcod < 0)
			have_tcod = 0;
		grid_free(g);
	}
	*vs_tcod = have_tcod ? bench_geomean(rt, nmaps) : -1;
	*vs_bfs = bench_geomean(rb, nmaps);
	return have_tcod;
}

int
bench_field(int argc, char **argv)
{
	const char *const *maps = bench_field_maps;
	int nmaps = (int)(sizeof bench_field_maps / sizeof bench_field_maps[0]);
	double vt, vb;

	if (argc > 1) {
		maps = (const char *const *)argv + 1;
		nmaps = argc - 1 > 16 ? 16 : argc - 1;
	}
	printf("ours = field_build: exact fixed-point distances, flow pointers "
	    "and line of sight, 8-connected;\nlibtcod = TCOD_dijkstra_compute: "
	    "float distances only (diagonal 1.41); bfs = 4-connected\n"
	    "breadth-first distances only, the floor; each timed in turn on the "
	    "same goal;\nmedians of %d goals x %d builds\n", FIELD_GOALS,
	    FIELD_REPEATS);
	bench_field_run(maps, nmaps, stdout, &vt, &vb);
	if (vt > 0)
		printf("field_vs_libtcod %.2f\n", vt);
	else
		printf("libtcod: skipped (not found at configure time)\n");
	printf("field_vs_bfs %.2f\n", vb);
	return 0;
}

/* The summary's field lines. */
void
bench_field_summary(FILE *out)
{
	double vt, vb;

	bench_field_run(bench_field_maps,
	    (int)(sizeof bench_field_maps / sizeof bench_field_maps[0]), NULL,
	    &vt, &vb);
	if (vt > 0)
		fprintf(out, "field_vs_libtcod %.2f\n", vt);
	else
		fprintf(stderr, "field_vs_libtcod: skipped (no libtcod)\n");
	fprintf(out, "field_vs_bfs %.2f\n", vb);
}
