/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of incremental field repair: after every edit the repaired field
 * must equal a full build of the edited grid with the field's own goal list,
 * array for array (dist, dir, goal, los) and slot for slot.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nav/field.h"
#include "nav/grid.h"
#include "core/movingai.h"
#include "nav/repair.h"
#include "testutil.h"

/*
 * Abort unless f equals a fresh build of g with f's goal list. what names
 * the edit in the message.
 */
static void
expect_rebuilt(const struct field *f, const struct grid *g, struct field *ref,
    const char *what, int step)
{
	int32_t goals[FIELD_MAX_GOALS];
	int n = f->ngoals;

	memcpy(goals, f->goals, (size_t)n * sizeof *goals);
	field_build(ref, g, goals, n);
	if (ref->ngoals != n)
		ck_abort_msg("%s (step %d): ngoals %d, rebuild keeps %d", what,
		    step, n, ref->ngoals);
	for (int k = 0; k < n; k++)
		if (ref->goals[k] != f->goals[k])
			ck_abort_msg("%s (step %d): slot %d", what, step, k);
	for (size_t i = 0; i < f->ncells; i++) {
		if (f->dist[i] != ref->dist[i] || f->dir[i] != ref->dir[i] ||
		    f->goal[i] != ref->goal[i] || f->los[i] != ref->los[i])
			ck_abort_msg("%s (step %d) at (%d,%d): dist %lld/%lld "
			    "dir %d/%d goal %d/%d los %d/%d (repair/rebuild)",
			    what, step, grid_x(g, (int)i), grid_y(g, (int)i),
			    (long long)f->dist[i], (long long)ref->dist[i],
			    f->dir[i], ref->dir[i], f->goal[i], ref->goal[i],
			    f->los[i], ref->los[i]);
	}
}

/* A random open map cell that is not a goal of f, or -1. */
static int
random_free(uint64_t *s, const struct grid *g, const struct field *f)
{
	for (int t = 0; t < 200; t++) {
		int x = tu_randint(s, g->w), y = tu_randint(s, g->h);
		int i = grid_index(g, x, y);

		if (g->cost[i] != 0 && !(f->dist[i] == 0 && f->goal[i] >= 0))
			return i;
	}
	return -1;
}

/*
 * One random edit of any kind on f and g; returns its name. Goals may walk,
 * jump, appear and vanish; cells open, close and change cost.
 */
static const char *
random_edit(uint64_t *s, struct field *f, struct grid *g)
{
	int x = tu_randint(s, g->w), y = tu_randint(s, g->h), i;
	int k = tu_randint(s, 100);

	if (k < 30) {
		repair_block(f, g, x, y);
		return "block";
	}
	if (k < 55) {
		repair_unblock(f, g, x, y, 1 + (tu_randint(s, 4) == 0 ?
		    tu_randint(s, GRID_COST_MAX) : 0));
		return "unblock";
	}
	if (k < 65) {
		repair_set_cost(f, g, x, y, tu_randint(s, GRID_COST_MAX + 1));
		return "set cost";
	}
	if (k < 73 && f->ngoals < 6) {
		if ((i = random_free(s, g, f)) >= 0)
			repair_add_goal(f, g, grid_x(g, i), grid_y(g, i));
		return "add goal";
	}
	if (k < 78 && f->ngoals > 1) {
		repair_remove_goal(f, g, tu_randint(s, f->ngoals));
		return "remove goal";
	}
	if (k < 92 && f->ngoals > 0) {
		int slot = tu_randint(s, f->ngoals), d = tu_randint(s, 8);
		int gi = f->goals[slot] + field_offset(g->stride, d);

		repair_move_goal(f, g, slot, grid_x(g, gi), grid_y(g, gi));
		return "step goal";
	}
	if (f->ngoals > 0 && (i = random_free(s, g, f)) >= 0)
		repair_move_goal(f, g, tu_randint(s, f->ngoals), grid_x(g, i),
		    grid_y(g, i));
	return "move goal";
}

/*
 * Random edit sequences on random maps (8 x 160 sequences of 1 to 40 edits),
 * compared with a rebuild after every edit.
 */
