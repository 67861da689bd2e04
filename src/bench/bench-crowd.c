/* SPDX-License-Identifier: ISC */
/*
 * weir-bench crowd: the cost of a steering tick. A crowd follows one flow
 * field across a 512 x 512 map while keeping apart (flow + separation,
 * weighted sum, walls enforced), and two figures come out of one run:
 *
 *   crowd_scaling        cost per agent of a tick with 100,000 agents over
 *                        the cost per agent with 10,000; the neighbour grid
 *                        makes a tick linear, so this stays near 1;
 *   crowd_vs_bruteforce  the time of a 10,000-agent tick that finds each
 *                        agent's neighbours by looking at every other agent
 *                        over the time of the same tick using the grid.
 *
 * Each figure is a ratio of medians of single ticks timed in the same run.
 * The map is random512-10-0 from the Moving AI set when it can be found;
 * otherwise a 512 x 512 grid with a tenth of its cells walled at random.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "nav/field.h"
#include "nav/steer.h"
#include "nav/util.h"

#define BENCH_CROWD_MAP		"random512-10-0"
#define BENCH_CROWD_SMALL	10000
#define BENCH_CROWD_LARGE	100000

struct bench_crowd {
	struct grid		*grid;
	struct field		*field;
	struct steer_type	 type;
	struct steer_crowd	*crowd;
	struct steer_agent	*agents;
	int			 max;
	const char		*map;	/* where the grid came from */
};

/* A 512 x 512 grid, a tenth of it walled, from a fixed seed. */
static struct grid *
bench_crowd_random_grid(void)
{
	struct grid *g = grid_new(512, 512, true);
	uint64_t s = 0x9E3779B97F4A7C15ULL;

	for (int y = 0; y < g->h; y++) {
		for (int x = 0; x < g->w; x++) {
			s ^= s << 13;
			s ^= s >> 7;
			s ^= s << 17;
			if (s % 10 != 0)
				grid_set_cost(g, x, y, 1);
		}
	}
	return g;
}

/* The map named, or the random stand-in when name is NULL and it is absent. */
static struct grid *
bench_crowd_grid(const char *name, const char **from)
{
	const char *path = bench_map_path(name != NULL ? name :
	    BENCH_CROWD_MAP);
	FILE *fp = fopen(path, "r");

	if (fp != NULL || name != NULL) {
		if (fp != NULL)
			fclose(fp);
		*from = path;
		return bench_load_map(path);	/* exits with a message */
	}
	*from = "random 512x512, 10% walls";
	return bench_crowd_random_grid();
}

/* Grid, field to the open cell nearest the centre, and room for max agents. */
static void
bench_crowd_setup(struct bench_crowd *b, const char *name, int max)
{
	int32_t goal = -1;
	int best = -1;

	memset(b, 0, sizeof *b);
	b->grid = bench_crowd_grid(name, &b->map);
	for (int y = 0; y < b->grid->h; y++) {
		for (int x = 0; x < b->grid->w; x++) {
			int d = abs(2 * x - b->grid->w) + abs(2 * y - b->grid->h);

			if (grid_open(b->grid, x, y) && (best < 0 || d < best)) {
				best = d;
				goal = grid_index(b->grid, x, y);
			}
		}
	}
	b->field = field_new(b->grid->w, b->grid->h);
	field_build(b->field, b->grid, &goal, 1);
	steer_type_init(&b->type);
	b->type.behaviours = STEER_BIT(STEER_SEPARATION) | STEER_BIT(STEER_FLOW);
	b->type.combiner = STEER_WEIGHTED_SUM;
	b->type.weight[STEER_SEPARATION] = 2.0;
	b->type.separation_radius = 1.0;
	b->type.neighbour_radius = 1.0;
	b->max = max;
	b->agents = xcalloc((size_t)max, sizeof *b->agents);
	b->crowd = steer_crowd_new(b->grid->w, b->grid->h, 1.0, max);
	b->crowd->grid = b->grid;
	b->crowd->field = b->field;
	b->crowd->types = &b->type;
	b->crowd->ntypes = 1;
}

static void
bench_crowd_teardown(struct bench_crowd *b)
{
	steer_crowd_free(b->crowd);
	free(b->agents);
	field_free(b->field);
	grid_free(b->grid);
}

/* Put n agents on random reachable cells, the same ones for the same n. */
static void
bench_crowd_place(struct bench_crowd *b, struct steer_agent *a, int n)
{
	uint64_t s = 0x2545F4914F6CDD1DULL;

	for (int i = 0; i < n; i++) {
		int32_t c;

		do
			c = bench_pick_open(b->grid, &s);
		while (b->field->dist[c] == FIELD_INF);
		steer_agent_init(&a[i], 0, vec_make(grid_x(b->grid, c) + 0.5,
		    grid_y(b->grid, c) + 0.5), 2.0 + (i % 8) * 0.125, 8.0, 0.3,
		    (uint64_t)i);
	}
}

