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
 *     an enemy about to leak; each only when it is ready.
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
};

#define BOT_NSTRATEGIES	11
extern const struct bot_strategy bot_strategies[BOT_NSTRATEGIES];

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
int		 bot_practice_of(const struct bot *b, int style, int *lives,
		    int *waves);
#define BOT_STYLE_LONG	0	/* walls first (bot-practice.c) */
#define BOT_STYLE_DENSE	1	/* towers first */
bool		 bot_powers(struct game *g);	/* bot-power.c */

#endif
