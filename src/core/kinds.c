/* SPDX-License-Identifier: ISC */
/*
 * The registry's rows (see kinds.h) and the look-ups every reader of a
 * name, a key or a list goes through. Each table is sized by its rows, so
 * the _Static_assert after it fails when the last kind of its enum has no
 * row (the usual slip when a kind is added); tests/check_kinds finds a row
 * missing in the middle. Ranges are in cells, reloads in
 * ticks at GAME_RATE (30 a second), speeds in cells a second.
 */
#include <stdio.h>
#include <string.h>

#include "enemy.h"
#include "kinds.h"
#include "tower.h"

static const struct enemy_type kinds_enemies[] = {
	[ENEMY_GRUNT] = {
		.name = "grunt", .glyph = 'g',
		.colour = { KIND_WHITE, 231 },
		.mover = ENEMY_PATH,
		.hp = 50, .speed = 1.4, .force = 8.0, .radius = 0.30,
		.armour = 0, .bounty = 4, .leak = 1,
		.steer = enemy_steer_walker,
		.about = "foot soldier on a waypoint path",
	},
	[ENEMY_RUNNER] = {
		.name = "runner", .glyph = 'r',
		.colour = { KIND_CYAN, 51 },
		.mover = ENEMY_FLOW,
		.hp = 30, .speed = 2.6, .force = 12.0, .radius = 0.25,
		.armour = 0, .bounty = 3, .leak = 1,
		.steer = enemy_steer_runner,
		.about = "fast and frail, follows the flow field",
	},
	[ENEMY_BRUTE] = {
		.name = "brute", .glyph = 'b',
		.colour = { KIND_MAGENTA, 177 },
		.mover = ENEMY_PATH,
		.hp = 200, .speed = 0.8, .force = 6.0, .radius = 0.42,
		.armour = 5, .bounty = 12, .leak = 2,
		.steer = enemy_steer_walker,
		.about = "slow, armoured, on a waypoint path",
	},
	[ENEMY_SWARMER] = {
		.name = "swarmer", .glyph = 's',
		.colour = { KIND_YELLOW, 226 },
		.mover = ENEMY_FLOW,
		.hp = 15, .speed = 2.0, .force = 10.0, .radius = 0.20,
		.armour = 0, .bounty = 1, .leak = 1,
		.steer = enemy_steer_swarmer,
		.about = "flocks with its kind along the flow",
	},
	[ENEMY_FLYER] = {
		.name = "flyer", .glyph = 'f',
		.colour = { KIND_BLUE, 117 },
		.mover = ENEMY_FLY,
		.hp = 60, .speed = 1.5, .force = 6.0, .radius = 0.30,
		.armour = 0, .bounty = 6, .leak = 2,
		.steer = enemy_steer_flyer,
		.about = "flies over the maze to the nearest exit",
	},
	[ENEMY_BOSS] = {
		.name = "boss", .glyph = 'B',
		.colour = { KIND_RED, 196 },
		.mover = ENEMY_PATH, .traits = ENEMY_TRAIT_BOSS,
		.hp = 1200, .speed = 0.6, .force = 4.0, .radius = 0.45,
		.armour = 8, .bounty = 80, .leak = 10,
		.steer = enemy_steer_leader,
		.about = "huge, armoured, guarded by escorts",
	},
	[ENEMY_ESCORT] = {
		.name = "escort", .glyph = 'e',
		.colour = { KIND_RED, 209 },
		.mover = ENEMY_FLOW, .traits = ENEMY_TRAIT_ESCORT,
		.hp = 100, .speed = 1.2, .force = 8.0, .radius = 0.30,
		.armour = 3, .bounty = 8, .leak = 2,
		.steer = enemy_steer_escort,
		.about = "holds formation round the boss",
	},
	[ENEMY_SKULKER] = {
		.name = "skulker", .glyph = 'k',
		.colour = { KIND_GREEN, 120 },
		.mover = ENEMY_FLOW, .traits = ENEMY_TRAIT_SKITTISH,
		.hp = 70, .speed = 1.7, .force = 10.0, .radius = 0.28,
		.armour = 2, .bounty = 6, .leak = 1,
		.steer = enemy_steer_skulker,
		.about = "dodges shots, runs from towers that hit it",
	},
	[ENEMY_HUNTER] = {
		.name = "hunter", .glyph = 'h',
		.colour = { KIND_YELLOW, 214 },
		.mover = ENEMY_FLOW, .traits = ENEMY_TRAIT_HUNTS,
		.hp = 80, .speed = 1.9, .force = 10.0, .radius = 0.28,
		.armour = 1, .bounty = 7, .leak = 1, .bite = 8,
		.steer = enemy_steer_runner,
		.about = "goes for the hero; leaves by an exit only in "
		    "passing",
	},
	[ENEMY_WOLF] = {
		.name = "wolf", .glyph = 'w',
		.colour = { KIND_WHITE, 250 },
		.mover = ENEMY_FLOW, .traits = ENEMY_TRAIT_HUNTS,
		.hp = 30, .speed = 2.3, .force = 12.0, .radius = 0.22,
		.armour = 0, .bounty = 2, .leak = 1, .bite = 3,
		.steer = enemy_steer_swarmer,
		.about = "runs in packs after the hero",
	},
	[ENEMY_TROLL] = {
		.name = "troll", .glyph = 't',
		.colour = { KIND_GREEN, 34 },
		.mover = ENEMY_PATH, .traits = ENEMY_TRAIT_REGEN,
		.hp = 160, .speed = 0.9, .force = 6.0, .radius = 0.40,
		.armour = 2, .bounty = 10, .leak = 2, .regen_pct = 4,
		.steer = enemy_steer_walker,
		.about = "heals 4% of its hit points a second: kill it fast",
	},
	[ENEMY_KNIGHT] = {
		.name = "knight", .glyph = 'n',
		.colour = { KIND_BLUE, 33 },
		.mover = ENEMY_PATH, .traits = ENEMY_TRAIT_SHIELD,
		.hp = 110, .speed = 1.1, .force = 7.0, .radius = 0.34,
		.armour = 3, .bounty = 11, .leak = 2, .shield = 120,
		.steer = enemy_steer_walker,
		.about = "a shield takes every hit until broken; no slow holds "
		    "it while the shield stands",
	},
	[ENEMY_SHAMAN] = {
		.name = "shaman", .glyph = 'm',
		.colour = { KIND_MAGENTA, 213 },
		.mover = ENEMY_FLOW, .traits = ENEMY_TRAIT_HEALER,
		.hp = 90, .speed = 1.2, .force = 8.0, .radius = 0.28,
		.armour = 1, .bounty = 10, .leak = 1, .heal = 14,
		.heal_range = 1.8, .heal_reload = 30,
		.steer = enemy_steer_runner,
		.about = "mends every enemy within 1.8 cells each second",
	},
	[ENEMY_SLIME] = {
		.name = "slime", .glyph = 'l',
		.colour = { KIND_GREEN, 82 },
		.mover = ENEMY_FLOW, .traits = ENEMY_TRAIT_SPLITS,
		.hp = 100, .speed = 1.1, .force = 8.0, .radius = 0.36,
		.armour = 0, .bounty = 5, .leak = 2,
		.split_kind = ENEMY_SLIMELING, .split_count = 3,
		.steer = enemy_steer_runner,
		.about = "splits into three slimelings where it dies",
	},
	[ENEMY_SLIMELING] = {
		.name = "slimeling", .glyph = 'i',
		.colour = { KIND_GREEN, 120 },
		.mover = ENEMY_FLOW,
		.hp = 25, .speed = 1.8, .force = 10.0, .radius = 0.20,
		.armour = 0, .bounty = 1, .leak = 1,
		.steer = enemy_steer_swarmer,
		.about = "a slime's piece, small and quick",
	},
	[ENEMY_SHADE] = {
		.name = "shade", .glyph = 'd',
		.colour = { KIND_WHITE, 245 },
		.mover = ENEMY_FLOW, .traits = ENEMY_TRAIT_HIDDEN,
		.hp = 70, .speed = 1.6, .force = 10.0, .radius = 0.26,
		.armour = 1, .bounty = 8, .leak = 2,
		.steer = enemy_steer_runner,
		.about = "towers aim at it only where one that detects sees "
		    "it; bursts still catch it",
	},
};
_Static_assert(sizeof kinds_enemies / sizeof kinds_enemies[0] == ENEMY_NKINDS,
    "an enemy kind without a row");
