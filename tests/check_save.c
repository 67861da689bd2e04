/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of the saved game as a file weir keeps: save_read only
 * reports a bad file (it may be the player's own), save_open moves a
 * corrupt one aside to PATH.corrupt-N (the first N free, never over
 * another) with a FILE:LINE:COL message saying where it went, leaves a
 * missing or unreadable one alone, and save_aside moves a save that read
 * but cannot be used, unless a new save has taken its place meanwhile.
 * The writer leaves nothing beside the file, never touches a file of the
 * player's beside it (FILE.tmp, FILE.lock), and writers take turns under
 * the lock on the directory. It never replaces (or locks beside) a
 * FIFO, a device or a symbolic link, never writes a save larger than the
 * reader takes, and saves of earlier versions, which logged refused
 * commands, replay to the game their accepted commands give.
 */
#include <sys/stat.h>
#include <sys/wait.h>

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/game.h"
#include "core/level.h"
#include "core/safefile.h"
#include "core/save.h"
#include "testutil.h"

#define T_ERR		2048
#define T_LEVEL		"levels/meadow.weir"

static char		 t_dir[512];	/* a fresh directory per test */
static char		 t_path[600];	/* t_dir/current.save */
static struct level	*t_level;
static uint64_t		 t_hash;

/* A fresh directory and the level the games are played on. */
static void
t_setup(void)
{
	char	err[T_ERR];

	ck_assert_msg(tu_mkdtemp(t_dir, sizeof t_dir, "check_save") == 0,
	    "mkdtemp: %s", strerror(errno));
	snprintf(t_path, sizeof t_path, "%s/current.save", t_dir);
	t_level = level_load(tu_srcpath(T_LEVEL), err, sizeof err);
	ck_assert_msg(t_level != NULL, "%s", err);
	ck_assert_msg(save_hash_file(tu_srcpath(T_LEVEL), &t_hash, err,
	    sizeof err) == 0, "%s", err);
}

/* Remove the directory and the level. */
static void
t_teardown(void)
{
	tu_rmdir(t_dir);
	level_free(t_level);
}

/* Save, to path, a game of ticks ticks with one command at tick 0. */
static void
t_save(const char *path, long ticks)
{
	struct game	*g = game_new(t_level, 3, false);
	struct game_cmd	 c;
	char		 err[T_ERR];

	memset(&c, 0, sizeof c);
	c.type = GAME_CMD_WAVE;
	game_command(g, &c);
	while (g->tick < ticks)
		game_tick(g);
	ck_assert_msg(save_write(path, tu_srcpath(T_LEVEL), t_hash, 3, g, err,
	    sizeof err) == 0, "save_write: %s", err);
	game_free(g);
}

/* Write text to path. */
static void
t_write(const char *path, const char *text)
{
	ck_assert_msg(tu_put(path, text, strlen(text)) == 0, "%s: %s", path,
	    strerror(errno));
}

/* The whole of a file, in a static buffer ("" when missing). */
static const char *
t_read(const char *path)
{
	static char	 buf[65536];
	char		*text;
	size_t		 len;

	buf[0] = '\0';
	if ((text = tu_slurp(path, &len)) != NULL) {
		snprintf(buf, sizeof buf, "%s", text);
		free(text);
	}
	return buf;
}

/* How many entries of the directory start with prefix. */
static int
t_count(const char *prefix)
{
	int	n = tu_count_files(t_dir, prefix);

	ck_assert_int_ge(n, 0);
	return n;
}

/* path.corrupt-n, in a static buffer. */
static const char *
t_aside(int n)
{
	static char	buf[700];

	snprintf(buf, sizeof buf, "%s.corrupt-%d", t_path, n);
	return buf;
}

START_TEST(test_read_reports_and_keeps)
{
	static const char	 bad[] =
	    "weir-save 1\nlevel x\nlevel-hash 12\n";
	char			 err[T_ERR], want[T_ERR];

	/* save_read is for the player's own files: they stay as they are. */
	t_write(t_path, bad);
	ck_assert_ptr_null(save_read(t_path, err, sizeof err));
	snprintf(want, sizeof want, "%s:3:12: expected 16 hex digits", t_path);
	ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "got '%s'", err);
	ck_assert_str_eq(t_read(t_path), bad);
	ck_assert_int_eq(t_count("current.save"), 1);
}
END_TEST

