/* SPDX-License-Identifier: ISC */
/*
 * The difficulty rating (rate.h): whole games with the bot held to a share
 * of its income, and a bisection over the share.
 */
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

/* Whether the bot at share wins lv on every seed of RATE_SEEDS. */
static bool
rate_wins_all(const struct level *lv, const struct game_opts *o, int share)
{
	uint64_t	seed;

	for (seed = 1; seed <= RATE_SEEDS; seed++) {
		if (!rate_wins(lv, o, share, seed))
			return false;
	}
	return true;
}

/* The rating of level lv played as o says: see rate.h. */
int
rate_level(const struct level *lv, const struct game_opts *o)
{
	int	lo = 0, hi = 100, mid;

	if (!rate_wins_all(lv, o, hi))
		return RATE_UNBEATEN;
	if (rate_wins_all(lv, o, lo))
		return 0;
	/* The bot loses at lo and wins at hi. */
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (rate_wins_all(lv, o, mid))
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}
