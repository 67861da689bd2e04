/* SPDX-License-Identifier: ISC */
/*
 * weir-bench field: time a full field build (integration, flow pointers and
 * line of sight) against libtcod's Dijkstra and a plain 4-connected BFS over
 * the same open cells, on the same map and goals in the same run.
 *
 * The summary's figures come from builds taken in turn (ours, bfs, libtcod,
 * next goal), so each builder starts from caches the other two have partly
 * emptied. weir-bench field also times every builder on its own, warm (its
 * builds back to back, data in cache) and cold (every cache emptied before
 * each build), and ours twice more: its distances alone, and the old
 * Dijkstra builder (field_integrate: distances, pointers and goal slots).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"

#include "bench.h"
#include "nav/field.h"
#include "nav/util.h"

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

/* The builders weir-bench field times on their own. */
enum {
	BF_FULL,	/* field_build */
	BF_DIST,	/* field_canon_distances (or integrate where it must) */
	BF_OLD,		/* field_integrate */
	BF_TCOD,	/* TCOD_dijkstra_compute */
	BF_BFS,		/* 4-connected breadth-first search */
	BF_COUNT
};

static const char *const bench_field_names[BF_COUNT] = {
	"ours: field_build, full", "ours: distances only",
	"ours: field_integrate", "libtcod: dijkstra", "bfs: 4-connected",
};

