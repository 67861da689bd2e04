/* SPDX-License-Identifier: ISC */
/*
 * Every game ends: random mazes (random legal towers placed and sold as
 * each wave starts) on every campaign level and on a level with every
 * enemy kind and a hero, many seeds each, must end won or lost within a
 * bound derived from the level, and no ground enemy may go longer than
 * GAME_HOPELESS_S + 1 s without getting half a cell nearer its goal
 * except while it queues behind another. Also: the maze on Thornwood
 * where a skulker stood for good, a frozen enemy lifted on by the last
 * resort, flyers held off an exit ringed by towers that cannot hit air
 * (they dive at it), a frozen flyer set down on its exit, and a hunter
 * pack that fells the hero going home after.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/game.h"
#include "nav/path.h"
#include "core/script.h"
#include "testutil.h"

#define LIVE_NEARER	0.5	/* cells nearer its goal: progress */
#define LIVE_QUEUE	0.3	/* gap to the one ahead: queueing */
#define LIVE_LIMIT	((GAME_HOPELESS_S + 1) * GAME_RATE)
#define LIVE_SEEDS	40	/* random mazes a level */

/* What the test follows of one enemy (by id). */
struct live_watch {
	const struct field	*f;
	unsigned		 gen;
	struct point		 hero;
	double			 best;
	long			 since;		/* tick of its last progress */
};

/* One game being watched. */
struct live {
	struct game		*g;
	struct live_watch	*w;
	int			 nw;
	long			 worst;		/* longest without progress */
	int			 worst_id;
	int			 unstick, fall;
	bool			 waved;
};

/* Counts the events liveness cares about. */
static void
live_event(void *arg, const struct game_event *ev)
{
	struct live	*l = arg;

	if (ev->type == GAME_EV_UNSTICK)
		l->unstick++;
	else if (ev->type == GAME_EV_HERO_FALL)
		l->fall++;
	else if (ev->type == GAME_EV_WAVE)
		l->waved = true;
}

/*
 * The bound, in ticks, within which any game of lv ends: the time every
 * wave takes to send its enemies (calms and spacing; waves start by the
 * clock, kills or not), then the walk of the longest route any maze can
 * make (every open cell once, each step sqrt 2 times the dearest
 * terrain) at the slowest pace on the level (its slowest ground kind,
 * slowed as much as frost slows), then a minute of slack for the crowd.
 */
static long
live_bound(const struct level *lv)
{
	double	ms = 0.0, slowest = INFINITY, route = 0.0;
	int	dearest = 1, slow_pct = 100, x, y, w, k, lvl;

	for (w = 0; w < lv->nwaves; w++) {
		double longest = 0.0;

		for (k = 0; k < lv->waves[w].ngroups; k++) {
			const struct level_group *gr = &lv->waves[w].groups[k];
			double t = gr->after_ms + (double)(gr->count - 1) *
			    gr->every_ms;

			longest = fmax(longest, t);
			if (enemy_types[gr->enemy].mover != ENEMY_FLY)
				slowest = fmin(slowest,
				    enemy_types[gr->enemy].speed);
		}
		ms += lv->waves[w].after_ms + longest;
	}
	for (k = 0; k < TOWER_NTYPES; k++)
		for (lvl = 0; lvl < tower_types[k].nlevels; lvl++)
			if (tower_types[k].level[lvl].slow_pct > 0 &&
			    tower_types[k].level[lvl].slow_pct < slow_pct)
				slow_pct = tower_types[k].level[lvl].slow_pct;
	for (y = 0; y < lv->h; y++)
		for (x = 0; x < lv->w; x++) {
			int c = level_cost(lv, x, y);

			if (c > 0) {
				route += M_SQRT2;
				if (c > dearest)
					dearest = c;
			}
		}
	route *= dearest;
	if (!isfinite(slowest))
		slowest = 1.0;
	return (long)(ms / 1000.0 * GAME_RATE) + (long)(route /
	    (slowest * slow_pct / 100.0) * GAME_RATE) + 60 * GAME_RATE;
}

/* The distance on field f from the cell of agent a. */
static double
live_left(const struct field *f, const struct steer_agent *a)
{
	return field_distance(f, (int)floor(a->pos.x), (int)floor(a->pos.y));
}

