/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of the rules a player leans on between waves: undo (the
 * latest placements back for all their gold, a specialisation's too, the
 * wall a tower was built over back as it stood, and each refusal with its
 * reason), an attacking tower built on a wall for the difference in price
 * (the field untouched), --check's every independent error of a level
 * file (level_check_all), and one saved game a level (save-dir.c), an old
 * single save still listed.
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/game.h"
#include "core/level.h"
#include "core/save.h"
#include "nav/util.h"
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
	"######################\nend\n"

/* The field's distance from (x, y) to the exit. */
static double
dist(const struct game *g, int x, int y)
{
	return field_distance(g->field, x, y);
}

/* --- undo --- */

START_TEST(test_undo_full_refund)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 60\ngroup 1 grunt "
	    "from A\n");
	struct game *g = game_new(lv, 1, false);
	double before = dist(g, 1, 4);

	ck_assert_int_eq(game_place(g, TOWER_ARROW, 5, 4), GAME_OK);
	ck_assert_int_eq(game_upgrade(g, 5, 4), GAME_OK);
	ck_assert_int_eq(game_place(g, TOWER_WALL, 8, 4), GAME_OK);
	ck_assert_int_eq(g->gold, 200 - 25 - 30 - 4);
	ck_assert_double_ne(dist(g, 1, 4), before);
	/* The latest first: the wall, then the arrow with its upgrade. */
	ck_assert_int_eq(game_undo(g), GAME_OK);
	ck_assert_ptr_null(game_tower_at(g, 8, 4));
	ck_assert_int_eq(g->gold, 200 - 25 - 30);
	ck_assert_int_eq(game_undo(g), GAME_OK);
	ck_assert_ptr_null(game_tower_at(g, 5, 4));
	ck_assert_int_eq(g->gold, 200);
	ck_assert_int_eq(g->nstanding, 0);
	ck_assert_double_eq(dist(g, 1, 4), before);
	ck_assert_int_eq(game_undo(g), GAME_NO_UNDO);
	ck_assert_str_eq(game_reason_name(GAME_NO_UNDO), "nothing to undo");
	/* Undo is a command: logged, so a save replays it. */
	ck_assert_int_eq(g->nlog, 5);
	ck_assert_int_eq(g->log[4].type, GAME_CMD_UNDO);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_undo_of_a_specialised_tower)
{
	struct level *lv = tu_level("weir-level 1\ntitle Rich\ngold 1000\n"
	    "lives 10\nmap\n"
	    "######################\n"
	    "#....................#\n"
	    "A....................>\n"
	    "#....................#\n"
	    "######################\nend\n"
	    "wave after 60\ngroup 1 grunt from A\n");
	struct game *g = game_new(lv, 1, false);
	struct game_tower wall;
	int longbow = spec_lookup("longbow", 7);
	int volley = spec_lookup("volley", 6);

	/* Specialised on open ground: every coin of it comes back. */
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 5, 1), GAME_OK);
	ck_assert_int_eq(game_upgrade(g, 5, 1), GAME_OK);
	ck_assert_int_eq(game_upgrade(g, 5, 1), GAME_OK);
	ck_assert_int_eq(game_specialise(g, 5, 1, volley), GAME_OK);
	ck_assert_int_eq(g->gold, 1000 - 25 - 30 - 45 - 120);
	ck_assert_int_eq(game_undo(g), GAME_OK);
	ck_assert_int_eq(g->gold, 1000);
	ck_assert_ptr_null(game_tower_at(g, 5, 1));

	/* Over a wall: the wall comes back plain, as it stood. */
	ck_assert_int_eq(game_place(g, TOWER_WALL, 10, 2), GAME_OK);
	wall = *game_tower_at(g, 10, 2);
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 10, 2), GAME_OK);
	ck_assert_int_eq(game_upgrade(g, 10, 2), GAME_OK);
	ck_assert_int_eq(game_upgrade(g, 10, 2), GAME_OK);
	ck_assert_int_eq(game_specialise(g, 10, 2, longbow), GAME_OK);
	ck_assert_int_eq(g->gold, 1000 - 25 - 30 - 45 - 130);
	ck_assert_int_eq(game_undo(g), GAME_OK);
	ck_assert_int_eq(g->gold, 1000 - 4);
	ck_assert_mem_eq(game_tower_at(g, 10, 2), &wall, sizeof wall);
	ck_assert_int_eq(game_tower_at(g, 10, 2)->spec, -1);
	ck_assert_int_eq(game_tower_refund(game_tower_at(g, 10, 2)),
	    game_tower_refund(&wall));
	/* And the wall's own placement is undone for its price. */
	ck_assert_int_eq(game_undo(g), GAME_OK);
	ck_assert_int_eq(g->gold, 1000);
	ck_assert_int_eq(g->nstanding, 0);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_undo_ends_with_a_wave)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 60\ngroup 1 grunt "
	    "from A\nwave after 60\ngroup 1 grunt from A\n");
	struct game *g = game_new(lv, 1, false);

	ck_assert_int_eq(game_place(g, TOWER_WALL, 8, 2), GAME_OK);
	ck_assert_int_eq(game_call_wave(g), GAME_OK);
	ck_assert_int_eq(game_undo(g), GAME_UNDO_WAVE);
	ck_assert_str_eq(game_reason_name(GAME_UNDO_WAVE),
	    "a wave has begun since");
	ck_assert_ptr_nonnull(game_tower_at(g, 8, 2));
	ck_assert_int_eq(g->gold, 200 - 4 + 60);	/* the early bonus */
	/* A placement after the wave can be undone again. */
	ck_assert_int_eq(game_place(g, TOWER_WALL, 9, 2), GAME_OK);
	ck_assert_int_eq(game_undo(g), GAME_OK);
	ck_assert_int_eq(game_undo(g), GAME_NO_UNDO);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_undo_ends_when_an_enemy_comes_in_range)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 0\ngroup 1 grunt "
	    "from A\nwave after 600\ngroup 1 grunt from A\n");
	struct game *g = game_new(lv, 1, false);
	int k;

	game_tick(g);		/* wave 1 begins, its grunt walks in */
	ck_assert_int_eq(g->nenemies, 1);
	/* Far ahead of the grunt: in range only once it has walked on. */
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 12, 2), GAME_OK);
	ck_assert_int_eq(game_check_undo(g), GAME_OK);
	for (k = 0; k < 30 * GAME_RATE && game_check_undo(g) == GAME_OK;
	    k++) {
		const struct steer_agent *a = &g->agents[0];
		double dx = a->pos.x - 12.5, dy = a->pos.y - 2.5;

		/* Undoable only while the grunt is out of range. */
		ck_assert_msg(dx * dx + dy * dy > 3.5 * 3.5, "in range at "
		    "tick %ld, still undoable", g->tick);
		game_tick(g);
	}
	ck_assert_int_eq(game_undo(g), GAME_UNDO_SEEN);
	ck_assert_str_eq(game_reason_name(GAME_UNDO_SEEN),
	    "an enemy came in range");
	ck_assert_ptr_nonnull(game_tower_at(g, 12, 2));
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_undo_forgets_a_sold_tower)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 60\ngroup 1 grunt "
	    "from A\n");
	struct game *g = game_new(lv, 1, false);

	ck_assert_int_eq(game_place(g, TOWER_WALL, 3, 3), GAME_OK);
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 6, 6), GAME_OK);
	ck_assert_int_eq(game_sell(g, 6, 6), GAME_OK);
	/* The sale took the arrow: undo takes the wall before it. */
	ck_assert_int_eq(game_undo(g), GAME_OK);
	ck_assert_ptr_null(game_tower_at(g, 3, 3));
	ck_assert_int_eq(g->gold, 200 - 25 + 25 * 70 / 100);
	ck_assert_int_eq(game_undo(g), GAME_NO_UNDO);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_undo_remembers_the_latest_only)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 60\ngroup 1 grunt "
	    "from A\n");
	struct game *g = game_new(lv, 1, false);
	int k;

	for (k = 0; k < GAME_UNDO_MAX + 3; k++)
		ck_assert_int_eq(game_place(g, TOWER_WALL, 1 + k % 18,
		    1 + k / 18), GAME_OK);
	for (k = 0; k < GAME_UNDO_MAX; k++)
		ck_assert_int_eq(game_undo(g), GAME_OK);
	ck_assert_int_eq(game_undo(g), GAME_NO_UNDO);
	ck_assert_int_eq(g->nstanding, 3);
	ck_assert_int_eq(g->gold, 200 - 3 * 4);
	game_free(g);
	level_free(lv);
}
END_TEST

