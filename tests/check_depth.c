/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of the game's depth: each enemy ability (regeneration, a
 * shield, a healer, a split, a hidden enemy and the towers that detect
 * it), each tower specialisation's effect, the specialise command's
 * refusals and price, and specialisations through scripts, traces and a
 * saved game replayed bit for bit. Scenes are staged as in check_game:
 * enemies are pinned (moved, and made too slow to walk away); a hit is
 * dealt directly through game-internal.h's game_hit where the test is of
 * what a hit does, not of who aims it.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/game-internal.h"
#include "core/save.h"
#include "core/script.h"
#include "core/trace.h"
#include "nav/util.h"
#include "testgame.h"
#include "testutil.h"

/* An open field 22 x 9: spawn A at (0, 4), exit at (21, 4). */
#define PLAIN_MAP \
	"weir-level 1\ntitle Open\ngold 2000\nlives 10\nmap\n" \
	"######################\n" \
	"#....................#\n" \
	"#....................#\n" \
	"#....................#\n" \
	"A....................>\n" \
	"#....................#\n" \
	"#....................#\n" \
	"#....................#\n" \
	"######################\nend\n"

/*
 * A game on the open field whose one wave sends, at once, the enemies
 * listed ("troll", "2 grunt") and the ticks that take: ids 1, 2, ...
 */
static struct game *
scene(struct level **lvp, const char *groups)
{
	char		 text[2048];
	struct game	*g;
	int		 k;

	snprintf(text, sizeof text, PLAIN_MAP "wave after 0\n%s", groups);
	*lvp = tu_level(text);
	g = game_new(*lvp, 1, false);
	for (k = 0; k < 3 && g->wave_sent[0] < g->wave_total[0]; k++)
		game_tick(g);
	ck_assert_int_eq(g->wave_sent[0], g->wave_total[0]);
	return g;
}

/* The specialisation called name. */
static int
spec(const char *name)
{
	int s = spec_lookup(name, strlen(name));

	ck_assert_msg(s >= 0, "no specialisation %s", name);
	return s;
}

/* A tower of kind at (x, y), raised to the top and specialised as name. */
static void
build_top(struct game *g, int kind, int x, int y, const char *name)
{
	int l;

	ck_assert_int_eq(game_place(g, kind, x, y), GAME_OK);
	for (l = 1; l < tower_types[kind].nlevels; l++)
		ck_assert_int_eq(game_upgrade(g, x, y), GAME_OK);
	if (name != NULL)
		ck_assert_int_eq(game_specialise(g, x, y, spec(name)), GAME_OK);
}

/* Shots in flight. */
static int
shots(const struct game *g)
{
	int i, n = 0;

	for (i = 0; i < g->nunits; i++)
		n += g->units[i].kind == GAME_UNIT_SHOT && !g->units[i].dead;
	return n;
}

/* --- abilities --- */

