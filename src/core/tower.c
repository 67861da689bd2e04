/* SPDX-License-Identifier: ISC */
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

/*
 * Whether something at squared distance d2 from a tower's centre is in
 * reach of a tower with stats st: within its range, not nearer than its
 * least range.
 */
bool
tower_in_range(const struct tower_stats *st, double d2)
{
	return tower_reach(st->range, st->min_range, d2);
}

/* Whether squared distance d2 lies between min_range and range. */
bool
tower_reach(double range, double min_range, double d2)
{
	return d2 <= range * range && !(d2 < min_range * min_range);
}

/* Whether a tower of kind at level (1-based) on (tx, ty) covers (x, y). */
bool
tower_covers(int kind, int level, int tx, int ty, int x, int y)
{
	const struct tower_type	*tt;
	double			 dx = x - tx, dy = y - ty;

	if (kind < 0 || kind >= TOWER_NTYPES)
		return false;
	tt = &tower_types[kind];
	if (tt->attack == TOWER_ATTACK_NONE || level < 1 ||
	    level > tt->nlevels)
		return false;
	return tower_in_range(&tt->level[level - 1], dx * dx + dy * dy);
}