/* --- an attacking tower on a wall --- */

START_TEST(test_tower_on_wall_pays_the_difference)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 60\ngroup 1 grunt "
	    "from A\n");
	struct game *g = game_new(lv, 1, false);
	unsigned gen;
	double d;

	ck_assert_int_eq(game_place(g, TOWER_WALL, 10, 4), GAME_OK);
	gen = g->map_gen;
	d = dist(g, 1, 4);
	ck_assert(game_builds_over(g, TOWER_CANNON, 10, 4));
	ck_assert(!game_builds_over(g, TOWER_WALL, 10, 4));
	ck_assert(!game_builds_over(g, TOWER_CANNON, 11, 4));
	ck_assert_int_eq(game_place_cost(g, TOWER_CANNON, 10, 4), 50 - 4);
	ck_assert_int_eq(game_place_cost(g, TOWER_CANNON, 11, 4), 50);
	ck_assert_int_eq(game_place(g, TOWER_CANNON, 10, 4), GAME_OK);
	ck_assert_int_eq(g->gold, 200 - 50);
	ck_assert_int_eq(game_tower_at(g, 10, 4)->type, TOWER_CANNON);
	ck_assert_int_eq(g->nstanding, 1);
	/* The cell stays blocked: the field is as it was. */
	ck_assert_uint_eq(g->map_gen, gen);
	ck_assert_double_eq(dist(g, 1, 4), d);
	/* Not a wall any more, and not over another attacking tower. */
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 10, 4), GAME_OCCUPIED);
	ck_assert_int_eq(game_place(g, TOWER_WALL, 10, 4), GAME_OCCUPIED);
	/* Undo gives the difference back and the wall again. */
	ck_assert_int_eq(game_undo(g), GAME_OK);
	ck_assert_int_eq(game_tower_at(g, 10, 4)->type, TOWER_WALL);
	ck_assert_int_eq(g->gold, 200 - 4);
	ck_assert_double_eq(dist(g, 1, 4), d);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_tower_on_wall_needs_the_difference)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 60\ngroup 1 grunt "
	    "from A\n");
	struct game *g = game_new(lv, 1, false);

	ck_assert_int_eq(game_place(g, TOWER_WALL, 10, 4), GAME_OK);
	g->gold = 20;		/* an arrow is 25, 21 over the wall */
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 10, 4), GAME_NO_GOLD);
	ck_assert_int_eq(game_tower_at(g, 10, 4)->type, TOWER_WALL);
	g->gold = 21;
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 10, 4), GAME_OK);
	ck_assert_int_eq(g->gold, 0);
	/* Selling it refunds as for any arrow of its level. */
	ck_assert_int_eq(game_sell(g, 10, 4), GAME_OK);
	ck_assert_int_eq(g->gold, 25 * 70 / 100);
	ck_assert_ptr_null(game_tower_at(g, 10, 4));
	game_free(g);
	level_free(lv);
}
END_TEST

