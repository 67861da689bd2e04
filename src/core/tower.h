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
 * At level 3 an attacking tower may take one of its kind's two
 * specialisations (struct tower_spec in kinds.h), which changes what it
 * does; game_tower_stats gives the numbers a specialised tower fights with.
 */
#ifndef WEIR_TOWER_H
#define WEIR_TOWER_H

#include <stdbool.h>

#include "kinds.h"

#define TOWER_REFUND_PCT 70	/* share of the gold spent a sale returns */

int		 tower_spent(int kind, int level);
int		 tower_refund(int kind, int level);
int		 tower_upgrade_cost(int kind, int level);
int		 tower_hit_damage(int damage, int armour, bool pierce);

#endif
