/* SPDX-License-Identifier: ISC */
/*
 * Unit tests for the ways a level is played: difficulty settings, endless
 * games (their made waves, their score, saves that replay into them),
 * stars, the bot's strength and the difficulty rating.
 */
#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/bot.h"
#include "core/game.h"
#include "core/level.h"
#include "core/rate.h"
#include "core/session.h"
#include "testutil.h"

/* Two short waves of grunts on an open field with one spawn, one exit. */
#define T_FIELD \
	"weir-level 1\ntitle Field\ngold 200\nlives 10\nmap\n" \
	"##############\n" \
	"#............#\n" \
	"#............#\n" \
	"A............>\n" \
	"#............#\n" \
	"#............#\n" \
	"##############\nend\n" \
	"wave after 2\ngroup 3 grunt from A every 0.5\n" \
	"wave after 2\ngroup 3 runner from A every 0.5\n"

/* The same with two spawns and a flyer, for the made waves' spawns. */
#define T_TWO \
	"weir-level 1\ntitle Two\ngold 200\nlives 10\nmap\n" \
	"######B#######\n" \
	"#............#\n" \
	"A............>\n" \
	"##############\nend\n" \
	"wave after 2\ngroup 3 grunt from A every 0.5\n" \
	"group 2 flyer from B every 0.5\n"

/* A game of text at setting d (endless or not). */
static struct game *
t_game(const struct level *lv, enum game_difficulty d, bool endless,
    uint64_t seed)
{
	struct game_opts	o = GAME_OPTS_INIT;

	o.difficulty = d;
	o.endless = endless;
	return game_new_opts(lv, seed, &o);
}

/* Tick g until an enemy is out; its unit index. */
static int
t_first_enemy(struct game *g)
{
	int	i;

	while (g->tick < 100000) {
		for (i = 0; i < g->nunits; i++)
			if (g->units[i].kind == GAME_UNIT_ENEMY)
				return i;
		game_tick(g);
	}
	ck_abort_msg("no enemy came");
	return -1;
}

START_TEST(test_difficulty_scales_the_level)
{
	struct level	*lv = tu_level(T_FIELD);
	struct game	*e = t_game(lv, DIFF_EASY, false, 1);
	struct game	*n = t_game(lv, DIFF_NORMAL, false, 1);
	struct game	*h = t_game(lv, DIFF_HARD, false, 1);
	int		 hp_e, hp_n, hp_h;

	ck_assert_int_eq(n->gold, 200);
	ck_assert_int_eq(n->lives, 10);
	ck_assert_int_eq(e->gold, 200 * difficulty_types[DIFF_EASY].gold_pct /
	    100);
	ck_assert_int_eq(e->lives, 10 * difficulty_types[DIFF_EASY].lives_pct /
	    100);
	ck_assert_int_eq(h->gold, 200 * difficulty_types[DIFF_HARD].gold_pct /
	    100);
	ck_assert_int_gt(e->gold, n->gold);
	ck_assert_int_lt(h->gold, n->gold);
	hp_e = e->units[t_first_enemy(e)].max_hp;
	hp_n = n->units[t_first_enemy(n)].max_hp;
	hp_h = h->units[t_first_enemy(h)].max_hp;
	ck_assert_int_eq(hp_n, enemy_hp(ENEMY_GRUNT, 1));
	ck_assert_int_eq(hp_e, hp_n * difficulty_types[DIFF_EASY].hp_pct / 100);
	ck_assert_int_eq(hp_h, hp_n * difficulty_types[DIFF_HARD].hp_pct / 100);
	ck_assert_int_lt(hp_e, hp_n);
	ck_assert_int_gt(hp_h, hp_n);
	/* The income starts at the starting gold. */
	ck_assert_int_eq(game_income(h), h->gold);
	game_free(e);
	game_free(n);
	game_free(h);
	level_free(lv);
}
END_TEST

/* A level's "hp" scales its enemies' hit points, with the setting's. */
START_TEST(test_level_hp_scales_hit_points)
{
	struct level	*lv = tu_level(T_FIELD);
	struct game	*n, *h;
	int		 base;

	n = t_game(lv, DIFF_NORMAL, false, 1);
	base = n->units[t_first_enemy(n)].max_hp;
	game_free(n);
	lv->hp_pct = 250;
	n = t_game(lv, DIFF_NORMAL, false, 1);
	h = t_game(lv, DIFF_HARD, false, 1);
	ck_assert_int_eq(n->units[t_first_enemy(n)].max_hp, base * 250 / 100);
	ck_assert_int_eq(h->units[t_first_enemy(h)].max_hp, base *
	    difficulty_types[DIFF_HARD].hp_pct * 250 / 10000);
	game_free(n);
	game_free(h);
	level_free(lv);
}
END_TEST

