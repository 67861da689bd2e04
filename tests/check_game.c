/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of the game: every refusal with its reason, the economy
 * (costs, refunds, bounty, bonuses, score), each targeting mode in a staged
 * scene, splash, slow, chain and armour arithmetic, leaks, winning and
 * losing, how enemies move (paths re-cut, flyers, escorts, skulkers,
 * homing shots), determinism, saved games, scripts, and long random games
 * in which no ground enemy may ever stand in a blocked cell. Scenes are
 * staged by pinning enemies: moving their agents and making them too slow
 * to walk away. Set WEIR_TEST_VERBOSE to see the figures.
 */
#include <check.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/bot.h"
#include "core/game.h"
#include "nav/los.h"
#include "core/save.h"
#include "core/script.h"
#include "core/trace.h"
#include "nav/util.h"
#include "testgame.h"
#include "testutil.h"

/* A corridor with a dead-end pocket above its first cells. */
#define POCKET_MAP \
	"weir-level 1\ntitle Pocket\ngold 100\nlives 5\nmap\n" \
	"###########\n" \
	"#.#########\n" \
	"#.#########\n" \
	"A.........>\n" \
	"###########\nend\n"

/* Tick until every enemy of the first wave is out (or fail). */
static void
send_first_wave(struct game *g)
{
	int k;

	for (k = 0; k < 10 * GAME_RATE && g->wave_sent[0] < g->wave_total[0];
	    k++)
		game_tick(g);
	ck_assert_int_eq(g->wave_sent[0], g->wave_total[0]);
}

/* --- refusals --- */

START_TEST(test_refuse_out_of_map)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 60\ngroup 1 grunt "
	    "from A\n");
	struct game *g = game_new(lv, 1, false);
	struct tu_rec *r = xcalloc(1, sizeof *r);
	const struct game_event *ev;

	game_set_events(g, tu_rec_event, r);
	ck_assert_int_eq(game_place(g, TOWER_WALL, -1, 3), GAME_OUT_OF_MAP);
	ck_assert_int_eq(game_place(g, TOWER_WALL, 22, 3), GAME_OUT_OF_MAP);
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 3, 9), GAME_OUT_OF_MAP);
	ck_assert_int_eq(game_sell(g, 5, -7), GAME_OUT_OF_MAP);
	ck_assert_int_eq(tu_rec_count(r, GAME_EV_REJECT), 4);
	ev = tu_rec_last(r, GAME_EV_REJECT);
	ck_assert_str_eq(game_reason_name(ev->reason), "out of map");
	ck_assert_int_eq(ev->x, 5);
	ck_assert_int_eq(ev->y, -7);
	ck_assert_int_eq(g->gold, 1000);
	ck_assert_int_eq(g->nstanding, 0);
	free(r);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_refuse_not_buildable)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 60\ngroup 1 grunt "
	    "from A\n");
	struct game *g = game_new(lv, 1, false);

	ck_assert_int_eq(game_place(g, TOWER_WALL, 0, 0), GAME_NOT_BUILDABLE);
	ck_assert_int_eq(game_place(g, TOWER_WALL, 0, 4), GAME_NOT_BUILDABLE);
	ck_assert_int_eq(game_place(g, TOWER_WALL, 21, 4), GAME_NOT_BUILDABLE);
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 8, 7), GAME_NOT_BUILDABLE);
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 13, 7), GAME_NOT_BUILDABLE);
	ck_assert_str_eq(game_reason_name(GAME_NOT_BUILDABLE), "not buildable");
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 9, 7), GAME_OK);
	game_free(g);
	level_free(lv);
}
END_TEST

/*
 * A square field side x side strewn with rocks and thickets, spawn A on
 * three cells of the west edge, every cell of the east edge an exit, and
 * walkers on their way (malloc'd text).
 */
static char *
scaling_level(int side)
{
	size_t	 size = (size_t)side * (side + 1) + 512;
	char	*t = malloc(size), *p = t;
	uint64_t rs = 99;

	p += sprintf(p, "weir-level 1\ntitle Scaling\ngold 1000000\n"
	    "lives 1000\nmap\n");
	for (int y = 0; y < side; y++) {
		for (int x = 0; x < side; x++) {
			int r = tu_randint(&rs, 100);

			if (x == 0)
				*p++ = y >= side / 2 - 1 && y <= side / 2 + 1 ?
				    'A' : '#';
			else if (x == side - 1)
				*p++ = '>';
			else
				*p++ = r < 8 ? '#' : r < 14 ? '~' : '.';
		}
		*p++ = '\n';
	}
	sprintf(p, "end\nwave after 0\ngroup 60 brute from A every 0.1\n"
	    "group 60 runner from A every 0.1\n");
	return t;
}

/* Processor seconds of this thread. */
static double
scaling_now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/*
 * Seconds a placement takes (checked, built, the field repaired, walkers
 * planned again), the least of three runs of SCALING_TRIES random walls
 * near the spawn, with the walkers out on the field.
 */
#define SCALING_TRIES	120
static double
scaling_time(int side, int *placed)
{
	char		*text = scaling_level(side);
	struct level	*lv = tu_level(text);
	double		 best = 1e9;

	*placed = 0;
	for (int run = 0; run < 3; run++) {
		struct game	*g = game_new(lv, 3, false);
		uint64_t	 rs = 7 + run;
		double		 t0;

		for (int t = 0; t < 150; t++)
			game_tick(g);
		/* One wall first: what a game does once, not a placement. */
		game_place(g, TOWER_WALL, 20, side / 2 + 5);
		t0 = scaling_now();
		for (int k = 0; k < SCALING_TRIES; k++)
			*placed += game_place(g, TOWER_WALL, 2 +
			    tu_randint(&rs, 40), side / 2 - 20 +
			    tu_randint(&rs, 41)) == GAME_OK;
		best = fmin(best, (scaling_now() - t0) / SCALING_TRIES);
		game_free(g);
	}
	level_free(lv);
	free(text);
	return best;
}

/*
 * What a placement costs depends on what it changes, not on the size of
 * the map: on a field 64 times as large (512 x 512, 512 exit cells, the
 * same walkers) a wall takes at most 10 times as long as on 64 x 64. A
 * check that floods the map, a repair that sweeps every exit's sight, or
 * walkers that plan all the way across, each took some 30 to 60 times as
 * long.
 */
START_TEST(test_placement_cost_independent_of_map_size)
{
	int	 small_placed, large_placed;
	double	 small = scaling_time(64, &small_placed);
	double	 large = scaling_time(512, &large_placed);

	tu_say("placement: 64x64 %.1f us, 512x512 %.1f us, ratio %.2f\n",
	    small * 1e6, large * 1e6, large / fmax(small, 1e-9));
	ck_assert_int_gt(small_placed, SCALING_TRIES);
	ck_assert_int_gt(large_placed, SCALING_TRIES);
	ck_assert_msg(large <= 10.0 * fmax(small, 2e-6), "64x64 %.1f us, "
	    "512x512 %.1f us a placement", small * 1e6, large * 1e6);
}
END_TEST

START_TEST(test_refuse_occupied_by_tower)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 60\ngroup 1 grunt "
	    "from A\n");
	struct game *g = game_new(lv, 1, false);

	ck_assert_int_eq(game_place(g, TOWER_ARROW, 5, 2), GAME_OK);
	ck_assert_int_eq(game_place(g, TOWER_WALL, 5, 2), GAME_OCCUPIED);
	ck_assert_str_eq(game_reason_name(GAME_OCCUPIED), "occupied");
	ck_assert_int_eq(g->gold, 1000 - 25);
	game_free(g);
	level_free(lv);
}
END_TEST

/* Whether a living ground enemy's square overlaps (x, y): every unit. */
static bool
blocks_by_hand(const struct game *g, int x, int y)
{
	for (int i = 0; i < g->nunits; i++) {
		const struct steer_agent *a = &g->agents[i];

		if (g->units[i].kind != GAME_UNIT_ENEMY || g->units[i].dead ||
		    g->units[i].mover == ENEMY_FLY)
			continue;
		if (x >= (int)floor(a->pos.x - a->radius) &&
		    x <= (int)ceil(a->pos.x + a->radius) - 1 &&
		    y >= (int)floor(a->pos.y - a->radius) &&
		    y <= (int)ceil(a->pos.y + a->radius) - 1)
			return true;
	}
	return false;
}

/*
 * Whether an enemy stands on a cell, asked of the neighbour grid, is what a
 * look at every unit says, for every cell, tick after tick of a crowd of
 * every size of enemy, walkers and flyers, and after enemies are moved
 * by hand between ticks.
 */