START_TEST(test_regeneration)
{
	struct level *lv;
	struct game *g = scene(&lv, "group 1 troll from A every 0\n"
	    "group 1 grunt from A every 0\n");
	int t = tu_enemy_index(g, 1), n = tu_enemy_index(g, 2), k, back;

	ck_assert_int_eq(g->units[t].type, ENEMY_TROLL);
	tu_pin(g, 1, 5.5, 2.5);
	tu_pin(g, 2, 5.5, 6.5);
	g->units[t].hp = g->units[t].max_hp / 2;
	g->units[n].hp = g->units[n].max_hp / 2;
	back = g->units[t].max_hp * enemy_types[ENEMY_TROLL].regen_pct / 100;
	ck_assert_int_gt(back, 0);
	/* Sixty ticks hold two whole seconds: two regenerations. */
	for (k = 0; k < 2 * GAME_RATE; k++)
		game_tick(g);
	ck_assert_int_eq(g->units[t].hp, g->units[t].max_hp / 2 + 2 * back);
	ck_assert_int_eq(g->units[n].hp, g->units[n].max_hp / 2);
	/* Never beyond its hit points. */
	for (k = 0; k < 60 * GAME_RATE; k++)
		game_tick(g);
	ck_assert_int_eq(g->units[t].hp, g->units[t].max_hp);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_shield_absorbs_then_breaks)
{
	struct level *lv;
	struct game *g = scene(&lv, "group 2 knight from A every 0\n");
	int i = tu_enemy_index(g, 1), j = tu_enemy_index(g, 2), shield, hp, k;

	shield = g->units[i].shield;
	hp = g->units[i].hp;
	ck_assert_int_eq(shield, enemy_types[ENEMY_KNIGHT].shield);
	/* A hit smaller than the shield: all of it on the shield. */
	game_damage(g, i, 50, false, -1, TOWER_ARROW);
	ck_assert_int_eq(g->units[i].shield, shield - 50);
	ck_assert_int_eq(g->units[i].hp, hp);
	/* One that breaks it: the rest goes on, through armour. */
	game_damage(g, i, shield - 50 + 20, false, -1, TOWER_ARROW);
	ck_assert_int_eq(g->units[i].shield, 0);
	ck_assert_int_eq(g->units[i].hp, hp - (20 - g->units[i].armour));
	/* A siege shell does triple damage to a shield. */
	game_hit(g, j, 30, false, -1, TOWER_CANNON, spec("siege"));
	ck_assert_int_eq(g->units[j].shield, shield - 90);

	/* No slow holds a knight behind its shield; without one, it does. */
	tu_pin(g, 1, 10.5, 2.5);
	tu_pin(g, 2, 10.5, 6.5);
	ck_assert_int_eq(game_place(g, TOWER_FROST, 10, 1), GAME_OK);
	ck_assert_int_eq(game_place(g, TOWER_FROST, 10, 7), GAME_OK);
	for (k = 0; k < 2; k++)
		game_tick(g);
	ck_assert_int_gt(g->units[tu_enemy_index(g, 1)].slow_ticks, 0);
	ck_assert_int_gt(g->units[tu_enemy_index(g, 2)].shield, 0);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 2)].slow_ticks, 0);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_healer_heals_neighbours)
{
	struct level *lv;
	struct game *g = scene(&lv, "group 1 shaman from A every 0\n"
	    "group 2 grunt from A every 0\n");
	int s = tu_enemy_index(g, 1), near = tu_enemy_index(g, 2);
	int far = tu_enemy_index(g, 3), k, heal = enemy_types[ENEMY_SHAMAN].heal;

	tu_pin(g, 1, 8.5, 3.5);
	tu_pin(g, 2, 9.5, 3.5);		/* one cell away */
	tu_pin(g, 3, 8.5, 6.5);		/* three cells away */
	g->units[s].hp = 10;
	g->units[near].hp = 10;
	g->units[far].hp = 10;
	g->units[s].heal_cd = 5;
	for (k = 0; k < 5; k++)
		game_tick(g);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 2)].hp, 10 + heal);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 3)].hp, 10);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 1)].hp, 10);	/* not itself */
	/* Next time after its reload, and never beyond its hit points. */
	for (k = 0; k < enemy_types[ENEMY_SHAMAN].heal_reload; k++)
		game_tick(g);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 2)].hp, 10 + 2 * heal);
	g->units[tu_enemy_index(g, 2)].hp = g->units[tu_enemy_index(g, 2)].max_hp - 1;
	for (k = 0; k < enemy_types[ENEMY_SHAMAN].heal_reload; k++)
		game_tick(g);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 2)].hp,
	    g->units[tu_enemy_index(g, 2)].max_hp);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_split_where_parent_died)
{
	struct level *lv;
	struct game *g = scene(&lv, "group 1 slime from A every 0\n");
	struct tu_rec *r = xcalloc(1, sizeof *r);
	struct vec at = vec_make(1.37, 1.37);	/* in a corner of walls */
	int i, pieces = 0;

	game_set_events(g, tu_rec_event, r);
	tu_pin(g, 1, at.x, at.y);
	game_damage(g, tu_enemy_index(g, 1), 100000, true, -1, TOWER_ARROW);
	ck_assert_int_eq(g->wave_alive[0], 0);
	game_tick(g);
	ck_assert_int_eq(tu_rec_count(r, GAME_EV_SPLIT), 1);
	for (i = 0; i < g->nunits; i++) {
		const struct steer_agent *a = &g->agents[i];

		if (g->units[i].kind != GAME_UNIT_ENEMY || g->units[i].dead)
			continue;
		ck_assert_int_eq(g->units[i].type, ENEMY_SLIMELING);
		ck_assert_int_eq(g->units[i].wave, 1);
		ck_assert_msg(vec_dist(a->pos, at) < 0.75, "piece at %.2f %.2f",
		    a->pos.x, a->pos.y);
		ck_assert_msg(!steer_overlaps_wall(&g->grid, a->pos, a->radius),
		    "piece in a wall at %.2f %.2f", a->pos.x, a->pos.y);
		pieces++;
	}
	ck_assert_int_eq(pieces, enemy_types[ENEMY_SLIME].split_count);
	/* The pieces hold the wave open until they are gone. */
	ck_assert_int_eq(g->wave_alive[0], pieces);
	ck_assert_int_eq(g->waves_cleared, 0);
	ck_assert_int_eq(g->wave_sent[0], 1);
	for (i = 0; i < g->nunits; i++)
		game_damage(g, i, 100000, true, -1, TOWER_ARROW);
	game_tick(g);
	ck_assert_int_eq(g->waves_cleared, 1);
	ck_assert_int_eq(tu_rec_count(r, GAME_EV_SPLIT), 1);	/* pieces do not */
	free(r);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_hidden_until_detected)
{
	struct level *lv;
	struct game *g = scene(&lv, "group 1 shade from A every 0\n");
	int i, hp, k;

	tu_pin(g, 1, 10.5, 4.5);
	i = tu_enemy_index(g, 1);
	hp = g->units[i].hp;
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 10, 2), GAME_OK);
	ck_assert_int_eq(game_place(g, TOWER_SNIPER, 4, 2), GAME_OK);
	for (k = 0; k < 3 * GAME_RATE; k++)
		game_tick(g);
	ck_assert(game_enemy_hidden(g, tu_enemy_index(g, 1)));
	ck_assert_int_eq(shots(g), 0);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 1)].hp, hp);
	/* A frost tower in reach shows it: the others shoot it now. */
	ck_assert_int_eq(game_place(g, TOWER_FROST, 11, 6), GAME_OK);
	game_tick(g);
	ck_assert(!game_enemy_hidden(g, tu_enemy_index(g, 1)));
	ck_assert_int_lt(g->units[tu_enemy_index(g, 1)].hp, hp);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_detecting_specialisations)
{
	struct level *lv;
	struct game *g = scene(&lv, "group 2 shade from A every 0\n");
	int k;

	tu_pin(g, 1, 5.5, 4.5);
	tu_pin(g, 2, 16.5, 4.5);
	build_top(g, TOWER_ARROW, 5, 1, NULL);
	build_top(g, TOWER_SNIPER, 16, 1, NULL);
	for (k = 0; k < 3 * GAME_RATE; k++)
		game_tick(g);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 1)].hp,
	    g->units[tu_enemy_index(g, 1)].max_hp);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 2)].hp,
	    g->units[tu_enemy_index(g, 2)].max_hp);
	ck_assert_int_eq(game_specialise(g, 5, 1, spec("longbow")), GAME_OK);
	ck_assert_int_eq(game_specialise(g, 16, 1, spec("spotter")), GAME_OK);
	for (k = 0; k < 3 * GAME_RATE; k++)
		game_tick(g);
	ck_assert(tu_enemy_index(g, 1) < 0 || g->units[tu_enemy_index(g, 1)].hp <
	    g->units[tu_enemy_index(g, 1)].max_hp);
	ck_assert(tu_enemy_index(g, 2) < 0 || g->units[tu_enemy_index(g, 2)].hp <
	    g->units[tu_enemy_index(g, 2)].max_hp);
	game_free(g);
	level_free(lv);
}
END_TEST

