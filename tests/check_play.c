/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of the two parts of the terminal front end that need no
 * terminal, linked without curses: the play (the cursor and its clamping,
 * choosing a tower, overlays, pause and speed, the routes and the route
 * preview kept up to date after a placement, a tower that would cut a
 * spawn off, and the message line the game's events become) and the
 * catalog (the level directory read, the campaign order file applied,
 * levels it does not name last by title, broken levels listed with their
 * error, best scores filled in).
 */
#include <check.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/about.h"
#include "core/edit.h"
#include "core/game.h"
#include "core/tower.h"
#include "core/scores.h"
#include "ui/catalog.h"
#include "ui/play.h"
#include "testutil.h"

#define T_ERR	2048
#define T_TINY	"tests/data/game/tiny.weir"	/* 12 x 5, A at (0,2) */

static char	t_dir[512];	/* a fresh directory per test */

/* A fresh directory. */
static void
t_setup(void)
{
	ck_assert_msg(tu_mkdtemp(t_dir, sizeof t_dir, "check_play") == 0,
	    "mkdtemp: %s", strerror(errno));
}

/* Remove it. */
static void
t_teardown(void)
{
	tu_rmdir(t_dir);
}

/* A new play of the tiny level. */
static struct play *
t_play(void)
{
	struct play	*p;
	char		 err[T_ERR];

	p = play_open(tu_srcpath(T_TINY), NULL, 1, err, sizeof err);
	ck_assert_msg(p != NULL, "%s", err);
	return p;
}

/* Give p the command to place tower at (x, y). */
static enum game_reason
t_place(struct play *p, int tower, int x, int y)
{
	struct game_cmd	c;

	memset(&c, 0, sizeof c);
	c.tick = p->g->tick;
	c.type = GAME_CMD_PLACE;
	c.tower = tower;
	c.x = x;
	c.y = y;
	return play_command(p, &c);
}

/* Whether the message line starts with prefix. */
static void
t_msg_starts(const struct play *p, const char *prefix)
{
	ck_assert_msg(strncmp(p->msg, prefix, strlen(prefix)) == 0,
	    "message '%s', expected '%s...'", p->msg, prefix);
}

/* The route bits of cell (x, y). */
static unsigned
t_route(const struct play *p, int x, int y)
{
	return p->route[(size_t)y * (size_t)p->w + (size_t)x];
}

START_TEST(test_new_play)
{
	struct play	*p = t_play();

	ck_assert_str_eq(p->name, "tiny");
	ck_assert_int_eq(p->w, 12);
	ck_assert_int_eq(p->h, 5);
	/* The cursor starts on the open ground in the map's middle. */
	ck_assert_int_eq(p->cx, 6);
	ck_assert_int_eq(p->cy, 2);
	ck_assert_int_eq(p->speed, 1);
	ck_assert(!p->paused);
	ck_assert(!p->msg_error);
	ck_assert_str_eq(p->msg, "Tiny: 2 waves. Build, then n calls the "
	    "first wave; ? shows the keys");
	play_free(p);
}
END_TEST

START_TEST(test_cursor)
{
	struct play	*p = t_play();

	play_move(p, -3, 1);
	ck_assert_int_eq(p->cx, 3);
	ck_assert_int_eq(p->cy, 3);
	/* The edge stops it, on each side. */
	play_move(p, -100, -100);
	ck_assert_int_eq(p->cx, 0);
	ck_assert_int_eq(p->cy, 0);
	play_move(p, 100, 100);
	ck_assert_int_eq(p->cx, 11);
	ck_assert_int_eq(p->cy, 4);
	play_set_cursor(p, 5, -1);
	ck_assert_int_eq(p->cx, 5);
	ck_assert_int_eq(p->cy, 0);
	play_set_cursor(p, 12, 5);
	ck_assert_int_eq(p->cx, 11);
	ck_assert_int_eq(p->cy, 4);
	/* What is under it, in words. */
	ck_assert_str_eq(play_terrain_name(p, 0, 0), "rock");
	ck_assert_str_eq(play_terrain_name(p, 3, 2), "ground");
	ck_assert_str_eq(play_terrain_name(p, 0, 2), "a spawn");
	ck_assert_str_eq(play_terrain_name(p, 11, 2), "an exit");
	ck_assert_int_eq(play_spawn_label(p, 0, 2), 'A');
	ck_assert_int_eq(play_spawn_label(p, 1, 2), 0);
	play_free(p);
}
END_TEST

START_TEST(test_choose_and_toggles)
{
	struct play	*p = t_play();
	char		 want[PLAY_MSG_MAX];

	play_choose(p, TOWER_WALL);
	ck_assert_int_eq(p->tower, TOWER_WALL);
	snprintf(want, sizeof want, "wall, %d gold: ",
	    tower_upgrade_cost(TOWER_WALL, 0));
	t_msg_starts(p, want);
	/* A kind that is none is ignored. */
	play_choose(p, -1);
	play_choose(p, TOWER_NTYPES);
	ck_assert_int_eq(p->tower, TOWER_WALL);

	ck_assert_int_eq(p->overlay, OVERLAY_NONE);
	play_cycle_overlay(p);
	ck_assert_int_eq(p->overlay, OVERLAY_HEAT);
	ck_assert_str_eq(p->msg, "overlay: heatmap");
	/* With no hero on the level, the hunt overlays are passed over. */
	for (int i = 1; i < OVERLAY_NKINDS; i++) {
		if (!overlay_types[i].hunt)
			play_cycle_overlay(p);
		ck_assert(!overlay_types[p->overlay].hunt);
	}
	ck_assert_int_eq(p->overlay, OVERLAY_NONE);
	ck_assert_str_eq(p->msg, "overlay: none");

	play_toggle_pause(p);
	ck_assert(p->paused);
	ck_assert_str_eq(p->msg, "paused: p goes on");
	play_toggle_pause(p);
	ck_assert(!p->paused);
	ck_assert_str_eq(p->msg, "playing");

	play_cycle_speed(p);
	ck_assert_int_eq(p->speed, 2);
	play_cycle_speed(p);
	ck_assert_int_eq(p->speed, 4);
	ck_assert_str_eq(p->msg, "speed 4x");
	play_cycle_speed(p);
	ck_assert_int_eq(p->speed, 8);
	ck_assert_str_eq(p->msg, "speed 8x");
	play_cycle_speed(p);
	ck_assert_int_eq(p->speed, 1);
	play_free(p);
}
END_TEST

START_TEST(test_routes_and_preview)
{
	struct play	*p = t_play();
	unsigned	 gen;

	/* The open field: the route runs along row 2, spawn to exit. */
	play_prepare(p);
	for (int x = 0; x < 12; x++)
		ck_assert_msg(t_route(p, x, 2) & PLAY_ROUTE_NOW, "x %d", x);
	ck_assert(!(t_route(p, 5, 1) & PLAY_ROUTE_NOW));
	ck_assert(t_route(p, 0, 2) & PLAY_ROUTE_WAYPOINT);

	/* A tower on the cursor (6,2) would send it round the cell. */
	ck_assert_int_eq(p->preview, PLAY_PREVIEW_OPEN);
	ck_assert(!(t_route(p, 6, 2) & PLAY_ROUTE_PREVIEW));
	ck_assert((t_route(p, 6, 1) | t_route(p, 6, 3)) & PLAY_ROUTE_PREVIEW);
	ck_assert(t_route(p, 0, 2) & PLAY_ROUTE_PREVIEW);
	ck_assert(t_route(p, 11, 2) & PLAY_ROUTE_PREVIEW);
	ck_assert(p->proutelen[0] > p->routelen[0]);
	ck_assert_int_eq(p->verdict, GAME_OK);

	/* Placed: the routes are made again round it. */
	gen = p->route_gen;
	ck_assert_int_eq(t_place(p, TOWER_WALL, 6, 2), GAME_OK);
	play_prepare(p);
	ck_assert_uint_ne(p->route_gen, gen);
	ck_assert(!(t_route(p, 6, 2) & PLAY_ROUTE_NOW));
	ck_assert((t_route(p, 6, 1) | t_route(p, 6, 3)) & PLAY_ROUTE_NOW);
	/* On a tower there is nothing to preview; an attacking tower may
	 * replace a wall, another wall may not. */
	ck_assert_int_eq(p->preview, PLAY_PREVIEW_NONE);
	ck_assert_int_eq(p->verdict, tower_types[p->tower].attack ==
	    TOWER_ATTACK_NONE ? GAME_OCCUPIED : GAME_OK);
	play_choose(p, TOWER_WALL);
	play_prepare(p);
	ck_assert_int_eq(p->verdict, GAME_OCCUPIED);
	play_free(p);
}
END_TEST

/*
 * The preview's field, repaired as the cursor goes from cell to cell and
 * copied again when the map changes, is the field a build of the map with
 * a tower on the cursor gives: every distance, pointer and sight.
 */
START_TEST(test_preview_field_follows_cursor)
{
	struct play	*p = t_play();
	struct grid	 g;
	struct field	*ref = field_new(p->lv->w, p->lv->h);
	int		 moves = 0;

	grid_init(&g, malloc(grid_cells(p->lv->w, p->lv->h)), p->lv->w,
	    p->lv->h, p->lv->diagonal);
	for (int k = 0; k < 40; k++) {
		int x = 1 + (k * 7) % 10, y = 1 + (k * 3) % 3;

		if (k == 13)
			ck_assert_int_eq(t_place(p, TOWER_WALL, 4, 2),
			    GAME_OK);
		if (k == 27)
			ck_assert_int_eq(t_place(p, TOWER_WALL, 8, 1),
			    GAME_OK);
		play_set_cursor(p, x, y);
		play_prepare(p);
		if (p->preview != PLAY_PREVIEW_OPEN)
			continue;
		memcpy(g.cost, p->g->grid.cost, grid_cells(g.w, g.h));
		grid_set_cost(&g, x, y, 0);
		field_build(ref, &g, p->g->goals, p->g->ngoals);
		for (size_t i = 0; i < ref->ncells; i++)
			ck_assert_msg(ref->dist[i] == p->pfield->dist[i] &&
			    ref->dir[i] == p->pfield->dir[i] &&
			    ref->los[i] == p->pfield->los[i], "cursor (%d,%d) "
			    "cell %zu", x, y, i);
		moves++;
	}
	ck_assert_int_gt(moves, 20);
	free(g.cost);
	field_free(ref);
	play_free(p);
}
END_TEST

START_TEST(test_a_tower_that_would_block)
{
	struct play	*p = t_play();

	ck_assert_int_eq(t_place(p, TOWER_WALL, 5, 1), GAME_OK);
	ck_assert_int_eq(t_place(p, TOWER_WALL, 5, 2), GAME_OK);
	play_set_cursor(p, 5, 3);
	play_choose(p, TOWER_WALL);
	play_prepare(p);
	ck_assert_int_eq(p->preview, PLAY_PREVIEW_BLOCKS);
	ck_assert_str_eq(p->pblocked, "A");
	ck_assert(!p->penemy);
	ck_assert_int_eq(p->verdict, GAME_WOULD_BLOCK);
	/* Refused, and the message says whom it would cut off. */
	ck_assert_int_eq(t_place(p, TOWER_WALL, 5, 3), GAME_WOULD_BLOCK);
	ck_assert(p->msg_error);
	ck_assert_str_eq(p->msg, "cannot build wall at (5,3): would block: "
	    "spawn A cut off from every exit");
	play_free(p);
}
END_TEST

START_TEST(test_messages_from_events)
{
	struct play	*p = t_play();
	struct game_cmd	 c;
	struct game_event ev;
	char		 want[PLAY_MSG_MAX];
	int		 gold = p->g->gold;

	ck_assert_int_eq(t_place(p, TOWER_ARROW, 3, 1), GAME_OK);
	snprintf(want, sizeof want, "built arrow at (3,1) for %d gold",
	    gold - p->g->gold);
	ck_assert_str_eq(p->msg, want);
	ck_assert(!p->msg_error);

	/* Not enough gold: what it costs and what there is. */
	gold = p->g->gold;
	ck_assert_int_eq(t_place(p, TOWER_SNIPER, 4, 1), GAME_NO_GOLD);
	snprintf(want, sizeof want, "cannot build sniper at (4,1): not enough "
	    "gold: it costs %d, you have %d",
	    tower_upgrade_cost(TOWER_SNIPER, 0), gold);
	ck_assert_str_eq(p->msg, want);
	ck_assert(p->msg_error);
	ck_assert_int_eq(t_place(p, TOWER_WALL, 0, 0), GAME_NOT_BUILDABLE);
	ck_assert_str_eq(p->msg, "cannot build wall at (0,0): not buildable: "
	    "rock is not open ground");
	ck_assert_int_eq(t_place(p, TOWER_WALL, 3, 1), GAME_OCCUPIED);
	ck_assert_str_eq(p->msg, "cannot build wall at (3,1): occupied: "
	    "a tower stands there");

	memset(&c, 0, sizeof c);
	c.type = GAME_CMD_SELL;
	c.x = 3;
	c.y = 1;
	gold = p->g->gold;
	ck_assert_int_eq(play_command(p, &c), GAME_OK);
	snprintf(want, sizeof want, "sold arrow at (3,1) for %d gold",
	    p->g->gold - gold);
	ck_assert_str_eq(p->msg, want);

	c.type = GAME_CMD_WAVE;
	ck_assert_int_eq(play_command(p, &c), GAME_OK);
	t_msg_starts(p, "wave 1 of 2");

	/* The rule that ends a stall is told as a rule, not a fault. */
	memset(&ev, 0, sizeof ev);
	ev.type = GAME_EV_UNSTICK;
	ev.enemy = ENEMY_BRUTE;
	ev.x = 5;
	ev.y = 2;
	play_event(p, &ev);
	snprintf(want, sizeof want, "a brute got nowhere for %d s (hemmed in "
	    "by the crowd or the walls), so it was moved on to (5,2): no "
	    "enemy waits longer", GAME_HOPELESS_S);
	ck_assert_str_eq(p->msg, want);
	ck_assert(!p->msg_error);

	/* Play on with no towers: leaks, and the end. */
	while (!game_over(p->g))
		play_tick(p);
	ck_assert_int_eq(p->g->state, GAME_LOST);
	ck_assert_str_eq(p->msg, "defeat: the last life is gone");
	ck_assert(p->msg_error);
	ck_assert_int_eq(p->msg_tick, p->g->tick);
	play_free(p);
}
END_TEST

/* How many cells of p's reach marks have bit. */
static int
t_range_cells(const struct play *p, uint8_t bit)
{
	int	i, n = 0;

	for (i = 0; i < p->w * p->h; i++)
		n += (p->range[i] & bit) != 0;
	return n;
}

/*
 * What the player sees besides the map: the reach of the kind to build
 * and of the tower on the cursor (the core's test, clipped to the map),
 * coverage, the exit a leak left by and the lives' alarm for a moment,
 * the bell owed, and the log keeping every message, repeats counted.
 */
START_TEST(test_sight)
{
	struct play		*p = t_play();
	const struct play_log	*l;
	struct game_cmd		 c;
	int			 k, leaks = 0, exits = 0;

	/* An arrow to build on (5,2): 37 cells, less the rows off the map. */
	play_choose(p, TOWER_ARROW);
	play_set_cursor(p, 5, 2);
	play_prepare(p);
	ck_assert_int_eq(t_range_cells(p, PLAY_RANGE_NOW), 5 + 7 + 7 + 7 + 5);
	ck_assert_int_eq(t_range_cells(p, PLAY_RANGE_NEXT), 0);
	for (k = 0; k < p->w * p->h; k++)
		if (p->range[k] & PLAY_RANGE_NOW)
			ck_assert(tower_covers(TOWER_ARROW, 1, 5, 2,
			    k % p->w, k / p->w));
	/* Built: its reach and its next level's. */
	ck_assert_int_eq(t_place(p, TOWER_ARROW, 5, 2), GAME_OK);
	play_prepare(p);
	ck_assert_int_eq(t_range_cells(p, PLAY_RANGE_NOW), 31);
	ck_assert_int_gt(t_range_cells(p, PLAY_RANGE_NEXT), 31);
	/* A wall chosen, the cursor on free ground: nothing drawn. */
	play_choose(p, TOWER_WALL);
	play_set_cursor(p, 10, 1);
	play_prepare(p);
	ck_assert_int_eq(t_range_cells(p, PLAY_RANGE_NOW), 0);
	/* Coverage, while its overlay is shown: one arrow, ground and air. */
	while (p->overlay != OVERLAY_COVER_GROUND)
		play_cycle_overlay(p);
	play_prepare(p);
	ck_assert_int_eq(p->cover_ground[2 * p->w + 7], 1);
	ck_assert_int_eq(p->cover_air[2 * p->w + 7], 1);
	ck_assert_int_eq(p->cover_ground[2 * p->w + 10], 0);
	p->g->gold += 100;	/* staged: room for a cannon */
	ck_assert_int_eq(t_place(p, TOWER_CANNON, 6, 1), GAME_OK);
	play_prepare(p);
	ck_assert_int_eq(p->cover_ground[2 * p->w + 7], 2);
	ck_assert_int_eq(p->cover_air[2 * p->w + 7], 1);

	/* Leaks: the exit (11,2) is marked a moment, the lives alarmed. */
	ck_assert(!play_lives_alarm(p));
	memset(&c, 0, sizeof c);
	c.type = GAME_CMD_SELL;
	c.x = 5;
	c.y = 2;
	ck_assert_int_eq(play_command(p, &c), GAME_OK);
	c.x = 6;
	c.y = 1;
	ck_assert_int_eq(play_command(p, &c), GAME_OK);
	c.type = GAME_CMD_WAVE;
	ck_assert_int_eq(play_command(p, &c), GAME_OK);
	while (p->g->leaked == 0)
		play_tick(p);
	ck_assert(play_leak_marked(p, 11, 2));
	ck_assert(!play_leak_marked(p, 10, 2));
	ck_assert(play_lives_alarm(p));
	ck_assert_int_eq(p->bell_due, 1);
	for (k = 0; k < PLAY_LIVES_TICKS && p->g->leaked == 1; k++)
		play_tick(p);
	if (p->g->leaked == 1)
		ck_assert(!play_lives_alarm(p));
	while (!game_over(p->g))
		play_tick(p);

	/* The log kept every message: the build, the leaks, the end. */
	ck_assert_int_eq(play_log_count(p), p->nlog);
	for (k = 0; k < play_log_count(p); k++) {
		l = play_log_line(p, k);
		if (strstr(l->text, "got through at (11,2)") != NULL)
			leaks += l->times;
		if (strstr(l->text, "built arrow at (5,2)") != NULL)
			exits++;
	}
	ck_assert_int_eq(leaks, p->g->leaked);
	ck_assert_int_eq(exits, 1);
	l = play_log_line(p, play_log_count(p) - 1);
	ck_assert_str_eq(l->text, "defeat: the last life is gone");
	ck_assert_ptr_null(play_log_line(p, play_log_count(p)));
	ck_assert_ptr_null(play_log_line(p, -1));
	/* The same line again counts up; the ring keeps the newest. */
	play_message(p, false, "x");
	play_message(p, false, "x");
	ck_assert_int_eq(play_log_line(p, play_log_count(p) - 1)->times, 2);
	for (k = 0; k < PLAY_LOG_MAX + 5; k++)
		play_message(p, false, "line %d", k);
	ck_assert_int_eq(play_log_count(p), PLAY_LOG_MAX);
	ck_assert_str_eq(play_log_line(p, 0)->text, "line 5");
	/* The bell toggles, and owes nothing once turned. */
	ck_assert(!p->bell);
	play_toggle_bell(p);
	ck_assert(p->bell);
	ck_assert_int_eq(p->bell_due, 0);
	ck_assert_str_eq(p->msg, "bell on a leak: on");
	play_free(p);
}
END_TEST

/* The hero's messages: sent, refused with the reason, no hero at all. */
START_TEST(test_hero_messages)
{
	struct play	*p, *q = t_play();
	struct game_cmd	 c;
	char		 err[T_ERR];

	p = play_open(tu_srcpath("tests/data/levels/good/hero.weir"), NULL, 1,
	    err, sizeof err);
	ck_assert_msg(p != NULL, "%s", err);
	memset(&c, 0, sizeof c);
	c.type = GAME_CMD_HERO;
	c.x = 12;
	c.y = 6;
	ck_assert_int_eq(play_command(p, &c), GAME_OK);
	ck_assert_str_eq(p->msg, "the hero walks to (12,6)");
	ck_assert(!p->msg_error);
	c.x = 0;
	c.y = 0;
	ck_assert_int_eq(play_command(p, &c), GAME_NOT_WALKABLE);
	ck_assert_str_eq(p->msg, "cannot send the hero to (0,0): cannot walk "
	    "there: nobody walks on it");
	ck_assert(p->msg_error);
	/* The hunt overlays are there on a level with a hero. */
	while (!overlay_types[p->overlay].hunt)
		play_cycle_overlay(p);
	ck_assert_int_eq(p->overlay, OVERLAY_HUNT_HEAT);
	c.x = 1;
	c.y = 1;
	ck_assert_int_eq(play_command(q, &c), GAME_NO_HERO);
	ck_assert_str_eq(q->msg, "cannot send the hero to (1,1): no hero");
	play_free(p);
	play_free(q);
}
END_TEST

/*
 * The cursor on the hero, standing on open ground: no tower can be built
 * there, so there is no preview of one; and with an enemy on the hero's
 * cell the cursor line is about the hero, whom the map draws over it.
 */
START_TEST(test_cursor_on_the_hero)
{
	struct play	*p;
	struct game_cmd	 c;
	char		 err[T_ERR];
	int		 e = -1;

	p = play_open(tu_srcpath("tests/data/levels/good/hero.weir"), NULL, 1,
	    err, sizeof err);
	ck_assert_msg(p != NULL, "%s", err);
	ck_assert(play_hero_at(p, 5, 2));
	play_set_cursor(p, 6, 2);
	play_prepare(p);
	ck_assert_int_eq(p->preview, PLAY_PREVIEW_OPEN);
	play_set_cursor(p, 5, 2);
	play_prepare(p);
	ck_assert_int_eq(p->preview, PLAY_PREVIEW_NONE);
	ck_assert_int_eq(p->verdict, GAME_OCCUPIED);
	ck_assert_int_eq(play_cursor_subject(p), PLAY_AT_HERO);

	/* An enemy on the hero's cell: the hero is what is said. */
	memset(&c, 0, sizeof c);
	c.type = GAME_CMD_WAVE;
	ck_assert_int_eq(play_command(p, &c), GAME_OK);
	for (int t = 0; t < 600 && e < 0; t++) {
		play_tick(p);
		for (int i = 0; i < p->g->nunits && e < 0; i++)
			if (!p->g->units[i].dead &&
			    p->g->units[i].kind == GAME_UNIT_ENEMY)
				e = i;
	}
	ck_assert_int_ge(e, 0);
	p->g->agents[e].pos = p->g->agents[p->g->hero].pos;
	play_set_cursor(p, (int)floor(p->g->agents[e].pos.x),
	    (int)floor(p->g->agents[e].pos.y));
	play_prepare(p);
	ck_assert_int_eq(play_enemy(p), e);
	ck_assert_int_eq(play_cursor_subject(p), PLAY_AT_HERO);
	/* Off the hero, the same enemy is what is said. */
	p->g->agents[e].pos.x += 3;
	play_set_cursor(p, p->cx + 3, p->cy);
	play_prepare(p);
	ck_assert_int_eq(play_cursor_subject(p), PLAY_AT_ENEMY);
	play_free(p);
}
END_TEST

/*
 * t on a frost tower is refused, naming why: its pulse hits every enemy
 * in reach and picks none, so it has no mode to set; an arrow's is set.
 */
START_TEST(test_aim_only_a_tower_that_picks)
{
	struct play	*p = t_play();
	struct game_cmd	 c;

	ck_assert(!play_picks_target(TOWER_FROST));
	ck_assert(!play_picks_target(TOWER_WALL));
	ck_assert(play_picks_target(TOWER_ARROW));
	ck_assert(play_picks_target(TOWER_MORTAR));
	p->g->gold = 1000;
	ck_assert_int_eq(t_place(p, TOWER_FROST, 3, 1), GAME_OK);
	ck_assert_int_eq(t_place(p, TOWER_ARROW, 5, 1), GAME_OK);
	memset(&c, 0, sizeof c);
	c.type = GAME_CMD_TARGET;
	c.x = 3;
	c.y = 1;
	c.mode = TOWER_TARGET_LAST;
	ck_assert_int_eq(play_command(p, &c), GAME_NO_TARGETING);
	ck_assert(p->msg_error);
	ck_assert_str_eq(p->msg, "cannot aim frost at (3,1): it hits every "
	    "enemy in its reach at once, and picks none");
	ck_assert_int_eq(game_tower_at(p->g, 3, 1)->mode, TOWER_TARGET_FIRST);
	c.x = 5;
	ck_assert_int_eq(play_command(p, &c), GAME_OK);
	ck_assert_int_eq(game_tower_at(p->g, 5, 1)->mode, TOWER_TARGET_LAST);
	play_free(p);
}
END_TEST

START_TEST(test_save_and_resume)
{
	struct play	*p = t_play(), *q;
	char		 path[700], err[T_ERR];

	ck_assert_int_eq(t_place(p, TOWER_ARROW, 4, 1), GAME_OK);
	for (int i = 0; i < 40; i++)
		play_tick(p);
	snprintf(path, sizeof path, "%s/current.save", t_dir);
	ck_assert_msg(play_save(p, path, NULL, err, sizeof err) == 0, "%s", err);
	q = play_load(path, err, sizeof err);
	ck_assert_msg(q != NULL, "%s", err);
	ck_assert_int_eq(q->g->tick, 40);
	ck_assert_int_eq(q->g->gold, p->g->gold);
	ck_assert_str_eq(q->name, "tiny");
	/* Resumed paused, saying where it stands. */
	ck_assert(q->paused);
	ck_assert_str_eq(q->msg, "Tiny resumed, 0/2 waves begun, paused: p "
	    "goes on, ? shows the keys");
	/* At the speed kept from the last game, saying so (weir --continue
	 * resumes a game left at 2x at 2x). */
	play_keep_speed(q, 2);
	ck_assert_int_eq(q->speed, 2);
	ck_assert_str_eq(q->msg, "Tiny resumed, 0/2 waves begun, paused at 2x "
	    "(f changes it): p goes on, ? shows the keys");
	ck_assert(q->paused);
	/* Its events reach its message line, not the replay's. */
	ck_assert_int_eq(t_place(q, TOWER_WALL, 8, 1), GAME_OK);
	t_msg_starts(q, "built wall at (8,1)");
	play_free(p);
	play_free(q);
}
END_TEST

/* Write text to the file name in t_dir. */
static void
t_file(const char *name, const char *text)
{
	char	path[700];

	snprintf(path, sizeof path, "%s/%s", t_dir, name);
	ck_assert_msg(tu_put(path, text, strlen(text)) == 0, "%s: %s", path,
	    strerror(errno));
}

/* The tiny level with another title. */
static void
t_level(const char *name, const char *title)
{
	char	text[512];

	snprintf(text, sizeof text, "weir-level 1\ntitle %s\ngold 60\n"
	    "lives 3\nmap\n#####\nA...>\n#####\nend\nwave\n"
	    "group 2 grunt from A\n", title);
	t_file(name, text);
}

START_TEST(test_catalog_order)
{
	struct catalog	c = { NULL, 0, 0 };
	char		err[T_ERR];

	t_level("meadow.weir", "Zebra Meadow");
	t_level("hill.weir", "Hill");
	t_level("alpha.weir", "Alpha");
	t_level("omega.weir", "Omega");
	t_file("broken.weir", "weir-level 1\ntitle Broken\ngold x\n");
	/* Not listed: no .weir, or not a plain name. */
	t_level("notes.txt", "Notes");
	t_level("two words.weir", "Two Words");
	t_level(".weir", "Nothing");
	t_file(CATALOG_ORDER_FILE, "# the campaign, easiest first\n"
	    "\n  meadow   # indented, with a comment\nnowhere\nhill\r\n"
	    "meadow\n");

	ck_assert_int_eq(catalog_load(&c, t_dir, err, sizeof err), 0);
	ck_assert_int_eq(c.n, 5);
	ck_assert_int_eq(c.nranked, 2);
	/* The campaign first, in its order; the rest by title. */
	ck_assert_str_eq(c.v[0].name, "meadow");
	ck_assert_int_eq(c.v[0].rank, 1);
	ck_assert_str_eq(c.v[1].name, "hill");
	ck_assert_int_eq(c.v[1].rank, 2);
	ck_assert_str_eq(c.v[2].title, "Alpha");
	ck_assert_str_eq(c.v[3].title, "Omega");
	ck_assert_int_eq(c.v[2].rank, 0);
	/* A broken level is listed by its name, with its error. */
	ck_assert_str_eq(c.v[4].name, "broken");
	ck_assert_str_eq(c.v[4].title, "broken");
	ck_assert_msg(strstr(c.v[4].err, "broken.weir:3:6: ") != NULL, "%s",
	    c.v[4].err);
	ck_assert_str_eq(c.v[0].err, "");
	ck_assert_int_eq(c.v[0].w, 5);
	ck_assert_int_eq(c.v[0].h, 3);
	ck_assert_int_eq(c.v[0].nwaves, 1);
	ck_assert_int_eq(c.v[0].enemies, 2);
	catalog_free(&c);
	ck_assert_int_eq(c.n, 0);
}
END_TEST

START_TEST(test_catalog_no_order_and_no_dir)
{
	struct catalog	c = { NULL, 0, 0 };
	char		err[T_ERR], gone[700];

	t_level("b.weir", "Same");
	t_level("a.weir", "Same");
	t_level("c.weir", "Before");
	ck_assert_int_eq(catalog_load(&c, t_dir, err, sizeof err), 0);
	ck_assert_int_eq(c.nranked, 0);
	ck_assert_int_eq(c.n, 3);
	/* By title, and by name when titles tie. */
	ck_assert_str_eq(c.v[0].name, "c");
	ck_assert_str_eq(c.v[1].name, "a");
	ck_assert_str_eq(c.v[2].name, "b");

	snprintf(gone, sizeof gone, "%s/none", t_dir);
	ck_assert_int_eq(catalog_load(&c, gone, err, sizeof err), -1);
	ck_assert_int_eq(c.n, 0);
	ck_assert_msg(strstr(err, "cannot read the level directory") != NULL,
	    "%s", err);
	catalog_free(&c);
}
END_TEST

/*
 * The title screen's words on a level: its description, size, waves and
 * enemies, and how much tougher than their kinds its enemies are when
 * the level says so (Twin Gates: hp 250), not when it does not (Open
 * Meadow); why a level has no rating (The Great Hunt).
 */
START_TEST(test_catalog_about_says_the_hit_points)
{
	struct catalog	c = { NULL, 0, 0 };
	char		err[T_ERR], buf[1024];
	int		k, seen = 0;

	ck_assert_int_eq(catalog_load(&c, tu_srcpath("levels"), err,
	    sizeof err), 0);
	for (k = 0; k < c.n; k++) {
		catalog_about(&c.v[k], buf, sizeof buf);
		ck_assert_msg(strstr(buf, c.v[k].description) == buf, "%s",
		    buf);
		if (strcmp(c.v[k].name, "twin-gates") == 0) {
			ck_assert_int_eq(c.v[k].hp_pct, 200);
			ck_assert_msg(strstr(buf, "enemies, each with 200% of "
			    "its kind's hit points)") != NULL, "%s", buf);
			seen++;
		}
		if (strcmp(c.v[k].name, "meadow") == 0) {
			ck_assert_msg(strstr(buf, "hit points") == NULL, "%s",
			    buf);
			ck_assert_msg(strstr(buf, "unrated") == NULL, "%s",
			    buf);
			seen++;
		}
		/* Not in the campaign: no rating, and why is said. */
		if (strcmp(c.v[k].name, "great-hunt") == 0) {
			ck_assert_int_lt(c.v[k].rating, 0);
			ck_assert_msg(strstr(buf, "; unrated: the campaign "
			    "file gives it no measured difficulty") != NULL,
			    "%s", buf);
			seen++;
		}
	}
	ck_assert_int_eq(seen, 3);
	catalog_free(&c);
}
END_TEST

/*
 * The spawns a placement would cut off, in words, as the cursor line and
 * the refusal say them: "spawn A", "spawns A and B", "spawns A, B and C"
 * (never "spawn AB").
 */
START_TEST(test_spawn_list_words)
{
	char	buf[128];

	play_spawn_list("A", buf, sizeof buf);
	ck_assert_str_eq(buf, "spawn A");
	play_spawn_list("AB", buf, sizeof buf);
	ck_assert_str_eq(buf, "spawns A and B");
	play_spawn_list("ABC", buf, sizeof buf);
	ck_assert_str_eq(buf, "spawns A, B and C");
}
END_TEST

START_TEST(test_catalog_scores)
{
	struct catalog	c = { NULL, 0, 0 };
	struct score	games[4];
	struct scores	s = { games, 4, 4 };
	char		err[T_ERR];

	t_level("a.weir", "A");
	t_level("b.weir", "B");
	t_level("c.weir", "C");
	memset(games, 0, sizeof games);
	snprintf(games[0].level, sizeof games[0].level, "a");
	games[0].score = 900;
	snprintf(games[1].level, sizeof games[1].level, "a");
	games[1].score = 300;
	games[1].won = true;
	games[1].stars = 2;
	snprintf(games[2].level, sizeof games[2].level, "b");
	games[2].score = 50;
	snprintf(games[3].level, sizeof games[3].level, "c@hard");
	games[3].score = 70;
	games[3].won = true;
	games[3].stars = 3;
	ck_assert_int_eq(catalog_load(&c, t_dir, err, sizeof err), 0);
	catalog_scores(&c, &s, "normal", false);
	ck_assert(c.v[0].has_best && c.v[0].best == 900 && c.v[0].completed);
	ck_assert_int_eq(c.v[0].stars, 2);
	ck_assert(c.v[1].has_best && c.v[1].best == 50 && !c.v[1].completed);
	ck_assert(!c.v[2].has_best && !c.v[2].completed);
	/* Another setting keeps its own board. */
	catalog_scores(&c, &s, "hard", false);
	ck_assert(!c.v[0].has_best && !c.v[0].completed);
	ck_assert(c.v[2].has_best && c.v[2].best == 70 && c.v[2].completed);
	ck_assert_int_eq(c.v[2].stars, 3);
	catalog_free(&c);
}
END_TEST

/*
 * A spawn's route has one length, for the game and the editor alike: a
 * spawn three cells tall on an uneven map, whose cells lie at different
 * distances from the exit, is measured from the same cell by both.
 */
START_TEST(test_route_length_one_definition)
{
	static const char text[] =
	    "weir-level 1\ntitle Routes\ngold 100\nlives 5\nmap\n"
	    "##########\n"
	    "A....~~..#\n"
	    "A.##.....>\n"
	    "A.##..~..#\n"
	    "##########\nend\n"
	    "wave after 60\ngroup 1 grunt from A\n";
	char		 path[600], err[T_ERR];
	struct play	*p;
	struct edit	*e;

	snprintf(path, sizeof path, "%s/routes.weir", t_dir);
	ck_assert_int_eq(tu_put(path, text, sizeof text - 1), 0);
	p = play_open(path, NULL, 1, err, sizeof err);
	ck_assert_msg(p != NULL, "%s", err);
	play_prepare(p);
	e = edit_load(path, err, sizeof err);
	ck_assert_msg(e != NULL, "%s", err);
	edit_refresh(e);
	ck_assert_int_eq(e->nroutes, 1);
	ck_assert_msg(fabs(e->routes[0].length - p->routelen[0]) < 1e-9,
	    "the editor says %.3f, the game %.3f", e->routes[0].length,
	    p->routelen[0]);
	ck_assert_int_eq(e->routes[0].y, 2);
	edit_free(e);
	play_free(p);
}
END_TEST

/* A new play of level text, written to name in the test's directory. */
static struct play *
t_play_text(const char *name, const char *text)
{
	char		 path[600], err[T_ERR];
	struct play	*p;

	snprintf(path, sizeof path, "%s/%s", t_dir, name);
	ck_assert_int_eq(tu_put(path, text, strlen(text)), 0);
	p = play_open(path, NULL, 1, err, sizeof err);
	ck_assert_msg(p != NULL, "%s", err);
	return p;
}

/*
 * > visits each exit in turn, in the order of their first cells: touching
 * exit cells are one exit, visited at the middle of its cells (a jump
 * that skipped the cells beside the cursor missed a wide exit's middle).
 */
START_TEST(test_jump_to_each_exit)
{
	static const char text[] =
	    "weir-level 1\ntitle Exits\ngold 100\nlives 5\nmap\n"
	    "#####>##\n"
	    "A......>\n"
	    "A......>\n"
	    "A......>\n"
	    "##>>####\nend\n"
	    "wave after 60\ngroup 1 grunt from A\n";
	static const int want[][2] = { { 5, 0 }, { 7, 2 }, { 3, 4 } };
	struct play	*p = t_play_text("exits.weir", text);

	for (int round = 0; round < 2; round++) {
		for (int k = 0; k < 3; k++) {
			play_jump(p, VIEW_TO_EXIT);
			ck_assert_msg(p->cx == want[k][0] && p->cy ==
			    want[k][1], "jump %d: (%d,%d), not (%d,%d)", k,
			    p->cx, p->cy, want[k][0], want[k][1]);
		}
	}
	ck_assert_str_eq(p->msg, "exit 3 of 3 at (3,4), the middle of its 2 "
	    "cells");
	play_jump(p, VIEW_TO_EXIT);
	ck_assert_str_eq(p->msg, "exit 1 of 3 at (5,0)");
	play_jump(p, VIEW_TO_EXIT);
	ck_assert_str_eq(p->msg, "exit 2 of 3 at (7,2), the middle of its 3 "
	    "cells");
	play_free(p);
}
END_TEST

/*
 * A beam is drawn on the cells its line really crosses, from the tower's
 * centre to where its target stands (not from centre to centre), so that
 * it shows the cells the shot flew over and no others.
 */
START_TEST(test_beam_drawn_where_it_flies)
{
	struct play	*p = t_play();
	struct game_fx	*fx = &p->g->fx[0];
	static const int on[][2] = {
		{ 1, 1 }, { 2, 1 }, { 3, 1 }, { 3, 2 }, { 4, 2 }
	};
	int		 n = 0;

	fx->tick = p->g->tick;
	fx->tower = TOWER_SNIPER;
	fx->from = vec_make(1.5, 1.5);
	fx->to = vec_make(4.9, 2.2);
	fx->radius = 0;
	p->g->nfx = 1;
	play_prepare(p);
	for (size_t k = 0; k < sizeof on / sizeof on[0]; k++)
		ck_assert_msg(p->fx_at[on[k][1] * p->w + on[k][0]] ==
		    TOWER_SNIPER + 1, "(%d,%d) not drawn", on[k][0], on[k][1]);
	for (int i = 0; i < p->w * p->h; i++)
		n += p->fx_at[i] != 0;
	ck_assert_int_eq(n, (int)(sizeof on / sizeof on[0]));
	play_free(p);
}
END_TEST

/*
 * A new game's first message has the level's description, as the title
 * screen shows it, whichever way the game was started; shorter forms keep
 * the title and description and drop the keys' words first.
 */
START_TEST(test_start_message_has_the_description)
{
	static const char text[] =
	    "weir-level 1\ntitle Told\ndescription Mind the bend\n"
	    "gold 100\nlives 5\nmap\n"
	    "#####\nA...>\n#####\nend\n"
	    "wave after 60\ngroup 1 grunt from A\n";
	struct play	*p = t_play_text("told.weir", text);
	char		 buf[PLAY_MSG_MAX];

	ck_assert_str_eq(p->msg, "Told: Mind the bend. 1 wave. Build, then n "
	    "calls the first wave; ? shows the keys");
	ck_assert(p->msg_start);
	play_start_as(p, 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "Told: Mind the bend. (1 wave; n: the first, "
	    "?: keys)");
	play_start_as(p, PLAY_START_NFORMS - 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "Told: Mind the bend");

	/* A speed kept from the last game: said on the line and, whole, in
	 * the log, which keeps one start message. */
	play_keep_speed(p, 2);
	ck_assert_int_eq(p->speed, 2);
	ck_assert_str_eq(p->msg, "Told: Mind the bend. 1 wave. Build, then n "
	    "calls the first wave; ? shows the keys; it runs at 2x, the "
	    "speed kept from your last game (f changes it)");
	ck_assert_int_eq(play_log_count(p), 1);
	ck_assert_str_eq(play_log_line(p, 0)->text, p->msg);
	play_start_as(p, 1, buf, sizeof buf);
	ck_assert_str_eq(buf, "Told: Mind the bend. (1 wave; n: the first, "
	    "?: keys) (at 2x: f)");

	play_message(p, false, "something else");
	ck_assert(!p->msg_start);
	/* Once another message has come, the start's is left as it was. */
	play_keep_speed(p, 4);
	ck_assert_str_eq(p->msg, "something else");
	ck_assert(strstr(play_log_line(p, 0)->text, "at 2x") != NULL);
	play_free(p);
}
END_TEST

/*
 * The first enemy of a kind with a trait says, once, what it does and
 * what answers it (from its row); a kind with no trait says nothing.
 */
START_TEST(test_first_sight_of_a_trait)
{
	static const char text[] =
	    "weir-level 1\ntitle Shades\ngold 100\nlives 50\nmap\n"
	    "############\n"
	    "A..........>\n"
	    "############\nend\n"
	    "wave after 1\ngroup 2 grunt from A every 0.2\n"
	    "group 3 shade from A every 0.2\n";
	char		 path[600], err[T_ERR], answers[ABOUT_MAX];
	struct play	*p;
	int		 k, firsts = 0, grunts = 0;

	snprintf(path, sizeof path, "%s/shades.weir", t_dir);
	ck_assert_int_eq(tu_put(path, text, sizeof text - 1), 0);
	p = play_open(path, NULL, 1, err, sizeof err);
	ck_assert_msg(p != NULL, "%s", err);
	for (k = 0; k < 10 * GAME_RATE && !game_over(p->g); k++)
		play_tick(p);
	about_answers(ENEMY_TRAIT_HIDDEN, answers, sizeof answers);
	ck_assert(strstr(answers, "frost") != NULL);
	for (k = 0; k < play_log_count(p); k++) {
		const char *l = play_log_line(p, k)->text;

		if (strncmp(l, "first shade (hidden): ", 22) == 0) {
			firsts++;
			ck_assert_msg(strstr(l, answers) != NULL, "%s", l);
		}
		grunts += strncmp(l, "first grunt", 11) == 0;
	}
	ck_assert_int_eq(firsts, 1);
	ck_assert_int_eq(grunts, 0);
	play_free(p);
}
END_TEST

/*
 * A wave called early says the gold it brought, or, when it brought none
 * (no wait was left to skip), says so and why, never "+0 gold".
 */
START_TEST(test_wave_called_early_words)
{
	struct game_event	ev;
	char			err[T_ERR];
	struct play		*p;

	p = play_open(tu_srcpath("levels/meadow.weir"), NULL, 1, err,
	    sizeof err);
	ck_assert_msg(p != NULL, "%s", err);
	memset(&ev, 0, sizeof ev);
	ev.type = GAME_EV_WAVE;
	ev.wave = 2;
	ev.early = true;
	ev.gold = 12;
	play_event(p, &ev);
	ck_assert_str_eq(p->msg, "wave 2 of 8 called early: +12 gold");
	ev.gold = 0;
	play_event(p, &ev);
	ck_assert_str_eq(p->msg, "wave 2 of 8 called early: no bonus, as no "
	    "wait was left to skip");
	play_free(p);
}
END_TEST

/*
 * A first sight's line stays PLAY_SIGHT_HOLD seconds on the screen's
 * clock: a key's message goes to the log only, an error takes the line,
 * and so does any message once the time is up. With no clock (now 0)
 * nothing is held.
 */
START_TEST(test_first_sight_is_held)
{
	static const char text[] =
	    "weir-level 1\ntitle Shades\ngold 100\nlives 50\nmap\n"
	    "############\n"
	    "A..........>\n"
	    "############\nend\n"
	    "wave after 1\ngroup 1 shade from A\n";
	char		 path[600], err[T_ERR];
	struct play	*p;
	int		 k, n;

	snprintf(path, sizeof path, "%s/held.weir", t_dir);
	ck_assert_int_eq(tu_put(path, text, sizeof text - 1), 0);
	p = play_open(path, NULL, 1, err, sizeof err);
	ck_assert_msg(p != NULL, "%s", err);
	p->now = 100.0;
	for (k = 0; k < 10 * GAME_RATE && !p->msg_sight; k++)
		play_tick(p);
	ck_assert(p->msg_sight);
	ck_assert(play_sight_holds(p));
	n = play_log_count(p);
	p->now += PLAY_SIGHT_HOLD - 1;
	play_message(p, false, "a key's news");
	ck_assert(p->msg_sight);
	ck_assert_str_eq(play_log_line(p, n)->text, "a key's news");
	/* A wave begun or cleared goes to the log: the line is read first. */
	{
		struct game_event ev = { .type = GAME_EV_WAVE, .wave = 2 };

		play_event(p, &ev);
		ck_assert(p->msg_sight);
		ck_assert_str_eq(play_log_line(p, n + 1)->text, "wave 2 of 1");
		ev.type = GAME_EV_CLEAR;
		play_event(p, &ev);
		ck_assert(p->msg_sight);
	}
	play_message(p, true, "refused");
	ck_assert(!p->msg_sight);
	ck_assert_str_eq(p->msg, "refused");

	/* Once the time is up, any message takes the line. */
	p->msg_sight = true;
	p->sight_from = p->now;
	p->now += PLAY_SIGHT_HOLD;
	ck_assert(!play_sight_holds(p));
	play_message(p, false, "later news");
	ck_assert_str_eq(p->msg, "later news");

	/* No clock: nothing held. */
	p->msg_sight = true;
	p->sight_from = 0;
	p->now = 0;
	play_message(p, false, "unwatched");
	ck_assert_str_eq(p->msg, "unwatched");
	play_free(p);
}
END_TEST

/*
 * A flyer has no trait but its mover, and its first sight says so: over
 * every wall, answered by every tower that hits the air (and only those).
 * The pieces of a split are a kind seen: the wave panel no longer calls
 * them new (play_kind_met), though no wave sent one yet.
 */
START_TEST(test_first_sight_of_a_flyer_and_a_split)
{
	static const char text[] =
	    "weir-level 1\ntitle Sky\ngold 900\nlives 50\nmap\n"
	    "############\n"
	    "#..........#\n"
	    "A..........>\n"
	    "#..........#\n"
	    "############\nend\n"
	    "wave after 1\ngroup 1 flyer from A\ngroup 1 slime from A\n"
	    "wave after 600\ngroup 1 slimeling from A\n";
	char		 path[600], err[T_ERR];
	struct play	*p;
	int		 k, firsts = 0, i = ENEMY_SLIMELING;

	snprintf(path, sizeof path, "%s/sky.weir", t_dir);
	ck_assert_int_eq(tu_put(path, text, sizeof text - 1), 0);
	p = play_open(path, NULL, 1, err, sizeof err);
	ck_assert_msg(p != NULL, "%s", err);
	ck_assert(!play_kind_met(p, i));
	ck_assert_int_eq(t_place(p, TOWER_CANNON, 4, 1), GAME_OK);
	ck_assert_int_eq(t_place(p, TOWER_CANNON, 4, 3), GAME_OK);
	for (k = 0; k < 60 * GAME_RATE && !play_kind_met(p, i); k++)
		play_tick(p);
	ck_assert_msg(play_kind_met(p, i), "no slimeling seen");
	ck_assert_int_eq(p->g->next_wave, 1);
	for (k = 0; k < play_log_count(p); k++) {
		const char *l = play_log_line(p, k)->text;

		if (strncmp(l, "first flyer (flies): ", 21) != 0)
			continue;
		firsts++;
		ck_assert_msg(strstr(l, "over every wall") != NULL &&
		    strstr(l, "flak tower") != NULL && strstr(l, "cannon") ==
		    NULL, "%s", l);
	}
	ck_assert_int_eq(firsts, 1);
	play_free(p);
}
END_TEST

/* Whether line names every tower or specialisation that answers traits. */
static bool
t_names_answers(const char *line, unsigned traits)
{
	for (int k = 0; k < TOWER_NTYPES; k++) {
		const struct tower_type *tt = &tower_types[k];

		if ((((traits & ENEMY_TRAIT_HIDDEN) && tt->detects) ||
		    ((traits & ENEMY_TRAIT_SKITTISH) && about_instant(k)) ||
		    ((traits & ABOUT_AIR) && (tt->hits & TOWER_AIR))) &&
		    strstr(line, tt->name) == NULL)
			return false;
		for (int s = 0; s < TOWER_SPECS && tt->spec[s].name; s++)
			if ((((traits & ENEMY_TRAIT_HIDDEN) &&
			    tt->spec[s].detects) || (tt->spec[s].bot_against &
			    traits)) && strstr(line, tt->spec[s].name) == NULL)
				return false;
	}
	return true;
}

/*
 * A first sight's shorter forms: each no longer than the one before, each
 * still says what the kind does (its row's about) and names everything
 * that answers it; the shortest of the longest line fits two rows of an
 * 80-column screen (79 columns after the leading space).
 */
START_TEST(test_first_sight_forms)
{
	char	line[ABOUT_MAX];
	size_t	n, last, longest = 0;

	for (int k = 0; k < ENEMY_NKINDS; k++) {
		const struct enemy_type *et = &enemy_types[k];
		bool fly = et->mover == ENEMY_FLY;
		unsigned asks = et->traits | (fly ? ABOUT_AIR : 0);

		last = ABOUT_MAX;
		for (int f = 0; f < ABOUT_FIRST_NFORMS; f++) {
			n = about_first_as(k, f, line, sizeof line);
			ck_assert_int_eq(n, strlen(line));
			ck_assert_int_eq(n == 0, asks == 0);
			if (n == 0)
				continue;
			ck_assert_msg(n <= last, "%s grew: %s", et->name, line);
			ck_assert_msg(strstr(line, et->about) != NULL, "%s", line);
			ck_assert_msg(t_names_answers(line, asks),
			    "an answer lost: %s", line);
			/* A flyer: that no wall stops it, and flak answers. */
			if (fly)
				ck_assert_msg(strstr(line, "over every wall") !=
				    NULL && strstr(line, "flak") != NULL &&
				    strstr(line, "cannon") == NULL, "%s", line);
			/* A hunter's answer is said as every other's. */
			if (et->traits & ENEMY_TRAIT_HUNTS)
				ck_assert_msg(strstr(line, "; answer: ") !=
				    NULL && strstr(line, "hero") != NULL,
				    "no answer: %s", line);
			/* A dodger is answered by what it cannot dodge. */
			if (et->traits & ENEMY_TRAIT_SKITTISH)
				ck_assert_msg(strstr(line, "; answer: ") !=
				    NULL && strstr(line, "tesla") != NULL,
				    "no answer: %s", line);
			last = n;
		}
		if (last < ABOUT_MAX && last > longest)
			longest = last;
	}
	ck_assert_int_gt(longest, 79);
	ck_assert_msg(longest <= 2 * 79 - 12, "the shortest forms reach %zu",
	    longest);
}
END_TEST

static Suite *
play_suite(void)
{
	Suite	*s = suite_create("play and catalog");
	TCase	*tc;

	tc = tcase_create("play");
	tcase_add_checked_fixture(tc, t_setup, t_teardown);
	tcase_add_test(tc, test_new_play);
	tcase_add_test(tc, test_cursor);
	tcase_add_test(tc, test_choose_and_toggles);
	tcase_add_test(tc, test_routes_and_preview);
	tcase_add_test(tc, test_a_tower_that_would_block);
	tcase_add_test(tc, test_preview_field_follows_cursor);
	tcase_add_test(tc, test_messages_from_events);
	tcase_add_test(tc, test_sight);
	tcase_add_test(tc, test_hero_messages);
	tcase_add_test(tc, test_cursor_on_the_hero);
	tcase_add_test(tc, test_aim_only_a_tower_that_picks);
	tcase_add_test(tc, test_save_and_resume);
	tcase_add_test(tc, test_jump_to_each_exit);
	tcase_add_test(tc, test_beam_drawn_where_it_flies);
	tcase_add_test(tc, test_start_message_has_the_description);
	suite_add_tcase(s, tc);

	tc = tcase_create("catalog");
	tcase_add_checked_fixture(tc, t_setup, t_teardown);
	tcase_add_test(tc, test_catalog_order);
	tcase_add_test(tc, test_catalog_no_order_and_no_dir);
	tcase_add_test(tc, test_catalog_scores);
	tcase_add_test(tc, test_spawn_list_words);
	tcase_add_test(tc, test_catalog_about_says_the_hit_points);
	tcase_add_test(tc, test_route_length_one_definition);
	tcase_add_test(tc, test_first_sight_of_a_trait);
	tcase_add_test(tc, test_first_sight_is_held);
	tcase_add_test(tc, test_wave_called_early_words);
	tcase_add_test(tc, test_first_sight_forms);
	tcase_add_test(tc, test_first_sight_of_a_flyer_and_a_split);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(play_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
