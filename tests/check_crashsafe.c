/* SPDX-License-Identifier: ISC */
/*
 * Crash safety of the files weir writes. A saved game and the high scores
 * are replaced by way of a temporary file that is flushed and renamed over
 * the old one, so a process killed at any moment leaves the old file or
 * the new one, whole. Here a child process writes a series of versions of
 * a file (a game saved again and again as it goes on; games added to the
 * scores one after another) and the parent kills it with SIGKILL at a
 * random moment; the file must then be byte for byte one of the versions
 * and read back without complaint, never a mix, never empty; and once a
 * writer has been killed, the next write that runs to its end must add
 * nothing beside the file (no temporary file, no lock file). Every
 * truncation of a real file must be refused with a message naming the
 * file, line and column; a save that the player named is left where it
 * is, while the save weir keeps and the scores are moved aside whole.
 *
 * The kill points come from a seeded generator whose seed is printed;
 * WEIR_RANDOM_SEED replays a run and WEIR_CRASH_KILLS sets the number of
 * kills per file (default CS_KILLS).
 */
#define _POSIX_C_SOURCE 200809L

#include <sys/stat.h>
#include <sys/wait.h>

#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/game.h"
#include "core/level.h"
#include "core/save.h"
#include "core/scores.h"
#include "testutil.h"

#define CS_ERR		1024
#define CS_KILLS	80	/* kills per file, by default */
#define CS_BUDGET	20.0	/* seconds of killing per file, at most */
#define CS_VERSIONS	6	/* versions written after the first */
#define CS_LEVEL	"levels/meadow.weir"
#define CS_SEED		7

static char	cs_dir[512];		/* a fresh directory per test */
static char	cs_path[600];		/* the file under test */
static uint64_t	cs_rng;			/* the kill points' generator */

/* One version of a file: its bytes. */
struct cs_version {
	char	*text;
	size_t	 len;
};

/* Make a fresh directory for one test, and seed the generator. */
static void
cs_setup(void)
{
	const char	*seed = getenv("WEIR_RANDOM_SEED");

	ck_assert_msg(tu_mkdtemp(cs_dir, sizeof cs_dir, "check_crashsafe") ==
	    0, "mkdtemp: %s", strerror(errno));
	if (seed != NULL && seed[0] != '\0')
		cs_rng = strtoull(seed, NULL, 10);
	else
		cs_rng = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	if (cs_rng == 0)
		cs_rng = 1;
	printf("check_crashsafe: seed %" PRIu64 " (WEIR_RANDOM_SEED replays "
	    "it)\n", cs_rng);
	fflush(stdout);
}

/* Remove the test's directory and everything in it. */
static void
cs_teardown(void)
{
	tu_rmdir(cs_dir);
}

/* Seconds on a clock that only goes forward. */
static double
cs_now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* How many kills each file gets. */
static int
cs_kills(void)
{
	const char	*s = getenv("WEIR_CRASH_KILLS");
	int		 n = s != NULL ? atoi(s) : 0;

	return n > 0 ? n : CS_KILLS;
}

/* The whole of the file at path (NULL when missing), its length in *len. */
static char *
cs_slurp(const char *path, size_t *len)
{
	return tu_slurp(path, len);
}

/* Write len bytes of text to path, plainly (the test's own setup). */
static void
cs_put(const char *path, const char *text, size_t len)
{
	ck_assert_msg(tu_put(path, text, len) == 0, "%s: %s", path,
	    strerror(errno));
}

/* Which of versions v[0..n-1] the file at path is, byte for byte; -1 if
 * none, -2 if there is no file. */
static int
cs_which(const char *path, const struct cs_version *v, int n, size_t *len)
{
	char	*text = cs_slurp(path, len);
	int	 i;

	if (text == NULL)
		return -2;
	for (i = 0; i < n; i++) {
		if (v[i].len == *len && memcmp(v[i].text, text, *len) == 0)
			break;
	}
	free(text);
	return i < n ? i : -1;
}

/*
 * Count what writers left beside cs_path (files named cs_path followed by
 * a suffix, and weir's own new files, .NAME.weir-XXXXXX), but for keep
 * (may be NULL); with remove, remove them too.
 */