START_TEST(test_open_moves_corrupt_aside)
{
	static const char	 cut[] = "weir-save 1\nlevel x\n";
	static const char	 junk[] = "not a save\n";
	enum save_status	 st;
	char			 err[T_ERR], want[T_ERR];

	/* Cut short: the message says where, and where the file went. */
	t_write(t_path, cut);
	ck_assert_ptr_null(save_open(t_path, &st, err, sizeof err));
	ck_assert_int_eq(st, SAVE_CORRUPT);
	snprintf(want, sizeof want, "%s:3:1: expected 'level-hash', found "
	    "end of file; kept as %s", t_path, t_aside(1));
	ck_assert_str_eq(err, want);
	ck_assert_int_eq(access(t_path, F_OK), -1);
	ck_assert_str_eq(t_read(t_aside(1)), cut);

	/* The next one goes to the first free N, never over another. */
	t_write(t_path, junk);
	t_write(t_aside(3), "three\n");
	ck_assert_ptr_null(save_open(t_path, &st, err, sizeof err));
	ck_assert_int_eq(st, SAVE_CORRUPT);
	ck_assert_msg(strstr(err, ":1:1: expected 'weir-save 1'") != NULL,
	    "%s", err);
	snprintf(want, sizeof want, "; kept as %s", t_aside(2));
	ck_assert_msg(strstr(err, want) != NULL, "%s", err);
	ck_assert_str_eq(t_read(t_aside(1)), cut);
	ck_assert_str_eq(t_read(t_aside(2)), junk);
	ck_assert_str_eq(t_read(t_aside(3)), "three\n");
	t_write(t_path, junk);
	ck_assert_ptr_null(save_open(t_path, &st, err, sizeof err));
	snprintf(want, sizeof want, "; kept as %s", t_aside(4));
	ck_assert_msg(strstr(err, want) != NULL, "%s", err);

	/* Nothing else beside them: no lock, no temporary file. */
	ck_assert_int_eq(t_count("current.save"), 4);
	ck_assert_int_eq(t_count("current.save.corrupt-"), 4);
}
END_TEST

START_TEST(test_open_good_missing_unreadable)
{
	enum save_status	 st;
	struct save		*s;
	char			 err[T_ERR];

	/* Missing: said so, nothing made. */
	ck_assert_ptr_null(save_open(t_path, &st, err, sizeof err));
	ck_assert_int_eq(st, SAVE_MISSING);
	ck_assert_int_eq(t_count("current.save"), 0);

	/* A good save reads and stays. */
	t_save(t_path, 90);
	s = save_open(t_path, &st, err, sizeof err);
	ck_assert_msg(s != NULL, "%s", err);
	ck_assert_int_eq(st, SAVE_OK);
	ck_assert_int_eq(s->tick, 90);
	ck_assert_int_eq(s->ncmds, 1);
	save_free(s);
	ck_assert_int_eq(t_count("current.save"), 1);

	/* Not a file at all: an error, not corrupt, and left alone. */
	ck_assert_int_eq(unlink(t_path), 0);
	ck_assert_int_eq(mkdir(t_path, 0700), 0);
	ck_assert_ptr_null(save_open(t_path, &st, err, sizeof err));
	ck_assert_int_eq(st, SAVE_ERROR);
	ck_assert_msg(strstr(err, "not a regular file") != NULL, "%s", err);
	ck_assert_int_eq(t_count("current.save.corrupt"), 0);
	ck_assert_int_eq(rmdir(t_path), 0);
}
END_TEST

START_TEST(test_open_too_large)
{
	enum save_status	 st;
	char			 err[T_ERR], want[T_ERR], *big;
	size_t			 n = (size_t)SAVE_FILE_MAX + 1;

	big = malloc(n);
	ck_assert_ptr_nonnull(big);
	memset(big, '#', n);
	ck_assert_int_eq(tu_put(t_path, big, n), 0);
	free(big);
	ck_assert_ptr_null(save_open(t_path, &st, err, sizeof err));
	ck_assert_int_eq(st, SAVE_CORRUPT);
	snprintf(want, sizeof want, "%s:1:1: too large: at most %d bytes; "
	    "kept as %s", t_path, SAVE_FILE_MAX, t_aside(1));
	ck_assert_str_eq(err, want);
	ck_assert_int_eq(access(t_path, F_OK), -1);
	ck_assert_int_eq(access(t_aside(1), F_OK), 0);
}
END_TEST