const struct enemy_type *const enemy_types = kinds_enemies;

static const struct enemy_trait kinds_traits[] = {
	{ ENEMY_TRAIT_BOSS, "leads escorts" },
	{ ENEMY_TRAIT_ESCORT, "escorts" },
	{ ENEMY_TRAIT_SKITTISH, "dodges" },
	{ ENEMY_TRAIT_HUNTS, "hunts the hero" },
	{ ENEMY_TRAIT_REGEN, "regenerates" },
	{ ENEMY_TRAIT_SHIELD, "shielded" },
	{ ENEMY_TRAIT_HEALER, "heals" },
	{ ENEMY_TRAIT_SPLITS, "splits" },
	{ ENEMY_TRAIT_HIDDEN, "hidden" },
};
_Static_assert(sizeof kinds_traits / sizeof kinds_traits[0] == ENEMY_NTRAITS,
    "a trait without a row");
const struct enemy_trait *const enemy_traits = kinds_traits;

/*
 * Bot hints: shells and chains shine on swarms and are dodged by
 * skulkers, armour blunts small hits and not the sniper's, frost makes
 * runners and bosses linger (and slows do not add up: variety 3).
 */
static const struct tower_type kinds_towers[] = {
	[TOWER_WALL] = {
		.name = "wall", .glyph = '#', .key = '1',
		.colour = { KIND_YELLOW, 214 },
		.attack = TOWER_ATTACK_NONE, .nlevels = 1,
		.level = { { .cost = 4 } },
		.bot = { .mode = TOWER_TARGET_FIRST, .variety = 1 },
		.about = "blocks one cell; the cheapest way to lengthen the "
		    "maze",
	},
	[TOWER_ARROW] = {
		.name = "arrow", .glyph = 'A', .key = '2',
		.colour = { KIND_GREEN, 70 },
		.attack = TOWER_ATTACK_BOLT, .hits = TOWER_GROUND | TOWER_AIR,
		.nlevels = 3, .level = {
			{ .cost = 25, .damage = 12, .range = 3.5, .reload = 24,
			  .shot_speed = 10.0 },
			{ .cost = 30, .damage = 20, .range = 4.0, .reload = 21,
			  .shot_speed = 11.0 },
			{ .cost = 45, .damage = 32, .range = 4.5, .reload = 18,
			  .shot_speed = 12.0 } },
		.bot = { .eff = { 1.0, 1.0, 0.5, 0.6, 1.0, 0.4, 0.8, 0.6,
		    1.0, 1.0, 0.7, 0.5, 1.0, 0.8, 0.7, 0.3 },
		    .mode = TOWER_TARGET_FIRST, .variety = 1, .air_from = 1 },
		.about = "homing bolts at one target, ground and air",
		.spec = {
			{ .name = "volley", .cost = 120, .damage_pct = 80,
			  .targets = 3, .bot_gain = 1.9,
			  .bot_against = ENEMY_TRAIT_SPLITS },
			{ .name = "longbow", .cost = 130, .damage_pct = 150,
			  .range_add = 2.5, .detects = true, .bot_gain = 1.6,
			  .bot_against = ENEMY_TRAIT_HIDDEN } },
	},
	[TOWER_CANNON] = {
		.name = "cannon", .glyph = 'C', .key = '3',
		.colour = { KIND_YELLOW, 178 },
		.attack = TOWER_ATTACK_SHELL, .hits = TOWER_GROUND,
		.nlevels = 3, .level = {
			{ .cost = 50, .damage = 30, .range = 3.0, .reload = 60,
			  .splash = 1.0, .shot_speed = 6.0 },
			{ .cost = 60, .damage = 50, .range = 3.25,
			  .reload = 54, .splash = 1.2, .shot_speed = 6.5 },
			{ .cost = 90, .damage = 80, .range = 3.5, .reload = 48,
			  .splash = 1.4, .shot_speed = 7.0 } },
		.bot = { .eff = { 1.0, 0.6, 1.0, 1.8, 0.0, 0.9, 1.0, 0.4,
		    0.8, 1.6, 1.0, 0.8, 1.3, 1.2, 1.6, 0.6 },
		    .mode = TOWER_TARGET_FIRST, .variety = 1 },
		.about = "shells that burst where they land, ground only",
		.spec = {
			{ .name = "cluster", .cost = 150, .damage_pct = 100,
			  .bomblets = 4, .bot_gain = 1.8,
			  .bot_against = ENEMY_TRAIT_SPLITS | ENEMY_TRAIT_HEALER },
			{ .name = "siege", .cost = 150, .damage_pct = 130,
			  .shred = 2, .shield_pct = 300, .bot_gain = 1.5,
			  .bot_against = ENEMY_TRAIT_SHIELD | ENEMY_TRAIT_REGEN } },
	},
	[TOWER_FROST] = {
		.name = "frost", .glyph = 'F', .key = '4',
		.colour = { KIND_CYAN, 45 },
		.attack = TOWER_ATTACK_PULSE, .hits = TOWER_GROUND | TOWER_AIR,
		.detects = true, .nlevels = 3, .level = {
			{ .cost = 40, .damage = 3, .range = 2.5, .reload = 45,
			  .slow_pct = 60, .slow_ticks = 60 },
			{ .cost = 45, .damage = 6, .range = 2.75, .reload = 45,
			  .slow_pct = 50, .slow_ticks = 60 },
			{ .cost = 70, .damage = 10, .range = 3.0, .reload = 45,
			  .slow_pct = 40, .slow_ticks = 60 } },
		.bot = { .eff = { 1.0, 1.4, 1.0, 1.2, 1.0, 1.2, 1.0, 1.0,
		    1.2, 1.2, 1.0, 0.3, 1.2, 1.2, 1.2, 1.6 },
		    .mode = TOWER_TARGET_FIRST, .variety = 3 },
		.about = "a cold pulse that slows everything in range and "
		    "shows hidden enemies",
		.spec = {
			{ .name = "glacier", .cost = 120, .damage_pct = 100,
			  .freeze_ticks = 24, .bot_gain = 1.5,
			  .bot_against = ENEMY_TRAIT_SPLITS },
			{ .name = "brittle", .cost = 130, .damage_pct = 100,
			  .expose_pct = 35, .expose_ticks = 90,
			  .bot_gain = 1.7,
			  .bot_against = ENEMY_TRAIT_SHIELD | ENEMY_TRAIT_REGEN } },
	},
	[TOWER_TESLA] = {
		.name = "tesla", .glyph = 'T', .key = '5',
		.colour = { KIND_MAGENTA, 171 },
		.attack = TOWER_ATTACK_CHAIN, .hits = TOWER_GROUND,
		.nlevels = 3, .level = {
			{ .cost = 60, .damage = 25, .range = 2.5, .reload = 36,
			  .chain = 3, .chain_range = 1.75 },
			{ .cost = 70, .damage = 40, .range = 2.75,
			  .reload = 30, .chain = 4, .chain_range = 1.75 },
			{ .cost = 100, .damage = 60, .range = 3.0,
			  .reload = 27, .chain = 5, .chain_range = 2.0 } },
		.bot = { .eff = { 1.0, 1.0, 0.8, 1.8, 0.0, 0.8, 1.2, 1.2,
		    1.0, 1.6, 1.0, 0.8, 1.4, 1.4, 1.8, 0.6 },
		    .mode = TOWER_TARGET_FIRST, .variety = 1 },
		.about = "lightning that jumps between packed enemies, ground "
		    "only",
		.spec = {
			{ .name = "arc", .cost = 160, .damage_pct = 100,
			  .range_add = 0.5, .chain_add = 3,
			  .chain_range_add = 1.25, .bot_gain = 1.6,
			  .bot_against = ENEMY_TRAIT_SPLITS },
			{ .name = "storm", .cost = 160, .damage_pct = 100,
			  .stun_ticks = 12, .bot_gain = 1.5,
			  .bot_against = ENEMY_TRAIT_HEALER | ENEMY_TRAIT_REGEN } },
	},
	[TOWER_SNIPER] = {
		.name = "sniper", .glyph = 'S', .key = '6',
		.colour = { KIND_WHITE, 252 },
		.attack = TOWER_ATTACK_BEAM, .hits = TOWER_GROUND | TOWER_AIR,
		.pierce = true, .nlevels = 3, .level = {
			{ .cost = 70, .damage = 50, .range = 7.0,
			  .reload = 75 },
			{ .cost = 80, .damage = 85, .range = 8.0,
			  .reload = 66 },
			{ .cost = 120, .damage = 130, .range = 9.0,
			  .reload = 60 } },
		.bot = { .eff = { 0.8, 0.6, 1.6, 0.3, 1.0, 1.8, 1.2, 1.3,
		    0.8, 0.3, 1.4, 1.6, 1.2, 0.6, 0.2, 0.3 },
		    .mode = TOWER_TARGET_STRONGEST, .variety = 1 },
		.about = "long range, pierces armour",
		.spec = {
			{ .name = "spotter", .cost = 160, .damage_pct = 110,
			  .range_add = 2.0, .detects = true, .bot_gain = 1.3,
			  .bot_against = ENEMY_TRAIT_HIDDEN },
			{ .name = "rail", .cost = 170, .damage_pct = 100,
			  .rail = true, .bot_gain = 1.6,
			  .bot_against = ENEMY_TRAIT_SHIELD } },
	},
	[TOWER_FLAK] = {
		.name = "flak", .glyph = 'K', .key = '7',
		.colour = { KIND_BLUE, 69 },
		.attack = TOWER_ATTACK_BOLT, .hits = TOWER_AIR,
		.nlevels = 3, .level = {
			{ .cost = 45, .damage = 30, .range = 4.5, .reload = 30,
			  .splash = 0.8, .shot_speed = 9.0 },
			{ .cost = 50, .damage = 50, .range = 5.0, .reload = 27,
			  .splash = 0.9, .shot_speed = 10.0 },
			{ .cost = 80, .damage = 75, .range = 5.5, .reload = 24,
			  .splash = 1.0, .shot_speed = 11.0 } },
		.bot = { .eff = { [ENEMY_FLYER] = 1.6 },
		    .mode = TOWER_TARGET_FIRST, .variety = 1, .air_from = 4 },
		.about = "homing missiles that burst among flyers, air only",
		.spec = {
			{ .name = "barrage", .cost = 120, .damage_pct = 75,
			  .targets = 3, .bot_gain = 1.8 },
			{ .name = "heavy", .cost = 120, .damage_pct = 140,
			  .splash_add = 0.6, .shred = 2, .bot_gain = 1.5 } },
	},
	/*
	 * Lobs shells far over the maze, slowly, with a wide burst, but
	 * cannot shoot anything within two cells: build it behind the
	 * maze, not beside the road.
	 */
	[TOWER_MORTAR] = {
		.name = "mortar", .glyph = 'M', .key = '8',
		.colour = { KIND_RED, 166 },
		.attack = TOWER_ATTACK_SHELL, .hits = TOWER_GROUND,
		.nlevels = 3, .level = {
			{ .cost = 80, .damage = 45, .range = 6.0,
			  .min_range = 2.0, .reload = 90, .splash = 1.5,
			  .shot_speed = 4.0 },
			{ .cost = 70, .damage = 70, .range = 6.5,
			  .min_range = 2.0, .reload = 84, .splash = 1.6,
			  .shot_speed = 4.5 },
			{ .cost = 110, .damage = 110, .range = 7.0,
			  .min_range = 2.0, .reload = 75, .splash = 1.8,
			  .shot_speed = 5.0 } },
		.bot = { .eff = { 1.0, 0.4, 0.8, 1.8, 0.0, 0.7, 1.0, 0.3,
		    0.6, 1.4, 1.0, 0.8, 1.2, 1.4, 1.6, 0.6 },
		    .mode = TOWER_TARGET_FIRST, .variety = 1 },
		.about = "far, slow, wide shells over the maze; blind within "
		    "two cells, ground only",
		.spec = {
			{ .name = "quake", .cost = 160, .damage_pct = 100,
			  .stun_ticks = 20, .bot_gain = 1.5,
			  .bot_against = ENEMY_TRAIT_HEALER | ENEMY_TRAIT_REGEN },
			{ .name = "shrapnel", .cost = 160, .damage_pct = 100,
			  .splash_add = 0.4, .expose_pct = 30,
			  .expose_ticks = 120, .bot_gain = 1.6,
			  .bot_against = ENEMY_TRAIT_SHIELD } },
	},
};
_Static_assert(sizeof kinds_towers / sizeof kinds_towers[0] == TOWER_NTYPES,
    "a tower kind without a row");
