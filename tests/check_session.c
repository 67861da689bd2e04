/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of the session module: a LEVEL argument resolved to an
 * installed level or left a path; a level's identity (an installed level's
 * name, any other file's name and hash) keeping saves and boards of files
 * of the same name apart; a weir level and a Moving AI map opened
 * alike; and a save resumed into the very game that was saved, while a
 * corrupt one (one that does not read, one that does not replay) is
 * reported with its place and moved aside only when it is weir's own, and
 * a stale one (its level gone or changed) is reported and never touched.
 */
#include <sys/stat.h>

#include <check.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/game.h"
#include "core/level.h"
#include "core/save.h"
#include "core/scores.h"
#include "core/session.h"
#include "testutil.h"

#define T_ERR		(SESSION_PATH_MAX + 2048)
#define T_TINY		"tests/data/game/tiny.weir"

static char	t_dir[512];	/* a fresh directory per test */
static char	t_level[600];	/* t_dir/tiny.weir, a copy of T_TINY */
static char	t_save[600];	/* t_dir/current.save */

/* Copy the file at from to to. */
static void
t_copy(const char *from, const char *to)
{
	char	*text;
	size_t	 len;

	ck_assert_msg((text = tu_slurp(from, &len)) != NULL, "%s", from);
	ck_assert_msg(tu_put(to, text, len) == 0, "%s: %s", to,
	    strerror(errno));
	free(text);
}

/* Write text to path. */
static void
t_write(const char *path, const char *text)
{
	ck_assert_msg(tu_put(path, text, strlen(text)) == 0, "%s: %s", path,
	    strerror(errno));
}

/* A fresh directory holding a copy of the tiny level. */
static void
t_setup(void)
{
	ck_assert_msg(tu_mkdtemp(t_dir, sizeof t_dir, "check_session") == 0,
	    "mkdtemp: %s", strerror(errno));
	snprintf(t_level, sizeof t_level, "%s/tiny.weir", t_dir);
	snprintf(t_save, sizeof t_save, "%s/current.save", t_dir);
	t_copy(tu_srcpath(T_TINY), t_level);
}

/* Remove the directory. */
static void
t_teardown(void)
{
	tu_rmdir(t_dir);
}

/* Give g one command. */
static void
t_command(struct game *g, enum game_cmd_type type, int tower, int x, int y)
{
	struct game_cmd	c;

	memset(&c, 0, sizeof c);
	c.tick = g->tick;
	c.type = type;
	c.tower = tower;
	c.x = x;
	c.y = y;
	game_command(g, &c);
}

/*
 * Play a game of the tiny level's copy for ticks ticks with a tower and
 * an early wave, and save it to t_save; the session is returned, still
 * running.
 */
static struct session *
t_play_and_save(uint64_t seed, bool sandbox, long ticks)
{
	struct session	*s;
	char		 err[T_ERR];

	s = session_open(t_level, seed, sandbox, err, sizeof err);
	ck_assert_msg(s != NULL, "%s", err);
	t_command(s->g, GAME_CMD_PLACE, TOWER_ARROW, 4, 1);
	t_command(s->g, GAME_CMD_WAVE, 0, 0, 0);
	while (s->g->tick < ticks && !game_over(s->g))
		game_tick(s->g);
	ck_assert_int_eq(s->g->tick, ticks);
	t_command(s->g, GAME_CMD_PLACE, TOWER_ARROW, 6, 3);
	ck_assert_msg(session_save(s, t_save, err, sizeof err) == 0, "%s",
	    err);
	return s;
}

/* Whether two games are in the same state, as far as the rules go. */
static void
t_same_game(const struct game *a, const struct game *b)
{
	ck_assert_int_eq(a->tick, b->tick);
	ck_assert_int_eq(a->gold, b->gold);
	ck_assert_int_eq(a->lives, b->lives);
	ck_assert_int_eq(a->score, b->score);
	ck_assert_int_eq(a->state, b->state);
	ck_assert_int_eq(a->next_wave, b->next_wave);
	ck_assert_int_eq(a->nunits, b->nunits);
	ck_assert_int_eq(a->nlog, b->nlog);
	for (int i = 0; i < a->nunits; i++) {
		ck_assert(a->agents[i].pos.x == b->agents[i].pos.x);
		ck_assert(a->agents[i].pos.y == b->agents[i].pos.y);
	}
}