/* Whether hunter i is in biting reach of the hero. */
static bool
live_at_hero(const struct game *g, int i)
{
	const struct steer_agent	*h = game_hero_agent(g);
	double				 r;

	if (h == NULL || !game_hunting(g, i))
		return false;
	r = h->radius + g->agents[i].radius + GAME_HERO_REACH;
	return vec_dist(h->pos, g->agents[i].pos) <= r;
}

/*
 * Whether ground enemy i queues: another ground enemy following the same
 * field, nearer its goal, is within LIVE_QUEUE of its disc.
 */
static bool
live_queueing(const struct game *g, int i, const struct field *f, double d)
{
	const struct steer_agent	*a = &g->agents[i];
	int				 j;

	for (j = 0; j < g->nunits; j++) {
		const struct steer_agent *b = &g->agents[j];
		const struct field *fb = b->field != NULL ? b->field : g->field;

		if (j == i || g->units[j].kind != GAME_UNIT_ENEMY ||
		    g->units[j].dead || g->units[j].mover == ENEMY_FLY ||
		    fb != f)
			continue;
		if (vec_dist(a->pos, b->pos) <= a->radius + b->radius +
		    LIVE_QUEUE && live_left(f, b) < d)
			return true;
	}
	return false;
}

/*
 * After a tick: every ground enemy's progress towards its goal (the field
 * it follows; a change of map, of field or of the hero's cell starts its
 * count again). Fails when one has gone LIVE_LIMIT without progress
 * while not queueing, at the hero or fleeing a tower that hit it.
 */
static void
live_watch(struct live *l)
{
	struct game	*g = l->g;
	int		 i;

	for (i = 0; i < g->nunits; i++) {
		const struct steer_agent *a = &g->agents[i];
		const struct game_unit *u = &g->units[i];
		const struct field *f;
		struct live_watch *w;
		struct point hero = g->hero_cell;
		double d;

		if (u->kind != GAME_UNIT_ENEMY || u->dead ||
		    u->mover == ENEMY_FLY)
			continue;
		if (u->id >= l->nw)	/* (ck_assert marks a file each call) */
			ck_abort_msg("enemy id %d past %d", u->id, l->nw);
		w = &l->w[u->id];
		f = a->field != NULL ? a->field : g->field;
		if (f != g->hunt)
			hero.x = hero.y = -1;
		d = live_left(f, a);
		if (w->f != f || w->gen != g->map_gen || w->hero.x != hero.x ||
		    w->hero.y != hero.y || d <= w->best - LIVE_NEARER) {
			w->f = f;
			w->gen = g->map_gen;
			w->hero = hero;
			w->best = d;
			w->since = g->tick;
			continue;
		}
		if (g->tick - w->since < 5 * GAME_RATE)
			continue;
		/*
		 * Queueing, at the hero, or fleeing a tower that has just hit
		 * it (a skulker's panic: that tower's fire ends it either way)
		 * is not a stall.
		 */
		if (live_at_hero(g, i) || live_queueing(g, i, f, d) ||
		    u->panic_ticks > 0) {
			w->since = g->tick;
			continue;
		}
		if (g->tick - w->since > l->worst) {
			l->worst = g->tick - w->since;
			l->worst_id = u->id;
		}
		if (g->tick - w->since > LIVE_LIMIT)
			ck_abort_msg("%s: tick %ld: %s %d at %.2f,%.2f (hp "
			    "%d/%d) has got no nearer its goal (%.2f cells "
			    "left) for %ld ticks", g->lv->title, g->tick,
			    enemy_types[u->type].name, u->id, a->pos.x,
			    a->pos.y, u->hp, u->max_hp, d, g->tick - w->since);
	}
}

/* Start watching game g. */
static void
live_init(struct live *l, struct game *g)
{
	memset(l, 0, sizeof *l);
	l->g = g;
	l->nw = game_enemy_total(g->lv) + 2;
	l->w = calloc((size_t)l->nw, sizeof *l->w);
	ck_assert_ptr_nonnull(l->w);
	game_set_events(g, live_event, l);
}

/* A random legal tower: mostly walls, some that shoot. */
static void
live_place(struct game *g, uint64_t *rng, int attack_pct)
{
	int	kind = tu_randint(rng, 100) < attack_pct ?
		    1 + tu_randint(rng, TOWER_NTYPES - 1) : TOWER_WALL;

	game_place(g, kind, tu_randint(rng, g->w), tu_randint(rng, g->h));
}