START_TEST(test_aside_a_save_that_read)
{
	enum save_status	 st;
	struct save		*s;
	char			 err[T_ERR], want[T_ERR], *before;
	size_t			 len;

	t_save(t_path, 60);
	before = tu_slurp(t_path, &len);
	ck_assert_ptr_nonnull(before);
	s = save_open(t_path, &st, err, sizeof err);
	ck_assert_msg(s != NULL, "%s", err);
	ck_assert_int_eq(save_aside(t_path, s, "it would not replay", err,
	    sizeof err), 0);
	snprintf(want, sizeof want, "it would not replay; kept as %s",
	    t_aside(1));
	ck_assert_str_eq(err, want);
	ck_assert_int_eq(access(t_path, F_OK), -1);
	ck_assert_str_eq(t_read(t_aside(1)), before);
	ck_assert_int_eq(t_count("current.save"), 1);
	save_free(s);
	free(before);
}
END_TEST

/*
 * A save read from t_path, then replaced there by another weir's save
 * (its text in *newer, to be freed).
 */
static struct save *
t_read_then_replaced(char **newer)
{
	enum save_status	 st;
	struct save		*s;
	char			 err[T_ERR];
	size_t			 len;

	t_save(t_path, 60);
	s = save_open(t_path, &st, err, sizeof err);
	ck_assert_msg(s != NULL, "%s", err);
	t_save(t_path, 120);
	*newer = tu_slurp(t_path, &len);
	ck_assert_ptr_nonnull(*newer);
	return s;
}

START_TEST(test_aside_leaves_a_newer_save)
{
	struct save	*s;
	char		 err[T_ERR], *newer;

	/* Another weir saves its game before this one moves the old aside:
	 * the new save is not the file that was read, and stays. */
	s = t_read_then_replaced(&newer);
	ck_assert_int_eq(save_aside(t_path, s, "it would not replay", err,
	    sizeof err), 1);
	ck_assert_str_eq(err, "it would not replay");
	ck_assert_str_eq(t_read(t_path), newer);
	ck_assert_int_eq(t_count("current.save"), 1);
	save_free(s);
	free(newer);
}
END_TEST

START_TEST(test_remove_a_spent_save)
{
	enum save_status	 st;
	struct save		*s;
	char			 err[T_ERR];

	t_save(t_path, 60);
	s = save_open(t_path, &st, err, sizeof err);
	ck_assert_msg(s != NULL, "%s", err);
	ck_assert_msg(save_remove(t_path, &s->stamp, err, sizeof err) == 0,
	    "%s", err);
	ck_assert_int_eq(access(t_path, F_OK), -1);
	ck_assert_int_eq(t_count("current.save"), 0);
	/* Gone already: nothing to do, and no error. */
	ck_assert_int_eq(save_remove(t_path, &s->stamp, err, sizeof err), 0);
	save_free(s);
}
END_TEST

START_TEST(test_remove_leaves_a_newer_save)
{
	struct save	*s;
	char		 err[T_ERR], *newer;

	/* The resumed game ends after another weir has saved its own: the
	 * spent save is gone already, and the new one stays. */
	s = t_read_then_replaced(&newer);
	ck_assert_msg(save_remove(t_path, &s->stamp, err, sizeof err) == 0,
	    "%s", err);
	ck_assert_str_eq(t_read(t_path), newer);
	ck_assert_int_eq(t_count("current.save"), 1);
	save_free(s);
	free(newer);
}
END_TEST

START_TEST(test_write_leaves_others_files)
{
	char		 tmp[700], lock[700], err[T_ERR], *got;
	enum save_status st;
	struct save	*s;
	size_t		 len;

	/* Files of the player's that older weirs took for their own. */
	snprintf(tmp, sizeof tmp, "%s.tmp", t_path);
	snprintf(lock, sizeof lock, "%s.lock", t_path);
	t_save(t_path, 30);
	t_write(tmp, "the player's own notes");
	t_write(lock, "and more");
	ck_assert_int_eq(t_count("current.save"), 3);

	t_save(t_path, 45);
	/* Both are there as they were, and weir left nothing of its own. */
	ck_assert_int_eq(t_count("current.save"), 3);
	ck_assert_int_eq(t_count(".current.save"), 0);
	got = tu_slurp(tmp, &len);
	ck_assert_ptr_nonnull(got);
	ck_assert_str_eq(got, "the player's own notes");
	free(got);
	got = tu_slurp(lock, &len);
	ck_assert_ptr_nonnull(got);
	ck_assert_str_eq(got, "and more");
	free(got);
	s = save_open(t_path, &st, err, sizeof err);
	ck_assert_msg(s != NULL, "%s", err);
	ck_assert_int_eq(s->tick, 45);
	save_free(s);
}
END_TEST

