/* SPDX-License-Identifier: ISC */
/*
 * weir-bench draw: what drawing the game costs the terminal. A level is
 * played by the built-in bot at 1x, one tick a frame (the game's 30 a
 * second), and every frame is drawn by the game's own code through curses
 * on a BENCH_DRAW_COLS x BENCH_DRAW_LINES xterm-256color terminal made
 * with newterm over a file, in a UTF-8 locale when there is one. The bytes
 * curses writes for each frame are what a player's terminal (or ssh) would
 * receive. The figure draw_bytes_per_frame is their mean over the busy
 * frames, those with at least BENCH_DRAW_BUSY enemies on the map: the
 * steady state of a wave under fire, not the first paint. Also reported:
 * the first full paint, the mean over every frame, and the time a frame
 * takes to prepare, paint and send.
 *
 * Levels are looked up in $WEIR_LEVELDIR, then ./levels, then the
 * installed level directory; the default is BENCH_DRAW_LEVEL.
 */
#include <sys/stat.h>

#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "core/bot.h"
#include "core/game.h"
#include "ui/play.h"
#include "ui/ui-curses.h"
#include "ui/ui-hud.h"

#define BENCH_DRAW_COLS		100
#define BENCH_DRAW_LINES	40
#define BENCH_DRAW_BUSY		5	/* enemies on the map: a busy frame */
#define BENCH_DRAW_LEVEL	"meadow"
#define BENCH_DRAW_SEED		1

/* What one level measured. */
struct bench_draw_result {
	long	frames, busy;		/* all frames, busy ones */
	double	first;			/* bytes of the first paint */
	double	all, per_busy;		/* mean bytes a frame */
	double	us;			/* mean microseconds a frame */
	int	most;			/* most enemies on the map at once */
	const char *result;
};

/* The path of level name (a path if it has a '/'), in a static buffer. */
static const char *
bench_draw_level_path(const char *name)
{
	static char	 buf[4096];
	const char	*dirs[3] = { getenv("WEIR_LEVELDIR"), "levels", LEVELDIR };
	struct stat	 st;
	int		 i;

	if (strchr(name, '/') != NULL)
		return name;
	for (i = 0; i < 3; i++) {
		if (dirs[i] == NULL)
			continue;
		snprintf(buf, sizeof buf, "%s/%s.weir", dirs[i], name);
		if (stat(buf, &st) == 0)
			return buf;
	}
	return NULL;
}

/* Bytes written to out so far. */
static long
bench_draw_size(FILE *out)
{
	struct stat	st;

	fflush(out);
	return fstat(fileno(out), &st) == 0 ? (long)st.st_size : 0;
}

/*
 * Open a curses screen of lines x cols on xterm-256color writing to a
 * temporary file, colours started; false with a message naming what.
 */
bool
bench_screen_open(struct bench_screen *s, const char *what, int lines,
    int cols)
{
	char	num[16];

	memset(s, 0, sizeof *s);
	if ((s->out = tmpfile()) == NULL || (s->in = fopen("/dev/null",
	    "r")) == NULL) {
		fprintf(stderr, "weir-bench: %s: no temporary file\n", what);
		if (s->out != NULL)
			fclose(s->out);
		return false;
	}
	snprintf(num, sizeof num, "%d", lines);
	setenv("LINES", num, 1);
	snprintf(num, sizeof num, "%d", cols);
	setenv("COLUMNS", num, 1);
	if ((s->scr = newterm("xterm-256color", s->out, s->in)) == NULL) {
		fprintf(stderr, "weir-bench: %s: no xterm-256color terminfo\n",
		    what);
		fclose(s->out);
		fclose(s->in);
		return false;
	}
	set_term(s->scr);
	leaveok(stdscr, TRUE);
	curs_set(0);
	start_color();
	return true;
}

/* End and free a screen bench_screen_open made. */
void
bench_screen_close(struct bench_screen *s)
{
	endwin();
	delscreen(s->scr);
	fclose(s->out);
	fclose(s->in);
}

