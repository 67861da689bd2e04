/* SPDX-License-Identifier: ISC */
/*
 * The replay viewer: a recording played again on the game screen's map,
 * HUD, overlays and messages, REPLAY in the title bar. The game shown is
 * a replay's (replay.h), drawn through a play that only watches it
 * (play_watch); its clock runs at 1x to 8x or as fast as it goes, stands,
 * steps a tick, and seeks 10 s back or forward, to a wave's start, to the
 * start or the end (re-simulation from keyframes: exact, and quick
 * anywhere). Its keys are rows of the registry (watch_types[], kinds.c),
 * so its help is made from them, then the view keys it shares with the
 * game (overlays, the panels, the cell width, the bell). A recording
 * whose level is not the one installed now (record_origin: edited since,
 * or not installed) says so when it opens, and its title bar names the
 * level as a copy, never as the original; its own text is what plays.
 *
 * t takes over: the moment becomes a normal game (replay_take_over), on
 * no board (it is not the recorded player's) and not saved when left, as
 * its level is the recording's text and no file: leaving it ends it, and
 * its recording is kept as any other game's.
 *
 * The built-in player's game is watched as it is made: a replay of a
 * recording with no ticks yet grows at its end (replay_grow), the bot
 * giving each tick's commands, so seeking back and forth works on what
 * has been played so far, and playing on from the end lets the bot go on.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/bot.h"
#include "core/replay.h"
#include "nav/util.h"
#include "ui/ui-game.h"
#include "ui/ui-hud.h"
#include "ui/ui-map.h"
#include "ui/ui-replay.h"
#include "ui/ui-sight.h"

#define UI_REPLAY_FRAME	0.02	/* seconds a frame plays, as fast as it goes */
#define UI_REPLAY_JUMP	(WATCH_SECONDS * GAME_RATE)	/* ticks < and > */

/* What the viewer holds. */
struct ui_replay {
	struct replay	*r;
	struct bot	*bot;		/* the player at the end, or NULL */
	bool		 full;		/* as fast as it goes */
	bool		 ended;		/* the end has been said */
	bool		 told;		/* ... and a divergence */
	enum record_origin origin;	/* its level against the installed */
	int		 thinking;	/* the practice style said, or -1 */
};

/*
 * Practice ticks a tick of the screen: UI_PRACTICE_SLICE on a map of
 * UI_PRACTICE_CELLS cells or fewer, fewer on larger maps (a practice
 * turn costs about as much as the map is large), never under one turn.
 */
#define UI_PRACTICE_SLICE	200
#define UI_PRACTICE_CELLS	2048

/*
 * The built-in player NAME ("" the default) for game g: the one place the
 * terminal makes one. main has checked NAME against the suite.
 */
static struct bot *
ui_replay_bot_new(const struct game *g, const char *name, int strength)
{
	struct bot	*b;
	int		 s = bot_strategy_lookup(name, strlen(name));

	b = bot_new_as(g, s < 0 ? 0 : s);
	bot_set_share(b, strength);
	return b;
}

/* The name of the built-in player's strategy NAME ("" the default). */
static const char *
ui_replay_bot_name(const char *name)
{
	int	s = bot_strategy_lookup(name, strlen(name));

	return bot_strategies[s < 0 ? 0 : s].name;
}

/* The bot's turn at the end of a replay being made. */
static void
ui_replay_act(void *arg, struct game *g)
{
	bot_act(arg, g);
}

/* Seconds on a monotonic clock. */
static double
ui_replay_now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* "3:05" for a number of ticks, into buf. */
static const char *
ui_replay_clock(long ticks, char *buf, size_t size)
{
	long	s = ticks / GAME_RATE;

	snprintf(buf, size, "%ld:%02ld", s / 60, s % 60);
	return buf;
}

/* Make rec (taken) the viewer's; -1 with err if its level does not read. */
static int
ui_replay_start(struct ui *u, struct recording *rec, const char *name,
    char *err, size_t errlen)
{
	struct replay	*r;

	if ((r = replay_open(rec, name, err, errlen)) == NULL)
		return -1;
	ui_replay_leave(u);
	u->rp = xcalloc(1, sizeof *u->rp);
	u->rp->r = r;
	u->rp->origin = record_origin(rec, u->l->level_dir);
	return 0;
}

/* Open the recording at path to watch (ui_replay_enter shows it). */
int
ui_replay_open(struct ui *u, const char *path, char *err, size_t errlen)
{
	struct recording	*rec;

	if ((rec = record_read(path, err, errlen)) == NULL)
		return -1;
	return ui_replay_start(u, rec, path, err, errlen);
}