/* --- --check: every independent error --- */

/* Errors a check handed on, kept. */
struct errs {
	char	v[32][512];
	int	n;
};

static void
errs_add(void *arg, const char *msg)
{
	struct errs *e = arg;

	if (e->n < 32)
		snprintf(e->v[e->n++], sizeof e->v[0], "%s", msg);
}

START_TEST(test_check_reports_every_error)
{
	static const char text[] =
	    "weir-level 1\ntitle Bad\ngold lots\nlives 5\nmovement 7\nmap\n"
	    "##########\nA...x....>\n#........#\n#...?....#\n##########\nend\n"
	    "wave after 5\ngroup 3 grunt from A\nwave after zz\n"
	    "group 3 ogre from A\nwave\ngroup 3 ogre from A\n";
	struct errs e;
	int n;

	memset(&e, 0, sizeof e);
	n = level_check_all("bad.weir", text, sizeof text - 1, errs_add, &e,
	    LEVEL_MAX_ERRORS);
	ck_assert_int_eq(n, 6);
	ck_assert_int_eq(e.n, 6);
	ck_assert_str_eq(e.v[0], "bad.weir:3:6: expected an amount of gold "
	    "after 'gold', found 'lots'");
	ck_assert_str_eq(e.v[1], "bad.weir:5:10: expected 4 or 8 after "
	    "'movement', found '7'");
	ck_assert(strncmp(e.v[2], "bad.weir:8:5: unknown map glyph 'x'",
	    35) == 0);
	ck_assert(strncmp(e.v[3], "bad.weir:10:5: unknown map glyph '?'",
	    36) == 0);
	ck_assert(strncmp(e.v[4], "bad.weir:15:12: expected seconds", 32) ==
	    0);
	/* The group of the bad wave is left out; the next wave's is not. */
	ck_assert(strncmp(e.v[5], "bad.weir:18:9: unknown enemy type 'ogre'",
	    40) == 0);
}
END_TEST

