/* SPDX-License-Identifier: ISC */
/*
 * Measured difficulty. The built-in player's strength is the share of its
 * income it may spend (bot_set_share): a weaker bot keeps more gold back,
 * builds later and less, and loses where the level asks more of it. A
 * level's rating is the least share, in percent, with which the bot wins
 * it on every seed of RATE_SEEDS, found by bisection on whole percents
 * (taking the outcome to rise with the share, which it does but for
 * rare single steps); RATE_UNBEATEN when even the full-strength bot
 * loses. The same level and options always give the same rating: every
 * game in it is deterministic.
 *
 * A rating takes up to RATE_GAMES_MAX games, each as long as the level:
 * minutes on a large map. struct rate_run plays it a slice of
 * ticks at a time (so a screen can show how far it got, read keys and
 * stop it between slices); at any time the rating is known to lie above
 * lo and at or below hi.
 */
#ifndef WEIR_RATE_H
#define WEIR_RATE_H

#include <stdbool.h>

#include "game.h"
#include "level.h"

#define RATE_SEEDS	2	/* games are played with seeds 1..this */
#define RATE_UNBEATEN	101	/* the bot at 100% loses */

struct bot;

/* A rating played a slice at a time. */
struct rate_run {
	const struct level	*lv;		/* kept until rate_run_free */
	struct game_opts	 o;
	int			 lo;		/* a share that loses; -1: none */
	int			 hi;		/* a share that wins on every
						   seed; RATE_UNBEATEN: none */
	int			 share;		/* the share being tried */
	uint64_t		 seed;		/* the seed being played */
	struct game		*g;		/* the game being played */
	struct bot		*b;
	long			 max;		/* its ticks at most */
	int			 rating;	/* -1 until known */
	int			 games;		/* games played to their end */
	long			 ticks;		/* ticks played in all */
};

#define RATE_GAMES_MAX	(RATE_SEEDS * 9)	/* 100, 0, 7 halvings */

bool	rate_wins(const struct level *lv, const struct game_opts *o, int share,
	    uint64_t seed);
int	rate_level(const struct level *lv, const struct game_opts *o);
void	rate_run_init(struct rate_run *r, const struct level *lv,
	    const struct game_opts *o);
bool	rate_run_step(struct rate_run *r, long ticks);
void	rate_run_free(struct rate_run *r);

#endif
