/* SPDX-License-Identifier: ISC */
/*
 * The editor's bot trial (b): the bot plays the level and rates it
 * (core/edit.h, struct edit_run), a slice of about UE_BOT_SLICE seconds
 * between two reads of the keys, so that the screen shows how far it got,
 * Escape stops it and a signal is seen at once. A trial that would take
 * longer than UE_BOT_LIMIT seconds (estimated from its first half second)
 * says so up front, stops when its time is up and says what it measured:
 * b then goes on for as long again, while the level is as it was.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/bot.h"
#include "core/save.h"
#include "ui/ui-edit-bot.h"

#define UE_BOT_SLICE	0.05	/* seconds of play between key reads */
#define UE_BOT_LIMIT	60.0	/* seconds a trial plays before it stops */
#define UE_BOT_MEASURE	0.5	/* seconds of play before the estimate */

/* Seconds on a monotonic clock. */
static double
ue_bot_now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Seconds as "m:ss" (or "h:mm:ss"). */
static void
ue_bot_clock(char *buf, size_t size, double s)
{
	long	t = s < 0 ? 0 : (long)(s + 0.5);

	if (t >= 3600)
		snprintf(buf, size, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60,
		    t % 60);
	else
		snprintf(buf, size, "%ld:%02ld", t / 60, t % 60);
}

/* The hash of the level's text as it stands. */
static uint64_t
ue_bot_hash(const struct ue *u)
{
	size_t		 len;
	char		*text = edit_text(u->e, &len);
	uint64_t	 h = save_hash(text, len);

	free(text);
	return h;
}

/* Seconds the rest of the trial would take, at the pace so far. */
static double
ue_bot_left(const struct ue_bot *b)
{
	if (b->run.ticks == 0 || b->spent <= 0)
		return 0;
	return (double)(edit_run_estimate(&b->run) - b->run.ticks) *
	    b->spent / (double)b->run.ticks;
}

/* How the bot's own game stands, or ended, into buf. */
static void
ue_bot_game(const struct ue_bot *b, char *buf, size_t size)
{
	const struct edit_trial	*t = &b->run.t;
	struct game_summary	 s;
	char			 c[32];

	if (b->run.g == NULL) {
		ue_bot_clock(c, sizeof c, (double)t->ticks / GAME_RATE);
		snprintf(buf, size, "bot %s: lives %d/%d, %d/%d waves "
		    "cleared, %s", t->state == GAME_WON ? "won" : t->state ==
		    GAME_LOST ? "lost" : "ran out of time", t->lives,
		    t->lives_start, t->waves_cleared, t->waves_total, c);
		return;
	}
	game_summary(b->run.g, &s);
	ue_bot_clock(c, sizeof c, (double)s.ticks / GAME_RATE);
	snprintf(buf, size, "bot's game: %d/%d waves cleared, lives %d/%d, "
	    "%s", s.waves_cleared, s.waves_total, s.lives, t->lives_start, c);
}

/* What is known of the rating, into buf. */
static void
ue_bot_rating(const struct ue_bot *b, char *buf, size_t size)
{
	const struct rate_run	*r = &b->run.rate;

	if (b->run.t.rating == RATE_UNBEATEN)
		snprintf(buf, size, "rating unbeaten (? explains)");
	else if (b->run.t.rating >= 0)
		snprintf(buf, size, "rating %d by %s (? explains)",
		    b->run.t.rating, bot_strategies[b->run.t.strategy].name);
	else if (r->games == 0 && r->g == NULL)
		snprintf(buf, size, "rating not measured");
	else if (r->who >= 0)
		snprintf(buf, size, "rating at most %d by %s (%d games; trying "
		    "%s)", r->best, bot_strategies[r->who].name, r->games,
		    bot_strategies[r->strategy].name);
	else
		snprintf(buf, size, "rating: no win yet (%d games; trying %s)",
		    r->games, bot_strategies[r->strategy].name);
}

/* The progress line: where the trial is, how long it has left. */
static void
ue_bot_progress(struct ue *u)
{
	struct ue_bot	*b = &u->bot;
	char		 game[160], rating[160], spent[32], left[32];

	ue_bot_game(b, game, sizeof game);
	ue_bot_rating(b, rating, sizeof rating);
	ue_bot_clock(spent, sizeof spent, b->spent);
	ue_bot_clock(left, sizeof left, ue_bot_left(b));
	ue_say(u, false, "%s; %s | %s, %s%s left", game, rating, spent,
	    b->spent < UE_BOT_MEASURE ? "" : "about ",
	    b->spent < UE_BOT_MEASURE ? "?" : left);
}