START_TEST(test_writer_waits_for_the_lock)
{
	struct safefile	 sf;
	char		 err[T_ERR];
	pid_t		 pid;
	int		 status;
	struct timespec	 pause = { 0, 200 * 1000 * 1000 };

	ck_assert_msg(safefile_lock(&sf, t_path, err, sizeof err) == 0, "%s",
	    err);
	if ((pid = fork()) == 0) {
		/* Not the parent's lock: flock is shared across fork. */
		close(sf.lockfd);
		t_save(t_path, 30);
		_exit(0);
	}
	ck_assert_int_gt(pid, 0);
	nanosleep(&pause, NULL);
	/* Held here: the child cannot have written. */
	ck_assert_int_eq(waitpid(pid, &status, WNOHANG), 0);
	ck_assert_int_eq(access(t_path, F_OK), -1);
	safefile_unlock(&sf);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	    "the writer failed (status %d)", status);
	ck_assert_int_eq(access(t_path, F_OK), 0);
	ck_assert_int_eq(t_count("current.save"), 1);
}
END_TEST

START_TEST(test_writers_take_turns)
{
	enum { NPROC = 4, NSAVE = 25 };
	char		 err[T_ERR], ref[700], *want[NPROC], *got;
	enum save_status st;
	struct save	*s;
	pid_t		 pid[NPROC];
	int		 go[2], i, k, status, match = -1;
	size_t		 len, wl[NPROC];
	char		 c;

	/* What each writer writes: its own game, the same every time. */
	for (i = 0; i < NPROC; i++) {
		snprintf(ref, sizeof ref, "%s/ref-%d", t_dir, i);
		t_save(ref, 30 * (i + 1));
		want[i] = tu_slurp(ref, &wl[i]);
		ck_assert_ptr_nonnull(want[i]);
		unlink(ref);
	}
	ck_assert_int_eq(pipe(go), 0);
	for (i = 0; i < NPROC; i++) {
		if ((pid[i] = fork()) == 0) {
			close(go[1]);
			if (read(go[0], &c, 1) != 1)
				_exit(3);
			for (k = 0; k < NSAVE; k++) {
				struct game *g = game_new(t_level, 3, false);
				struct game_cmd cmd;

				memset(&cmd, 0, sizeof cmd);
				cmd.type = GAME_CMD_WAVE;
				game_command(g, &cmd);
				while (g->tick < 30 * (i + 1))
					game_tick(g);
				if (save_write(t_path, tu_srcpath(T_LEVEL),
				    t_hash, 3, g, err, sizeof err) != 0)
					_exit(2);
				game_free(g);
			}
			_exit(0);
		}
		ck_assert_int_gt(pid[i], 0);
	}
	close(go[0]);
	for (i = 0; i < NPROC; i++)
		ck_assert_int_eq(write(go[1], "x", 1), 1);
	close(go[1]);
	for (i = 0; i < NPROC; i++) {
		ck_assert_int_eq(waitpid(pid[i], &status, 0), pid[i]);
		ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		    "writer %d failed (status %d)", i, status);
	}

	/* The file is one writer's save, whole, and nothing is beside it. */
	got = tu_slurp(t_path, &len);
	ck_assert_ptr_nonnull(got);
	for (i = 0; i < NPROC; i++) {
		if (len == wl[i] && memcmp(got, want[i], len) == 0)
			match = i;
	}
	ck_assert_msg(match >= 0, "the save (%zu bytes) is none of the "
	    "writers'", len);
	s = save_open(t_path, &st, err, sizeof err);
	ck_assert_msg(s != NULL, "%s", err);
	save_free(s);
	ck_assert_int_eq(t_count("current.save"), 1);
	free(got);
	for (i = 0; i < NPROC; i++)
		free(want[i]);
}
END_TEST