START_TEST(test_repair_random_sequences)
{
	uint64_t s = 0xC0FFEE + 7919 * (uint64_t)_i;
	long edits = 0;

	for (int round = 0; round < 160; round++) {
		bool diag = round % 3 != 0;
		int w = 4 + tu_randint(&s, 30), h = 4 + tu_randint(&s, 30);
		struct grid *g = tu_random_grid(&s, w, h, tu_randint(&s, 35),
		    tu_randint(&s, 25), diag);
		struct field *f = field_new(w, h), *ref = field_new(w, h);
		int32_t goals[3];
		int ng = 1 + tu_randint(&s, 3);

		for (int k = 0; k < ng; k++)
			goals[k] = tu_random_open(&s, g);
		if (goals[0] < 0 || goals[ng - 1] < 0) {
			field_free(f);
			field_free(ref);
			grid_free(g);
			continue;
		}
		field_build(f, g, goals, ng);
		for (int step = 0, n = 1 + tu_randint(&s, 40); step < n;
		    step++, edits++)
			expect_rebuilt(f, g, ref, random_edit(&s, f, g), step);
		field_free(f);
		field_free(ref);
		grid_free(g);
	}
	ck_assert_int_gt(edits, 2000);
}
END_TEST

/* A wall across a corridor splits the map; opening it joins it again. */
START_TEST(test_repair_split_and_rejoin)
{
	const char *rows[] = {
		"G....#.........",
		".....#..3......",
		"...............",
		".....#.........",
		".....#.........",
		NULL,
	};
	int32_t goals[2];
	int ng;
	struct grid *g = tu_grid(rows, _i == 0, goals, &ng);
	struct field *f = field_new(g->w, g->h), *ref = field_new(g->w, g->h);
	int far = grid_index(g, 14, 4);

	field_build(f, g, goals, ng);
	ck_assert(f->dist[far] != FIELD_INF);
	repair_block(f, g, 5, 2);
	expect_rebuilt(f, g, ref, "split", 0);
	ck_assert(f->dist[far] == FIELD_INF);
	ck_assert_int_eq(f->goal[far], -1);
	ck_assert_int_eq(f->dir[far], FIELD_DIR_NONE);
	repair_unblock(f, g, 5, 2, 1);
	expect_rebuilt(f, g, ref, "rejoin", 1);
	ck_assert(f->dist[far] != FIELD_INF);
	/* Split again elsewhere, rejoin through slow ground. */
	repair_block(f, g, 5, 2);
	repair_unblock(f, g, 5, 0, 4);
	expect_rebuilt(f, g, ref, "rejoin slow", 2);
	ck_assert(f->dist[far] != FIELD_INF);
	field_free(f);
	field_free(ref);
	grid_free(g);
}
END_TEST

/* Edits on a goal's cell and on every cell around it. */
START_TEST(test_repair_edits_at_goals)
{
	uint64_t s = 4242 + (uint64_t)_i;

	for (int round = 0; round < 8; round++) {
		struct grid *g = tu_random_grid(&s, 20, 16, 15, 15,
		    round % 2 == 0);
		struct field *f = field_new(20, 16), *ref = field_new(20, 16);
		int32_t goals[2] = { tu_random_open(&s, g), tu_random_open(&s, g) };
		int step = 0;

		field_build(f, g, goals, 2);
		for (int k = 0; k < f->ngoals; k++) {
			int gi = f->goals[k];

			for (int d = 0; d < 8; d++) {
				int i = gi + field_offset(g->stride, d);
				int x = grid_x(g, i), y = grid_y(g, i);

				if (!grid_inside(g, x, y))
					continue;
				repair_block(f, g, x, y);
				expect_rebuilt(f, g, ref, "block by goal", step++);
				repair_unblock(f, g, x, y, 1 + d % 3);
				expect_rebuilt(f, g, ref, "open by goal", step++);
			}
		}
		/* Slow the goal's own cell, then wall it: the goal goes. */
		if (f->ngoals > 0) {
			int gi = f->goals[0], n = f->ngoals;

			repair_set_cost(f, g, grid_x(g, gi), grid_y(g, gi), 5);
			expect_rebuilt(f, g, ref, "slow goal", step++);
			repair_block(f, g, grid_x(g, gi), grid_y(g, gi));
			expect_rebuilt(f, g, ref, "wall on goal", step++);
			ck_assert_int_eq(f->ngoals, n - 1);
		}
		field_free(f);
		field_free(ref);
		grid_free(g);
	}
}
END_TEST