/* --- specialisations --- */

START_TEST(test_volley_and_barrage)
{
	struct level *lv;
	struct game *g = scene(&lv, "group 3 grunt from A every 0\n"
	    "group 3 flyer from A every 0\n");
	int k;

	for (k = 1; k <= 3; k++)
		tu_pin(g, k, 8.5 + k, 4.5);
	for (k = 4; k <= 6; k++)
		tu_pin(g, k, 8.5 + k - 3, 6.5);
	build_top(g, TOWER_ARROW, 10, 2, "volley");
	game_tick(g);
	ck_assert_int_eq(shots(g), 3);		/* three bolts at once */
	game_free(g);
	level_free(lv);

	g = scene(&lv, "group 3 flyer from A every 0\n");
	for (k = 1; k <= 3; k++)
		tu_pin(g, k, 8.5 + k, 4.5);
	build_top(g, TOWER_FLAK, 10, 2, NULL);
	game_tick(g);
	ck_assert_int_eq(shots(g), 1);
	game_free(g);
	level_free(lv);
	g = scene(&lv, "group 3 flyer from A every 0\n");
	for (k = 1; k <= 3; k++)
		tu_pin(g, k, 8.5 + k, 4.5);
	build_top(g, TOWER_FLAK, 10, 2, "barrage");
	game_tick(g);
	ck_assert_int_eq(shots(g), 3);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_numbers_of_specialisations)
{
	struct game_tower tw = { .used = true, .type = TOWER_ARROW,
	    .level = 3, .spec = -1 };
	struct tower_stats a, b;

	game_tower_stats(&tw, &a);
	tw.spec = spec("longbow");
	game_tower_stats(&tw, &b);
	ck_assert(fabs(b.range - (a.range + 2.5)) < 1e-9);
	ck_assert_int_eq(b.damage, a.damage * 150 / 100);
	tw.type = TOWER_TESLA;
	tw.spec = -1;
	game_tower_stats(&tw, &a);
	tw.spec = spec("arc");
	game_tower_stats(&tw, &b);
	ck_assert_int_eq(b.chain, a.chain + 3);
	ck_assert(b.chain_range > a.chain_range + 1.0);
	tw.type = TOWER_FLAK;
	tw.spec = spec("heavy");
	game_tower_stats(&tw, &b);
	ck_assert(b.splash > tower_types[TOWER_FLAK].level[2].splash);
}
END_TEST

