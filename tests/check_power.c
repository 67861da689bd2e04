/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of the player's powers: the strike's area (ground and air,
 * nothing outside), the barrier (it blocks, the exit and hunt fields and
 * the paths are repaired to exactly what a rebuild gives when it rises
 * and when it falls, and it obeys the tower's rule about blocking cell for
 * cell), the freeze's slow inside its disc and not outside, cooldowns,
 * every refusal with its reason, the script word and the trace lines, and
 * a saved game taken while a barrier stands replaying bit for bit. Scenes
 * are staged by moving enemies' agents. Set WEIR_TEST_VERBOSE to see the
 * figures.
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
#include "nav/los.h"
#include "core/save.h"
#include "core/script.h"
#include "core/trace.h"
#include "nav/util.h"
#include "testgame.h"
#include "testutil.h"

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

/*
 * Whether the game's exit field is exactly the field a full rebuild of
 * its grid gives: every distance, pointer and line of sight.
 */
static bool
field_is_rebuilt(const struct game *g)
{
	struct field	*f = field_new(g->w, g->h);
	bool		 same;

	field_build(f, &g->grid, g->goals, g->ngoals);
	same = memcmp(f->dist, g->field->dist, f->ncells *
	    sizeof *f->dist) == 0 && memcmp(f->dir, g->field->dir,
	    f->ncells * sizeof *f->dir) == 0 && memcmp(f->los,
	    g->field->los, f->ncells * sizeof *f->los) == 0;
	field_free(f);
	return same;
}

/* Whether path mover i's path ahead crosses no blocked cell. */
static bool
path_clear(const struct game *g, int i)
{
	const struct steer_agent *a = &g->agents[i];
	int k, x = (int)floor(a->pos.x), y = (int)floor(a->pos.y);

	for (k = a->ipath; k < a->npath; k++) {
		if (!los_ray_clear(&g->grid, x, y, a->path[k].x, a->path[k].y))
			return false;
		x = a->path[k].x;
		y = a->path[k].y;
	}
	return true;
}

/* --- strike --- */

