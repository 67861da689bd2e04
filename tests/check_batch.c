/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of the commands of many parts (game-batch.c): a line of
 * towers (line TYPE X Y X2 Y2), every tower of a kind a level up
 * (upgrade-all TYPE) and every tower in a box (upgrade-area X Y X2 Y2).
 * Each is its plain commands given in turn: the same towers, gold, events
 * and command log as those commands given one by one, parts refused on
 * their own, the whole refused only when no part could be tried; the
 * line's cells as a drag makes them; and the script words read and
 * written back.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/level.h"
#include "core/script.h"
#include "testutil.h"

/* An open field 22 x 9: spawn A at (0, 4), exit at (21, 4). */
#define OPEN_MAP \
	"weir-level 1\ntitle Open\ngold 200\nlives 10\nmap\n" \
	"######################\n" \
	"#....................#\n" \
	"#....................#\n" \
	"#....................#\n" \
	"A....................>\n" \
	"#....................#\n" \
	"#....................#\n" \
	"#....................#\n" \
	"######################\nend\n" \
	"wave after 60\ngroup 1 grunt from A\n"

/* Events counted by type, the last reject's reason kept. */
struct seen {
	int			 n[GAME_EV_POWER_END + 1];
	enum game_reason	 reason;
	enum game_cmd_type	 cmd;
};

static void
count(void *arg, const struct game_event *ev)
{
	struct seen	*s = arg;

	s->n[ev->type]++;
	if (ev->type == GAME_EV_REJECT) {
		s->reason = ev->reason;
		s->cmd = ev->cmd;
	}
}

static struct game_cmd
cmd(enum game_cmd_type t, int tower, int x, int y, int x2, int y2)
{
	struct game_cmd	c;

	memset(&c, 0, sizeof c);
	c.type = t;
	c.tower = tower;
	c.power = -1;
	c.x = x;
	c.y = y;
	c.x2 = x2;
	c.y2 = y2;
	return c;
}

/* --- the line's cells --- */

START_TEST(test_line_cells_as_a_drag_makes_them)
{
	static const int ends[][4] = {
		{ 3, 3, 3, 3 }, { 0, 0, 9, 0 }, { 9, 0, 0, 0 }, { 0, 0, 0, 7 },
		{ 2, 1, 8, 4 }, { 8, 4, 2, 1 }, { 5, 5, 1, 9 }, { 0, 0, 5, 5 },
		{ 1, 7, 4, 0 }, { 0, 0, 7, 2 }
	};

	for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
		int x0 = ends[i][0], y0 = ends[i][1];
		int x1 = ends[i][2], y1 = ends[i][3];
		int dx = x1 - x0, dy = y1 - y0;
		int n = abs(dx) > abs(dy) ? abs(dx) : abs(dy), on = 0;

		ck_assert_int_eq(game_line_cells(x0, y0, x1, y1), n + 1);
		for (int k = 0; k <= n; k++) {
			int x, y;
			int wx = n == 0 ? x0 : x0 + (int)lround((double)dx * k / n);
			int wy = n == 0 ? y0 : y0 + (int)lround((double)dy * k / n);

			game_line_cell(x0, y0, x1, y1, k, &x, &y);
			ck_assert_msg(x == wx && y == wy, "line %zu cell %d: "
			    "(%d,%d), a drag gives (%d,%d)", i, k, x, y, wx, wy);
		}
		/* game_line_has says yes for exactly those cells. */
		for (int y = 0; y < 12; y++)
			for (int x = 0; x < 12; x++)
				on += game_line_has(x0, y0, x1, y1, x, y);
		ck_assert_int_eq(on, n + 1);
		ck_assert(game_line_has(x0, y0, x1, y1, x0, y0));
		ck_assert(game_line_has(x0, y0, x1, y1, x1, y1));
	}
}
END_TEST

/* --- line --- */