static int
cs_beside(const char *keep, bool remove)
{
	DIR		*d = opendir(cs_dir);
	struct dirent	*de;
	const char	*base = strrchr(cs_path, '/') + 1;
	char		 p[1200], temp[600];
	int		 n = 0;

	ck_assert_ptr_nonnull(d);
	snprintf(temp, sizeof temp, ".%s.weir-", base);
	while ((de = readdir(d)) != NULL) {
		if ((strncmp(de->d_name, base, strlen(base)) != 0 &&
		    strncmp(de->d_name, temp, strlen(temp)) != 0) ||
		    strcmp(de->d_name, base) == 0 ||
		    (keep != NULL && strcmp(de->d_name, keep) == 0))
			continue;
		snprintf(p, sizeof p, "%s/%s", cs_dir, de->d_name);
		if (remove)
			ck_assert_msg(unlink(p) == 0, "%s: %s", p,
			    strerror(errno));
		n++;
	}
	closedir(d);
	return n;
}

/*
 * Whether err is "PATH:LINE:COL: text" with positive LINE and COL, or
 * "PATH:LINE: text" when col is false.
 */
static bool
cs_message_ok(const char *err, const char *path, bool col)
{
	size_t		 n = strlen(path);
	const char	*p = err + n;
	char		*end;

	if (strncmp(err, path, n) != 0 || *p != ':' ||
	    strtol(p + 1, &end, 10) < 1 || end == p + 1 || *end != ':')
		return false;
	p = end;
	if (col && (strtol(p + 1, &end, 10) < 1 || end == p + 1))
		return false;
	return strncmp(end, ": ", 2) == 0 && end[2] != '\0';
}

/* Whether anything in the directory has "corrupt" in its name. */
static bool
cs_any_corrupt(void)
{
	DIR		*d = opendir(cs_dir);
	struct dirent	*de;
	bool		 found = false;

	ck_assert_ptr_nonnull(d);
	while ((de = readdir(d)) != NULL)
		found = found || strstr(de->d_name, "corrupt") != NULL;
	closedir(d);
	return found;
}

/* What a writer child does: write versions 1..n, one after another. */
typedef void cs_writer_fn(void *arg, int version);

/*
 * One round: put version 0 in place (setup), fork a child that writes
 * versions 1..n with writer, and kill it (SIGKILL) us microseconds after it
 * starts writing, or let it finish when us < 0. Returns the seconds from
 * its start to its end.
 */
static double
cs_round(int n, void (*setup)(const struct cs_version *),
    const struct cs_version *v, cs_writer_fn *writer, void *arg, long us)
{
	int	fds[2], st;
	char	c;
	pid_t	pid;
	double	t0;

	setup(v);
	ck_assert_int_eq(pipe(fds), 0);
	if ((pid = fork()) == 0) {
		close(fds[0]);
		if (write(fds[1], "r", 1) != 1)
			_exit(2);
		for (int i = 1; i <= n; i++)
			writer(arg, i);
		_exit(0);
	}
	ck_assert_msg(pid > 0, "fork: %s", strerror(errno));
	close(fds[1]);
	ck_assert_int_eq(read(fds[0], &c, 1), 1);
	t0 = cs_now();
	close(fds[0]);
	if (us >= 0) {
		struct timespec ts = { us / 1000000, us % 1000000 * 1000 };

		nanosleep(&ts, NULL);
		kill(pid, SIGKILL);
	}
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	ck_assert_msg((us >= 0 && WIFSIGNALED(st)) || (WIFEXITED(st) &&
	    WEXITSTATUS(st) == 0), "the writer failed (status %d)", st);
	return cs_now() - t0;
}

/*
 * Kill a writer at random moments, over and over (cs_round), each time
 * within the time the whole series takes. After each kill the file must be
 * one of the versions, and check must accept it; then finish writes once
 * more, to its end, and must add nothing beside the file (what a kill left
 * is weir's no more to remove: the test removes it). Counts of the
 * versions found go to seen, the series' time to *span; returns the number
 * of temporary files the kills left (none where the new file has no name
 * until it is renamed into place), but for keep.
 */