START_TEST(test_resolve)
{
	char	buf[64];

	ck_assert(session_resolve("/usr/share/weir/levels", "kings-road", buf,
	    sizeof buf));
	ck_assert_str_eq(buf, "/usr/share/weir/levels/kings-road.weir");
	ck_assert(session_resolve("/d", "Old_town2", buf, sizeof buf));
	ck_assert_str_eq(buf, "/d/Old_town2.weir");
	/* A '/' or a '.' makes it a path, as it is. */
	ck_assert(session_resolve("/d", "meadow.weir", buf, sizeof buf));
	ck_assert_str_eq(buf, "meadow.weir");
	ck_assert(session_resolve("/d", "levels/x", buf, sizeof buf));
	ck_assert_str_eq(buf, "levels/x");
	ck_assert(session_resolve("/d", "maps/arena.map", buf, sizeof buf));
	ck_assert_str_eq(buf, "maps/arena.map");
	/* Too long for the buffer: refused, not cut. */
	ck_assert(!session_resolve("/a/long/level/directory", "meadow", buf,
	    20));
	ck_assert(!session_level_name("", 0));
	ck_assert(!session_level_name("a b", 3));
	ck_assert(session_level_name("a-b_C9", 6));
}
END_TEST

START_TEST(test_open_installed_by_name)
{
	struct session	*s;
	char		 path[SESSION_PATH_MAX], real[SESSION_PATH_MAX];
	char		 err[T_ERR];
	uint64_t	 hash;

	ck_assert(session_resolve(tu_srcpath("levels"), "meadow", path,
	    sizeof path));
	s = session_open(path, 7, false, err, sizeof err);
	ck_assert_msg(s != NULL, "%s", err);
	ck_assert_str_eq(s->lv->title, "Open Meadow");
	/* The path a save will record is the file's own, resolved. */
	ck_assert_ptr_nonnull(realpath(path, real));
	ck_assert_str_eq(s->path, real);
	ck_assert_int_eq(save_hash_file(path, &hash, err, sizeof err), 0);
	ck_assert(s->level_hash == hash);
	ck_assert(s->seed == 7);
	ck_assert(!s->sandbox && !s->g->sandbox);
	ck_assert(!s->resumed);
	ck_assert_int_eq(s->g->tick, 0);
	ck_assert_int_eq(s->g->gold, s->lv->gold);
	session_free(s);
}
END_TEST

START_TEST(test_level_key)
{
	char	 other[700], link[700], real[SESSION_PATH_MAX];
	char	 key[SCORES_NAME_MAX + 1], again[SCORES_NAME_MAX + 1];
	char	 inst[SESSION_PATH_MAX], save_a[1024], save_b[1024];
	char	 board[SCORES_NAME_MAX + 1];
	uint64_t hash;

	/* An installed level is known by its name, however its directory
	 * is given. */
	ck_assert_ptr_nonnull(realpath(tu_srcpath("levels/meadow.weir"),
	    inst));
	ck_assert_int_eq(save_hash_file(inst, &hash, key, sizeof key), 0);
	session_level_key(key, sizeof key, inst, hash, tu_srcpath("levels"));
	ck_assert_str_eq(key, "meadow");
	snprintf(link, sizeof link, "%s/lv", t_dir);
	ck_assert_ptr_nonnull(realpath(tu_srcpath("levels"), real));
	ck_assert_int_eq(symlink(real, link), 0);
	session_level_key(key, sizeof key, inst, hash, link);
	ck_assert_str_eq(key, "meadow");
	/* ... and when the installed file is a link to it. */
	snprintf(link, sizeof link, "%s/inst", t_dir);
	ck_assert_int_eq(mkdir(link, 0700), 0);
	snprintf(other, sizeof other, "%s/inst/meadow.weir", t_dir);
	ck_assert_int_eq(symlink(inst, other), 0);
	session_level_key(key, sizeof key, inst, hash, link);
	ck_assert_str_eq(key, "meadow");

	/* The same bytes elsewhere, called meadow.weir: another level. */
	snprintf(other, sizeof other, "%s/meadow.weir", t_dir);
	t_copy(inst, other);
	ck_assert_ptr_nonnull(realpath(other, real));
	session_level_key(key, sizeof key, real, hash, tu_srcpath("levels"));
	ck_assert_int_eq(strncmp(key, "meadow.", 7), 0);
	ck_assert_uint_eq(strlen(key), 7 + 16);
	/* The same file: the same key; other bytes or no level dir given:
	 * still not the installed level's. */
	session_level_key(again, sizeof again, real, hash, NULL);
	ck_assert_str_eq(again, key);
	session_level_key(again, sizeof again, real, hash + 1, NULL);
	ck_assert_str_ne(again, key);
	ck_assert_str_ne(again, "meadow");
	session_level_key(again, sizeof again, inst, hash, NULL);
	ck_assert_str_ne(again, "meadow");
	ck_assert_str_ne(again, key);

	/* Their saves and boards are apart, at every setting. */
	setenv("XDG_STATE_HOME", t_dir, 1);
	ck_assert_int_eq(save_level_path(save_a, sizeof save_a, "meadow",
	    false), 0);
	ck_assert_int_eq(save_level_path(save_b, sizeof save_b, key, false),
	    0);
	ck_assert_str_ne(save_a, save_b);
	ck_assert_ptr_nonnull(strstr(save_b, key));
	scores_board(board, sizeof board, key, "hard", true);
	ck_assert_int_eq(strncmp(board, key, strlen(key)), 0);
	ck_assert_str_eq(board + strlen(key), "@hard+endless");

	/* A long name is cut, a hidden file's loses its dot. */
	session_level_key(key, sizeof key, "/x/.a-very-long-level-file-name-"
	    "indeed-it-is.weir", 1, NULL);
	ck_assert_int_eq(strncmp(key, "_a-very-long-level-file", 23), 0);
	ck_assert_uint_eq(strlen(key), SESSION_KEY_BASE + 17);
}
END_TEST

