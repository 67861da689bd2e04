/* SPDX-License-Identifier: ISC */
/*
 * weir-bench game: how much faster than real time the game runs headless.
 * For each level the built-in bot plays it once, in its first style
 * with no practice (the game is what is timed), and its commands are
 * kept; then the same game (same seed, same commands at the same ticks,
 * no bot, no trace) is replayed BENCH_GAME_RUNS times and timed. The
 * figure is game seconds simulated per wall-clock second, the median run.
 * The summary figure headless_vs_realtime is taken on the busiest shipped
 * level, the one that sends the most enemies; the summary times only that
 * one.
 *
 * hunt_level_vs_realtime is the same figure for the bot playing The Great
 * Hunt (great-hunt.weir: hundreds of hunters chasing the hero), bot and
 * all, its practice included: game seconds per second of processor time
 * of the game it plays.
 *
 * Levels are looked up in $WEIR_LEVELDIR, then ./levels, then the
 * installed level directory. Times are this thread's processor time.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "core/bot.h"
#include "core/game.h"
#include "core/level.h"
#include "nav/util.h"

#define BENCH_GAME_RUNS	5		/* timed replays per level */
#define BENCH_GAME_SEED	1

/* What one level measured. */
struct bench_game_result {
	long	ticks;			/* length of the game */
	int	enemies;		/* enemies the level sends */
	double	ratio;			/* game seconds per wall second */
	const char *result;		/* how the bot's game ended */
};

static void	bench_game_hunt(FILE *out);

/* The directory the shipped levels are read from, or NULL. */
const char *
bench_game_dir(void)
{
	const char	*env = getenv("WEIR_LEVELDIR");
	DIR		*d;

	if (env != NULL && (d = opendir(env)) != NULL) {
		closedir(d);
		return env;
	}
	if ((d = opendir("levels")) != NULL) {
		closedir(d);
		return "levels";
	}
	if ((d = opendir(LEVELDIR)) != NULL) {
		closedir(d);
		return LEVELDIR;
	}
	return NULL;
}

/* Play lv with the bot, then time replays of its commands. */
static void
bench_game_level(const struct level *lv, struct bench_game_result *r)
{
	struct game	*g = game_new(lv, BENCH_GAME_SEED, false);
	struct bot	*b = bot_new(g);
	struct game_cmd	*log;
	double		 t[BENCH_GAME_RUNS];
	int		 nlog, run, k;

	bot_practise_none(b);	/* a game to replay: the replays are timed */
	while (!game_over(g)) {
		bot_act(b, g);
		game_tick(g);
	}
	r->ticks = g->tick;
	r->enemies = level_total_enemies(lv);
	r->result = game_state_name(g->state);
	nlog = g->nlog;
	log = xcalloc(nlog > 0 ? (size_t)nlog : 1, sizeof *log);
	memcpy(log, g->log, (size_t)nlog * sizeof *log);
	bot_free(b);
	game_free(g);

	for (run = 0; run < BENCH_GAME_RUNS; run++) {
		double start = bench_cpu_now();

		g = game_new(lv, BENCH_GAME_SEED, false);
		for (k = 0; !game_over(g); ) {
			while (k < nlog && log[k].tick <= g->tick)
				game_command(g, &log[k++]);
			game_tick(g);
		}
		t[run] = bench_cpu_now() - start;
		if (g->tick != r->ticks)
			fprintf(stderr, "weir-bench: game: replay of %s ended at "
			    "tick %ld, not %ld\n", lv->title, g->tick, r->ticks);
		game_free(g);
	}
	r->ratio = (double)r->ticks / GAME_RATE / bench_median(t, BENCH_GAME_RUNS);
	free(log);
}

/*
 * Measure every level named (or every shipped level); *busiest gets the
 * figure of the one with the most enemies. Returns how many were measured.
 */