/*
 * The line above the message while a trial is there: what it does and
 * how to stop it; up front, when it cannot finish within its time.
 */
void
ue_bot_note(const struct ue *u, char *buf, size_t size)
{
	const struct ue_bot	*b = &u->bot;
	char			 all[32];

	ue_bot_clock(all, sizeof all, b->big);
	if (!b->going)
		snprintf(buf, size, "the bot stopped when its time was up: b "
		    "plays on for %.0f s more", UE_BOT_LIMIT);
	else if (b->nudged)
		snprintf(buf, size, "the bot is playing: Esc stops it (other "
		    "keys do nothing until then)");
	else if (b->big > 0)
		snprintf(buf, size, "too big to finish in a minute (about %s "
		    "in all): the bot plays %.0f s and says what it measured; "
		    "Esc stops it", all, b->limit);
	else
		snprintf(buf, size, "the bot plays the level, then rates it "
		    "(more games); Esc stops it");
}

/* What the trial measured, said when it ends or stops. */
static void
ue_bot_result(struct ue *u, const char *why)
{
	struct ue_bot	*b = &u->bot;
	char		 game[160], rating[160];

	ue_bot_game(b, game, sizeof game);
	ue_bot_rating(b, rating, sizeof rating);
	ue_say(u, b->run.t.state != GAME_WON, "%s%s; %s", why, game, rating);
}

/* Whether a trial is playing (the loop then does not sleep). */
bool
ue_bot_going(const struct ue *u)
{
	return u->bot.lv != NULL && u->bot.going;
}

/* Drop the trial, over, stopped or paused. */
void
ue_bot_drop(struct ue *u)
{
	struct ue_bot	*b = &u->bot;

	if (b->lv == NULL)
		return;
	edit_run_free(&b->run);
	level_free(b->lv);
	memset(b, 0, sizeof *b);
}

/* b: start the trial, or let a paused one go on for as long again. */
void
ue_bot_start(struct ue *u)
{
	struct ue_bot	*b = &u->bot;
	struct level	*lv;
	char		 err[UE_ERR_MAX];

	if (b->lv != NULL && !b->going && b->hash == ue_bot_hash(u)) {
		b->going = true;
		b->limit = b->spent + UE_BOT_LIMIT;
		ue_bot_progress(u);
		return;
	}
	ue_bot_drop(u);
	edit_refresh(u->e);
	if (u->e->nproblems > 0) {
		ue_say(u, true, "%d problem%s to fix before the bot can play "
		    "(n goes to them)", u->e->nproblems,
		    u->e->nproblems == 1 ? "" : "s");
		return;
	}
	if ((lv = edit_level(u->e, err, sizeof err)) == NULL) {
		ue_say(u, true, "%s", err);
		return;
	}
	b->lv = lv;
	edit_run_init(&b->run, lv, u->l->seed);
	b->going = true;
	b->limit = UE_BOT_LIMIT;
	b->hash = ue_bot_hash(u);
	ue_say(u, false, "the bot is playing and rating the level; Esc stops "
	    "it");
}

/* A key while the bot plays: Escape stops it, saying what it measured. */
void
ue_bot_key(struct ue *u, int ch)
{
	if (ch != UE_KEY_ESC) {
		u->bot.nudged = ch != KEY_MOUSE;
		return;
	}
	ue_bot_result(u, "stopped: ");
	ue_bot_drop(u);
}

/*
 * Play a slice of the trial: about UE_BOT_SLICE seconds, a tick at a
 * time. Say up front when the trial will not finish within its limit,
 * and what it measured when it ends or its time is up.
 */
void
ue_bot_slice(struct ue *u)
{
	struct ue_bot	*b = &u->bot;
	double		 t0 = ue_bot_now(), now = t0;
	bool		 done = false;
	char		 why[96], est[32];

	while (!done && now - t0 < UE_BOT_SLICE) {
		done = edit_run_step(&b->run, 1);
		now = ue_bot_now();
	}
	b->spent += now - t0;
	if (b->big == 0 && b->spent >= UE_BOT_MEASURE && !done &&
	    b->spent + ue_bot_left(b) > UE_BOT_LIMIT * 1.25)
		b->big = b->spent + ue_bot_left(b);
	if (done) {
		ue_bot_result(u, "");
		ue_bot_drop(u);
	} else if (b->spent >= b->limit) {
		b->going = false;
		ue_bot_clock(est, sizeof est, ue_bot_left(b));
		snprintf(why, sizeof why, "stopped after %.0f s (about %s more "
		    "to finish: b goes on): ", b->spent, est);
		ue_bot_result(u, why);
	} else
		ue_bot_progress(u);
}
