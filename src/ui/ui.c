/* SPDX-License-Identifier: ISC */
/*
 * The terminal game's loop, and the moves between its screens. Time is
 * kept apart from drawing: real time is added up and the game is stepped
 * in its fixed ticks (GAME_RATE a second, times the speed), while the
 * screen is painted at most UI_FPS times a second and only when something
 * changed; curses then sends the terminal only the characters that differ
 * from what it shows.
 *
 * Between frames the loop sleeps in the terminal layer's wait (ui-term.h):
 * until the next tick is due while the game runs, for ever while it is
 * paused or a box is up, so an idle weir uses no CPU. Ctrl-Z leaves a
 * running game paused; a terminating signal saves an unfinished game once
 * the terminal is given back, before weir exits.
 *
 * A screen is a row of ui_screens[] (a paint and a key function, in its
 * own file), a box a row of ui_boxes[] (ui-box.c). Keys go to the open
 * box, else to the screen; whatever they return (enum ui_go) is made
 * here, in ui_go, the one place a screen changes.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif

#include <sys/stat.h>

#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/text.h"
#include "ui/ui-box.h"
#include "ui/ui-daily.h"
#include "ui/ui-game.h"
#include "ui/ui-replay.h"
#include "ui/ui-state.h"
#include "ui/ui-title.h"
#include "ui/ui.h"

#define UI_FPS		30	/* frames a second, at most */
#define UI_MAX_LAG	0.25	/* seconds of play one wake-up catches up */
#define UI_BLINK	1.5	/* seconds of a blinking cell's cycle: its
				   letter, then for the last third its mark */

/*
 * A screen: how it is painted, what its keys do (no box open), and for a
 * screen with a clock, the ticks a second it runs at now (0: it stands;
 * UI_RATE_FULL: as fast as it goes) and how it plays n of them (-1: as
 * many as a frame's time allows).
 */
struct ui_screen_type {
	void		(*paint)(struct ui *u, bool small);
	enum ui_go	(*key)(struct ui *u, int ch);
	double		(*rate)(const struct ui *u);
	void		(*advance)(struct ui *u, int n);
};

static double	ui_game_rate(const struct ui *u);
static void	ui_game_advance(struct ui *u, int n);

static const struct ui_screen_type ui_screens[] = {
	[UI_SCREEN_TITLE] = { .paint = ui_title_paint, .key = ui_title_key },
	[UI_SCREEN_PLAY] = { .paint = ui_game_paint, .key = ui_game_key,
	    .rate = ui_game_rate, .advance = ui_game_advance },
	[UI_SCREEN_REPLAY] = { .paint = ui_replay_paint,
	    .key = ui_replay_key, .rate = ui_replay_rate,
	    .advance = ui_replay_advance },
};
_Static_assert(sizeof ui_screens / sizeof ui_screens[0] == UI_SCREEN_NKINDS,
    "a screen without a row");

/* Print msg and a line end to standard error, controls escaped. */
static void
ui_say(const char *msg)
{
	char	text[3 * (PLAY_PATH_MAX + UI_ERR_MAX + 128)];

	fprintf(stderr, "%s\n", text_visible(text, sizeof text, msg));
}

/* Seconds on a monotonic clock. */
double
ui_now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/*
 * The ticks a second the game runs at: 0 while it stands (a box, a
 * pause, its end, a power aimed with the aim setting's pause).
 */
static double
ui_game_rate(const struct ui *u)
{
	if (u->box != UI_BOX_NONE || u->p->paused || game_over(u->p->g) ||
	    u->v.too_small)
		return 0;
	return GAME_RATE * play_rate(u->p);
}

/* The screen's clock now (see ui_screen_type): 0 when it has none. */
static double
ui_rate(const struct ui *u)
{
	return ui_screens[u->screen].rate != NULL ?
	    ui_screens[u->screen].rate(u) : 0;
}

/* Whether the screen's clock is running: it must move. */
static bool
ui_running(const struct ui *u)
{
	return ui_rate(u) != 0;
}

/* Back from a stop: leave a running game (or replay) paused. */
static void
ui_resumed(struct ui *u)
{
	if (ui_running(u)) {
		u->p->paused = true;
		play_message(u->p, false, "paused while suspended: p goes on");
	}
}