START_TEST(test_cluster_bomblets)
{
	struct level *lv;
	struct game *g;
	int pass, k, hit[2];

	/* The second grunt stands beyond the burst, where a bomblet falls. */
	for (pass = 0; pass < 2; pass++) {
		g = scene(&lv, "group 2 grunt from A every 0\n");
		tu_pin(g, 1, 10.5, 4.5);
		tu_pin(g, 2, 10.5 + tower_types[TOWER_CANNON].level[2].splash +
		    0.35, 4.5);
		build_top(g, TOWER_CANNON, 10, 2, pass == 0 ? "siege" :
		    "cluster");
		g->towers[0].mode = TOWER_TARGET_CLOSEST;
		for (k = 0; k < 40; k++)
			game_tick(g);
		hit[pass] = tu_enemy_index(g, 2) < 0 ||
		    g->units[tu_enemy_index(g, 2)].hp <
		    g->units[tu_enemy_index(g, 2)].max_hp;
		game_free(g);
		level_free(lv);
	}
	ck_assert_msg(!hit[0], "a siege shell reached the far grunt");
	ck_assert_msg(hit[1], "no bomblet reached the far grunt");
}
END_TEST

START_TEST(test_siege_and_heavy_strip_armour)
{
	struct level *lv;
	struct game *g = scene(&lv, "group 1 brute from A every 0\n"
	    "group 1 flyer from A every 0\n");
	int i = tu_enemy_index(g, 1), armour = g->units[i].armour;

	game_hit(g, i, 10, false, -1, TOWER_CANNON, spec("siege"));
	ck_assert_int_eq(g->units[i].armour, armour - 2);
	game_hit(g, i, 10, false, -1, TOWER_CANNON, -1);
	ck_assert_int_eq(g->units[i].armour, armour - 2);
	game_hit(g, i, 10, false, -1, TOWER_FLAK, spec("heavy"));
	ck_assert_int_eq(g->units[i].armour, armour - 4);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_frost_specialisations)
{
	struct level *lv;
	struct game *g = scene(&lv, "group 2 grunt from A every 0\n");
	int i, j, hp;

	tu_pin(g, 1, 5.5, 2.5);
	tu_pin(g, 2, 15.5, 2.5);
	build_top(g, TOWER_FROST, 5, 1, "glacier");
	build_top(g, TOWER_FROST, 15, 1, "brittle");
	game_tick(g);
	i = tu_enemy_index(g, 1);
	j = tu_enemy_index(g, 2);
	/* Glacier freezes; brittle does not, but exposes. */
	ck_assert_int_gt(g->units[i].stun_ticks, 0);
	ck_assert_int_eq(g->units[j].stun_ticks, 0);
	ck_assert_int_gt(g->units[j].expose_ticks, 0);
	ck_assert_int_eq(g->units[i].expose_ticks, 0);
	g->units[i].speed = g->units[j].speed = 1.0;
	game_tick(g);
	ck_assert(g->agents[tu_enemy_index(g, 1)].max_speed < 0.05);
	ck_assert(g->agents[tu_enemy_index(g, 2)].max_speed > 0.3);
	/* An exposed enemy takes 35% more of a hit. */
	j = tu_enemy_index(g, 2);
	hp = g->units[j].hp;
	game_damage(g, j, 20, true, -1, TOWER_SNIPER);
	ck_assert_int_eq(g->units[j].hp, hp - 27);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_arc_reaches_further)
{
	struct level *lv;
	struct game *g;
	int pass, k, far[2];

	for (pass = 0; pass < 2; pass++) {
		g = scene(&lv, "group 2 brute from A every 0\n");
		tu_pin(g, 1, 10.5, 4.5);
		tu_pin(g, 2, 13.5, 4.5);		/* three cells on */
		build_top(g, TOWER_TESLA, 10, 2, pass == 0 ? "storm" : "arc");
		for (k = 0; k < 2; k++)
			game_tick(g);
		far[pass] = g->units[tu_enemy_index(g, 2)].hp <
		    g->units[tu_enemy_index(g, 2)].max_hp;
		if (pass == 0)	/* a storm's arc stuns what it hits */
			ck_assert_int_gt(g->units[tu_enemy_index(g, 1)].stun_ticks,
			    0);
		game_free(g);
		level_free(lv);
	}
	ck_assert(!far[0]);
	ck_assert(far[1]);
}
END_TEST

