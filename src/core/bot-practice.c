/* SPDX-License-Identifier: ISC */
/*
 * Practice: before its first turn a maze player plays the game through
 * alone in its styles, with the same seed (a second try at the same game,
 * as a player has who plays a level again), and picks the style it will
 * play. The styles differ in what a route cell no tower covers is worth
 * (b->bare, bot-eval.c): in the first, "long", nearly what a covered one
 * is, so walls that lengthen the route are worth building from the first
 * turn; in the second, "dense", 0.3 of that, so the first gold goes on
 * towers and upgrades packed where the route already runs, and walls come
 * once they lengthen covered ground. Some levels need the one (a short
 * route that must be made long before the second wave), some the other
 * (a long combed route that a few strong towers hold).
 *
 * The other styles play a plan (bot-plan.c) with the maze's walls on
 * top of it: the kinds, upgrades and ring of a plan players are known to
 * do well with, but with its towers' route made long by walls, as a
 * player who knows the naive answer and mazes it.
 *
 * The first style is practised first; if it wins keeping at least half
 * its lives it is played. Otherwise the next is practised too, and so on
 * until one wins keeping half its lives or all have been tried; the best
 * of those tried is played: a win before a loss, then more lives, then
 * more waves cleared; the earlier on a tie. A practice that can no longer
 * be played is cut short, which leaves the choice as it would be: no
 * style is tried after a win that kept every life, and a practice game
 * stops once it has no more lives left than a win before it kept (lives
 * only fall). The practice is played with the
 * game's seed, at the bot's share and in the game's setting, so the style
 * is a function of the level, the seed, the setting and the share: a game
 * resumed from a save, or a replay's bot, picks the same one. Practice is
 * played a slice at a time (bot_practise) so a caller that must stay
 * responsive can spread it; bot_act finishes it first. It is the only
 * time a bot allocates after bot_new_as (a game and a player), never
 * inside a tick.
 */
#include <stdlib.h>

#include "bot-internal.h"
#include "util.h"

/* What a cell no tower covers is worth, in the maze's own styles. */
static const double bot_bares[BOT_PLAIN_STYLES] = { 1.0, 0.3 };

/* The plans of the other styles, each with the maze's walls. */
static const char *const bot_style_plans[BOT_STYLES - BOT_PLAIN_STYLES] = {
	"kinds=arrow+tesla*2+frost*2,n=11,level=3,order=1,zone=0,at=10,"
	    "len=9,powers=2,air=2,hero=1,maze=1",
	"kinds=cannon*2+sniper,n=8,level=3,order=1,zone=2,powers=2,air=3,"
	    "hero=1,maze=1",
	"kinds=arrow,n=14,level=3,order=1,zone=0,at=0,len=12,powers=2,"
	    "air=2,hero=1,maze=1",
	"kinds=arrow+tesla*2+frost*2,n=11,level=3,order=1,zone=0,at=10,"
	    "len=9,powers=1,hero=2,maze=1",
};

/* Play style from now on (bot_new_as plays the first). */
void
bot_style(struct bot *b, int style)
{
	struct bot_plan	p;
	char		err[128];

	b->style = style;
	free(b->plan);
	b->plan = NULL;
	/* A plan's walls are judged as the first style judges them. */
	b->bare = bot_bares[style < BOT_PLAIN_STYLES ? style : 0];
	if (style < BOT_PLAIN_STYLES)
		return;
	bot_plan_parse(bot_style_plans[style - BOT_PLAIN_STYLES], &p, err,
	    sizeof err);
	b->plan = xmalloc(sizeof *b->plan);
	*b->plan = p;
	b->own = *b->st;
	b->own.naive = false;
	b->st = &b->own;
}

/* A bot not yet practised, playing the first style (bot_new_as). */
void
bot_practice_init(struct bot *b)
{
	for (int s = 0; s < BOT_STYLES; s++)
		b->tried_won[s] = -1;
	bot_style(b, 0);
}

/* Drop a practice game still running. */
void
bot_practice_free(struct bot *b)
{
	bot_free(b->pb);
	game_free(b->pg);
	b->pb = NULL;
	b->pg = NULL;
}

/* Start practising the style b->style on g's level. */
static void
bot_practice_start(struct bot *b, const struct game *g)
{
	struct game_opts o = { .sandbox = g->sandbox,
	    .difficulty = g->difficulty, .endless = g->endless };

	b->pg = game_new_opts(g->lv, g->seed, &o);
	b->pb = bot_new_as(b->pg, b->row);
	b->pb->practised = true;
	bot_style(b->pb, b->style);
	bot_set_share(b->pb, b->share);
}

