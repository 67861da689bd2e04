/* SPDX-License-Identifier: ISC */
/*
 * The built-in player: a suite of strategies, one row each of
 * bot_strategies. Every BOT_PERIOD ticks a bot looks at the game and gives
 * at most one command, through the same game_command a script or a key
 * uses. It keeps no memory between turns, so a game resumed from a save
 * goes on exactly as it would have, and a front end shows any strategy
 * playing by calling bot_act before each tick (bot_new_as, by the row's
 * number from bot_strategy_lookup).
 *
 * Every strategy plays by the same heuristic below; a row changes what it
 * may build and where. "maze" builds walls (step 4) and posts the hero;
 * the naive ones never build a wall nor a tower that changes a route:
 * they defend a zone of the route (the stretch every route shares nearest
 * the exits, the first stretch from each spawn, the best choke, or all of
 * it), some with one attacking kind only.
 *
 * One currency, the worth of the enemies' routes to the defence: every
 * cell of every spawn's route counts 1 + ln(1 + d / 40), d the tower power
 * covering it (about hit points a second, times how well each tower kind
 * suits the enemies to come: on the map, still to be sent, in the next
 * wave). A turn, in order of preference:
 *
 *  1. Aim every tower the way its kind does best: snipers at the strongest,
 *     the rest at the first.
 *  2. Powers (bot-power.c): freeze a boss or a pack near an exit, strike
 *     a dense group or one about to leak, raise a barrier in the way of
 *     an enemy about to leak; each only when it is ready and its gold
 *     is within the share the bot may spend.
 *  3. Air: for each spawn whose coming flyers would take less than 5 times
 *     a flyer's hit points (more for a big flight) from the air towers
 *     along their straight line to the nearest exit, build flak (an arrow
 *     for fewer than four flyers) where it covers most of that line; wait
 *     for the gold if need be.
 *  4. Maze, every other turn: the wall adding most worth, at least 2,
 *     among the cells that can change a route (its own cells and the
 *     corners of its diagonal steps), tried against a copy of the field.
 *  5. Build or upgrade, most worth per gold: for each ground kind the few
 *     best-covering cells off the routes, each tried for the worth it adds
 *     (a tower that turns the enemies away from the defence adds little),
 *     less for kinds it has many of; or an upgrade for the power it adds.
 *     Out of reach: one worth 70% as much that it can pay for, or save
 *     up; with enemies about or a wave due, the best it can pay for.
 *  6. Call the next wave early when nothing is on the map, the last wave
 *     has sent everything, no life has been lost, the next wave is no
 *     stronger than the last, and at least 5 s of calm would be skipped.
 *
 * Strength: bot_set_share lets it spend only a share of the gold the game
 * has given (the rest is kept, as a timid player keeps it); the rating
 * (rate.h) is the least share with which some strategy still wins a level.
 *
 * Practice: the maze strategies play the level through alone with another
 * seed before their first turn, and pick the style they play (how much a
 * cell no tower covers is worth: walls first, or towers first); see
 * bot-practice.c. The style depends only on the level, the seed, the
 * setting and the share, so it too survives a save.
 *
 * Cost: a turn takes about a millisecond on the small shipped maps and
 * some tens on a 128 x 52 one, most of it integrating fields for walls.
 */
#ifndef WEIR_BOT_H
#define WEIR_BOT_H

#include <stddef.h>

#include "game.h"

#define BOT_PERIOD	15	/* ticks between two turns */

/* The stretch of route a strategy defends. */
enum bot_zone {
	BOT_ZONE_ROUTE,		/* all of every route */
	BOT_ZONE_EXIT,		/* the stretch shared most, nearest the exits */
	BOT_ZONE_SPAWN,		/* the first stretch from every spawn */
	BOT_ZONE_CHOKE		/* round the cell that sees most route */
};

/* One strategy: a row of bot_strategies. */
struct bot_strategy {
	const char	*name;		/* as --bot=NAME takes it */
	const char	*about;		/* one line for --help and the UI */
	bool		 naive;		/* never builds a maze */
	bool		 hero;		/* sends the hero about */
	enum bot_zone	 zone;
	const char	*only;		/* the one attacking kind, or NULL */
	int		 towers;	/* towers against the ground, at most
					   (then only upgrades); 0: no cap */
	bool		 practise;	/* picks its style by practice */
	bool		 search;	/* searches the plans (bot-search.c)
					   and plays the strongest found */
	bool		 strict;	/* ... naive plans only, no walls */
};

#define BOT_NSTRATEGIES	13
#define BOT_NPLAIN	11	/* the first rows: strategies that play at
				   once; the rest search first */
extern const struct bot_strategy bot_strategies[BOT_NSTRATEGIES];

/*
 * A plan (bot-plan.c): naive play in a few numbers, what the search
 * looks through. As text, "kinds=cannon*2+arrow,n=12,level=3,...".
 */
