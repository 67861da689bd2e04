/* SPDX-License-Identifier: ISC */
/*
 * The registry (kinds.c): every row is complete and consistent, names
 * and keys are unique and found again by their look-ups, the name lists
 * error messages give are built from the rows, and what the game derives
 * from a row (steering, the bot's wall, the first tower chosen) follows
 * the row.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>

#include "core/about.h"
#include "core/enemy.h"
#include "core/kinds.h"
#include "nav/steer.h"
#include "core/tower.h"
#include "testutil.h"

/* Keys the game screen keeps for itself (moves, quit, help). */
static const char ui_keys[] = "hjklHJKLqQ?";

/* No row is missing in the middle of a table (every row has a name). */
START_TEST(test_no_row_missing)
{
	int	k;

	for (k = 0; k < TOWER_NTYPES; k++)
		ck_assert_msg(tower_types[k].name != NULL, "tower %d", k);
	for (k = 0; k < ENEMY_NKINDS; k++)
		ck_assert_msg(enemy_types[k].name != NULL, "enemy %d", k);
	for (k = 0; k < TOWER_NTARGETS; k++)
		ck_assert_msg(target_modes[k].name != NULL, "mode %d", k);
	for (k = 0; k < GAME_NCMDS; k++)
		ck_assert_msg(cmd_types[k].name != NULL, "command %d", k);
	for (k = 0; k < OVERLAY_NKINDS; k++)
		ck_assert_msg(overlay_types[k].name != NULL, "overlay %d", k);
}
END_TEST

START_TEST(test_lists_name_every_row)
{
	char	buf[KIND_LIST_MAX];

	ck_assert_uint_eq(tower_list(buf, sizeof buf), strlen(buf));
	ck_assert_str_eq(buf, "wall, arrow, cannon, frost, tesla, sniper, "
	    "flak or mortar");
	enemy_list(buf, sizeof buf);
	ck_assert_str_eq(buf, "grunt, runner, brute, swarmer, flyer, boss, "
	    "escort, skulker, hunter, wolf, troll, knight, shaman, slime, "
	    "slimeling or shade");
	target_list(buf, sizeof buf);
	ck_assert_str_eq(buf, "first, last, strongest, weakest or closest");
	cmd_list(buf, sizeof buf);
	ck_assert_str_eq(buf, "place, upgrade, sell, target, wave, hero, "
	    "undo, power, specialise, line, upgrade-all or upgrade-area");
	power_list(buf, sizeof buf);
	ck_assert_str_eq(buf, "strike, barrier or freeze");
	spec_list(buf, sizeof buf);
	ck_assert_str_eq(buf, "volley, longbow, cluster, siege, glacier, "
	    "brittle, arc, storm, spotter, rail, barrage, heavy, quake or "
	    "shrapnel");
}
END_TEST

/* A name of one list only: "a" has no separator, two names "a or b". */
static const char *
two_names(int i)
{
	return i == 0 ? "alpha" : "beta";
}

START_TEST(test_list_short_buffer)
{
	char	buf[8];
	size_t	n;

	n = kind_list(buf, sizeof buf, two_names, 2, "or");
	ck_assert_uint_eq(n, strlen("alpha or beta"));
	ck_assert_str_eq(buf, "alpha o");
	n = kind_list(buf, sizeof buf, two_names, 1, "or");
	ck_assert_str_eq(buf, "alpha");
	ck_assert_uint_eq(n, 5);
	/* Every list of the registry fits the room its callers keep. */
	ck_assert_uint_lt(tower_list(NULL, 0), KIND_LIST_MAX);
	ck_assert_uint_lt(enemy_list(NULL, 0), KIND_LIST_MAX);
	ck_assert_uint_lt(target_list(NULL, 0), KIND_LIST_MAX);
	ck_assert_uint_lt(cmd_list(NULL, 0), KIND_LIST_MAX);
}
END_TEST