START_TEST(test_enemy_blocks_cell_matches_every_unit)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 0\n"
	    "group 30 swarmer from A every 0.1\n"
	    "group 20 brute from A every 0.2\n"
	    "group 20 flyer from A every 0.2\n"
	    "group 20 runner from A every 0.15\n");
	struct game *g = game_new(lv, 5, false);
	long yes = 0, no = 0;

	for (int t = 0; t < 400 && !game_over(g); t++) {
		game_tick(g);
		if (t % 37 == 36 && g->nenemies > 0) {
			int i = t % g->nunits;

			if (g->units[i].kind == GAME_UNIT_ENEMY) {
				g->agents[i].pos = vec_make(1.0 + t % 19,
				    1.0 + t % 7);
				game_units_moved(g);
			}
		}
		if (t % 5 != 0)
			continue;
		for (int y = -1; y <= lv->h; y++) {
			for (int x = -1; x <= lv->w; x++) {
				bool want = blocks_by_hand(g, x, y);

				ck_assert_msg(game_enemy_blocks_cell(g, x, y) ==
				    want, "tick %ld (%d,%d)", g->tick, x, y);
				yes += want;
				no += !want;
			}
		}
	}
	ck_assert_int_gt(yes, 500);
	ck_assert_int_gt(no, 500);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_refuse_occupied_by_enemy)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 0\ngroup 1 grunt "
	    "from A every 0\n");
	struct game *g = game_new(lv, 1, false);

	send_first_wave(g);
	tu_pin(g, 1, 5.5, 2.5);
	ck_assert_int_eq(game_place(g, TOWER_WALL, 5, 2), GAME_OCCUPIED);
	/* Its disc reaches into the next cell: refused there too. */
	tu_pin(g, 1, 5.9, 2.5);
	ck_assert_int_eq(game_place(g, TOWER_WALL, 6, 2), GAME_OCCUPIED);
	ck_assert(game_enemy_blocks_cell(g, 6, 2));
	ck_assert(!game_enemy_blocks_cell(g, 7, 2));
	ck_assert_int_eq(game_place(g, TOWER_WALL, 7, 2), GAME_OK);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_refuse_not_enough_gold)
{
	struct level *lv = tu_level("weir-level 1\ntitle Poor\ngold 30\nlives 3\n"
	    "map\n#####\nA...>\n#...#\n#####\nend\nwave\ngroup 1 grunt from A\n");
	struct game *g = game_new(lv, 1, false);

	ck_assert_int_eq(game_place(g, TOWER_CANNON, 2, 2), GAME_NO_GOLD);
	ck_assert_str_eq(game_reason_name(GAME_NO_GOLD), "not enough gold");
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 2, 2), GAME_OK);
	ck_assert_int_eq(g->gold, 5);
	ck_assert_int_eq(game_upgrade(g, 2, 2), GAME_NO_GOLD);
	ck_assert_int_eq(game_place(g, TOWER_WALL, 3, 2), GAME_OK);
	ck_assert_int_eq(g->gold, 1);
	ck_assert_int_eq(game_place(g, TOWER_WALL, 1, 2), GAME_NO_GOLD);
	game_free(g);

	/* The sandbox never runs out. */
	g = game_new(lv, 1, true);
	ck_assert_int_eq(game_place(g, TOWER_CANNON, 2, 2), GAME_OK);
	ck_assert_int_eq(game_upgrade(g, 2, 2), GAME_OK);
	ck_assert_int_eq(game_upgrade(g, 2, 2), GAME_OK);
	ck_assert_int_eq(g->gold, 30);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_refuse_would_block_spawn)
{
	struct level *lv = tu_level(CORRIDOR_MAP "wave after 60\ngroup 1 grunt "
	    "from A\n");
	struct game *g = game_new(lv, 1, false);
	double before = field_distance(g->field, 0, 1);
	int x;

	for (x = 1; x <= 8; x++)
		ck_assert_int_eq(game_place(g, TOWER_WALL, x, 1),
		    GAME_WOULD_BLOCK);
	ck_assert_str_eq(game_reason_name(GAME_WOULD_BLOCK), "would block");
	ck_assert_int_eq(g->gold, 100);
	ck_assert(field_distance(g->field, 0, 1) == before);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_refuse_would_block_enemy)
{
	struct level *lv = tu_level(POCKET_MAP "wave after 0\ngroup 1 grunt "
	    "from A every 0\n");
	struct game *g = game_new(lv, 1, false);

	/* With nobody in the pocket, closing it cuts no one off. */
	ck_assert_int_eq(game_check_place(g, TOWER_WALL, 1, 2), GAME_OK);
	send_first_wave(g);
	tu_pin(g, 1, 1.5, 1.5);
	ck_assert_int_eq(game_place(g, TOWER_WALL, 1, 2), GAME_WOULD_BLOCK);
	tu_pin(g, 1, 5.5, 3.5);
	ck_assert_int_eq(game_place(g, TOWER_WALL, 1, 2), GAME_OK);
	game_free(g);
	level_free(lv);
}
END_TEST

/*
 * Every command type reaches a handler of its own (game_do[] in
 * game-cmd.c): once the game is over, each well-formed command is refused
 * as too late by its handler, never as a bad command, and none crashes.
 */
START_TEST(test_every_command_handled)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 5\ngroup 1 grunt "
	    "from A\n");
	struct game *g = game_new(lv, 1, false);
	int t;

	ck_assert_ptr_nonnull(spec_of(TOWER_ARROW * TOWER_SPECS, NULL));
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 3, 3), GAME_OK);
	g->state = GAME_LOST;
	for (t = 0; t < GAME_NCMDS; t++) {
		struct game_cmd c = { .type = t, .tower = TOWER_ARROW,
		    .x = 3, .y = 3, .mode = TOWER_TARGET_LAST, .power = 0,
		    .spec = TOWER_ARROW * TOWER_SPECS };

		ck_assert_msg(game_command(g, &c) == GAME_ENDED,
		    "command %s: %s", game_cmd_name(t),
		    game_reason_name(game_command(g, &c)));
	}
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_refuse_other_commands)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 5\ngroup 1 grunt "
	    "from A\n");
	struct game *g = game_new(lv, 1, false);
	int k;

	ck_assert_int_eq(game_upgrade(g, 3, 3), GAME_NO_TOWER);
	ck_assert_int_eq(game_sell(g, 3, 3), GAME_NO_TOWER);
	ck_assert_int_eq(game_target(g, 3, 3, TOWER_TARGET_LAST),
	    GAME_NO_TOWER);
	ck_assert_int_eq(game_place(g, TOWER_WALL, 3, 3), GAME_OK);
	ck_assert_int_eq(game_upgrade(g, 3, 3), GAME_MAX_LEVEL);
	ck_assert_int_eq(game_target(g, 3, 3, TOWER_TARGET_LAST),
	    GAME_NO_TARGETING);
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 5, 5), GAME_OK);
	/* Malformed commands are refused and kept out of the log. */
	k = g->nlog;
	ck_assert_int_eq(game_target(g, 5, 5, 99), GAME_BAD_COMMAND);
	ck_assert_int_eq(game_place(g, 42, 6, 6), GAME_BAD_COMMAND);
	ck_assert_int_eq(game_sell(g, 5, 2000000000), GAME_BAD_COMMAND);
	ck_assert_int_eq(g->nlog, k);
	ck_assert_int_eq(game_tower_at(g, 5, 5)->mode, TOWER_TARGET_FIRST);
	ck_assert_int_eq(game_upgrade(g, 5, 5), GAME_OK);
	ck_assert_int_eq(game_upgrade(g, 5, 5), GAME_OK);
	ck_assert_int_eq(game_upgrade(g, 5, 5), GAME_MAX_LEVEL);
	/* Refusals change nothing, so the log (and a save) leaves them out. */
	ck_assert_int_eq(g->nlog, k + 2);
	ck_assert_int_eq(game_call_wave(g), GAME_OK);
	for (int i = 0; i < 1000; i++)
		ck_assert_int_eq(game_call_wave(g), GAME_NO_WAVES);
	ck_assert_int_eq(g->nlog, k + 3);
	ck_assert_int_eq(g->log[k + 2].type, GAME_CMD_WAVE);
	ck_assert_str_eq(game_reason_name(GAME_NO_WAVES), "no more waves");
	game_free(g);
	level_free(lv);
}
END_TEST

/* --- economy --- */