START_TEST(test_line_is_its_placements)
{
	struct level		*lv = tu_level(OPEN_MAP);
	struct game		*g = game_new(lv, 1, false);
	struct game		*h = game_new(lv, 1, false);
	struct game_cmd		 c = cmd(GAME_CMD_LINE, TOWER_ARROW, 3, 1, 7,
	    3);
	struct game_batch	 b;
	struct seen		 s;

	memset(&s, 0, sizeof s);
	game_set_events(g, count, &s);
	ck_assert_int_eq(game_command_batch(g, &c, &b), GAME_OK);
	ck_assert_int_eq(b.tried, 5);
	ck_assert_int_eq(b.done, 5);
	ck_assert_int_eq(b.refused, 0);
	ck_assert_int_eq(b.gold, 5 * 25);
	ck_assert_int_eq(g->gold, 200 - 5 * 25);
	ck_assert_int_eq(s.n[GAME_EV_PLACE], 5);
	ck_assert_int_eq(s.n[GAME_EV_REJECT], 0);
	/* The log holds the placements, never the line itself. */
	ck_assert_int_eq(g->nlog, 5);
	for (int k = 0; k < 5; k++) {
		int x, y;

		game_line_cell(3, 1, 7, 3, k, &x, &y);
		ck_assert_int_eq(g->log[k].type, GAME_CMD_PLACE);
		ck_assert_int_eq(g->log[k].x, x);
		ck_assert_int_eq(g->log[k].y, y);
		ck_assert_ptr_nonnull(game_tower_at(g, x, y));
		ck_assert_int_eq(game_place(h, TOWER_ARROW, x, y), GAME_OK);
	}
	/* The same game as the placements given one by one. */
	ck_assert_uint_eq(game_hash(g), game_hash(h));
	game_free(h);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_line_parts_refused_on_their_own)
{
	struct level		*lv = tu_level(OPEN_MAP);
	struct game		*g = game_new(lv, 1, false);
	struct game_cmd		 c = cmd(GAME_CMD_LINE, TOWER_CANNON, 2, 2, 12,
	    2);
	struct game_batch	 b;
	struct seen		 s;

	/* A tower in the way, gold for four cannons of 50, one on a wall. */
	ck_assert_int_eq(game_place(g, TOWER_WALL, 4, 2), GAME_OK);
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 3, 2), GAME_OK);
	g->gold = 3 * 50 + 46 + 10;
	memset(&s, 0, sizeof s);
	game_set_events(g, count, &s);
	ck_assert_int_eq(game_command_batch(g, &c, &b), GAME_OK);
	ck_assert_int_eq(b.tried, 11);
	/* (2,2) new, (3,2) occupied, (4,2) over its wall, then two more. */
	ck_assert_int_eq(b.first, GAME_OCCUPIED);
	ck_assert_int_eq(b.first_x, 3);
	ck_assert_int_eq(b.first_y, 2);
	ck_assert_int_eq(b.done, 4);
	ck_assert_int_eq(b.refused, 7);
	ck_assert_int_eq(s.n[GAME_EV_REJECT], 7);
	ck_assert_int_eq(s.reason, GAME_NO_GOLD);
	ck_assert_int_eq(game_tower_at(g, 4, 2)->type, TOWER_CANNON);
	ck_assert_ptr_null(game_tower_at(g, 7, 2));
	ck_assert_int_eq(g->gold, 10);
	ck_assert_int_eq(b.gold, 3 * 50 + 46);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_line_refused_whole)
{
	struct level		*lv = tu_level(OPEN_MAP);
	struct game		*g = game_new(lv, 1, false);
	struct game_cmd		 c = cmd(GAME_CMD_LINE, TOWER_WALL, 2, 2, 99,
	    2);
	struct game_batch	 b;
	struct seen		 s;

	memset(&s, 0, sizeof s);
	game_set_events(g, count, &s);
	/* An end off the map: one refusal, no placement tried. */
	ck_assert_int_eq(game_command(g, &c), GAME_OUT_OF_MAP);
	ck_assert_int_eq(s.n[GAME_EV_REJECT], 1);
	ck_assert_int_eq(s.cmd, GAME_CMD_LINE);
	ck_assert_int_eq(g->nlog, 0);
	/* Every cell refused: the first part's reason. */
	c = cmd(GAME_CMD_LINE, TOWER_WALL, 0, 0, 5, 0);
	ck_assert_int_eq(game_command_batch(g, &c, &b), GAME_NOT_BUILDABLE);
	ck_assert_int_eq(b.refused, 6);
	/* A line that would shut the exit: the last cell is refused. */
	c = cmd(GAME_CMD_LINE, TOWER_WALL, 10, 1, 10, 7);
	ck_assert_int_eq(game_command_batch(g, &c, &b), GAME_OK);
	ck_assert_int_eq(b.done, 6);
	ck_assert_int_eq(b.first, GAME_WOULD_BLOCK);
	ck_assert_int_eq(b.first_y, 7);
	/* Over: one refusal. */
	g->state = GAME_LOST;
	memset(&s, 0, sizeof s);
	c = cmd(GAME_CMD_LINE, TOWER_WALL, 12, 1, 12, 3);
	ck_assert_int_eq(game_command(g, &c), GAME_ENDED);
	ck_assert_int_eq(s.n[GAME_EV_REJECT], 1);
	game_free(g);
	level_free(lv);
}
END_TEST

/* --- upgrade-all, upgrade-area --- */

