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
 * RATE_UNBEATEN when no strategy wins at full strength. The same level
 * and options always give the same rating: every game in it is
 * deterministic.
 */
#ifndef WEIR_RATE_H
#define WEIR_RATE_H

#include <stdbool.h>

#include "game.h"
#include "level.h"

#define RATE_SEEDS	2	/* games are played with seeds 1..this */
#define RATE_UNBEATEN	101	/* the bot at 100% loses */

bool	rate_wins(const struct level *lv, const struct game_opts *o,
	    int strategy, int share, uint64_t seed);
int	rate_strategy(const struct level *lv, const struct game_opts *o,
	    int strategy, int below);
int	rate_level(const struct level *lv, const struct game_opts *o,
	    int *strategy);

#endif