const struct tower_type *const tower_types = kinds_towers;

static const struct target_mode kinds_modes[] = {
	[TOWER_TARGET_FIRST] = { "first", "least route left to an exit" },
	[TOWER_TARGET_LAST] = { "last", "most route left to an exit" },
	[TOWER_TARGET_STRONGEST] = { "strongest", "most hit points" },
	[TOWER_TARGET_WEAKEST] = { "weakest", "fewest hit points" },
	[TOWER_TARGET_CLOSEST] = { "closest", "nearest to the tower" },
};
_Static_assert(sizeof kinds_modes / sizeof kinds_modes[0] == TOWER_NTARGETS,
    "a targeting mode without a row");
const struct target_mode *const target_modes = kinds_modes;

static const struct cmd_type kinds_cmds[] = {
	[GAME_CMD_PLACE] = { "place", CMD_ARG_TOWER | CMD_ARG_XY, '\n',
	    "Enter, space", "build it on the cursor" },
	[GAME_CMD_UPGRADE] = { "upgrade", CMD_ARG_XY, 'u', "u",
	    "upgrade the tower on the cursor" },
	[GAME_CMD_SELL] = { "sell", CMD_ARG_XY, 's', "s, Delete",
	    "sell it (asks first above " TOWER_SELL_ASK_TEXT " gold)" },
	[GAME_CMD_TARGET] = { "target", CMD_ARG_XY | CMD_ARG_MODE, 't', "t",
	    "change what it aims at" },
	[GAME_CMD_WAVE] = { "wave", 0, 'n', "n",
	    "call the next wave now (early gold)" },
	[GAME_CMD_HERO] = { "hero", CMD_ARG_XY, 'g', "g",
	    "send the hero to the cursor" },
	[GAME_CMD_UNDO] = { "undo", 0, 'x', "x, Backspace",
	    "undo the latest placement, all gold back (till a wave or an "
	    "enemy near)" },
	[GAME_CMD_POWER] = { "power", CMD_ARG_POWER | CMD_ARG_XY, 0,
	    "a r c, Enter", "choose a power, aim it with the cursor, use it" },
	[GAME_CMD_SPECIALISE] = { "specialise", CMD_ARG_XY | CMD_ARG_SPEC, 0,
	    "u, then 1 or 2", "specialise a top-level tower" },
	[GAME_CMD_LINE] = { "line", CMD_ARG_TOWER | CMD_ARG_XY | CMD_ARG_XY2,
	    0, "i, then Enter", "build the kind chosen on every cell of the "
	    "line from the cell i marks to the cursor (or drag the mouse)",
	    true },
	[GAME_CMD_UPGRADE_ALL] = { "upgrade-all", CMD_ARG_TOWER, 0, "U",
	    "upgrade every tower of the kind on the cursor a level", true },
	[GAME_CMD_UPGRADE_AREA] = { "upgrade-area", CMD_ARG_XY | CMD_ARG_XY2,
	    0, "i, then u", "upgrade every tower in the box from the cell i "
	    "marks to the cursor (i again, or Escape, unmarks)", true },
};
_Static_assert(sizeof kinds_cmds / sizeof kinds_cmds[0] == GAME_NCMDS,
    "a command without a row");
