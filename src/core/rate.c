/* SPDX-License-Identifier: ISC */
/*
 * The difficulty rating (rate.h): whole games with a strategy held to a
 * share of its income, a bisection over the share, and the least over
 * the suite.
 */
#include "bot.h"
#include "rate.h"

/* Whether strategy spending share percent wins level lv with seed. */
bool
rate_wins(const struct level *lv, const struct game_opts *o, int strategy,
    int share, uint64_t seed)
{
	struct game	*g = game_new_opts(lv, seed, o);
	struct bot	*b = bot_new_as(g, strategy);
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

/* Whether strategy at share wins lv on every seed of RATE_SEEDS. */
static bool
rate_wins_all(const struct level *lv, const struct game_opts *o,
    int strategy, int share)
{
	uint64_t	seed;

	for (seed = 1; seed <= RATE_SEEDS; seed++) {
		if (!rate_wins(lv, o, strategy, share, seed))
			return false;
	}
	return true;
}

/*
 * The least share with which strategy wins lv, if it is below below (at
 * most RATE_UNBEATEN); otherwise RATE_UNBEATEN. Asking for less than the
 * best found so far saves the games that could not beat it.
 */
int
rate_strategy(const struct level *lv, const struct game_opts *o,
    int strategy, int below)
{
	int	lo = 0, hi = below > 100 ? 100 : below - 1, mid;

	if (hi < 0 || !rate_wins_all(lv, o, strategy, hi))
		return RATE_UNBEATEN;
	if (rate_wins_all(lv, o, strategy, lo))
		return 0;
	/* It loses at lo and wins at hi. */
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (rate_wins_all(lv, o, strategy, mid))
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

/*
 * The rating of level lv played as o says: see rate.h. The strategy that
 * needs the least goes to *strategy (the first of the suite on a tie; -1
 * when none wins).
 */
int
rate_level(const struct level *lv, const struct game_opts *o, int *strategy)
{
	int	s, r, best = RATE_UNBEATEN;

	*strategy = -1;
	for (s = 0; s < BOT_NSTRATEGIES && best > 0; s++) {
		r = rate_strategy(lv, o, s, best);
		if (r < best) {
			best = r;
			*strategy = s;
		}
	}
	return best;
}