START_TEST(test_upgrade_and_refund)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 60\ngroup 1 grunt "
	    "from A\n");
	struct game *g = game_new(lv, 1, false);
	struct tu_rec *r = xcalloc(1, sizeof *r);
	int k, gold;

	game_set_events(g, tu_rec_event, r);
	for (k = TOWER_ARROW; k < TOWER_NTYPES; k++) {
		const struct tower_type *tt = &tower_types[k];

		gold = g->gold;
		ck_assert_int_eq(game_place(g, k, 2 + k, 2), GAME_OK);
		ck_assert_int_eq(g->gold, gold - tt->level[0].cost);
		ck_assert_int_eq(game_upgrade(g, 2 + k, 2), GAME_OK);
		ck_assert_int_eq(g->gold, gold - tt->level[0].cost -
		    tt->level[1].cost);
		ck_assert_int_eq(tu_rec_last(r, GAME_EV_UPGRADE)->gold,
		    tt->level[1].cost);
		ck_assert_int_eq(game_upgrade(g, 2 + k, 2), GAME_OK);
		ck_assert_int_eq(game_tower_at(g, 2 + k, 2)->level, 3);
		ck_assert_int_eq(tower_spent(k, 3), tt->level[0].cost +
		    tt->level[1].cost + tt->level[2].cost);
		gold = g->gold;
		ck_assert_int_eq(game_sell(g, 2 + k, 2), GAME_OK);
		ck_assert_int_eq(g->gold - gold, tower_spent(k, 3) *
		    TOWER_REFUND_PCT / 100);
		ck_assert_int_eq(tu_rec_last(r, GAME_EV_SELL)->gold,
		    g->gold - gold);
		ck_assert_ptr_null(game_tower_at(g, 2 + k, 2));
	}
	/* 70% of an arrow bought for 25: 17. */
	ck_assert_int_eq(tower_refund(TOWER_ARROW, 1), 17);
	ck_assert_int_eq(tower_refund(TOWER_ARROW, 3), 70);
	ck_assert_int_eq(tower_refund(TOWER_WALL, 1), 2);
	gold = g->gold;
	ck_assert_int_eq(game_place(g, TOWER_WALL, 4, 4), GAME_OK);
	ck_assert_int_eq(game_sell(g, 4, 4), GAME_OK);
	ck_assert_int_eq(g->gold, gold - 4 + 2);
	free(r);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_bounty_and_bonuses)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 0\ngroup 2 grunt "
	    "from A every 0\nwave after 20\ngroup 1 grunt from A\n");
	struct game *g = game_new(lv, 1, false);
	struct tu_rec *r = xcalloc(1, sizeof *r);
	int gold, k, number;
	long left;

	game_set_events(g, tu_rec_event, r);
	send_first_wave(g);
	tu_pin(g, 1, 10.5, 3.5);
	tu_pin(g, 2, 12.5, 5.5);
	ck_assert_int_eq(game_place(g, TOWER_SNIPER, 11, 1), GAME_OK);
	gold = g->gold;
	/* Two sniper shots (50 through armour) kill both grunts (50 hp). */
	for (k = 0; k < 200 && g->killed < 2; k++)
		game_tick(g);
	ck_assert_int_eq(g->killed, 2);
	ck_assert_int_eq(tu_rec_last(r, GAME_EV_KILL)->gold, 4);
	/* Wave 1 cleared: bounty 2 x 4, bonus 10 + 5 x 1. */
	ck_assert_int_eq(g->gold - gold, 2 * 4 + 10 + 5);
	ck_assert_int_eq(tu_rec_last(r, GAME_EV_CLEAR)->gold, 15);
	ck_assert_int_eq(g->score, 10 * 8 + 50);
	ck_assert_int_eq(g->waves_cleared, 1);

	/* Wave 2 is 20 s away: calling it now skips its calm. */
	ck_assert_ptr_nonnull(game_next_wave(g, &number, &left));
	ck_assert_int_eq(number, 2);
	ck_assert_int_gt(left, 0);
	gold = g->gold;
	ck_assert_int_eq(game_call_wave(g), GAME_OK);
	ck_assert_int_eq(g->gold - gold, (int)(left / GAME_RATE));
	ck_assert(tu_rec_last(r, GAME_EV_WAVE)->early);
	ck_assert_int_eq(tu_rec_last(r, GAME_EV_WAVE)->gold, (int)(left /
	    GAME_RATE));
	ck_assert_int_eq(g->early_s, (int)(left / GAME_RATE));
	tu_say("early call skipped %ld ticks\n", left);
	free(r);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_next_wave_info)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 3\ngroup 4 grunt from "
	    "A\ngroup 2 flyer from A after 1\nwave after 2\ngroup 1 boss "
	    "from A\ngroup 3 escort from A\n");
	struct game *g = game_new(lv, 1, false);
	int counts[ENEMY_NKINDS], number;
	long left;

	ck_assert_ptr_eq(game_next_wave(g, &number, &left), &lv->waves[0]);
	ck_assert_int_eq(number, 1);
	ck_assert_int_eq(left, 3 * GAME_RATE);
	ck_assert_int_eq(game_wave_count(g, 0, counts), 6);
	ck_assert_int_eq(counts[ENEMY_GRUNT], 4);
	ck_assert_int_eq(counts[ENEMY_FLYER], 2);
	ck_assert_int_eq(game_wave_count(g, 1, counts), 4);
	ck_assert_int_eq(counts[ENEMY_ESCORT], 3);
	ck_assert_int_eq(game_enemies_to_come(g), 10);
	ck_assert(!game_wave_sending(g, 0));
	game_tick(g);
	game_next_wave(g, NULL, &left);
	ck_assert_int_eq(left, 3 * GAME_RATE - 1);
	ck_assert_int_eq(game_call_wave(g), GAME_OK);
	/* Grunts one a second from the start, flyers from 1 s on. */
	game_tick(g);
	ck_assert(game_wave_sending(g, 0));
	ck_assert_int_eq(game_group_sent(g, 0, 0), 1);
	ck_assert_int_eq(game_group_sent(g, 0, 1), 0);
	ck_assert_int_eq(game_group_sent(g, 0, 2), 0);	/* no such group */
	ck_assert_int_eq(game_enemies_to_come(g), 9);
	for (int k = 0; k < GAME_RATE; k++)
		game_tick(g);
	ck_assert_int_eq(game_group_sent(g, 0, 0), 2);
	ck_assert_int_eq(game_group_sent(g, 0, 1), 1);
	ck_assert_int_eq(game_enemies_to_come(g), 7);
	/* The second wave's calm starts when the first has sent everyone. */
	ck_assert_ptr_eq(game_next_wave(g, &number, &left), &lv->waves[1]);
	ck_assert_int_eq(number, 2);
	ck_assert_int_eq(left, -1);
	while (g->wave_sent[0] < g->wave_total[0])
		game_tick(g);
	game_next_wave(g, NULL, &left);
	ck_assert_int_eq(left, 2 * GAME_RATE);
	game_free(g);
	level_free(lv);
}
END_TEST

/*
 * game_wave_eta: each wave's time to come adds the sending of the waves
 * before it and their calms, and matches the tick each wave really starts
 * on when nobody calls a wave early; game_kind_seen follows the sending.
 */
START_TEST(test_wave_eta_and_kinds_seen)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 3\ngroup 4 grunt from "
	    "A\ngroup 2 flyer from A after 1\nwave after 2\ngroup 1 boss "
	    "from A\ngroup 3 escort from A every 0.5\nwave after 5\n"
	    "group 2 runner from A\n");
	struct game *g = game_new(lv, 1, false);
	long eta[3], left;
	int w;

	/* Wave 1 in 3 s; it sends for 3 s (its fourth grunt), calm 2 s. */
	for (w = 0; w < 3; w++)
		eta[w] = game_wave_eta(g, w);
	ck_assert_int_eq(eta[0], 3 * GAME_RATE);
	ck_assert_int_eq(eta[1], 3 * GAME_RATE + 3 * GAME_RATE +
	    2 * GAME_RATE);
	ck_assert_int_eq(eta[2], eta[1] + GAME_RATE + 5 * GAME_RATE);
	ck_assert_int_eq(game_wave_eta(g, 3), -1);
	ck_assert_int_eq(game_wave_eta(g, -1), -1);
	ck_assert(!game_kind_seen(g, ENEMY_GRUNT));
	/* Every wave starts on the tick its time to come said. */
	for (long t = 0; g->next_wave < 3 && t < 60 * GAME_RATE; t++) {
		int before = g->next_wave;

		game_tick(g);
		if (g->next_wave > before)
			ck_assert_msg(g->tick - 1 == eta[before] ||
			    g->tick == eta[before], "wave %d at %ld, said %ld",
			    before + 1, g->tick, eta[before]);
		if (g->next_wave < 3) {
			/* Later: counts down with the clock. */
			left = game_wave_eta(g, 2);
			ck_assert_int_le(left, eta[2] - g->tick + 1);
			ck_assert_int_ge(left, eta[2] - g->tick - 1);
		}
		if (g->next_wave == 1 && g->wave_sent[0] == 0)
			ck_assert(!game_kind_seen(g, ENEMY_GRUNT));
		if (g->wave_sent[0] > 0)
			ck_assert(game_kind_seen(g, ENEMY_GRUNT));
	}
	ck_assert_int_eq(g->next_wave, 3);
	ck_assert_int_eq(game_wave_eta(g, 0), 0);
	ck_assert(game_kind_seen(g, ENEMY_BOSS));
	ck_assert(!game_kind_seen(g, ENEMY_BRUTE));
	game_free(g);
	level_free(lv);
}
END_TEST

/*
 * A tower's kills and damage count what it did, the hit points it really
 * took off (not more than an enemy had), and leave the state hash alone.
 */
START_TEST(test_tower_stats)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 0\ngroup 3 grunt "
	    "from A every 0\n");
	struct game *g = game_new(lv, 1, false);
	struct tu_rec *r = xcalloc(1, sizeof *r);
	const struct game_tower *tw;
	uint64_t h;
	long hp = 0;
	int k, kills = 0;

	game_set_events(g, tu_rec_event, r);
	ck_assert_int_eq(game_place(g, TOWER_SNIPER, 5, 3), GAME_OK);
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 5, 5), GAME_OK);
	for (k = 0; k < 60 * GAME_RATE && !game_over(g); k++)
		game_tick(g);
	for (k = 0; k < r->n; k++)
		if (r->ev[k].type == GAME_EV_KILL)
			kills++;
	ck_assert_int_eq(kills, 3);
	tw = game_tower_at(g, 5, 3);
	hp = tw->damage;
	ck_assert_int_gt(tw->kills + game_tower_at(g, 5, 5)->kills, 0);
	ck_assert_int_eq(tw->kills + game_tower_at(g, 5, 5)->kills, 3);
	/* Three grunts of 50 hit points: 150 taken off in all, no more. */
	ck_assert_int_eq(hp + game_tower_at(g, 5, 5)->damage, 3 * 50);
	ck_assert_int_gt(hp, 0);
	/* The counters are no part of the state. */
	h = game_hash(g);
	g->towers[0].damage += 1000;
	g->towers[0].kills += 7;
	g->leaked_by[ENEMY_GRUNT] += 3;
	ck_assert_uint_eq(game_hash(g), h);
	free(r);
	game_free(g);
	level_free(lv);
}
END_TEST

/* --- targeting --- */

/*
 * Five grunts pinned round a sniper at (7, 1), each best by one measure:
 * id 1 last (farthest from the exit), 2 closest, 3 strongest, 4 first
 * (nearest the exit), 5 weakest.
 */
static int
target_scene(int mode)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 0\ngroup 5 grunt "
	    "from A every 0\n");
	struct game *g = game_new(lv, 1, false);
	struct tu_rec *r = xcalloc(1, sizeof *r);
	static const double at[5][2] = { { 4.5, 4.5 }, { 8.5, 4.5 },
	    { 11.5, 4.5 }, { 12.5, 5.5 }, { 9.5, 7.5 } };
	static const int hp[5] = { 40, 30, 50, 45, 10 };
	int i, k, victim;

	send_first_wave(g);
	for (i = 0; i < 5; i++) {
		tu_pin(g, i + 1, at[i][0], at[i][1]);
		g->units[tu_enemy_index(g, i + 1)].hp = hp[i];
	}
	ck_assert_int_eq(game_place(g, TOWER_SNIPER, 7, 1), GAME_OK);
	if (mode != TOWER_TARGET_FIRST)
		ck_assert_int_eq(game_target(g, 7, 1, mode), GAME_OK);
	ck_assert_int_eq(game_tower_at(g, 7, 1)->mode, mode);
	game_set_events(g, tu_rec_event, r);
	game_tick(g);
	ck_assert_int_eq(tu_rec_count(r, GAME_EV_KILL), 1);
	victim = tu_rec_last(r, GAME_EV_KILL)->id;
	for (k = 1; k <= 5; k++) {
		if (k != victim)
			ck_assert_int_eq(g->units[tu_enemy_index(g, k)].hp,
			    hp[k - 1]);
	}
	free(r);
	game_free(g);
	level_free(lv);
	return victim;
}

