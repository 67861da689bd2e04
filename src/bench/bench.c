/* SPDX-License-Identifier: ISC */
/*
 * weir-bench: command dispatch, timing and the shared helpers.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config.h"

#include "bench.h"
#include "core/movingai.h"

struct bench_cmd {
	const char	*name;
	int		(*run)(int, char **);
	const char	*usage;
};

static int bench_summary(int, char **);

static const struct bench_cmd bench_cmds[] = {
	{ "scen", bench_scen, "scen MAP SCEN    solve a Moving AI scenario file" },
	{ "field", bench_field, "field [MAP...]   time a full field build against peers" },
	{ "los", bench_los, "los [MAP...]     line-of-sight misses against the exact ray test" },
	{ "repair", bench_repair, "repair [MAP...]  incremental field repair against a full rebuild" },
	{ "goal", bench_goal, "goal [MAP...]    a walking goal's step repair against a full rebuild" },
	{ "crowd", bench_crowd, "crowd [MAP]      steering tick: scaling to 100k agents, grid vs all pairs" },
	{ "game", bench_game, "game [LEVEL...]  headless play against real time" },
	{ "draw", bench_draw, "draw [LEVEL...]  bytes sent to the terminal a frame" },
	{ "worst", bench_worst, "worst [write F | orders]  the largest legal level against real time" },
	{ "keys", bench_keys, "keys [LEVEL]     a cursor move in the terminal on the largest legal level" },
	{ "replay", bench_replay, "replay [LEVEL...|long] a replay seeking to the end and back" },
	{ "summary", bench_summary, "summary          every figure, one NAME VALUE line each" },
};

/* Seconds on a monotonic clock. */
double
bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/*
 * Seconds of processor time this thread has used: what a figure that must
 * hold on a loaded machine times, since waiting for a core is not counted.
 */
double
bench_cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int
bench_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * Push the benchmark's data out of every cache level: a write to every
 * line of buf, BENCH_FLUSH bytes, more than any last-level cache holds.
 */
void
bench_flush(unsigned char *buf)
{
	static unsigned char	v;

	v++;
	for (size_t i = 0; i < BENCH_FLUSH; i += 64)
		buf[i] = v;
}

/* Median of n values (sorts v). */
double
bench_median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, bench_cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Geometric mean of n positive values. */
double
bench_geomean(const double *v, int n)
{
	double s = 0;

	for (int i = 0; i < n; i++)
		s += log(v[i]);
	return exp(s / n);
}

/* Path of a benchmark map by name, under $WEIR_MOVINGAI or ../shared. */
const char *
bench_map_path(const char *name)
{
	static char buf[4096];
	const char *dir = getenv("WEIR_MOVINGAI");

	if (strchr(name, '/') != NULL)
		return name;
	snprintf(buf, sizeof buf, "%s/%s%s",
	    dir != NULL ? dir : "../shared/data/movingai", name,
	    strstr(name, ".map") != NULL ? "" : ".map");
	return buf;
}

/* Load a Moving AI map under the benchmark's rules, or exit. */
struct grid *
bench_load_map(const char *path)
{
	char err[512];
	struct grid *g = movingai_bench_grid(path, err, sizeof err);

	if (g == NULL) {
		fprintf(stderr, "%s\n", err);
		exit(2);
	}
	return g;
}

/* A random open cell (padded index) by a seeded xorshift. */
int32_t
bench_pick_open(const struct grid *g, uint64_t *s)
{
	for (;;) {
		uint64_t x = *s;
		int cx, cy;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		*s = x;
		cx = (int)(x % (uint64_t)g->w);
		cy = (int)((x >> 32) % (uint64_t)g->h);
		if (grid_open(g, cx, cy))
			return grid_index(g, cx, cy);
	}
}

/* The parts of the summary, in order. */
static const struct {
	const char	*name;
	void		(*run)(FILE *);
} bench_parts[] = {
	{ "field", bench_field_summary },
	{ "repair", bench_repair_summary },
	{ "goal", bench_goal_summary },
	{ "crowd", bench_crowd_summary },
	{ "game", bench_game_summary },
	{ "draw", bench_draw_summary },
	{ "worst", bench_worst_summary },
	{ "keys", bench_keys_summary },
	{ "replay", bench_replay_summary },
	{ "replay-long", bench_replay_long_summary },
};

/*
 * Every figure at its default size; what each part took goes to standard
 * error, so the summary's own cost is known.
 */
static int
bench_summary(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	/* Every time below is this thread's processor time (bench_cpu_now). */
	printf("clock thread_cpu_time\n");
	for (size_t i = 0; i < sizeof bench_parts / sizeof bench_parts[0];
	    i++) {
		double t0 = bench_cpu_now();

		fflush(stdout);
		bench_parts[i].run(stdout);
		fflush(stdout);
		fprintf(stderr, "weir-bench: summary: %s took %.1f s\n",
		    bench_parts[i].name, bench_cpu_now() - t0);
	}
	return 0;
}

static void
bench_usage(FILE *out)
{
	fprintf(out, "usage: weir-bench COMMAND [ARGS]\ncommands:\n");
	for (size_t i = 0; i < sizeof bench_cmds / sizeof bench_cmds[0]; i++)
		fprintf(out, "  %s\n", bench_cmds[i].usage);
	fprintf(out, "Maps are looked up in $WEIR_MOVINGAI (default "
	    "../shared/data/movingai).\n");
}

int
main(int argc, char **argv)
{
	if (argc < 2 || strcmp(argv[1], "--help") == 0) {
		bench_usage(argc < 2 ? stderr : stdout);
		return argc < 2 ? 2 : 0;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("weir-bench %s\n", PACKAGE_VERSION);
		return 0;
	}
	for (size_t i = 0; i < sizeof bench_cmds / sizeof bench_cmds[0]; i++)
		if (strcmp(argv[1], bench_cmds[i].name) == 0)
			return bench_cmds[i].run(argc - 1, argv + 1);
	fprintf(stderr, "weir-bench: unknown command '%s'\n", argv[1]);
	bench_usage(stderr);
	return 2;
}