static int
bench_game_measure(FILE *out, int argc, char **argv, double *busiest)
{
	const char			*dir = bench_game_dir();
	struct bench_game_result	 r;
	struct dirent			*de;
	DIR				*d = NULL;
	char				 path[4096], err[1024];
	int				 n = 0, most = -1, i = 0;

	*busiest = 0.0;
	if (argc == 0) {
		if (dir == NULL || (d = opendir(dir)) == NULL) {
			fprintf(stderr, "weir-bench: game: no level directory "
			    "(set WEIR_LEVELDIR)\n");
			return 0;
		}
	}
	for (;;) {
		struct level *lv;

		if (d != NULL) {
			size_t len;

			if ((de = readdir(d)) == NULL)
				break;
			len = strlen(de->d_name);
			if (len < 6 || strcmp(de->d_name + len - 5, ".weir") != 0)
				continue;
			snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		} else {
			if (i == argc)
				break;
			snprintf(path, sizeof path, "%s", argv[i++]);
		}
		if ((lv = level_load(path, err, sizeof err)) == NULL) {
			fprintf(stderr, "%s\n", err);
			continue;
		}
		bench_game_level(lv, &r);
		if (out != NULL)
			fprintf(out, "%-36s %4d enemies %6ld ticks (%s)  "
			    "%8.0f x real time\n", path, r.enemies, r.ticks,
			    r.result, r.ratio);
		if (r.enemies > most) {
			most = r.enemies;
			*busiest = r.ratio;
		}
		level_free(lv);
		n++;
	}
	if (d != NULL)
		closedir(d);
	return n;
}

/* weir-bench game [LEVEL...] */
int
bench_game(int argc, char **argv)
{
	double	busiest;

	printf("headless play, the bot's game replayed %d times, median "
	    "(%d ticks a game second)\n", BENCH_GAME_RUNS, GAME_RATE);
	if (bench_game_measure(stdout, argc - 1, argv + 1, &busiest) == 0)
		return 1;
	printf("headless_vs_realtime %.0f (busiest level; target >= 200)\n",
	    busiest);
	if (argc == 1)
		bench_game_hunt(stdout);
	return 0;
}

/* Game seconds per processor second of the bot playing lv, or 0. */
static double
bench_game_bot(const struct level *lv)
{
	struct game	*g = game_new(lv, BENCH_GAME_SEED, false);
	struct bot	*b = bot_new(g);
	double		 start = bench_cpu_now();

	while (!game_over(g)) {
		bot_act(b, g);
		game_tick(g);
	}
	start = bench_cpu_now() - start;
	start = start > 0 ? (double)g->tick / GAME_RATE / start : 0;
	bot_free(b);
	game_free(g);
	return start;
}

/* hunt_level_vs_realtime: the bot playing The Great Hunt. */
static void
bench_game_hunt(FILE *out)
{
	const char	*dir = bench_game_dir();
	char		 path[4096], err[1024];
	struct level	*lv;

	if (dir == NULL)
		return;
	snprintf(path, sizeof path, "%s/great-hunt.weir", dir);
	if ((lv = level_load(path, err, sizeof err)) == NULL) {
		fprintf(stderr, "%s\n", err);
		return;
	}
	fprintf(out, "hunt_level_vs_realtime %.0f\n", bench_game_bot(lv));
	level_free(lv);
}

/* The summary line: headless_vs_realtime, timing the busiest level only. */
void
bench_game_summary(FILE *out)
{
	const char	*dir = bench_game_dir();
	struct dirent	*de;
	struct level	*lv;
	DIR		*d;
	char		 path[4096], best[4096], err[1024];
	char		*argv[1] = { best };
	double		 busiest;
	int		 most = -1;

	if (dir == NULL || (d = opendir(dir)) == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);

		if (len < 6 || strcmp(de->d_name + len - 5, ".weir") != 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		if ((lv = level_load(path, err, sizeof err)) == NULL)
			continue;
		if (level_total_enemies(lv) > most) {
			most = level_total_enemies(lv);
			snprintf(best, sizeof best, "%s", path);
		}
		level_free(lv);
	}
	closedir(d);
	if (most >= 0 && bench_game_measure(NULL, 1, argv, &busiest) > 0)
		fprintf(out, "headless_vs_realtime %.0f\n", busiest);
	bench_game_hunt(out);
}