START_TEST(test_rail_goes_through)
{
	struct level *lv;
	struct game *g;
	int pass, behind[2];

	for (pass = 0; pass < 2; pass++) {
		g = scene(&lv, "group 2 brute from A every 0\n");
		tu_pin(g, 1, 5.5, 4.5);
		tu_pin(g, 2, 8.5, 4.5);	/* behind the first, seen from (2,4) */
		build_top(g, TOWER_SNIPER, 2, 4, pass == 0 ? "spotter" :
		    "rail");
		g->towers[0].mode = TOWER_TARGET_CLOSEST;
		game_tick(g);
		ck_assert_int_lt(g->units[tu_enemy_index(g, 1)].hp,
		    g->units[tu_enemy_index(g, 1)].max_hp);
		behind[pass] = g->units[tu_enemy_index(g, 2)].hp <
		    g->units[tu_enemy_index(g, 2)].max_hp;
		game_free(g);
		level_free(lv);
	}
	ck_assert(!behind[0]);
	ck_assert(behind[1]);
}
END_TEST

START_TEST(test_mortar_specialisations)
{
	struct level *lv;
	struct game *g;
	int pass, k, i;

	for (pass = 0; pass < 2; pass++) {
		g = scene(&lv, "group 1 brute from A every 0\n");
		tu_pin(g, 1, 14.5, 4.5);
		build_top(g, TOWER_MORTAR, 10, 4, pass == 0 ? "quake" :
		    "shrapnel");
		for (k = 0; k < 60 && (i = tu_enemy_index(g, 1)) >= 0 &&
		    g->units[i].hp == g->units[i].max_hp; k++)
			game_tick(g);
		i = tu_enemy_index(g, 1);
		ck_assert_int_ge(i, 0);
		ck_assert_int_lt(g->units[i].hp, g->units[i].max_hp);
		if (pass == 0) {
			ck_assert_int_gt(g->units[i].stun_ticks, 0);
			ck_assert_int_eq(g->units[i].expose_ticks, 0);
		} else {
			ck_assert_int_eq(g->units[i].stun_ticks, 0);
			ck_assert_int_gt(g->units[i].expose_ticks, 0);
		}
		game_free(g);
		level_free(lv);
	}
}
END_TEST