START_TEST(test_check_missing_keys_all_said)
{
	static const char text[] = "weir-level 1\ntitle Empty\n";
	struct errs e;

	memset(&e, 0, sizeof e);
	ck_assert_int_eq(level_check_all("e.weir", text, sizeof text - 1,
	    errs_add, &e, LEVEL_MAX_ERRORS), 3);
	ck_assert_str_eq(e.v[0], "e.weir:3:1: missing 'gold'");
	ck_assert_str_eq(e.v[1], "e.weir:3:1: missing 'lives'");
	ck_assert_str_eq(e.v[2], "e.weir:3:1: missing 'map'");
}
END_TEST

START_TEST(test_check_stops_at_the_limit)
{
	char text[4096];
	struct errs e;
	size_t n;
	int k;

	n = (size_t)snprintf(text, sizeof text, "weir-level 1\n");
	for (k = 0; k < 30; k++)
		n += (size_t)snprintf(text + n, sizeof text - n, "bogus %d\n",
		    k);
	memset(&e, 0, sizeof e);
	ck_assert_int_ge(level_check_all("many.weir", text, n, errs_add, &e,
	    5), 6);
	ck_assert_int_eq(e.n, 6);
	ck_assert(strncmp(e.v[4], "many.weir:6:1: unknown key 'bogus'",
	    34) == 0);
	ck_assert_str_eq(e.v[5], "many.weir:7:1: more errors follow; only "
	    "the first 5 are shown");
}
END_TEST

/*
 * A syntax error and a problem found only once the file is read (a group
 * from a spawn the map does not have, a hero in a wall) are reported in
 * one run, each where it is, in file order; what would only follow from
 * an error (a missing key whose line was bad) is not.
 */
START_TEST(test_check_both_kinds_at_once)
{
	static const char text[] =
	    "weir-level 1\ntitle Two Kinds\ngold 10x\nlives 5\nhero 0 0\n"
	    "map\n#######\nA.....>\n#######\nend\n"
	    "wave after 60\ngroup 2 grunt from A\ngroup 2 runner from B\n";
	struct errs e;

	memset(&e, 0, sizeof e);
	ck_assert_int_eq(level_check_all("two.weir", text, sizeof text - 1,
	    errs_add, &e, LEVEL_MAX_ERRORS), 3);
	ck_assert_str_eq(e.v[0], "two.weir:3:6: expected an amount of gold "
	    "after 'gold', found '10x'");
	ck_assert(strncmp(e.v[1], "two.weir:5:6: hero at 0,0 stands in a "
	    "wall", 41) == 0);
	ck_assert_str_eq(e.v[2], "two.weir:13:21: unknown spawn 'B': the map "
	    "has no 'B'");
}
END_TEST

START_TEST(test_check_good_level_and_first_error_agree)
{
	static const char bad[] = "weir-level 1\ntitle X\ngold -4\nlives x\n";
	struct errs e;
	char err[512];
	struct level *l;

	memset(&e, 0, sizeof e);
	ck_assert_int_eq(level_check_all("b.weir", bad, sizeof bad - 1,
	    errs_add, &e, LEVEL_MAX_ERRORS), 2);
	l = level_parse("b.weir", bad, sizeof bad - 1, err, sizeof err);
	ck_assert_ptr_null(l);
	ck_assert_str_eq(err, e.v[0]);
	memset(&e, 0, sizeof e);
	ck_assert_int_eq(level_check_all("o.weir", OPEN_MAP "wave\ngroup 1 "
	    "grunt from A\n", sizeof OPEN_MAP "wave\ngroup 1 grunt from A\n" -
	    1, errs_add, &e, LEVEL_MAX_ERRORS), 0);
	ck_assert_int_eq(e.n, 0);
}
END_TEST

/* --- one save a level --- */

static char	t_dir[512];

static void
t_setup(void)
{
	ck_assert_msg(tu_mkdtemp(t_dir, sizeof t_dir, "check_undo") == 0,
	    "mkdtemp: %s", strerror(errno));
	setenv("XDG_STATE_HOME", t_dir, 1);
}

static void
t_teardown(void)
{
	tu_rmdir(t_dir);
}