START_TEST(test_open_movingai_map)
{
	struct session	*s;
	struct level	*lv;
	char		 err[T_ERR];
	const char	*map = tu_srcpath("tests/data/levels/good/small.map");

	s = session_open(map, 1, true, err, sizeof err);
	ck_assert_msg(s != NULL, "%s", err);
	ck_assert_int_eq(s->lv->w, 8);
	ck_assert_int_eq(s->lv->h, 6);
	ck_assert_int_ge(s->lv->nspawns, 1);
	ck_assert_int_ge(s->lv->nexits, 1);
	ck_assert(s->sandbox && s->g->sandbox);
	session_free(s);

	/* Read as a weir level, the same file is no level at all. */
	ck_assert_ptr_null(level_load(map, err, sizeof err));
	lv = session_load_level(map, err, sizeof err);
	ck_assert_msg(lv != NULL, "%s", err);
	level_free(lv);
}
END_TEST

START_TEST(test_open_errors)
{
	char	path[700], want[T_ERR], err[T_ERR];

	snprintf(path, sizeof path, "%s/none.weir", t_dir);
	ck_assert_ptr_null(session_open(path, 1, false, err, sizeof err));
	snprintf(want, sizeof want, "%s: cannot open: %s", path,
	    strerror(ENOENT));
	ck_assert_str_eq(err, want);

	snprintf(path, sizeof path, "%s/none.map", t_dir);
	ck_assert_ptr_null(session_open(path, 1, false, err, sizeof err));
	snprintf(want, sizeof want, "%s: cannot open: %s", path,
	    strerror(ENOENT));
	ck_assert_str_eq(err, want);

	/* A level with a fault: FILE:LINE:COL, from the level reader. */
	snprintf(path, sizeof path, "%s/bad.weir", t_dir);
	t_write(path, "weir-level 1\ntitle Bad\ngold x\n");
	ck_assert_ptr_null(session_open(path, 1, false, err, sizeof err));
	snprintf(want, sizeof want, "%s:3:6: expected an amount of gold after "
	    "'gold', found 'x'", path);
	ck_assert_str_eq(err, want);
}
END_TEST

START_TEST(test_resume_is_the_saved_game)
{
	struct session		*a, *b;
	enum session_status	 st;
	char			 err[T_ERR];

	a = t_play_and_save(42, false, 150);
	b = session_resume(t_save, SESSION_PLAYERS, &st, err, sizeof err);
	ck_assert_msg(b != NULL, "%s", err);
	ck_assert_int_eq(st, SESSION_OK);
	ck_assert(b->resumed);
	ck_assert(b->seed == 42);
	ck_assert(!b->sandbox);
	ck_assert_str_eq(b->path, a->path);
	ck_assert(b->level_hash == a->level_hash);
	t_same_game(a->g, b->g);
	/* And it goes on as the game never stopped would. */
	for (int i = 0; i < 900; i++) {
		game_tick(a->g);
		game_tick(b->g);
	}
	t_same_game(a->g, b->g);
	/* The save it came from is known, to remove it when spent. */
	ck_assert_int_eq(save_remove(t_save, &b->save_stamp, err,
	    sizeof err), 0);
	ck_assert_int_ne(access(t_save, F_OK), 0);
	session_free(a);
	session_free(b);
}
END_TEST

