/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of the adversary and the rules it pushed: a plan's text
 * reads back to the same plan and bad text is refused with why; a naive
 * plan never builds on a route cell nor a corner of a diagonal step (no
 * route gets longer) and a semi-naive one adds at most its walls, each
 * lengthening no route by more than BOT_PLAN_SLACK; the search is the
 * same for the same seed and finds a win on an easy level; a burst among
 * more enemies than GAME_SPLASH_SHARE shares its hits. Set
 * WEIR_TEST_VERBOSE to see the figures.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/bot.h"
#include "core/game.h"
#include "core/tower.h"
#include "nav/util.h"
#include "testgame.h"
#include "testutil.h"

/* An easy level: a long open field, a few grunts, gold for a ring. */
#define EASY_LEVEL OPEN_MAP "wave after 5\ngroup 6 grunt from A every 1\n" \
	"wave after 10\ngroup 8 grunt from A every 0.8\n"

START_TEST(test_plan_text_round_trip)
{
	struct bot_plan p, q;
	char text[512], again[512], err[128];

	ck_assert(bot_plan_parse("kinds=cannon*2+arrow,n=9,level=2,"
	    "order=1,spec=1,mode=2,zone=0,at=40,len=10,back=2,powers=1,"
	    "air=3,walls=2,hero=1,early=1", &p, err, sizeof err));
	ck_assert_int_eq(p.kinds[0], tower_lookup("cannon", 6));
	ck_assert_int_eq(p.weight[0], 2);
	ck_assert_int_eq(p.kinds[1], tower_lookup("arrow", 5));
	ck_assert_int_eq(p.kinds[2], -1);
	ck_assert_int_eq(p.ntowers, 9);
	ck_assert_int_eq(p.at, 40);
	ck_assert_int_eq(p.walls, 2);
	bot_plan_format(&p, text, sizeof text);
	ck_assert(bot_plan_parse(text, &q, err, sizeof err));
	bot_plan_format(&q, again, sizeof again);
	ck_assert_str_eq(text, again);
	ck_assert(memcmp(&p, &q, sizeof p) == 0);
	/* Out of range is clamped, not refused. */
	ck_assert(bot_plan_parse("kinds=arrow,n=900,walls=99", &p, err,
	    sizeof err));
	ck_assert_int_eq(p.ntowers, 40);
	ck_assert_int_eq(p.walls, BOT_PLAN_WALLS);
}
END_TEST

START_TEST(test_plan_text_refused)
{
	struct bot_plan p;
	char err[128];

	ck_assert(!bot_plan_parse("kinds=wall,n=3", &p, err, sizeof err));
	ck_assert_str_eq(err, "'wall' is not a kind against the ground "
	    "(at most 3)");
	ck_assert(!bot_plan_parse("kinds=flak", &p, err, sizeof err));
	ck_assert(!bot_plan_parse("n=3", &p, err, sizeof err));
	ck_assert_str_eq(err, "a plan needs kinds=KIND[+KIND...]");
	ck_assert(!bot_plan_parse("kinds=arrow,size=3", &p, err, sizeof err));
	ck_assert_str_eq(err, "'size=3' is not a field of a plan with a "
	    "number");
	ck_assert(!bot_plan_parse("kinds=arrow,n=x", &p, err, sizeof err));
	ck_assert(!bot_plan_parse("kinds=arrow,n", &p, err, sizeof err));
	ck_assert_str_eq(err, "'n' is not NAME=VALUE");
}
END_TEST

/* The exit distance from the spawn, on the game's field. */
static double
route_length(const struct game *g)
{
	return field_distance(g->field, g->lv->spawns[0].cells[0].x,
	    g->lv->spawns[0].cells[0].y);
}

/*
 * Plays plan text on the Iron March and checks that every tower a naive
 * plan builds leaves the route as long as it was, and that the walls a
 * semi-naive one adds are at most its number, each lengthening the route
 * by at most BOT_PLAN_SLACK.
 */
static void
play_plan_checked(const char *text, int walls)
{
	struct level *lv = level_load(tu_srcpath("levels/iron-march.weir"),
	    NULL, 0);
	struct game *g;
	struct bot *b;
	struct bot_plan p;
	char err[128];
	double before, len0;
	int k, nwalls = 0, placed = 0;

	ck_assert_ptr_nonnull(lv);
	ck_assert(bot_plan_parse(text, &p, err, sizeof err));
	g = game_new(lv, 1, false);
	b = bot_new_plan(g, &p);
	len0 = route_length(g);
	while (!game_over(g)) {
		int n = g->nlog;

		before = route_length(g);
		bot_act(b, g);
		for (k = n; k < g->nlog; k++) {
			if (g->log[k].type != GAME_CMD_PLACE)
				continue;
			placed++;
			if (tower_types[g->log[k].tower].attack ==
			    TOWER_ATTACK_NONE) {
				nwalls++;
				ck_assert_double_le(route_length(g),
				    before + BOT_PLAN_SLACK + 1e-9);
			} else
				ck_assert_double_eq_tol(route_length(g),
				    before, 1e-9);
		}
		game_tick(g);
	}
	tu_say("%s: %d placed, %d walls, route %.1f -> %.1f, %s\n", text,
	    placed, nwalls, len0, route_length(g),
	    g->state == GAME_WON ? "won" : "lost");
	ck_assert_int_gt(placed, 3);
	ck_assert_int_le(nwalls, walls);
	if (walls == 0)
		ck_assert_double_eq_tol(route_length(g), len0, 1e-9);
	bot_free(b);
	game_free(g);
	level_free(lv);
}