START_TEST(test_difficulty_names)
{
	char	names[KIND_LIST_MAX];

	ck_assert_int_eq(difficulty_lookup("hard", 4), DIFF_HARD);
	ck_assert_int_eq(difficulty_lookup("easy", 4), DIFF_EASY);
	ck_assert_int_eq(difficulty_lookup("medium", 6), -1);
	ck_assert_str_eq(difficulty_name(DIFF_NORMAL), "normal");
	difficulty_list(names, sizeof names);
	ck_assert_str_eq(names, "normal, easy or hard");
}
END_TEST

START_TEST(test_endless_waves_follow_the_seed)
{
	struct level	*lv = tu_level(T_FIELD);
	struct game	*a = t_game(lv, DIFF_NORMAL, true, 7);
	struct game	*b = t_game(lv, DIFF_NORMAL, true, 7);
	struct game	*c = t_game(lv, DIFF_NORMAL, true, 8);
	struct game	*plain = t_game(lv, DIFF_NORMAL, false, 7);
	struct level_wave w;
	size_t		 size = (size_t)a->nwaves * sizeof *a->waves;

	ck_assert_int_eq(plain->nwaves, 2);
	ck_assert_int_eq(a->nwaves, 2 + GAME_ENDLESS_WAVES);
	ck_assert_int_eq(a->level_waves, 2);
	/* The level's own come first, unchanged. */
	ck_assert(memcmp(a->waves, lv->waves, 2 * sizeof *a->waves) == 0);
	/* Same seed, same waves; another seed, others. */
	ck_assert(memcmp(a->waves, b->waves, size) == 0);
	ck_assert(memcmp(a->waves, c->waves, size) != 0);
	/* game_endless_wave is what the game made. */
	game_endless_wave(lv, 7, 5, &w);
	ck_assert(memcmp(&w, &a->waves[2 + 4], sizeof w) == 0);
	game_free(a);
	game_free(b);
	game_free(c);
	game_free(plain);
	level_free(lv);
}
END_TEST

/* Enemies in made wave w (a level_wave) and its distinct kinds. */
static int
t_wave_size(const struct level_wave *w, bool *kinds)
{
	int	k, n = 0;

	for (k = 0; k < w->ngroups; k++) {
		n += w->groups[k].count;
		if (kinds != NULL)
			kinds[w->groups[k].enemy] = true;
	}
	return n;
}

START_TEST(test_endless_waves_escalate)
{
	struct level		*lv = tu_level(T_TWO);
	struct level_wave	 w;
	bool			 kinds[ENEMY_NKINDS] = { false };
	int			 n, k, seen, prev = 0, boss = -1, escort = -1;

	for (k = 0; k < ENEMY_NKINDS; k++) {
		if (enemy_types[k].traits & ENEMY_TRAIT_BOSS)
			boss = k;
		if (enemy_types[k].traits & ENEMY_TRAIT_ESCORT)
			escort = k;
	}
	for (n = 1; n <= 60; n++) {
		bool has_boss = false;

		game_endless_wave(lv, 3, n, &w);
		ck_assert_int_ge(w.ngroups, 1);
		ck_assert_int_le(w.ngroups, LEVEL_MAX_GROUPS);
		ck_assert_int_eq(w.after_ms, GAME_ENDLESS_CALM_MS);
		for (k = 0; k < w.ngroups; k++) {
			const struct level_group *g = &w.groups[k];

			ck_assert(g->spawn >= 0 && g->spawn < lv->nspawns);
			ck_assert_int_eq(g->from, lv->spawns[g->spawn].label);
			ck_assert(g->count >= 1 && g->count <= LEVEL_COUNT_MAX);
			/* No hero here: no hunters. */
			ck_assert(!(enemy_types[g->enemy].traits &
			    ENEMY_TRAIT_HUNTS));
			has_boss |= (int)g->enemy == boss;
			if ((int)g->enemy == escort)
				ck_assert_int_eq(n % 10, 0);
		}
		/* A boss every tenth wave, and only then. */
		ck_assert(has_boss == (n % 10 == 0));
		/* Groups and numbers never fall from one tenth to the next. */
		if (n % 10 == 5) {
			int size = t_wave_size(&w, NULL);

			ck_assert_int_gt(size, prev);
			prev = size;
		}
		if (n <= 20)
			t_wave_size(&w, kinds);
	}
	game_endless_wave(lv, 3, 1, &w);
	ck_assert_int_eq(w.ngroups, 1);
	game_endless_wave(lv, 3, 30, &w);
	ck_assert_int_eq(w.ngroups, 1 + 30 / 3 + 2);
	/* New kinds join: by wave 20, more than the level's grunt and flyer. */
	for (k = 0, seen = 0; k < ENEMY_NKINDS; k++)
		seen += kinds[k];
	ck_assert_int_gt(seen, 2 + 20 / GAME_ENDLESS_NEW_EVERY - 2);
	level_free(lv);
}
END_TEST

