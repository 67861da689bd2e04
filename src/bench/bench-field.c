/* SPDX-License-Identifier: ISC */
/*
 * weir-bench field: time a full field build (integration, flow pointers and
 * line of sight) against peers on the same map and goals in the same run:
 *
 *   bfs8          the floor: breadth-first search, 8-connected, unit steps,
 *                 no corner cutting: the same graph as ours, unweighted
 *   bfs4          the same, 4-connected (information: a smaller graph)
 *   libtcod       TCOD_dijkstra_compute on a TCOD_map of the open cells:
 *                 its own graph (diagonals cut corners), diagonal 1.41
 *   libtcod same  TCOD_dijkstra_compute with a cost callback that forbids
 *                 corner cutting, diagonal sqrt(2): the same graph as ours
 *
 * Every time is this thread's processor time (bench_cpu_now). The builders
 * run interleaved, each goal in turn, in an order that rotates from build
 * to build (so no builder always follows the same one), FIELD_GOALS goals x
 * FIELD_REPEATS rounds; the figures are ratios of medians. Ours is also
 * timed with FIELD_MANY_GOALS goals against one (field_64goals_vs_1, every
 * map: the worst). weir-bench field also times every builder on its own,
 * warm (its builds back to back, data in cache) and cold (every cache
 * emptied before each build), and ours twice more: its distances alone,
 * and the old Dijkstra builder (field_integrate). The maps: a maze, random
 * rocks, a Moving AI game map and open ground (openN: an empty N x N map).
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
#define FIELD_REPEATS	7	/* timed builds per goal */
#define FIELD_MANY_GOALS 64	/* field_64goals_vs_1 */

static const char *const bench_field_maps[] = {
	"maze512-1-0", "random512-10-0", "lak303d", "open512",
};

/*
 * The map called name: openN is open ground, N x N cells with nothing on
 * them (made here); any other name a Moving AI map (bench_map_path).
 */
static struct grid *
bench_field_grid(const char *name)
{
	struct grid *g;
	int n, end = 0;

	if (sscanf(name, "open%d%n", &n, &end) != 1 || name[end] != '\0' ||
	    n < 2 || n > GRID_MAX_W || n > GRID_MAX_H)
		return bench_load_map(bench_map_path(name));
	g = grid_new(n, n, true);
	for (int y = 0; y < n; y++)
		for (int x = 0; x < n; x++)
			grid_set_cost(g, x, y, 1);
	return g;
}

/* The interleaved builders. */
enum { BI_OURS, BI_BFS4, BI_BFS8, BI_TCOD, BI_TCOD_SAME, BI_MANY, BI_COUNT };

struct bench_field_result {
	double	t[BI_COUNT];		/* median seconds; < 0 if absent */
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
	int32_t			 many[FIELD_MANY_GOALS];
	unsigned char		*junk;		/* BENCH_FLUSH bytes */
#ifdef HAVE_LIBTCOD
	TCOD_Map		*map;
	TCOD_dijkstra_t		 dj, djsame;
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

/*
 * The floor on our graph: breadth-first search, 8-connected, unit steps, a
 * diagonal only when both cells beside it are open (no corner cutting).
 */
static void
bench_bfs8(const struct grid *g, int32_t goal, int32_t *dist, int32_t *queue)
{
	size_t n = grid_cells(g->w, g->h);
	const int s = g->stride;
	const uint8_t *c = g->cost;
	int head = 0, tail = 0;

	for (size_t i = 0; i < n; i++)
		dist[i] = -1;
	dist[goal] = 0;
	queue[tail++] = goal;
	while (head < tail) {
		int i = queue[head++], d = dist[i] + 1;
		int no = c[i - s] != 0, e = c[i + 1] != 0;
		int so = c[i + s] != 0, w = c[i - 1] != 0;

#define BFS8_VISIT(j) do { if (dist[j] < 0) { dist[j] = d; \
		queue[tail++] = (j); } } while (0)
		if (no)
			BFS8_VISIT(i - s);
		if (e)
			BFS8_VISIT(i + 1);
		if (so)
			BFS8_VISIT(i + s);
		if (w)
			BFS8_VISIT(i - 1);
		if (no && e && c[i - s + 1])
			BFS8_VISIT(i - s + 1);
		if (so && e && c[i + s + 1])
			BFS8_VISIT(i + s + 1);
		if (so && w && c[i + s - 1])
			BFS8_VISIT(i + s - 1);
		if (no && w && c[i - s - 1])
			BFS8_VISIT(i - s - 1);
#undef BFS8_VISIT
	}
}