const struct cmd_type *const cmd_types = kinds_cmds;

/*
 * Powers cost gold each use, and cool down after; used on every cooldown
 * at one cell they spend what a ring of towers would need. The strike
 * falls from the sky (ground and air, armour counts); the barrier stands
 * on walkable ground, road or marsh, where a tower could not go, and obeys
 * the same rule as a tower about blocking; the freeze chills a disc for a
 * few seconds and lets go slowly.
 */
static const struct power_type kinds_powers[] = {
	[POWER_STRIKE] = {
		.name = "strike", .glyph = '*', .key = 'a',
		.colour = { KIND_RED, 202 },
		.effect = POWER_EFFECT_STRIKE, .hits = TOWER_GROUND | TOWER_AIR,
		.radius = 1.5, .damage = 120,
		.cooldown = 20 * 30, .cost = 45,
		.about = "damage to everything within 1.5 cells, ground and "
		    "air; 45 gold",
	},
	[POWER_BARRIER] = {
		.name = "barrier", .glyph = '%', .key = 'r',
		.colour = { KIND_YELLOW, 180 },
		.effect = POWER_EFFECT_BARRIER, .hits = TOWER_GROUND,
		.ticks = 10 * 30, .cooldown = 30 * 30, .cost = 20,
		.about = "blocks one cell for 10 s, even a road; never a way "
		    "out; 20 gold",
	},
	[POWER_FREEZE] = {
		.name = "freeze", .glyph = '+', .key = 'c',
		.colour = { KIND_CYAN, 159 },
		.effect = POWER_EFFECT_FREEZE, .hits = TOWER_GROUND | TOWER_AIR,
		.radius = 2.0, .slow_pct = 15, .linger = 15,
		.ticks = 4 * 30, .cooldown = 25 * 30, .cost = 35,
		.about = "enemies within 2 cells crawl at 15% for 4 s; 35 gold",
	},
};
_Static_assert(sizeof kinds_powers / sizeof kinds_powers[0] == POWER_NKINDS,
    "a power without a row");