/* Play g to tick t, or its end, with bot b (may be NULL). */
static void
t_play(struct game *g, struct bot *b, long t)
{
	while (g->tick < t && !game_over(g)) {
		if (b != NULL)
			bot_act(b, g);
		game_tick(g);
	}
}

START_TEST(test_endless_goes_on_and_scores_waves_and_kills)
{
	struct level	*lv = tu_level(T_FIELD);
	struct game_opts o = GAME_OPTS_INIT;
	struct game	*g;
	struct bot	*b;

	o.endless = true;
	o.sandbox = true;
	g = game_new_opts(lv, 1, &o);
	b = bot_new(g);
	t_play(g, b, 60L * 60 * GAME_RATE);
	/* Past the level's two waves it is still going, or lost later. */
	ck_assert_int_gt(g->waves_cleared, 2);
	ck_assert_int_eq(game_endless_cleared(g), g->waves_cleared - 2);
	ck_assert_int_eq(g->score, GAME_SCORE_ENDLESS_WAVE * g->waves_cleared +
	    GAME_SCORE_ENDLESS_KILL * g->killed);
	bot_free(b);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_endless_game_ends)
{
	struct level	*lv = tu_level(T_FIELD);
	struct game	*g = t_game(lv, DIFF_NORMAL, true, 1);
	struct bot	*b = bot_new(g);

	/* The bot's defence falls to the rising waves in the end. */
	t_play(g, b, game_max_ticks(g));
	ck_assert_int_eq(g->state, GAME_LOST);
	ck_assert_int_gt(game_endless_cleared(g), 0);
	ck_assert_int_eq(game_stars(g), 0);
	bot_free(b);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_saves_replay_into_endless_waves)
{
	char		 dir[256], level[300], save[300], err[512];
	struct session	*s, *r;
	struct game_opts o = GAME_OPTS_INIT;
	struct bot	*b;
	long		 t;

	ck_assert_int_eq(tu_mkdtemp(dir, sizeof dir, "check_modes"), 0);
	snprintf(level, sizeof level, "%s/field.weir", dir);
	snprintf(save, sizeof save, "%s/game.save", dir);
	ck_assert_int_eq(tu_put(level, T_FIELD, strlen(T_FIELD)), 0);
	o.endless = true;
	o.difficulty = DIFF_HARD;
	s = session_open_opts(level, 5, &o, err, sizeof err);
	ck_assert_msg(s != NULL, "%s", err);
	b = bot_new(s->g);
	/* Into the third made wave. */
	while (!game_over(s->g) && s->g->next_wave < 2 + 3)
		t_play(s->g, b, s->g->tick + 1);
	t = s->g->tick + 45;
	t_play(s->g, b, t);
	ck_assert(!game_over(s->g));
	ck_assert_int_eq(session_save(s, save, err, sizeof err), 0);
	r = session_resume(save, SESSION_PLAYERS, NULL, err, sizeof err);
	ck_assert_msg(r != NULL, "%s", err);
	ck_assert(r->g->endless);
	ck_assert_int_eq(r->g->difficulty, DIFF_HARD);
	ck_assert_int_eq(r->g->tick, t);
	ck_assert(game_hash(r->g) == game_hash(s->g));
	ck_assert_int_eq(r->g->next_wave, s->g->next_wave);
	/* And they go on alike. */
	t_play(s->g, NULL, t + 300);
	t_play(r->g, NULL, t + 300);
	ck_assert(game_hash(r->g) == game_hash(s->g));
	bot_free(b);
	session_free(s);
	session_free(r);
	tu_rmdir(dir);
}
END_TEST