START_TEST(test_lookups_find_every_row)
{
	int	k;

	for (k = 0; k < TOWER_NTYPES; k++) {
		const char *n = tower_name(k);

		ck_assert_int_eq(tower_lookup(n, strlen(n)), k);
		ck_assert_int_eq(tower_by_key(tower_types[k].key), k);
	}
	for (k = 0; k < ENEMY_NKINDS; k++)
		ck_assert_int_eq(enemy_lookup(enemy_name(k),
		    strlen(enemy_name(k))), k);
	for (k = 0; k < TOWER_NTARGETS; k++)
		ck_assert_int_eq(tower_target_lookup(tower_target_name(k),
		    strlen(tower_target_name(k))), k);
	for (k = 0; k < GAME_NCMDS; k++) {
		const char *n = game_cmd_name((enum game_cmd_type)k);

		ck_assert_int_eq(cmd_lookup(n, strlen(n)), k);
		if (cmd_types[k].key != 0)
			ck_assert_int_eq(cmd_by_key(cmd_types[k].key), k);
	}
	ck_assert_int_eq(tower_lookup("arro", 4), -1);
	ck_assert_int_eq(tower_lookup("arrows", 6), -1);
	ck_assert_int_eq(enemy_lookup("Grunt", 5), -1);
	ck_assert_int_eq(cmd_lookup("", 0), -1);
	ck_assert_str_eq(tower_name(TOWER_NTYPES), "?");
	ck_assert_str_eq(enemy_name(-1), "?");
	ck_assert_str_eq(overlay_name(OVERLAY_NKINDS), "?");
	ck_assert_int_eq(tower_by_key('x'), -1);
}
END_TEST

START_TEST(test_names_glyphs_and_keys_unique)
{
	int	i, j;

	for (i = 0; i < TOWER_NTYPES; i++) {
		for (j = 0; j < i; j++) {
			ck_assert_str_ne(tower_types[i].name,
			    tower_types[j].name);
			ck_assert_int_ne(tower_types[i].glyph,
			    tower_types[j].glyph);
			ck_assert_int_ne(tower_types[i].key,
			    tower_types[j].key);
		}
		for (j = 0; j < GAME_NCMDS; j++)
			ck_assert_int_ne(tower_types[i].key, cmd_types[j].key);
		ck_assert_ptr_null(strchr(ui_keys, tower_types[i].key));
	}
	for (i = 0; i < ENEMY_NKINDS; i++) {
		for (j = 0; j < i; j++) {
			ck_assert_str_ne(enemy_types[i].name,
			    enemy_types[j].name);
			ck_assert_int_ne(enemy_types[i].glyph,
			    enemy_types[j].glyph);
		}
	}
	for (i = 0; i < VIEW_NKINDS; i++) {
		ck_assert_ptr_nonnull(view_types[i].name);
		ck_assert_ptr_nonnull(view_types[i].about);
		ck_assert_int_eq(view_by_key(view_types[i].key), i);
		for (j = 0; j < i; j++)
			ck_assert_int_ne(view_types[i].key, view_types[j].key);
		for (j = 0; j < GAME_NCMDS; j++)
			ck_assert_int_ne(view_types[i].key, cmd_types[j].key);
		for (j = 0; j < TOWER_NTYPES; j++)
			ck_assert_int_ne(view_types[i].key, tower_types[j].key);
		ck_assert_ptr_null(strchr(ui_keys, view_types[i].key));
	}
	ck_assert_int_eq(view_by_key('#'), -1);
	/* The viewer's keys: its own rows, then the view keys it shares. */
	for (i = 0; i < WATCH_NKINDS; i++) {
		ck_assert_ptr_nonnull(watch_types[i].name);
		ck_assert_ptr_nonnull(watch_types[i].keys);
		ck_assert_ptr_nonnull(watch_types[i].about);
		ck_assert_int_eq(watch_by_key(watch_types[i].key), i);
		for (j = 0; j < i; j++)
			ck_assert_int_ne(watch_types[i].key, watch_types[j].key);
		ck_assert_ptr_null(strchr(ui_keys, watch_types[i].key));
	}
	ck_assert_int_eq(watch_by_key('#'), -1);
	for (i = 0; i < GAME_NCMDS; i++) {
		if (cmd_types[i].key == 0)
			continue;
		for (j = 0; j < i; j++)
			ck_assert_int_ne(cmd_types[i].key, cmd_types[j].key);
		ck_assert_ptr_null(strchr(ui_keys, cmd_types[i].key));
		ck_assert_ptr_nonnull(cmd_types[i].about);
	}
	/* A power's key (either case) is no tower's, command's or screen's. */
	for (i = 0; i < POWER_NKINDS; i++) {
		int key = power_types[i].key;

		for (j = 0; j < i; j++) {
			ck_assert_str_ne(power_types[i].name,
			    power_types[j].name);
			ck_assert_int_ne(key, power_types[j].key);
		}
		ck_assert_int_lt(tower_by_key(key), 0);
		ck_assert_int_lt(cmd_by_key(key), 0);
		ck_assert_int_lt(cmd_by_key(toupper(key)), 0);
		ck_assert_ptr_null(strchr(ui_keys, key));
		ck_assert_ptr_null(strchr(ui_keys, toupper(key)));
	}
}
END_TEST