START_TEST(test_target_first)
{
	ck_assert_int_eq(target_scene(TOWER_TARGET_FIRST), 4);
}
END_TEST

START_TEST(test_target_last)
{
	ck_assert_int_eq(target_scene(TOWER_TARGET_LAST), 1);
}
END_TEST

START_TEST(test_target_strongest)
{
	ck_assert_int_eq(target_scene(TOWER_TARGET_STRONGEST), 3);
}
END_TEST

START_TEST(test_target_weakest)
{
	ck_assert_int_eq(target_scene(TOWER_TARGET_WEAKEST), 5);
}
END_TEST

START_TEST(test_target_closest)
{
	ck_assert_int_eq(target_scene(TOWER_TARGET_CLOSEST), 2);
}
END_TEST

START_TEST(test_target_names)
{
	int m;

	for (m = 0; m < TOWER_NTARGETS; m++) {
		const char *name = tower_target_name(m);

		ck_assert_int_eq(tower_target_lookup(name, strlen(name)), m);
	}
	ck_assert_int_eq(tower_target_lookup("nearest", 7), -1);
}
END_TEST

START_TEST(test_ground_air_restrictions)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 0\ngroup 1 grunt "
	    "from A every 0\ngroup 1 flyer from A every 0\n");
	struct game *g = game_new(lv, 1, false);
	int k;

	send_first_wave(g);
	tu_pin(g, 1, 6.5, 4.5);
	tu_pin(g, 2, 14.5, 4.5);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 1)].mover, ENEMY_PATH);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 2)].mover, ENEMY_FLY);
	/* Flak beside the grunt, a cannon beside the flyer: neither fires. */
	ck_assert_int_eq(game_place(g, TOWER_FLAK, 6, 2), GAME_OK);
	ck_assert_int_eq(game_place(g, TOWER_CANNON, 14, 2), GAME_OK);
	ck_assert_int_eq(game_place(g, TOWER_TESLA, 14, 6), GAME_OK);
	for (k = 0; k < 3 * GAME_RATE; k++)
		game_tick(g);
	ck_assert_int_eq(g->nshots, 0);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 1)].hp, 50);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 2)].hp, 60);
	/* Swap them over and both get hit. */
	tu_pin(g, 1, 14.5, 4.5);
	tu_pin(g, 2, 6.5, 4.5);
	for (k = 0; k < 2 * GAME_RATE && (g->units[tu_enemy_index(g, 1)].hp ==
	    50 || g->units[tu_enemy_index(g, 2)].hp == 60); k++)
		game_tick(g);
	ck_assert_int_lt(g->units[tu_enemy_index(g, 1)].hp, 50);
	ck_assert_int_lt(g->units[tu_enemy_index(g, 2)].hp, 60);
	game_free(g);
	level_free(lv);
}
END_TEST

/* --- damage arithmetic --- */

START_TEST(test_armour_arithmetic)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 0\ngroup 1 brute "
	    "from A every 0\n");
	struct game *g = game_new(lv, 1, false);
	int k, i;

	ck_assert_int_eq(tower_hit_damage(12, 5, false), 7);
	ck_assert_int_eq(tower_hit_damage(12, 5, true), 12);
	ck_assert_int_eq(tower_hit_damage(3, 8, false), 1);
	ck_assert_int_eq(tower_hit_damage(0, 0, false), 0);
	ck_assert_int_eq(enemy_hp(ENEMY_BRUTE, 1), 200);
	ck_assert_int_eq(enemy_hp(ENEMY_BRUTE, 3), 200 * 124 / 100);

	/* A bolt of 12 on armour 5 takes 7. */
	send_first_wave(g);
	tu_pin(g, 1, 6.5, 4.5);
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 6, 2), GAME_OK);
	for (k = 0; k < GAME_RATE && g->units[tu_enemy_index(g, 1)].hp == 200;
	    k++)
		game_tick(g);
	i = tu_enemy_index(g, 1);
	ck_assert_int_eq(g->units[i].hp, 200 - 7);
	ck_assert_int_eq(game_sell(g, 6, 2), GAME_OK);
	for (k = 0; k < GAME_RATE; k++)
		game_tick(g);
	/* A sniper's 50 goes through armour. */
	ck_assert_int_eq(game_place(g, TOWER_SNIPER, 6, 1), GAME_OK);
	game_tick(g);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 1)].hp, 200 - 7 - 50);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_splash_arithmetic)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 0\ngroup 2 grunt "
	    "from A every 0\ngroup 1 brute from A every 0\n");
	struct game *g = game_new(lv, 1, false);
	int k;

	send_first_wave(g);
	tu_pin(g, 1, 7.5, 4.5);		/* the target, 2 from the cannon */
	tu_pin(g, 2, 9.1, 4.5);		/* 1.6 from it: outside the burst */
	tu_pin(g, 3, 8.2, 4.5);		/* brute 0.7 from it: inside */
	ck_assert_int_eq(game_place(g, TOWER_CANNON, 7, 2), GAME_OK);
	ck_assert_int_eq(game_target(g, 7, 2, TOWER_TARGET_CLOSEST), GAME_OK);
	for (k = 0; k < 2 * GAME_RATE && g->units[tu_enemy_index(g, 1)].hp == 50;
	    k++)
		game_tick(g);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 1)].hp, 50 - 30);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 2)].hp, 50);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 3)].hp, 200 - (30 - 5));
	tu_say("shell burst after %d ticks\n", k);
	game_free(g);
	level_free(lv);
}
END_TEST

/*
 * A mortar never shoots inside its least range: with a grunt pinned 1.5
 * cells from it and two more 4 cells off, side by side, it lets the near
 * one be (even aimed at the closest) and its wide burst takes both far
 * ones at once.
 */
START_TEST(test_mortar_blind_up_close)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 0\ngroup 3 grunt "
	    "from A every 0\n");
	struct game *g = game_new(lv, 1, false);
	const struct tower_stats *st = &tower_types[TOWER_MORTAR].level[0];
	int k;

	ck_assert(st->min_range > 1.5 && st->range > 4.0);
	send_first_wave(g);
	tu_pin(g, 1, 10.5, 4.0);		/* 1.5 from the mortar at (10, 2) */
	tu_pin(g, 2, 14.3, 3.5);		/* about 4 off, side by side */
	tu_pin(g, 3, 14.3, 4.2);
	ck_assert_int_eq(game_place(g, TOWER_MORTAR, 10, 2), GAME_OK);
	ck_assert_int_eq(game_target(g, 10, 2, TOWER_TARGET_CLOSEST), GAME_OK);
	for (k = 0; k < 3 * GAME_RATE && g->units[tu_enemy_index(g, 2)].hp == 50;
	    k++)
		game_tick(g);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 1)].hp, 50);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 2)].hp, 50 - st->damage);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 3)].hp, 50 - st->damage);
	/* Alone in its blind ring, an enemy is never shot at. */
	tu_pin(g, 2, 11.5, 3.0);
	tu_pin(g, 3, 9.0, 3.5);
	for (k = 0; k < 10 * GAME_RATE; k++)
		game_tick(g);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 1)].hp, 50);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 2)].hp, 50 - st->damage);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 3)].hp, 50 - st->damage);
	tu_say("mortar shell burst after %d ticks\n", k);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_slow_arithmetic)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 0\ngroup 1 grunt "
	    "from A every 0\n");
	struct game *g = game_new(lv, 1, false);
	const struct tower_stats *st = &tower_types[TOWER_FROST].level[0];
	int k, i, tx, ty;
	double full = enemy_types[ENEMY_GRUNT].speed;

	send_first_wave(g);
	for (k = 0; k < 3 * GAME_RATE; k++)
		game_tick(g);
	i = tu_enemy_index(g, 1);
	ck_assert(g->agents[i].max_speed == full);
	/* A frost tower two cells off: one pulse, then it is sold. */
	tx = (int)g->agents[i].pos.x;
	ty = (int)g->agents[i].pos.y - 2;
	ck_assert_int_eq(game_place(g, TOWER_FROST, tx, ty), GAME_OK);
	game_tick(g);
	i = tu_enemy_index(g, 1);
	ck_assert_int_eq(g->units[i].hp, 50 - st->damage);
	ck_assert_int_eq(g->units[i].slow_pct, st->slow_pct);
	ck_assert_int_eq(g->units[i].slow_ticks, st->slow_ticks);
	ck_assert_int_eq(game_sell(g, tx, ty), GAME_OK);
	game_tick(g);
	i = tu_enemy_index(g, 1);
	ck_assert(fabs(g->agents[i].max_speed - full * st->slow_pct / 100.0) <
	    1e-12);
	ck_assert(vec_len(g->agents[i].vel) <= full * st->slow_pct / 100.0 +
	    1e-9);
	for (k = 0; k < st->slow_ticks; k++)
		game_tick(g);
	i = tu_enemy_index(g, 1);
	ck_assert(g->agents[i].max_speed == full);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_chain_arithmetic)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 0\ngroup 4 grunt "
	    "from A every 0\n");
	struct game *g = game_new(lv, 1, false);

	send_first_wave(g);
	tu_pin(g, 1, 7.5, 4.5);		/* first hit, 2 from the tower */
	tu_pin(g, 2, 8.9, 4.5);		/* 1.4 on */
	tu_pin(g, 3, 10.3, 4.5);		/* 1.4 on */
	tu_pin(g, 4, 12.6, 4.5);		/* 2.3 on: too far to jump */
	ck_assert_int_eq(game_place(g, TOWER_TESLA, 7, 2), GAME_OK);
	ck_assert_int_eq(game_target(g, 7, 2, TOWER_TARGET_CLOSEST), GAME_OK);
	game_tick(g);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 1)].hp, 50 - 25);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 2)].hp, 50 - 18);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 3)].hp, 50 - 13);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 4)].hp, 50);
	game_free(g);
	level_free(lv);
}
END_TEST