static int
cs_kill_loop(const struct cs_version *v, int n,
    void (*setup)(const struct cs_version *), cs_writer_fn *writer,
    void *arg, void (*check)(void), void (*finish)(void), const char *lock,
    int *seen, int *rounds, double *span)
{
	double	 start, d;
	int	 k, kills = cs_kills(), left = 0, got, stray, kept;
	long	 us;
	size_t	 len;

	/* The series' time in a child, here and now: the shortest of three. */
	*span = 1e9;
	for (k = 0; k < 3; k++) {
		d = cs_round(n, setup, v, writer, arg, -1);
		*span = d < *span ? d : *span;
		ck_assert_int_eq(cs_which(cs_path, v, n + 1, &len), n);
		stray = cs_beside(NULL, false);
		ck_assert_msg(stray == 0, "a writer that was not killed left "
		    "%d files beside the file", stray);
	}
	start = cs_now();
	for (k = 0; k < kills && cs_now() - start < CS_BUDGET; k++) {
		us = (long)(tu_rand(&cs_rng) % (uint64_t)(*span * 1e6 + 1));
		cs_round(n, setup, v, writer, arg, us);
		got = cs_which(cs_path, v, n + 1, &len);
		ck_assert_msg(got != -2, "kill %d, %ld us in: the file is gone",
		    k, us);
		ck_assert_msg(got >= 0, "kill %d, %ld us in: the file (%zu "
		    "bytes) is none of the %d versions (%zu to %zu bytes)", k,
		    us, len, n + 1, v[0].len, v[n].len);
		seen[got]++;
		check();
		left += kept = cs_beside(lock, false);

		/* The next writer adds nothing beside the file. */
		finish();
		stray = cs_beside(lock, false);
		ck_assert_msg(stray == kept, "kill %d, %ld us in: a good write "
		    "after it left %d files beside the file", k, us,
		    stray - kept);
		cs_beside(lock, true);
	}
	*rounds = k;
	return left;
}

/* --- saved games --- */

static struct level	*cs_level;
static uint64_t		 cs_level_hash;
static struct game	*cs_games[CS_VERSIONS + 1];

/*
 * Game i: an arrow tower, then the first i rounds of play on the level,
 * each round a few hundred targeting commands (accepted, so logged, and
 * the save grows; refused ones are not saved) and some ticks.
 */
static struct game *
cs_game(int i)
{
	struct game	*g = game_new(cs_level, CS_SEED, false);

	ck_assert_int_eq(game_place(g, TOWER_ARROW, 5, 5), GAME_OK);
	for (int r = 0; r < i; r++) {
		for (int k = 0; k < 300; k++)
			ck_assert_int_eq(game_target(g, 5, 5, k % 5), GAME_OK);
		for (int t = 0; t < 20; t++)
			game_tick(g);
	}
	return g;
}

/* Save game i to path. */
static void
cs_save(const char *path, int i)
{
	char	err[CS_ERR];

	ck_assert_msg(save_write(path, tu_srcpath(CS_LEVEL), cs_level_hash,
	    CS_SEED, cs_games[i], err, sizeof err) == 0, "save_write: %s",
	    err);
}

/* The writer child: save game i over cs_path (no assertions: a child). */
static void
cs_save_writer(void *arg, int i)
{
	char	err[CS_ERR];

	(void)arg;
	if (save_write(cs_path, tu_srcpath(CS_LEVEL), cs_level_hash, CS_SEED,
	    cs_games[i], err, sizeof err) != 0)
		_exit(3);
}

/* After a kill: a save written to its end, the last version. */
static void
cs_save_finish(void)
{
	cs_save(cs_path, CS_VERSIONS);
}

/* Round setup: the old save in place. */
static void
cs_save_setup(const struct cs_version *v)
{
	cs_put(cs_path, v[0].text, v[0].len);
}

/* After a kill: the save reads, and is of the level it was made on. */
static void
cs_save_check(void)
{
	char		 err[CS_ERR];
	struct save	*s = save_read(cs_path, err, sizeof err);

	ck_assert_msg(s != NULL, "the save left by a kill does not read: %s",
	    err);
	ck_assert_msg(s->level_hash == cs_level_hash, "level hash %016"
	    PRIx64 ", want %016" PRIx64, s->level_hash, cs_level_hash);
	save_free(s);
}