/*
 * Open a game of the level at path (name: for the scores, NULL from the
 * path) for the built-in player to play as it is watched: a recording of
 * no ticks yet, grown at its end. -1 with err.
 */
int
ui_replay_bot(struct ui *u, const char *path, const char *name, char *err,
    size_t errlen)
{
	struct session		*s;
	struct recorder		*rc;
	struct recording	*rec;
	char			 level[SCORES_NAME_MAX + 1];

	if ((s = session_open_opts(path, u->l->seed, &u->l->game, err,
	    errlen)) == NULL)
		return -1;
	if (name != NULL)
		scores_name(level, sizeof level, name);
	else	/* its identity, as saves and boards know it */
		session_level_key(level, sizeof level, s->path,
		    s->level_hash, u->l->level_dir);
	rc = recorder_new(level, s->level_text, s->level_len, s->level_map,
	    s->lv, s->seed, &u->l->game, err, errlen);
	if (rc == NULL) {
		session_free(s);
		return -1;
	}
	recorder_strategy(rc, ui_replay_bot_name(u->l->bot));
	rec = recorder_take(rc, s->g, (int64_t)time(NULL));
	recorder_free(rc);
	session_free(s);
	if (ui_replay_start(u, rec, path, err, errlen) != 0)
		return -1;
	u->rp->bot = ui_replay_bot_new(replay_game(u->rp->r), u->l->bot,
	    u->l->strength);
	return 0;
}

/* Show the viewer's replay, from where it is. */
void
ui_replay_enter(struct ui *u)
{
	struct replay		*r = u->rp->r;
	const struct recording	*rec = r->rec;
	char			 end[32];

	play_free(u->p);
	u->p = play_watch(r->lv, r->g, rec->level_name);
	replay_set_events(r, play_event, u->p);
	u->screen = UI_SCREEN_REPLAY;
	u->box = UI_BOX_NONE;
	u->acc = 0;
	u->p->bell = u->bell;
	ui_sight_start(&u->v, u->p);
	if (u->rp->bot != NULL && bot_style_of(u->rp->bot) < 0)
		play_message(u->p, false, "the built-in player is thinking: "
		    "it practises %s before its first turn; t takes over, ? "
		    "shows the keys", r->lv->title);
	else if (u->rp->bot != NULL)
		play_message(u->p, false, "the built-in player plays %s: watch, "
		    "seek back, t takes over; ? shows the keys", r->lv->title);
	else if (u->rp->origin == RECORD_EDITED)
		play_message(u->p, true, "the recording's level is not the "
		    "installed %s (edited since): its own copy is played; p "
		    "plays, ? shows the keys", rec->level_name);
	else if (u->rp->origin == RECORD_MISSING)
		play_message(u->p, true, "the recording's level, %s, is not "
		    "installed here: its own copy is played; p plays, ? shows "
		    "the keys", rec->level_name);
	else
		play_message(u->p, false, "replay of %s%s%s, %s %s (%s): p "
		    "plays, ? shows the keys", rec->player[0] != '\0' ?
		    rec->player : "a game", rec->player[0] != '\0' ? "'s game" :
		    "", rec->daily[0] != '\0' ? " (daily)" : "",
		    record_result_name(rec->result), ui_replay_clock(rec->ticks,
		    end, sizeof end), rec->daily[0] != '\0' ? rec->daily :
		    difficulty_name(rec->opts.difficulty));
	u->p->paused = u->rp->bot == NULL;
	ui_redraw(u);
}

/* Let the viewer's replay go (its play too, if it is shown). */
void
ui_replay_leave(struct ui *u)
{
	struct ui_replay	*v = u->rp;

	if (v == NULL)
		return;
	if (u->screen == UI_SCREEN_REPLAY) {
		play_free(u->p);
		u->p = NULL;
		u->screen = UI_SCREEN_TITLE;
	}
	if (v->bot != NULL)
		bot_free(v->bot);
	replay_free(v->r);
	free(v);
	u->rp = NULL;
}

/* Whether the position can move on: before the end, or a bot to play. */
static bool
ui_replay_can_move(const struct ui_replay *v)
{
	return !replay_at_end(v->r) || (v->bot != NULL &&
	    !game_over(replay_game(v->r)));
}