/*
 * Play lv with random towers: as each wave starts, ntowers placed at
 * random cells (refusals skipped) and a third as many sold. Lives are the
 * level's, or (many_lives) raised so that every wave is played out.
 * Fails unless the game ends within live_bound; returns lifts made.
 */
static int
live_random(const struct level *lv, uint64_t seed, int ntowers,
    int attack_pct, bool many_lives, long *worst)
{
	uint64_t	 rng = seed * 0x9E3779B97F4A7C15ULL + 1;
	struct game	*g = game_new(lv, seed, true);
	struct live	 l;
	long		 bound = live_bound(lv);
	int		 k, lifts;

	live_init(&l, g);
	if (many_lives)
		g->lives = 1000000;
	while (!game_over(g) && g->tick < bound) {
		if (l.waved) {
			l.waved = false;
			for (k = 0; k < ntowers; k++)
				live_place(g, &rng, attack_pct);
			for (k = 0; k < ntowers / 3 && g->ntowers > 0; k++) {
				const struct game_tower *t =
				    &g->towers[tu_randint(&rng, g->ntowers)];

				if (t->used)
					game_sell(g, t->x, t->y);
			}
		}
		game_tick(g);
		live_watch(&l);
	}
	ck_assert_msg(game_over(g), "%s, seed %llu: still playing at tick %ld "
	    "(bound %ld) with %d enemies on the map", lv->title,
	    (unsigned long long)seed, g->tick, bound, g->nenemies);
	if (l.worst > *worst)
		*worst = l.worst;
	lifts = l.unstick;
	free(l.w);
	game_free(g);
	return lifts;
}

/* The campaign's level names, from levels/campaign, into names[]. */
static int
live_campaign(char names[][64], int max)
{
	size_t	 len;
	char	*text = tu_slurp(tu_srcpath("levels/campaign"), &len), *line;
	int	 n = 0;

	ck_assert_ptr_nonnull(text);
	for (line = strtok(text, "\n"); line != NULL && n < max;
	    line = strtok(NULL, "\n")) {
		if (line[0] == '#' || line[0] == '\0')
			continue;
		/* "NAME RATING": the name only. */
		snprintf(names[n++], 64, "%.*s", (int)strcspn(line, " \t"),
		    line);
	}
	free(text);
	return n;
}

/*
 * Random mazes on campaign level _i: every game ends within the level's
 * bound, no enemy goes LIVE_LIMIT without progress unless queueing, and
 * the last resort is rare (at most one enemy in a hundred).
 */
START_TEST(test_random_mazes_end)
{
	char		 names[64][64], path[512], err[512];
	int		 n = live_campaign(names, 64), s, lifts = 0, sent = 0;
	long		 worst = 0;
	struct level	*lv;

	if (_i >= n)
		return;
	snprintf(path, sizeof path, "levels/%s.weir", names[_i]);
	lv = level_load(tu_srcpath(path), err, sizeof err);
	ck_assert_msg(lv != NULL, "%s", err);
	for (s = 0; s < LIVE_SEEDS; s++) {
		lifts += live_random(lv, 1000 * (uint64_t)_i + s,
		    20 + 20 * (s % 3), s % 2 ? 70 : 20, s % 4 < 2, &worst);
		sent += level_total_enemies(lv);
	}
	printf("%s: %d games, longest without progress %.1f s, %d lifted "
	    "of %d sent\n", names[_i], LIVE_SEEDS, (double)worst / GAME_RATE,
	    lifts, sent);
	ck_assert_int_le(lifts * 100, sent);
	level_free(lv);
}
END_TEST

/*
 * A level with every enemy kind (so every mover, trait and combiner:
 * prioritised, weighted sum, dithered) and a hero, for hunters hunting:
 * random mazes end too.
 */
