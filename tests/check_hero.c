/* SPDX-License-Identifier: ISC */
/*
 * The hero and the hunt: the hunt field keeps its contract (hunt.h) after
 * every tick, with towers going up and down between steps: valid, exact
 * and seeing right on every cell round a hunter, and a rebuild's field
 * once the hero has stood still long enough;
 * hunters and the hero never stand in a wall or a tower; a hunter reaches
 * a hero left alone; a hero walked away from the exit lures hunters along
 * a longer way; the hunt field is told the hero's walk and foresees its
 * steps; orders, falls and returns, scripts and saved games.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/bot.h"
#include "core/game.h"
#include "nav/hunt.h"
#include "core/save.h"
#include "core/script.h"
#include "testutil.h"

/*
 * An open field 22 x 9 with its spawn A at (0, 4), its exit at (21, 4)
 * and the hero at (5, 2); waves are appended per test.
 */
#define HERO_MAP \
	"weir-level 1\ntitle Hero\ngold 1000\nlives 20\nhero 5 2\nmap\n" \
	"######################\n" \
	"#....................#\n" \
	"#....................#\n" \
	"#....................#\n" \
	"A....................>\n" \
	"#....................#\n" \
	"#....................#\n" \
	"#....................#\n" \
	"######################\nend\n"

/* The error a level text gives. */
static const char *
level_error(const char *text)
{
	static char	 err[512];
	struct level	*lv = level_parse("t", text, strlen(text), err,
			    sizeof err);

	ck_assert_ptr_null(lv);
	return err;
}

/*
 * Fail unless the hunt field keeps its contract against fresh, a build
 * toward the hero's cell: valid everywhere; on the cells round each hunter
 * (the ones the game hands hunt_update) the exact distance and the sight a
 * sweep gives; with exact set, equal to the build on every cell.
 */
static void
expect_hunt(const struct game *g, struct field *fresh, int step, bool exact)
{
	int32_t	goal = grid_index(&g->grid, g->hero_cell.x, g->hero_cell.y);
	const struct field *f = g->hunt;
	char	why[128];

	if (g->hero < 0 || g->chase->goal < 0)
		return;
	ck_assert_msg(hunt_valid(g->chase, &g->grid, why, sizeof why),
	    "step %d, tick %ld: %s", step, g->tick, why);
	field_build(fresh, &g->grid, &goal, 1);
	for (size_t i = 0; i < fresh->ncells; i++) {
		bool near = false;

		for (int k = 0; k < g->nunits && !near; k++) {
			const struct steer_agent *a = &g->agents[k];
			int bx = (int)floor(a->pos.x - 0.5);
			int by = (int)floor(a->pos.y - 0.5);

			near = game_hunting(g, k) &&
			    (int)i >= grid_index(&g->grid, bx, by) &&
			    ((int)i == grid_index(&g->grid, bx, by) ||
			    (int)i == grid_index(&g->grid, bx + 1, by) ||
			    (int)i == grid_index(&g->grid, bx, by + 1) ||
			    (int)i == grid_index(&g->grid, bx + 1, by + 1));
		}
		if (!near && !exact)
			continue;
		if (fresh->dist[i] == FIELD_INF ? f->dist[i] == FIELD_INF :
		    fresh->dist[i] == f->dist[i] + f->base &&
		    (exact ? fresh->dir[i] == f->dir[i] :
		    fresh->los[i] == f->los[i]))
			continue;
		ck_abort_msg("step %d, tick %ld, hero at %d,%d: %s cell %zu "
		    "dist %lld/%lld dir %d/%d los %d/%d (hunt/rebuild)", step,
		    g->tick, g->hero_cell.x, g->hero_cell.y, near ? "hunter's" :
		    "still", i, (long long)(f->dist[i] + f->base),
		    (long long)fresh->dist[i], f->dir[i], fresh->dir[i],
		    f->los[i], fresh->los[i]);
	}
}

/* Fail if a ground enemy or the hero overlaps a blocked cell. */
static void
expect_clear_of_walls(const struct game *g)
{
	for (int i = 0; i < g->nunits; i++) {
		const struct steer_agent *a = &g->agents[i];

		if (g->units[i].dead || g->units[i].kind == GAME_UNIT_SHOT ||
		    g->units[i].mover == ENEMY_FLY)
			continue;
		ck_assert_msg(!steer_overlaps_wall(&g->grid, a->pos, a->radius),
		    "tick %ld: unit %d (kind %d) at %.3f,%.3f in a wall",
		    g->tick, i, g->units[i].kind, a->pos.x, a->pos.y);
	}
}