START_TEST(test_stars_follow_lives_kept)
{
	struct level	*lv = tu_level(T_FIELD);
	struct game	*g = t_game(lv, DIFF_NORMAL, false, 1);
	struct game	*e = t_game(lv, DIFF_EASY, false, 1);

	ck_assert_int_eq(game_stars(g), 0);	/* not over */
	g->state = GAME_WON;
	g->lives = 10;
	ck_assert_int_eq(game_stars(g), 3);
	g->lives = 9;		/* 90% kept */
	ck_assert_int_eq(game_stars(g), 3);
	g->lives = 8;
	ck_assert_int_eq(game_stars(g), 2);
	g->lives = 5;		/* 50% */
	ck_assert_int_eq(game_stars(g), 2);
	g->lives = 4;
	ck_assert_int_eq(game_stars(g), 1);
	g->lives = 1;
	ck_assert_int_eq(game_stars(g), 1);
	g->state = GAME_LOST;
	g->lives = 0;
	ck_assert_int_eq(game_stars(g), 0);
	/* Counted against the setting's lives: easy starts with 15. */
	e->state = GAME_WON;
	e->lives = 10;
	ck_assert_int_eq(game_stars(e), 2);
	e->lives = 14;
	ck_assert_int_eq(game_stars(e), 3);
	game_free(g);
	game_free(e);
	level_free(lv);
}
END_TEST

START_TEST(test_bot_strength_is_its_share_of_income)
{
	struct level	*lv = tu_level(T_FIELD);
	struct game	*g = t_game(lv, DIFF_NORMAL, false, 1);
	struct game	*h = t_game(lv, DIFF_NORMAL, false, 1);
	struct bot	*b = bot_new(g), *c = bot_new(h);
	long		 t;

	bot_set_share(b, 0);
	bot_set_share(c, 40);
	for (t = 0; t < 40L * GAME_RATE && !game_over(g); t++) {
		bot_act(b, g);
		bot_act(c, h);
		game_tick(g);
		game_tick(h);
		/* The timid bot never spends more than its share. */
		ck_assert_int_ge(h->gold, game_income(h) * 60 / 100);
	}
	ck_assert_int_eq(g->nstanding, 0);
	ck_assert_int_eq(g->gold, game_income(g));
	ck_assert_int_gt(h->nstanding, 0);
	bot_free(b);
	bot_free(c);
	game_free(g);
	game_free(h);
	level_free(lv);
}
END_TEST

/*
 * A ridge with a pass of three cells on the straight way and another at
 * the far end: one wall or a line with a gap in the near pass changes
 * nothing, three walls in it send the horde round by the far one, 52
 * cells further. The maze bot shuts the near pass before the wave.
 */
#define T_PASS \
	"weir-level 1\ntitle Pass\ngold 100\nlives 10\nmap\n" \
	"##############################\n" \
	"#............................#\n" \
	"#............................#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#............................#\n" \
	"A............................>\n" \
	"#............................#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"##############################\n" \
	"end\nwave after 30\ngroup 4 grunt from A every 1\n"

START_TEST(test_bot_shuts_a_pass)
{
	struct level	*lv = tu_level(T_PASS);
	struct game	*g = t_game(lv, DIFF_NORMAL, false, 1);
	struct bot	*b = bot_new(g);
	int		 y;

	while (!game_over(g) && g->next_wave == 0) {
		bot_act(b, g);
		game_tick(g);
	}
	for (y = 27; y <= 29; y++)
		ck_assert_msg(g->tower_at[(size_t)y * g->w + 14] >= 0,
		    "the pass is open at (14, %d)", y);
	bot_free(b);
	game_free(g);
	level_free(lv);
}
END_TEST

/*
 * Two passes of three cells in a ridge, each to its own way out behind a
 * spur of rock, the north one a little nearer: shutting it adds two
 * cells of route, far too little to be worth three walls by length. But
 * fourteen arrow towers at their top level stand by the south way out, so
 * shut it sends the horde past them: the maze bot shuts the north pass for what that adds to the
 * worth, and leaves the south one open.
 */