START_TEST(test_strike_hits_its_disc_only)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 0\ngroup 4 brute "
	    "from A every 0\ngroup 1 flyer from A every 0\n");
	struct game *g = game_new(lv, 1, false);
	struct tu_rec *r = xcalloc(1, sizeof *r);
	const struct power_type *pt = &power_types[POWER_STRIKE];
	const struct game_event *ev;
	int i, hp[6], hit = tower_hit_damage(pt->damage,
	    enemy_types[ENEMY_BRUTE].armour, false);

	game_set_events(g, tu_rec_event, r);
	send_first_wave(g);
	tu_pin(g, 1, 10.5, 4.5);			/* the centre */
	tu_pin(g, 2, 10.5 + 1.45, 4.5);		/* just inside */
	tu_pin(g, 3, 10.5 + 1.55, 4.5);		/* just outside */
	tu_pin(g, 4, 10.5, 4.5 - 1.6);		/* outside, above */
	tu_pin(g, 5, 10.5 - 1.0, 4.5 + 1.0);	/* a flyer inside */
	for (i = 1; i <= 5; i++)
		hp[i] = g->units[tu_enemy_index(g, i)].hp;
	ck_assert_int_eq(game_use_power(g, POWER_STRIKE, 10, 4), GAME_OK);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 1)].hp, hp[1] - hit);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 2)].hp, hp[2] - hit);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 3)].hp, hp[3]);
	ck_assert_int_eq(g->units[tu_enemy_index(g, 4)].hp, hp[4]);
	/* A flyer (60 hp, no armour) is struck down from the sky. */
	ck_assert(g->units[tu_enemy_index(g, 5)].dead);
	ev = tu_rec_last(r, GAME_EV_KILL);
	ck_assert_ptr_nonnull(ev);
	ck_assert_int_eq(ev->tower, GAME_BY_POWER - POWER_STRIKE);
	ck_assert_int_eq(g->power_kills, 1);
	ev = tu_rec_last(r, GAME_EV_POWER);
	ck_assert_ptr_nonnull(ev);
	ck_assert_int_eq(ev->power, POWER_STRIKE);
	ck_assert_int_eq(ev->value, 3);
	ck_assert_int_eq(g->powers[POWER_STRIKE].cooldown, pt->cooldown);
	ck_assert_int_eq(g->nlog, 1);
	ck_assert_int_eq(g->log[0].type, GAME_CMD_POWER);
	/* It cost its row's gold; the kill paid its bounty. */
	ck_assert_int_eq(ev->gold, pt->cost);
	ck_assert_int_eq(g->gold, 1000 - pt->cost +
	    enemy_types[ENEMY_FLYER].bounty);
	free(r);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_cooldown_runs_down)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 60\ngroup 1 grunt "
	    "from A\n");
	struct game *g = game_new(lv, 1, false);
	struct tu_rec *r = xcalloc(1, sizeof *r);
	const struct game_event *ev;
	int k, cd = power_types[POWER_STRIKE].cooldown;

	game_set_events(g, tu_rec_event, r);
	ck_assert_int_eq(game_use_power(g, POWER_STRIKE, 3, 3), GAME_OK);
	for (k = 0; k < cd - 1; k++)
		game_tick(g);
	ck_assert_int_eq(game_use_power(g, POWER_STRIKE, 3, 3), GAME_COOLING);
	ev = tu_rec_last(r, GAME_EV_REJECT);
	ck_assert_ptr_nonnull(ev);
	ck_assert_int_eq(ev->cmd, GAME_CMD_POWER);
	ck_assert_int_eq(ev->power, POWER_STRIKE);
	ck_assert_str_eq(game_reason_name(ev->reason), "cooling down");
	ck_assert_int_eq(g->nlog, 1);		/* a refusal is not logged */
	/* The others have their own cooldowns. */
	ck_assert_int_eq(game_check_power(g, POWER_FREEZE, 3, 3), GAME_OK);
	game_tick(g);
	ck_assert_int_eq(game_use_power(g, POWER_STRIKE, 3, 3), GAME_OK);
	ck_assert_int_eq(g->nlog, 2);
	free(r);
	game_free(g);
	level_free(lv);
}
END_TEST

/*
 * A power costs its row's gold: refused with too little (nothing spent,
 * no cooldown started), taken with just enough, free in the sandbox.
 */
START_TEST(test_power_costs_gold)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 60\ngroup 1 grunt "
	    "from A\n");
	struct game *g = game_new(lv, 1, false), *s;
	int k;

	for (k = 0; k < POWER_NKINDS; k++) {
		const struct power_type *pt = &power_types[k];
		int x = 3 + k, y = 3;

		ck_assert_int_gt(pt->cost, 0);
		g->gold = pt->cost - 1;
		ck_assert_int_eq(game_check_power(g, k, x, y), GAME_NO_GOLD);
		ck_assert_int_eq(game_use_power(g, k, x, y), GAME_NO_GOLD);
		ck_assert_int_eq(g->gold, pt->cost - 1);
		ck_assert_int_eq(g->powers[k].cooldown, 0);
		g->gold = pt->cost;
		ck_assert_int_eq(game_use_power(g, k, x, y), GAME_OK);
		ck_assert_int_eq(g->gold, 0);
	}
	s = game_new(lv, 1, true);
	k = s->gold;
	ck_assert_int_eq(game_use_power(s, POWER_STRIKE, 3, 3), GAME_OK);
	ck_assert_int_eq(s->gold, k);
	game_free(s);
	game_free(g);
	level_free(lv);
}
END_TEST

/* --- barrier --- */