/* Make the move a key asked for. */
static void
ui_go(struct ui *u, enum ui_go go)
{
	bool	kept;

	/* A trial from the editor goes back to it, never to the title. */
	if (u->l->trial && (go == UI_GO_TITLE || go == UI_GO_LEAVE))
		go = UI_GO_QUIT;
	switch (go) {
	case UI_GO_STAY:
	case UI_GO_PASS:
		break;
	case UI_GO_TITLE:
		ui_replay_leave(u);
		ui_title_enter(u);
		u->title.opened = ui_now();
		break;
	case UI_GO_PLAY:
		ui_replay_leave(u);
		ui_game_enter(u, u->next, u->next_resumed);
		u->next = NULL;
		break;
	case UI_GO_REPLAY:
		ui_replay_enter(u);
		break;
	case UI_GO_LEAVE:
		if (!u->to_title) {
			u->quit = true;
			break;
		}
		kept = u->saved && !u->lost;
		u->farewell[0] = '\0';
		u->lost = false;
		ui_title_enter(u);
		u->title.opened = ui_now();
		if (kept)
			ui_note(u->title.note, sizeof u->title.note, "",
			    "the game is saved: c continues it");
		else if (u->kept && u->end.recording[0] != '\0')
			ui_note(u->title.note, sizeof u->title.note, "the "
			    "game is left; its recording: ", u->end.recording);
		break;
	case UI_GO_QUIT:
		u->quit = true;
		break;
	}
}

/* Drop a mouse event no one takes. */
static void
ui_drop_mouse(int ch)
{
	MEVENT	ev;

	if (ch == KEY_MOUSE)
		getmouse(&ev);
}

/* Handle one key or click: the open box's, else the screen's. */
static enum ui_go
ui_key(struct ui *u, int ch)
{
	enum ui_go	go;

	if (ch == KEY_RESIZE)
		return UI_GO_STAY;
	if (ch == UI_TERM_CTRL('l')) {
		clearok(curscr, TRUE);
		return UI_GO_STAY;
	}
	/*
	 * Nothing is shown but "terminal too small": a key must not build,
	 * sell or call a wave unseen. Only q (to quit) goes through.
	 */
	if (ui_small() && !ui_boxes[u->box].when_small && ch != 'q') {
		ui_drop_mouse(ch);
		return UI_GO_STAY;
	}
	/*
	 * Back from a game the title takes no key that changes a setting or
	 * starts a game for UI_TITLE_DEAF seconds: keys typed for the game
	 * as its end box closed (a for a power, d) change nothing unseen.
	 */
	if (u->screen == UI_SCREEN_TITLE && u->box == UI_BOX_NONE &&
	    u->title.opened > 0 && ui_now() - u->title.opened <
	    UI_TITLE_DEAF && ch > 0 && ch < 0x80 &&
	    strchr("aodeD", ch) != NULL)
		return UI_GO_STAY;
	if (u->box != UI_BOX_NONE) {
		if (ch == KEY_MOUSE) {
			ui_drop_mouse(ch);
			return UI_GO_STAY;
		}
		if ((go = ui_boxes[u->box].key(u, ch)) != UI_GO_PASS)
			return go;
	}
	/* Keys every screen shares: help and quit. */
	if (ch == '?' || ch == KEY_F(1)) {
		u->box = UI_BOX_HELP;
		u->help_top = 0;
	} else if (ch == 'q' || ch == 'Q') {
		u->under = UI_BOX_NONE;
		u->box = UI_BOX_QUIT;
	} else
		return ui_screens[u->screen].key(u, ch);
	return UI_GO_STAY;
}

/* Paint the screen, the box a "quit?" covers, the box; send the changes. */
static void
ui_paint(struct ui *u)
{
	bool	small = ui_small();

	if (u->p != NULL)
		u->p->held = ui_boxes[u->box].holds_clock;
	ui_screens[u->screen].paint(u, small);
	if (u->box == UI_BOX_QUIT && u->under != UI_BOX_NONE && !small)
		ui_boxes[u->under].paint(u, small);
	if (u->box != UI_BOX_NONE && (!small || ui_boxes[u->box].when_small))
		ui_boxes[u->box].paint(u, small);
	wnoutrefresh(stdscr);
	doupdate();
	u->deaf = ui_deaf_left(u, ui_now()) > 0;
	ui_state_game(u);
}

/* Step the game n ticks; ring for its leaks; see to its end. */
static void
ui_game_advance(struct ui *u, int n)
{
	for (; n > 0 && !game_over(u->p->g); n--) {
		play_tick(u->p);
		u->dirty = true;
	}
	/* One ring for the leaks of a frame, when the bell is on. */
	if (u->p->bell_due > 0) {
		if (u->p->bell)
			beep();
		u->p->bell_due = 0;
	}
	if (game_over(u->p->g))
		ui_game_over(u);
}

/* Add the time since the last call and step the screen the ticks it owes. */
static void
ui_advance(struct ui *u, double now)
{
	double	dt = now - u->last, rate = ui_rate(u);
	int	n;

	u->last = now;
	if (rate == 0) {
		u->acc = 0;
		return;
	}
	if (rate == UI_RATE_FULL) {
		ui_screens[u->screen].advance(u, -1);
		return;
	}
	if (dt > UI_MAX_LAG)
		dt = UI_MAX_LAG;
	if (dt < 0)
		dt = 0;
	u->acc += dt * rate;
	n = (int)u->acc;
	u->acc -= n;
	ui_screens[u->screen].advance(u, n);
}