/* A random level text: walls sprinkled on a w x h field, the hero inside. */
static char *
random_level(uint64_t *rng, int w, int h, int wall_pct)
{
	char	*t = malloc((size_t)(w + 2) * (h + 2) + 512), *p = t;
	int	 x, y;

	p += sprintf(p, "weir-level 1\ntitle R\ngold 100000\nlives 1000\n"
	    "hero %d %d\nmap\n", w / 2, h / 2);
	for (y = 0; y < h; y++) {
		for (x = 0; x < w; x++) {
			if (x == 0 && y == h / 2)
				*p++ = 'A';
			else if (x == w - 1 && y == h / 2)
				*p++ = '>';
			else if (y == h / 2 || (x == w / 2 && y >= h / 2 - 1))
				*p++ = '.';	/* a way through, the hero's */
			else
				*p++ = tu_randint(rng, 100) < wall_pct ? '#' :
				    '.';
		}
		*p++ = '\n';
	}
	sprintf(p, "end\nwave\ngroup 30 hunter from A every 0.7\n"
	    "group 30 wolf from A every 0.5\ngroup 10 grunt from A\n");
	return t;
}

/*
 * The hunt field keeps its contract after every tick on random maps with
 * towers placed and sold between steps; when the hero has stood still for
 * hunt_exact_bound ticks it is a rebuild's field; nobody ever stands in a
 * wall.
 */
START_TEST(test_hunt_field_contract_every_tick)
{
	uint64_t	 rng = 0xbeef + (uint64_t)_i;
	char		*text = random_level(&rng, 14 + _i % 4 * 6, 9 + _i % 3 * 4,
			    20);
	struct level	*lv = tu_level(text);
	struct game	*g = game_new(lv, rng, true);
	struct field	*fresh = field_new(g->w, g->h);
	int		 steps = 0, placed = 0, sold = 0, ordered = 0, hunted = 0;
	int		 still = 0, stills = 0;
	struct point	 last = g->hero_cell;

	game_call_wave(g);
	while (!game_over(g) && g->tick < 4000) {
		/* Busy spells, then calm ones in which the hero stands. */
		int r = g->tick / 150 % 2 ? 100 : tu_randint(&rng, 100);

		if (r < 4) {
			int x = tu_randint(&rng, g->w), y = tu_randint(&rng,
			    g->h);

			placed += game_place(g, TOWER_WALL + tu_randint(&rng,
			    TOWER_NTYPES), x, y) == GAME_OK;
		} else if (r < 6 && g->nstanding > 0) {
			int t = tu_randint(&rng, g->ntowers);

			if (g->towers[t].used)
				sold += game_sell(g, g->towers[t].x,
				    g->towers[t].y) == GAME_OK;
		} else if (r < 9) {
			ordered += game_order_hero(g, tu_randint(&rng, g->w),
			    tu_randint(&rng, g->h)) == GAME_OK;
		}
		if (r < 9)
			still = 0;
		game_tick(g);
		expect_clear_of_walls(g);
		for (int i = 0; i < g->nunits; i++)
			hunted += game_hunting(g, i);
		if (g->hero_cell.x != last.x || g->hero_cell.y != last.y ||
		    g->hero < 0) {
			steps++;
			still = 0;
			last = g->hero_cell;
		} else if (++still == hunt_exact_bound(g->chase, &g->grid))
			stills++;
		expect_hunt(g, fresh, steps,
		    still >= hunt_exact_bound(g->chase, &g->grid));
	}
	ck_assert_int_gt(stills, 0);
	ck_assert_int_gt(steps, 20);
	ck_assert_int_gt(placed, 0);
	ck_assert_int_gt(ordered, 2);
	ck_assert_int_gt(hunted, 100);
	field_free(fresh);
	game_free(g);
	level_free(lv);
	free(text);
}
END_TEST