/* Many goals: adding, removing (slots compact by moving the last in). */
START_TEST(test_repair_several_goals)
{
	uint64_t s = 99 + (uint64_t)_i;
	struct grid *g = tu_random_grid(&s, 30, 24, 20, 10, true);
	struct field *f = field_new(30, 24), *ref = field_new(30, 24);
	int32_t goals[8];

	for (int k = 0; k < 8; k++)
		goals[k] = tu_random_open(&s, g);
	field_build(f, g, goals, 8);
	for (int step = 0; step < 60; step++) {
		int n = f->ngoals;

		if (n > 1 && step % 3 == 0) {
			int slot = tu_randint(&s, n), last = f->goals[n - 1];

			ck_assert_int_eq(repair_remove_goal(f, g, slot), 0);
			ck_assert_int_eq(f->ngoals, n - 1);
			if (slot != n - 1)
				ck_assert_int_eq(f->goals[slot], last);
			expect_rebuilt(f, g, ref, "remove goal", step);
		} else {
			int i = random_free(&s, g, f);

			if (i >= 0)
				ck_assert_int_eq(repair_add_goal(f, g, grid_x(g, i),
				    grid_y(g, i)), n);
			expect_rebuilt(f, g, ref, "add goal", step);
		}
		repair_block(f, g, tu_randint(&s, 30), tu_randint(&s, 24));
		expect_rebuilt(f, g, ref, "block", step);
	}
	/* Refusals leave the field alone. */
	ck_assert_int_eq(repair_remove_goal(f, g, f->ngoals), -1);
	ck_assert_int_eq(repair_add_goal(f, g, grid_x(g, f->goals[0]),
	    grid_y(g, f->goals[0])), -1);
	field_free(f);
	field_free(ref);
	grid_free(g);
}
END_TEST

/* More goals than the sight boxes are swept for one by one. */
START_TEST(test_repair_many_goals)
{
	uint64_t s = 1234;
	struct grid *g = tu_random_grid(&s, 30, 30, 15, 10, true);
	struct field *f = field_new(30, 30), *ref = field_new(30, 30);
	int32_t goals[80];

	for (int k = 0; k < 80; k++)
		goals[k] = tu_random_open(&s, g);
	field_build(f, g, goals, 80);
	ck_assert_int_gt(f->ngoals, 64);
	for (int step = 0; step < 40; step++) {
		int x = tu_randint(&s, 30), y = tu_randint(&s, 30);

		if (step % 2 == 0)
			repair_block(f, g, x, y);
		else
			repair_set_cost(f, g, x, y, 1 + tu_randint(&s, 3));
		expect_rebuilt(f, g, ref, "many goals", step);
	}
	field_free(f);
	field_free(ref);
	grid_free(g);
}
END_TEST

/*
 * Abort unless the boxes a field keeps round each goal's cells (when it
 * keeps them) hold every cell of that goal.
 */
static void
expect_owned(const struct field *f, const struct grid *g, int step)
{
	if (!f->obox_ok)
		return;
	for (int y = 0; y < g->h; y++) {
		for (int x = 0; x < g->w; x++) {
			int s = f->goal[grid_index(g, x, y)];
			const int32_t *b = &f->obox[4 * s];

			if (s >= 0 && (x < b[0] || y < b[1] || x > b[2] ||
			    y > b[3]))
				ck_abort_msg("step %d: (%d,%d) of goal %d out "
				    "of its box", step, x, y, s);
		}
	}
}

/*
 * Random edit sequences with more goals than the sight boxes are swept for
 * one by one (the kept boxes round each goal's cells decide which goals a
 * change of sight concerns), compared with a rebuild after every edit.
 */