/*
 * Whether the screen has cells that blink: a map in ASCII at one column
 * a cell, where a tower's level is a digit its letter takes turns with.
 */
static bool
ui_blinks(const struct ui *u)
{
	return u->screen != UI_SCREEN_TITLE && !u->v.utf8 &&
	    u->v.cellw == 1 && !u->v.too_small;
}

/* Seconds from now until blinking cells change their glyph. */
static double
ui_blink_due(double now)
{
	double	t = fmod(now, UI_BLINK);

	return t < UI_BLINK * 2 / 3 ? UI_BLINK * 2 / 3 - t : UI_BLINK - t;
}

/* Give blinking cells the glyph the time calls for; dirty on a change. */
static void
ui_blink(struct ui *u, double now)
{
	bool	mark = fmod(now, UI_BLINK) >= UI_BLINK * 2 / 3;

	if (ui_blinks(u) && mark != u->v.blink) {
		u->v.blink = mark;
		u->dirty = true;
	}
}

/*
 * Seconds until the screen takes every key again: the end box's first
 * UI_END_DEAF seconds, the title's UI_TITLE_DEAF back from a game; 0 when
 * it does now.
 */
double
ui_deaf_left(const struct ui *u, double now)
{
	double	left = 0;

	if (u->box == UI_BOX_END)
		left = u->end.opened + UI_END_DEAF - now;
	else if (u->screen == UI_SCREEN_TITLE && u->box == UI_BOX_NONE &&
	    u->title.opened > 0)
		left = u->title.opened + UI_TITLE_DEAF - now;
	return left > 0 ? left : 0;
}

/* How long to sleep: seconds, or -1 for as long as nothing happens. */
static double
ui_wait_time(const struct ui *u, double now)
{
	double	wait = -1, frame = u->next_frame - now, tick, rate = ui_rate(u);

	if (frame < 0)
		frame = 0;
	if (rate == UI_RATE_FULL)
		wait = frame;
	else if (rate != 0) {
		/* Until the next tick is due, but not before the next frame:
		 * at 2x and 4x a frame steps several ticks. */
		tick = (1.0 - u->acc) / rate;
		wait = tick > frame ? tick : frame;
	}
	if (u->dirty && (wait < 0 || frame < wait))
		wait = frame;
	if (ui_blinks(u) && (wait < 0 || ui_blink_due(now) < wait))
		wait = ui_blink_due(now) + 0.001;
	/* A frame when the keys are taken again: the state line says so. */
	if (u->deaf && (wait < 0 || ui_deaf_left(u, now) < wait))
		wait = ui_deaf_left(u, now) + 0.001;
	return wait;
}

/* Read every key that is waiting; readable says the terminal had input. */
static void
ui_input(struct ui *u, bool readable)
{
	int	ch, n = 0;

	while (!u->quit && ui_term_stopped() == 0 &&
	    (ch = ui_term_key()) != ERR) {
		n++;
		ui_go(u, ui_key(u, ch));
		u->dirty = true;
	}
	ui_term_read(&u->term, readable, n);
}

/* Tell the game shown the time: how long a first sight is held. */
static void
ui_clock(struct ui *u, double now)
{
	if (u->p != NULL)
		u->p->now = now;
}

/* Play until the player quits or a signal says stop. */
static void
ui_loop(struct ui *u)
{
	double	now;
	bool	readable;
	int	what;

	u->last = ui_now();
	ui_redraw(u);
	while (!u->quit && ui_term_stopped() == 0) {
		if ((what = ui_term_events()) != 0) {
			if (what & UI_TERM_RESUMED)
				ui_resumed(u);
			ui_redraw(u);
		}
		now = ui_now();
		ui_clock(u, now);
		/* The game's end writes the scores. */
		ui_term_let_stops(&u->term, true);
		ui_advance(u, now);
		ui_term_let_stops(&u->term, false);
		if (ui_term_stopped() != 0)
			break;
		ui_blink(u, now);
		if (u->deaf && ui_deaf_left(u, now) == 0)
			u->dirty = true;
		if (u->dirty && now >= u->next_frame) {
			ui_paint(u);
			u->dirty = false;
			u->next_frame = now + 1.0 / UI_FPS;
		}
		readable = ui_term_wait(&u->term, ui_wait_time(u, ui_now()));
		ui_clock(u, ui_now());
		/* Keys open levels, saves, scores. */
		ui_term_let_stops(&u->term, true);
		ui_input(u, readable);
		ui_term_let_stops(&u->term, false);
	}
}