#define T_TWO_WAYS \
	"weir-level 1\ntitle Two ways\ngold 1500\nlives 10\nmap\n" \
	"##############################\n" \
	"#.............#..............>\n" \
	"#............................>\n" \
	"#............................>\n" \
	"#............................#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"A.............#..............#\n" \
	"#.............################\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#.............#..............#\n" \
	"#............................#\n" \
	"#............................>\n" \
	"#............................>\n" \
	"#.............#..............>\n" \
	"##############################\n" \
	"end\nwave after 30\ngroup 4 grunt from A every 1\n"

START_TEST(test_bot_shuts_a_pass_to_its_towers)
{
	struct level	*lv = tu_level(T_TWO_WAYS);
	struct game	*g = t_game(lv, DIFF_NORMAL, false, 1);
	struct bot	*b = bot_new(g);
	struct game_cmd	 c = { .power = -1, .spec = -1 };
	int		 y;

	c.tower = tower_lookup("arrow", strlen("arrow"));
	for (c.y = 12; c.y <= 15; c.y += 3) {
		for (c.x = 16; c.x <= 28; c.x += 2) {
			c.type = GAME_CMD_PLACE;
			ck_assert_int_eq(game_command(g, &c), GAME_OK);
			c.type = GAME_CMD_UPGRADE;
			while (game_command(g, &c) == GAME_OK)
				continue;
		}
	}
	while (!game_over(g) && g->next_wave == 0) {
		bot_act(b, g);
		game_tick(g);
	}
	for (y = 2; y <= 4; y++)
		ck_assert_msg(g->tower_at[(size_t)y * g->w + 14] >= 0,
		    "the north pass is open at (14, %d)", y);
	for (y = 16; y <= 18; y++)
		ck_assert_msg(g->tower_at[(size_t)y * g->w + 14] < 0,
		    "the south pass is shut at (14, %d)", y);
	bot_free(b);
	game_free(g);
	level_free(lv);
}
END_TEST

/*
 * A long flight from the west over open ground: the built-in player's
 * towers against flyers spread along their line instead of standing side
 * by side at its first cells, which a flight passes in a moment. Played
 * by "towers" (no practice, no walls): every two of its flak stand at
 * least a flak's reach apart.
 */
#define T_FLIGHT \
	"weir-level 1\ntitle Flight\ngold 300\nlives 20\nmap\n" \
	"##########################################\n" \
	"#........................................#\n" \
	"#........................................#\n" \
	"A........................................>\n" \
	"#........................................#\n" \
	"#........................................#\n" \
	"##########################################\n" \
	"end\nwave after 40\ngroup 12 flyer from A every 0.5\n"

/* A bot playing the strategy called name. */
static struct bot *
t_bot(const struct game *g, const char *name)
{
	int	s = bot_strategy_lookup(name, strlen(name));

	ck_assert_int_ge(s, 0);
	return bot_new_as(g, s);
}

START_TEST(test_bot_spreads_towers_against_flyers)
{
	struct level	*lv = tu_level(T_FLIGHT);
	struct game	*g = t_game(lv, DIFF_NORMAL, false, 1);
	struct bot	*b = t_bot(g, "towers");
	int		 flak = tower_lookup("flak", strlen("flak"));
	double		 r = tower_types[flak].level[0].range;
	int		 s, t, n = 0;

	while (!game_over(g) && g->next_wave == 0) {
		bot_act(b, g);
		game_tick(g);
	}
	for (s = 0; s < g->ntowers; s++) {
		const struct game_tower *a = &g->towers[s];

		if (!a->used || a->type != flak)
			continue;
		n++;
		for (t = s + 1; t < g->ntowers; t++) {
			const struct game_tower *c = &g->towers[t];
			int dx = c->x - a->x, dy = c->y - a->y;

			if (c->used && c->type == flak)
				ck_assert_msg(dx * dx + dy * dy >= r * r,
				    "flak at (%d, %d) and (%d, %d)", a->x,
				    a->y, c->x, c->y);
		}
	}
	ck_assert_int_ge(n, 2);
	bot_free(b);
	game_free(g);
	level_free(lv);
}
END_TEST

/*
 * Shades coming down a corridor guarded by arrow towers that cannot see
 * them: the built-in player's first purchase is a tower that detects,
 * where it lights route the arrows cover (a detector elsewhere, or none,
 * would let every shade walk past them).
 */