#ifdef HAVE_LIBTCOD
/* libtcod on our graph: a step's cost, 0 where ours forbids it. */
static float
bench_tcod_same_cost(int x0, int y0, int x1, int y1, void *data)
{
	const struct grid *g = data;

	if (!grid_open(g, x1, y1))
		return 0.0f;
	if (x0 != x1 && y0 != y1 &&
	    (!grid_open(g, x1, y0) || !grid_open(g, x0, y1)))
		return 0.0f;
	return 1.0f;
}
#endif

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
			t0 = bench_cpu_now();
			bench_field_one(c, b, c->goals[q]);
			t[k] = bench_cpu_now() - t0;
		}
	}
	return bench_median(t, k);
}

/*
 * Run interleaved builder b once on goal q of c (ours with many goals for
 * BI_MANY). Returns 0 if b is not available.
 */
static int
bench_field_turn(struct bench_field_ctx *c, int b, int q)
{
	int32_t goal = c->goals[q];

	switch (b) {
	case BI_OURS:
		field_build(c->f, c->g, &goal, 1);
		return 1;
	case BI_BFS4:
		bench_bfs(c->g, goal, c->dist, c->queue);
		return 1;
	case BI_BFS8:
		bench_bfs8(c->g, goal, c->dist, c->queue);
		return 1;
	case BI_MANY:
		field_build(c->f, c->g, c->many, FIELD_MANY_GOALS);
		return 1;
#ifdef HAVE_LIBTCOD
	case BI_TCOD:
		TCOD_dijkstra_compute(c->dj, grid_x(c->g, goal),
		    grid_y(c->g, goal));
		return 1;
	case BI_TCOD_SAME:
		TCOD_dijkstra_compute(c->djsame, grid_x(c->g, goal),
		    grid_y(c->g, goal));
		return 1;
#endif
	default:
		return 0;
	}
}

/*
 * Time every builder interleaved on one map, the order rotating, medians
 * over goals and rounds; with solo, fill solo[mode][builder] too (mode 0
 * warm, 1 cold).
 */
