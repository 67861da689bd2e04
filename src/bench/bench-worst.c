/* SPDX-License-Identifier: ISC */
/*
 * weir-bench worst: the largest level the format allows, played headless.
 * The level is made here: a 1024 x 1024 map (GRID_MAX_W x GRID_MAX_H) of
 * open ground strewn with rocks and thickets, 1024 exit cells (the whole
 * east column, LEVEL_EXIT_CELLS), 16 spawns of 64 cells on the west
 * column, a hero, and 100 waves (LEVEL_MAX_WAVES) of 16 groups
 * (LEVEL_MAX_GROUPS) of 1000 enemies (LEVEL_COUNT_MAX) of every kind, sent
 * fast, so the map holds GAME_MAX_ENEMIES at once. The game is played
 * until the map is full (untimed), then BENCH_WORST_TICKS more ticks are
 * timed: game seconds per second of processor time (bench_cpu_now: a
 * loaded machine slows the wall clock, not the work), without and with
 * the bot.
 *
 * hero_orders_10k_s: on the same level (its hero on a 1024 x 1024 map,
 * the largest a hero may walk), 10,000 hero orders to random open cells
 * given in one tick, and that tick: processor seconds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "core/bot.h"
#include "core/game.h"
#include "core/level.h"
#include "nav/util.h"

#define BENCH_WORST_SIDE	1024
#define BENCH_WORST_TICKS	150	/* timed ticks, with the map full */
#define BENCH_WORST_SEED	7
#define BENCH_WORST_ORDERS	10000

/* The worst level's text (malloc'd) and its length. */
static char *
bench_worst_text(size_t *len)
{
	size_t		 size = (size_t)BENCH_WORST_SIDE *
			    (BENCH_WORST_SIDE + 1) + 2 * 1024 * 1024;
	char		*t = xmalloc(size), *p = t;
	uint64_t	 rng = 0x5eed;
	int		 x, y, w, k;

	p += sprintf(p, "weir-level 1\ntitle Worst\ngold 1000000\nlives 1000\n"
	    "hero %d %d\nslow 3\nmap\n", BENCH_WORST_SIDE / 2,
	    BENCH_WORST_SIDE / 2);
	for (y = 0; y < BENCH_WORST_SIDE; y++) {
		for (x = 0; x < BENCH_WORST_SIDE; x++) {
			int r;

			rng ^= rng << 13;
			rng ^= rng >> 7;
			rng ^= rng << 17;
			r = (int)(rng % 100);
			if (x == 0)
				*p++ = (char)('A' + y / 64);
			else if (x == BENCH_WORST_SIDE - 1)
				*p++ = '>';
			else if (x == BENCH_WORST_SIDE / 2 &&
			    y == BENCH_WORST_SIDE / 2)
				*p++ = '.';
			else
				*p++ = r < 8 ? '#' : r < 14 ? '~' : '.';
		}
		*p++ = '\n';
	}
	p += sprintf(p, "end\n");
	for (w = 0; w < LEVEL_MAX_WAVES; w++) {
		p += sprintf(p, "wave after 1\n");
		for (k = 0; k < LEVEL_MAX_GROUPS; k++)
			p += sprintf(p, "group %d %s from %c every 0.05\n",
			    LEVEL_COUNT_MAX, enemy_types[(w + k) %
			    ENEMY_NKINDS].name, 'A' + k);
	}
	*len = (size_t)(p - t);
	return t;
}

/* The worst level, parsed; NULL (message on stderr) if it does not. */
static struct level *
bench_worst_level(void)
{
	size_t		 len;
	char		*text = bench_worst_text(&len), err[1024];
	struct level	*lv = level_parse("worst", text, len, err, sizeof err);

	if (lv == NULL)
		fprintf(stderr, "weir-bench: worst: %s\n", err);
	free(text);
	return lv;
}