START_TEST(test_random_mazes_every_kind)
{
	char		 text[4096], *p = text;
	int		 k, s, lifts = 0;
	long		 worst = 0;
	struct level	*lv;

	p += sprintf(p, "weir-level 1\ntitle Every kind\ngold 100\nlives 40\n"
	    "hero 14 3\nslow 2\nmap\n"
	    "##############################\n"
	    "#.....~~.......#.............#\n"
	    "#..#...~~..............#.....#\n"
	    "A....#......#.....~~.........>\n"
	    "#.........#.....#..~.....#...#\n"
	    "B...~~..............#........>\n"
	    "#......#.....~..........#....#\n"
	    "##############################\nend\n");
	for (k = 0; k < ENEMY_NKINDS; k++)
		p += sprintf(p, "wave after 4\ngroup %d %s from %c every 0.4\n"
		    "group 6 %s from %c every 0.6 after 1\n",
		    k == ENEMY_BOSS ? 2 : 14, enemy_types[k].name, 'A' + k % 2,
		    enemy_types[(k + 3) % ENEMY_NKINDS].name, 'B' - k % 2);
	lv = tu_level(text);
	for (s = 0; s < 2 * LIVE_SEEDS; s++)
		lifts += live_random(lv, 77 + (uint64_t)s, 10 + 10 * (s % 3),
		    s % 2 ? 60 : 20, s % 4 < 2, &worst);
	printf("every kind: %d games, longest without progress %.1f s, "
	    "%d lifted\n", 2 * LIVE_SEEDS, (double)worst / GAME_RATE, lifts);
	ck_assert_int_le(lifts * 100, 2 * LIVE_SEEDS *
	    level_total_enemies(lv));
	level_free(lv);
}
END_TEST

/*
 * The maze a skulker got stuck in on Thornwood as it was then (kept as
 * tests/data/levels/good/thornwood-stall.weir; seed 17, sandbox): at
 * wave 9 a skulker at full health stood against a rock where the flow
 * parts by the south gate, from about tick 7,600 for good. It ends now,
 * without the last resort, within the level's bound.
 */
START_TEST(test_thornwood_stall)
{
	char		 err[512];
	struct level	*lv = level_load(
			    tu_srcpath("tests/data/levels/good/thornwood-stall.weir"),
			    err, sizeof err);
	struct script	*sc = script_load(
			    tu_srcpath("tests/data/script/thornwood-stall.script"),
			    err, sizeof err);
	struct game	*g;
	struct live	 l;
	long		 bound;
	int		 next = 0;

	ck_assert_msg(lv != NULL && sc != NULL, "%s", err);
	g = game_new(lv, 17, true);
	bound = live_bound(lv);
	live_init(&l, g);
	while (!game_over(g) && g->tick < bound) {
		while (next < sc->ncmds && sc->cmds[next].tick <= g->tick)
			ck_assert_int_eq(game_command(g, &sc->cmds[next++]),
			    GAME_OK);
		game_tick(g);
		live_watch(&l);
	}
	ck_assert_msg(game_over(g), "still playing at tick %ld (bound %ld)",
	    g->tick, bound);
	ck_assert_int_eq(g->state, GAME_WON);
	ck_assert_int_eq(l.unstick, 0);
	ck_assert_int_eq(next, sc->ncmds);
	free(l.w);
	game_free(g);
	script_free(sc);
	level_free(lv);
}
END_TEST

/*
 * The last resort: an enemy all but frozen (1% of its speed: half a cell
 * takes a runner 19 s) is lifted on a cell each GAME_HOPELESS_S, and says so.
 */
START_TEST(test_frozen_enemy_lifted)
{
	struct level	*lv = tu_level("weir-level 1\ntitle F\ngold 0\n"
			    "lives 5\nmap\n"
			    "############\n"
			    "A..........>\n"
			    "############\nend\nwave\ngroup 1 runner from A\n");
	struct game	*g = game_new(lv, 1, false);
	struct live	 l;
	long		 frozen = -1;
	int		 x0 = -1;

	live_init(&l, g);
	while (!game_over(g) && g->tick < 60 * GAME_RATE) {
		game_tick(g);
		if (frozen < 0 && g->nenemies == 1 && g->agents[0].pos.x > 3.0) {
			g->units[0].slow_pct = 1;	/* all but frozen */
			g->units[0].slow_ticks = 1000000;
			frozen = g->tick;
			x0 = (int)floor(g->agents[0].pos.x);
		}
		if (frozen >= 0 && l.unstick == 1) {
			ck_assert_int_eq((int)floor(g->agents[0].pos.x), x0 + 1);
			ck_assert_int_eq(g->unstuck, 1);
			break;
		}
	}
	ck_assert_int_ge(frozen, 0);
	ck_assert_int_eq(l.unstick, 1);
	ck_assert_int_ge(g->tick - frozen, (GAME_HOPELESS_S - 1) * GAME_RATE);
	ck_assert_int_le(g->tick - frozen, GAME_HOPELESS_S * GAME_RATE + 3);
	/* Lifted cell by cell, it still gets out. */
	while (!game_over(g) && g->tick < 400 * GAME_RATE)
		game_tick(g);
	ck_assert_int_eq(g->leaked, 1);
	ck_assert_int_ge(l.unstick, 5);
	free(l.w);
	game_free(g);
	level_free(lv);
}
END_TEST