/* Whether style s did better in practice than style t. */
static bool
bot_practice_better(const struct bot *b, int s, int t)
{
	if (b->tried_won[s] != b->tried_won[t])
		return b->tried_won[s] > b->tried_won[t];
	if (b->tried_lives[s] != b->tried_lives[t])
		return b->tried_lives[s] > b->tried_lives[t];
	return b->tried_waves[s] > b->tried_waves[t];
}

/* The best of the styles before s tried so far, or -1. */
static int
bot_practice_best(const struct bot *b, int s)
{
	int	best = -1;

	for (int t = 0; t < s; t++)
		if (b->tried_won[t] >= 0 && (best < 0 ||
		    bot_practice_better(b, t, best)))
			best = t;
	return best;
}

/*
 * Whether the practice game running can no longer do better than the
 * best style before it: that one won keeping lives, and this one has no
 * more left (lives only fall, and a tie goes to the earlier).
 */
static bool
bot_practice_beaten(const struct bot *b)
{
	int	best = bot_practice_best(b, b->style);

	return best >= 0 && b->tried_won[best] == 1 &&
	    b->pg->lives <= b->tried_lives[best];
}

/* The practice game has ended: note it, and practise the next or pick. */
static void
bot_practice_ended(struct bot *b, const struct game *g)
{
	int	s = b->style, best;

	b->tried_won[s] = b->pg->state == GAME_WON;
	b->tried_lives[s] = b->pg->lives;
	b->tried_waves[s] = b->pg->waves_cleared;
	bot_practice_free(b);
	best = bot_practice_best(b, s + 1);
	/* No style after a win that kept every life can do better. */
	if (s + 1 < BOT_STYLES && !(s == 0 && b->tried_won[0] &&
	    2 * b->tried_lives[0] >= game_start_lives(g)) &&
	    !(b->tried_won[best] == 1 && b->tried_lives[best] >=
	    game_start_lives(g))) {
		bot_style(b, s + 1);
		return;
	}
	bot_style(b, best);
	b->practised = true;
}

/*
 * Practise before the first turn, up to *ticks ticks of practice games
 * (taken off *ticks); true once the style is chosen. Strategies that do
 * not maze, sandbox and endless games do not practise.
 */
bool
bot_practise(struct bot *b, const struct game *g, long *ticks)
{
	if (!b->practised && (!b->st->practise || g->sandbox || g->endless))
		b->practised = true;
	while (!b->practised && *ticks > 0) {
		if (b->pg == NULL)
			bot_practice_start(b, g);
		if (game_over(b->pg) || b->pg->tick >= game_max_ticks(b->pg) ||
		    bot_practice_beaten(b)) {
			bot_practice_ended(b, g);
			continue;
		}
		bot_act(b->pb, b->pg);
		game_tick(b->pg);
		(*ticks)--;
	}
	return b->practised;
}

/*
 * The style b plays: 0 "long", 1 "dense", 2 on one of the plans; -1
 * before practice ends.
 */
int
bot_style_of(const struct bot *b)
{
	return b->practised ? b->style : -1;
}

/*
 * Let b play its first style at once, with no practice: for a caller that
 * needs a game of the bot's and not its best one (a benchmark's).
 */
void
bot_practise_none(struct bot *b)
{
	bot_practice_free(b);
	bot_style(b, 0);
	b->practised = true;
}

/*
 * While b practises: the style it is practising (0 .. BOT_STYLES - 1)
 * and the tick its practice game has reached in *tick; -1 once chosen.
 */
int
bot_practice_at(const struct bot *b, long *tick)
{
	if (tick != NULL)
		*tick = b->pg != NULL ? b->pg->tick : 0;
	return b->practised ? -1 : b->style;
}

/*
 * How style's practice game ended: 1 won, 0 lost or stopped as beaten
 * (see above), -1 not practised (the
 * lives it kept and waves it cleared in *lives and *waves, if not NULL).
 */
int
bot_practice_of(const struct bot *b, int style, int *lives, int *waves)
{
	if (style < 0 || style >= BOT_STYLES || b->tried_won[style] < 0)
		return -1;
	if (lives != NULL)
		*lives = b->tried_lives[style];
	if (waves != NULL)
		*waves = b->tried_waves[style];
	return b->tried_won[style];
}
