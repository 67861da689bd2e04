/* SPDX-License-Identifier: ISC */
/*
 * The built-in player. Every BOT_PERIOD ticks it looks at the game and
 * gives at most one command, through the same game_command a script or a
 * key uses. It keeps no memory between turns, so a game resumed from a
 * save goes on exactly as it would have.
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
 * (rate.h) is the least share that still wins a level.
 *
 * Cost: a turn takes about a millisecond on the small shipped maps and
 * some tens on a 128 x 52 one, most of it integrating fields for walls.
 */
#ifndef WEIR_BOT_H
#define WEIR_BOT_H

#include "game.h"

#define BOT_PERIOD	15	/* ticks between two turns */

struct bot;

struct bot	*bot_new(const struct game *g);
void		 bot_free(struct bot *b);
int		 bot_act(struct bot *b, struct game *g);
void		 bot_set_share(struct bot *b, int pct);
bool		 bot_powers(struct game *g);	/* bot-power.c */

#endif