START_TEST(test_upgrade_all_of_a_kind)
{
	struct level		*lv = tu_level(OPEN_MAP);
	struct game		*g = game_new(lv, 1, true);
	struct game_cmd		 c = cmd(GAME_CMD_UPGRADE_ALL, TOWER_ARROW, 0,
	    0, 0, 0);
	struct game_batch	 b;

	ck_assert_int_eq(game_place(g, TOWER_ARROW, 3, 2), GAME_OK);
	ck_assert_int_eq(game_place(g, TOWER_CANNON, 5, 2), GAME_OK);
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 7, 2), GAME_OK);
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 9, 2), GAME_OK);
	ck_assert_int_eq(game_upgrade(g, 9, 2), GAME_OK);
	ck_assert_int_eq(game_upgrade(g, 9, 2), GAME_OK);
	ck_assert_int_eq(game_command_batch(g, &c, &b), GAME_OK);
	ck_assert_int_eq(b.done, 2);
	ck_assert_int_eq(b.skipped, 1);	/* (9,2) at the top */
	ck_assert_int_eq(game_tower_at(g, 3, 2)->level, 2);
	ck_assert_int_eq(game_tower_at(g, 7, 2)->level, 2);
	ck_assert_int_eq(game_tower_at(g, 5, 2)->level, 1);
	ck_assert_int_eq(g->log[g->nlog - 1].type, GAME_CMD_UPGRADE);
	ck_assert_int_eq(g->log[g->nlog - 1].x, 7);
	/* Again, and all are at the top: refused as a whole. */
	ck_assert_int_eq(game_command_batch(g, &c, &b), GAME_OK);
	ck_assert_int_eq(game_command(g, &c), GAME_MAX_LEVEL);
	/* None of the kind. */
	c.tower = TOWER_FROST;
	ck_assert_int_eq(game_command(g, &c), GAME_NO_TOWER);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_upgrade_all_until_the_gold_runs_out)
{
	struct level		*lv = tu_level(OPEN_MAP);
	struct game		*g = game_new(lv, 1, false);
	struct game_cmd		 c = cmd(GAME_CMD_UPGRADE_ALL, TOWER_ARROW, 0,
	    0, 0, 0);
	struct game_batch	 b;

	for (int x = 2; x <= 6; x++)
		ck_assert_int_eq(game_place(g, TOWER_ARROW, x, 2), GAME_OK);
	g->gold = 2 * 30 + 5;
	ck_assert_int_eq(game_command_batch(g, &c, &b), GAME_OK);
	ck_assert_int_eq(b.done, 2);
	ck_assert_int_eq(b.refused, 3);
	ck_assert_int_eq(b.first, GAME_NO_GOLD);
	ck_assert_int_eq(b.first_x, 4);
	ck_assert_int_eq(b.gold, 60);
	ck_assert_int_eq(g->gold, 5);
	ck_assert_int_eq(game_tower_at(g, 2, 2)->level, 2);
	ck_assert_int_eq(game_tower_at(g, 4, 2)->level, 1);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_upgrade_area_the_box_only)
{
	struct level		*lv = tu_level(OPEN_MAP);
	struct game		*g = game_new(lv, 1, true);
	struct game_cmd		 c = cmd(GAME_CMD_UPGRADE_AREA, -1, 6, 3, 2,
	    1);
	struct game_batch	 b;

	ck_assert_int_eq(game_place(g, TOWER_ARROW, 2, 1), GAME_OK);
	ck_assert_int_eq(game_place(g, TOWER_CANNON, 6, 3), GAME_OK);
	ck_assert_int_eq(game_place(g, TOWER_WALL, 4, 2), GAME_OK);
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 7, 3), GAME_OK);
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 2, 5), GAME_OK);
	/* Corners either way round; the wall has no level to go to. */
	ck_assert_int_eq(game_command_batch(g, &c, &b), GAME_OK);
	ck_assert_int_eq(b.done, 2);
	ck_assert_int_eq(b.skipped, 1);
	ck_assert_int_eq(game_tower_at(g, 2, 1)->level, 2);
	ck_assert_int_eq(game_tower_at(g, 6, 3)->level, 2);
	ck_assert_int_eq(game_tower_at(g, 7, 3)->level, 1);
	ck_assert_int_eq(game_tower_at(g, 2, 5)->level, 1);
	/* A box far off the map holds nothing; one partly on it is cut. */
	c = cmd(GAME_CMD_UPGRADE_AREA, -1, -1000000000, -5, -3, 1000000000);
	ck_assert_int_eq(game_command(g, &c), GAME_NO_TOWER);
	c = cmd(GAME_CMD_UPGRADE_AREA, -1, -9, -9, 2, 99);
	ck_assert_int_eq(game_command_batch(g, &c, &b), GAME_OK);
	ck_assert_int_eq(b.done, 2);
	game_free(g);
	level_free(lv);
}
END_TEST