/* Load the level and make the games and the bytes of each version. */
static void
cs_save_versions(struct cs_version *v)
{
	char	err[CS_ERR], ref[700];

	cs_level = level_load(tu_srcpath(CS_LEVEL), err, sizeof err);
	ck_assert_msg(cs_level != NULL, "%s", err);
	ck_assert_msg(save_hash_file(tu_srcpath(CS_LEVEL), &cs_level_hash,
	    err, sizeof err) == 0, "%s", err);
	snprintf(ref, sizeof ref, "%s/reference.save", cs_dir);
	for (int i = 0; i <= CS_VERSIONS; i++) {
		cs_games[i] = cs_game(i);
		cs_save(ref, i);
		v[i].text = cs_slurp(ref, &v[i].len);
		ck_assert_ptr_nonnull(v[i].text);
		if (i > 0)
			ck_assert_msg(v[i].len > v[i - 1].len, "version %d is "
			    "no longer than version %d", i, i - 1);
	}
	unlink(ref);
}

/* Free the games, the level and the versions' bytes. */
static void
cs_save_free(struct cs_version *v)
{
	for (int i = 0; i <= CS_VERSIONS; i++) {
		game_free(cs_games[i]);
		free(v[i].text);
	}
	level_free(cs_level);
}

/* Report how the kills fell. */
static void
cs_report(const char *what, const int *seen, int n, int rounds, int left,
    double span)
{
	printf("check_crashsafe: %s: %d kills over %.1f ms; versions found:",
	    what, rounds, span * 1e3);
	for (int i = 0; i <= n; i++)
		printf(" %d", seen[i]);
	printf("; %d temporary files left by kills\n", left);
	fflush(stdout);
}

START_TEST(test_save_killed_while_writing)
{
	struct cs_version	v[CS_VERSIONS + 1];
	int			seen[CS_VERSIONS + 1] = { 0 }, rounds, left;
	int			middle = 0;
	double			span;

	snprintf(cs_path, sizeof cs_path, "%s/current.save", cs_dir);
	cs_save_versions(v);
	left = cs_kill_loop(v, CS_VERSIONS, cs_save_setup, cs_save_writer,
	    NULL, cs_save_check, cs_save_finish, NULL, seen,
	    &rounds, &span);
	cs_report("saved game", seen, CS_VERSIONS, rounds, left, span);
	for (int i = 1; i < CS_VERSIONS; i++)
		middle += seen[i];
	ck_assert_msg(middle > 0 || rounds < 20, "no kill fell between the "
	    "first and the last save in %d rounds", rounds);
	cs_save_free(v);
}
END_TEST

START_TEST(test_truncated_save_is_refused_and_kept)
{
	char			 err[CS_ERR], *text, *now, aside[700];
	struct save		*s;
	enum save_status	 st;
	size_t			 len, n, got;

	snprintf(cs_path, sizeof cs_path, "%s/current.save", cs_dir);
	snprintf(aside, sizeof aside, "%s.corrupt-1", cs_path);

	/* A save of a few dozen lines: the game of one round, cut short. */
	cs_level = level_load(tu_srcpath(CS_LEVEL), err, sizeof err);
	ck_assert_msg(cs_level != NULL, "%s", err);
	cs_games[0] = game_new(cs_level, CS_SEED, false);
	for (int k = 0; k < 40; k++) {
		struct game_cmd c;

		memset(&c, 0, sizeof c);
		c.type = (enum game_cmd_type)(k % 5);
		c.x = k;
		c.y = -k;
		c.mode = k % 5;
		c.tower = k % 7;
		game_command(cs_games[0], &c);
		game_tick(cs_games[0]);
	}
	cs_save(cs_path, 0);
	text = cs_slurp(cs_path, &len);
	ck_assert_ptr_nonnull(text);

	for (n = 0; n < len; n++) {
		cs_put(cs_path, text, n);
		s = save_read(cs_path, err, sizeof err);
		if (s != NULL) {
			/* Only the final line break may be missing. */
			ck_assert_msg(n == len - 1 && text[n] == '\n', "the "
			    "first %zu of %zu bytes read as a whole save", n,
			    len);
			ck_assert_int_eq(s->ncmds, cs_games[0]->nlog);
			save_free(s);
			continue;
		}
		ck_assert_msg(cs_message_ok(err, cs_path, true), "the first "
		    "%zu bytes: message \"%s\" is not FILE:LINE:COL: text", n,
		    err);
		now = cs_slurp(cs_path, &got);
		ck_assert_msg(got == n && (n == 0 || (now != NULL &&
		    memcmp(now, text, n) == 0)), "the truncated save (%zu "
		    "bytes) was changed by reading it", n);
		free(now);

		/* As the save weir keeps, it is moved aside, whole. */
		ck_assert_ptr_null(save_open(cs_path, &st, err, sizeof err));
		ck_assert_msg(st == SAVE_CORRUPT, "the first %zu bytes: "
		    "status %d (%s)", n, (int)st, err);
		ck_assert_msg(cs_message_ok(err, cs_path, true) &&
		    strstr(err, aside) != NULL, "the first %zu bytes: \"%s\" "
		    "does not say where and that it went to %s", n, err, aside);
		ck_assert_msg(access(cs_path, F_OK) != 0, "the first %zu "
		    "bytes: still in place", n);
		now = cs_slurp(aside, &got);
		ck_assert_msg(now != NULL && got == n && (n == 0 ||
		    memcmp(now, text, n) == 0), "the first %zu bytes: %s "
		    "does not hold them (%zu bytes)", n, aside, got);
		free(now);
		ck_assert_int_eq(unlink(aside), 0);
		ck_assert_int_eq(cs_beside(NULL, false), 0);
	}
	free(text);
	game_free(cs_games[0]);
	level_free(cs_level);
}
END_TEST