/* The 30 x 15 field of the ringed exit: A at (0, 7), exits at (15, 7)
 * and (29, 7); 27 flyers. */
static struct level *
live_ring_level(void)
{
	char	text[2048], *t = text;
	int	x, y;

	t += sprintf(t, "weir-level 1\ntitle Ring\ngold 2000\nlives 100\n"
	    "map\n");
	for (y = 0; y < 15; y++) {
		for (x = 0; x < 30; x++) {
			char c = '.';

			if (y == 0 || y == 14 || x == 0 || x == 29)
				c = y != 7 ? '#' : x == 0 ? 'A' : '>';
			else if (x == 15 && y == 7)
				c = '>';
			*t++ = c;
		}
		*t++ = '\n';
	}
	sprintf(t, "end\nwave after 2\ngroup 27 flyer from A every 0.5\n");
	return tu_level(text);
}

/* Play g to its end or to tick max; the clock it stopped at. */
static long
live_play_out(struct game *g, long max)
{
	while (!game_over(g) && g->tick < max)
		game_tick(g);
	return g->tick;
}

/*
 * Flyers steer round attacking towers, and the nearer exit is ringed by
 * cannons, which cannot hit air: they used to circle it for minutes (3,651
 * ticks here against 749 with no towers, 10,555 for the scene first
 * found). Held off, a flyer dives at its exit; the game ends within
 * GAME_HOPELESS_S of the game with no towers, and no flyer needs lifting.
 */
START_TEST(test_flyers_round_a_ringed_exit)
{
	static const int ring[8][2] = { { 14, 6 }, { 15, 6 }, { 16, 6 },
	    { 14, 7 }, { 16, 7 }, { 14, 8 }, { 15, 8 }, { 16, 8 } };
	struct level	*lv = live_ring_level();
	struct game	*g = game_new(lv, 1, false);
	long		 open, ringed;
	int		 k;

	open = live_play_out(g, 600 * GAME_RATE);
	ck_assert(game_over(g));
	game_free(g);
	g = game_new(lv, 1, false);
	for (k = 0; k < 8; k++)
		ck_assert_int_eq(game_place(g, TOWER_CANNON, ring[k][0],
		    ring[k][1]), GAME_OK);
	ringed = live_play_out(g, 600 * GAME_RATE);
	tu_say("check_live: ringed exit: the flyers are out by tick %ld "
	    "(%ld with no towers)\n", ringed, open);
	ck_assert(game_over(g));
	ck_assert_int_eq(g->leaked, 27);
	ck_assert_int_eq(g->unstuck, 0);
	ck_assert_int_le(ringed, open + GAME_HOPELESS_S * GAME_RATE);
	game_free(g);
	level_free(lv);
}
END_TEST

/* A flyer all but frozen is set down on its exit after GAME_HOPELESS_S. */
START_TEST(test_frozen_flyer_set_down)
{
	struct level	*lv = tu_level("weir-level 1\ntitle F\ngold 0\n"
			    "lives 5\nmap\n"
			    "############\n"
			    "A..........>\n"
			    "############\nend\nwave\ngroup 1 flyer from A\n");
	struct game	*g = game_new(lv, 1, false);
	long		 frozen = -1, lifted = -1;

	while (!game_over(g) && g->tick < 120 * GAME_RATE) {
		game_tick(g);
		if (lifted < 0 && g->unstuck > 0)
			lifted = g->tick;
		/* Frozen just as it has got half a cell nearer. */
		if (frozen < 0 && g->nenemies == 1 &&
		    g->agents[0].pos.x > 3.0 && g->units[0].lost == 0) {
			g->units[0].slow_pct = 1;	/* all but frozen */
			g->units[0].slow_ticks = 1000000;
			frozen = g->tick;
		}
	}
	ck_assert_int_ge(frozen, 0);
	ck_assert(game_over(g));
	ck_assert_int_eq(g->leaked, 1);
	ck_assert_int_eq(g->unstuck, 1);
	tu_say("check_live: frozen flyer: frozen at tick %ld, set down at "
	    "%ld, game over at %ld\n", frozen, lifted, g->tick);
	ck_assert_int_ge(lifted - frozen, GAME_HOPELESS_S * GAME_RATE - 1);
	ck_assert_int_le(lifted - frozen, GAME_HOPELESS_S * GAME_RATE + 1);
	game_free(g);
	level_free(lv);
}
END_TEST