START_TEST(test_barrier_blocks_and_repairs)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 0\ngroup 3 grunt "
	    "from A every 0\n");
	struct game *g = game_new(lv, 1, false);
	struct tu_rec *r = xcalloc(1, sizeof *r);
	const struct power_type *pt = &power_types[POWER_BARRIER];
	double before = field_distance(g->field, 0, 4), during;
	int i, k, bx = 12, by = 4;
	unsigned gen;

	game_set_events(g, tu_rec_event, r);
	send_first_wave(g);
	for (i = 0; i < g->nunits; i++)
		ck_assert(g->units[i].mover == ENEMY_PATH);
	gen = g->map_gen;
	ck_assert_int_eq(game_use_power(g, POWER_BARRIER, bx, by), GAME_OK);
	ck_assert_int_eq(grid_get_cost(&g->grid, bx, by), 0);
	ck_assert_int_eq(game_barrier_at(g, bx, by), POWER_BARRIER);
	ck_assert_uint_gt(g->map_gen, gen);
	ck_assert(field_is_rebuilt(g));
	during = field_distance(g->field, 0, 4);
	ck_assert(during > before);
	/* Every walker was given a path round it. */
	for (i = 0; i < g->nunits; i++)
		ck_assert_msg(path_clear(g, i), "enemy %d walks through it",
		    g->units[i].id);
	/* Nothing is built on it while it stands. */
	ck_assert_int_eq(game_place(g, TOWER_WALL, bx, by), GAME_OCCUPIED);

	for (k = 0; k < pt->ticks - 1; k++) {
		game_tick(g);
		ck_assert_msg(!game_enemy_blocks_cell(g, bx, by), "an enemy "
		    "on the barrier at tick %ld", g->tick);
	}
	ck_assert_int_eq(grid_get_cost(&g->grid, bx, by), 0);
	game_tick(g);
	/* It falls: the cell and the field are as they were. */
	ck_assert_int_eq(grid_get_cost(&g->grid, bx, by), 1);
	ck_assert_int_eq(game_barrier_at(g, bx, by), -1);
	ck_assert(field_is_rebuilt(g));
	ck_assert(field_distance(g->field, 0, 4) == before);
	ck_assert_ptr_nonnull(tu_rec_last(r, GAME_EV_POWER_END));
	ck_assert_int_eq(tu_rec_last(r, GAME_EV_POWER_END)->power, POWER_BARRIER);
	/* Only an enemy walking over the cell now keeps a tower off it. */
	ck_assert(game_check_place(g, TOWER_WALL, bx, by) == GAME_OK ||
	    game_enemy_blocks_cell(g, bx, by));
	tu_say("barrier: route from A %.2f, %.2f with it, %.2f after\n",
	    before, during, field_distance(g->field, 0, 4));
	free(r);
	game_free(g);
	level_free(lv);
}
END_TEST

/*
 * Whether the hunt field keeps its contract (hunt.h): valid, and with
 * exact, a rebuild's distances and pointers toward the hero's cell.
 */
static bool
hunt_keeps_contract(const struct game *g, bool exact)
{
	struct field	*f = field_new(g->w, g->h);
	int32_t		 goal = grid_index(&g->grid, g->hero_cell.x,
			    g->hero_cell.y);
	bool		 same = true;
	char		 why[128];

	if (!hunt_valid(g->chase, &g->grid, why, sizeof why)) {
		field_free(f);
		return false;
	}
	field_build(f, &g->grid, &goal, 1);
	for (size_t i = 0; exact && i < f->ncells; i++)
		same &= (f->dist[i] == FIELD_INF ? g->hunt->dist[i] ==
		    FIELD_INF : f->dist[i] == g->hunt->dist[i] +
		    g->hunt->base) && f->dir[i] == g->hunt->dir[i];
	field_free(f);
	return same;
}

/*
 * On a hero's level the hunt field goes round a barrier, and back: valid
 * at once, a rebuild's once the hero has stood still long enough.
 */