/* --- high scores --- */

#define CS_LEVELS	120	/* levels in the old scores file */

/* Game number i for the scores, on one of CS_LEVELS levels. */
static struct score
cs_score(int i)
{
	struct score	e;

	memset(&e, 0, sizeof e);
	snprintf(e.level, sizeof e.level, "level-%03d", (i * 37) % CS_LEVELS);
	e.score = 1000 + 13 * i;
	e.won = i % 3 != 0;
	e.waves_total = 10;
	e.waves = e.won ? 10 : i % 10;
	e.lives = e.won ? 1 + i % 20 : 0;
	e.ticks = 5000 + 7L * i;
	e.when = 1700000000 + 60L * i;
	snprintf(e.who, sizeof e.who, "player%d", i % 4);
	return e;
}

/* Add game i to the scores at path; fails the test if refused. */
static void
cs_add(const char *path, int i)
{
	struct score	e = cs_score(i);
	char		note[CS_ERR], err[CS_ERR];

	ck_assert_msg(scores_add(path, &e, NULL, note, sizeof note, err,
	    sizeof err) == 0, "scores_add: %s", err);
	ck_assert_msg(note[0] == '\0', "unexpected note: %s", note);
}

/* The writer child: add the games of version i (no assertions). */
static void
cs_scores_writer(void *arg, int i)
{
	struct score	e = cs_score(*(int *)arg + i);
	char		note[CS_ERR], err[CS_ERR];

	if (scores_add(cs_path, &e, NULL, note, sizeof note, err,
	    sizeof err) != 0)
		_exit(3);
}

static int	cs_first;	/* games in the old scores file */

/* After a kill: a game added to its end. */
static void
cs_scores_finish(void)
{
	cs_add(cs_path, cs_first + CS_VERSIONS + 1);
}

/* Round setup: the old scores in place. */
static void
cs_scores_setup(const struct cs_version *v)
{
	cs_put(cs_path, v[0].text, v[0].len);
}

/* After a kill: the scores read, and nothing was called corrupt. */
static void
cs_scores_check(void)
{
	struct scores		s = { NULL, 0, 0 };
	char			err[CS_ERR];
	enum scores_status	st = scores_read(cs_path, &s, err, sizeof err);

	ck_assert_msg(st == SCORES_OK, "the scores left by a kill do not "
	    "read (%d): %s", (int)st, err);
	ck_assert_int_ge(s.n, CS_LEVELS);
	scores_free(&s);
	ck_assert_msg(!cs_any_corrupt(), "a scores file was moved aside");
}

/*
 * The old file: three games for each of CS_LEVELS levels; version i adds
 * games first + 1 .. first + i to it.
 */
static int
cs_scores_versions(struct cs_version *v, const char *ref)
{
	int	first = 3 * CS_LEVELS;

	for (int i = 0; i < first; i++)
		cs_add(ref, i);
	for (int i = 0; i <= CS_VERSIONS; i++) {
		if (i > 0)
			cs_add(ref, first + i);
		v[i].text = cs_slurp(ref, &v[i].len);
		ck_assert_ptr_nonnull(v[i].text);
		if (i > 0)
			ck_assert_msg(v[i].len != v[i - 1].len ||
			    memcmp(v[i].text, v[i - 1].text, v[i].len) != 0,
			    "version %d is version %d", i, i - 1);
	}
	return first;
}