/*
 * A pack of hunters the hero cannot beat fells it; from then on none of
 * them hunts again (the hero's every return would draw them back from
 * the road to the exit for ever), and the game ends.
 */
START_TEST(test_hunters_sated)
{
	struct level	*lv = tu_level("weir-level 1\ntitle H\ngold 0\n"
			    "lives 1000\nhero 3 4\nmap\n"
			    "##############################################\n"
			    "#............................................#\n"
			    "#............................................#\n"
			    "#............................................#\n"
			    "#...........................................A>\n"
			    "##############################################\n"
			    "end\nwave\ngroup 25 hunter from A every 0.1\n");
	struct game	*g = game_new(lv, 3, false);
	struct live	 l;
	int		 i;

	live_init(&l, g);
	while (!game_over(g) && g->tick < live_bound(lv)) {
		game_tick(g);
		live_watch(&l);
		for (i = 0; l.fall > 0 && i < g->nunits; i++)
			if (game_hunting(g, i))
				ck_abort_msg("tick %ld: unit %d hunts again "
				    "after the hero fell", g->tick, i);
	}
	ck_assert_int_ge(l.fall, 1);
	ck_assert_msg(game_over(g), "still playing at tick %ld", g->tick);
	free(l.w);
	game_free(g);
	level_free(lv);
}
END_TEST

/*
 * On a large map a walker's plan smooths only the waypoints it keeps:
 * path_waypoints_first gives exactly the first GAME_PATH_MAX + 1 of
 * path_waypoints across a 1024 x 1024 map (what it saves is timed by
 * weir-bench worst).
 */
START_TEST(test_plan_smooths_what_it_keeps)
{
	uint64_t	 s = 4242;
	struct grid	*g = tu_random_grid(&s, 1024, 1024, 8, 6, true);
	struct field	*f = field_new(1024, 1024);
	struct point	*all = calloc(1024 * 1024 + 1, sizeof *all);
	struct point	*first = calloc(1024 * 1024 + 1, sizeof *first);
	int32_t		 goal = grid_index(g, 1020, 1020);
	int		 n, m, k, x, y, want = GAME_PATH_MAX + 1;
	clock_t		 t0;
	double		 t_all = 0.0, t_first = 0.0;

	grid_set_cost(g, 1020, 1020, 1);
	field_build(f, g, &goal, 1);
	for (k = 0; k < 20; k++) {
		x = 2 + 37 * k % 300;
		y = 3 + 53 * k % 200;
		if (grid_get_cost(g, x, y) == 0 ||
		    !isfinite(field_distance(f, x, y)))
			continue;
		t0 = clock();
		n = path_waypoints(f, g, x, y, all, 1024 * 1024 + 1);
		t_all += (double)(clock() - t0);
		t0 = clock();
		m = path_waypoints_first(f, g, x, y, first, 1024 * 1024 + 1,
		    want);
		t_first += (double)(clock() - t0);
		ck_assert_int_gt(n, want);
		ck_assert_int_eq(m, want);
		ck_assert_mem_eq(all, first, (size_t)m * sizeof *all);
	}
	printf("plans across 1024 x 1024: whole way %.4f s, first %d "
	    "waypoints %.4f s\n", t_all / CLOCKS_PER_SEC, want,
	    t_first / CLOCKS_PER_SEC);
	free(all);
	free(first);
	field_free(f);
	grid_free(g);
}
END_TEST

static Suite *
live_suite(void)
{
	Suite	*s = suite_create("live");
	TCase	*tc = tcase_create("live");

	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, test_random_mazes_end, 0, 4);
	tcase_add_test(tc, test_random_mazes_every_kind);
	tcase_add_test(tc, test_thornwood_stall);
	tcase_add_test(tc, test_frozen_enemy_lifted);
	tcase_add_test(tc, test_flyers_round_a_ringed_exit);
	tcase_add_test(tc, test_frozen_flyer_set_down);
	tcase_add_test(tc, test_hunters_sated);
	tcase_add_test(tc, test_plan_smooths_what_it_keeps);
	suite_add_tcase(s, tc);
	/* The other twelve random mazes: make check-long. */
	tc = tcase_create("live-long");
	tcase_set_tags(tc, "long");
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_random_mazes_end, 4, 16);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(live_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