START_TEST(test_barrier_repairs_the_hunt)
{
	struct level *lv = level_load(tu_srcpath(
	    "tests/data/levels/good/hero.weir"), NULL, 0);
	struct game *g;
	double before;
	int k;

	ck_assert_ptr_nonnull(lv);
	g = game_new(lv, 1, false);
	ck_assert_ptr_nonnull(g->hunt);
	before = field_distance(g->hunt, 7, 2);
	/* Between the hero (5,2) and the cell two to its right. */
	ck_assert_int_eq(game_use_power(g, POWER_BARRIER, 6, 2), GAME_OK);
	ck_assert(hunt_keeps_contract(g, false));
	ck_assert(field_is_rebuilt(g));
	ck_assert(field_distance(g->hunt, 7, 2) > before);
	for (k = 0; k < power_types[POWER_BARRIER].ticks; k++)
		game_tick(g);
	ck_assert_int_eq(game_barrier_at(g, 6, 2), -1);
	ck_assert(hunt_keeps_contract(g, false));
	ck_assert(field_is_rebuilt(g));
	for (k = 0; k < hunt_exact_bound(g->chase, &g->grid); k++)
		game_tick(g);
	ck_assert(hunt_keeps_contract(g, true));
	ck_assert(field_distance(g->hunt, 7, 2) == before);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_barrier_on_road_and_marsh)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 60\ngroup 1 grunt "
	    "from A\n");
	struct game *g = game_new(lv, 1, false);
	int k;

	ck_assert_int_eq(game_use_power(g, POWER_BARRIER, 13, 7), GAME_OK);
	ck_assert_int_eq(grid_get_cost(&g->grid, 13, 7), 0);
	for (k = 0; k < power_types[POWER_BARRIER].cooldown; k++)
		game_tick(g);
	/* The marsh has its own cost back. */
	ck_assert_int_eq(grid_get_cost(&g->grid, 13, 7), lv->slow_cost);
	ck_assert(field_is_rebuilt(g));
	ck_assert_int_eq(game_use_power(g, POWER_BARRIER, 8, 7), GAME_OK);
	ck_assert(field_is_rebuilt(g));
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_barrier_refusals)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 0\ngroup 1 grunt "
	    "from A every 0\n");
	struct level *cv = tu_level(CORRIDOR_MAP "wave after 60\ngroup 1 "
	    "grunt from A\n");
	struct game *g = game_new(lv, 1, false), *c = game_new(cv, 1, false);
	int x;

	/* Never a spawn cut off from every exit. */
	for (x = 1; x <= 8; x++)
		ck_assert_int_eq(game_use_power(c, POWER_BARRIER, x, 1),
		    GAME_WOULD_BLOCK);
	ck_assert_int_eq(c->nlog, 0);
	ck_assert(field_is_rebuilt(c));
	/* Walls, spawns and exits. */
	ck_assert_int_eq(game_use_power(g, POWER_BARRIER, 0, 0),
	    GAME_NOT_BUILDABLE);
	ck_assert_int_eq(game_use_power(g, POWER_BARRIER, 0, 4),
	    GAME_NOT_BUILDABLE);
	ck_assert_int_eq(game_use_power(g, POWER_BARRIER, 21, 4),
	    GAME_NOT_BUILDABLE);
	ck_assert_int_eq(game_use_power(g, POWER_BARRIER, 22, 4),
	    GAME_OUT_OF_MAP);
	ck_assert_int_eq(game_use_power(g, POWER_STRIKE, -1, 4),
	    GAME_OUT_OF_MAP);
	ck_assert_int_eq(game_use_power(g, POWER_FREEZE, 3, 9),
	    GAME_OUT_OF_MAP);
	/* Towers and enemies. */
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 5, 2), GAME_OK);
	ck_assert_int_eq(game_use_power(g, POWER_BARRIER, 5, 2),
	    GAME_OCCUPIED);
	send_first_wave(g);
	tu_pin(g, 1, 7.5, 2.5);
	ck_assert_int_eq(game_use_power(g, POWER_BARRIER, 7, 2),
	    GAME_OCCUPIED);
	ck_assert_int_eq(g->nlog, 1);		/* the arrow only */
	ck_assert_int_eq(game_check_power(g, POWER_NKINDS, 3, 3),
	    GAME_BAD_COMMAND);
	ck_assert_int_eq(game_use_power(g, POWER_NKINDS, 3, 3),
	    GAME_BAD_COMMAND);
	game_free(g);
	game_free(c);
	level_free(lv);
	level_free(cv);
}
END_TEST

