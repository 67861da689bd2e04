/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of the high scores file: where it lives (XDG rules), reading
 * back what was written in the right order, keeping the best games and a
 * level's best win, the atomic replacement (a reader holding the old file
 * still sees all of it, no temporary file is left, and files of the
 * player's beside it are never touched), corrupt files moved aside
 * and never overwritten, every kind of bad line reported with its line and
 * column, and processes adding games at the same moment losing none. The
 * file never grows past what the reader takes (the oldest games give way,
 * best wins last), and a FIFO or a device at its path is refused, never
 * waited on, replaced or locked beside.
 */
#include <sys/stat.h>
#include <sys/wait.h>

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/daily.h"
#include "core/scores.h"
#include "testutil.h"

#define T_ERR	1024

static char	t_dir[512];		/* a fresh directory per test */
static char	t_path[600];		/* t_dir/scores */

/* Make a fresh directory for one test. */
static void
t_setup(void)
{
	ck_assert_msg(tu_mkdtemp(t_dir, sizeof t_dir, "check_scores") == 0,
	    "mkdtemp: %s", strerror(errno));
	snprintf(t_path, sizeof t_path, "%s/scores", t_dir);
}

/* Remove the test's directory and everything in it. */
static void
t_teardown(void)
{
	tu_rmdir(t_dir);
}

/* Write text to path. */
static void
t_write(const char *path, const char *text)
{
	FILE	*f = fopen(path, "w");

	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
}