/* Save a short game of the level file at path to save. */
static void
t_save(const char *level, const char *save)
{
	struct level *lv;
	struct game *g;
	char err[1024];
	uint64_t h;

	lv = level_load(level, err, sizeof err);
	ck_assert_msg(lv != NULL, "%s", err);
	ck_assert(save_hash_file(level, &h, err, sizeof err) == 0);
	g = game_new(lv, 1, false);
	ck_assert_int_eq(game_place(g, TOWER_WALL, 5, 5), GAME_OK);
	game_tick(g);
	ck_assert_msg(save_write(save, level, h, 1, g, err, sizeof err) == 0,
	    "%s", err);
	game_free(g);
	level_free(lv);
}

START_TEST(test_one_save_a_level)
{
	struct save_list l;
	char a[1024], b[1024], want[1024];

	ck_assert_int_eq(save_level_path(a, sizeof a, "meadow", true), 0);
	snprintf(want, sizeof want, "%s/weir/levels/meadow.save", t_dir);
	ck_assert_str_eq(a, want);
	ck_assert_int_eq(save_level_path(b, sizeof b, "twin-gates", true), 0);
	ck_assert_str_ne(a, b);
	/* A name is never a path. */
	ck_assert_int_eq(save_level_path(want, sizeof want, "../x/y", false),
	    0);
	ck_assert_ptr_null(strstr(want, "../"));
	t_save(tu_srcpath("levels/meadow.weir"), a);
	t_save(tu_srcpath("levels/twin-gates.weir"), b);
	/* Saving one level leaves the other's save as it was. */
	t_save(tu_srcpath("levels/meadow.weir"), a);
	ck_assert_int_eq(save_list(&l), 2);
	ck_assert_str_eq(l.paths[0], a);
	ck_assert_str_eq(l.paths[1], b);
	save_list_free(&l);
}
END_TEST

START_TEST(test_old_single_save_is_listed)
{
	struct save_list l;
	struct save *s;
	char old[1024], to[1024], name[64], err[1024];

	ck_assert_int_eq(save_default_path(old, sizeof old, true), 0);
	t_save(tu_srcpath("levels/twin-gates.weir"), old);
	ck_assert_int_eq(save_list(&l), 1);
	ck_assert_str_eq(l.paths[0], old);
	/* Read where it is; its level's name says where it goes next. */
	s = save_read(l.paths[0], err, sizeof err);
	ck_assert_msg(s != NULL, "%s", err);
	save_level_name(name, sizeof name, s->level);
	ck_assert_str_eq(name, "twin-gates");
	save_free(s);
	save_list_free(&l);
	ck_assert_int_eq(save_level_path(to, sizeof to, name, true), 0);
	t_save(tu_srcpath("levels/twin-gates.weir"), to);
	ck_assert_int_eq(save_list(&l), 2);
	ck_assert_str_eq(l.paths[0], to);
	ck_assert_str_eq(l.paths[1], old);
	save_list_free(&l);
}
END_TEST

static Suite *
undo_suite(void)
{
	Suite	*s = suite_create("undo and friends");
	TCase	*tc;

	tc = tcase_create("undo");
	tcase_add_test(tc, test_undo_full_refund);
	tcase_add_test(tc, test_undo_of_a_specialised_tower);
	tcase_add_test(tc, test_undo_ends_with_a_wave);
	tcase_add_test(tc, test_undo_ends_when_an_enemy_comes_in_range);
	tcase_add_test(tc, test_undo_forgets_a_sold_tower);
	tcase_add_test(tc, test_undo_remembers_the_latest_only);
	suite_add_tcase(s, tc);

	tc = tcase_create("tower on a wall");
	tcase_add_test(tc, test_tower_on_wall_pays_the_difference);
	tcase_add_test(tc, test_tower_on_wall_needs_the_difference);
	suite_add_tcase(s, tc);

	tc = tcase_create("check every error");
	tcase_add_test(tc, test_check_reports_every_error);
	tcase_add_test(tc, test_check_missing_keys_all_said);
	tcase_add_test(tc, test_check_stops_at_the_limit);
	tcase_add_test(tc, test_check_both_kinds_at_once);
	tcase_add_test(tc, test_check_good_level_and_first_error_agree);
	suite_add_tcase(s, tc);

	tc = tcase_create("one save a level");
	tcase_add_checked_fixture(tc, t_setup, t_teardown);
	tcase_add_test(tc, test_one_save_a_level);
	tcase_add_test(tc, test_old_single_save_is_listed);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(undo_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