/*
 * tower_in_range is the test of reach: at most range, at least the least
 * range (a mortar is blind up close), edges included; tower_covers draws
 * the same disc over cells, centre to centre, and none for a wall.
 */
START_TEST(test_tower_range)
{
	const struct tower_stats *m = &tower_types[TOWER_MORTAR].level[0];
	const struct tower_stats *a = &tower_types[TOWER_ARROW].level[0];
	int k, dx, dy, n;

	ck_assert(m->min_range > 0);
	ck_assert(tower_in_range(m, m->range * m->range));
	ck_assert(!tower_in_range(m, m->range * m->range + 1e-9));
	ck_assert(tower_in_range(m, m->min_range * m->min_range));
	ck_assert(!tower_in_range(m, m->min_range * m->min_range - 1e-9));
	ck_assert(!tower_in_range(m, 0.0));
	ck_assert(tower_in_range(a, 0.0));
	ck_assert(!tower_in_range(a, a->range * a->range * 1.0001));
	for (k = 0; k < TOWER_NTYPES; k++) {
		const struct tower_type *tt = &tower_types[k];

		if (tt->attack == TOWER_ATTACK_NONE) {
			ck_assert(!tower_covers(k, 1, 5, 5, 5, 5));
			continue;
		}
		for (int l = 1; l <= tt->nlevels; l++) {
			const struct tower_stats *st = &tt->level[l - 1];

			n = 0;
			for (dy = -12; dy <= 12; dy++)
				for (dx = -12; dx <= 12; dx++) {
					double d2 = dx * dx + dy * dy;
					bool in = d2 <= st->range * st->range &&
					    d2 >= st->min_range *
					    st->min_range;

					ck_assert_int_eq(tower_covers(k, l,
					    20, 20, 20 + dx, 20 + dy), in);
					n += in;
				}
			ck_assert_int_gt(n, 0);
		}
		ck_assert(!tower_covers(k, 0, 5, 5, 5, 5));
		ck_assert(!tower_covers(k, tt->nlevels + 1, 5, 5, 5, 5));
	}
	/* Arrow level 1 (3.5 cells): 37 cells, the 7x7 square less corners. */
	for (n = 0, dy = -4; dy <= 4; dy++)
		for (dx = -4; dx <= 4; dx++)
			n += tower_covers(TOWER_ARROW, 1, 0, 0, dx, dy);
	ck_assert_int_eq(n, 37);
	/* The mortar's blind ring: its own cell and its neighbours. */
	ck_assert(!tower_covers(TOWER_MORTAR, 1, 0, 0, 0, 0));
	ck_assert(!tower_covers(TOWER_MORTAR, 1, 0, 0, 1, 1));
	ck_assert(tower_covers(TOWER_MORTAR, 1, 0, 0, 2, 0));
	ck_assert(!tower_covers(-1, 1, 0, 0, 0, 0));
}
END_TEST