START_TEST(test_write_refuses_what_is_not_a_file)
{
	struct stat	st;
	char		err[T_ERR], want[T_ERR];
	struct game	*g = game_new(t_level, 3, false);

	/* A FIFO is neither replaced nor locked beside, nor waited on. */
	ck_assert_int_eq(mkfifo(t_path, 0600), 0);
	ck_assert_int_eq(save_write(t_path, tu_srcpath(T_LEVEL), t_hash, 3, g,
	    err, sizeof err), -1);
	snprintf(want, sizeof want, "%s: cannot write: not a regular file",
	    t_path);
	ck_assert_str_eq(err, want);
	ck_assert_int_eq(lstat(t_path, &st), 0);
	ck_assert(S_ISFIFO(st.st_mode));
	ck_assert_int_eq(t_count("current.save"), 1);
	ck_assert_ptr_null(save_read(t_path, err, sizeof err));
	snprintf(want, sizeof want, "%s: not a regular file", t_path);
	ck_assert_str_eq(err, want);

	/*
	 * Nor a device: no /dev/null.lock is made. Unprivileged only: were
	 * this broken, root's /dev/null would become a file.
	 */
	if (geteuid() == 0) {
		game_free(g);
		return;
	}
	ck_assert_int_eq(save_write("/dev/null", tu_srcpath(T_LEVEL), t_hash,
	    3, g, err, sizeof err), -1);
	ck_assert_str_eq(err, "/dev/null: cannot write: not a regular file");
	ck_assert_int_eq(lstat("/dev/null", &st), 0);
	ck_assert(S_ISCHR(st.st_mode));
	ck_assert_int_eq(access("/dev/null.lock", F_OK), -1);
	ck_assert_int_eq(access("/dev/null.tmp", F_OK), -1);
	game_free(g);
}
END_TEST

START_TEST(test_write_refuses_a_symlink)
{
	char	err[T_ERR], want[T_ERR], target[700];
	struct game	*g = game_new(t_level, 3, false);

	snprintf(target, sizeof target, "%s/elsewhere", t_dir);
	t_write(target, "mine\n");
	ck_assert_int_eq(symlink(target, t_path), 0);
	ck_assert_int_eq(save_write(t_path, tu_srcpath(T_LEVEL), t_hash, 3, g,
	    err, sizeof err), -1);
	snprintf(want, sizeof want, "%s: cannot write: not a regular file "
	    "(a symbolic link)", t_path);
	ck_assert_str_eq(err, want);
	ck_assert_str_eq(t_read(target), "mine\n");
	ck_assert_int_eq(t_count("current.save"), 1);
	game_free(g);
}
END_TEST

/* Save the game g, played on t_level from seed 3, to t_path. */
static int
t_write_game(const struct game *g, char *err, size_t errlen)
{
	return save_write(t_path, tu_srcpath(T_LEVEL), t_hash, 3, g, err,
	    errlen);
}

START_TEST(test_write_is_bounded_as_read)
{
	struct game	*g = game_new(t_level, 3, true);
	struct save	*s;
	struct stat	 st;
	char		 err[T_ERR], want[T_ERR], line[64];
	off_t		 base;
	long		 k, n, i;

	/* A tower, then "target" again and again: each one accepted. */
	ck_assert_int_eq(game_place(g, TOWER_ARROW, 5, 5), GAME_OK);
	ck_assert_int_eq(t_write_game(g, err, sizeof err), 0);
	ck_assert_int_eq(stat(t_path, &st), 0);
	base = st.st_size;
	n = snprintf(line, sizeof line, "0 target 5 5 %s\n",
	    tower_target_name(TOWER_TARGET_LAST));
	/* Room for k more lines; the count line grows by a few digits. */
	k = (SAVE_FILE_MAX - (long)base - 8) / n;
	for (i = 0; i < k; i++)
		game_target(g, 5, 5, TOWER_TARGET_LAST);
	ck_assert_int_eq(g->nlog, k + 1);
	ck_assert_msg(t_write_game(g, err, sizeof err) == 0, "%s", err);
	ck_assert_int_eq(stat(t_path, &st), 0);
	ck_assert_int_le(st.st_size, SAVE_FILE_MAX);
	ck_assert_int_gt(st.st_size, SAVE_FILE_MAX - 2 * n);
	s = save_read(t_path, err, sizeof err);
	ck_assert_msg(s != NULL, "%s", err);
	ck_assert_int_eq(s->ncmds, k + 1);
	save_free(s);

	/* Lines past the bound: refused, and the last save stays. */
	for (i = 0; i < 2; i++)
		game_target(g, 5, 5, TOWER_TARGET_LAST);
	ck_assert_int_eq(t_write_game(g, err, sizeof err), -1);
	snprintf(want, sizeof want, "%s: cannot save: %ld commands make ",
	    t_path, k + 3);
	ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "%s", err);
	snprintf(want, sizeof want, " bytes, more than the %d a save can "
	    "hold", SAVE_FILE_MAX);
	ck_assert_msg(strstr(err, want) != NULL, "%s", err);
	s = save_read(t_path, err, sizeof err);
	ck_assert_msg(s != NULL, "%s", err);
	ck_assert_int_eq(s->ncmds, k + 1);
	save_free(s);
	ck_assert_int_eq(t_count("current.save"), 1);
	game_free(g);
}
END_TEST