/* --- the command --- */

START_TEST(test_specialise_refusals)
{
	struct level *lv = tu_level(PLAIN_MAP "wave after 60\ngroup 1 grunt "
	    "from A\n");
	struct game *g = game_new(lv, 1, false);
	struct game_cmd bad = { .type = GAME_CMD_SPECIALISE, .tower = -1,
	    .x = 5, .y = 1, .power = -1, .spec = SPEC_COUNT };
	int gold;

	ck_assert_int_eq(game_place(g, TOWER_ARROW, 5, 1), GAME_OK);
	ck_assert_int_eq(game_place(g, TOWER_WALL, 7, 1), GAME_OK);
	gold = g->gold;
	ck_assert_int_eq(game_specialise(g, 5, 1, spec("volley")),
	    GAME_NOT_TOP);
	ck_assert_str_eq(game_reason_name(GAME_NOT_TOP), "not top level");
	ck_assert_int_eq(game_upgrade(g, 5, 1), GAME_OK);
	ck_assert_int_eq(game_upgrade(g, 5, 1), GAME_OK);
	gold = g->gold;
	ck_assert_int_eq(game_specialise(g, 5, 1, spec("siege")),
	    GAME_WRONG_SPEC);
	ck_assert_int_eq(game_specialise(g, 7, 1, spec("volley")),
	    GAME_WRONG_SPEC);
	ck_assert_int_eq(game_specialise(g, 6, 1, spec("volley")),
	    GAME_NO_TOWER);
	ck_assert_int_eq(game_command(g, &bad), GAME_BAD_COMMAND);
	g->gold = spec_of(spec("volley"), NULL)->cost - 1;
	ck_assert_int_eq(game_specialise(g, 5, 1, spec("volley")),
	    GAME_NO_GOLD);
	ck_assert_int_eq(g->towers[0].spec, -1);
	g->gold = gold;
	ck_assert_int_eq(game_specialise(g, 5, 1, spec("volley")), GAME_OK);
	ck_assert_int_eq(g->gold, gold - spec_of(spec("volley"), NULL)->cost);
	ck_assert_int_eq(game_specialise(g, 5, 1, spec("longbow")),
	    GAME_SPECIALISED);
	ck_assert_int_eq(game_upgrade(g, 5, 1), GAME_MAX_LEVEL);
	ck_assert_int_eq(g->towers[0].spec, spec("volley"));
	/* Only the one accepted is logged. */
	ck_assert_int_eq(g->nlog, 5);
	/* A sale returns the share of the specialisation too. */
	gold = g->gold;
	ck_assert_int_eq(game_sell(g, 5, 1), GAME_OK);
	ck_assert_int_eq(g->gold, gold + (tower_spent(TOWER_ARROW, 3) +
	    spec_of(spec("volley"), NULL)->cost) * TOWER_REFUND_PCT / 100);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_specialise_script_and_trace)
{
	const char *text = "0 place arrow 5 1\n1 upgrade 5 1\n2 upgrade 5 1\n"
	    "3 specialise 5 1 longbow\n";
	char err[256], line[128], *out;
	struct script *s = script_parse("t", text, strlen(text), err,
	    sizeof err);
	struct level *lv = tu_level(PLAIN_MAP "wave after 60\ngroup 1 grunt "
	    "from A\n");
	struct game *g;
	struct game_cmd c;
	size_t col, len;
	FILE *f;

	ck_assert_msg(s != NULL, "%s", err);
	ck_assert_int_eq(s->ncmds, 4);
	ck_assert_int_eq(s->cmds[3].type, GAME_CMD_SPECIALISE);
	ck_assert_int_eq(s->cmds[3].spec, spec("longbow"));
	script_format(&s->cmds[3], line, sizeof line);
	ck_assert_str_eq(line, "3 specialise 5 1 longbow");
	ck_assert_int_eq(script_parse_line(line, strlen(line), &c, &col, err,
	    sizeof err), 1);
	ck_assert_int_eq(c.spec, s->cmds[3].spec);
	ck_assert_ptr_null(script_parse("t", "0 specialise 5 1 nosuch\n", 24,
	    err, sizeof err));
	ck_assert_msg(strstr(err, "unknown specialisation 'nosuch'") != NULL &&
	    strstr(err, "volley") != NULL && strstr(err, "shrapnel") !=
	    NULL, "%s", err);
	ck_assert_ptr_null(script_parse("t", "0 specialise 5 1\n", 17, err,
	    sizeof err));
	ck_assert_msg(strstr(err, "expected a specialisation") != NULL, "%s",
	    err);

	/* The trace says what was bought and for how much. */
	g = game_new(lv, 1, false);
	f = open_memstream(&out, &len);
	{
		struct trace_sink sink = { f, g };
		int k;

		game_set_events(g, trace_callback, &sink);
		for (k = 0; k < s->ncmds; k++)
			ck_assert_int_eq(game_command(g, &s->cmds[k]), GAME_OK);
		fflush(f);
	}
	fclose(f);
	ck_assert_msg(strstr(out, "{\"tick\":0,\"event\":\"specialise\","
	    "\"type\":\"arrow\",\"x\":5,\"y\":1,\"name\":\"longbow\","
	    "\"cost\":130}") != NULL, "%s", out);
	free(out);
	game_free(g);
	script_free(s);
	level_free(lv);
}
END_TEST