const struct power_type *const power_types = kinds_powers;

static const struct overlay_type kinds_overlays[] = {
	[OVERLAY_NONE] = { "none" },
	[OVERLAY_HEAT] = { "heatmap" },
	[OVERLAY_FLOW] = { "flow arrows", false,
	    "the step a walker takes: a neighbour on a shortest route" },
	[OVERLAY_GRADIENT] = { "gradient arrows", false,
	    "the slope of the distances; it sees no walls or corners" },
	[OVERLAY_LOS] = { "line of sight" },
	[OVERLAY_PATH] = { "paths" },
	[OVERLAY_PREVIEW] = { "route preview" },
	[OVERLAY_HUNT_HEAT] = { "hunt heatmap", true },
	[OVERLAY_HUNT_FLOW] = { "hunt arrows", true },
	[OVERLAY_COVER_GROUND] = { "ground cover" },
	[OVERLAY_COVER_AIR] = { "air cover" },
};
_Static_assert(sizeof kinds_overlays / sizeof kinds_overlays[0] == OVERLAY_NKINDS,
    "an overlay without a row");
const struct overlay_type *const overlay_types = kinds_overlays;

static const struct difficulty_type kinds_difficulties[] = {
	[DIFF_NORMAL] = { "normal", 100, 100, 100,
	    "the level as written" },
	[DIFF_EASY] = { "easy", 75, 125, 150,
	    "enemies have 75% of their hit points; 125% gold, 150% lives" },
	[DIFF_HARD] = { "hard", 130, 85, 100,
	    "enemies have 130% of their hit points; 85% gold" },
};
_Static_assert(sizeof kinds_difficulties / sizeof kinds_difficulties[0] ==
    DIFF_NKINDS, "a difficulty setting without a row");
