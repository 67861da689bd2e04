/* SPDX-License-Identifier: ISC */
/*
 * Towers: the arithmetic of their kinds (the rows are in kinds.c). A tower
 * stands on one cell of open ground and blocks it, so every tower is also
 * a piece of the maze; the wall does nothing else.
 * An attacking tower has three levels (built at level 1, upgraded twice);
 * each level's row gives what reaching it costs and what the tower then does.
 *
 * Attacks: a bolt is a homing shot that pursues its target, a shell flies to
 * the point where its target will be and bursts there (splash), a pulse hits
 * everything in range at once and slows it, a chain jumps from its target to
 * the nearest enemies not yet hit, and a beam hits at once through armour.
 * Damage is whole hit points; armour takes its value off every hit, but a
 * hit always does at least 1 (a beam ignores armour).
 *
 * Range: an enemy is in reach when the square of its distance from the
 * tower's centre is at most range squared and at least min_range squared
 * (tower_in_range, the one test every attack and every drawn disc uses);
 * a map cell is covered when its centre is (tower_covers).
 *
 * At level 3 an attacking tower may take one of its kind's two
 * specialisations (struct tower_spec in kinds.h), which changes what it
 * does; game_tower_stats gives the numbers a specialised tower fights with.
 */
#ifndef WEIR_TOWER_H
#define WEIR_TOWER_H

#include <stdbool.h>

#include "kinds.h"

#define TOWER_REFUND_PCT 70	/* share of the gold spent a sale returns */
/* Selling a tower that cost more than this asks first; a wall goes at once. */
#define TOWER_SELL_ASK	10
#define TOWER_SELL_ASK_TEXT "10"	/* the same, for help lines */
_Static_assert(TOWER_SELL_ASK == 10, "TOWER_SELL_ASK_TEXT says 10");

int		 tower_spent(int kind, int level);
int		 tower_refund(int kind, int level);
int		 tower_upgrade_cost(int kind, int level);
int		 tower_hit_damage(int damage, int armour, bool pierce);
bool		 tower_reach(double range, double min_range, double d2);
bool		 tower_in_range(const struct tower_stats *st, double d2);
bool		 tower_covers(int kind, int level, int tx, int ty, int x,
		     int y);

#endif