/* The whole of a small file, in a static buffer ("" when missing). */
static const char *
t_read(const char *path)
{
	static char	 buf[65536];
	FILE		*f = fopen(path, "r");
	size_t		 n = 0;

	buf[0] = '\0';
	if (f == NULL)
		return buf;
	n = fread(buf, 1, sizeof buf - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* A game of level with score; the rest plausible. */
static struct score
t_game(const char *level, int score, bool won, long when)
{
	struct score	e;

	memset(&e, 0, sizeof e);
	snprintf(e.level, sizeof e.level, "%s", level);
	e.score = score;
	e.won = won;
	e.waves = won ? 8 : 3;
	e.waves_total = 8;
	e.lives = won ? 12 : 0;
	e.ticks = 9000 + score;
	e.when = when;
	snprintf(e.who, sizeof e.who, "tester");
	return e;
}

/* Add a game, which must succeed; returns its rank. */
static int
t_add(const char *level, int score, bool won, long when)
{
	struct score	e = t_game(level, score, won, when);
	char		note[T_ERR], err[T_ERR];
	int		rank = -1;

	ck_assert_msg(scores_add(t_path, &e, &rank, note, sizeof note, err,
	    sizeof err) == 0, "scores_add: %s", err);
	ck_assert_msg(note[0] == '\0', "unexpected note: %s", note);
	return rank;
}

/* How many entries of the directory start with prefix. */
static int
t_count_files(const char *prefix)
{
	int	n = tu_count_files(t_dir, prefix);

	ck_assert_int_ge(n, 0);
	return n;
}

START_TEST(test_path_follows_xdg)
{
	char	buf[1024], want[1024];
	char	*home = getenv("HOME") ? strdup(getenv("HOME")) : NULL;
	char	*data = getenv("XDG_DATA_HOME") ?
		    strdup(getenv("XDG_DATA_HOME")) : NULL;

	setenv("XDG_DATA_HOME", t_dir, 1);
	ck_assert_int_eq(scores_path(buf, sizeof buf, true), 0);
	snprintf(want, sizeof want, "%s/weir/scores", t_dir);
	ck_assert_str_eq(buf, want);
	snprintf(want, sizeof want, "%s/weir", t_dir);
	ck_assert_msg(access(want, F_OK) == 0, "%s not made", want);

	/* A relative XDG_DATA_HOME is invalid: ~/.local/share. */
	setenv("XDG_DATA_HOME", "relative/data", 1);
	setenv("HOME", t_dir, 1);
	ck_assert_int_eq(scores_path(buf, sizeof buf, false), 0);
	snprintf(want, sizeof want, "%s/.local/share/weir/scores", t_dir);
	ck_assert_str_eq(buf, want);
	unsetenv("XDG_DATA_HOME");
	ck_assert_int_eq(scores_path(buf, sizeof buf, true), 0);
	ck_assert_str_eq(buf, want);
	snprintf(want, sizeof want, "%s/.local/share/weir", t_dir);
	ck_assert_msg(access(want, F_OK) == 0, "%s not made", want);

	/* No home at all, or a relative one: nowhere to keep scores. */
	setenv("HOME", "not/absolute", 1);
	ck_assert_int_eq(scores_path(buf, sizeof buf, false), -1);
	unsetenv("HOME");
	ck_assert_int_eq(scores_path(buf, sizeof buf, false), -1);

	/* Clean the made directories for the teardown. */
	snprintf(want, sizeof want, "%s/.local/share/weir", t_dir);
	rmdir(want);
	snprintf(want, sizeof want, "%s/.local/share", t_dir);
	rmdir(want);
	snprintf(want, sizeof want, "%s/.local", t_dir);
	rmdir(want);
	if (home != NULL)
		setenv("HOME", home, 1);
	if (data != NULL)
		setenv("XDG_DATA_HOME", data, 1);
	free(home);
	free(data);
}
END_TEST

START_TEST(test_missing_file_is_empty)
{
	struct scores	s = { NULL, 0, 0 };
	char		err[T_ERR], note[T_ERR];

	ck_assert_int_eq(scores_read(t_path, &s, err, sizeof err), SCORES_OK);
	ck_assert_int_eq(s.n, 0);
	ck_assert_int_eq(scores_open(t_path, &s, note, sizeof note, err,
	    sizeof err), 0);
	ck_assert_int_eq(s.n, 0);
	ck_assert_str_eq(note, "");
	ck_assert_int_eq(t_count_files("scores.corrupt"), 0);

	/* A directory where the file should be cannot be read. */
	ck_assert_int_eq(mkdir(t_path, 0700), 0);
	ck_assert_int_eq(scores_read(t_path, &s, err, sizeof err),
	    SCORES_ERROR);
	ck_assert_msg(strstr(err, "not a regular file") != NULL, "%s", err);
	ck_assert_int_eq(rmdir(t_path), 0);
	scores_free(&s);
}
END_TEST

START_TEST(test_round_trip_and_order)
{
	struct scores		 s = { NULL, 0, 0 };
	const struct score	*first;
	char			 err[T_ERR];
	int			 n;

	ck_assert_int_eq(t_add("meadow", 500, false, 100), 1);
	ck_assert_int_eq(t_add("meadow", 900, true, 200), 1);
	ck_assert_int_eq(t_add("hive", 300, false, 300), 1);
	ck_assert_int_eq(t_add("meadow", 700, false, 400), 2);
	/* A tie goes after the game that got there first. */
	ck_assert_int_eq(t_add("meadow", 700, false, 500), 3);

	ck_assert_int_eq(scores_read(t_path, &s, err, sizeof err), SCORES_OK);
	ck_assert_int_eq(s.n, 5);
	ck_assert_str_eq(s.v[0].level, "hive");
	n = scores_level(&s, "meadow", &first);
	ck_assert_int_eq(n, 4);
	ck_assert_int_eq(first[0].score, 900);
	ck_assert(first[0].won);
	ck_assert_int_eq(first[0].waves, 8);
	ck_assert_int_eq(first[0].waves_total, 8);
	ck_assert_int_eq(first[0].lives, 12);
	ck_assert_int_eq(first[0].ticks, 9900);
	ck_assert_int_eq((int)first[0].when, 200);
	ck_assert_str_eq(first[0].who, "tester");
	ck_assert_int_eq(first[1].score, 700);
	ck_assert_int_eq((int)first[1].when, 400);
	ck_assert_int_eq(first[2].score, 700);
	ck_assert_int_eq((int)first[2].when, 500);
	ck_assert_int_eq(first[3].score, 500);
	ck_assert_int_eq(scores_best(&s, "meadow")->score, 900);
	ck_assert_ptr_null(scores_best(&s, "steppe"));
	ck_assert(scores_completed(&s, "meadow"));
	ck_assert(!scores_completed(&s, "hive"));
	ck_assert_str_eq(t_read(t_path),
	    "weir-scores 2\n"
	    "hive 300 lost 3 8 0 0 9300 300 tester\n"
	    "meadow 900 won 8 8 12 1 9900 200 tester\n"
	    "meadow 700 lost 3 8 0 0 9700 400 tester\n"
	    "meadow 700 lost 3 8 0 0 9700 500 tester\n"
	    "meadow 500 lost 3 8 0 0 9500 100 tester\n"
	    "end\n");
	scores_free(&s);
}
END_TEST

START_TEST(test_names_are_made_safe)
{
	struct score	e = t_game("my level", 10, false, 1);
	struct scores	s = { NULL, 0, 0 };
	char		note[T_ERR], err[T_ERR];

	snprintf(e.who, sizeof e.who, "Jo Q\tPublic");
	ck_assert_int_eq(scores_add(t_path, &e, NULL, note, sizeof note, err,
	    sizeof err), 0);
	ck_assert_int_eq(scores_read(t_path, &s, err, sizeof err), SCORES_OK);
	ck_assert_int_eq(s.n, 1);
	ck_assert_str_eq(s.v[0].level, "my_level");
	ck_assert_str_eq(s.v[0].who, "Jo_Q_Public");
	scores_free(&s);
}
END_TEST

START_TEST(test_keeps_the_best_and_the_best_win)
{
	struct scores		 s = { NULL, 0, 0 };
	const struct score	*first;
	char			 err[T_ERR];
	int			 i, n;

	/* A low win first: better-scored losses all rank below it. */
	ck_assert_int_eq(t_add("meadow", 50, true, 1), 1);
	for (i = 0; i < SCORES_KEEP; i++)
		ck_assert_int_eq(t_add("meadow", 100 + 10 * i, false, 2 + i), 2);
	/* Not good enough for the list. */
	ck_assert_int_eq(t_add("meadow", 60, false, 50), 0);

	ck_assert_int_eq(scores_read(t_path, &s, err, sizeof err), SCORES_OK);
	n = scores_level(&s, "meadow", &first);
	ck_assert_int_eq(n, SCORES_KEEP);
	ck_assert_int_eq(first[0].score, 50);
	ck_assert(first[0].won);
	ck_assert_int_eq(first[1].score, 100 + 10 * (SCORES_KEEP - 1));
	ck_assert_int_eq(first[SCORES_KEEP - 1].score, 110);
	ck_assert(scores_completed(&s, "meadow"));

	/* A better win goes above the old one, which stays. */
	ck_assert_int_eq(t_add("meadow", 55, true, 60), 1);
	ck_assert_int_eq(t_add("meadow", 1000, true, 61), 1);
	ck_assert_int_eq(scores_read(t_path, &s, err, sizeof err), SCORES_OK);
	n = scores_level(&s, "meadow", &first);
	ck_assert_int_eq(n, SCORES_KEEP);
	ck_assert_int_eq(first[0].score, 1000);
	ck_assert_int_eq(first[1].score, 55);
	ck_assert_int_eq(first[2].score, 50);
	ck_assert(!first[3].won);
	scores_free(&s);
}
END_TEST

START_TEST(test_a_win_ranks_above_every_defeat)
{
	struct scores		 s = { NULL, 0, 0 };
	const struct score	*first;
	char			 err[T_ERR];

	/* A defeat with a huge score, then a win with a small one. */
	ck_assert_int_eq(t_add("meadow", 99950, false, 1), 1);
	ck_assert_int_eq(t_add("meadow", 100, true, 2), 1);
	ck_assert_int_eq(t_add("meadow", 99000, false, 3), 3);
	ck_assert_int_eq(scores_read(t_path, &s, err, sizeof err), SCORES_OK);
	ck_assert_int_eq(scores_level(&s, "meadow", &first), 3);
	ck_assert(first[0].won);
	ck_assert_int_eq(first[0].score, 100);
	ck_assert_int_eq(first[1].score, 99950);
	ck_assert_int_eq(scores_best(&s, "meadow")->score, 100);
	scores_free(&s);

	/* A file written in the old order reads in the new. */
	t_write(t_path, "weir-scores 2\n"
	    "hive 900 lost 3 8 0 0 9300 300 tester\n"
	    "hive 200 won 8 8 12 1 9900 200 tester\n"
	    "end\n");
	ck_assert_int_eq(scores_read(t_path, &s, err, sizeof err), SCORES_OK);
	ck_assert_int_eq(scores_level(&s, "hive", &first), 2);
	ck_assert(first[0].won);
	ck_assert_int_eq(first[1].score, 900);
	scores_free(&s);
}
END_TEST

START_TEST(test_write_is_atomic)
{
	struct stat	before, after;
	char		old[4096];
	ssize_t		got;
	int		fd;

	t_add("meadow", 100, false, 1);
	t_add("meadow", 200, false, 2);
	snprintf(old, sizeof old, "%s", t_read(t_path));
	ck_assert_int_eq(stat(t_path, &before), 0);
	fd = open(t_path, O_RDONLY);
	ck_assert_int_ge(fd, 0);

	t_add("meadow", 300, true, 3);
	/* The old file was replaced, not rewritten: whoever had it open
	 * still reads all of it, and the new one is another file. */
	ck_assert_int_eq(stat(t_path, &after), 0);
	ck_assert_msg(before.st_ino != after.st_ino, "written in place");
	{
		char buf[4096];

		got = read(fd, buf, sizeof buf - 1);
		ck_assert_int_ge(got, 0);
		buf[got] = '\0';
		ck_assert_str_eq(buf, old);
	}
	close(fd);
	ck_assert_msg(strstr(t_read(t_path), "meadow 300 won") != NULL,
	    "new game missing");
	/* Only the file remains: no temporary file, and the lock is gone. */
	ck_assert_int_eq(t_count_files("scores"), 1);
}
END_TEST

START_TEST(test_others_files_are_left_alone)
{
	char	tmp[700], lock[700];

	/* Files of the player's with the names older weirs used. */
	t_add("meadow", 100, false, 1);
	snprintf(tmp, sizeof tmp, "%s.tmp", t_path);
	snprintf(lock, sizeof lock, "%s.lock", t_path);
	t_write(tmp, "weir-scores 1\nmeadow 5");
	t_write(lock, "mine");
	ck_assert_int_eq(t_count_files("scores"), 3);

	/* The next game is added; they are as they were, nothing else. */
	ck_assert_int_eq(t_add("meadow", 200, false, 2), 1);
	ck_assert_int_eq(t_count_files("scores"), 3);
	ck_assert_int_eq(t_count_files(".scores"), 0);
	ck_assert_str_eq(t_read(tmp), "weir-scores 1\nmeadow 5");
	ck_assert_str_eq(t_read(lock), "mine");
	ck_assert_str_eq(t_read(t_path), "weir-scores 2\n"
	    "meadow 200 lost 3 8 0 0 9200 2 tester\n"
	    "meadow 100 lost 3 8 0 0 9100 1 tester\n"
	    "end\n");

	/* A directory that cannot be written stops the write, and the old
	 * file stays as it was. */
	if (geteuid() != 0) {
		struct score	e = t_game("meadow", 300, true, 3);
		char		note[T_ERR], err[T_ERR];

		ck_assert_int_eq(chmod(t_dir, 0500), 0);
		ck_assert_int_eq(scores_add(t_path, &e, NULL, note,
		    sizeof note, err, sizeof err), -1);
		ck_assert_int_eq(chmod(t_dir, 0700), 0);
		ck_assert_msg(strstr(err, "cannot write") != NULL, "%s", err);
	}
	ck_assert_msg(strstr(t_read(t_path), "meadow 300") == NULL,
	    "the refused game was written");
	ck_assert_int_eq(t_count_files("scores"), 3);
}
END_TEST

START_TEST(test_corrupt_file_is_kept_aside)
{
	static const char	 garbage[] = "weir-scores 1\nmeadow lots\n";
	struct scores		 s = { NULL, 0, 0 };
	struct score		 e = t_game("hive", 42, true, 7);
	char			 note[T_ERR], err[T_ERR], aside[700];
	int			 rank;

	t_write(t_path, garbage);
	ck_assert_int_eq(scores_read(t_path, &s, err, sizeof err),
	    SCORES_CORRUPT);
	/* Reading alone does not touch it. */
	ck_assert_str_eq(t_read(t_path), garbage);

	/* Opening for the title screen reports it and moves it aside. */
	ck_assert_int_eq(scores_open(t_path, &s, note, sizeof note, err,
	    sizeof err), 0);
	ck_assert_int_eq(s.n, 0);
	snprintf(aside, sizeof aside, "%s.corrupt-1", t_path);
	ck_assert_msg(strstr(note, ":2:12: too few words") != NULL, "%s",
	    note);
	ck_assert_msg(strstr(note, aside) != NULL, "%s", note);
	ck_assert_str_eq(t_read(aside), garbage);
	ck_assert_int_eq(access(t_path, F_OK), -1);

	/* Adding to a corrupt file: moved aside first, the old one kept. */
	t_write(t_path, "not a scores file\n");
	ck_assert_int_eq(scores_add(t_path, &e, &rank, note, sizeof note, err,
	    sizeof err), 0);
	ck_assert_int_eq(rank, 1);
	snprintf(aside, sizeof aside, "%s.corrupt-2", t_path);
	ck_assert_msg(strstr(note, aside) != NULL, "%s", note);
	ck_assert_msg(strstr(note, ":1:1: expected 'weir-scores 1' or "
	    "'weir-scores 2'") != NULL,
	    "%s", note);
	ck_assert_str_eq(t_read(aside), "not a scores file\n");
	snprintf(aside, sizeof aside, "%s.corrupt-1", t_path);
	ck_assert_str_eq(t_read(aside), garbage);
	ck_assert_str_eq(t_read(t_path),
	    "weir-scores 2\nhive 42 won 8 8 12 1 9042 7 tester\nend\n");
	scores_free(&s);
}
END_TEST

START_TEST(test_version_1_file_loads)
{
	struct scores		 s = { NULL, 0, 0 };
	const struct score	*first;
	char			 err[T_ERR];

	/* A file from before stars and settings: every game normal. */
	t_write(t_path, "weir-scores 1\n"
	    "meadow 900 won 8 8 12 9900 200 alice\n"
	    "meadow 500 lost 3 8 0 9500 100 bob\n"
	    "end\n");
	ck_assert_int_eq(scores_read(t_path, &s, err, sizeof err), SCORES_OK);
	ck_assert_int_eq(scores_level(&s, "meadow", &first), 2);
	ck_assert(first[0].won && first[0].stars == 1 && first[0].lives == 12);
	ck_assert(!first[1].won && first[1].stars == 0);
	ck_assert_int_eq(scores_stars(&s, "meadow"), 1);
	/* Adding a game rewrites it as version 2, the old games kept. */
	ck_assert_int_eq(t_add("meadow", 1000, true, 300), 1);
	ck_assert_str_eq(t_read(t_path), "weir-scores 2\n"
	    "meadow 1000 won 8 8 12 1 10000 300 tester\n"
	    "meadow 900 won 8 8 12 1 9900 200 alice\n"
	    "meadow 500 lost 3 8 0 0 9500 100 bob\n"
	    "end\n");
	scores_free(&s);
}
END_TEST

START_TEST(test_settings_keep_their_own_boards)
{
	struct scores	s = { NULL, 0, 0 };
	struct score	e;
	char		board[SCORES_NAME_MAX + 1], note[T_ERR], err[T_ERR];
	int		rank;

	scores_board(board, sizeof board, "meadow", "normal", false);
	ck_assert_str_eq(board, "meadow");
	scores_board(board, sizeof board, "meadow", "hard", false);
	ck_assert_str_eq(board, "meadow@hard");
	scores_board(board, sizeof board, "meadow", "normal", true);
	ck_assert_str_eq(board, "meadow@normal+endless");
	/* A level installed as daily:DATE.weir has a board of its own. */
	scores_board(board, sizeof board, "daily:2026-01-01", "normal", false);
	ck_assert_str_ne(board, "daily:2026-01-01");
	ck_assert_str_eq(board, "daily_2026-01-01");
	memset(&e, 0, sizeof e);
	snprintf(e.level, sizeof e.level, "meadow@hard");
	snprintf(e.who, sizeof e.who, "tester");
	e.score = 50;
	e.won = true;
	e.stars = 3;
	ck_assert_int_eq(scores_add(t_path, &e, &rank, note, sizeof note, err,
	    sizeof err), 0);
	ck_assert_int_eq(rank, 1);
	ck_assert_int_eq(t_add("meadow", 900, false, 1), 1);
	ck_assert_int_eq(scores_read(t_path, &s, err, sizeof err), SCORES_OK);
	ck_assert_int_eq(scores_best(&s, "meadow")->score, 900);
	ck_assert(!scores_completed(&s, "meadow"));
	ck_assert_int_eq(scores_best(&s, "meadow@hard")->score, 50);
	ck_assert(scores_completed(&s, "meadow@hard"));
	ck_assert_int_eq(scores_stars(&s, "meadow@hard"), 3);
	scores_free(&s);
}
END_TEST

/* A daily game's board, "daily:YYYY-MM-DD", is written and read whole. */
START_TEST(test_daily_board_keeps_its_colon)
{
	struct scores		 s = { NULL, 0, 0 };
	const struct score	*first;
	char			 board[SCORES_NAME_MAX + 1], err[T_ERR];

	daily_board(&(struct daily_date){ 2026, 11, 25 }, board,
	    sizeof board);
	ck_assert_str_eq(board, "daily:2026-11-25");
	ck_assert_int_eq(t_add(board, 3000, false, 10), 1);
	ck_assert_int_eq(t_add("daily:2026-11-25", 2000, false, 20), 2);
	ck_assert_int_eq(t_add("daily_2026-11-25", 100, false, 30), 1);
	ck_assert_int_eq(scores_read(t_path, &s, err, sizeof err), SCORES_OK);
	ck_assert_int_eq(s.n, 3);
	ck_assert_int_eq(scores_level(&s, "daily:2026-11-25", &first), 2);
	ck_assert_int_eq(scores_best(&s, "daily:2026-11-25")->score, 3000);
	ck_assert_int_eq(scores_best(&s, "daily_2026-11-25")->score, 100);
	ck_assert_ptr_nonnull(strstr(t_read(t_path),
	    "\ndaily:2026-11-25 3000 lost "));
	scores_free(&s);
}
END_TEST

/* Bad files and the message each must give: PATH:LINE:COL: what. */
static const struct {
	const char	*text;
	const char	*want;
} t_bad[] = {
	{ "", ":1:1: empty file" },
	{ "weir-scores 3\nend\n", ":1:1: expected 'weir-scores 1' or "
	    "'weir-scores 2'" },
	{ "weir-scores 2\nmeadow 1 won 8 8 1 1 1 me\nend\n",
	    ":2:26: too few words: expected 10" },
	{ "weir-scores 2\nmeadow 1 won 8 8 1 0 1 1 me\nend\n",
	    ":2:20: bad stars" },
	{ "weir-scores 2\nmeadow 1 lost 8 8 1 2 1 1 me\nend\n",
	    ":2:21: bad stars" },
	{ "weir-scores 2\nmeadow 1 won 8 8 1 4 1 1 me\nend\n",
	    ":2:20: bad stars" },
	{ "weir-scores 2\nmeadow@ 1 won 8 8 1 3 1 1 me\nend\n",
	    ":2:1: bad level name" },
	{ "weir-scores 2\n@hard 1 won 8 8 1 3 1 1 me\nend\n",
	    ":2:1: bad level name" },
	{ "weir-scores 1\n", ":2:1: missing 'end'" },
	{ "weir-scores 1\nmeadow 1 won 8 8 1 1 1 me\n",
	    ":3:1: missing 'end'" },
	{ "weir-scores 1\nmeadow 1 won 8 8 1 1 1 me\nend\nx\n",
	    ":4:1: text after 'end'" },
	{ "weir-scores 1\nmeadow 1 won 8 8 1 1 1\nend\n",
	    ":2:23: too few words" },
	{ "weir-scores 1\nmeadow 1 won 8 8 1 1 1 me x\nend\n",
	    ":2:27: too many words" },
	{ "weir-scores 1\nmea/dow 1 won 8 8 1 1 1 me\nend\n",
	    ":2:1: bad level name" },
	{ "weir-scores 1\nmeadow -1 won 8 8 1 1 1 me\nend\n",
	    ":2:8: bad score" },
	{ "weir-scores 1\nmeadow 99999999999 won 8 8 1 1 1 me\nend\n",
	    ":2:8: bad score" },
	{ "weir-scores 1\nmeadow 1 draw 8 8 1 1 1 me\nend\n",
	    ":2:10: bad result" },
	{ "weir-scores 1\nmeadow 1 won x 8 1 1 1 me\nend\n",
	    ":2:14: bad wave counts" },
	{ "weir-scores 1\nmeadow 1 won 9 8 1 1 1 me\nend\n",
	    ":2:16: bad wave counts" },
	{ "weir-scores 1\nmeadow 1 won 8 8 x 1 1 me\nend\n",
	    ":2:18: bad lives" },
	{ "weir-scores 1\nmeadow 1 won 8 8 1 1x 1 me\nend\n",
	    ":2:20: bad ticks" },
	{ "weir-scores 1\nmeadow 1 won 8 8 1 1 -5 me\nend\n",
	    ":2:22: bad time" },
	{ "weir-scores 1\nmeadow 1 won 8 8 1 1 1 m\xc3\xa9\nend\n",
	    ":2:24: bad player name" },
	{ "weir-scores 1\r\nend\r\n", ":1:14: control character" },
	{ "weir-scores 1\nmeadow 1 won 8 8 1 1 1 m\te\nend\n",
	    ":2:24: bad player name" },
	{ "weir-scores 1\nmeadow 1 won 8 8 1 1 1 me\r\nend\n",
	    ":2:26: control character" },
};

START_TEST(test_bad_files_say_where)
{
	struct scores	s = { NULL, 0, 0 };
	char		err[T_ERR], want[T_ERR];

	t_write(t_path, t_bad[_i].text);
	ck_assert_int_eq(scores_read(t_path, &s, err, sizeof err),
	    SCORES_CORRUPT);
	snprintf(want, sizeof want, "%s%s", t_path, t_bad[_i].want);
	ck_assert_msg(strncmp(err, want, strlen(want)) == 0,
	    "case %d: got '%s', want '%s...'", _i, err, want);
	ck_assert_int_eq(s.n, 0);
}
END_TEST

/* In a child: wait for the start signal, then add n games. */
static void
t_child(int go, const char *prefix, int who, int n, bool same_level)
{
	char		level[64], note[T_ERR], err[T_ERR];
	char		c;
	struct score	e;
	int		i;

	if (read(go, &c, 1) != 1)
		_exit(3);
	for (i = 0; i < n; i++) {
		if (same_level)
			snprintf(level, sizeof level, "%s", prefix);
		else
			snprintf(level, sizeof level, "%s-%d-%d", prefix, who,
			    i);
		e = t_game(level, 1000 * who + i, i % 2 == 0, i);
		if (scores_add(t_path, &e, NULL, note, sizeof note, err,
		    sizeof err) != 0 || note[0] != '\0')
			_exit(2);
	}
	_exit(0);
}

/* Run nproc children adding n games each at the same moment. */
static void
t_race(int nproc, int n, const char *prefix, bool same_level)
{
	pid_t	pid[16];
	int	go[2], i, status;

	ck_assert_int_le(nproc, 16);
	ck_assert_int_eq(pipe(go), 0);
	for (i = 0; i < nproc; i++) {
		pid[i] = fork();
		ck_assert_int_ge(pid[i], 0);
		if (pid[i] == 0) {
			close(go[1]);
			t_child(go[0], prefix, i + 1, n, same_level);
		}
	}
	close(go[0]);
	/* Let them all go at once. */
	for (i = 0; i < nproc; i++)
		ck_assert_int_eq(write(go[1], "x", 1), 1);
	close(go[1]);
	for (i = 0; i < nproc; i++) {
		ck_assert_int_eq(waitpid(pid[i], &status, 0), pid[i]);
		ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		    "child %d failed (status %d)", i, status);
	}
}

START_TEST(test_concurrent_writers_lose_nothing)
{
	struct scores		 s = { NULL, 0, 0 };
	const struct score	*first;
	char			 err[T_ERR], level[64];
	int			 p, i, nproc = 4, n = 25;

	t_race(nproc, n, "lv", false);
	ck_assert_int_eq(scores_read(t_path, &s, err, sizeof err), SCORES_OK);
	ck_assert_int_eq(s.n, nproc * n);
	for (p = 1; p <= nproc; p++) {
		for (i = 0; i < n; i++) {
			snprintf(level, sizeof level, "lv-%d-%d", p, i);
			ck_assert_msg(scores_level(&s, level, &first) == 1,
			    "%s lost", level);
			ck_assert_int_eq(first->score, 1000 * p + i);
		}
	}
	ck_assert_int_eq(t_count_files("scores"), 1);
	scores_free(&s);
}
END_TEST

START_TEST(test_concurrent_writers_one_level)
{
	struct scores		 s = { NULL, 0, 0 };
	const struct score	*first;
	char			 err[T_ERR];
	int			 i, n;

	/* Two players finishing the same level at once, over and over: the
	 * list must be exactly the best of everything both played: the
	 * wins (even games) first, the second player's scoring more. */
	t_race(2, 20, "meadow", true);
	ck_assert_int_eq(scores_read(t_path, &s, err, sizeof err), SCORES_OK);
	n = scores_level(&s, "meadow", &first);
	ck_assert_int_eq(n, SCORES_KEEP);
	for (i = 0; i < SCORES_KEEP; i++) {
		ck_assert(first[i].won);
		ck_assert_int_eq(first[i].score, 2018 - 2 * i);
	}
	scores_free(&s);
}
END_TEST

START_TEST(test_file_stays_readable)
{
	struct scores		 s = { NULL, 0, 0 };
	const struct score	*first;
	struct stat		 st;
	char			 err[T_ERR], who[SCORES_WHO_MAX + 1];
	char			 name[SCORES_NAME_MAX + 1], *text, *p;
	size_t			 cap = (size_t)SCORES_FILE_MAX + 4096;
	long			 when = 1000;
	int			 n = 0, levels = 0, wins = 0;

	/*
	 * A file of exactly the reader's bound: many levels, each an old win
	 * and a newer loss, and last a few losses whose players' names pad
	 * it out to the byte.
	 */
	memset(who, 'w', SCORES_WHO_MAX);
	who[SCORES_WHO_MAX] = '\0';
	text = p = malloc(cap);
	ck_assert_ptr_nonnull(text);
	p += sprintf(p, "weir-scores 2\n");
	for (;;) {
		size_t	left = SCORES_FILE_MAX - 4 - (size_t)(p - text);

		snprintf(name, sizeof name, "%0*d", SCORES_NAME_MAX, levels++);
		if (left >= 600) {
			p += sprintf(p, "%s 2000000000 won 100000 100000 "
			    "1000000 3 9000000000000000 %ld %s\n", name,
			    when++, who);
			p += sprintf(p, "%s 1000000000 lost 3 100000 0 0 "
			    "9000000000000000 %ld %s\n", name,
			    when++ + 1000000, who);
			n += 2;
			wins++;
			continue;
		}
		/*
		 * Then lines of L bytes, "NAME 1 lost 0 1 0 0 1 9000000 WHO\n"
		 * (27 bytes and the names), 121 each until the last two
		 * share what is left.
		 */
		int len = left > 242 ? 121 : (left > 121 ? (int)left / 2 :
		    (int)left);
		int nl = len - 28 > SCORES_NAME_MAX ? SCORES_NAME_MAX : len - 28;

		if (left == 0)
			break;
		p += sprintf(p, "%0*d 1 lost 0 1 0 0 1 9000000 %.*s\n", nl,
		    levels, len - 27 - nl, who);
		n++;
	}
	ck_assert_int_eq((size_t)(p - text), SCORES_FILE_MAX - 4);
	p += sprintf(p, "end\n");
	ck_assert_int_eq(tu_put(t_path, text, (size_t)(p - text)), 0);
	free(text);
	ck_assert_int_eq(scores_read(t_path, &s, err, sizeof err), SCORES_OK);
	ck_assert_int_eq(s.n, n);

	/* A new level's game: the oldest loss gives way, no win does. */
	ck_assert_int_eq(t_add("newcomer", 10, false, 5000000), 1);
	ck_assert_int_eq(stat(t_path, &st), 0);
	ck_assert_int_le(st.st_size, SCORES_FILE_MAX);
	ck_assert_int_eq(scores_read(t_path, &s, err, sizeof err), SCORES_OK);
	ck_assert_ptr_nonnull(scores_best(&s, "newcomer"));
	ck_assert_int_eq(scores_level(&s, "newcomer", &first), 1);
	for (int i = 0; i < wins; i += wins / 7) {
		char level[SCORES_NAME_MAX + 1];

		snprintf(level, sizeof level, "%0*d", SCORES_NAME_MAX, i);
		ck_assert_msg(scores_completed(&s, level), "%s", level);
	}
	snprintf(name, sizeof name, "%0*d", SCORES_NAME_MAX, 0);
	ck_assert_int_eq(scores_level(&s, name, &first), 1);
	ck_assert(first[0].won);
	ck_assert_int_eq(s.n, n);	/* one in, one out */
	scores_free(&s);
	ck_assert_int_eq(t_count_files("scores.corrupt"), 0);
}
END_TEST

START_TEST(test_not_a_regular_file)
{
	struct scores	 s = { NULL, 0, 0 };
	struct score	 e = t_game("meadow", 10, false, 1);
	struct stat	 st;
	char		 err[T_ERR], note[T_ERR], want[T_ERR];

	/* A FIFO: refused at once, not waited on, and left as it is. */
	ck_assert_int_eq(mkfifo(t_path, 0600), 0);
	ck_assert_int_eq(scores_read(t_path, &s, err, sizeof err),
	    SCORES_ERROR);
	snprintf(want, sizeof want, "%s: not a regular file", t_path);
	ck_assert_str_eq(err, want);
	ck_assert_int_eq(scores_open(t_path, &s, note, sizeof note, err,
	    sizeof err), -1);
	ck_assert_int_eq(scores_add(t_path, &e, NULL, note, sizeof note, err,
	    sizeof err), -1);
	snprintf(want, sizeof want, "%s: cannot write: not a regular file",
	    t_path);
	ck_assert_str_eq(err, want);
	ck_assert_int_eq(lstat(t_path, &st), 0);
	ck_assert(S_ISFIFO(st.st_mode));
	ck_assert_int_eq(t_count_files("scores"), 1);

	/* A device: never replaced, no lock made beside it (unprivileged
	 * only: were this broken, root's /dev/null would become a file). */
	if (geteuid() == 0) {
		scores_free(&s);
		return;
	}
	ck_assert_int_eq(scores_add("/dev/null", &e, NULL, note, sizeof note,
	    err, sizeof err), -1);
	ck_assert_str_eq(err, "/dev/null: cannot write: not a regular file");
	ck_assert_int_eq(lstat("/dev/null", &st), 0);
	ck_assert(S_ISCHR(st.st_mode));
	ck_assert_int_eq(access("/dev/null.lock", F_OK), -1);
	scores_free(&s);
}
END_TEST

static Suite *
scores_suite(void)
{
	Suite	*s = suite_create("scores");
	TCase	*tc;

	tc = tcase_create("file");
	tcase_add_checked_fixture(tc, t_setup, t_teardown);
	tcase_add_test(tc, test_path_follows_xdg);
	tcase_add_test(tc, test_missing_file_is_empty);
	tcase_add_test(tc, test_round_trip_and_order);
	tcase_add_test(tc, test_version_1_file_loads);
	tcase_add_test(tc, test_settings_keep_their_own_boards);
	tcase_add_test(tc, test_daily_board_keeps_its_colon);
	tcase_add_test(tc, test_names_are_made_safe);
	tcase_add_test(tc, test_keeps_the_best_and_the_best_win);
	tcase_add_test(tc, test_a_win_ranks_above_every_defeat);
	suite_add_tcase(s, tc);

	tc = tcase_create("safety");
	tcase_add_checked_fixture(tc, t_setup, t_teardown);
	tcase_add_test(tc, test_write_is_atomic);
	tcase_add_test(tc, test_others_files_are_left_alone);
	tcase_add_test(tc, test_corrupt_file_is_kept_aside);
	tcase_add_test(tc, test_file_stays_readable);
	tcase_add_test(tc, test_not_a_regular_file);
	tcase_add_loop_test(tc, test_bad_files_say_where, 0,
	    (int)(sizeof t_bad / sizeof t_bad[0]));
	suite_add_tcase(s, tc);

	tc = tcase_create("concurrency");
	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, t_setup, t_teardown);
	tcase_add_test(tc, test_concurrent_writers_lose_nothing);
	tcase_add_test(tc, test_concurrent_writers_one_level);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(scores_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