/*
 * One tick forward: of the recording, or played by the bot at its end.
 * Before its first turn a maze bot practises (bot-practice.c): a slice of
 * its practice a tick, the game standing meanwhile, so the screen keeps
 * answering and the game played is the one --headless plays.
 */
static int
ui_replay_tick(struct ui_replay *v)
{
	const struct game *g = replay_game(v->r);
	long	cells = (long)g->lv->w * g->lv->h;
	long	slice = cells <= UI_PRACTICE_CELLS ? UI_PRACTICE_SLICE :
		    UI_PRACTICE_SLICE * UI_PRACTICE_CELLS / cells;

	if (slice < BOT_PERIOD)
		slice = BOT_PERIOD;

	if (!replay_at_end(v->r))
		return replay_step(v->r);
	if (v->bot != NULL && !bot_practise(v->bot, replay_game(v->r), &slice))
		return 1;
	if (v->bot != NULL)
		return replay_grow(v->r, ui_replay_act, v->bot);
	return 1;
}

/* The ticks a second the viewer plays at now: 0 while it stands. */
double
ui_replay_rate(const struct ui *u)
{
	if (u->box != UI_BOX_NONE || u->p->paused || u->v.too_small ||
	    !ui_replay_can_move(u->rp))
		return 0;
	return u->rp->full ? UI_RATE_FULL : GAME_RATE * u->p->speed;
}

/* Say the end once it is reached, and a replay that comes apart. */
static void
ui_replay_notes(struct ui *u)
{
	struct ui_replay	*v = u->rp;
	const struct game	*g = replay_game(v->r);
	char			 at[32];

	if (v->bot != NULL && bot_practice_at(v->bot, NULL) != v->thinking) {
		long	t;

		v->thinking = bot_practice_at(v->bot, &t);
		if (v->thinking >= 0)
			play_message(u->p, false, "the built-in player is "
			    "thinking: practising %s, style %d of %d, before "
			    "its first turn", g->lv->title, v->thinking + 1,
			    BOT_NSTYLES);
	}
	if (v->r->diverged && !v->told) {
		v->told = true;
		play_message(u->p, true, "%s", v->r->why);
	}
	if (ui_replay_can_move(v) || v->ended)
		return;
	v->ended = true;
	play_message(u->p, false, "the end: %s at %s, score %d (0 goes back "
	    "to the start)", game_over(g) ? game_state_name(g->state) :
	    "left", ui_replay_clock(g->tick, at, sizeof at), g->score);
}

/* Play n ticks (-1: as many as a frame's time allows); see ui_screens[]. */
void
ui_replay_advance(struct ui *u, int n)
{
	struct ui_replay	*v = u->rp;
	double			 until = n < 0 ? ui_replay_now() +
				    UI_REPLAY_FRAME : 0;
	int			 k;

	for (k = 0; n < 0 || k < n; k++) {
		if (n < 0 && k % 16 == 0 && k > 0 && ui_replay_now() > until)
			break;
		if (ui_replay_tick(v) != 0)
			break;
		u->dirty = true;
	}
	if (u->p->bell_due > 0) {
		if (u->p->bell)
			beep();
		u->p->bell_due = 0;
	}
	ui_replay_notes(u);
}

/* Move the position to tick: a seek, after which the view starts anew. */
static void
ui_replay_seek(struct ui *u, long tick)
{
	char	at[32];

	replay_seek(u->rp->r, tick);
	play_seeked(u->p);
	u->rp->ended = false;
	tick = replay_game(u->rp->r)->tick;
	play_message(u->p, false, "at %s (tick %ld)", ui_replay_clock(tick,
	    at, sizeof at), tick);
	ui_replay_notes(u);
}

/* The watch keys' actions: what each row of watch_types[] does. */
static enum ui_go
ui_replay_pause(struct ui *u)
{
	u->p->paused = !u->p->paused;
	play_message(u->p, false, u->p->paused ? "paused: p plays on" :
	    "playing");
	return UI_GO_STAY;
}

static enum ui_go
ui_replay_speed(struct ui *u)
{
	struct ui_replay	*v = u->rp;

	if (v->full) {
		v->full = false;
		u->p->speed = 1;
	} else if (u->p->speed >= PLAY_SPEED_MAX)
		v->full = true;
	else
		u->p->speed *= 2;
	if (v->full)
		play_message(u->p, false, "speed: as fast as it goes");
	else
		play_message(u->p, false, "speed %dx", u->p->speed);
	return UI_GO_STAY;
}