START_TEST(test_save_replays_specialised_game)
{
	struct level *lv = tu_level(PLAIN_MAP "wave after 1\n"
	    "group 6 slime from A every 0.5\ngroup 4 knight from A every 1\n"
	    "group 3 shaman from A every 1\ngroup 4 shade from A every 1\n"
	    "group 3 troll from A every 1\n"
	    "wave after 2\ngroup 10 slime from A every 0.3\n");
	const char *cmds[] = { "place arrow 6 3", "place frost 8 5",
	    "place cannon 10 3", "place tesla 12 5", "upgrade 6 3",
	    "upgrade 6 3", "specialise 6 3 volley", "upgrade 10 3",
	    "upgrade 10 3", "specialise 10 3 cluster", "upgrade 8 5",
	    "upgrade 8 5", "specialise 8 5 brittle", "upgrade 12 5",
	    "upgrade 12 5", "specialise 12 5 storm" };
	char dir[256], file[512], err[512], line[128];
	uint64_t *h = xcalloc(20000, sizeof *h);
	struct game *g, *r;
	struct save *sv;
	struct game_cmd c;
	size_t col;
	long stop = 0, end;
	unsigned k;

	ck_assert_int_eq(tu_mkdtemp(dir, sizeof dir, "check_depth"), 0);
	snprintf(file, sizeof file, "%s/game.save", dir);
	g = game_new(lv, 7, false);
	for (k = 0; k < sizeof cmds / sizeof cmds[0]; k++) {
		snprintf(line, sizeof line, "0 %s", cmds[k]);
		ck_assert_int_eq(script_parse_line(line, strlen(line), &c, &col,
		    err, sizeof err), 1);
		ck_assert_int_eq(game_command(g, &c), GAME_OK);
		game_tick(g);
		h[g->tick - 1] = game_hash(g);
	}
	while (!game_over(g) && g->tick < 19000) {
		game_tick(g);
		h[g->tick - 1] = game_hash(g);
		if (stop == 0 && g->nbirths == 0 && g->killed > 8)
			stop = g->tick;
	}
	end = g->tick;
	ck_assert_int_gt(stop, 0);
	game_free(g);

	/* Play to the stop again, save, resume: the same game to the end. */
	g = game_new(lv, 7, false);
	for (k = 0; k < sizeof cmds / sizeof cmds[0]; k++) {
		snprintf(line, sizeof line, "0 %s", cmds[k]);
		script_parse_line(line, strlen(line), &c, &col, err, sizeof err);
		game_command(g, &c);
		game_tick(g);
	}
	while (g->tick < stop)
		game_tick(g);
	ck_assert(game_hash(g) == h[stop - 1]);
	ck_assert_int_eq(save_write(file, "open", 1, 7, g, err, sizeof err),
	    0);
	game_free(g);
	sv = save_read(file, err, sizeof err);
	ck_assert_msg(sv != NULL, "%s", err);
	r = game_new(lv, sv->seed, sv->sandbox);
	ck_assert_int_eq(save_replay(r, sv, err, sizeof err), 0);
	ck_assert(game_hash(r) == h[stop - 1]);
	while (!game_over(r)) {
		game_tick(r);
		ck_assert_msg(game_hash(r) == h[r->tick - 1], "diverged at "
		    "tick %ld", r->tick);
	}
	ck_assert_int_eq(r->tick, end);
	tu_say("specialised game saved at %ld, resumed to %ld: %s\n", stop,
	    end, game_state_name(r->state));
	game_free(r);
	save_free(sv);
	tu_rmdir(dir);
	free(h);
	level_free(lv);
}
END_TEST

