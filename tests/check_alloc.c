/* SPDX-License-Identifier: ISC */
/*
 * A tick allocates nothing: this program defines the four functions of
 * core/alloc.h itself, so the core library's own alloc.o is never linked
 * in and every allocation the core makes (through xmalloc and the other
 * wrappers) passes through here and is counted. The count must not move
 * across a game tick in a busy late wave or across a crowd tick. Set
 * WEIR_TEST_VERBOSE to see the figures.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "nav/alloc.h"
#include "core/bot.h"
#include "nav/field.h"
#include "core/game.h"
#include "core/level.h"
#include "nav/steer.h"
#include "nav/util.h"
#include "testutil.h"

static unsigned long allocations;	/* calls of the four below */

/* Counted malloc(3) for the core. */
void *
alloc_malloc(size_t size)
{
	allocations++;
	return malloc(size);
}

/* Counted calloc(3) for the core. */
void *
alloc_calloc(size_t nmemb, size_t size)
{
	allocations++;
	return calloc(nmemb, size);
}

/* Counted realloc(3) for the core. */
void *
alloc_realloc(void *ptr, size_t size)
{
	allocations++;
	return realloc(ptr, size);
}

/* Counted aligned_alloc(3) for the core. */
void *
alloc_aligned(size_t align, size_t size)
{
	allocations++;
	return aligned_alloc(align, size);
}

/* The count is live: loading a level, a game and a crowd all add to it. */
START_TEST(counter_sees_the_core)
{
	unsigned long n0 = allocations;
	struct level *lv = level_load(tu_srcpath("levels/meadow.weir"), NULL,
	    0);
	struct game *g;
	struct field *f;
	struct steer_crowd *c;

	ck_assert_ptr_nonnull(lv);
	ck_assert_uint_gt(allocations, n0);
	n0 = allocations;
	g = game_new(lv, 1, false);
	ck_assert_uint_gt(allocations, n0);
	n0 = allocations;
	f = field_new(10, 10);		/* the aligned one */
	ck_assert_uint_eq(allocations, n0 + 1);
	c = steer_crowd_new(10, 10, 2.0, 10);
	ck_assert_uint_gt(allocations, n0 + 1);
	steer_crowd_free(c);
	field_free(f);
	game_free(g);
	level_free(lv);
}
END_TEST

/*
 * A whole game of the given campaign level with the bot playing: no tick
 * from the first to the last may allocate. The last waves must have been
 * busy (many enemies and shots out at once, towers killing), or the test
 * would prove little.
 */
static const char *const tick_levels[] = {
	"levels/floodgate.weir",	/* everything at once */
	"levels/hive.weir"		/* the largest flocks, flyers */
};

START_TEST(game_tick_allocates_nothing)
{
	struct level *lv = level_load(tu_srcpath(tick_levels[_i]), NULL, 0);
	struct game *g;
	struct bot *b;
	int most_enemies = 0, most_shots = 0, late_kills = 0, busy = 0, k;
	long late_ticks = 0;

	ck_assert_ptr_nonnull(lv);
	g = game_new(lv, 1, false);
	b = bot_new(g);
	while (!game_over(g) && g->tick < 100000) {
		unsigned long n0;
		int killed = g->killed;
		bool late = g->next_wave >= g->nwaves - 1;

		bot_act(b, g);
		n0 = allocations;
		game_tick(g);
		ck_assert_msg(allocations == n0, "%s: tick %ld allocated %lu "
		    "times (wave %d of %d, %d enemies, %d shots)",
		    tick_levels[_i], g->tick, allocations - n0, g->next_wave,
		    g->nwaves, g->nenemies, g->nshots);
		if (!late)
			continue;
		late_ticks++;
		late_kills += g->killed - killed;
		if (g->nenemies > most_enemies)
			most_enemies = g->nenemies;
		if (g->nshots > most_shots)
			most_shots = g->nshots;
		if (g->nenemies >= 20 && g->nshots >= 3)
			busy++;
	}
	tu_say("%s: %ld ticks, the last waves %ld: up to %d enemies and %d "
	    "shots, %d kills, %d busy ticks; %d towers\n", tick_levels[_i],
	    g->tick, late_ticks, most_enemies, most_shots, late_kills, busy,
	    g->nstanding);
	ck_assert_int_eq(g->state, GAME_WON);
	ck_assert_int_ge(most_enemies, 40);
	ck_assert_int_ge(most_shots, 5);
	ck_assert_int_ge(late_kills, 50);
	/*
	 * The bot's strikes thin the late swarms of The Hive (42 busy ticks
	 * there, 197 before there were powers); the ticks in which powers
	 * work and a barrier falls are among the ones checked.
	 */
	ck_assert_int_ge(busy, 30);
	for (k = 0; k < g->nlog && g->log[k].type != GAME_CMD_POWER; k++)
		;
	ck_assert_msg(k < g->nlog, "%s: the bot used no power",
	    tick_levels[_i]);
	bot_free(b);
	game_free(g);
	level_free(lv);
}
END_TEST

