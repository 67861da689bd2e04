/* SPDX-License-Identifier: ISC */
/*
 * Events and the end: how a game tells its caller what happens (one
 * callback, each event stamped with the clock), the names a trace gives
 * refusals and outcomes, and how a game ends and what it reports then.
 * The floor of the game: every concern emits through here, and this file
 * calls nothing of theirs.
 */
#include <string.h>

#include "game-internal.h"

static const char *const game_reason_names[GAME_NREASONS] = {
	"ok", "out of map", "not buildable", "occupied", "not enough gold",
	"would block", "no tower", "max level", "cannot target",
	"no more waves", "tower limit", "game over", "bad command",
	"no hero", "cannot walk there", "nothing to undo",
	"a wave has begun since", "an enemy came in range", "cooling down",
	"not top level", "wrong specialisation", "already specialised"
};

/* The words a trace and a message use for refusal r. */
const char *
game_reason_name(enum game_reason r)
{
	if ((int)r < 0 || r >= GAME_NREASONS)
		return "?";
	return game_reason_names[r];
}

/* "playing", "won" or "lost". */
const char *
game_state_name(enum game_state s)
{
	switch (s) {
	case GAME_PLAYING:
		return "playing";
	case GAME_WON:
		return "won";
	case GAME_LOST:
		return "lost";
	}
	return "?";
}

/* Hand ev, stamped with the clock, to the caller's callback. */
void
game_emit(struct game *g, struct game_event *ev)
{
	ev->tick = g->tick;
	if (g->on_event != NULL)
		g->on_event(g->event_arg, ev);
}

/* An event of type t with every field empty. */
struct game_event
game_event_make(enum game_event_type t)
{
	struct game_event	ev;

	memset(&ev, 0, sizeof ev);
	ev.type = t;
	ev.tower = -1;
	ev.enemy = -1;
	ev.power = -1;
	ev.x = ev.y = -1;
	return ev;
}

/* Send every event to fn (NULL: nowhere). */
void
game_set_events(struct game *g, game_event_fn *fn, void *arg)
{
	g->on_event = fn;
	g->event_arg = arg;
}

/* Whether the game has been won or lost. */
bool
game_over(const struct game *g)
{
	return g->state != GAME_PLAYING;
}

/* End the game in state s, once. */
void
game_end(struct game *g, enum game_state s)
{
	struct game_event	ev;

	if (g->state != GAME_PLAYING)
		return;
	g->state = s;
	if (s == GAME_WON && !g->endless)
		g->score += GAME_SCORE_LIFE * g->lives;
	ev = game_event_make(GAME_EV_END);
	game_emit(g, &ev);
}

/* The numbers a finished (or running) game reports. */
void
game_summary(const struct game *g, struct game_summary *s)
{
	s->state = g->state;
	s->waves_cleared = g->waves_cleared;
	s->waves_total = g->nwaves;
	s->lives = g->lives;
	s->gold = g->gold;
	s->score = g->score;
	s->killed = g->killed;
	s->leaked = g->leaked;
	s->ticks = g->tick;
	s->income = g->income;
}