static struct bench_field_result
bench_field_map(const struct grid *g, double solo[2][BF_COUNT])
{
	struct bench_field_result r;
	static double t[BI_COUNT][FIELD_GOALS * FIELD_REPEATS];
	struct bench_field_ctx c;
	size_t n = grid_cells(g->w, g->h);
	uint64_t seed = 0x5eed;
	int k = 0, have[BI_COUNT];

#ifdef HAVE_LIBTCOD
	TCOD_Map *map = TCOD_map_new(g->w, g->h);
#endif

	c.g = g;
	c.f = field_new(g->w, g->h);
	c.dist = xmalloc(n * sizeof *c.dist);
	c.queue = xmalloc(n * sizeof *c.queue);
	c.junk = NULL;
#ifdef HAVE_LIBTCOD
	for (int y = 0; y < g->h; y++)
		for (int x = 0; x < g->w; x++)
			TCOD_map_set_properties(map, x, y, grid_open(g, x, y),
			    grid_open(g, x, y));
	c.map = map;
	c.dj = TCOD_dijkstra_new(map, 1.41f);
	c.djsame = TCOD_dijkstra_new_using_function(g->w, g->h,
	    bench_tcod_same_cost, (void *)g, 1.41421356f);
#endif
	for (int q = 0; q < FIELD_GOALS; q++)
		c.goals[q] = bench_pick_open(g, &seed);
	for (int q = 0; q < FIELD_MANY_GOALS; q++)
		c.many[q] = bench_pick_open(g, &seed);
	for (int b = 0; b < BI_COUNT; b++)
		have[b] = bench_field_turn(&c, b, 0);	/* and warm up */
	for (int rep = 0; rep < FIELD_REPEATS; rep++) {
		for (int q = 0; q < FIELD_GOALS; q++, k++) {
			for (int j = 0; j < BI_COUNT; j++) {
				int b = (j + k) % BI_COUNT;
				double t0;

				if (!have[b])
					continue;
				t0 = bench_cpu_now();
				bench_field_turn(&c, b, q);
				t[b][k] = bench_cpu_now() - t0;
			}
		}
	}
	for (int b = 0; b < BI_COUNT; b++)
		r.t[b] = have[b] ? bench_median(t[b], k) : -1;
	if (solo != NULL) {
		c.junk = xmalloc(BENCH_FLUSH);
		for (int mode = 0; mode < 2; mode++)
			for (int b = 0; b < BF_COUNT; b++)
				solo[mode][b] = bench_field_solo(&c, b, mode);
		free(c.junk);
	}
#ifdef HAVE_LIBTCOD
	TCOD_dijkstra_delete(c.dj);
	TCOD_dijkstra_delete(c.djsame);
	TCOD_map_delete(map);
#endif
	free(c.dist);
	free(c.queue);
	field_free(c.f);
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

/* The figures over the maps. */
struct bench_field_figures {
	double	vs_tcod, vs_tcod_same;	/* libtcod / ours; < 0 if absent */
	double	vs_bfs8, vs_bfs4;	/* ours / bfs */
	double	many_vs_1;		/* worst map: 64 goals / 1 */
};

/*
 * Run the comparison on the named maps; fill the figures (geometric means
 * over the maps; the worst map for many_vs_1). With detail, print each
 * map, its solo timings, and the solo geometric means.
 */
static void
bench_field_run(const char *const *maps, int nmaps, FILE *detail,
    struct bench_field_figures *fg)
{
	double rt[16], rs[16], r8[16], r4[16], solo[2][BF_COUNT];
	double st[2][2][16], sb[2][2][16];	/* [mode][full, dist][map] */
	int have_tcod = 1;

	if (nmaps > 16)
		nmaps = 16;
	fg->many_vs_1 = 0;
	for (int m = 0; m < nmaps; m++) {
		struct grid *g = bench_field_grid(maps[m]);
		struct bench_field_result r = bench_field_map(g,
		    detail != NULL ? solo : NULL);
		const double *t = r.t;

		if (detail != NULL) {
			fprintf(detail, "%-15s %4dx%-4d ours %7.3f ms  bfs8 "
			    "%7.3f  bfs4 %7.3f  64 goals %7.3f", maps[m], g->w,
			    g->h, t[BI_OURS] * 1e3, t[BI_BFS8] * 1e3,
			    t[BI_BFS4] * 1e3, t[BI_MANY] * 1e3);
			if (t[BI_TCOD] >= 0)
				fprintf(detail, "  libtcod %7.3f  same %7.3f",
				    t[BI_TCOD] * 1e3, t[BI_TCOD_SAME] * 1e3);
			fprintf(detail, "\n  ours/bfs8 %.2f  ours/bfs4 %.2f  "
			    "64goals/1 %.2f", t[BI_OURS] / t[BI_BFS8],
			    t[BI_OURS] / t[BI_BFS4], t[BI_MANY] / t[BI_OURS]);
			if (t[BI_TCOD] >= 0)
				fprintf(detail, "  libtcod/ours %.2f  libtcod "
				    "same/ours %.2f", t[BI_TCOD] / t[BI_OURS],
				    t[BI_TCOD_SAME] / t[BI_OURS]);
			fprintf(detail, "\n");
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
		rt[m] = t[BI_TCOD] / t[BI_OURS];
		rs[m] = t[BI_TCOD_SAME] / t[BI_OURS];
		r8[m] = t[BI_OURS] / t[BI_BFS8];
		r4[m] = t[BI_OURS] / t[BI_BFS4];
		if (t[BI_MANY] / t[BI_OURS] > fg->many_vs_1)
			fg->many_vs_1 = t[BI_MANY] / t[BI_OURS];
		if (t[BI_TCOD] < 0)
			have_tcod = 0;
		grid_free(g);
	}
	fg->vs_tcod = have_tcod ? bench_geomean(rt, nmaps) : -1;
	fg->vs_tcod_same = have_tcod ? bench_geomean(rs, nmaps) : -1;
	fg->vs_bfs8 = bench_geomean(r8, nmaps);
	fg->vs_bfs4 = bench_geomean(r4, nmaps);
	if (detail != NULL) {
		fprintf(detail, "alone, geometric means over the maps:\n");
		for (int mode = 0; mode < 2; mode++) {
			fprintf(detail, "  %s: ", mode == 0 ? "warm" : "cold");
			if (have_tcod)
				fprintf(detail, "libtcod/ours full %.2f, "
				    "distances %.2f; ",
				    bench_geomean(st[mode][0], nmaps),
				    bench_geomean(st[mode][1], nmaps));
			fprintf(detail, "ours/bfs4 full %.2f, distances %.2f\n",
			    bench_geomean(sb[mode][0], nmaps),
			    bench_geomean(sb[mode][1], nmaps));
		}
	}
}

/* Print the figures, one NAME VALUE line each. */
static void
bench_field_print(FILE *out, const struct bench_field_figures *fg)
{
	if (fg->vs_tcod > 0) {
		fprintf(out, "field_vs_libtcod %.2f\n", fg->vs_tcod);
		fprintf(out, "field_vs_libtcod_same %.2f\n", fg->vs_tcod_same);
	} else
		fprintf(stderr, "field_vs_libtcod: skipped (no libtcod)\n");
	fprintf(out, "field_vs_bfs8 %.2f\n", fg->vs_bfs8);
	fprintf(out, "field_vs_bfs %.2f\n", fg->vs_bfs4);
	fprintf(out, "field_64goals_vs_1 %.2f\n", fg->many_vs_1);
}

int
bench_field(int argc, char **argv)
{
	const char *const *maps = bench_field_maps;
	int nmaps = (int)(sizeof bench_field_maps / sizeof bench_field_maps[0]);
	struct bench_field_figures fg;

	if (argc > 1) {
		maps = (const char *const *)argv + 1;
		nmaps = argc - 1 > 16 ? 16 : argc - 1;
	}
	printf("ours = field_build: exact fixed-point distances, flow pointers "
	    "and line of sight,\n8-connected, no corner cutting; bfs8 = "
	    "breadth-first distances on the same graph,\nunit steps (the "
	    "floor); bfs4 = the same 4-connected; libtcod = TCOD_dijkstra_\n"
	    "compute on its own graph (diagonals cut corners, 1.41); libtcod "
	    "same = with a\ncallback forbidding corner cutting, sqrt 2; 64 "
	    "goals = ours with %d goals.\nThread processor time, builders "
	    "interleaved in rotating order, medians of %d\ngoals x %d rounds. "
	    "Then each alone: warm (back to back) and cold (caches\nemptied "
	    "first); 'distances only' is the canonical search without "
	    "pointers,\ngoal slots or sight; field_integrate the old Dijkstra "
	    "builder.\n", FIELD_MANY_GOALS, FIELD_GOALS, FIELD_REPEATS);
	bench_field_run(maps, nmaps, stdout, &fg);
	bench_field_print(stdout, &fg);
	return 0;
}

/* The summary's field lines. */
void
bench_field_summary(FILE *out)
{
	struct bench_field_figures fg;

	bench_field_run(bench_field_maps,
	    (int)(sizeof bench_field_maps / sizeof bench_field_maps[0]), NULL,
	    &fg);
	bench_field_print(out, &fg);
}
