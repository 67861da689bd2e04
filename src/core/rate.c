/* SPDX-License-Identifier: ISC */
/*
 * The difficulty rating (rate.h): whole games with a strategy held to a
 * share of its income, a bisection over the share, and the least over
 * the suite, played a slice of ticks at a time (struct rate_run);
 * rate_level and rate_strategy play it to the end at once.
 */
#include <stdlib.h>
#include <string.h>

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

/*
 * Start rating lv played as o says, with the strategies first..last-1 of
 * the suite, looking for less than below; nothing is played yet.
 */
static void
rate_run_start(struct rate_run *r, const struct level *lv,
    const struct game_opts *o, int first, int last, int below)
{
	memset(r, 0, sizeof *r);
	r->lv = lv;
	r->o = *o;
	r->strategy = first;
	r->last = last;
	r->best = below;
	r->who = -1;
	r->lo = r->hi = -1;
	r->share = -1;
	r->seed = 1;
	r->rating = -1;
}

/* Start rating lv played as o says (the whole suite); see rate.h. */
void
rate_run_init(struct rate_run *r, const struct level *lv,
    const struct game_opts *o)
{
	rate_run_start(r, lv, o, 0, BOT_NPLAIN, RATE_UNBEATEN);
}

/* The first share a strategy tries: the most that could beat the best. */
static int
rate_run_top(const struct rate_run *r)
{
	return r->best > 100 ? 100 : r->best - 1;
}

/* The strategy's search is over, its least share found (or none). */
static void
rate_run_next_strategy(struct rate_run *r, int found)
{
	if (found >= 0 && found < r->best) {
		r->best = found;
		r->who = r->strategy;
	}
	r->strategy++;
	r->lo = r->hi = -1;
}

/*
 * The share to try next, in rate_strategy's order (the most that could
 * beat the best so far, none, then halving the gap between a share that
 * loses and one that wins), strategy after strategy; -1 when the rating
 * is known (then set).
 */
static int
rate_run_next(struct rate_run *r)
{
	int	top;

	for (;;) {
		if (r->strategy >= r->last || r->best == 0) {
			r->rating = r->best;
			return -1;
		}
		top = rate_run_top(r);
		if (r->hi < 0 && (top < 0 || r->lo == top))
			rate_run_next_strategy(r, -1);	/* cannot beat it */
		else if (r->hi < 0)
			return top;
		else if (r->hi == 0)
			rate_run_next_strategy(r, 0);
		else if (r->lo < 0)
			return 0;
		else if (r->hi - r->lo > 1)
			return r->lo + (r->hi - r->lo) / 2;
		else
			rate_run_next_strategy(r, r->hi);
	}
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
 * is known (r->rating, the strategy r->who). The same games in the same
 * order as rate_level, however the ticks are sliced.
 */
bool
rate_run_step(struct rate_run *r, long ticks)
{
	long	before;
	bool	done;

	while (r->rating < 0 && ticks > 0) {
		if (r->g == NULL) {
			if ((r->share = rate_run_next(r)) < 0)
				break;
			r->g = game_new_opts(r->lv, r->seed, &r->o);
			r->b = bot_new_as(r->g, r->strategy);
			r->max = game_max_ticks(r->g);
			bot_set_share(r->b, r->share);
		}
		if (game_over(r->g) || r->g->tick >= r->max) {
			rate_run_ended(r);
			continue;
		}
		before = ticks;
		done = bot_practise(r->b, r->g, &ticks);
		r->ticks += before - ticks;
		if (!done)
			break;
		bot_act(r->b, r->g);
		game_tick(r->g);
		r->ticks++;
		ticks--;
	}
	return r->rating >= 0;
}

/* Halvings of a gap of n shares down to one. */
static int
rate_halvings(int n)
{
	int	k = 0;

	while (n > 1) {
		n = (n + 1) / 2;
		k++;
	}
	return k;
}

/*
 * At most how many games the rating has still to play, the current one
 * among them: every share left to try of every strategy left, on every
 * seed (a loss ends a share sooner).
 */
int
rate_run_games_left(const struct rate_run *r)
{
	int	s, top, shares = 0;

	if (r->rating >= 0)
		return 0;
	for (s = r->strategy; s < r->last; s++) {
		top = rate_run_top(r);
		if (s > r->strategy || r->hi < 0)
			shares += 2 + rate_halvings(top);
		else if (r->lo < 0)
			shares += 1 + rate_halvings(r->hi);
		else
			shares += rate_halvings(r->hi - r->lo);
	}
	return shares * RATE_SEEDS;
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

/* Play r to its end. */
static void
rate_run_all(struct rate_run *r)
{
	while (!rate_run_step(r, 1L << 30))
		;
	rate_run_free(r);
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
	struct rate_run			r;
	struct bot_search_opts		so;
	struct bot_search_result	found;

	if (strategy >= BOT_NPLAIN) {
		bot_search_defaults(&so);
		so.semi = !bot_strategies[strategy].strict;
		bot_search(lv, o, &so, &found);
		return rate_plan(lv, o, &found.plan, below);
	}
	rate_run_start(&r, lv, o, strategy, strategy + 1, below);
	rate_run_all(&r);
	return r.who == strategy ? r.rating : RATE_UNBEATEN;
}

/* Whether plan p spending share wins lv on every seed of RATE_SEEDS. */
static bool
rate_plan_wins(const struct level *lv, const struct game_opts *o,
    const struct bot_plan *p, int share)
{
	uint64_t	seed;

	for (seed = 1; seed <= RATE_SEEDS; seed++)
		if (!bot_plan_wins(lv, o, p, share, seed, NULL))
			return false;
	return true;
}

/*
 * The least share with which plan p wins lv on every seed, if below
 * below; otherwise RATE_UNBEATEN (the bisection of rate_strategy).
 */
int
rate_plan(const struct level *lv, const struct game_opts *o,
    const struct bot_plan *p, int below)
{
	int	lo = -1, hi, top = below > 100 ? 100 : below - 1;

	if (top < 0 || !rate_plan_wins(lv, o, p, top))
		return RATE_UNBEATEN;
	hi = top;
	if (rate_plan_wins(lv, o, p, 0))
		return 0;
	lo = 0;
	while (hi - lo > 1) {
		int mid = lo + (hi - lo) / 2;

		if (rate_plan_wins(lv, o, p, mid))
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
	struct rate_run	r;

	rate_run_init(&r, lv, o);
	rate_run_all(&r);
	*strategy = r.who;
	return r.rating;
}

/*
 * The rating of lv with the search too (rate.h): the suite, then the
 * strongest plan a search as so says finds, held to less and less of its
 * income; *strategy is the search's row when its plan needs least, and
 * the plan goes to *plan.
 */
int
rate_level_search(const struct level *lv, const struct game_opts *o,
    const struct bot_search_opts *so, int *strategy, struct bot_plan *plan)
{
	struct bot_search_result	found;
	int				best, r;

	best = rate_level(lv, o, strategy);
	bot_search(lv, o, so, &found);
	*plan = found.plan;
	r = rate_plan(lv, o, &found.plan, best);
	if (r < best) {
		best = r;
		*strategy = bot_strategy_lookup("search", 6);
	}
	return best;
}