/* Game seconds per wall second over BENCH_WORST_TICKS with the map full. */
static double
bench_worst_run(const struct level *lv, bool with_bot, int *enemies)
{
	struct game	*g = game_new(lv, BENCH_WORST_SEED, false);
	struct bot	*b = with_bot ? bot_new(g) : NULL;
	double		 start;
	long		 t0;

	if (b != NULL)
		bot_practise_none(b);	/* its turns are timed, not practice */

	while (!game_over(g) && g->nenemies < g->max_enemies) {
		if (b != NULL)
			bot_act(b, g);
		game_tick(g);
	}
	*enemies = g->nenemies;
	start = bench_cpu_now();
	t0 = g->tick;
	while (!game_over(g) && g->tick - t0 < BENCH_WORST_TICKS) {
		if (b != NULL)
			bot_act(b, g);
		game_tick(g);
	}
	start = bench_cpu_now() - start;
	t0 = g->tick - t0;
	bot_free(b);
	game_free(g);
	return (double)t0 / GAME_RATE / start;
}

/* Processor seconds of BENCH_WORST_ORDERS hero orders and their tick. */
static double
bench_worst_orders(const struct level *lv, int *accepted)
{
	struct game	*g = game_new(lv, BENCH_WORST_SEED, false);
	uint64_t	 rng = 0x0de5;
	double		 start = bench_cpu_now();

	*accepted = 0;
	for (int k = 0; k < BENCH_WORST_ORDERS; k++) {
		int32_t i = bench_pick_open(&g->grid, &rng);

		*accepted += game_order_hero(g, grid_x(&g->grid, i),
		    grid_y(&g->grid, i)) == GAME_OK;
	}
	game_tick(g);
	start = bench_cpu_now() - start;
	game_free(g);
	return start;
}

/* Write the worst level to path; false (message on stderr) if it fails. */
bool
bench_worst_write(const char *path)
{
	size_t	 len;
	char	*text = bench_worst_text(&len);
	FILE	*f = fopen(path, "w");

	if (f == NULL || fwrite(text, 1, len, f) != len || fclose(f) != 0) {
		perror(path);
		free(text);
		return false;
	}
	free(text);
	return true;
}

/* weir-bench worst [write FILE]: both figures, or the level to FILE. */
int
bench_worst(int argc, char **argv)
{
	struct level	*lv;
	double		 plain, bot;
	int		 n;

	if (argc == 3 && strcmp(argv[1], "write") == 0)
		return bench_worst_write(argv[2]) ? 0 : 1;
	if ((lv = bench_worst_level()) == NULL)
		return 1;
	if (argc == 2 && strcmp(argv[1], "orders") == 0) {
		plain = bench_worst_orders(lv, &n);
		printf("hero_orders_10k_s %.3f (%d accepted)\n", plain, n);
		level_free(lv);
		return 0;
	}
	printf("the largest legal level: %dx%d, %d exit cells, %d waves x %d "
	    "groups x %d enemies; %d ticks timed with the map full\n",
	    lv->w, lv->h, lv->nexits, lv->nwaves, LEVEL_MAX_GROUPS,
	    LEVEL_COUNT_MAX, BENCH_WORST_TICKS);
	plain = bench_worst_run(lv, false, &n);
	printf("no bot:   %d enemies on the map, %.1f x real time\n", n, plain);
	bot = bench_worst_run(lv, true, &n);
	printf("the bot:  %d enemies on the map, %.1f x real time\n", n, bot);
	printf("worst_level_vs_realtime %.1f (target >= 20)\n", plain);
	printf("worst_level_bot_vs_realtime %.1f (target >= 5)\n", bot);
	plain = bench_worst_orders(lv, &n);
	printf("%d hero orders (%d accepted) and their tick: %.3f s\n",
	    BENCH_WORST_ORDERS, n, plain);
	printf("hero_orders_10k_s %.3f (target < 2)\n", plain);
	level_free(lv);
	return 0;
}

/* The summary lines: worst_level_vs_realtime and ..._bot_vs_realtime. */
void
bench_worst_summary(FILE *out)
{
	struct level	*lv = bench_worst_level();
	int		 n;

	if (lv == NULL)
		return;
	fprintf(out, "worst_level_vs_realtime %.1f\n",
	    bench_worst_run(lv, false, &n));
	fprintf(out, "worst_level_bot_vs_realtime %.1f\n",
	    bench_worst_run(lv, true, &n));
	fprintf(out, "hero_orders_10k_s %.3f\n", bench_worst_orders(lv, &n));
	level_free(lv);
}