START_TEST(test_resume_keeps_sandbox)
{
	struct session	*a, *b;
	char		 err[T_ERR];

	a = t_play_and_save(3, true, 120);
	b = session_resume(t_save, SESSION_OWN, NULL, err, sizeof err);
	ck_assert_msg(b != NULL, "%s", err);
	ck_assert(b->sandbox && b->g->sandbox);
	t_same_game(a->g, b->g);
	session_free(a);
	session_free(b);
}
END_TEST

START_TEST(test_resume_missing)
{
	enum session_status	st;
	char			err[T_ERR];

	ck_assert_ptr_null(session_resume(t_save, SESSION_OWN, &st, err,
	    sizeof err));
	ck_assert_int_eq(st, SESSION_MISSING);
	ck_assert_ptr_null(session_resume(t_save, SESSION_PLAYERS, &st, err,
	    sizeof err));
	ck_assert_int_eq(st, SESSION_MISSING);
}
END_TEST

/* The text of a corrupt save: its level-hash is cut short. */
static const char t_corrupt[] = "weir-save 1\nlevel x\nlevel-hash 12\n";

START_TEST(test_corrupt_players_save_is_reported)
{
	enum session_status	st;
	char			err[T_ERR], want[T_ERR];

	t_write(t_save, t_corrupt);
	ck_assert_ptr_null(session_resume(t_save, SESSION_PLAYERS, &st, err,
	    sizeof err));
	ck_assert_int_eq(st, SESSION_CORRUPT);
	snprintf(want, sizeof want, "%s:3:12: expected 16 hex digits after "
	    "'level-hash'", t_save);
	ck_assert_str_eq(err, want);
	/* The player's file stays as it was, and nothing beside it. */
	ck_assert_int_eq(tu_count_files(t_dir, "current.save"), 1);
	ck_assert_int_eq(tu_count_files(t_dir, "current.save.corrupt"), 0);
}
END_TEST

START_TEST(test_corrupt_own_save_is_moved_aside)
{
	enum session_status	 st;
	char			 err[T_ERR], want[T_ERR], aside[700];
	char			*text;
	size_t			 len;

	t_write(t_save, t_corrupt);
	ck_assert_ptr_null(session_resume(t_save, SESSION_OWN, &st, err,
	    sizeof err));
	ck_assert_int_eq(st, SESSION_CORRUPT);
	snprintf(aside, sizeof aside, "%s.corrupt-1", t_save);
	snprintf(want, sizeof want, "%s:3:12: expected 16 hex digits after "
	    "'level-hash'; kept as %s", t_save, aside);
	ck_assert_str_eq(err, want);
	ck_assert_int_ne(access(t_save, F_OK), 0);
	ck_assert_ptr_nonnull(text = tu_slurp(aside, &len));
	ck_assert_str_eq(text, t_corrupt);
	free(text);
}
END_TEST

/* Write a save of the tiny level's copy at tick with no commands. */
static void
t_write_save(long tick)
{
	char		err[T_ERR], text[2048];
	uint64_t	hash;

	ck_assert_msg(save_hash_file(t_level, &hash, err, sizeof err) == 0,
	    "%s", err);
	snprintf(text, sizeof text, "weir-save 1\nlevel %s\nlevel-hash "
	    "%016" PRIx64 "\nseed 1\nsandbox 0\ntick %ld\ncommands 0\nend\n",
	    t_level, hash, tick);
	t_write(t_save, text);
}

START_TEST(test_save_that_does_not_replay)
{
	enum session_status	 st;
	char			 err[T_ERR], want[T_ERR], aside[700];
	const char		*prefix = "does not replay: the game ended at "
				    "tick ";

	/* With no towers the tiny level is lost long before this clock. */
	t_write_save(1000000);
	ck_assert_ptr_null(session_resume(t_save, SESSION_PLAYERS, &st, err,
	    sizeof err));
	ck_assert_int_eq(st, SESSION_CORRUPT);
	snprintf(want, sizeof want, "%s: %s", t_save, prefix);
	ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "%s", err);
	ck_assert_msg(strstr(err, ", before the saved tick 1000000") != NULL,
	    "%s", err);
	ck_assert_int_eq(access(t_save, F_OK), 0);

	/* Weir's own: the same message, and where the save went. */
	ck_assert_ptr_null(session_resume(t_save, SESSION_OWN, &st, err,
	    sizeof err));
	ck_assert_int_eq(st, SESSION_CORRUPT);
	snprintf(aside, sizeof aside, "; kept as %s.corrupt-1", t_save);
	ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "%s", err);
	ck_assert_msg(strlen(err) > strlen(aside) && strcmp(err +
	    strlen(err) - strlen(aside), aside) == 0, "%s", err);
	ck_assert_int_ne(access(t_save, F_OK), 0);
	ck_assert_int_eq(tu_count_files(t_dir, "current.save.corrupt-1"), 1);
}
END_TEST