/* Everything one map's builders need. */
struct bench_field_ctx {
	const struct grid	*g;
	struct field		*f;
	int32_t			*dist, *queue;	/* the BFS's */
	int32_t			 goals[FIELD_GOALS];
	unsigned char		*junk;		/* BENCH_FLUSH bytes */
#ifdef HAVE_LIBTCOD
	TCOD_Map		*map;
	TCOD_dijkstra_t		 dj;
#endif
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

/* Run builder b once on goal. Returns 0 if b is not available. */
static int
bench_field_one(struct bench_field_ctx *c, int b, int32_t goal)
{
	switch (b) {
	case BF_FULL:
		field_build(c->f, c->g, &goal, 1);
		return 1;
	case BF_DIST:
		if (field_canon_applies(c->g))
			field_canon_distances(c->f, c->g, &goal, 1);
		else
			field_integrate(c->f, c->g, &goal, 1);
		return 1;
	case BF_OLD:
		field_integrate(c->f, c->g, &goal, 1);
		return 1;
	case BF_TCOD:
#ifdef HAVE_LIBTCOD
		TCOD_dijkstra_compute(c->dj, grid_x(c->g, goal),
		    grid_y(c->g, goal));
		return 1;
#else
		return 0;
#endif
	default:
		bench_bfs(c->g, goal, c->dist, c->queue);
		return 1;
	}
}

/*
 * Median seconds of builder b on its own, goals in turn: warm (builds back
 * to back) or cold (caches emptied before each). -1 if b is absent.
 */
static double
bench_field_solo(struct bench_field_ctx *c, int b, int cold)
{
	double t[FIELD_GOALS * FIELD_REPEATS];
	int k = 0;

	if (!bench_field_one(c, b, c->goals[0]))	/* and warm up */
		return -1;
	for (int rep = 0; rep < FIELD_REPEATS; rep++) {
		for (int q = 0; q < FIELD_GOALS; q++, k++) {
			double t0;

			if (cold)
				bench_flush(c->junk);
			t0 = bench_now();
			bench_field_one(c, b, c->goals[q]);
			t[k] = bench_now() - t0;
		}
	}
	return bench_median(t, k);
}

/*
 * Time all three builders in turn on one map, medians over goals and
 * repeats; with solo, fill solo[mode][builder] too (mode 0 warm, 1 cold).
 */
static struct bench_field_result
bench_field_map(const struct grid *g, double solo[2][BF_COUNT])
{
	struct bench_field_result r;
	double ours[FIELD_GOALS * FIELD_REPEATS], bfs[FIELD_GOALS * FIELD_REPEATS];
	double tcod[FIELD_GOALS * FIELD_REPEATS];
	struct bench_field_ctx c;
	size_t n = grid_cells(g->w, g->h);
	uint64_t seed = 0x5eed;
	int32_t *goals = c.goals;
	struct field *f;
	int32_t *dist, *queue;
	int k = 0;

#ifdef HAVE_LIBTCOD
	TCOD_Map *map = TCOD_map_new(g->w, g->h);
	TCOD_dijkstra_t dj;
#endif

	c.g = g;
	c.f = f = field_new(g->w, g->h);
	c.dist = dist = xmalloc(n * sizeof *dist);
	c.queue = queue = xmalloc(n * sizeof *queue);
	c.junk = NULL;
#ifdef HAVE_LIBTCOD
	for (int y = 0; y < g->h; y++)
		for (int x = 0; x < g->w; x++)
			TCOD_map_set_properties(map, x, y, grid_open(g, x, y),
			    grid_open(g, x, y));
	dj = TCOD_dijkstra_new(map, 1.41f);
	c.map = map;
	c.dj = dj;
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
#ifdef HAVE_LIBTCOD
	r.tcod = bench_median(tcod, k);
#else
	r.tcod = -1;		/* tcod[] timed an empty gap */
	(void)tcod;
#endif
	if (solo != NULL) {
		c.junk = xmalloc(BENCH_FLUSH);
		for (int mode = 0; mode < 2; mode++)
			for (int b = 0; b < BF_COUNT; b++)
				solo[mode][b] = bench_field_solo(&c, b, mode);
		free(c.junk);
	}
#ifdef HAVE_LIBTCOD
	TCOD_dijkstra_delete(dj);
	TCOD_map_delete(map);
#endif
	free(dist);
	free(queue);
	field_free(f);
	return r;
}

/* Print one map's solo timings and ratios. */
static void
bench_field_print_solo(FILE *out, double solo[2][BF_COUNT])
{
	fprintf(out, "  %-26s %9s %9s\n", "alone, median ms", "warm", "cold");
	for (int b = 0; b < BF_COUNT; b++) {
		if (solo[0][b] < 0)
			continue;
		fprintf(out, "  %-26s %9.3f %9.3f\n", bench_field_names[b],
		    solo[0][b] * 1e3, solo[1][b] * 1e3);
	}
	for (int mode = 0; mode < 2; mode++) {
		const double *t = solo[mode];

		fprintf(out, "  %s: ", mode == 0 ? "warm" : "cold");
		if (t[BF_TCOD] > 0)
			fprintf(out, "libtcod/ours full %.2f, distances %.2f; ",
			    t[BF_TCOD] / t[BF_FULL], t[BF_TCOD] / t[BF_DIST]);
		fprintf(out, "ours/bfs full %.2f, distances %.2f; "
		    "field_integrate/ours %.2f\n", t[BF_FULL] / t[BF_BFS],
		    t[BF_DIST] / t[BF_BFS], t[BF_OLD] / t[BF_FULL]);
	}
}

/*
 * Run the comparison on the named maps; fill the two geometric means. With
 * detail, print each map, its solo timings, and the solo geometric means.
 */
static int
bench_field_run(const char *const *maps, int nmaps, FILE *detail,
    double *vs_tcod, double *vs_bfs)
{
	double rt[16], rb[16], solo[2][BF_COUNT];
	double st[2][2][16], sb[2][2][16];	/* [mode][full, dist][map] */
	int have_tcod = 1;

	if (nmaps > 16)
		nmaps = 16;
	for (int m = 0; m < nmaps; m++) {
		struct grid *g = bench_load_map(bench_map_path(maps[m]));
		struct bench_field_result r = bench_field_map(g,
		    detail != NULL ? solo : NULL);

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
			bench_field_print_solo(detail, solo);
			for (int mode = 0; mode < 2; mode++) {
				for (int d = 0; d < 2; d++) {
					double o = solo[mode][d ? BF_DIST :
					    BF_FULL];

					st[mode][d][m] =
					    solo[mode][BF_TCOD] / o;
					sb[mode][d][m] = o / solo[mode][BF_BFS];
				}
			}
		}
		rt[m] = r.tcod / r.ours;
		rb[m] = r.ours / r.bfs;
		if (r.tcod < 0)
			have_tcod = 0;
		grid_free(g);
	}
	*vs_tcod = have_tcod ? bench_geomean(rt, nmaps) : -1;
	*vs_bfs = bench_geomean(rb, nmaps);
	if (detail != NULL) {
		fprintf(detail, "alone, geometric means over the maps:\n");
		for (int mode = 0; mode < 2; mode++) {
			fprintf(detail, "  %s: ", mode == 0 ? "warm" : "cold");
			if (have_tcod)
				fprintf(detail, "libtcod/ours full %.2f, "
				    "distances %.2f; ",
				    bench_geomean(st[mode][0], nmaps),
				    bench_geomean(st[mode][1], nmaps));
			fprintf(detail, "ours/bfs full %.2f, distances %.2f\n",
			    bench_geomean(sb[mode][0], nmaps),
			    bench_geomean(sb[mode][1], nmaps));
		}
	}
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
	    "breadth-first distances only, the floor; each timed in turn on "
	    "the same goal;\nmedians of %d goals x %d builds. Then each alone: "
	    "warm (back to back) and cold\n(caches emptied first); 'distances "
	    "only' is the canonical search without\npointers, goal slots or "
	    "sight; field_integrate the old Dijkstra builder.\n", FIELD_GOALS,
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
