/* SPDX-License-Identifier: ISC */
/*
 * The adversary: a search of the space of naive (and, with walls,
 * semi-naive) play for the plan that does best on a level. It is what
 * the campaign is judged by: a level any plan wins is won without a
 * maze.
 *
 * The search screens budget plans with whole games on seed 1: a few
 * plans players are known to try, then random plans drawn from the
 * search's own seed, and from half way on, more and more changes of one
 * or two fields to one of the best four found so far (local
 * improvement). Each plan's game is scored: a win by the lives it keeps,
 * a loss by the waves it cleared and the enemies it killed. The best
 * confirm plans are then played on seeds 1..seeds; the strongest is the
 * one that wins most seeds, then keeps most lives at its worst, then
 * scored best on the first. Everything is deterministic for the level,
 * the options and the search's seed.
 *
 * Cost: a game a plan and seed, as long as the level (a second or so on
 * the campaign's maps); nothing of a game outlives it.
 */
#include <stdlib.h>
#include <string.h>

#include "bot-internal.h"
#include "util.h"

#define BOT_SEARCH_BEST	4	/* the plans local changes start from */

/* A number in lo..hi from the search's own generator s. */
static int
bot_search_in(struct steer_rng *s, int lo, int hi)
{
	return lo + (int)(steer_rng_next(s) % (uint64_t)(hi - lo + 1));
}

/* Options for a search: BOT_SEARCH_BUDGET plans, semi-naive included. */
void
bot_search_defaults(struct bot_search_opts *so)
{
	memset(so, 0, sizeof *so);
	so->budget = BOT_SEARCH_BUDGET;
	so->confirm = BOT_SEARCH_CONFIRM;
	so->seeds = BOT_SEARCH_SEEDS;
	so->share = 100;
	so->semi = true;
	so->seed = 1;
}

/* A ground kind drawn at random. */
static int
bot_search_kind(struct steer_rng *s)
{
	int	kinds[TOWER_NTYPES], n = 0, k;

	for (k = 0; k < TOWER_NTYPES; k++)
		if (tower_types[k].attack != TOWER_ATTACK_NONE &&
		    (tower_types[k].hits & TOWER_GROUND))
			kinds[n++] = k;
	return kinds[bot_search_in(s, 0, n - 1)];
}

/* Field f of plan p (0: the kinds) drawn anew. */
static void
bot_search_field(struct bot_plan *p, int f, struct steer_rng *s, bool semi)
{
	int	k, n;

	switch (f) {
	case 0:
		n = bot_search_in(s, 1, BOT_PLAN_KINDS);
		for (k = 0; k < BOT_PLAN_KINDS; k++) {
			p->kinds[k] = k < n ? bot_search_kind(s) : -1;
			p->weight[k] = bot_search_in(s, 1, 3);
		}
		break;
	case 1: p->ntowers = bot_search_in(s, 3, 24); break;
	case 2: p->level = bot_search_in(s, 0, 3) == 0 ? 2 : 3; break;
	case 3: p->order = bot_search_in(s, 0, 1); break;
	case 4: p->spec = bot_search_in(s, -2, 1) < 0 ? -1 :
	    bot_search_in(s, 0, 1); break;
	case 5: p->mode = bot_search_in(s, 0, 1) ? -1 :
	    bot_search_in(s, 0, TOWER_NTARGETS - 1); break;
	case 6: n = bot_search_in(s, 0, 9);
		p->zone = n < 7 ? BOT_PLAN_STRETCH : n < 9 ? BOT_PLAN_CHOKE :
		    BOT_PLAN_ROUTE;
		break;
	case 7: p->at = bot_search_in(s, 0, 10) * 10; break;
	case 8: p->len = bot_search_in(s, 6, 30); break;
	case 9: p->back = bot_search_in(s, 0, 3) == 0 ? 2 : 1; break;
	case 10: p->powers = bot_search_in(s, 0, 4) == 0 ? 0 :
	    bot_search_in(s, 1, 2); break;
	case 11: p->air = bot_search_in(s, 0, 4); break;
	case 12: p->walls = semi && bot_search_in(s, 0, 1) ?
	    bot_search_in(s, 1, BOT_PLAN_WALLS) : 0; break;
	case 13: p->hero = bot_search_in(s, 0, 2); break;
	default: p->early = bot_search_in(s, 0, 3) == 0; break;
	}
}
#define BOT_SEARCH_FIELDS	15