#define T_SHADES \
	"weir-level 1\ntitle Shades\ngold 60\nlives 20\nmap\n" \
	"##########################################\n" \
	"#........................................#\n" \
	"A........................................>\n" \
	"#........................................#\n" \
	"##########################################\n" \
	"end\nwave after 40\ngroup 8 shade from A every 1\n"

/* Whether a route cell of row y lies in the reach of towers a and d. */
static bool
t_both_reach(const struct game *g, int y, const struct game_tower *a,
    const struct game_tower *d)
{
	struct tower_stats	sa, sd;
	int			x;

	game_tower_stats(a, &sa);
	game_tower_stats(d, &sd);
	for (x = 0; x < g->w; x++) {
		int ax = x - a->x, ay = y - a->y, dx = x - d->x, dy = y - d->y;

		if (ax * ax + ay * ay <= sa.range * sa.range &&
		    dx * dx + dy * dy <= sd.range * sd.range)
			return true;
	}
	return false;
}

START_TEST(test_bot_lights_the_route_for_the_hidden)
{
	struct level	*lv = tu_level(T_SHADES);
	struct game	*g = t_game(lv, DIFF_NORMAL, false, 1);
	struct bot	*b = t_bot(g, "towers");
	struct game_cmd	 c = { .power = -1, .spec = -1 };
	int		 t, before, lit = 0;

	g->gold += 1000;
	c.tower = tower_lookup("arrow", strlen("arrow"));
	for (c.x = 18, c.y = 1; c.x <= 24; c.x += 3) {
		c.type = GAME_CMD_PLACE;
		ck_assert_int_eq(game_command(g, &c), GAME_OK);
		c.type = GAME_CMD_UPGRADE;
		while (game_command(g, &c) == GAME_OK)
			continue;
	}
	g->gold = 60;
	before = g->ntowers;
	while (!game_over(g) && g->ntowers == before && g->tick < 1200) {
		bot_act(b, g);
		game_tick(g);
	}
	ck_assert_int_gt(g->ntowers, before);
	ck_assert_msg(game_tower_detects(&g->towers[before]),
	    "the first tower bought is a %s",
	    tower_types[g->towers[before].type].name);
	for (t = 0; t < before; t++)
		lit += t_both_reach(g, 2, &g->towers[t], &g->towers[before]);
	ck_assert_int_gt(lit, 0);
	bot_free(b);
	game_free(g);
	level_free(lv);
}
END_TEST

/*
 * The maze player practises the game in each style and plays the better:
 * on The Floodgate (seed 1) the long style (walls first) loses, the dense
 * one (towers first) wins, and the game it then plays is that practice
 * over again, to the life and the wave. (If the finale is ever won walls
 * first, this test says so.)
 */
START_TEST(test_bot_practises_and_plays_the_better_style)
{
	struct level	*lv = level_load(tu_srcpath("levels/floodgate.weir"),
			    NULL, 0);
	struct game	*g;
	struct bot	*b;
	long		 ticks = LONG_MAX, max;
	int		 lives = -1, waves = -1;

	ck_assert_ptr_nonnull(lv);
	g = t_game(lv, DIFF_NORMAL, false, 1);
	b = bot_new(g);
	max = game_max_ticks(g);
	ck_assert_int_eq(bot_style_of(b), -1);
	ck_assert(bot_practise(b, g, &ticks));
	ck_assert_int_eq(bot_practice_of(b, BOT_STYLE_LONG, NULL, NULL), 0);
	ck_assert_int_eq(bot_practice_of(b, BOT_STYLE_DENSE, &lives, &waves),
	    1);
	ck_assert_int_eq(bot_style_of(b), BOT_STYLE_DENSE);
	/* Dense kept every life: no style after it can do better. */
	ck_assert_int_eq(lives, game_start_lives(g));
	ck_assert_int_eq(bot_practice_of(b, BOT_STYLE_DENSE + 1, NULL, NULL),
	    -1);
	ck_assert_int_eq(g->tick, 0);
	while (!game_over(g) && g->tick < max) {
		bot_act(b, g);
		game_tick(g);
	}
	ck_assert_int_eq(g->state, GAME_WON);
	ck_assert_int_eq(g->lives, lives);
	ck_assert_int_eq(g->waves_cleared, waves);
	bot_free(b);
	game_free(g);
	level_free(lv);
}
END_TEST