const struct difficulty_type *const difficulty_types = kinds_difficulties;
static const struct view_type kinds_views[] = {
	[VIEW_WAVES] = { "waves", 'w', "w",
	    "the waves to come: groups, warnings, times" },
	[VIEW_LOG] = { "messages", 'm', "m",
	    "the message log (j k PgUp PgDn scroll)" },
	[VIEW_BELL] = { "bell", 'b', "b",
	    "the terminal bell on a leak: on or off" },
	[VIEW_PAUSE] = { "pause", 'p', "p",
	    "pause, or go on" },
	[VIEW_SPEED] = { "speed", 'f', "f",
	    "speed 1x, 2x, 4x, 8x" },
	[VIEW_OVERLAY] = { "overlay", 'v', "v",
	    "overlay:" },
	[VIEW_ZOOM] = { "zoom", 'z', "z",
	    "cell width: auto, 2 columns, 1 column" },
	[VIEW_TO_SPAWN] = { "to a spawn", '<', "<",
	    "cursor to the next spawn" },
	[VIEW_TO_EXIT] = { "to an exit", '>', ">",
	    "cursor to the next exit" },
	[VIEW_TO_HERO] = { "to the hero", '@', "@",
	    "cursor to the hero" },
	[VIEW_TO_LEADER] = { "to the leader", 'e', "e",
	    "cursor to the enemy nearest an exit" },
	[VIEW_TO_CROWD] = { "to the crowd", 'd', "d",
	    "cursor to the densest group of enemies (aiming: the most the "
	    "power catches)" },
	[VIEW_MINIMAP] = { "minimap", 'o', "o",
	    "the minimap, on a map larger than the screen: all of it small "
	    "in a corner, the view in reverse, + the cursor (a click there "
	    "moves it)" },
};
_Static_assert(sizeof kinds_views / sizeof kinds_views[0] == VIEW_NKINDS,
    "a view without a row");
