/* SPDX-License-Identifier: ISC */
/*
 * weir-bench keys: what a key costs in the terminal on the largest legal
 * level. The worst level (bench-worst.c) is opened in the game's own play
 * module and played, untimed, until the map holds every enemy it can; then
 * the cursor is moved BENCH_KEYS_MOVES times over free ground, one cell a
 * key, and each move is followed by what the terminal front end does for
 * a key: bring the view up to date (play_prepare: the preview of a tower
 * under the cursor, its routes, whether it would cut anyone off), draw
 * the screen and send it, on a BENCH_KEYS_COLS x BENCH_KEYS_LINES
 * xterm-256color terminal made with newterm over a file. The figure
 * cursor_move_ms is the median processor time of one such key, in
 * milliseconds; also reported, the same with the cursor standing still (a
 * frame of play).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "core/game.h"
#include "ui/play.h"
#include "ui/ui-curses.h"
#include "ui/ui-hud.h"

#define BENCH_KEYS_COLS		100
#define BENCH_KEYS_LINES	40
#define BENCH_KEYS_MOVES	41	/* keys timed */
#define BENCH_KEYS_SEED		7

struct bench_keys_result {
	int	enemies;		/* on the map while timed */
	double	move_ms;		/* median: a cursor move */
	double	still_ms;		/* median: the cursor still */
};

/* One key's work: prepare, draw and send a frame; processor ms taken. */
static double
bench_keys_frame(struct ui_view *v, struct play *p)
{
	double	t0 = bench_cpu_now();

	play_prepare(p);
	ui_hud_play(v, p);
	wnoutrefresh(stdscr);
	doupdate();
	return (bench_cpu_now() - t0) * 1e3;
}

/* Time keys on the level at path; false if it cannot be. */
static bool
bench_keys_level(const char *path, struct bench_keys_result *r)
{
	struct ui_view	 v;
	struct play	*p;
	struct bench_screen sc;
	char		 err[1024];
	double		 move[BENCH_KEYS_MOVES], still[BENCH_KEYS_MOVES];
	int		 k, dx = 1;

	if ((p = play_open(path, NULL, BENCH_KEYS_SEED, err, sizeof err)) ==
	    NULL) {
		fprintf(stderr, "%s\n", err);
		return false;
	}
	while (!game_over(p->g) && p->g->nenemies < p->g->max_enemies)
		play_tick(p);
	r->enemies = p->g->nenemies;
	if (!bench_screen_open(&sc, "keys", BENCH_KEYS_LINES,
	    BENCH_KEYS_COLS)) {
		play_free(p);
		return false;
	}
	ui_draw_init(&v, false, false, has_colors());

	/* Among the enemies, near the spawns, where the preview is dearest. */
	play_set_cursor(p, 8, p->g->h / 2);
	bench_keys_frame(&v, p);
	for (k = 0; k < BENCH_KEYS_MOVES; k++) {
		if (p->cx + dx < 2 || p->cx + dx > 30)
			dx = -dx;
		play_move(p, dx, 0);
		move[k] = bench_keys_frame(&v, p);
		still[k] = bench_keys_frame(&v, p);
	}
	r->move_ms = bench_median(move, BENCH_KEYS_MOVES);
	r->still_ms = bench_median(still, BENCH_KEYS_MOVES);

	bench_screen_close(&sc);
	play_free(p);
	return true;
}

/* Run on the level at path, or on the worst level made for the run. */
static bool
bench_keys_run(const char *path, struct bench_keys_result *r)
{
	char	tmp[] = "/tmp/weir-bench-keys-XXXXXX";
	int	fd;
	bool	ok;

	memset(r, 0, sizeof *r);
	if (path != NULL)
		return bench_keys_level(path, r);
	if ((fd = mkstemp(tmp)) < 0) {
		perror("weir-bench: keys");
		return false;
	}
	close(fd);
	ok = bench_worst_write(tmp) && bench_keys_level(tmp, r);
	unlink(tmp);
	return ok;
}

/* weir-bench keys [LEVEL]: what a cursor move costs. */
int
bench_keys(int argc, char **argv)
{
	struct bench_keys_result	r;

	if (!bench_keys_run(argc > 1 ? argv[1] : NULL, &r))
		return 1;
	printf("%s, %d enemies on the map, a %dx%d terminal: %d keys\n",
	    argc > 1 ? argv[1] : "the largest legal level", r.enemies,
	    BENCH_KEYS_COLS, BENCH_KEYS_LINES, BENCH_KEYS_MOVES);
	printf("cursor still: %.2f ms a frame\n", r.still_ms);
	printf("cursor_move_ms %.2f\n", r.move_ms);
	return 0;
}

/* The summary line: cursor_move_ms on the worst level. */
void
bench_keys_summary(FILE *out)
{
	struct bench_keys_result	r;

	if (bench_keys_run(NULL, &r))
		fprintf(out, "cursor_move_ms %.2f\n", r.move_ms);
}