/* --- leaks, winning, losing --- */

START_TEST(test_leaks_cost_lives)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 0\ngroup 2 grunt "
	    "from A every 0.5\ngroup 1 brute from A\n");
	struct game *g = game_new(lv, 1, false);
	struct tu_rec *r = xcalloc(1, sizeof *r);
	int k;

	game_set_events(g, tu_rec_event, r);
	for (k = 0; k < 120 * GAME_RATE && g->leaked < 3; k++)
		game_tick(g);
	ck_assert_int_eq(g->leaked, 3);
	ck_assert_int_eq(tu_rec_count(r, GAME_EV_LEAK), 3);
	ck_assert_int_eq(g->lives, 10 - 1 - 1 - 2);
	ck_assert_int_eq(g->nenemies, 0);
	/* Each leak says the exit it left by, and is counted by kind. */
	for (k = 0; k < r->n; k++) {
		if (r->ev[k].type != GAME_EV_LEAK)
			continue;
		ck_assert_int_eq(r->ev[k].x, 21);
		ck_assert_int_eq(r->ev[k].y, 4);
	}
	ck_assert_int_eq(g->leaked_by[ENEMY_GRUNT], 2);
	ck_assert_int_eq(g->leaked_by[ENEMY_BRUTE], 1);
	ck_assert_int_eq(g->leaked_by[ENEMY_RUNNER], 0);
	/* Every enemy leaked and none was killed: cleared, and won. */
	ck_assert_int_eq(g->state, GAME_WON);
	ck_assert_int_eq(g->score, 50 + 100 * 6);
	tu_say("three leaks after %d ticks\n", k);
	free(r);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_win)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 0\ngroup 1 grunt "
	    "from A\n");
	struct game *g = game_new(lv, 1, false);
	struct tu_rec *r = xcalloc(1, sizeof *r);
	struct game_summary s;
	int k;

	game_set_events(g, tu_rec_event, r);
	ck_assert_int_eq(game_place(g, TOWER_SNIPER, 10, 2), GAME_OK);
	for (k = 0; k < 60 * GAME_RATE && !game_over(g); k++)
		game_tick(g);
	ck_assert_int_eq(g->state, GAME_WON);
	ck_assert_int_eq(tu_rec_count(r, GAME_EV_END), 1);
	game_summary(g, &s);
	ck_assert_int_eq(s.killed, 1);
	ck_assert_int_eq(s.leaked, 0);
	ck_assert_int_eq(s.waves_cleared, 1);
	ck_assert_int_eq(s.waves_total, 1);
	ck_assert_int_eq(s.lives, 10);
	ck_assert_int_eq(s.score, 10 * 4 + 50 + 100 * 10);
	ck_assert_int_eq(s.gold, 1000 - 70 + 4 + 15);
	ck_assert_int_eq(s.ticks, g->tick);
	/* Nothing moves after the end. */
	game_tick(g);
	ck_assert_int_eq(g->tick, s.ticks);
	free(r);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_loss)
{
	struct level *lv = tu_level("weir-level 1\ntitle Short\ngold 10\n"
	    "lives 2\nmap\n#####\nA...>\n#####\nend\nwave\ngroup 3 runner "
	    "from A every 0.2\nwave after 10\ngroup 1 grunt from A\n");
	struct game *g = game_new(lv, 1, false);
	struct tu_rec *r = xcalloc(1, sizeof *r);
	int k;

	game_set_events(g, tu_rec_event, r);
	for (k = 0; k < 30 * GAME_RATE && !game_over(g); k++)
		game_tick(g);
	ck_assert_int_eq(g->state, GAME_LOST);
	ck_assert_int_eq(g->lives, 0);
	ck_assert_int_eq(g->leaked, 2);
	ck_assert_int_eq(tu_rec_count(r, GAME_EV_END), 1);
	ck_assert_int_eq(game_place(g, TOWER_WALL, 2, 1), GAME_ENDED);
	ck_assert_int_eq(game_call_wave(g), GAME_ENDED);
	ck_assert_str_eq(game_reason_name(GAME_ENDED), "game over");
	free(r);
	game_free(g);
	level_free(lv);
}
END_TEST

/* --- movement --- */

/* Whether path movers' waypoint paths are clear and end at an exit. */
static void
check_paths(const struct game *g, int x, int y)
{
	int i, k, n = 0;

	for (i = 0; i < g->nunits; i++) {
		const struct steer_agent *a = &g->agents[i];
		struct point last;

		if (g->units[i].kind != GAME_UNIT_ENEMY ||
		    g->units[i].mover != ENEMY_PATH)
			continue;
		ck_assert_int_gt(a->npath, 0);
		for (k = 0; k < a->npath; k++) {
			ck_assert(!(a->path[k].x == x && a->path[k].y == y));
			ck_assert(grid_open(&g->grid, a->path[k].x,
			    a->path[k].y));
			if (k > 0)
				ck_assert(los_ray_clear(&g->grid,
				    a->path[k - 1].x, a->path[k - 1].y,
				    a->path[k].x, a->path[k].y));
		}
		last = a->path[a->npath - 1];
		ck_assert_int_eq(g->field->dir[grid_index(&g->grid, last.x,
		    last.y)], FIELD_DIR_GOAL);
		n++;
	}
	ck_assert_int_gt(n, 0);
}

START_TEST(test_paths_recut_on_placement)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 0\ngroup 3 grunt "
	    "from A every 0.5\n");
	struct game *g = game_new(lv, 1, false);
	double before;
	unsigned gen;
	int k, y;

	for (k = 0; k < 3 * GAME_RATE; k++)
		game_tick(g);
	check_paths(g, -1, -1);
	/* A wall across the field ahead of them, leaving a gap at the top. */
	before = field_distance(g->field, 0, 4);
	for (y = 2; y <= 7; y++) {
		gen = g->map_gen;
		ck_assert_int_eq(game_place(g, TOWER_WALL, 12, y), GAME_OK);
		ck_assert_uint_eq(g->map_gen, gen + 1);
		check_paths(g, 12, y);
	}
	/* The flow field has changed at once: the way round is longer. */
	ck_assert(field_distance(g->field, 0, 4) > before + 1.0);
	ck_assert(isinf(field_distance(g->field, 12, 4)));
	for (k = 0; k < 40 * GAME_RATE && !game_over(g); k++)
		game_tick(g);
	ck_assert_int_eq(g->leaked, 3);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_flyers_cross_the_maze)
{
	/* Walls force a long walk; a flyer goes straight over them. */
	struct level *lv = tu_level("weir-level 1\ntitle Maze\ngold 0\n"
	    "lives 10\nmap\n"
	    "#############\n"
	    "A..#...#...##\n"
	    "##.#.#.#.#.##\n"
	    "##.#.#.#.#.##\n"
	    "##...#...#..>\n"
	    "#############\nend\n"
	    "wave\ngroup 1 flyer from A\ngroup 1 grunt from A\n");
	struct game *g = game_new(lv, 1, false);
	struct tu_rec *r = xcalloc(1, sizeof *r);
	double straight = vec_dist(vec_make(0.5, 1.5), vec_make(12.5, 4.5));
	long flyer_t = -1, grunt_t = -1;
	int k, e;

	game_set_events(g, tu_rec_event, r);
	for (k = 0; k < 120 * GAME_RATE && !game_over(g); k++)
		game_tick(g);
	for (e = 0; e < r->n; e++) {
		if (r->ev[e].type != GAME_EV_LEAK)
			continue;
		if (r->ev[e].enemy == ENEMY_FLYER)
			flyer_t = r->ev[e].tick;
		if (r->ev[e].enemy == ENEMY_GRUNT)
			grunt_t = r->ev[e].tick;
	}
	ck_assert_int_gt(flyer_t, 0);
	ck_assert_int_gt(grunt_t, 0);
	tu_say("flyer %ld ticks (straight line %.1f s), grunt %ld\n", flyer_t,
	    straight / enemy_types[ENEMY_FLYER].speed, grunt_t);
	ck_assert(flyer_t < 1.6 * straight /
	    enemy_types[ENEMY_FLYER].speed * GAME_RATE);
	ck_assert(flyer_t < grunt_t);
	free(r);
	game_free(g);
	level_free(lv);
}
END_TEST

/*
 * How far a lone grunt (waypoint path) and a lone runner (flow field) walk
 * from spawn A in the corner of an open 10 x 5 field to the exit in the
 * opposite corner, with 4- or 8-way movement.
 */
static void
walk_corner_to_corner(const char *movement, double *grunt, double *runner)
{
	char text[512];
	struct level *lv;
	struct game *g;
	struct vec last[2];
	double walked[2] = { 0, 0 };
	bool seen[2] = { false, false };

	snprintf(text, sizeof text, "weir-level 1\ntitle Corner\ngold 0\n"
	    "lives 10\nmovement %s\nmap\n"
	    "A.........\n..........\n..........\n..........\n"
	    ".........>\nend\n"
	    "wave\ngroup 1 grunt from A\ngroup 1 runner from A after 4\n",
	    movement);
	lv = tu_level(text);
	g = game_new(lv, 1, false);
	while (!game_over(g) && g->tick < 60 * GAME_RATE) {
		game_tick(g);
		for (int i = 0; i < g->nunits; i++) {
			int k = g->units[i].type == ENEMY_RUNNER;

			if (g->units[i].kind != GAME_UNIT_ENEMY)
				continue;
			if (seen[k])
				walked[k] += vec_dist(last[k], g->agents[i].pos);
			last[k] = g->agents[i].pos;
			seen[k] = true;
		}
	}
	ck_assert_int_eq(g->leaked, 2);
	*grunt = walked[0];
	*runner = walked[1];
	game_free(g);
	level_free(lv);
}