/*
 * On open ground the barrier and a wall give the same verdict on every
 * cell, with towers standing and ground enemies about (one walled into a
 * pocket so that cutting it off is possible): one rule for both.
 */
START_TEST(test_barrier_same_rule_as_tower)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 0\ngroup 4 grunt "
	    "from A every 0\n");
	struct game *g = game_new(lv, 3, false);
	static const int walls[][2] = {
		{ 3, 1 }, { 3, 2 }, { 3, 3 }, { 5, 1 }, { 5, 2 }, { 5, 3 },
		{ 10, 3 }, { 10, 4 }, { 10, 5 }, { 10, 6 }, { 10, 7 }
	};
	int x, y, k, agree = 0, blocks = 0;

	for (k = 0; k < (int)(sizeof walls / sizeof walls[0]); k++)
		ck_assert_int_eq(game_place(g, TOWER_WALL, walls[k][0],
		    walls[k][1]), GAME_OK);
	send_first_wave(g);
	tu_pin(g, 1, 4.5, 1.5);		/* in the pocket the walls make */
	tu_pin(g, 2, 11.5, 5.5);
	tu_pin(g, 3, 15.2, 2.7);
	for (y = 0; y < g->h; y++)
		for (x = 0; x < g->w; x++) {
			enum game_reason t, b;

			if (!level_buildable(lv, x, y))
				continue;
			t = game_check_place(g, TOWER_WALL, x, y);
			b = game_check_power(g, POWER_BARRIER, x, y);
			ck_assert_msg(t == b, "(%d,%d): a wall %s, a barrier %s",
			    x, y, game_reason_name(t), game_reason_name(b));
			agree++;
			blocks += b == GAME_WOULD_BLOCK;
		}
	ck_assert_int_gt(blocks, 0);
	tu_say("barrier and wall agree on %d cells, %d of them would block\n",
	    agree, blocks);
	game_free(g);
	level_free(lv);
}
END_TEST

/* --- freeze --- */

START_TEST(test_freeze_slows_in_its_disc)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 0\ngroup 3 grunt "
	    "from A every 0\n");
	struct game *g = game_new(lv, 1, false);
	const struct power_type *pt = &power_types[POWER_FREEZE];
	int in, out, k;
	double full;

	send_first_wave(g);
	/* Two enemies side by side, one in the disc, one beyond its rim. */
	in = tu_enemy_index(g, 1);
	out = tu_enemy_index(g, 2);
	g->agents[in].pos = vec_make(10.5, 2.5);
	g->agents[out].pos = vec_make(10.5 + pt->radius + 0.3, 5.5);
	ck_assert_int_eq(game_use_power(g, POWER_FREEZE, 10, 2), GAME_OK);
	ck_assert_int_eq(g->powers[POWER_FREEZE].left, pt->ticks);
	game_tick(g);
	full = g->units[in].speed;
	ck_assert_int_eq(g->units[in].slow_pct, pt->slow_pct);
	ck_assert(fabs(g->agents[in].max_speed - full * pt->slow_pct / 100.0) <
	    1e-9);
	ck_assert_int_eq(g->units[out].slow_ticks, 0);
	ck_assert(g->agents[out].max_speed == g->units[out].speed);
	/* Held in it: it barely moves while the freeze lasts. */
	for (k = 0; k < pt->ticks - 1; k++) {
		g->agents[in].pos = vec_make(10.5, 2.5);
		game_tick(g);
		ck_assert_msg(g->agents[in].max_speed < full * 0.2, "tick %d",
		    k);
	}
	ck_assert_int_eq(g->powers[POWER_FREEZE].left, 0);
	/* It thaws, the slow lingers a moment, then full speed. */
	for (k = 0; k < pt->linger + 1; k++)
		game_tick(g);
	ck_assert(g->agents[in].max_speed == g->units[in].speed);
	game_free(g);
	level_free(lv);
}
END_TEST