/* A hunter reaches a hero standing alone and bites it. */
START_TEST(test_hunter_reaches_standing_hero)
{
	struct level	*lv = tu_level(HERO_MAP "wave\ngroup 1 hunter "
			    "from A\n");
	struct game	*g = game_new(lv, 1, false);
	long		 bitten = -1;

	ck_assert(g->has_hero);
	ck_assert_int_eq(g->hero_hp, GAME_HERO_HP);
	game_call_wave(g);
	while (g->tick < 30 * GAME_RATE && bitten < 0) {
		game_tick(g);
		if (g->hero_hp < GAME_HERO_HP)
			bitten = g->tick;
		for (int i = 0; i < g->nunits; i++)
			if (g->units[i].kind == GAME_UNIT_ENEMY)
				ck_assert(game_hunting(g, i));
	}
	ck_assert_msg(bitten > 0, "the hunter never reached the hero");
	ck_assert_int_eq(g->hero_hp, GAME_HERO_HP -
	    enemy_types[ENEMY_HUNTER].bite);
	ck_assert_int_eq(g->leaked, 0);
	game_free(g);
	level_free(lv);
}
END_TEST

/*
 * A hero standing far from the exit lures a hunter the long way: the exit
 * is three cells from the spawn, the hero twenty; the hunter walks to the
 * hero (much further than its route out) and never leaves.
 */
START_TEST(test_lured_hunter_walks_further)
{
	struct level	*lv = tu_level("weir-level 1\ntitle Lure\ngold 0\n"
			    "lives 5\nhero 20 7\nmap\n"
			    "######################\n"
			    ">....................#\n"
			    "#....................#\n"
			    "#....................#\n"
			    "A....................#\n"
			    "#....................#\n"
			    "#....................#\n"
			    "#....................#\n"
			    "######################\nend\n"
			    "wave\ngroup 1 hunter from A\n");
	struct game	*g = game_new(lv, 3, false);
	struct vec	 prev = vec_make(0.5, 4.5);
	double		 walked = 0.0, to_exit = field_distance(g->field, 0, 4);
	int		 i;

	game_call_wave(g);
	while (g->tick < 60 * GAME_RATE && g->hero_hp == GAME_HERO_HP) {
		game_tick(g);
		for (i = 0; i < g->nunits; i++)
			if (g->units[i].kind == GAME_UNIT_ENEMY)
				break;
		ck_assert_int_lt(i, g->nunits);
		walked += vec_dist(prev, g->agents[i].pos);
		prev = g->agents[i].pos;
	}
	ck_assert_int_lt(g->hero_hp, GAME_HERO_HP);
	ck_assert_int_eq(g->leaked, 0);
	ck_assert_msg(walked > 3.0 * to_exit, "walked %.1f, exit %.1f away",
	    walked, to_exit);
	game_free(g);
	level_free(lv);
}
END_TEST

/* Orders refused with their reasons; an order is walked to and ends. */
START_TEST(test_hero_orders)
{
	struct level	*lv = tu_level(HERO_MAP "wave\ngroup 1 grunt from A\n");
	struct level	*plain = tu_level("weir-level 1\ntitle P\ngold 9\n"
			    "lives 1\nmap\nA.>\nend\nwave\ngroup 1 grunt "
			    "from A\n");
	struct game	*g = game_new(lv, 1, false);
	struct game	*p = game_new(plain, 1, false);
	const struct steer_agent *h;

	ck_assert_int_eq(game_order_hero(p, 1, 0), GAME_NO_HERO);
	ck_assert_ptr_null(game_hero_agent(p));
	ck_assert_int_eq(game_order_hero(g, 0, 0), GAME_NOT_WALKABLE);
	ck_assert_int_eq(game_order_hero(g, 30, 2), GAME_OUT_OF_MAP);
	/* A tower cannot go up on the hero. */
	ck_assert_int_eq(game_place(g, TOWER_WALL, 5, 2), GAME_OCCUPIED);
	ck_assert_int_eq(game_place(g, TOWER_WALL, 15, 6), GAME_OK);
	ck_assert_int_eq(game_order_hero(g, 15, 6), GAME_NOT_WALKABLE);
	ck_assert_int_eq(game_order_hero(g, 15, 7), GAME_OK);
	while (g->hero_order.x >= 0 && g->tick < 20 * GAME_RATE) {
		game_tick(g);
		expect_clear_of_walls(g);
	}
	h = game_hero_agent(g);
	ck_assert_ptr_nonnull(h);
	ck_assert_int_eq((int)floor(h->pos.x), 15);
	ck_assert_int_eq((int)floor(h->pos.y), 7);
	ck_assert_int_eq(g->hero_cell.x, 15);
	ck_assert_int_eq(g->hero_cell.y, 7);
	game_free(g);
	game_free(p);
	level_free(lv);
	level_free(plain);
}
END_TEST