START_TEST(test_four_way_enemies_walk_rows_and_columns)
{
	double g4, r4, g8, r8;

	/*
	 * The 4-way route is 9 cells along and 4 down, the 8-way one 4
	 * diagonal steps and 5 straight, or a straight line of 9.8 where all
	 * is open. Both walkers stop at the exit cell's edge, half a cell
	 * short. Sight must not let a 4-way walker cut the corner.
	 */
	walk_corner_to_corner("4", &g4, &r4);
	walk_corner_to_corner("8", &g8, &r8);
	tu_say("corner to corner: 4-way grunt %.2f runner %.2f, 8-way grunt "
	    "%.2f runner %.2f\n", g4, r4, g8, r8);
	ck_assert(g4 > 11.8 && g4 < 13.5);
	ck_assert(r4 > 11.8 && r4 < 13.5);
	ck_assert(g8 < 10.5);
	ck_assert(r8 < 10.5);
}
END_TEST

START_TEST(test_escorts_hold_formation)
{
	struct level *lv = tu_level(OPEN_MAP "wave\ngroup 1 boss from A\n"
	    "group 4 escort from A every 0.5 after 0.5\n");
	struct game *g = game_new(lv, 1, false);
	int k, i, held = 0, samples = 0;
	double sum = 0.0, worst = 0.0, d;

	for (k = 0; k < 8 * GAME_RATE; k++)
		game_tick(g);
	for (k = 0; k < 12 * GAME_RATE && !game_over(g); k++) {
		game_tick(g);
		for (i = 0; i < g->nunits; i++) {
			const struct steer_agent *a = &g->agents[i], *b;
			struct vec slot;

			if (g->units[i].type != ENEMY_ESCORT ||
			    a->target < 0)
				continue;
			b = &g->agents[a->target];
			ck_assert_int_eq(g->units[a->target].type,
			    ENEMY_BOSS);
			slot = vec_add(b->pos, vec_to_world(a->offset,
			    b->heading));
			d = vec_dist(slot, a->pos);
			samples++;
			held += d < 0.5;
			sum += d;
			worst = fmax(worst, d);
		}
	}
	tu_say("escorts within 0.5 of their slot in %d of %d samples, mean "
	    "%.3f, worst %.3f\n", held, samples, sum / samples, worst);
	ck_assert_int_gt(samples, 4 * 6 * GAME_RATE);
	ck_assert(held >= samples * 9 / 10);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_escorts_go_loose_without_boss)
{
	struct level *lv = tu_level(OPEN_MAP "wave\ngroup 1 boss from A\n"
	    "group 2 escort from A every 0.5 after 0.5\n");
	struct game *g = game_new(lv, 1, false);
	int k, i;

	for (k = 0; k < 3 * GAME_RATE; k++)
		game_tick(g);
	/* Leave the boss 1 hit point and a sniper aimed at the weakest. */
	i = tu_enemy_index(g, 1);
	g->units[i].hp = 1;
	ck_assert_int_eq(game_place(g, TOWER_SNIPER,
	    (int)g->agents[i].pos.x, 1), GAME_OK);
	ck_assert_int_eq(game_target(g, (int)g->agents[i].pos.x, 1,
	    TOWER_TARGET_WEAKEST), GAME_OK);
	game_tick(g);
	ck_assert_int_eq(tu_enemy_index(g, 1), -1);
	game_tick(g);
	for (i = 0; i < g->nunits; i++) {
		if (g->units[i].type != ENEMY_ESCORT)
			continue;
		ck_assert_int_eq(g->agents[i].target, -1);
		ck_assert_int_eq(g->agents[i].type, ENEMY_STEER_LOOSE);
	}
	for (k = 0; k < 60 * GAME_RATE && !game_over(g); k++)
		game_tick(g);
	ck_assert(game_over(g));
	game_free(g);
	level_free(lv);
}
END_TEST

/* The boss (agent index) escort unit i is attached to, or -1. */
static int
escort_boss(const struct game *g, int i)
{
	return g->units[i].boss != 0 ? tu_enemy_index(g, g->units[i].boss) : -1;
}

START_TEST(test_escorts_find_their_own_waves_boss)
{
	/*
	 * Wave 1 lists its escorts above its boss, so both come in the same
	 * tick with the escorts first; wave 2 has escorts and no boss.
	 */
	struct level *lv = tu_level(OPEN_MAP "wave\ngroup 3 escort from A\n"
	    "group 1 boss from A\nwave after 1\ngroup 2 escort from A\n");
	struct game *g = game_new(lv, 1, false);
	int k, i, boss = -1, joined = 0, other = 0;

	game_call_wave(g);
	for (k = 0; k < 2 * GAME_RATE; k++)
		game_tick(g);
	game_call_wave(g);
	for (k = 0; k < 2 * GAME_RATE; k++)
		game_tick(g);
	for (i = 0; i < g->nunits; i++)
		if (g->units[i].type == ENEMY_BOSS)
			boss = i;
	ck_assert_int_ge(boss, 0);
	for (i = 0; i < g->nunits; i++) {
		if (g->units[i].type != ENEMY_ESCORT)
			continue;
		if (g->units[i].wave == 1) {
			/* Taken on by its wave's boss, sent just after it. */
			ck_assert_int_eq(escort_boss(g, i), boss);
			ck_assert_int_eq(g->agents[i].target, boss);
			ck_assert_int_eq(g->agents[i].type,
			    ENEMY_ESCORT);
			joined++;
		} else {
			/* Wave 1's boss is not its boss. */
			ck_assert_int_eq(g->units[i].boss, 0);
			ck_assert_int_eq(g->agents[i].target, -1);
			ck_assert_int_eq(g->agents[i].type, ENEMY_STEER_LOOSE);
			other++;
		}
	}
	ck_assert_int_eq(joined, 3);
	ck_assert_int_eq(other, 2);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_homing_bolts_hit_runners)
{
	struct level *lv = tu_level(OPEN_MAP "wave\ngroup 6 runner from A "
	    "every 0.8\n");
	struct game *g = game_new(lv, 1, false);
	struct tu_rec *r = xcalloc(1, sizeof *r);
	int k, chasing = 0;

	game_set_events(g, tu_rec_event, r);
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 8, 3), GAME_OK);
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 12, 5), GAME_OK);
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 16, 3), GAME_OK);
	for (k = 0; k < 60 * GAME_RATE && !game_over(g); k++) {
		game_tick(g);
		if (g->nshots > 0)
			chasing++;
	}
	tu_say("runners killed %d of 6, bolts in flight %d ticks\n", g->killed,
	    chasing);
	ck_assert_int_gt(chasing, 0);
	ck_assert_int_ge(g->killed, 3);
	ck_assert_int_eq(g->killed + g->leaked, 6);
	free(r);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_skulkers_flee_and_evade)
{
	struct level *lv = tu_level(OPEN_MAP "wave\ngroup 1 skulker from A\n");
	struct game *g = game_new(lv, 1, false);
	int k, i, evaded = 0, panicked = 0;

	ck_assert_int_eq(game_place(g, TOWER_ARROW, 10, 3), GAME_OK);
	for (k = 0; k < 30 * GAME_RATE && !game_over(g); k++) {
		game_tick(g);
		if ((i = tu_enemy_index(g, 1)) < 0)
			break;
		if (g->agents[i].type == ENEMY_SKULKER &&
		    g->agents[i].target >= 0) {
			ck_assert_int_eq(g->units[g->agents[i].target].kind,
			    GAME_UNIT_SHOT);
			ck_assert_int_eq(g->units[g->agents[i].target].target,
			    1);
			evaded++;
		}
		/* A tick after the hit it runs from the tower. */
		if (g->units[i].panic_ticks > 0 &&
		    g->units[i].panic_ticks < ENEMY_PANIC_TICKS) {
			ck_assert_int_eq(g->agents[i].type,
			    ENEMY_STEER_PANIC);
			ck_assert(g->agents[i].goal.x == 10.5 &&
			    g->agents[i].goal.y == 3.5);
			panicked++;
		}
	}
	tu_say("skulker evading %d ticks, fleeing %d\n", evaded, panicked);
	ck_assert_int_gt(evaded, 0);
	ck_assert_int_gt(panicked, 0);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_every_behaviour_in_play)
{
	struct steer_type types[ENEMY_NSTEER];
	uint32_t used = 0;
	bool combiner[3] = { false, false, false };
	int t;

	enemy_steer_types(types);
	for (t = 0; t < ENEMY_NSTEER; t++) {
		used |= types[t].behaviours;
		combiner[types[t].combiner] = true;
	}
	ck_assert_uint_eq(used, STEER_BIT(STEER_NBEHAVIOURS) - 1);
	ck_assert(combiner[STEER_WEIGHTED_SUM]);
	ck_assert(combiner[STEER_PRIORITISED]);
	ck_assert(combiner[STEER_DITHERED]);
	/* The movers: flyers ignore walls, everyone else is stopped by them. */
	for (t = 0; t < ENEMY_NKINDS; t++)
		ck_assert(types[t].ground == (enemy_types[t].mover !=
		    ENEMY_FLY));
	ck_assert(!types[ENEMY_STEER_BOLT].ground);
	ck_assert(!types[ENEMY_STEER_SHELL].ground);
}
END_TEST

/*
 * Ground enemies keep apart from (and flock with) ground enemies only: a
 * homing shot flying past or a flyer overhead never pushes them aside.
 */
START_TEST(test_ground_enemies_ignore_shots_and_flyers)
{
	struct steer_type types[ENEMY_NSTEER];
	const uint32_t flocking = STEER_BIT(STEER_SEPARATION) |
	    STEER_BIT(STEER_ALIGNMENT) | STEER_BIT(STEER_COHESION);
	int t, u, checked = 0;

	enemy_steer_types(types);
	for (t = 0; t < ENEMY_NSTEER; t++) {
		if ((types[t].behaviours & flocking) == 0)
			continue;
		checked++;
		ck_assert_msg(types[t].ground, "type %d flocks in the air", t);
		for (u = 0; u < ENEMY_NSTEER; u++) {
			bool ground_enemy = types[u].ground &&
			    u != ENEMY_STEER_BOLT && u != ENEMY_STEER_SHELL;

			ck_assert_msg(((types[t].flock_with >> u) & 1) ==
			    (ground_enemy ? 1u : 0u), "type %d %s type %d", t,
			    ground_enemy ? "ignores" : "flocks with", u);
		}
	}
	ck_assert_int_ge(checked, 5);
}
END_TEST