START_TEST(test_tower_rows_complete)
{
	int	k, l, e, hit;

	for (k = 0; k < TOWER_NTYPES; k++) {
		const struct tower_type *tt = &tower_types[k];

		ck_assert_msg(tt->about != NULL && tt->about[0] != '\0',
		    "%s: no help line", tt->name);
		ck_assert_int_le(tt->colour.ansi, KIND_WHITE);
		ck_assert_int_ge(tt->colour.xterm, 16);
		ck_assert_int_le(tt->colour.xterm, 255);
		ck_assert_int_ge(tt->bot.variety, 1);
		ck_assert_int_lt(tt->bot.mode, TOWER_NTARGETS);
		ck_assert_int_gt(tt->level[0].cost, 0);
		if (tt->attack == TOWER_ATTACK_NONE) {
			ck_assert_int_eq(tt->nlevels, 1);
			ck_assert_int_eq(tt->hits, 0);
			continue;
		}
		ck_assert_int_eq(tt->nlevels, TOWER_LEVELS);
		ck_assert_int_ne(tt->hits, 0);
		for (l = 0; l < tt->nlevels; l++) {
			const struct tower_stats *st = &tt->level[l];

			ck_assert_int_gt(st->cost, 0);
			ck_assert_int_gt(st->reload, 0);
			ck_assert(st->range > 0.0);
			ck_assert(st->min_range < st->range);
			if (l > 0)
				ck_assert(st->range >= tt->level[l - 1].range);
			if (tt->attack == TOWER_ATTACK_BOLT ||
			    tt->attack == TOWER_ATTACK_SHELL)
				ck_assert(st->shot_speed > 0.0);
		}
		/* The bot knows what every attacking kind is good for. */
		for (e = 0, hit = 0; e < ENEMY_NKINDS; e++) {
			int mask = enemy_types[e].mover == ENEMY_FLY ?
			    TOWER_AIR : TOWER_GROUND;

			if (tt->bot.eff[e] > 0.0)
				ck_assert_msg(tt->hits & mask, "%s: bot hint "
				    "for %s it cannot hit", tt->name,
				    enemy_name(e));
			else if (tt->hits & mask)
				ck_assert_msg(0, "%s: no bot hint for %s",
				    tt->name, enemy_name(e));
			hit += tt->bot.eff[e] > 0.0;
		}
		ck_assert_int_gt(hit, 0);
		if (tt->bot.air_from > 0)
			ck_assert(tt->hits & TOWER_AIR);
	}
}
END_TEST

/*
 * Every attacking kind has two specialisations with names of their own
 * (no other kind's, and a script finds each), a price, a help line, and
 * each changes what the tower does, not only its numbers; a wall has none.
 */