/*
 * On The Hive (seed 1) the dense style wins keeping 11 lives and every
 * style after it loses: each of their practice games stops once it is
 * down to 11 lives, since it can no longer do better.
 */
START_TEST(test_bot_practice_stops_when_beaten)
{
	struct level	*lv = level_load(tu_srcpath("levels/hive.weir"),
			    NULL, 0);
	struct game	*g;
	struct bot	*b;
	long		 ticks = LONG_MAX;
	int		 won, best = -1, lives = -1;

	ck_assert_ptr_nonnull(lv);
	g = t_game(lv, DIFF_NORMAL, false, 1);
	b = bot_new(g);
	ck_assert(bot_practise(b, g, &ticks));
	ck_assert_int_eq(bot_style_of(b), BOT_STYLE_DENSE);
	ck_assert_int_eq(bot_practice_of(b, BOT_STYLE_DENSE, &best, NULL), 1);
	ck_assert_int_lt(best, game_start_lives(g));
	for (int s = BOT_STYLE_DENSE + 1; s < 6; s++) {
		won = bot_practice_of(b, s, &lives, NULL);
		ck_assert_int_eq(won, 0);
		ck_assert_int_eq(lives, best);
	}
	bot_free(b);
	game_free(g);
	level_free(lv);
}
END_TEST

/*
 * Practice comes out the same however it is sliced and whenever the bot
 * is made (a bot for a game resumed at tick 300 picks the same style);
 * a naive strategy does not practise.
 */
START_TEST(test_bot_practice_in_slices)
{
	struct level	*lv = tu_level(T_TWO_WAYS);
	struct game	*g = t_game(lv, DIFF_NORMAL, false, 1);
	struct bot	*whole = bot_new(g), *sliced = bot_new(g), *late;
	struct bot	*naive = bot_new_as(g, bot_strategy_lookup("towers",
			    strlen("towers")));
	long		 t = LONG_MAX;
	int		 n = 0, s, lw, ls;

	ck_assert(bot_practise(whole, g, &t));
	ck_assert(t < LONG_MAX - 100);
	for (;;) {
		long slice = 50;

		if (bot_practise(sliced, g, &slice))
			break;
		ck_assert_int_eq(slice, 0);
		n++;
	}
	ck_assert_int_gt(n, 2);
	while (g->tick < 300)
		game_tick(g);
	late = bot_new(g);
	t = LONG_MAX;
	ck_assert(bot_practise(late, g, &t));
	ck_assert_int_ge(bot_style_of(whole), 0);
	ck_assert_int_eq(bot_style_of(sliced), bot_style_of(whole));
	ck_assert_int_eq(bot_style_of(late), bot_style_of(whole));
	for (s = 0; s < 2; s++) {
		ck_assert_int_eq(bot_practice_of(sliced, s, &ls, NULL),
		    bot_practice_of(whole, s, &lw, NULL));
		if (bot_practice_of(whole, s, NULL, NULL) >= 0)
			ck_assert_int_eq(ls, lw);
	}
	t = 100;
	ck_assert(bot_practise(naive, g, &t));
	ck_assert_int_eq(t, 100);
	ck_assert_int_eq(bot_practice_of(naive, BOT_STYLE_LONG, NULL, NULL),
	    -1);
	bot_free(whole);
	bot_free(sliced);
	bot_free(late);
	bot_free(naive);
	game_free(g);
	level_free(lv);
}
END_TEST

START_TEST(test_rating_is_deterministic_and_bounded)
{
	struct level	*lv = tu_level(T_FIELD);
	struct game_opts o = GAME_OPTS_INIT;
	int		 r, s, who, who2, k;

	r = rate_level(lv, &o, &who);
	s = rate_level(lv, &o, &who2);
	ck_assert_int_eq(r, s);
	ck_assert_int_eq(who, who2);
	ck_assert(r >= 0 && r <= 100);
	ck_assert(who >= 0 && who < BOT_NSTRATEGIES);
	/* It is the least share that wins: one less loses (unless 0). */
	ck_assert(rate_wins(lv, &o, who, r, 1) && rate_wins(lv, &o, who, r, 2));
	if (r > 0)
		ck_assert(!rate_wins(lv, &o, who, r - 1, 1) ||
		    !rate_wins(lv, &o, who, r - 1, 2));
	/* No strategy needs less. */
	for (k = 0; k < BOT_NSTRATEGIES; k++)
		ck_assert_int_ge(rate_strategy(lv, &o, k, RATE_UNBEATEN), r);
	tu_say("field rating %d (%s)", r, bot_strategies[who].name);
	level_free(lv);
}
END_TEST