START_TEST(test_repair_many_goals_sequences)
{
	uint64_t s = 0xB0B + 31 * (uint64_t)_i;
	long edits = 0, kept = 0;

	for (int round = 0; round < 40; round++) {
		int w = 16 + tu_randint(&s, 30), h = 16 + tu_randint(&s, 30);
		struct grid *g = tu_random_grid(&s, w, h, tu_randint(&s, 25),
		    tu_randint(&s, 25), round % 3 != 0);
		struct field *f = field_new(w, h), *ref = field_new(w, h);
		int32_t goals[200];
		int ng = 65 + tu_randint(&s, 130);

		/* Half the time packed in a corner: wide, shifting regions. */
		for (int k = 0; k < ng; k++) {
			goals[k] = tu_random_open(&s, g);
			if (round % 2 == 0 && goals[k] >= 0)
				goals[k] = grid_index(g, grid_x(g, goals[k]) %
				    12, grid_y(g, goals[k]) % 12);
		}
		field_build(f, g, goals, ng);
		if (f->ngoals <= 64) {
			field_free(f);
			field_free(ref);
			grid_free(g);
			continue;
		}
		for (int step = 0, n = 1 + tu_randint(&s, 60); step < n;
		    step++, edits++) {
			int x = tu_randint(&s, w), y = tu_randint(&s, h);

			/* Mostly towers, as in play: the goals stay put. */
			if (round % 4 == 3)
				expect_rebuilt(f, g, ref, random_edit(&s, f,
				    g), step);
			else if (tu_randint(&s, 3) > 0) {
				repair_block(f, g, x, y);
				expect_rebuilt(f, g, ref, "block", step);
			} else {
				repair_unblock(f, g, x, y, 1 +
				    tu_randint(&s, 3));
				expect_rebuilt(f, g, ref, "unblock", step);
			}
			expect_owned(f, g, step);
			kept += f->obox_ok;
		}
		field_free(f);
		field_free(ref);
		grid_free(g);
	}
	ck_assert_int_gt(edits, 300);
	ck_assert_int_gt(kept, edits / 2);
}
END_TEST

/* One goal walks a random path; towers go up and come down around it. */
START_TEST(test_repair_goal_walk)
{
	uint64_t s = 31337 + (uint64_t)_i;
	struct grid *g = tu_random_grid(&s, 40, 30, 12, 8, _i % 2 == 0);
	struct field *f = field_new(40, 30), *ref = field_new(40, 30);
	int32_t goal = tu_random_open(&s, g);
	int moved = 0;

	field_build(f, g, &goal, 1);
	for (int step = 0; step < 300; step++) {
		int d = tu_randint(&s, 8);
		int i = f->goals[0] + field_offset(g->stride, d);

		if (repair_move_goal(f, g, 0, grid_x(g, i), grid_y(g, i)) == 0)
			moved++;
		expect_rebuilt(f, g, ref, "walk", step);
		if (step % 10 == 0) {
			repair_block(f, g, tu_randint(&s, 40), tu_randint(&s, 30));
			expect_rebuilt(f, g, ref, "tower", step);
		}
	}
	ck_assert_int_gt(moved, 100);
	field_free(f);
	field_free(ref);
	grid_free(g);
}
END_TEST

/* A tower far from the goal on open ground touches a small patch only. */
START_TEST(test_repair_local_edit_is_local)
{
	uint64_t s = 5;
	struct grid *g = tu_random_grid(&s, 200, 200, 0, 0, true);
	struct field *f = field_new(200, 200), *ref = field_new(200, 200);
	int32_t goal = grid_index(g, 20, 20);
	uint64_t built;

	field_build(f, g, &goal, 1);
	built = f->stats.settled;
	repair_block(f, g, 150, 120);
	ck_assert_int_eq(f->stats.rebuilt, 0);
	ck_assert_msg(f->stats.touched * 50 < built,
	    "touched %llu of %llu cells", (unsigned long long)f->stats.touched,
	    (unsigned long long)built);
	expect_rebuilt(f, g, ref, "far tower", 0);
	repair_unblock(f, g, 150, 120, 1);
	ck_assert_int_eq(f->stats.rebuilt, 0);
	ck_assert_msg(f->stats.touched * 50 < built, "touched %llu",
	    (unsigned long long)f->stats.touched);
	expect_rebuilt(f, g, ref, "far sale", 1);
	field_free(f);
	field_free(ref);
	grid_free(g);
}
END_TEST