START_TEST(test_spec_rows_complete)
{
	char	names[KIND_LIST_MAX * 2], line[ABOUT_MAX];
	int	k, j, n = 0;

	for (k = 0; k < SPEC_COUNT; k++) {
		const struct tower_spec *sp = spec_of(k, NULL);
		const struct tower_type *tt = &tower_types[k / TOWER_SPECS];
		int kind = -1;

		if (tt->attack == TOWER_ATTACK_NONE) {
			ck_assert_ptr_null(sp);
			continue;
		}
		ck_assert_msg(sp != NULL, "%s: specialisation %d missing",
		    tt->name, k % TOWER_SPECS);
		ck_assert_ptr_eq(spec_of(k, &kind), sp);
		ck_assert_int_eq(kind, k / TOWER_SPECS);
		ck_assert_int_eq(spec_lookup(sp->name, strlen(sp->name)), k);
		ck_assert_str_eq(spec_name(k), sp->name);
		ck_assert_int_gt(sp->cost, 0);
		ck_assert_int_gt(sp->damage_pct, 0);
		ck_assert(sp->bot_gain > 1.0);
		ck_assert_msg(about_spec(k, line, sizeof line) > 0,
		    "%s: nothing to say of it", sp->name);
		ck_assert_msg(sp->targets > 1 || sp->rail || sp->bomblets > 0 ||
		    sp->chain_add > 0 || sp->shred > 0 || sp->shield_pct > 0 ||
		    sp->freeze_ticks > 0 || sp->stun_ticks > 0 ||
		    sp->expose_pct > 0 || sp->detects, "%s: numbers only",
		    sp->name);
		for (j = 0; j < k; j++)
			if (spec_of(j, NULL) != NULL)
				ck_assert_str_ne(spec_name(j), sp->name);
		for (j = 0; j < TOWER_NTYPES; j++)
			ck_assert_str_ne(tower_types[j].name, sp->name);
		n++;
	}
	ck_assert_int_gt(n, 0);
	ck_assert_int_eq(spec_lookup("nosuch", 6), -1);
	ck_assert_ptr_null(spec_of(-1, NULL));
	ck_assert_ptr_null(spec_of(SPEC_COUNT, NULL));
	ck_assert_uint_lt(spec_list(names, sizeof names), sizeof names);
	for (k = 0; k < SPEC_COUNT; k++)
		if (spec_of(k, NULL) != NULL)
			ck_assert_ptr_nonnull(strstr(names, spec_name(k)));
	/* Something detects hidden enemies. */
	for (k = 0, n = 0; k < SPEC_COUNT; k++)
		n += spec_of(k, NULL) != NULL && spec_of(k, NULL)->detects;
	for (k = 0; k < TOWER_NTYPES; k++)
		n += tower_types[k].detects;
	ck_assert_int_gt(n, 0);
}
END_TEST

/* Each trait has its name, and the numbers its rule reads. */
START_TEST(test_enemy_traits_complete)
{
	char	buf[256];
	int	k, i;

	for (i = 0; i < ENEMY_NTRAITS; i++) {
		ck_assert_uint_eq(enemy_traits[i].bit, 1u << i);
		ck_assert_ptr_nonnull(enemy_traits[i].name);
	}
	for (k = 0; k < ENEMY_NKINDS; k++) {
		const struct enemy_type *et = &enemy_types[k];
		unsigned t = et->traits;

		ck_assert_int_eq(!!(t & ENEMY_TRAIT_REGEN), et->regen_pct > 0);
		ck_assert_int_eq(!!(t & ENEMY_TRAIT_SHIELD), et->shield > 0);
		ck_assert_int_eq(!!(t & ENEMY_TRAIT_HEALER), et->heal > 0);
		if (et->heal > 0)
			ck_assert(et->heal_range > 0.0 && et->heal_range <= 2.0
			    && et->heal_reload > 0);
		ck_assert_int_eq(!!(t & ENEMY_TRAIT_SPLITS),
		    et->split_count > 0);
		if (et->split_count > 0) {
			ck_assert_int_ge(et->split_kind, 0);
			ck_assert_int_lt(et->split_kind, ENEMY_NKINDS);
			/* Pieces do not split again. */
			ck_assert_int_eq(enemy_types[et->split_kind].split_count,
			    0);
		}
		enemy_trait_names(t, buf, sizeof buf);
		for (i = 0; i < ENEMY_NTRAITS; i++)
			if (t & enemy_traits[i].bit)
				ck_assert_ptr_nonnull(strstr(buf,
				    enemy_traits[i].name));
	}
}
END_TEST