/* --- scripts, traces, saves, hash --- */

START_TEST(test_power_script_round_trip)
{
	const char *text = "10 power strike 3 4\n20 power barrier -1 6\n"
	    "30 power freeze 5 1000000000\n";
	char err[256], line[128], msg[256];
	struct script *s = script_parse("s", text, strlen(text), err,
	    sizeof err);
	struct game_cmd c;
	size_t col;
	const char *p = text;
	int k;

	ck_assert_msg(s != NULL, "%s", err);
	ck_assert_int_eq(s->ncmds, 3);
	ck_assert_int_eq(s->cmds[0].type, GAME_CMD_POWER);
	ck_assert_int_eq(s->cmds[0].power, POWER_STRIKE);
	ck_assert_int_eq(s->cmds[1].power, POWER_BARRIER);
	ck_assert_int_eq(s->cmds[1].x, -1);
	ck_assert_int_eq(s->cmds[2].power, POWER_FREEZE);
	ck_assert_int_eq(s->cmds[2].y, 1000000000);
	for (k = 0; k < s->ncmds; k++) {
		size_t n = strcspn(p, "\n");

		script_format(&s->cmds[k], line, sizeof line);
		ck_assert_int_eq(strlen(line), n);
		ck_assert(memcmp(line, p, n) == 0);
		ck_assert_int_eq(script_parse_line(line, strlen(line), &c,
		    &col, msg, sizeof msg), 1);
		ck_assert(memcmp(&c, &s->cmds[k], sizeof c) == 0);
		p += n + 1;
	}
	script_free(s);

	ck_assert_int_eq(script_parse_line("5 power", 7, &c, &col, msg,
	    sizeof msg), -1);
	ck_assert_str_eq(msg, "expected a power after 'power' (strike, "
	    "barrier or freeze)");
	ck_assert_int_eq(script_parse_line("5 power zap 1 2", 15, &c, &col,
	    msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "unknown power 'zap' (expected strike, barrier "
	    "or freeze)");
	ck_assert_int_eq(col, 9);
	ck_assert_int_eq(script_parse_line("5 power strike", 14, &c, &col,
	    msg, sizeof msg), -1);
	ck_assert_str_eq(msg, "expected the X coordinate after 'strike'");
	ck_assert_int_eq(script_parse_line("5 power strike 1 2 3", 20, &c,
	    &col, msg, sizeof msg), -1);
}
END_TEST

START_TEST(test_power_trace_lines)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 0\ngroup 1 grunt "
	    "from A every 0\n");
	struct game *g = game_new(lv, 1, false);
	struct trace_sink sink;
	char *text;
	size_t len;
	FILE *f = open_memstream(&text, &len);

	sink.f = f;
	sink.g = g;
	game_set_events(g, trace_callback, &sink);
	send_first_wave(g);
	tu_pin(g, 1, 6.5, 6.5);
	ck_assert_int_eq(game_use_power(g, POWER_STRIKE, 6, 6), GAME_OK);
	ck_assert_int_eq(game_use_power(g, POWER_STRIKE, 6, 6), GAME_COOLING);
	ck_assert_int_eq(game_use_power(g, POWER_BARRIER, 0, 0),
	    GAME_NOT_BUILDABLE);
	ck_assert_int_eq(game_use_power(g, POWER_FREEZE, 2, 2), GAME_OK);
	fflush(f);
	fclose(f);
	tu_say("%s", text);
	ck_assert_ptr_nonnull(strstr(text, "\"event\":\"power\",\"power\":"
	    "\"strike\",\"x\":6,\"y\":6,\"touched\":1,\"cost\":45}\n"));
	ck_assert_ptr_nonnull(strstr(text, "\"event\":\"kill\",\"id\":1,"
	    "\"type\":\"grunt\",\"by\":\"strike\""));
	ck_assert_ptr_nonnull(strstr(text, "\"event\":\"reject\","
	    "\"command\":\"power\",\"reason\":\"cooling down\",\"power\":"
	    "\"strike\",\"x\":6,\"y\":6}\n"));
	ck_assert_ptr_nonnull(strstr(text, "\"reason\":\"not buildable\","
	    "\"power\":\"barrier\",\"x\":0,\"y\":0}\n"));
	ck_assert_ptr_nonnull(strstr(text, "\"power\":\"freeze\",\"x\":2,"
	    "\"y\":2,\"touched\":0,\"cost\":35}\n"));
	free(text);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_power_state_in_hash)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 60\ngroup 1 grunt "
	    "from A\n");
	struct game *a = game_new(lv, 1, false), *b = game_new(lv, 1, false);

	ck_assert(game_hash(a) == game_hash(b));
	/* A freeze over nobody changes nothing but the power's state. */
	ck_assert_int_eq(game_use_power(a, POWER_FREEZE, 15, 2), GAME_OK);
	ck_assert(game_hash(a) != game_hash(b));
	ck_assert_int_eq(game_use_power(b, POWER_FREEZE, 15, 3), GAME_OK);
	ck_assert(game_hash(a) != game_hash(b));
	game_free(a);
	game_free(b);
	level_free(lv);
}
END_TEST