/*
 * The game tells the hunt field the hero's walk (hunt_plan): the cells the
 * hero's path will take it through, so that the field knows where it will
 * step next on nearly every step, with hunters after it; the field keeps
 * its contract every tick (valid; exact, and seeing right, round each
 * hunter). Walks along the field's edges and across it, to and fro.
 */
START_TEST(test_hero_walk_told)
{
	struct level	*lv = tu_level(HERO_MAP "wave\ngroup 40 hunter from A "
			    "every 3\n");
	struct game	*g = game_new(lv, 3, false);
	struct field	*fresh = field_new(g->w, g->h);
	static const int to[][2] = { { 20, 2 }, { 1, 7 }, { 20, 7 }, { 1, 1 },
	    { 14, 4 }, { 3, 6 } };
	int		 steps = 0, known = 0, foreseen = 0;

	g->lives = 1000;
	game_call_wave(g);
	for (int k = 0; k < 6; k++) {
		long t0 = g->tick;

		ck_assert_int_eq(game_order_hero(g, to[k][0], to[k][1]),
		    GAME_OK);
		while (g->hero_order.x >= 0 && !game_over(g) &&
		    g->tick < t0 + 20 * GAME_RATE) {
			struct point	at = g->hero_cell;
			int32_t		next = hunt_walk_known(g->chase) ?
					    g->chase->plan[g->chase->iplan] : -1;

			game_tick(g);
			if (g->hero_cell.x != at.x || g->hero_cell.y != at.y) {
				steps++;
				known += next >= 0;
				foreseen += next == grid_index(&g->grid,
				    g->hero_cell.x, g->hero_cell.y);
			}
			expect_hunt(g, fresh, steps, false);
		}
	}
	ck_assert_int_gt(steps, 100);
	/* Told its walk, the field foresees nearly every step. */
	ck_assert_int_ge(known * 10, steps * 9);
	ck_assert_int_ge(foreseen * 10, steps * 8);
	field_free(fresh);
	game_free(g);
	level_free(lv);
}
END_TEST

/* A hero swarmed by wolves falls, and comes back at its start. */
START_TEST(test_hero_falls_and_returns)
{
	struct level	*lv = tu_level(HERO_MAP "wave\ngroup 60 wolf from A "
			    "every 0.1\ngroup 1 grunt from A after 60\n");
	struct game	*g = game_new(lv, 2, false);
	long		 fell = -1, back = -1;
	bool		 fled = false;

	g->lives = 1000;	/* the wolves that get out cost nothing here */
	game_call_wave(g);
	while (g->tick < 120 * GAME_RATE && back < 0 && !game_over(g)) {
		game_tick(g);
		if (fell < 0 && game_hero_agent(g) == NULL) {
			fell = g->tick;
			ck_assert_int_eq(g->hero_hp, 0);
		}
		if (fell >= 0 && !fled) {
			/* Down: nobody hunts; the wolves make for the exit. */
			for (int i = 0; i < g->nunits; i++)
				ck_assert(!game_hunting(g, i));
			fled = true;
		}
		if (fell >= 0 && back < 0 && game_hero_agent(g) != NULL)
			back = g->tick;
	}
	ck_assert_msg(fell > 0, "the hero never fell");
	ck_assert_msg(back > 0, "the hero never came back");
	ck_assert_int_eq(back - fell, GAME_HERO_DOWN_S * GAME_RATE);
	ck_assert_int_eq(g->hero_hp, GAME_HERO_HP);
	ck_assert_int_eq(g->hero_cell.x, 5);
	ck_assert_int_eq(g->hero_cell.y, 2);
	game_free(g);
	level_free(lv);
}
END_TEST

/* 'hero X Y' in level files: where, and what is refused. */
START_TEST(test_level_hero_key)
{
	ck_assert_str_eq(level_error("weir-level 1\ntitle T\ngold 1\nlives 1\n"
	    "hero 9 0\nmap\nA.>\nend\nwave\ngroup 1 grunt from A\n"),
	    "t:5:6: hero at 9,0 is off the map (3 x 1)");
	ck_assert_str_eq(level_error("weir-level 1\ntitle T\ngold 1\nlives 1\n"
	    "hero 1 0\nmap\nA#>\nend\nwave\ngroup 1 grunt from A\n"),
	    "t:5:6: hero at 1,0 stands in a wall: it needs ground, road, "
	    "marsh, a spawn or an exit");
	ck_assert_str_eq(level_error("weir-level 1\ntitle T\ngold 1\nlives 1\n"
	    "hero 1\nmap\nA.>\nend\nwave\ngroup 1 grunt from A\n"),
	    "t:5:7: expected the hero's Y after 'hero X'");
	ck_assert_str_eq(level_error("weir-level 1\ntitle T\ngold 1\nlives 1\n"
	    "hero 1 0\nhero 1 0\nmap\nA.>\nend\nwave\ngroup 1 grunt from "
	    "A\n"), "t:6:1: duplicate 'hero' (first on line 5)");
}
END_TEST

