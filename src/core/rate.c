/* SPDX-License-Identifier: ISC */
/*
 * The difficulty rating (rate.h): whole games with the bot held to a share
 * of its income, and a bisection over the share, played a slice of ticks
 * at a time (struct rate_run); rate_level plays it to the end at once.
 */
#include <stdlib.h>

#include "bot.h"
#include "rate.h"

/* Whether the bot spending share percent wins level lv with seed. */
bool
rate_wins(const struct level *lv, const struct game_opts *o, int share,
    uint64_t seed)
{
	struct game	*g = game_new_opts(lv, seed, o);
	struct bot	*b = bot_new(g);
	long		 max = game_max_ticks(g);
	bool		 won;

	bot_set_share(b, share);
	while (!game_over(g) && g->tick < max) {
		bot_act(b, g);
		game_tick(g);
	}
	won = g->state == GAME_WON;
	bot_free(b);
	game_free(g);
	return won;
}

/* Start rating lv played as o says; nothing is played yet. */
void
rate_run_init(struct rate_run *r, const struct level *lv,
    const struct game_opts *o)
{
	r->lv = lv;
	r->o = *o;
	r->lo = -1;
	r->hi = RATE_UNBEATEN;
	r->share = -1;
	r->seed = 1;
	r->g = NULL;
	r->b = NULL;
	r->max = 0;
	r->rating = -1;
	r->games = 0;
	r->ticks = 0;
}

/*
 * The share to try next, in rate_level's order (the full share, none,
 * then halving the gap between a share that loses and one that wins);
 * -1 when the rating is known (then set).
 */
static int
rate_run_next(struct rate_run *r)
{
	if (r->hi == 0)
		r->rating = 0;
	else if (r->hi > 100 && r->lo == 100)
		r->rating = RATE_UNBEATEN;	/* the full share loses */
	else if (r->hi > 100)
		return 100;
	else if (r->lo < 0)
		return 0;
	else if (r->hi - r->lo > 1)
		return r->lo + (r->hi - r->lo) / 2;
	else
		r->rating = r->hi;
	return -1;
}

/* A game ended: its outcome moves the bisection on. */
static void
rate_run_ended(struct rate_run *r)
{
	bool	won = r->g->state == GAME_WON;

	bot_free(r->b);
	game_free(r->g);
	r->b = NULL;
	r->g = NULL;
	r->games++;
	if (!won) {
		r->lo = r->share;
		r->seed = 1;
	} else if (r->seed == RATE_SEEDS) {
		r->hi = r->share;
		r->seed = 1;
	} else
		r->seed++;
}

/*
 * Play up to ticks more ticks of the rating's games; true once the rating
 * is known (r->rating). The same games in the same order as rate_level,
 * however the ticks are sliced.
 */
bool
rate_run_step(struct rate_run *r, long ticks)
{
	while (r->rating < 0 && ticks > 0) {
		if (r->g == NULL) {
			if ((r->share = rate_run_next(r)) < 0)
				break;
			r->g = game_new_opts(r->lv, r->seed, &r->o);
			r->b = bot_new(r->g);
			r->max = game_max_ticks(r->g);
			bot_set_share(r->b, r->share);
		}
		if (game_over(r->g) || r->g->tick >= r->max) {
			rate_run_ended(r);
			continue;
		}
		bot_act(r->b, r->g);
		game_tick(r->g);
		r->ticks++;
		ticks--;
	}
	return r->rating >= 0;
}

/* Free the game a rating left unfinished. */
void
rate_run_free(struct rate_run *r)
{
	if (r->g != NULL) {
		bot_free(r->b);
		game_free(r->g);
		r->b = NULL;
		r->g = NULL;
	}
}

/* The rating of level lv played as o says: see rate.h. */
int
rate_level(const struct level *lv, const struct game_opts *o)
{
	struct rate_run	r;

	rate_run_init(&r, lv, o);
	while (!rate_run_step(&r, 1L << 30))
		;
	rate_run_free(&r);
	return r.rating;
}