/* The saved game written last, of every level's, into buf; -1: none. */
static int
ui_latest_save(char *buf, size_t size)
{
	struct save_list	 l;
	struct stat		 st;
	struct timespec		 best = { 0, 0 };
	int			 i, found = -1;

	save_list(&l);
	for (i = 0; i < l.n; i++) {
		if (stat(l.paths[i], &st) != 0)
			continue;
		if (found < 0 || st.st_mtim.tv_sec > best.tv_sec ||
		    (st.st_mtim.tv_sec == best.tv_sec &&
		    st.st_mtim.tv_nsec > best.tv_nsec)) {
			found = i;
			best = st.st_mtim;
		}
	}
	if (found >= 0)
		snprintf(buf, size, "%s", l.paths[found]);
	save_list_free(&l);
	return found >= 0 ? 0 : -1;
}

/*
 * What the command line asks to start with, opened before the terminal
 * is taken: a recording to watch, the built-in player on a level, the
 * daily game, or a level (*p); nothing for the title screen. -1 with err.
 */
static int
ui_launch_open(struct ui *u, struct play **p, char *err, size_t errlen)
{
	const struct ui_launch	*l = u->l;

	if (l->replay != NULL)
		return ui_replay_open(u, l->replay, err, errlen);
	if (l->bot != NULL)
		return ui_replay_bot(u, l->level, l->name, err, errlen);
	if (l->daily != NULL)
		*p = ui_daily_open(u, l->daily, err, errlen);
	else if (l->level != NULL)
		*p = ui_title_open(u, l->level, l->name, err, errlen);
	else
		return 0;
	return *p != NULL ? 0 : -1;
}

/*
 * A new game of a level named on the command line: asked about as every
 * new game is when its level has a saved game (ui_title_start), over the
 * title screen, where Esc leaves the question.
 */
static void
ui_launch_start(struct ui *u, struct play *p)
{
	if (ui_title_start(u, p, UI_BOX_NONE) == UI_GO_PLAY) {
		ui_game_enter(u, u->next, false);
		u->next = NULL;
		return;
	}
	ui_term_let_stops(&u->term, true);
	ui_title_enter(u);
	ui_term_let_stops(&u->term, false);
	u->box = UI_BOX_REPLACE;
}

/* Run the game; see ui.h. */
int
ui_run(const struct ui_launch *l)
{
	static const struct ui_term_how how = {
		"the game", "try --headless", BUTTON1_PRESSED |
		    BUTTON1_CLICKED | BUTTON1_RELEASED | REPORT_MOUSE_POSITION
	};
	struct ui	 u;
	struct play	*p = NULL;
	char		 err[UI_ERR_MAX];
	int		 status = 0;

	memset(&u, 0, sizeof u);
	u.l = l;
	u.settings = l->settings;
	u.speed = l->speed;
	u.title.game = l->game;
	u.bell = l->opt.bell;
	setlocale(LC_ALL, "");
	u.have_save_path = save_level_path(u.save_path, sizeof u.save_path,
	    "weir", false) == 0;

	/* What to play is settled before the terminal is taken. */
	if (l->resume) {
		if (!u.have_save_path) {
			fprintf(stderr, "weir: no home directory, so no saved "
			    "game\n");
			return 1;
		}
		if (ui_latest_save(u.resume_path, sizeof u.resume_path) != 0) {
			ui_say("weir: no saved game");
			return 1;
		}
		if ((p = play_load(u.resume_path, err, sizeof err)) == NULL) {
			ui_say(err);
			return 1;
		}
	} else if (ui_launch_open(&u, &p, err, sizeof err) != 0) {
		ui_say(err);
		ui_replay_leave(&u);
		return 1;
	}

	ui_term_catch(&u.term);
	if (!ui_term_start(&u.term, &how, &l->opt, &u.v)) {
		ui_term_release(&u.term);
		play_free(p);
		return 1;
	}
	u.v.zoom = l->zoom;
	if (p != NULL && l->resume)
		ui_game_enter(&u, p, true);
	else if (p != NULL)
		ui_launch_start(&u, p);
	else if (u.rp != NULL)
		ui_replay_enter(&u);
	else {
		ui_term_let_stops(&u.term, true);
		ui_title_enter(&u);
		ui_term_let_stops(&u.term, false);
	}

	if (ui_term_stopped() == 0)
		ui_loop(&u);

	ui_term_end(&u.term);
	ui_term_let_stops(&u.term, true);
	ui_game_save(&u);
	ui_term_release(&u.term);
	if (u.farewell[0] != '\0')
		ui_say(u.farewell);
	ui_replay_leave(&u);
	play_free(u.p);
	play_free(u.next);
	record_list_free(&u.recs);
	save_list_free(&u.saves);
	free(u.save_about);
	catalog_free(&u.cat);
	scores_free(&u.end.table);
	if (ui_term_stopped() != 0)
		status = 128 + ui_term_stopped();
	else if (u.lost)
		status = 1;	/* quit, and the game could not be saved */
	return status;
}