/* A plan drawn at random. */
static void
bot_search_random(struct bot_plan *p, struct steer_rng *s, bool semi)
{
	int	f;

	bot_plan_default(p);
	for (f = 0; f < BOT_SEARCH_FIELDS; f++)
		bot_search_field(p, f, s, semi);
	bot_plan_clamp(p);
}

/*
 * The plans players are known to try first: a ring of every kind at the
 * exit, upgraded cannons beside the route, arrows round the exit, a few
 * upgraded towers at the choke; with powers used blind.
 */
static const char *const bot_search_known[] = {
	"kinds=cannon,n=12,level=3,zone=0,at=0,len=12,powers=1,air=2",
	"kinds=arrow,n=14,level=3,zone=0,at=0,len=12,powers=1,air=0",
	"kinds=cannon+arrow+tesla,n=10,level=3,zone=1,powers=1,air=2",
	"kinds=cannon*2+sniper,n=8,level=3,order=1,zone=1,powers=2,air=3",
	"kinds=arrow+cannon+frost+tesla+sniper,n=12,zone=0,at=0,powers=1",
	"kinds=tesla*2+frost,n=10,level=3,zone=0,at=30,len=20,powers=2,"
	    "air=2",
	"kinds=cannon,n=12,level=3,zone=0,at=0,len=12,powers=1,air=2,"
	    "walls=2",
};
#define BOT_SEARCH_NKNOWN \
	(int)(sizeof bot_search_known / sizeof bot_search_known[0])

/*
 * Whether plan p spending share percent wins lv with seed; the game's
 * summary into sum (if not NULL).
 */
bool
bot_plan_wins(const struct level *lv, const struct game_opts *o,
    const struct bot_plan *p, int share, uint64_t seed,
    struct game_summary *sum)
{
	struct game		*g = game_new_opts(lv, seed, o);
	struct bot		*b = bot_new_plan(g, p);
	long			 max = game_max_ticks(g);
	struct game_summary	 s;

	bot_set_share(b, share);
	while (!game_over(g) && g->tick < max) {
		bot_act(b, g);
		game_tick(g);
	}
	game_summary(g, &s);
	bot_free(b);
	game_free(g);
	if (sum != NULL)
		*sum = s;
	return s.state == GAME_WON;
}

/* How well a game went, for the search: wins first, by lives. */
static double
bot_search_score(const struct game_summary *s)
{
	if (s->state == GAME_WON)
		return 1e6 + 1e3 * s->lives;
	return 1e3 * s->waves_cleared + s->killed;
}

/* One screened plan. */
struct bot_search_entry {
	struct bot_plan	plan;
	double		score;
};

/* Keep e among the n best of top[] (of at most max), best first. */
static void
bot_search_keep(struct bot_search_entry *top, int *n, int max,
    const struct bot_search_entry *e)
{
	int	k;

	if (*n == max && e->score <= top[max - 1].score)
		return;
	k = *n < max ? (*n)++ : max - 1;
	while (k > 0 && top[k - 1].score < e->score) {
		top[k] = top[k - 1];
		k--;
	}
	top[k] = *e;
}

/* Whether a (wins, lives, waves) beats the best b so far. */
static bool
bot_search_better(int wins, int lives, int waves,
    const struct bot_search_best *b)
{
	if (wins != b->wins)
		return wins > b->wins;
	if (wins > 0)
		return lives > b->lives;
	return waves > b->waves;
}