const struct view_type *const view_types = kinds_views;
static const struct watch_type kinds_watch[] = {
	[WATCH_PAUSE] = { "pause", 'p', "p, space",
	    "pause, or go on" },
	[WATCH_SPEED] = { "speed", 'f', "f",
	    "speed 1x, 2x, 4x, 8x, as fast as it goes" },
	[WATCH_STEP] = { "step", '.', ".",
	    "one tick forward (and pause)" },
	[WATCH_BACK] = { "back", '<', "<",
	    "10 s back" },
	[WATCH_FORWARD] = { "forward", '>', ">",
	    "10 s forward" },
	[WATCH_WAVE_BACK] = { "wave back", '[', "[",
	    "to the start of this wave (again: the one before)" },
	[WATCH_WAVE_NEXT] = { "next wave", ']', "]",
	    "to the start of the next wave" },
	[WATCH_START] = { "start", '0', "0, Home",
	    "to the start" },
	[WATCH_END] = { "end", '$', "$, End",
	    "to the end (of what is made so far)" },
	[WATCH_TAKE] = { "take over", 't', "t",
	    "take over: play on from here (no high score)" },
};
_Static_assert(sizeof kinds_watch / sizeof kinds_watch[0] == WATCH_NKINDS,
    "a watch key without a row");
const struct watch_type *const watch_types = kinds_watch;

/* Index of the name among n that name(i) gives, matching len bytes, or -1. */
int
kind_find(const char *(*name)(int), int n, const char *s, size_t len)
{
	int	i;

	for (i = 0; i < n; i++) {
		const char *k = name(i);

		if (strlen(k) == len && memcmp(k, s, len) == 0)
			return i;
	}
	return -1;
}

/* The script name of tower kind k ("?" out of range). */
const char *
tower_name(int kind)
{
	if (kind < 0 || kind >= TOWER_NTYPES)
		return "?";
	return tower_types[kind].name;
}

/* The tower kind called name (len bytes), or -1. */
int
tower_lookup(const char *name, size_t len)
{
	return kind_find(tower_name, TOWER_NTYPES, name, len);
}

/* The tower kind chosen by key on the game screen, or -1. */
int
tower_by_key(int key)
{
	int	k;

	for (k = 0; k < TOWER_NTYPES; k++) {
		if (tower_types[k].key == key)
			return k;
	}
	return -1;
}

/* The level-file name of enemy kind k ("?" out of range). */
const char *
enemy_name(int kind)
{
	if (kind < 0 || kind >= ENEMY_NKINDS)
		return "?";
	return enemy_types[kind].name;
}

/* The enemy kind called name (len bytes), or -1. */
int
enemy_lookup(const char *name, size_t len)
{
	return kind_find(enemy_name, ENEMY_NKINDS, name, len);
}

/* The script name of targeting mode m ("?" out of range). */
const char *
tower_target_name(int mode)
{
	if (mode < 0 || mode >= TOWER_NTARGETS)
		return "?";
	return target_modes[mode].name;
}

/* The targeting mode called name (len bytes), or -1. */
int
tower_target_lookup(const char *name, size_t len)
{
	return kind_find(tower_target_name, TOWER_NTARGETS, name, len);
}

/* The script word of command type t ("?" out of range). */
const char *
game_cmd_name(enum game_cmd_type t)
{
	if ((int)t < 0 || t >= GAME_NCMDS)
		return "?";
	return cmd_types[t].name;
}

/* game_cmd_name for kind_find and kind_list. */
static const char *
cmd_name_of(int t)
{
	return game_cmd_name((enum game_cmd_type)t);
}

/* The command whose script word is name (len bytes), or -1. */
int
cmd_lookup(const char *name, size_t len)
{
	return kind_find(cmd_name_of, GAME_NCMDS, name, len);
}

/* The command key gives on the game screen, or -1. */
int
cmd_by_key(int key)
{
	int	t;

	for (t = 0; t < GAME_NCMDS; t++) {
		if (cmd_types[t].key != 0 && cmd_types[t].key == key)
			return t;
	}
	return -1;
}

/* The name of overlay o as the HUD shows it ("?" out of range). */
const char *
overlay_name(int o)
{
	if (o < 0 || o >= OVERLAY_NKINDS)
		return "?";
	return overlay_types[o].name;
}

/* The name of difficulty setting d ("?" out of range). */
const char *
difficulty_name(int d)
{
	if (d < 0 || d >= DIFF_NKINDS)
		return "?";
	return difficulty_types[d].name;
}

/* The difficulty setting called name (len bytes), or -1. */
int
difficulty_lookup(const char *name, size_t len)
{
	return kind_find(difficulty_name, DIFF_NKINDS, name, len);
}

/* The script name of power k ("?" out of range). */
const char *
power_name(int kind)
{
	if (kind < 0 || kind >= POWER_NKINDS)
		return "?";
	return power_types[kind].name;
}

/* The power called name (len bytes), or -1. */
int
power_lookup(const char *name, size_t len)
{
	return kind_find(power_name, POWER_NKINDS, name, len);
}

/* The power chosen by key on the game screen, or -1. */
int
power_by_key(int key)
{
	int	k;

	for (k = 0; k < POWER_NKINDS; k++) {
		if (power_types[k].key == key)
			return k;
	}
	return -1;
}