START_TEST(test_save_whose_level_is_gone)
{
	struct session		*s;
	enum session_status	 st;
	char			 err[T_ERR], want[T_ERR];
	int			 own;

	t_write_save(30);
	ck_assert_int_eq(unlink(t_level), 0);
	for (own = 0; own < 2; own++) {
		ck_assert_ptr_null(session_resume(t_save, own ? SESSION_OWN :
		    SESSION_PLAYERS, &st, err, sizeof err));
		ck_assert_int_eq(st, SESSION_STALE);
		snprintf(want, sizeof want, "%s: its level: %s: cannot open: "
		    "%s", t_save, t_level, strerror(ENOENT));
		ck_assert_str_eq(err, want);
		/* Stale, not corrupt: left for when the level is back. */
		ck_assert_int_eq(access(t_save, F_OK), 0);
		ck_assert_int_eq(tu_count_files(t_dir, "current.save."), 0);
	}
	/* The level back: the save is good again. */
	t_copy(tu_srcpath(T_TINY), t_level);
	s = session_resume(t_save, SESSION_OWN, &st, err, sizeof err);
	ck_assert_msg(s != NULL, "%s", err);
	ck_assert_int_eq(s->g->tick, 30);
	session_free(s);
}
END_TEST

START_TEST(test_save_whose_level_has_changed)
{
	struct session		*s;
	enum session_status	 st;
	char			 err[T_ERR], want[T_ERR], *text, *more;
	size_t			 len;
	int			 own;

	t_write_save(30);
	/* A comment more: a level as good as before, but not that one. */
	ck_assert_ptr_nonnull(text = tu_slurp(t_level, &len));
	ck_assert_ptr_nonnull(more = malloc(len + 3));
	memcpy(more, text, len);
	memcpy(more + len, "#\n", 3);
	t_write(t_level, more);
	free(more);
	for (own = 0; own < 2; own++) {
		ck_assert_ptr_null(session_resume(t_save, own ? SESSION_OWN :
		    SESSION_PLAYERS, &st, err, sizeof err));
		ck_assert_int_eq(st, SESSION_STALE);
		snprintf(want, sizeof want, "%s: the level %s has changed "
		    "since the game was saved", t_save, t_level);
		ck_assert_str_eq(err, want);
		ck_assert_int_eq(access(t_save, F_OK), 0);
		ck_assert_int_eq(tu_count_files(t_dir, "current.save."), 0);
	}
	/* The level as it was: the save is good again. */
	ck_assert_int_eq(tu_put(t_level, text, len), 0);
	s = session_resume(t_save, SESSION_OWN, &st, err, sizeof err);
	ck_assert_msg(s != NULL, "%s", err);
	ck_assert_int_eq(st, SESSION_OK);
	ck_assert_int_eq(s->g->tick, 30);
	session_free(s);
	free(text);
}
END_TEST

static Suite *
session_suite(void)
{
	Suite	*s = suite_create("session");
	TCase	*tc;

	tc = tcase_create("open");
	tcase_add_checked_fixture(tc, t_setup, t_teardown);
	tcase_add_test(tc, test_resolve);
	tcase_add_test(tc, test_open_installed_by_name);
	tcase_add_test(tc, test_level_key);
	tcase_add_test(tc, test_open_movingai_map);
	tcase_add_test(tc, test_open_errors);
	suite_add_tcase(s, tc);

	tc = tcase_create("resume");
	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, t_setup, t_teardown);
	tcase_add_test(tc, test_resume_is_the_saved_game);
	tcase_add_test(tc, test_resume_keeps_sandbox);
	tcase_add_test(tc, test_resume_missing);
	tcase_add_test(tc, test_corrupt_players_save_is_reported);
	tcase_add_test(tc, test_corrupt_own_save_is_moved_aside);
	tcase_add_test(tc, test_save_that_does_not_replay);
	tcase_add_test(tc, test_save_whose_level_is_gone);
	tcase_add_test(tc, test_save_whose_level_has_changed);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(session_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