/* --- scripts --- */

START_TEST(test_script_words)
{
	static const char *const lines[] = {
		"5 line arrow 1 2 7 3",
		"6 upgrade-all cannon",
		"7 upgrade-area 0 0 -4 9",
	};
	struct game_cmd	c;
	size_t		col;
	char		msg[256], buf[128];

	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		ck_assert_int_eq(script_parse_line(lines[i], strlen(lines[i]),
		    &c, &col, msg, sizeof msg), 1);
		script_format(&c, buf, sizeof buf);
		ck_assert_str_eq(buf, lines[i]);
	}
	ck_assert_int_eq(script_parse_line(lines[0], strlen(lines[0]), &c,
	    &col, msg, sizeof msg), 1);
	ck_assert_int_eq(c.type, GAME_CMD_LINE);
	ck_assert_int_eq(c.tower, TOWER_ARROW);
	ck_assert_int_eq(c.x2, 7);
	ck_assert_int_eq(c.y2, 3);
	ck_assert_int_eq(script_parse_line("5 line arrow 1 2 7", 18, &c, &col,
	    msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "expected the Y2 coordinate after 'X2'");
	ck_assert_int_eq(col, 19);
	ck_assert_int_eq(script_parse_line("5 upgrade-area 1 2 x 3", 22, &c,
	    &col, msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "expected a whole number for X2, found 'x'");
	ck_assert_int_eq(script_parse_line("5 upgrade-all", 13, &c, &col,
	    msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "expected a tower type after 'upgrade-all'");
}
END_TEST

/* A whole game from a script with the words: as its plain commands. */
START_TEST(test_script_game_as_plain_commands)
{
	static const char many[] = "0 line arrow 2 2 6 2\n"
	    "0 line wall 8 1 8 6\n30 upgrade-all arrow\n"
	    "40 upgrade-area 2 2 3 2\n";
	static const char plain[] = "0 place arrow 2 2\n0 place arrow 3 2\n"
	    "0 place arrow 4 2\n0 place arrow 5 2\n0 place arrow 6 2\n"
	    "0 place wall 8 1\n0 place wall 8 2\n0 place wall 8 3\n"
	    "0 place wall 8 4\n0 place wall 8 5\n0 place wall 8 6\n"
	    "30 upgrade 2 2\n30 upgrade 3 2\n30 upgrade 4 2\n"
	    "30 upgrade 5 2\n30 upgrade 6 2\n40 upgrade 2 2\n"
	    "40 upgrade 3 2\n";
	struct level	*lv = tu_level(OPEN_MAP);
	struct script	*s[2];
	struct game	*g[2];
	char		 err[256];

	s[0] = script_parse("many", many, strlen(many), err, sizeof err);
	s[1] = script_parse("plain", plain, strlen(plain), err, sizeof err);
	ck_assert_ptr_nonnull(s[0]);
	ck_assert_ptr_nonnull(s[1]);
	for (int k = 0; k < 2; k++) {
		int i = 0;

		g[k] = game_new(lv, 7, true);
		while (!game_over(g[k]) && g[k]->tick < 60 * GAME_RATE) {
			while (i < s[k]->ncmds && s[k]->cmds[i].tick <=
			    g[k]->tick)
				game_command(g[k], &s[k]->cmds[i++]);
			game_tick(g[k]);
		}
	}
	ck_assert_int_eq(g[0]->nlog, g[1]->nlog);
	ck_assert_int_eq(g[0]->nlog, 18);
	ck_assert_uint_eq(game_hash(g[0]), game_hash(g[1]));
	for (int k = 0; k < 2; k++) {
		game_free(g[k]);
		script_free(s[k]);
	}
	level_free(lv);
}
END_TEST

static Suite *
batch_suite(void)
{
	Suite	*s = suite_create("batch");
	TCase	*tc;

	tc = tcase_create("line");
	tcase_add_test(tc, test_line_cells_as_a_drag_makes_them);
	tcase_add_test(tc, test_line_is_its_placements);
	tcase_add_test(tc, test_line_parts_refused_on_their_own);
	tcase_add_test(tc, test_line_refused_whole);
	suite_add_tcase(s, tc);

	tc = tcase_create("upgrade many");
	tcase_add_test(tc, test_upgrade_all_of_a_kind);
	tcase_add_test(tc, test_upgrade_all_until_the_gold_runs_out);
	tcase_add_test(tc, test_upgrade_area_the_box_only);
	suite_add_tcase(s, tc);

	tc = tcase_create("scripts");
	tcase_add_test(tc, test_script_words);
	tcase_add_test(tc, test_script_game_as_plain_commands);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(batch_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
