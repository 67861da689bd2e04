/* SPDX-License-Identifier: ISC */
/*
 * Measured difficulty. A strategy's strength is the share of its income
 * it may spend (bot_set_share): a weaker bot keeps more gold back, builds
 * later and less, and loses where the level asks more of it. A level's
 * rating is the least share, in percent, with which some strategy of the
 * suite (bot_strategies) wins it on every seed of RATE_SEEDS: the
 * strongest known play. Each strategy's least share is found by bisection
 * on whole percents (taking the outcome to rise with the share, which it
 * does but for rare single steps), below the best found so far;
 * RATE_UNBEATEN when no strategy wins at full strength. rate_level_search
 * adds the adversary (bot-search.c): the strongest plan of naive or
 * semi-naive play a search finds, held to a share the same way; the
 * sliced struct rate_run plays the plain strategies only (a search is a
 * few hundred games). The same level
 * and options always give the same rating: every game in it is
 * deterministic.
 *
 * A rating takes tens of games, each as long as the level: minutes on a
 * large map. struct rate_run plays it a slice of ticks at a time (so a
 * screen can show how far it got, read keys and stop it between slices);
 * at any time the rating is no more than best, and the strategy being
 * searched loses at lo and wins at hi (-1: not known yet).
 */
#ifndef WEIR_RATE_H
#define WEIR_RATE_H

#include <stdbool.h>

#include "game.h"
#include "level.h"

#define RATE_SEEDS	2	/* games are played with seeds 1..this */
#define RATE_UNBEATEN	101	/* the bot at 100% loses */

struct bot;
struct bot_plan;
struct bot_search_opts;

/* A rating played a slice at a time. */
struct rate_run {
	const struct level	*lv;		/* kept until rate_run_free */
	struct game_opts	 o;
	int			 strategy;	/* being searched */
	int			 last;		/* the strategies: up to this */
	int			 best;		/* the least share found so
						   far; RATE_UNBEATEN: none */
	int			 who;		/* the strategy that needs it */
	int			 lo;		/* a share that loses; -1 */
	int			 hi;		/* one that wins on every seed */
	int			 share;		/* the share being tried */
	uint64_t		 seed;		/* the seed being played */
	struct game		*g;		/* the game being played */
	struct bot		*b;
	long			 max;		/* its ticks at most */
	int			 rating;	/* -1 until known */
	int			 games;		/* games played to their end */
	long			 ticks;		/* ticks played in all */
};

bool	rate_wins(const struct level *lv, const struct game_opts *o,
	    int strategy, int share, uint64_t seed);
int	rate_strategy(const struct level *lv, const struct game_opts *o,
	    int strategy, int below);
int	rate_level(const struct level *lv, const struct game_opts *o,
	    int *strategy);
int	rate_plan(const struct level *lv, const struct game_opts *o,
	    const struct bot_plan *p, int below);
int	rate_level_search(const struct level *lv, const struct game_opts *o,
	    const struct bot_search_opts *so, int *strategy,
	    struct bot_plan *plan);
void	rate_run_init(struct rate_run *r, const struct level *lv,
	    const struct game_opts *o);
bool	rate_run_step(struct rate_run *r, long ticks);
int	rate_run_games_left(const struct rate_run *r);
void	rate_run_free(struct rate_run *r);

#endif