static enum ui_go
ui_replay_step(struct ui *u)
{
	u->p->paused = true;
	if (ui_replay_tick(u->rp) == 0)
		play_message(u->p, false, "tick %ld", replay_game(u->rp->r)->tick);
	ui_replay_notes(u);
	return UI_GO_STAY;
}

static enum ui_go
ui_replay_back(struct ui *u)
{
	ui_replay_seek(u, replay_game(u->rp->r)->tick - UI_REPLAY_JUMP);
	return UI_GO_STAY;
}

static enum ui_go
ui_replay_forward(struct ui *u)
{
	ui_replay_seek(u, replay_game(u->rp->r)->tick + UI_REPLAY_JUMP);
	return UI_GO_STAY;
}

/* To the start of wave w (1-based), or say it does not begin. */
static void
ui_replay_wave(struct ui *u, int w)
{
	if (w < 1) {
		ui_replay_seek(u, 0);
		play_message(u->p, false, "the start: no wave has begun");
		return;
	}
	if (replay_seek_wave(u->rp->r, w) != 0) {
		play_message(u->p, true, "wave %d does not begin in %s", w,
		    u->rp->bot != NULL ? "what is made so far" :
		    "this recording");
		return;
	}
	play_seeked(u->p);
	u->rp->ended = false;
	play_message(u->p, false, "wave %d begins", w);
}

static enum ui_go
ui_replay_wave_back(struct ui *u)
{
	const struct game	*g = replay_game(u->rp->r);
	int			 w = g->next_wave;

	/* At a wave's start already: the one before. */
	if (w >= 1 && g->wave_start[w - 1] >= g->tick)
		w--;
	ui_replay_wave(u, w);
	return UI_GO_STAY;
}

static enum ui_go
ui_replay_wave_next(struct ui *u)
{
	ui_replay_wave(u, replay_game(u->rp->r)->next_wave + 1);
	return UI_GO_STAY;
}

static enum ui_go
ui_replay_start_key(struct ui *u)
{
	ui_replay_seek(u, 0);
	return UI_GO_STAY;
}

static enum ui_go
ui_replay_end_key(struct ui *u)
{
	ui_replay_seek(u, replay_end(u->rp->r));
	return UI_GO_STAY;
}

/*
 * Take over: the moment as a normal game, on no board and not saved when
 * left (its level is the recording's, not a file); paused to begin with.
 */
static enum ui_go
ui_replay_take(struct ui *u)
{
	struct replay	*r = u->rp->r;
	struct session	*s;
	struct play	*p;
	char		 err[UI_ERR_MAX], at[32];

	if (game_over(replay_game(r))) {
		play_message(u->p, true, "the game is over here: go back (<, [ "
		    "or 0) to take over");
		return UI_GO_STAY;
	}
	if ((s = replay_take_over(r, err, sizeof err)) == NULL) {
		play_message(u->p, true, "%s", err);
		return UI_GO_STAY;
	}
	p = play_new(s, r->rec->level_name);
	if (p->rec != NULL)
		recorder_taken(p->rec, r->rec, s->g->tick);
	p->unscored = true;
	p->unsaved = true;
	p->paused = true;
	play_set_cursor(p, u->p->cx, u->p->cy);
	play_message(p, false, "taken over at %s: your game now, on no board; "
	    "leaving ends it (p plays)", ui_replay_clock(s->g->tick, at,
	    sizeof at));
	u->next = p;
	u->next_resumed = false;
	return UI_GO_PLAY;
}

static enum ui_go (*const ui_replay_watch[])(struct ui *) = {
	[WATCH_PAUSE] = ui_replay_pause,
	[WATCH_SPEED] = ui_replay_speed,
	[WATCH_STEP] = ui_replay_step,
	[WATCH_BACK] = ui_replay_back,
	[WATCH_FORWARD] = ui_replay_forward,
	[WATCH_WAVE_BACK] = ui_replay_wave_back,
	[WATCH_WAVE_NEXT] = ui_replay_wave_next,
	[WATCH_START] = ui_replay_start_key,
	[WATCH_END] = ui_replay_end_key,
	[WATCH_TAKE] = ui_replay_take,
};
_Static_assert(sizeof ui_replay_watch / sizeof ui_replay_watch[0] ==
    WATCH_NKINDS, "a watch key without its action on the viewer");