/*
 * A crowd of every behaviour and all three combiners on a walled map with
 * a flow field, obstacles, waypoint paths, targets and flocking: after the
 * first tick, no tick allocates.
 */
START_TEST(crowd_tick_allocates_nothing)
{
	enum { N = 600 };
	uint64_t rs = 8;
	struct grid *g = tu_random_grid(&rs, 64, 64, 10, 5, true);
	struct field *f = field_new(g->w, g->h);
	int32_t goal = tu_random_open(&rs, g);
	struct steer_type t[3];
	struct steer_circle obs[4];
	struct point path[3];
	struct steer_agent *a = xcalloc(N, sizeof *a);
	struct steer_crowd *c = steer_crowd_new(g->w, g->h, 2.0, N);
	unsigned long n0;
	int k;

	field_build(f, g, &goal, 1);
	for (k = 0; k < 3; k++)
		steer_type_init(&t[k]);
	t[0].behaviours = STEER_BIT(STEER_WALLS) |
	    STEER_BIT(STEER_SEPARATION) | STEER_BIT(STEER_ALIGNMENT) |
	    STEER_BIT(STEER_COHESION) | STEER_BIT(STEER_FLOW);
	t[0].combiner = STEER_WEIGHTED_SUM;
	t[1].behaviours = STEER_BIT(STEER_OBSTACLES) |
	    STEER_BIT(STEER_SEPARATION) | STEER_BIT(STEER_PURSUIT) |
	    STEER_BIT(STEER_OFFSET) | STEER_BIT(STEER_WANDER);
	t[1].combiner = STEER_DITHERED;
	t[1].ground = false;
	t[2].behaviours = STEER_BIT(STEER_WALLS) | STEER_BIT(STEER_EVADE) |
	    STEER_BIT(STEER_FLEE) | STEER_BIT(STEER_PATH) |
	    STEER_BIT(STEER_ARRIVE) | STEER_BIT(STEER_SEEK) |
	    STEER_BIT(STEER_WANDER);
	t[2].combiner = STEER_PRIORITISED;
	for (k = 0; k < 4; k++) {
		obs[k].c = vec_make(10.0 + 12.0 * k, 32.0);
		obs[k].r = 1.5;
	}
	for (k = 0; k < 3; k++) {
		int32_t cell = tu_random_open(&rs, g);

		path[k].x = grid_x(g, cell);
		path[k].y = grid_y(g, cell);
	}
	for (int i = 0; i < N; i++) {
		int32_t cell = tu_random_open(&rs, g);

		steer_agent_init(&a[i], i % 3, vec_make(grid_x(g, cell) + 0.5,
		    grid_y(g, cell) + 0.5), 2.0 + i % 4, 8.0, 0.3,
		    (uint64_t)i + 1);
		a[i].target = (i * 7 + 3) % N;
		a[i].goal = vec_make(path[0].x + 0.5, path[0].y + 0.5);
		a[i].offset = vec_make(-1.0, 0.5);
		a[i].path = path;
		a[i].npath = 3;
	}
	c->grid = g;
	c->field = f;
	c->types = t;
	c->ntypes = 3;
	c->obstacles = obs;
	c->nobstacles = 4;
	steer_crowd_step(c, a, N, 1.0 / 30);
	n0 = allocations;
	for (k = 0; k < 100; k++)
		steer_crowd_step(c, a, N, 1.0 / 30);
	ck_assert_msg(allocations == n0, "100 crowd ticks allocated %lu "
	    "times", allocations - n0);
	/* The same with every pair of agents tried, no neighbour grid. */
	c->brute_force = true;
	for (k = 0; k < 5; k++)
		steer_crowd_step(c, a, N, 1.0 / 30);
	ck_assert_msg(allocations == n0, "brute-force crowd ticks allocated "
	    "%lu times", allocations - n0);
	steer_crowd_free(c);
	free(a);
	field_free(f);
	grid_free(g);
}
END_TEST

static Suite *
alloc_suite(void)
{
	Suite *s = suite_create("alloc");
	TCase *tc;

	tc = tcase_create("ticks");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, counter_sees_the_core);
	tcase_add_loop_test(tc, game_tick_allocates_nothing, 0,
	    (int)(sizeof tick_levels / sizeof tick_levels[0]));
	tcase_add_test(tc, crowd_tick_allocates_nothing);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(alloc_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
