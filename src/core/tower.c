/*
 * The arithmetic of building, upgrading, selling and hitting, read from
 * the tower rows of the registry (kinds.c).
 */
#include "tower.h"

/* Gold spent on a tower of this kind brought to level (1-based). */
int
tower_spent(int kind, int level)
{
	int	l, sum = 0;

	for (l = 0; l < level && l < tower_types[kind].nlevels; l++)
		sum += tower_types[kind].level[l].cost;
	return sum;
}

/* Gold a sale returns: TOWER_REFUND_PCT of the gold spent, rounded down. */
int
tower_refund(int kind, int level)
{
	return tower_spent(kind, level) * TOWER_REFUND_PCT / 100;
}

/* Gold to raise a tower from level to level + 1, or -1 at the top. */
int
tower_upgrade_cost(int kind, int level)
{
	if (level >= tower_types[kind].nlevels)
		return -1;
	return tower_types[kind].level[level].cost;
}

/* Hit points one hit takes: damage less armour, at least 1. */
int
tower_hit_damage(int damage, int armour, bool pierce)
{
	int	d;

	if (damage <= 0)
		return 0;
	d = pierce ? damage : damage - armour;
	return d < 1 ? 1 : d;
}