/*
 * The bot plays Wolf Hollow (it uses every power there); saved while its
 * barrier stands, the game is resumed from the file and plays on tick for
 * tick as the game that never stopped.
 */
START_TEST(test_save_with_a_barrier_replays)
{
	const char *path = tu_srcpath("levels/wolf-hollow.weir");
	struct level *lv = level_load(path, NULL, 0);
	uint64_t *h = xcalloc(40000, sizeof *h), level_hash;
	char dir[256], file[300], err[512];
	struct game *g, *r;
	struct bot *b;
	struct save *sv;
	long stop = -1;
	int used[POWER_NKINDS] = { 0 }, k, n = 0;

	ck_assert_ptr_nonnull(lv);
	ck_assert_int_eq(tu_mkdtemp(dir, sizeof dir, "check_power"), 0);
	snprintf(file, sizeof file, "%s/game.save", dir);
	ck_assert_int_eq(save_hash_file(path, &level_hash, err, sizeof err), 0);

	g = game_new(lv, 1, false);
	b = bot_new(g);
	while (!game_over(g) && n < 40000) {
		bot_act(b, g);
		game_tick(g);
		h[n++] = game_hash(g);
		if (stop < 0 && g->powers[POWER_BARRIER].left > 0 &&
		    g->powers[POWER_BARRIER].left <
		    power_types[POWER_BARRIER].ticks / 2) {
			stop = g->tick;
			ck_assert_int_eq(save_write(file, path, level_hash, 1,
			    g, err, sizeof err), 0);
		}
	}
	for (k = 0; k < g->nlog; k++)
		if (g->log[k].type == GAME_CMD_POWER)
			used[g->log[k].power]++;
	for (k = 0; k < POWER_NKINDS; k++)
		ck_assert_msg(used[k] > 0, "the bot never used %s",
		    power_name(k));
	ck_assert_int_eq(g->state, GAME_WON);
	ck_assert_int_gt(stop, 0);
	bot_free(b);
	game_free(g);

	sv = save_read(file, err, sizeof err);
	ck_assert_msg(sv != NULL, "%s", err);
	r = game_new(lv, sv->seed, sv->sandbox);
	ck_assert_int_eq(save_replay(r, sv, err, sizeof err), 0);
	ck_assert_int_eq(r->tick, stop);
	ck_assert_int_gt(r->powers[POWER_BARRIER].left, 0);
	ck_assert(game_hash(r) == h[stop - 1]);
	b = bot_new(r);
	while (!game_over(r)) {
		bot_act(b, r);
		game_tick(r);
		ck_assert_msg(game_hash(r) == h[r->tick - 1], "diverged at "
		    "tick %ld", r->tick);
	}
	ck_assert_int_eq(r->tick, n);
	tu_say("wolf-hollow: strike %d, barrier %d, freeze %d; saved at %ld, "
	    "resumed to %d\n", used[POWER_STRIKE], used[POWER_BARRIER],
	    used[POWER_FREEZE], stop, n);
	bot_free(b);
	game_free(r);
	save_free(sv);
	tu_rmdir(dir);
	free(h);
	level_free(lv);
}
END_TEST