/* Walling the goal's only exit invalidates nearly everything: rebuild. */
START_TEST(test_repair_falls_back_to_rebuild)
{
	uint64_t s = 6;
	struct grid *g = tu_random_grid(&s, 60, 60, 0, 0, true);
	struct field *f = field_new(60, 60), *ref = field_new(60, 60);
	int32_t goal = grid_index(g, 0, 0);

	grid_set_cost(g, 1, 1, 0);
	grid_set_cost(g, 1, 0, 0);
	field_build(f, g, &goal, 1);
	repair_block(f, g, 0, 1);
	ck_assert_int_eq(f->stats.rebuilt, 1);
	expect_rebuilt(f, g, ref, "sealed goal", 0);
	ck_assert_int_eq(field_build(ref, g, f->goals, f->ngoals), 1);
	field_free(f);
	field_free(ref);
	grid_free(g);
}
END_TEST

/*
 * Towers placed and sold on the benchmark maps, checked after each edit:
 * arena and lak303d, shipped in tests/data/movingai, always; the large
 * maze512-1-0 when $WEIR_MOVINGAI has it (make check points that at
 * ../shared/data/movingai).
 */
START_TEST(test_repair_movingai_maps)
{
	static const char *const maps[] = { "arena", "lak303d", "maze512-1-0" };
	const char *dir = getenv("WEIR_MOVINGAI");
	char path[4096], err[256];
	uint64_t s = 77;
	struct grid *g;

	if (_i < 2)
		snprintf(path, sizeof path, "%s%s.map",
		    tu_srcpath("tests/data/movingai/"), maps[_i]);
	else if (dir != NULL && *dir != '\0')
		snprintf(path, sizeof path, "%s/%s.map", dir, maps[_i]);
	else
		return;		/* the large map is not shipped */
	g = movingai_bench_grid(path, err, sizeof err);
	if (g == NULL && _i == 2)
		return;
	ck_assert_msg(g != NULL, "%s", err);
	{
		struct field *f = field_new(g->w, g->h);
		struct field *ref = field_new(g->w, g->h);
		int32_t goal = tu_random_open(&s, g);
		int placed[64], np = 0, steps = _i == 2 ? 60 : 150;

		field_build(f, g, &goal, 1);
		for (int step = 0; step < steps; step++) {
			if (np > 0 && (np == 64 || tu_randint(&s, 3) == 0)) {
				int k = tu_randint(&s, np), i = placed[k];

				placed[k] = placed[--np];
				repair_unblock(f, g, grid_x(g, i), grid_y(g, i), 1);
				expect_rebuilt(f, g, ref, "sale", step);
			} else {
				int i = random_free(&s, g, f);

				if (i < 0)
					continue;
				placed[np++] = i;
				repair_block(f, g, grid_x(g, i), grid_y(g, i));
				expect_rebuilt(f, g, ref, "tower", step);
			}
		}
		field_free(f);
		field_free(ref);
	}
	grid_free(g);
}
END_TEST

static Suite *
repair_suite(void)
{
	Suite *s = suite_create("repair");
	TCase *tc;

	tc = tcase_create("random");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_repair_random_sequences, 0, 8);
	suite_add_tcase(s, tc);

	tc = tcase_create("cases");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_repair_split_and_rejoin, 0, 2);
	tcase_add_loop_test(tc, test_repair_edits_at_goals, 0, 2);
	tcase_add_loop_test(tc, test_repair_several_goals, 0, 3);
	tcase_add_loop_test(tc, test_repair_goal_walk, 0, 2);
	tcase_add_test(tc, test_repair_many_goals);
	tcase_add_loop_test(tc, test_repair_many_goals_sequences, 0, 4);
	tcase_add_test(tc, test_repair_local_edit_is_local);
	tcase_add_test(tc, test_repair_falls_back_to_rebuild);
	suite_add_tcase(s, tc);

	tc = tcase_create("movingai");
	tcase_set_tags(tc, "movingai");	/* --disable-movingai-tests */
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_repair_movingai_maps, 0, 3);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(repair_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