START_TEST(test_enemy_rows_complete)
{
	struct steer_type	types[ENEMY_NSTEER];
	int			k;

	enemy_steer_types(types);
	for (k = 0; k < ENEMY_NKINDS; k++) {
		const struct enemy_type *et = &enemy_types[k];

		ck_assert_ptr_nonnull(et->steer);
		ck_assert_ptr_nonnull(et->about);
		ck_assert_int_gt(et->hp, 0);
		ck_assert(et->speed > 0.0 && et->force > 0.0);
		ck_assert(et->radius > 0.0 && et->radius < 0.5);
		ck_assert_int_gt(et->leak, 0);
		ck_assert_int_le(et->colour.ansi, KIND_WHITE);
		/* Its steering type is the one its row names. */
		ck_assert_int_ne(types[k].behaviours, 0);
		ck_assert_int_eq(types[k].ground, et->mover != ENEMY_FLY);
		if (et->mover == ENEMY_PATH)
			ck_assert(types[k].behaviours & STEER_BIT(STEER_PATH));
	}
	/* Ground kinds do not count flyers overhead as neighbours. */
	for (k = 0; k < ENEMY_NKINDS; k++) {
		int j;

		if (enemy_types[k].mover == ENEMY_FLY)
			continue;
		for (j = 0; j < ENEMY_NKINDS; j++)
			ck_assert_int_eq(!!(types[k].flock_with &
			    STEER_TYPE_BIT(j)), enemy_types[j].mover !=
			    ENEMY_FLY);
	}
}
END_TEST

/* Whether text holds want as a whole line; the line found, on failure. */
static bool
kinds_has_line(const char *text, const char *want)
{
	size_t		 n = strlen(want);
	const char	*at = text;

	while ((at = strstr(at, want)) != NULL) {
		if ((at == text || at[-1] == '\n') && (at[n] == '\n' ||
		    at[n] == '\0'))
			return true;
		at += n;
	}
	return false;
}

/*
 * weir(6) says of every specialisation what its row says (about_spec,
 * the words of the specialisation box), and gives every enemy kind the
 * hit points, speed, armour and mover of its row.
 */
START_TEST(test_docs_say_what_rows_say)
{
	char	*man, about[ABOUT_MAX], want[ABOUT_MAX + 128];
	size_t	 len;
	int	 k, kind;

	man = tu_slurp(tu_srcpath("man/weir.6.in"), &len);

	ck_assert_ptr_nonnull(man);
	for (k = 0; k < SPEC_COUNT; k++) {
		const struct tower_spec *sp = spec_of(k, &kind);

		if (sp == NULL)
			continue;
		about_spec(k, about, sizeof about);
		snprintf(want, sizeof want, ".It Cm %s No (%s, %d gold)\n%s.",
		    sp->name, tower_name(kind), sp->cost, about);
		ck_assert_msg(kinds_has_line(man, want), "weir.6.in lacks the "
		    "lines \"%s\"", want);
	}
	for (k = 0; k < ENEMY_NKINDS; k++) {
		const struct enemy_type *et = &enemy_types[k];

		snprintf(want, sizeof want, "\n.It %s Ta %s Ta %d Ta %.1f Ta "
		    "%d Ta ", et->name, about_mover(k), et->hp, et->speed,
		    et->armour);
		ck_assert_msg(strstr(man, want) != NULL, "weir.6.in enemies "
		    "table lacks \"%s\"", want + 1);
	}
	free(man);
}
END_TEST

static Suite *
kinds_suite(void)
{
	Suite	*s = suite_create("kinds");
	TCase	*tc = tcase_create("registry");

	tcase_add_test(tc, test_no_row_missing);
	tcase_add_test(tc, test_tower_range);
	tcase_add_test(tc, test_lists_name_every_row);
	tcase_add_test(tc, test_list_short_buffer);
	tcase_add_test(tc, test_lookups_find_every_row);
	tcase_add_test(tc, test_names_glyphs_and_keys_unique);
	tcase_add_test(tc, test_tower_rows_complete);
	tcase_add_test(tc, test_enemy_rows_complete);
	tcase_add_test(tc, test_spec_rows_complete);
	tcase_add_test(tc, test_enemy_traits_complete);
	tcase_add_test(tc, test_docs_say_what_rows_say);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(kinds_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