/* Play the plans of top[0..n) on every seed; the strongest into best. */
static void
bot_search_confirm(const struct level *lv, const struct game_opts *o,
    const struct bot_search_opts *so, const struct bot_search_entry *top,
    int n, struct bot_search_best *best, int *games)
{
	struct game_summary	sum;
	int			k, seed, wins, least, waves;

	best->wins = -1;
	best->lives = best->waves = -1;
	for (k = 0; k < n; k++) {
		wins = 0;
		least = -1;
		waves = -1;
		for (seed = 1; seed <= so->seeds; seed++) {
			(*games)++;
			if (bot_plan_wins(lv, o, &top[k].plan, so->share,
			    (uint64_t)seed, &sum)) {
				wins++;
				if (least < 0 || sum.lives < least)
					least = sum.lives;
			}
			if (waves < 0 || sum.waves_cleared < waves)
				waves = sum.waves_cleared;
		}
		if (k == 0 || bot_search_better(wins, least, waves, best)) {
			best->plan = top[k].plan;
			best->wins = wins;
			best->lives = least;
			best->waves = waves;
		}
	}
	if (best->wins < 0) {
		bot_plan_default(&best->plan);
		best->wins = 0;
	}
	if (best->wins == 0)
		best->lives = 0;
}

/* Search lv played as o for the strongest plan (see the top). */
void
bot_search(const struct level *lv, const struct game_opts *o,
    const struct bot_search_opts *so, struct bot_search_result *out)
{
	struct bot_search_entry	*naive, *semi, e;
	struct game_summary	 sum;
	int			 nn = 0, ns = 0, max, k, half;
	struct steer_rng	 rng;
	char			 err[128];

	steer_rng_seed(&rng, so->seed);
	max = so->confirm > BOT_SEARCH_BEST ? so->confirm : BOT_SEARCH_BEST;
	naive = xcalloc((size_t)max, sizeof *naive);
	semi = xcalloc((size_t)max, sizeof *semi);
	memset(out, 0, sizeof *out);
	for (k = 0; k < so->budget; k++) {
		int ntop = nn + ns;

		if (k < BOT_SEARCH_NKNOWN) {
			bot_plan_parse(bot_search_known[k], &e.plan, err,
			    sizeof err);
			if (!so->semi)
				e.plan.walls = 0;
		} else if (ntop > 0 && k >= so->budget / 2 &&
		    bot_search_in(&rng, 0, so->budget) < k) {
			int f, changes = bot_search_in(&rng, 1, 2);
			int pick = bot_search_in(&rng, 0, BOT_SEARCH_BEST - 1);
			bool from_semi = ns > 0 && (nn == 0 ||
			    bot_search_in(&rng, 0, 1));
			const struct bot_search_entry *t = from_semi ? semi :
			    naive;
			int n = from_semi ? ns : nn;

			e.plan = t[pick < n ? pick : n - 1].plan;
			while (changes-- > 0) {
				f = bot_search_in(&rng, 0,
				    BOT_SEARCH_FIELDS - 1);
				bot_search_field(&e.plan, f, &rng, so->semi);
			}
			bot_plan_clamp(&e.plan);
		} else
			bot_search_random(&e.plan, &rng, so->semi);
		bot_plan_wins(lv, o, &e.plan, so->share, 1, &sum);
		out->games++;
		out->screen_wins += sum.state == GAME_WON;
		e.score = bot_search_score(&sum);
		if (e.plan.walls > 0)
			bot_search_keep(semi, &ns, max, &e);
		else
			bot_search_keep(naive, &nn, max, &e);
	}
	half = so->semi ? (so->confirm + 1) / 2 : so->confirm;
	bot_search_confirm(lv, o, so, naive, nn < half ? nn : half,
	    &out->naive, &out->games);
	bot_search_confirm(lv, o, so, semi, ns < so->confirm - half ? ns :
	    so->confirm - half, &out->semi, &out->games);
	if (ns > 0 && bot_search_better(out->semi.wins, out->semi.lives,
	    out->semi.waves, &out->naive)) {
		out->plan = out->semi.plan;
		out->wins = out->semi.wins;
		out->lives = out->semi.lives;
	} else {
		out->plan = out->naive.plan;
		out->wins = out->naive.wins;
		out->lives = out->naive.lives;
	}
	out->seeds = so->seeds;
	free(naive);
	free(semi);
}