START_TEST(test_naive_plan_keeps_routes)
{
	play_plan_checked("kinds=cannon+arrow,n=10,zone=0,at=0,powers=1,"
	    "air=2", 0);
	play_plan_checked("kinds=tesla+sniper,n=8,zone=1,back=2,powers=2", 0);
}
END_TEST

START_TEST(test_semi_naive_walls_bounded)
{
	play_plan_checked("kinds=cannon,n=8,zone=0,at=0,len=20,walls=4", 4);
}
END_TEST

START_TEST(test_search_deterministic_and_finds_win)
{
	struct level *lv = tu_level(EASY_LEVEL);
	struct game_opts o = GAME_OPTS_INIT;
	struct bot_search_opts so;
	struct bot_search_result a, b;
	char ta[512], tb[512];

	ck_assert_ptr_nonnull(lv);
	bot_search_defaults(&so);
	so.budget = 12;
	so.confirm = 3;
	so.seeds = 2;
	bot_search(lv, &o, &so, &a);
	bot_search(lv, &o, &so, &b);
	bot_plan_format(&a.plan, ta, sizeof ta);
	bot_plan_format(&b.plan, tb, sizeof tb);
	tu_say("search: %d games, %d won seed 1, %s won %d of %d\n", a.games,
	    a.screen_wins, ta, a.wins, a.seeds);
	ck_assert_str_eq(ta, tb);
	ck_assert_int_eq(a.games, 12 + 3 * 2);
	ck_assert_int_eq(a.wins, 2);
	ck_assert(bot_plan_wins(lv, &o, &a.plan, 100, 1, NULL));
	level_free(lv);
}
END_TEST

/*
 * A cannon's shell bursting among four grunts pinned on one point: each
 * takes its share of GAME_SPLASH_SHARE hits, not a whole hit each.
 */
START_TEST(test_splash_is_shared)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 0\ngroup 4 grunt "
	    "from A every 0.1\n");
	struct game *g = game_new(lv, 1, false);
	int k, id, hp = enemy_types[ENEMY_GRUNT].hp, dmg, want;
	int cannon = tower_lookup("cannon", 6);

	for (k = 0; k < 3 * GAME_RATE && g->wave_sent[0] < 4; k++)
		game_tick(g);
	ck_assert_int_eq(g->wave_sent[0], 4);
	for (id = 1; id <= 4; id++)
		tu_pin(g, id, 10.5, 2.5);
	ck_assert_int_eq(game_place(g, cannon, 10, 4), GAME_OK);
	for (k = 0; k < 5 * GAME_RATE; k++) {
		game_tick(g);
		for (id = 1; id <= 4; id++)
			tu_pin(g, id, 10.5, 2.5);
		if (g->units[tu_enemy_index(g, 1)].hp < g->units[
		    tu_enemy_index(g, 1)].max_hp)
			break;
	}
	dmg = tower_types[cannon].level[0].damage * GAME_SPLASH_SHARE / 4;
	want = tower_hit_damage(dmg, enemy_types[ENEMY_GRUNT].armour, false);
	ck_assert_int_lt(want, tower_types[cannon].level[0].damage);
	for (id = 1; id <= 4; id++)
		ck_assert_int_eq(g->units[tu_enemy_index(g, id)].hp, hp - want);
	game_free(g);
	level_free(lv);
}
END_TEST

static Suite *
search_suite(void)
{
	Suite *s = suite_create("search");
	TCase *tc = tcase_create("plans");

	tcase_add_test(tc, test_plan_text_round_trip);
	tcase_add_test(tc, test_plan_text_refused);
	tcase_add_test(tc, test_splash_is_shared);
	suite_add_tcase(s, tc);
	tc = tcase_create("play");
	tcase_set_tags(tc, "long");
	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, test_naive_plan_keeps_routes);
	tcase_add_test(tc, test_semi_naive_walls_bounded);
	tcase_add_test(tc, test_search_deterministic_and_finds_win);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(search_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