/* The view key gives on the game screen, or -1. */
int
view_by_key(int key)
{
	int	k;

	for (k = 0; k < VIEW_NKINDS; k++) {
		if (view_types[k].key == key)
			return k;
	}
	return -1;
}

/* The watch key key gives on the replay viewer, or -1. */
int
watch_by_key(int key)
{
	int	k;

	for (k = 0; k < WATCH_NKINDS; k++) {
		if (watch_types[k].key == key)
			return k;
	}
	return -1;
}

/*
 * Write the n names into buf as "a, b, c or d" (last is the word before
 * the last name: "or", "and"); returns the length the whole list has, as
 * snprintf does, so a short buffer is seen.
 */
size_t
kind_list(char *buf, size_t len, const char *(*name)(int), int n,
    const char *last)
{
	size_t	used = 0;
	int	i, r;

	if (len > 0)
		buf[0] = '\0';
	for (i = 0; i < n; i++) {
		r = snprintf(used < len ? buf + used : NULL,
		    used < len ? len - used : 0, "%s%s%s%s",
		    i == 0 ? "" : (i < n - 1 ? ", " : " "),
		    i > 0 && i == n - 1 ? last : "",
		    i > 0 && i == n - 1 ? " " : "", name(i));
		used += r > 0 ? (size_t)r : 0;
	}
	return used;
}

/* Every tower kind's name: "wall, arrow, ... or flak". */
size_t
tower_list(char *buf, size_t len)
{
	return kind_list(buf, len, tower_name, TOWER_NTYPES, "or");
}

/* Every enemy kind's name: "grunt, runner, ... or skulker". */
size_t
enemy_list(char *buf, size_t len)
{
	return kind_list(buf, len, enemy_name, ENEMY_NKINDS, "or");
}

/* Every targeting mode's name: "first, last, ... or closest". */
size_t
target_list(char *buf, size_t len)
{
	return kind_list(buf, len, tower_target_name, TOWER_NTARGETS, "or");
}

/* The name of specialisation spec (kind x TOWER_SPECS + which), or "?". */
const char *
spec_name(int spec)
{
	const struct tower_spec	*sp = spec_of(spec, NULL);

	return sp != NULL ? sp->name : "?";
}

/* Specialisation spec's row and (into *kind) its tower kind, or NULL. */
const struct tower_spec *
spec_of(int spec, int *kind)
{
	const struct tower_spec	*sp;

	if (spec < 0 || spec >= SPEC_COUNT)
		return NULL;
	sp = &tower_types[spec / TOWER_SPECS].spec[spec % TOWER_SPECS];
	if (sp->name == NULL)
		return NULL;
	if (kind != NULL)
		*kind = spec / TOWER_SPECS;
	return sp;
}

/* The specialisation called name (len bytes), or -1. */
int
spec_lookup(const char *name, size_t len)
{
	int	i;

	for (i = 0; i < SPEC_COUNT; i++) {
		const struct tower_spec *sp = spec_of(i, NULL);

		if (sp != NULL && strlen(sp->name) == len &&
		    memcmp(sp->name, name, len) == 0)
			return i;
	}
	return -1;
}

/* The n-th specialisation that exists, for spec_list. */
static const char *
spec_nth(int n)
{
	int	i;

	for (i = 0; i < SPEC_COUNT; i++) {
		if (spec_of(i, NULL) != NULL && n-- == 0)
			return spec_name(i);
	}
	return "?";
}

/* Every specialisation's name: "volley, longbow, ... or shrapnel". */
size_t
spec_list(char *buf, size_t len)
{
	int	i, n = 0;

	for (i = 0; i < SPEC_COUNT; i++)
		n += spec_of(i, NULL) != NULL;
	return kind_list(buf, len, spec_nth, n, "or");
}

/* The names of the traits in traits, comma-separated, into buf. */
const char *
enemy_trait_names(unsigned traits, char *buf, size_t len)
{
	size_t	used = 0;
	int	i, r;

	if (len > 0)
		buf[0] = '\0';
	for (i = 0; i < ENEMY_NTRAITS; i++) {
		if (!(traits & enemy_traits[i].bit) || used >= len)
			continue;
		r = snprintf(buf + used, len - used, "%s%s",
		    used > 0 ? ", " : "", enemy_traits[i].name);
		used += r > 0 ? (size_t)r : 0;
	}
	return buf;
}

/* Every command's script word: "place, upgrade, ... or wave". */
size_t
cmd_list(char *buf, size_t len)
{
	return kind_list(buf, len, cmd_name_of, GAME_NCMDS, "or");
}

/* "easy, normal or hard" into buf (see kind_list). */
size_t
difficulty_list(char *buf, size_t len)
{
	return kind_list(buf, len, difficulty_name, DIFF_NKINDS, "or");
}

/* Every power's name: "strike, barrier or freeze". */
size_t
power_list(char *buf, size_t len)
{
	return kind_list(buf, len, power_name, POWER_NKINDS, "or");
}