/*
 * ring-upgrade builds its dozen towers against the ground before it
 * upgrades or specialises any, every kind that hits the ground in turn
 * (so its dozen holds two of each of the six), never builds a
 * thirteenth, and then puts its gold into upgrades and specialisations
 * (Open Meadow, seed 1; the strikes it pays for take some of that gold,
 * so on this short level one tower gets its upgrade).
 */
START_TEST(test_ring_upgrade_builds_first_then_upgrades)
{
	struct level	*lv = level_load(tu_srcpath("levels/meadow.weir"),
			    NULL, 0);
	struct game	*g;
	struct bot	*b;
	int		 s, t, ground, improved, most = 0, kinds[TOWER_NTYPES];
	bool		 dozen = false;

	ck_assert_ptr_nonnull(lv);
	s = bot_strategy_lookup("ring-upgrade", strlen("ring-upgrade"));
	ck_assert_int_ge(s, 0);
	ck_assert_int_eq(bot_strategies[s].towers, 12);
	g = game_new(lv, 1, false);
	b = bot_new_as(g, s);
	while (!game_over(g)) {
		bot_act(b, g);
		game_tick(g);
		ground = improved = 0;
		memset(kinds, 0, sizeof kinds);
		for (t = 0; t < g->ntowers; t++) {
			const struct game_tower *tw = &g->towers[t];
			const struct tower_type *tt = &tower_types[tw->type];

			if (!tw->used || tt->attack == TOWER_ATTACK_NONE ||
			    !(tt->hits & TOWER_GROUND))
				continue;
			ground++;
			kinds[tw->type]++;
			if (tw->level > 1 || tw->spec >= 0)
				improved++;
		}
		ck_assert_int_le(ground, 12);
		if (improved > most)
			most = improved;
		if (improved > 0)
			ck_assert_int_eq(ground, 12);
		if (ground == 12 && !dozen) {
			dozen = true;
			for (t = 0; t < TOWER_NTYPES; t++)
				if (tower_types[t].attack != TOWER_ATTACK_NONE
				    && (tower_types[t].hits & TOWER_GROUND))
					ck_assert_int_eq(kinds[t], 2);
		}
	}
	ck_assert(dozen);
	ck_assert_int_ge(most, 1);
	bot_free(b);
	game_free(g);
	level_free(lv);
}
END_TEST

static Suite *
modes_suite(void)
{
	Suite	*s = suite_create("modes");
	TCase	*tc = tcase_create("modes");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_level_hp_scales_hit_points);
	tcase_add_test(tc, test_ring_upgrade_builds_first_then_upgrades);
	tcase_add_test(tc, test_difficulty_scales_the_level);
	tcase_add_test(tc, test_difficulty_names);
	tcase_add_test(tc, test_endless_waves_follow_the_seed);
	tcase_add_test(tc, test_endless_waves_escalate);
	tcase_add_test(tc, test_endless_goes_on_and_scores_waves_and_kills);
	tcase_add_test(tc, test_endless_game_ends);
	tcase_add_test(tc, test_saves_replay_into_endless_waves);
	tcase_add_test(tc, test_stars_follow_lives_kept);
	tcase_add_test(tc, test_bot_strength_is_its_share_of_income);
	tcase_add_test(tc, test_bot_shuts_a_pass);
	tcase_add_test(tc, test_bot_shuts_a_pass_to_its_towers);
	tcase_add_test(tc, test_bot_spreads_towers_against_flyers);
	tcase_add_test(tc, test_bot_lights_the_route_for_the_hidden);
	tcase_add_test(tc, test_bot_practice_in_slices);
	tcase_add_test(tc, test_rating_is_deterministic_and_bounded);
	suite_add_tcase(s, tc);
	/* Games of the finale and The Hive: ten times as long under a sanitizer. */
	tc = tcase_create("practice");
	tcase_set_tags(tc, "long");	/* make check-long */
	tcase_set_timeout(tc, 900);
	tcase_add_test(tc, test_bot_practises_and_plays_the_better_style);
	tcase_add_test(tc, test_bot_practice_stops_when_beaten);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(modes_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