/* Seconds one tick of n agents takes, neighbours by grid or all pairs. */
static double
bench_crowd_tick(struct bench_crowd *b, struct steer_agent *a, int n,
    bool brute)
{
	double t0;

	b->crowd->brute_force = brute;
	t0 = bench_cpu_now();
	steer_crowd_step(b->crowd, a, n, 1.0 / 30);
	return bench_cpu_now() - t0;
}

struct bench_crowd_figures {
	double	small, large;	/* median seconds a tick, 10k and 100k */
	double	brute, grid;	/* 10k by all pairs, and by grid alongside */
};

/*
 * The medians on map name (NULL: the default or its stand-in). The ticks
 * being compared are taken in turn (ten small, one large, ten small...;
 * one by all pairs, ten by grid, ...), so a machine busy with something
 * else slows both sides alike.
 */
static void
bench_crowd_measure(const char *name, struct bench_crowd_figures *fig,
    const char **from)
{
	enum { REPS = 15, BRUTE_REPS = 5 };
	struct bench_crowd b;
	struct steer_agent *small;
	double ts[REPS], tl[REPS], tb[BRUTE_REPS], tg[BRUTE_REPS];

	bench_crowd_setup(&b, name, BENCH_CROWD_LARGE);
	*from = b.map;
	small = xcalloc(BENCH_CROWD_SMALL, sizeof *small);
	bench_crowd_place(&b, small, BENCH_CROWD_SMALL);
	bench_crowd_place(&b, b.agents, BENCH_CROWD_LARGE);
	for (int k = 0; k < 2; k++) {		/* warm up */
		bench_crowd_tick(&b, small, BENCH_CROWD_SMALL, false);
		bench_crowd_tick(&b, b.agents, BENCH_CROWD_LARGE, false);
	}
	for (int k = 0; k < REPS; k++) {
		/* Ten small ticks a sample: about as long as one large. */
		ts[k] = 0;
		for (int j = 0; j < 10; j++)
			ts[k] += bench_crowd_tick(&b, small, BENCH_CROWD_SMALL,
			    false) / 10;
		tl[k] = bench_crowd_tick(&b, b.agents, BENCH_CROWD_LARGE,
		    false);
	}
	for (int k = 0; k < BRUTE_REPS; k++) {
		tb[k] = bench_crowd_tick(&b, small, BENCH_CROWD_SMALL, true);
		tg[k] = 0;
		for (int j = 0; j < 10; j++)
			tg[k] += bench_crowd_tick(&b, small, BENCH_CROWD_SMALL,
			    false) / 10;
	}
	fig->small = bench_median(ts, REPS);
	fig->large = bench_median(tl, REPS);
	fig->brute = bench_median(tb, BRUTE_REPS);
	fig->grid = bench_median(tg, BRUTE_REPS);
	free(small);
	bench_crowd_teardown(&b);
}

/* weir-bench crowd [MAP]: the figures with the times behind them. */
int
bench_crowd(int argc, char **argv)
{
	struct bench_crowd_figures fig;
	const char *from;

	if (argc > 2) {
		fprintf(stderr, "usage: weir-bench crowd [MAP]\n");
		return 2;
	}
	bench_crowd_measure(argc > 1 ? argv[1] : NULL, &fig, &from);
	printf("map %s; flow + separation, dt 1/30, median of single ticks\n",
	    from);
	printf("%7d agents  %9.3f ms/tick  %7.1f ns/agent\n",
	    BENCH_CROWD_SMALL, fig.small * 1e3, fig.small * 1e9 /
	    BENCH_CROWD_SMALL);
	printf("%7d agents  %9.3f ms/tick  %7.1f ns/agent\n",
	    BENCH_CROWD_LARGE, fig.large * 1e3, fig.large * 1e9 /
	    BENCH_CROWD_LARGE);
	printf("%7d agents  %9.3f ms/tick  all-pairs neighbour search, "
	    "%.3f ms by grid alongside\n", BENCH_CROWD_SMALL, fig.brute * 1e3,
	    fig.grid * 1e3);
	printf("crowd_scaling %.3f\n", (fig.large / BENCH_CROWD_LARGE) /
	    (fig.small / BENCH_CROWD_SMALL));
	printf("crowd_vs_bruteforce %.1f\n", fig.brute / fig.grid);
	return 0;
}

/* The summary lines: crowd_scaling and crowd_vs_bruteforce. */
void
bench_crowd_summary(FILE *out)
{
	struct bench_crowd_figures fig;
	const char *from;

	bench_crowd_measure(NULL, &fig, &from);
	fprintf(out, "crowd_scaling %.3f\n", (fig.large / BENCH_CROWD_LARGE) /
	    (fig.small / BENCH_CROWD_SMALL));
	fprintf(out, "crowd_vs_bruteforce %.1f\n", fig.brute / fig.grid);
}