/* Every power row is complete and its cooldown outlasts its effect. */
/* --- the densest group, for aiming --- */

/*
 * game_densest finds the cell whose centre has most enemies within the
 * radius, counting only what the mask allows, from the neighbour grid.
 */
START_TEST(test_densest_group)
{
	struct level *lv = tu_level(OPEN_MAP "wave after 0\ngroup 5 grunt "
	    "from A every 0\ngroup 1 flyer from A every 0\n");
	struct game *g = game_new(lv, 1, false);
	int x = -1, y = -1;

	send_first_wave(g);
	tu_pin(g, 1, 5.5, 4.5);		/* three together */
	tu_pin(g, 2, 5.9, 4.1);
	tu_pin(g, 3, 5.2, 5.3);
	tu_pin(g, 4, 15.5, 4.5);		/* two together */
	tu_pin(g, 5, 15.5, 5.5);
	tu_pin(g, 6, 19.5, 2.5);		/* a flyer alone */
	ck_assert_int_eq(game_densest(g, 1.5, TOWER_GROUND | TOWER_AIR, &x,
	    &y), 3);
	ck_assert_int_eq(x, 5);
	ck_assert_int_eq(y, 4);
	ck_assert_int_eq(game_densest(g, 1.5, TOWER_AIR, &x, &y), 1);
	ck_assert_int_eq(x, 19);
	ck_assert_int_eq(y, 2);
	tu_pin(g, 1, 1.5, 1.5);		/* the three part */
	tu_pin(g, 2, 9.5, 1.5);
	ck_assert_int_eq(game_densest(g, 1.5, TOWER_GROUND, &x, &y), 2);
	ck_assert_int_eq(x, 15);
	ck_assert(y == 4 || y == 5);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_power_rows)
{
	int k, j;

	for (k = 0; k < POWER_NKINDS; k++) {
		const struct power_type *pt = &power_types[k];

		ck_assert_ptr_nonnull(pt->name);
		ck_assert_ptr_nonnull(pt->about);
		ck_assert_int_eq(power_lookup(pt->name, strlen(pt->name)), k);
		ck_assert_int_eq(power_by_key(pt->key), k);
		ck_assert_int_lt(tower_by_key(pt->key), 0);
		ck_assert_int_lt(cmd_by_key(pt->key), 0);
		ck_assert_int_gt(pt->cooldown, 0);
		ck_assert_int_ge(pt->cooldown, pt->ticks);
		ck_assert_int_ne(pt->hits, 0);
		for (j = 0; j < k; j++)
			ck_assert_int_ne(power_types[j].key, pt->key);
	}
}
END_TEST

static Suite *
power_suite(void)
{
	Suite	*s = suite_create("power");
	TCase	*tc = tcase_create("power");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_strike_hits_its_disc_only);
	tcase_add_test(tc, test_cooldown_runs_down);
	tcase_add_test(tc, test_power_costs_gold);
	tcase_add_test(tc, test_barrier_blocks_and_repairs);
	tcase_add_test(tc, test_barrier_repairs_the_hunt);
	tcase_add_test(tc, test_barrier_on_road_and_marsh);
	tcase_add_test(tc, test_barrier_refusals);
	tcase_add_test(tc, test_barrier_same_rule_as_tower);
	tcase_add_test(tc, test_freeze_slows_in_its_disc);
	tcase_add_test(tc, test_power_script_round_trip);
	tcase_add_test(tc, test_power_trace_lines);
	tcase_add_test(tc, test_power_state_in_hash);
	tcase_add_test(tc, test_save_with_a_barrier_replays);
	tcase_add_test(tc, test_densest_group);
	tcase_add_test(tc, test_power_rows);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(power_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