/* hero X Y in scripts, saved games that replay the same game. */
START_TEST(test_hero_scripts_and_saves)
{
	struct level	*lv = tu_level(HERO_MAP "wave\ngroup 8 hunter from A "
			    "every 0.5\ngroup 8 wolf from A every 0.3\n");
	const char	 text[] = "10 hero 12 6\n40 place arrow 8 3\n"
			    "90 hero 2 1\n";
	char		 err[256], line[64];
	struct script	*sc = script_parse("t", text, sizeof text - 1, err,
			    sizeof err);
	struct game	*a, *b;
	struct save	*sv;
	char		 path[] = "/tmp/check_hero.XXXXXX";
	int		 next = 0;
	FILE		*f;

	ck_assert_msg(sc != NULL, "%s", err);
	ck_assert_int_eq(sc->ncmds, 3);
	ck_assert_int_eq(sc->cmds[0].type, GAME_CMD_HERO);
	script_format(&sc->cmds[2], line, sizeof line);
	ck_assert_str_eq(line, "90 hero 2 1");
	a = game_new(lv, 7, false);
	game_call_wave(a);
	while (a->tick < 40 * GAME_RATE && !game_over(a)) {
		while (next < sc->ncmds && sc->cmds[next].tick <= a->tick)
			ck_assert_int_eq(game_command(a, &sc->cmds[next++]),
			    GAME_OK);
		game_tick(a);
	}
	ck_assert_int_eq(next, 3);
	/* Saved and replayed: the same game, bit for bit. */
	close(mkstemp(path));
	ck_assert_int_eq(save_write(path, "test", 1, 7, a, err, sizeof err),
	    0);
	sv = save_read(path, err, sizeof err);
	ck_assert_msg(sv != NULL, "%s", err);
	b = game_new(lv, 7, false);
	ck_assert_int_eq(save_replay(b, sv, err, sizeof err), 0);
	ck_assert_int_eq(b->tick, a->tick);
	ck_assert(game_hash(a) == game_hash(b));
	ck_assert_int_eq(b->hero_hp, a->hero_hp);
	f = fopen(path, "r");
	ck_assert_ptr_nonnull(f);
	fclose(f);
	unlink(path);
	save_free(sv);
	script_free(sc);
	game_free(a);
	game_free(b);
	level_free(lv);
}
END_TEST

/* The bot plays a hero level: it sends the hero out and wins. */
START_TEST(test_bot_sends_hero)
{
	struct level	*lv = tu_level(HERO_MAP "wave after 5\ngroup 10 hunter "
			    "from A every 1\nwave after 5\ngroup 20 wolf from A "
			    "every 0.4\n");
	struct game	*g = game_new(lv, 1, false);
	struct bot	*b = bot_new(g);
	int		 orders = 0;

	g->gold = 300;
	while (!game_over(g) && g->tick < 200 * GAME_RATE) {
		struct point before = g->hero_order;

		bot_act(b, g);
		orders += g->hero_order.x != before.x ||
		    g->hero_order.y != before.y;
		game_tick(g);
	}
	ck_assert_int_gt(orders, 0);
	ck_assert_int_eq(g->state, GAME_WON);
	bot_free(b);
	game_free(g);
	level_free(lv);
}
END_TEST

static Suite *
hero_suite(void)
{
	Suite	*s = suite_create("hero");
	TCase	*tc = tcase_create("hunt");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_hunt_field_contract_every_tick, 0,
	    8);
	tcase_add_test(tc, test_hunter_reaches_standing_hero);
	tcase_add_test(tc, test_lured_hunter_walks_further);
	tcase_add_test(tc, test_hero_orders);
	tcase_add_test(tc, test_hero_walk_told);
	tcase_add_test(tc, test_hero_falls_and_returns);
	tcase_add_test(tc, test_level_hero_key);
	tcase_add_test(tc, test_hero_scripts_and_saves);
	tcase_add_test(tc, test_bot_sends_hero);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(hero_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