START_TEST(test_scores_killed_while_writing)
{
	struct cs_version	v[CS_VERSIONS + 1];
	int			seen[CS_VERSIONS + 1] = { 0 }, rounds, left;
	int			first, middle = 0;
	char			ref[700];
	double			span;

	snprintf(cs_path, sizeof cs_path, "%s/scores", cs_dir);
	snprintf(ref, sizeof ref, "%s/reference", cs_dir);
	first = cs_scores_versions(v, ref);
	cs_first = first;
	left = cs_kill_loop(v, CS_VERSIONS, cs_scores_setup, cs_scores_writer,
	    &first, cs_scores_check, cs_scores_finish, NULL, seen,
	    &rounds, &span);
	cs_report("scores", seen, CS_VERSIONS, rounds, left, span);
	for (int i = 1; i < CS_VERSIONS; i++)
		middle += seen[i];
	ck_assert_msg(middle > 0 || rounds < 20, "no kill fell between the "
	    "first and the last game in %d rounds", rounds);
	for (int i = 0; i <= CS_VERSIONS; i++)
		free(v[i].text);
}
END_TEST

START_TEST(test_truncated_scores_are_kept_aside)
{
	struct scores		 s;
	enum scores_status	 st;
	char			 err[CS_ERR], note[CS_ERR], aside[800];
	char			*text, *moved;
	size_t			 len, n, got;

	snprintf(cs_path, sizeof cs_path, "%s/scores", cs_dir);
	for (int i = 0; i < 12; i++)
		cs_add(cs_path, i);
	text = cs_slurp(cs_path, &len);
	ck_assert_ptr_nonnull(text);
	snprintf(aside, sizeof aside, "%s.corrupt-1", cs_path);

	for (n = 0; n < len; n++) {
		cs_put(cs_path, text, n);
		memset(&s, 0, sizeof s);
		st = scores_read(cs_path, &s, err, sizeof err);
		scores_free(&s);
		if (st == SCORES_OK) {
			ck_assert_msg(n == len - 1 && text[n] == '\n', "the "
			    "first %zu of %zu bytes read as whole scores", n,
			    len);
			continue;
		}
		ck_assert_msg(st == SCORES_CORRUPT, "the first %zu bytes: "
		    "status %d (%s)", n, (int)st, err);
		ck_assert_msg(cs_message_ok(err, cs_path, true), "the first "
		    "%zu bytes: message \"%s\" is not FILE:LINE:COL: text", n,
		    err);

		/* Opening them moves them aside, whole, and says so. */
		memset(&s, 0, sizeof s);
		ck_assert_msg(scores_open(cs_path, &s, note, sizeof note, err,
		    sizeof err) == 0, "scores_open: %s", err);
		scores_free(&s);
		ck_assert_msg(note[0] != '\0', "the first %zu bytes: moved "
		    "aside without a word", n);
		ck_assert_msg(access(cs_path, F_OK) != 0, "the first %zu "
		    "bytes: still in place", n);
		moved = cs_slurp(aside, &got);
		ck_assert_msg(moved != NULL && got == n && (n == 0 ||
		    memcmp(moved, text, n) == 0), "the first %zu bytes: %s "
		    "does not hold them (%zu bytes)", n, aside, got);
		free(moved);
		ck_assert_int_eq(unlink(aside), 0);
		ck_assert_int_eq(cs_beside(NULL, false), 0);
	}
	free(text);
}
END_TEST

static Suite *
crashsafe_suite(void)
{
	Suite	*s = suite_create("crash-safe files");
	TCase	*tc;

	tc = tcase_create("killed");
	tcase_set_timeout(tc, 300);
	tcase_add_checked_fixture(tc, cs_setup, cs_teardown);
	tcase_add_test(tc, test_save_killed_while_writing);
	tcase_add_test(tc, test_scores_killed_while_writing);
	suite_add_tcase(s, tc);

	tc = tcase_create("truncated");
	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, cs_setup, cs_teardown);
	tcase_add_test(tc, test_truncated_save_is_refused_and_kept);
	tcase_add_test(tc, test_truncated_scores_are_kept_aside);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(crashsafe_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
