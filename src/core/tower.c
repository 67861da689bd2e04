/*
 * The tower table and the arithmetic of building, upgrading, selling and
 * hitting. Ranges are in cells and reloads in ticks at GAME_RATE (30 a
 * second), so 30 is one shot a second.
 */
#include <string.h>

#include "tower.h"

const struct tower_type tower_types[TOWER_NTYPES] = {
	[TOWER_WALL] = { "wall", '#', TOWER_ATTACK_NONE, 0, false, 1, {
		{ 4, 0, 0.0, 0, 0.0, 0, 0, 0, 0.0, 0.0 } },
	    "blocks one cell; the cheapest way to lengthen the maze" },
	[TOWER_ARROW] = { "arrow", 'A', TOWER_ATTACK_BOLT,
	    TOWER_GROUND | TOWER_AIR, false, 3, {
		{ 25, 12, 3.5, 24, 0.0, 0, 0, 0, 0.0, 10.0 },
		{ 30, 20, 4.0, 21, 0.0, 0, 0, 0, 0.0, 11.0 },
		{ 45, 32, 4.5, 18, 0.0, 0, 0, 0, 0.0, 12.0 } },
	    "homing bolts at one target, ground and air" },
	[TOWER_CANNON] = { "cannon", 'C', TOWER_ATTACK_SHELL, TOWER_GROUND,
	    false, 3, {
		{ 50, 30, 3.0, 60, 1.0, 0, 0, 0, 0.0, 6.0 },
		{ 60, 50, 3.25, 54, 1.2, 0, 0, 0, 0.0, 6.5 },
		{ 90, 80, 3.5, 48, 1.4, 0, 0, 0, 0.0, 7.0 } },
	    "shells that burst where they land, ground only" },
	[TOWER_FROST] = { "frost", 'F', TOWER_ATTACK_PULSE,
	    TOWER_GROUND | TOWER_AIR, false, 3, {
		{ 40, 3, 2.5, 45, 0.0, 60, 60, 0, 0.0, 0.0 },
		{ 45, 6, 2.75, 45, 0.0, 50, 60, 0, 0.0, 0.0 },
		{ 70, 10, 3.0, 45, 0.0, 40, 60, 0, 0.0, 0.0 } },
	    "a cold pulse that slows everything in range" },
	[TOWER_TESLA] = { "tesla", 'T', TOWER_ATTACK_CHAIN, TOWER_GROUND,
	    false, 3, {
		{ 60, 25, 2.5, 36, 0.0, 0, 0, 3, 1.75, 0.0 },
		{ 70, 40, 2.75, 30, 0.0, 0, 0, 4, 1.75, 0.0 },
		{ 100, 60, 3.0, 27, 0.0, 0, 0, 5, 2.0, 0.0 } },
	    "lightning that jumps between packed enemies, ground only" },
	[TOWER_SNIPER] = { "sniper", 'S', TOWER_ATTACK_BEAM,
	    TOWER_GROUND | TOWER_AIR, true, 3, {
		{ 70, 50, 7.0, 75, 0.0, 0, 0, 0, 0.0, 0.0 },
		{ 80, 85, 8.0, 66, 0.0, 0, 0, 0, 0.0, 0.0 },
		{ 120, 130, 9.0, 60, 0.0, 0, 0, 0, 0.0, 0.0 } },
	    "long range, pierces armour" },
	[TOWER_FLAK] = { "flak", 'K', TOWER_ATTACK_BOLT, TOWER_AIR, false, 3, {
		{ 45, 30, 4.5, 30, 0.8, 0, 0, 0, 0.0, 9.0 },
		{ 50, 50, 5.0, 27, 0.9, 0, 0, 0, 0.0, 10.0 },
		{ 80, 75, 5.5, 24, 1.0, 0, 0, 0, 0.0, 11.0 } },
	    "homing missiles that burst among flyers, air only" },
};

static const char *const tower_target_names[TOWER_NTARGETS] = {
	"first", "last", "strongest", "weakest", "closest"
};

/* The tower kind called name (len bytes), or -1. */
int
tower_lookup(const char *name, size_t len)
{
	int	k;

	for (k = 0; k < TOWER_NTYPES; k++) {
		if (strlen(tower_types[k].name) == len &&
		    memcmp(tower_types[k].name, name, len) == 0)
			return k;
	}
	return -1;
}

/* The script name of tower kind k. */
const char *
tower_name(int kind)
{
	if (kind < 0 || kind >= TOWER_NTYPES)
		return "?";
	return tower_types[kind].name;
}

/* The targeting mode called name (len bytes), or -1. */
int
tower_target_lookup(const char *name, size_t len)
{
	int	m;

	for (m = 0; m < TOWER_NTARGETS; m++) {
		if (strlen(tower_target_names[m]) == len &&
		    memcmp(tower_target_names[m], name, len) == 0)
			return m;
	}
	return -1;
}

/* The script name of targeting mode m. */
const char *
tower_target_name(int mode)
{
	if (mode < 0 || mode >= TOWER_NTARGETS)
		return "?";
	return tower_target_names[mode];
}

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