/* Play and draw the level at path; false if it cannot be. */
static bool
bench_draw_level(const char *path, struct bench_draw_result *r)
{
	struct ui_view	 v;
	struct play	*p;
	struct bot	*b;
	struct bench_screen sc;
	FILE		*out;
	char		 err[1024];
	long		 before, bytes, busy_bytes = 0, all_bytes = 0;
	double		 t0, spent = 0;
	bool		 utf8;

	memset(r, 0, sizeof *r);
	if ((p = play_open(path, NULL, BENCH_DRAW_SEED, err, sizeof err)) ==
	    NULL) {
		fprintf(stderr, "%s\n", err);
		return false;
	}
	if (!bench_screen_open(&sc, "draw", BENCH_DRAW_LINES,
	    BENCH_DRAW_COLS)) {
		play_free(p);
		return false;
	}
	out = sc.out;
	utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	ui_draw_init(&v, utf8, utf8, has_colors());

	b = bot_new(p->g);
	bot_practise_none(b);	/* the frames, not the bot, are timed */
	while (!game_over(p->g)) {
		before = bench_draw_size(out);
		t0 = bench_cpu_now();
		play_prepare(p);
		ui_hud_play(&v, p);
		wnoutrefresh(stdscr);
		doupdate();
		bytes = bench_draw_size(out) - before;
		spent += bench_cpu_now() - t0;
		if (r->frames == 0)
			r->first = (double)bytes;
		else {
			all_bytes += bytes;
			if (p->g->nenemies >= BENCH_DRAW_BUSY) {
				busy_bytes += bytes;
				r->busy++;
			}
		}
		if (p->g->nenemies > r->most)
			r->most = p->g->nenemies;
		r->frames++;
		bot_act(b, p->g);
		play_tick(p);
	}
	r->result = game_state_name(p->g->state);
	r->all = r->frames > 1 ? (double)all_bytes / (double)(r->frames - 1) :
	    0;
	r->per_busy = r->busy > 0 ? (double)busy_bytes / (double)r->busy : 0;
	r->us = r->frames > 0 ? spent / (double)r->frames * 1e6 : 0;

	bot_free(b);
	bench_screen_close(&sc);
	play_free(p);
	return true;
}

/* Use a UTF-8 locale if there is one, as most players' terminals do. */
static void
bench_draw_locale(void)
{
	if (setlocale(LC_ALL, "C.UTF-8") == NULL &&
	    setlocale(LC_ALL, "C.utf8") == NULL &&
	    setlocale(LC_ALL, "en_US.UTF-8") == NULL)
		setlocale(LC_ALL, "");
}

/* weir-bench draw [LEVEL...] */
int
bench_draw(int argc, char **argv)
{
	struct bench_draw_result	 r;
	const char			*path, *def[1] = { BENCH_DRAW_LEVEL };
	const char *const		*names = (const char *const *)argv + 1;
	int				 i, n = argc - 1, status = 0;
	double				 figure = -1;

	if (n == 0) {
		names = def;
		n = 1;
	}
	bench_draw_locale();
	printf("drawing the game on a %dx%d xterm-256color terminal, the bot "
	    "playing at 1x, one tick a frame; busy: %d+ enemies\n",
	    BENCH_DRAW_COLS, BENCH_DRAW_LINES, BENCH_DRAW_BUSY);
	for (i = 0; i < n; i++) {
		if ((path = bench_draw_level_path(names[i])) == NULL) {
			fprintf(stderr, "weir-bench: draw: no level %s\n",
			    names[i]);
			status = 1;
			continue;
		}
		if (!bench_draw_level(path, &r)) {
			status = 1;
			continue;
		}
		printf("%-28s %6ld frames (%s), %5ld busy, up to %d enemies: "
		    "first %6.0f B, mean %6.1f B, busy %6.1f B a frame, "
		    "%6.0f us a frame\n", names[i], r.frames, r.result, r.busy,
		    r.most, r.first, r.all, r.per_busy, r.us);
		if (figure < 0)
			figure = r.per_busy;
	}
	if (figure >= 0)
		printf("draw_bytes_per_frame %.0f (%s, busy frames)\n", figure,
		    names[0]);
	return status;
}

/* The summary line: draw_bytes_per_frame on the default level. */
void
bench_draw_summary(FILE *out)
{
	struct bench_draw_result	 r;
	const char			*path;

	bench_draw_locale();
	if ((path = bench_draw_level_path(BENCH_DRAW_LEVEL)) == NULL ||
	    !bench_draw_level(path, &r))
		return;
	fprintf(out, "draw_bytes_per_frame %.0f\n", r.per_busy);
}