#define BOT_PLAN_KINDS	3	/* attacking kinds in a plan's mix */
#define BOT_PLAN_WALLS	4	/* walls of a semi-naive plan, at most */
#define BOT_PLAN_SLACK	2.0	/* cells a wall may add to a route */
enum bot_plan_zone {
	BOT_PLAN_STRETCH,	/* the route cells at a share of the way */
	BOT_PLAN_CHOKE,		/* round the cell that sees most route */
	BOT_PLAN_ROUTE,		/* all of every route */
	BOT_PLAN_NZONES
};
struct bot_plan {
	int	kinds[BOT_PLAN_KINDS];	/* towers against the ground; -1 */
	int	weight[BOT_PLAN_KINDS];	/* ... built in this proportion */
	int	ntowers;	/* built before the first upgrade */
	int	level;		/* every tower upgraded to this */
	int	order;		/* 1: each upgraded as soon as built */
	int	spec;		/* specialisation 0 or 1 at the top; -1 */
	int	mode;		/* targeting mode; -1: each kind's own */
	int	zone;		/* enum bot_plan_zone */
	int	at;		/* STRETCH: percent of the way from the exit */
	int	len;		/* STRETCH: cells of route rung */
	int	back;		/* cells between a tower and the route, +1 */
	int	powers;		/* 0 none, 1 blind on one cell, 2 aimed */
	int	air;		/* towers against flyers */
	int	walls;		/* semi-naive walls, 0 for naive */
	int	hero;		/* 0 where it stands, 1 on the ring, 2 exit */
	int	early;		/* calls waves early */
	int	maze;		/* 1: also builds the maze player's walls
				   (not naive: the search never sets it) */
};

struct bot;

struct bot	*bot_new(const struct game *g);		/* "maze" */
struct bot	*bot_new_as(const struct game *g, int strategy);
const struct bot_strategy *bot_strategy_of(const struct bot *b);
int		 bot_strategy_lookup(const char *name, size_t len);
size_t		 bot_strategy_list(char *buf, size_t len);
void		 bot_free(struct bot *b);
int		 bot_act(struct bot *b, struct game *g);
void		 bot_set_share(struct bot *b, int pct);
bool		 bot_practise(struct bot *b, const struct game *g,
		    long *ticks);			/* bot-practice.c */
int		 bot_style_of(const struct bot *b);
int		 bot_practice_at(const struct bot *b, long *tick);
void		 bot_practise_none(struct bot *b);
#define BOT_NSTYLES	6	/* styles practised, at most */
int		 bot_practice_of(const struct bot *b, int style, int *lives,
		    int *waves);
#define BOT_STYLE_LONG	0	/* walls first (bot-practice.c) */
#define BOT_STYLE_DENSE	1	/* towers first */
bool		 bot_powers(struct game *g, long keep); /* bot-power.c */

/* bot-plan.c */
struct bot	*bot_new_plan(const struct game *g, const struct bot_plan *p);
void		 bot_plan_default(struct bot_plan *p);
void		 bot_plan_clamp(struct bot_plan *p);
bool		 bot_plan_parse(const char *s, struct bot_plan *p, char *err,
		    size_t errlen);
size_t		 bot_plan_format(const struct bot_plan *p, char *buf,
		    size_t len);
const struct bot_plan *bot_plan_of(const struct bot *b);

/*
 * bot-search.c: the adversary. A search of budget games over plans on
 * one seed (random plans, then changes to the best), its best confirm
 * plans rechecked on seeds 1..seeds (half of them naive, half with walls,
 * when semi-naive plans are searched); the strongest plan found, by wins
 * over those seeds, then lives kept, and the strongest of each sort.
 */
#define BOT_SEARCH_BUDGET	300	/* plans tried, by default */
#define BOT_SEARCH_CONFIRM	20	/* of which rechecked */
#define BOT_SEARCH_SEEDS	5	/* on seeds 1..this */
struct bot_search_best {
	struct bot_plan	plan;
	int		wins;		/* of the seeds, won */
	int		lives;		/* lives kept, least over its wins */
	int		waves;		/* waves cleared, least over seeds */
};
struct bot_search_result {
	struct bot_plan	plan;		/* the strongest found */
	int		wins;		/* of its seeds, won */
	int		seeds;		/* seeds it was played on */
	int		lives;		/* lives kept, least over wins */
	int		games;		/* games played in all */
	int		screen_wins;	/* plans that won the first seed */
	struct bot_search_best naive;	/* the strongest without a wall */
	struct bot_search_best semi;	/* ... and with one at least */
};
struct bot_search_opts {
	int		budget;		/* plans screened */
	int		confirm;	/* ... of which rechecked */
	int		seeds;		/* on seeds 1..this */
	int		share;		/* percent of income spent */
	bool		semi;		/* walls allowed (semi-naive) */
	uint64_t	seed;		/* the search's own choices */
};
void		 bot_search_defaults(struct bot_search_opts *so);
void		 bot_search(const struct level *lv, const struct game_opts *o,
		    const struct bot_search_opts *so,
		    struct bot_search_result *out);
bool		 bot_plan_wins(const struct level *lv,
		    const struct game_opts *o, const struct bot_plan *p,
		    int share, uint64_t seed, struct game_summary *sum);
void		 bot_set_search(struct bot *b, const struct bot_search_opts *so);
const struct bot_search_result *bot_search_found(const struct bot *b);

#endif