static Suite *
depth_suite(void)
{
	Suite	*s = suite_create("depth");
	TCase	*ab = tcase_create("abilities");
	TCase	*sp = tcase_create("specialisations");
	TCase	*cmd = tcase_create("command");

	tcase_add_test(ab, test_regeneration);
	tcase_add_test(ab, test_shield_absorbs_then_breaks);
	tcase_add_test(ab, test_healer_heals_neighbours);
	tcase_add_test(ab, test_split_where_parent_died);
	tcase_add_test(ab, test_hidden_until_detected);
	tcase_add_test(ab, test_detecting_specialisations);
	suite_add_tcase(s, ab);
	tcase_add_test(sp, test_volley_and_barrage);
	tcase_add_test(sp, test_numbers_of_specialisations);
	tcase_add_test(sp, test_cluster_bomblets);
	tcase_add_test(sp, test_siege_and_heavy_strip_armour);
	tcase_add_test(sp, test_frost_specialisations);
	tcase_add_test(sp, test_arc_reaches_further);
	tcase_add_test(sp, test_rail_goes_through);
	tcase_add_test(sp, test_mortar_specialisations);
	suite_add_tcase(s, sp);
	tcase_add_test(cmd, test_specialise_refusals);
	tcase_add_test(cmd, test_specialise_script_and_trace);
	tcase_add_test(cmd, test_save_replays_specialised_game);
	tcase_set_timeout(cmd, 60);
	suite_add_tcase(s, cmd);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(depth_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