START_TEST(test_old_save_with_refusals_replays)
{
	/* Earlier versions logged refused commands: they replay as nothing. */
	static const char	 cmds[] =
	    "0 sell 5 5\n0 place arrow 5 5\n0 upgrade 1 1\n0 wave\n"
	    "3 place arrow 5 5\n3 target 2 2 last\n7 wave\n7 wave\n"
	    "9 upgrade 5 5\n";
	struct game		*g, *h;
	struct save		*s;
	char			 text[2048], err[T_ERR];
	int			 n;

	n = snprintf(text, sizeof text, "weir-save 1\nlevel %s\nlevel-hash "
	    "%016llx\nseed 3\nsandbox 0\ntick 40\ncommands 9\n%send\n",
	    tu_srcpath(T_LEVEL), (unsigned long long)t_hash, cmds);
	s = save_parse("old.save", text, (size_t)n, err, sizeof err);
	ck_assert_msg(s != NULL, "%s", err);
	g = game_new(t_level, 3, false);
	ck_assert_msg(save_replay(g, s, err, sizeof err) == 0, "%s", err);
	ck_assert_int_eq(g->nlog, 5);	/* place, three waves, upgrade */

	/* The same game as the accepted commands alone give. */
	h = game_new(t_level, 3, false);
	game_place(h, TOWER_ARROW, 5, 5);
	game_call_wave(h);
	while (h->tick < 7)
		game_tick(h);
	game_call_wave(h);
	game_call_wave(h);
	while (h->tick < 9)
		game_tick(h);
	game_upgrade(h, 5, 5);
	while (h->tick < 40)
		game_tick(h);
	ck_assert_int_eq(g->gold, h->gold);
	ck_assert_int_eq(g->next_wave, h->next_wave);
	ck_assert_int_eq(g->nunits, h->nunits);
	for (int i = 0; i < g->nunits; i++) {
		ck_assert(g->agents[i].pos.x == h->agents[i].pos.x);
		ck_assert(g->agents[i].pos.y == h->agents[i].pos.y);
	}
	ck_assert_int_eq(g->nlog, h->nlog);

	/* Saved again, the refusals are gone and it still replays. */
	ck_assert_int_eq(t_write_game(g, err, sizeof err), 0);
	save_free(s);
	s = save_read(t_path, err, sizeof err);
	ck_assert_msg(s != NULL, "%s", err);
	ck_assert_int_eq(s->ncmds, 5);
	save_free(s);
	game_free(g);
	game_free(h);
}
END_TEST

static Suite *
save_suite(void)
{
	Suite	*s = suite_create("saved game files");
	TCase	*tc;

	tc = tcase_create("corrupt");
	tcase_add_checked_fixture(tc, t_setup, t_teardown);
	tcase_add_test(tc, test_read_reports_and_keeps);
	tcase_add_test(tc, test_open_moves_corrupt_aside);
	tcase_add_test(tc, test_open_good_missing_unreadable);
	tcase_add_test(tc, test_open_too_large);
	tcase_add_test(tc, test_aside_a_save_that_read);
	tcase_add_test(tc, test_aside_leaves_a_newer_save);
	tcase_add_test(tc, test_remove_a_spent_save);
	tcase_add_test(tc, test_remove_leaves_a_newer_save);
	suite_add_tcase(s, tc);

	tc = tcase_create("what is written");
	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, t_setup, t_teardown);
	tcase_add_test(tc, test_write_refuses_what_is_not_a_file);
	tcase_add_test(tc, test_write_refuses_a_symlink);
	tcase_add_test(tc, test_write_is_bounded_as_read);
	tcase_add_test(tc, test_old_save_with_refusals_replays);
	suite_add_tcase(s, tc);

	tc = tcase_create("writers");
	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, t_setup, t_teardown);
	tcase_add_test(tc, test_write_leaves_others_files);
	tcase_add_test(tc, test_writer_waits_for_the_lock);
	tcase_add_test(tc, test_writers_take_turns);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(save_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