/* --- scripts --- */

START_TEST(test_script_parses)
{
	const char *text = "# a comment\n"
	    "0 place wall 3 4\n"
	    "  10\tupgrade -1 2   # trailing comment\r\n"
	    "\n"
	    "10 sell 3 4\n"
	    "25 target 5 6 strongest\n"
	    "30 wave";
	char err[256], line[128];
	struct script *s = script_parse("s", text, strlen(text), err,
	    sizeof err);
	int k;

	ck_assert_msg(s != NULL, "%s", err);
	ck_assert_int_eq(s->ncmds, 5);
	ck_assert_int_eq(s->cmds[0].type, GAME_CMD_PLACE);
	ck_assert_int_eq(s->cmds[0].tower, TOWER_WALL);
	ck_assert_int_eq(s->cmds[0].x, 3);
	ck_assert_int_eq(s->cmds[0].y, 4);
	ck_assert_int_eq(s->cmds[1].type, GAME_CMD_UPGRADE);
	ck_assert_int_eq(s->cmds[1].tick, 10);
	ck_assert_int_eq(s->cmds[1].x, -1);
	ck_assert_int_eq(s->cmds[3].mode, TOWER_TARGET_STRONGEST);
	ck_assert_int_eq(s->cmds[4].type, GAME_CMD_WAVE);
	ck_assert_int_eq(s->cmds[4].tick, 30);
	/* Formatting gives back lines that parse to the same command. */
	for (k = 0; k < s->ncmds; k++) {
		struct game_cmd c;
		size_t col;
		char msg[128];

		script_format(&s->cmds[k], line, sizeof line);
		ck_assert_int_eq(script_parse_line(line, strlen(line), &c, &col,
		    msg, sizeof msg), 1);
		ck_assert(memcmp(&c, &s->cmds[k], sizeof c) == 0);
	}
	script_free(s);
}
END_TEST

/* The error script_parse gives for text. */
static const char *
script_error(const char *text)
{
	static char err[256];
	struct script *s = script_parse("t.script", text, strlen(text), err,
	    sizeof err);

	ck_assert_msg(s == NULL, "'%s' parsed", text);
	return err;
}

/* "PREFIX(expected LIST)" with LIST one of the registry's name lists. */
static const char *
expected(const char *prefix, size_t (*list)(char *, size_t))
{
	static char msg[512];
	char names[KIND_LIST_MAX];

	list(names, sizeof names);
	snprintf(msg, sizeof msg, "%s(expected %s)", prefix, names);
	return msg;
}

START_TEST(test_script_errors)
{
	ck_assert_str_eq(script_error("x place wall 1 1\n"), "t.script:1:1: "
	    "expected a tick number at the start of the line, found 'x'");
	ck_assert_str_eq(script_error("\n5 build wall 1 1\n"), expected(
	    "t.script:2:3: unknown command 'build' ", cmd_list));
	ck_assert_str_eq(script_error("5 place moat 1 1\n"), expected(
	    "t.script:1:9: unknown tower type 'moat' ", tower_list));
	ck_assert_str_eq(script_error("5 place wall 1\n"), "t.script:1:15: "
	    "expected the Y coordinate after 'X'");
	ck_assert_str_eq(script_error("5 sell 1 1.5\n"), "t.script:1:10: "
	    "expected a whole number for Y, found '1.5'");
	ck_assert_str_eq(script_error("5 target 1 1 best\n"), "t.script:1:14: "
	    "unknown targeting mode 'best' (expected first, last, strongest, "
	    "weakest or closest)");
	ck_assert_str_eq(script_error("5 wave now\n"), "t.script:1:8: "
	    "unexpected 'now': expected end of line");
	ck_assert_str_eq(script_error("9 wave\n5 wave\n"), "t.script:2:1: "
	    "tick 5 comes before tick 9 of line 1: commands must be in time "
	    "order");
	ck_assert_str_eq(script_error("9 wave\n \t5 wave\n"), "t.script:2:3: "
	    "tick 5 comes before tick 9 of line 1: commands must be in time "
	    "order");
	ck_assert_str_eq(script_error("99999999999 wave\n"), "t.script:1:1: "
	    "tick out of range: expected 0 to 2147483647, found '99999999999'");
	ck_assert_str_eq(script_error("5 wave\n6 wa\x01ve\n"), "t.script:2:5: "
	    "invalid byte 0x01: expected text");
	ck_assert_str_eq(script_error("5\n"), "t.script:1:2: expected a "
	    "command after the tick (place, upgrade, sell, target, wave, "
	    "hero, undo, power, specialise, line, upgrade-all or "
	    "upgrade-area)");
}
END_TEST

/* --- determinism, traces, saves --- */

/* Play lv with the bot from seed to the end; the hash after every tick. */
static int
play_bot(const struct level *lv, uint64_t seed, uint64_t *hashes, int max,
    FILE *trace)
{
	struct game *g = game_new(lv, seed, false);
	struct bot *b = bot_new(g);
	struct trace_sink sink = { trace, g };
	int n = 0;

	if (trace != NULL)
		game_set_events(g, trace_callback, &sink);
	while (!game_over(g) && n < max) {
		bot_act(b, g);
		game_tick(g);
		if (trace != NULL && g->tick % 20 == 0)
			trace_snapshot(trace, g);
		hashes[n++] = game_hash(g);
	}
	bot_free(b);
	game_free(g);
	return n;
}

START_TEST(test_deterministic)
{
	struct level *lv = level_load(tu_srcpath("levels/twin-gates.weir"),
	    NULL, 0);
	uint64_t *h1 = xcalloc(20000, sizeof *h1), *h2 = xcalloc(20000,
	    sizeof *h2), *h3 = xcalloc(20000, sizeof *h3);
	char *t1, *t2, *t3;
	size_t n1, n2, n3;
	FILE *f1, *f2, *f3;
	int a, b, c, k;

	ck_assert_ptr_nonnull(lv);
	f1 = open_memstream(&t1, &n1);
	f2 = open_memstream(&t2, &n2);
	f3 = open_memstream(&t3, &n3);
	a = play_bot(lv, 5, h1, 20000, f1);
	b = play_bot(lv, 5, h2, 20000, f2);
	c = play_bot(lv, 6, h3, 20000, f3);
	fclose(f1);
	fclose(f2);
	fclose(f3);
	ck_assert_int_eq(a, b);
	for (k = 0; k < a; k++)
		ck_assert_msg(h1[k] == h2[k], "diverged at tick %d", k + 1);
	ck_assert_uint_eq(n1, n2);
	ck_assert(memcmp(t1, t2, n1) == 0);
	/* Another seed plays another game: the snapshots differ. */
	for (k = 0; k < (int)n1 && k < (int)n3 && t1[k] == t3[k]; k++)
		;
	ck_assert_int_lt(k, (int)n1);
	ck_assert_int_gt(c, 0);
	tu_say("twin gates: %d ticks, %zu bytes of trace; seed 6's trace "
	    "differs from byte %d\n", a, n1, k);
	free(t1);
	free(t2);
	free(t3);
	free(h1);
	free(h2);
	free(h3);
	level_free(lv);
}
END_TEST

START_TEST(test_save_resume_equals_uninterrupted)
{
	const char *path = tu_srcpath("levels/marsh-road.weir");
	struct level *lv = level_load(path, NULL, 0);
	uint64_t *h = xcalloc(20000, sizeof *h), level_hash;
	char dir[] = "/tmp/check_game.XXXXXX", file[256], err[512];
	struct game *g, *r;
	struct bot *b;
	struct save *sv;
	DIR *d;
	struct dirent *de;
	int n, files = 0;
	const long stop = 2500;

	ck_assert_ptr_nonnull(lv);
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(file, sizeof file, "%s/game.save", dir);
	n = play_bot(lv, 11, h, 20000, NULL);
	ck_assert_int_gt(n, stop + 100);
	ck_assert_int_eq(save_hash_file(path, &level_hash, err, sizeof err), 0);

	/* Play to the stop and save (twice: the second replaces the first). */
	g = game_new(lv, 11, false);
	b = bot_new(g);
	while (g->tick < stop) {
		bot_act(b, g);
		game_tick(g);
	}
	ck_assert_int_eq(save_write(file, path, level_hash, 11, g, err,
	    sizeof err), 0);
	ck_assert_int_eq(save_write(file, path, level_hash, 11, g, err,
	    sizeof err), 0);
	game_free(g);
	bot_free(b);
	d = opendir(dir);
	while ((de = readdir(d)) != NULL)
		files += de->d_name[0] != '.';
	closedir(d);
	ck_assert_int_eq(files, 1);	/* no temporary file left */

	/* Load, replay, and play on: the same game tick for tick. */
	sv = save_read(file, err, sizeof err);
	ck_assert_msg(sv != NULL, "%s", err);
	ck_assert_str_eq(sv->level, path);
	ck_assert(sv->level_hash == level_hash);
	ck_assert_int_eq(sv->tick, stop);
	r = game_new(lv, sv->seed, sv->sandbox);
	ck_assert_int_eq(save_replay(r, sv, err, sizeof err), 0);
	ck_assert(game_hash(r) == h[stop - 1]);
	b = bot_new(r);
	while (!game_over(r)) {
		bot_act(b, r);
		game_tick(r);
		ck_assert_msg(game_hash(r) == h[r->tick - 1], "diverged at "
		    "tick %ld", r->tick);
	}
	ck_assert_int_eq(r->tick, n);
	tu_say("saved at %ld with %d commands, resumed to %d\n", stop, sv->ncmds,
	    n);
	bot_free(b);
	game_free(r);
	save_free(sv);
	unlink(file);
	rmdir(dir);
	free(h);
	level_free(lv);
}
END_TEST