/* A click on the map: the cursor there (to look at what stands there). */
static void
ui_replay_mouse(struct ui *u)
{
	MEVENT	ev;
	int	x, y;

	if (getmouse(&ev) != OK ||
	    !(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
		return;
	if (ui_map_cell_at(&u->v, ev.y, ev.x, &x, &y))
		play_set_cursor(u->p, x, y);
}

/* A key on the viewer with no box open. */
enum ui_go
ui_replay_key(struct ui *u, int ch)
{
	int	k;

	ch = ui_term_home_end(ch);
	if (ch == KEY_HOME)
		ch = watch_types[WATCH_START].key;
	else if (ch == KEY_END)
		ch = watch_types[WATCH_END].key;
	else if (ch == ' ')
		ch = watch_types[WATCH_PAUSE].key;
	if (ch >= 0 && ch < 128 && (k = watch_by_key(ch)) >= 0)
		return ui_replay_watch[k](u);
	if (ui_game_move_key(u->p, ch) || ui_game_view_key(u, ch))
		return UI_GO_STAY;
	if (ch == UI_TERM_ESC)
		return UI_GO_TITLE;
	if (ch == KEY_MOUSE)
		ui_replay_mouse(u);
	return UI_GO_STAY;
}

/* The title bar: REPLAY, the level and setting, the speed, help. */
static void
ui_replay_bar(const struct ui *u)
{
	const struct ui_view	*v = &u->v;
	const struct play	*p = u->p;
	const struct recording	*rec = u->rp->r->rec;
	char			 right[64], left[LEVEL_TITLE_MAX + 64];
	char			 title[LEVEL_TITLE_MAX + 32];
	int			 used;

	record_origin_title(title, sizeof title, p->lv->title, u->rp->origin);

	if (!ui_replay_can_move(u->rp))
		snprintf(right, sizeof right, " END | ? help ");
	else if (p->paused || p->held)
		snprintf(right, sizeof right, " PAUSED | ? help ");
	else if (u->rp->full)
		snprintf(right, sizeof right, " full speed | ? help ");
	else
		snprintf(right, sizeof right, " %dx | ? help ", p->speed);
	if (rec->daily[0] != '\0')
		snprintf(left, sizeof left, "%s (daily %s)", title,
		    rec->daily);
	else
		snprintf(left, sizeof left, "%s (%s%s)", title,
		    difficulty_name(rec->opts.difficulty), rec->opts.endless ?
		    ", endless" : "");
	ui_draw_attr(v, UI_PAIR_TITLE, 0, A_REVERSE);
	move(0, 0);
	hline(' ', COLS);
	attron(A_BOLD);
	used = ui_draw_text_at(v, 0, 0, u->rp->bot != NULL ?
	    " weir REPLAY (the bot, as it plays): " : " weir REPLAY: ");
	attroff(A_BOLD);
	ui_draw_text(v, left, COLS - used - (int)strlen(right) - 1);
	if (COLS - (int)strlen(right) > used)
		ui_draw_text_at(v, 0, COLS - (int)strlen(right), right);
	attrset(A_NORMAL);
}

/*
 * Where the position is, on the towers' row: the clock of all, the tick
 * and the state's hash (to compare with a recording's checks), the wave,
 * then the keys.
 */
static void
ui_replay_where(const struct ui *u)
{
	const struct game	*g = replay_game(u->rp->r);
	char			 line[320], now[32], end[32];

	snprintf(line, sizeof line, " %s/%s  tick %ld of %ld%s  hash %016"
	    PRIx64 "  %d/%d%s waves begun | p play  f speed  < > 10 s  [ ] waves  . "
	    "step  0 $ ends  t take over  Esc levels",
	    ui_replay_clock(g->tick, now, sizeof now),
	    ui_replay_clock(replay_end(u->rp->r), end, sizeof end), g->tick,
	    replay_end(u->rp->r), u->rp->bot != NULL && ui_replay_can_move(u->rp) ?
	    " (being made)" : "",
	    game_hash(g), g->next_wave, g->level_waves, g->endless ? "+" :
	    "");
	/* Over the row of the towers to choose, which has moved up one
	 * while a long message takes two. */
	move(LINES - u->v.bottom + 2, 0);
	clrtoeol();
	attrset(A_BOLD);
	ui_draw_text_at(&u->v, LINES - u->v.bottom + 2, 0, line);
	attrset(A_NORMAL);
}

/* Paint the viewer, boxes aside: the game screen, with its own bars. */
void
ui_replay_paint(struct ui *u, bool small)
{
	(void)small;
	play_prepare(u->p);
	ui_hud_play(&u->v, u->p);
	if (u->v.too_small)
		return;
	ui_replay_bar(u);
	ui_replay_where(u);
}