/* The error save_read gives for a file holding text. */
static const char *
save_error(const char *text)
{
	static char err[512];
	char path[] = "/tmp/check_game_save.XXXXXX";
	int fd = mkstemp(path);
	struct save *s;

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	s = save_read(path, err, sizeof err);
	unlink(path);
	ck_assert_msg(s == NULL, "'%s' read", text);
	/* Drop the temporary name: "PATH:" */
	return strchr(err, ':') + 1;
}

START_TEST(test_save_errors)
{
	ck_assert_str_eq(save_error("hello\n"), "1:1: expected 'weir-save 1' "
	    "at the start of the file");
	ck_assert_str_eq(save_error("weir-save 1\nlevel x\nlevel-hash 12\n"),
	    "3:12: expected 16 hex digits after 'level-hash'");
	ck_assert_str_eq(save_error("weir-save 1\nlevel x\nlevel-hash "
	    "0123456789abcdef\nseed 1\nsandbox 2\n"), "5:9: 'sandbox' out of "
	    "range");
	ck_assert_str_eq(save_error("weir-save 1\nlevel x\nlevel-hash "
	    "0123456789abcdef\nseed 1\nsandbox 0\ntick 10\ncommands 1\n"
	    "5 place moat 1 1\nend\n"), expected("8:9: unknown tower type "
	    "'moat' ", tower_list));
	ck_assert_str_eq(save_error("weir-save 1\nlevel x\nlevel-hash "
	    "0123456789abcdef\nseed 1\nsandbox 0\ntick 10\ncommands 1\n"
	    "50 wave\nend\n"), "8:1: command out of time order");
	ck_assert_str_eq(save_error("weir-save 1\nlevel x\nlevel-hash "
	    "0123456789abcdef\nseed 1\nsandbox 0\ntick 10\ncommands 2\n"
	    "5 wave\n"), "9:1: expected 1 more command lines, found end of "
	    "file");
}
END_TEST

/* --- long random games --- */

/* Fail if a ground enemy's disc overlaps a blocked cell. */
static void
check_no_enemy_in_walls(const struct game *g)
{
	int i;

	for (i = 0; i < g->nunits; i++) {
		const struct steer_agent *a = &g->agents[i];

		if (g->units[i].kind != GAME_UNIT_ENEMY ||
		    g->units[i].mover == ENEMY_FLY)
			continue;
		ck_assert_msg(!steer_overlaps_wall(&g->grid, a->pos, a->radius),
		    "tick %ld: %s %d at %.3f,%.3f overlaps a blocked cell",
		    g->tick, enemy_name(g->units[i].type),
		    g->units[i].id, a->pos.x, a->pos.y);
	}
}

/* Fail if the snapshot line shows a ground enemy in a blocked cell. */
static int
check_snapshot(const struct game *g, const char *line)
{
	const char *p = line;
	int n = 0;

	while ((p = strstr(p, "\"mover\":\"")) != NULL) {
		double x, y;
		bool fly = strncmp(p + 9, "fly", 3) == 0;

		p = strstr(p, "\"x\":");
		ck_assert_ptr_nonnull(p);
		ck_assert_int_eq(sscanf(p, "\"x\":%lf,\"y\":%lf", &x, &y), 2);
		if (!fly)
			ck_assert_msg(grid_open(&g->grid, (int)floor(x),
			    (int)floor(y)), "snapshot at tick %ld: ground "
			    "enemy in blocked cell %d,%d", g->tick,
			    (int)floor(x), (int)floor(y));
		n++;
	}
	return n;
}

START_TEST(test_random_games_never_in_walls)
{
	static const char *levels[] = { "levels/meadow.weir",
	    "levels/marsh-road.weir", "levels/twin-gates.weir" };
	uint64_t rng = 0x5eed + (uint64_t)_i;
	struct level *lv = level_load(tu_srcpath(levels[_i % 3]), NULL, 0);
	struct game *g;
	char *buf = NULL;
	size_t len = 0;
	long placed = 0, refused = 0, sold = 0, shown = 0, compared = 0;
	struct field *fresh;
	unsigned gen;
	FILE *f;

	ck_assert_ptr_nonnull(lv);
	g = game_new(lv, rng, true);
	fresh = field_new(g->w, g->h);
	gen = g->map_gen;
	g->lives = 1000;	/* long games: play every wave out */
	while (!game_over(g) && g->tick < 20000) {
		int r = tu_randint(&rng, 1000);

		if (r < 40) {
			int x = tu_randint(&rng, g->w), y = tu_randint(&rng,
			    g->h);

			if (game_place(g, tu_randint(&rng, TOWER_NTYPES), x,
			    y) == GAME_OK)
				placed++;
			else
				refused++;
		} else if (r < 52 && g->nstanding > 0) {
			int t = tu_randint(&rng, g->ntowers);

			if (g->towers[t].used && game_sell(g, g->towers[t].x,
			    g->towers[t].y) == GAME_OK)
				sold++;
		} else if (r < 54)
			game_call_wave(g);
		check_no_enemy_in_walls(g);
		if (g->map_gen != gen && g->map_gen % 7 == 0) {
			/* The repaired field is the field a rebuild gives. */
			field_build(fresh, &g->grid, g->goals, g->ngoals);
			ck_assert(memcmp(fresh->dist, g->field->dist,
			    fresh->ncells * sizeof *fresh->dist) == 0);
			ck_assert(memcmp(fresh->dir, g->field->dir,
			    fresh->ncells * sizeof *fresh->dir) == 0);
			compared++;
		}
		gen = g->map_gen;
		game_tick(g);
		check_no_enemy_in_walls(g);
		if (g->tick % 15 == 0) {
			f = open_memstream(&buf, &len);
			trace_snapshot(f, g);
			fclose(f);
			shown += check_snapshot(g, buf);
			free(buf);
			buf = NULL;
		}
	}
	tu_say("%s: %ld ticks, %ld placed, %ld refused, %ld sold, %ld enemy "
	    "positions checked, %ld fields compared, %s\n", levels[_i % 3],
	    g->tick, placed, refused, sold, shown, compared,
	    game_state_name(g->state));
	ck_assert_int_gt(placed, 10);
	ck_assert_int_gt(compared, 0);
	field_free(fresh);
	ck_assert_int_gt(shown, 100);
	game_free(g);
	level_free(lv);
}
END_TEST

static Suite *
game_suite(void)
{
	Suite *s = suite_create("game");
	TCase *tc;

	tc = tcase_create("refusals");
	tcase_add_test(tc, test_refuse_out_of_map);
	tcase_add_test(tc, test_wave_eta_and_kinds_seen);
	tcase_add_test(tc, test_tower_stats);
	tcase_add_test(tc, test_refuse_not_buildable);
	tcase_add_test(tc, test_refuse_occupied_by_tower);
	tcase_add_test(tc, test_refuse_occupied_by_enemy);
	tcase_add_test(tc, test_enemy_blocks_cell_matches_every_unit);
	tcase_add_test(tc, test_refuse_not_enough_gold);
	tcase_add_test(tc, test_refuse_would_block_spawn);
	tcase_add_test(tc, test_refuse_would_block_enemy);
	tcase_add_test(tc, test_refuse_other_commands);
	tcase_add_test(tc, test_every_command_handled);
	suite_add_tcase(s, tc);

	tc = tcase_create("scaling");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_placement_cost_independent_of_map_size);
	suite_add_tcase(s, tc);

	tc = tcase_create("economy");
	tcase_add_test(tc, test_upgrade_and_refund);
	tcase_add_test(tc, test_bounty_and_bonuses);
	tcase_add_test(tc, test_next_wave_info);
	suite_add_tcase(s, tc);

	tc = tcase_create("targeting");
	tcase_add_test(tc, test_target_first);
	tcase_add_test(tc, test_target_last);
	tcase_add_test(tc, test_target_strongest);
	tcase_add_test(tc, test_target_weakest);
	tcase_add_test(tc, test_target_closest);
	tcase_add_test(tc, test_target_names);
	tcase_add_test(tc, test_ground_air_restrictions);
	suite_add_tcase(s, tc);

	tc = tcase_create("damage");
	tcase_add_test(tc, test_armour_arithmetic);
	tcase_add_test(tc, test_splash_arithmetic);
	tcase_add_test(tc, test_mortar_blind_up_close);
	tcase_add_test(tc, test_slow_arithmetic);
	tcase_add_test(tc, test_chain_arithmetic);
	suite_add_tcase(s, tc);

	tc = tcase_create("rules");
	tcase_add_test(tc, test_leaks_cost_lives);
	tcase_add_test(tc, test_win);
	tcase_add_test(tc, test_loss);
	suite_add_tcase(s, tc);

	tc = tcase_create("movement");
	tcase_add_test(tc, test_paths_recut_on_placement);
	tcase_add_test(tc, test_flyers_cross_the_maze);
	tcase_add_test(tc, test_four_way_enemies_walk_rows_and_columns);
	tcase_add_test(tc, test_escorts_hold_formation);
	tcase_add_test(tc, test_escorts_go_loose_without_boss);
	tcase_add_test(tc, test_escorts_find_their_own_waves_boss);
	tcase_add_test(tc, test_homing_bolts_hit_runners);
	tcase_add_test(tc, test_skulkers_flee_and_evade);
	tcase_add_test(tc, test_every_behaviour_in_play);
	tcase_add_test(tc, test_ground_enemies_ignore_shots_and_flyers);
	suite_add_tcase(s, tc);

	tc = tcase_create("scripts");
	tcase_add_test(tc, test_script_parses);
	tcase_add_test(tc, test_script_errors);
	suite_add_tcase(s, tc);

	tc = tcase_create("replay");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_deterministic);
	tcase_add_test(tc, test_save_resume_equals_uninterrupted);
	tcase_add_test(tc, test_save_errors);
	suite_add_tcase(s, tc);

	tc = tcase_create("random");
	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, test_random_games_never_in_walls, 0, 6);
	suite_add_tcase(s, tc);

	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(game_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
