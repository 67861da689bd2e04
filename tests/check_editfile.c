/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of the editor's file (core/edit-file.c): a level saved with
 * its problems opens again, listing them, its map as drawn; a change made
 * to the file by another program since it was read is noticed (the same
 * bytes put back are no change) and not written over unless forced; save
 * as another path asks before replacing a file there and, once done, makes
 * that path the edit's file; a save that cannot be written says why, and
 * another path then works; and the recovery file is written private under
 * its documented name, found when the file is opened again, opened as an
 * unsaved edit of that file and removed when the level is saved; a level
 * file changed on disk after its recovery file was written is told, and
 * the recovered edit's save asks before writing over it.
 */
#include <sys/stat.h>

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/edit.h"
#include "testutil.h"

#define T_ERR	2048

static char	t_dir[512];		/* a fresh directory per test */
static char	t_path[600];		/* t_dir/level.weir */

/* A fresh directory, the state directory in it too. */
static void
t_setup(void)
{
	char	state[700];

	ck_assert_int_eq(tu_mkdtemp(t_dir, sizeof t_dir, "check_editfile"),
	    0);
	snprintf(t_path, sizeof t_path, "%s/level.weir", t_dir);
	snprintf(state, sizeof state, "%s/state", t_dir);
	setenv("XDG_STATE_HOME", state, 1);
}

/* Remove the directory. */
static void
t_teardown(void)
{
	tu_rmdir(t_dir);
}

/* Write text to path. */
static void
t_write(const char *path, const char *text)
{
	ck_assert_msg(tu_put(path, text, strlen(text)) == 0, "%s: %s", path,
	    strerror(errno));
}

/* The whole file at path, to free. */
static char *
t_read(const char *path)
{
	size_t	 len;
	char	*s = tu_slurp(path, &len);

	ck_assert_msg(s != NULL, "%s: %s", path, strerror(errno));
	return s;
}

/* A playable level drawn anew, saved at t_path. */
static struct edit *
t_saved(void)
{
	struct edit	*e = edit_new(10, 5, "Drawn");
	char		 err[T_ERR];

	ck_assert_ptr_nonnull(e);
	ck_assert(edit_paint(e, 1, 2, 'A'));
	ck_assert(edit_paint(e, 8, 2, '>'));
	ck_assert_int_eq(edit_save_as(e, t_path, 0, err, sizeof err),
	    EDIT_SAVE_OK);
	return e;
}

/* Whether some problem of e says s. */
static bool
t_says(const struct edit *e, const char *s)
{
	for (int i = 0; i < e->nproblems; i++) {
		if (strstr(e->problems[i].msg, s) != NULL)
			return true;
	}
	return false;
}

START_TEST(test_level_with_problems_opens)
{
	static const char text[] =
	    "weir-level 1\n"
	    "title Broken\n"
	    "gold 10\n"
	    "lives 3\n"
	    "hero 0 0\n"
	    "map\n"
	    "########\n"
	    "#......#\n"
	    "########\n"
	    "end\n"
	    "wave\n"
	    "group 2 grunt from B\n";
	struct edit	*e;
	char		 err[T_ERR], *again;
	size_t		 len;

	/* No spawn, no exit, a group from nowhere, the hero in a wall. */
	t_write(t_path, text);
	e = edit_load(t_path, err, sizeof err);
	ck_assert_msg(e != NULL, "%s", err);
	ck_assert(!edit_modified(e));
	edit_refresh(e);
	ck_assert(t_says(e, "no spawn"));
	ck_assert(t_says(e, "no exit"));
	ck_assert(t_says(e, "hero"));
	ck_assert_int_ge(e->nproblems, 3);
	again = edit_text(e, &len);
	ck_assert_str_eq(again, text);
	free(again);
	ck_assert_str_eq(e->path, t_path);
	edit_free(e);

	/* No waves at all, and a spawn bigger than play takes: as drawn. */
	{
		char	big[2048], row[128], wall[128];
		int	x;

		for (x = 0; x < 70; x++) {
			row[x] = 'B';
			wall[x] = '#';
		}
		row[70] = '\0';
		wall[70] = '#';
		wall[71] = '\0';
		snprintf(big, sizeof big, "weir-level 1\ntitle Big\ngold 1\n"
		    "lives 1\nmap\n%s\n%s>\nend\n", wall, row);
		t_write(t_path, big);
		e = edit_load(t_path, err, sizeof err);
		ck_assert_msg(e != NULL, "%s", err);
		for (x = 0; x < 70; x++)
			ck_assert_int_eq(edit_get(e, x, 1), 'B');
		edit_refresh(e);
		ck_assert(t_says(e, "too big"));
		again = edit_text(e, &len);
		ck_assert_str_eq(again, big);
		free(again);
		edit_free(e);
	}

	/* Not a level file's text at all: still refused, with its place. */
	t_write(t_path, "weir-level 1\nmap\n##\n#?\nend\n");
	ck_assert_ptr_null(edit_load(t_path, err, sizeof err));
	ck_assert_msg(strstr(err, "level.weir:4:2:") != NULL, "%s", err);
}
END_TEST

START_TEST(test_change_on_disk_noticed)
{
	struct edit	*e = t_saved();
	char		 err[T_ERR], *mine, *now;

	ck_assert_int_eq(edit_disk_check(e, NULL, err, sizeof err),
	    EDIT_DISK_SAME);
	/* The same bytes written again (a checkout of the same text). */
	mine = t_read(t_path);
	unlink(t_path);
	t_write(t_path, mine);
	ck_assert_int_eq(edit_disk_check(e, NULL, err, sizeof err),
	    EDIT_DISK_SAME);
	/* Another program's change: noticed, and not written over. */
	t_write(t_path, "weir-level 1\n# someone else's\n");
	ck_assert_int_eq(edit_disk_check(e, NULL, err, sizeof err),
	    EDIT_DISK_CHANGED);
	edit_paint(e, 4, 2, '#');
	ck_assert_int_eq(edit_save_as(e, t_path, 0, err, sizeof err),
	    EDIT_SAVE_CHANGED);
	ck_assert_msg(strstr(err, "changed on disk") != NULL, "%s", err);
	now = t_read(t_path);
	ck_assert_str_eq(now, "weir-level 1\n# someone else's\n");
	free(now);
	ck_assert(edit_modified(e));
	/* Told to: written, and the file is the edit's again. */
	ck_assert_int_eq(edit_save_as(e, t_path, EDIT_SAVE_FORCE, err,
	    sizeof err), EDIT_SAVE_OK);
	ck_assert(!edit_modified(e));
	ck_assert_int_eq(edit_disk_check(e, NULL, err, sizeof err),
	    EDIT_DISK_SAME);
	now = t_read(t_path);
	ck_assert_str_ne(now, mine);
	free(now);
	/* Removed meanwhile: said, and a save makes it again. */
	ck_assert_int_eq(unlink(t_path), 0);
	ck_assert_int_eq(edit_disk_check(e, NULL, err, sizeof err),
	    EDIT_DISK_GONE);
	ck_assert_int_eq(edit_save_as(e, t_path, 0, err, sizeof err),
	    EDIT_SAVE_OK);
	ck_assert_int_eq(access(t_path, F_OK), 0);
	/* The old call writes over a change, as it always did. */
	t_write(t_path, "changed\n");
	ck_assert_int_eq(edit_save(e, t_path, err, sizeof err), 0);
	free(mine);
	edit_free(e);
}
END_TEST

START_TEST(test_save_as)
{
	struct edit	*e = t_saved();
	char		 err[T_ERR], other[700], link[700], *s;

	snprintf(other, sizeof other, "%s/other.weir", t_dir);
	t_write(other, "mine\n");
	/* A file there: asked first. */
	ck_assert_int_eq(edit_save_as(e, other, 0, err, sizeof err),
	    EDIT_SAVE_EXISTS);
	s = t_read(other);
	ck_assert_str_eq(s, "mine\n");
	free(s);
	ck_assert_int_eq(edit_save_as(e, other, EDIT_SAVE_FORCE, err,
	    sizeof err), EDIT_SAVE_OK);
	ck_assert_str_eq(e->path, other);
	/* From now on other is its own file: saved without asking. */
	edit_paint(e, 3, 3, '~');
	ck_assert_int_eq(edit_save_as(e, other, 0, err, sizeof err),
	    EDIT_SAVE_OK);

	/* Opened through a symbolic link: the save fails, saying why, and
	 * another path takes it. */
	edit_free(e);
	snprintf(link, sizeof link, "%s/link.weir", t_dir);
	ck_assert_int_eq(symlink(other, link), 0);
	e = edit_load(link, err, sizeof err);
	ck_assert_msg(e != NULL, "%s", err);
	edit_paint(e, 2, 3, '~');
	ck_assert_int_eq(edit_save_as(e, link, 0, err, sizeof err),
	    EDIT_SAVE_FAILED);
	ck_assert_msg(strstr(err, "symbolic link") != NULL, "%s", err);
	ck_assert_int_eq(edit_save_as(e, t_path, EDIT_SAVE_FORCE, err,
	    sizeof err), EDIT_SAVE_OK);
	ck_assert(!edit_modified(e));

	/* A directory that cannot be written (not for root, who can). */
	if (geteuid() != 0) {
		char ro[700], in[800];

		snprintf(ro, sizeof ro, "%s/ro", t_dir);
		ck_assert_int_eq(mkdir(ro, 0500), 0);
		snprintf(in, sizeof in, "%s/x.weir", ro);
		ck_assert_int_eq(edit_save_as(e, in, 0, err, sizeof err),
		    EDIT_SAVE_FAILED);
		ck_assert_msg(strstr(err, in) != NULL, "%s", err);
		ck_assert_int_eq(chmod(ro, 0700), 0);
	}
	edit_free(e);
}
END_TEST

START_TEST(test_recovery_file)
{
	struct edit	*e = t_saved(), *r;
	struct stat	 st;
	char		 err[T_ERR], where[4096], found[4096], want[4096];
	char		 real[4096], *a, *b, odd[700];
	size_t		 la, lb;

	ck_assert(!edit_recover_find(t_path, found, sizeof found));
	edit_paint(e, 5, 1, '=');
	ck_assert_msg(edit_recover_write(e, t_path, where, sizeof where, err,
	    sizeof err) == 0, "%s", err);
	/* Its documented place and name: the resolved path escaped. */
	ck_assert_ptr_nonnull(realpath(t_path, real));
	ck_assert_int_eq(strncmp(real, "/", 1), 0);
	snprintf(want, sizeof want, "%s/state/weir/recover/", t_dir);
	ck_assert_int_eq(strncmp(where, want, strlen(want)), 0);
	ck_assert_int_eq(strncmp(where + strlen(want), "%2F", 3), 0);
	ck_assert_ptr_null(strchr(where + strlen(want), '/'));
	ck_assert_ptr_nonnull(strstr(where, "%2Flevel.weir.weir"));
	ck_assert_int_eq(stat(where, &st), 0);
	ck_assert_uint_eq(st.st_mode & 0777, 0600);

	/* Found when the file is opened again, and opened unsaved. */
	ck_assert(edit_recover_find(t_path, found, sizeof found));
	ck_assert_str_eq(found, where);
	r = edit_recover_open(t_path, found, err, sizeof err);
	ck_assert_msg(r != NULL, "%s", err);
	ck_assert(edit_modified(r));
	ck_assert_str_eq(r->path, t_path);
	ck_assert_int_eq(edit_get(r, 5, 1), '=');
	a = edit_text(e, &la);
	b = edit_text(r, &lb);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	ck_assert_int_eq(edit_disk_check(r, NULL, err, sizeof err),
	    EDIT_DISK_SAME);
	/* Saving the level removes it. */
	ck_assert_int_eq(edit_save_as(r, t_path, 0, err, sizeof err),
	    EDIT_SAVE_OK);
	ck_assert(!edit_recover_find(t_path, found, sizeof found));
	ck_assert_int_eq(access(where, F_OK), -1);
	edit_free(r);

	/* Odd bytes are escaped, and a path too long for a name is cut
	 * with a hash; two paths never share a recovery file. */
	snprintf(odd, sizeof odd, "%s/my level%%1.weir", t_dir);
	ck_assert_int_eq(edit_recover_path(odd, found, sizeof found), 0);
	ck_assert_ptr_nonnull(strstr(found, "my%20level%251.weir.weir"));
	{
		char	longp[1400], other[1500];
		int	i, n;

		n = snprintf(longp, sizeof longp, "%s/", t_dir);
		for (i = 0; i < 40; i++)
			n += snprintf(longp + n, sizeof longp - (size_t)n,
			    "deep/");
		snprintf(other, sizeof other, "%sx.weir", longp);
		snprintf(longp + n, sizeof longp - (size_t)n, "y.weir");
		ck_assert_int_eq(edit_recover_path(longp, found,
		    sizeof found), 0);
		ck_assert_int_eq(edit_recover_path(other, want, sizeof want),
		    0);
		ck_assert_str_ne(found, want);
		ck_assert_uint_le(strlen(strrchr(found, '/') + 1), 255);
		ck_assert_ptr_nonnull(strstr(found, "y.weir-"));
	}
	edit_free(e);
}
END_TEST

/*
 * The level file changed on disk after its recovery file was written: the
 * offer can tell (edit_recover_check), and the recovered edit's save asks
 * as any save does (EDIT_SAVE_CHANGED), the newer file whole until forced.
 */
START_TEST(test_recovery_file_changed)
{
	static const char newer[] = "weir-level 1\ntitle Newer\nmap\n"
	    "##########\nA........>\n##########\nend\n"
	    "wave after 10\ngroup 1 runner from A every 1\n";
	struct edit	*e = t_saved(), *r;
	char		 err[T_ERR], where[4096], *a, *b, *mark;
	size_t		 la, lb;
	FILE		*f;

	edit_paint(e, 5, 1, '=');
	ck_assert_msg(edit_recover_write(e, t_path, where, sizeof where, err,
	    sizeof err) == 0, "%s", err);
	ck_assert_int_eq(edit_recover_check(t_path, where, err, sizeof err),
	    EDIT_DISK_SAME);
	/* The same bytes put back are no change. */
	a = t_read(t_path);
	t_write(t_path, a);
	ck_assert_int_eq(edit_recover_check(t_path, where, err, sizeof err),
	    EDIT_DISK_SAME);
	free(a);

	/* Another program writes the level file. */
	t_write(t_path, newer);
	ck_assert_int_eq(edit_recover_check(t_path, where, err, sizeof err),
	    EDIT_DISK_CHANGED);
	r = edit_recover_open(t_path, where, err, sizeof err);
	ck_assert_msg(r != NULL, "%s", err);
	/* The recovery file's own line is not the level's. */
	a = edit_text(e, &la);
	b = edit_text(r, &lb);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	ck_assert_int_eq(edit_disk_check(r, NULL, err, sizeof err),
	    EDIT_DISK_CHANGED);
	ck_assert_int_eq(edit_save_as(r, t_path, 0, err, sizeof err),
	    EDIT_SAVE_CHANGED);
	a = t_read(t_path);
	ck_assert_str_eq(a, newer);
	free(a);
	ck_assert(edit_recover_find(t_path, err, sizeof err));
	ck_assert_int_eq(edit_save_as(r, t_path, EDIT_SAVE_FORCE, err,
	    sizeof err), EDIT_SAVE_OK);
	ck_assert_int_eq(access(where, F_OK), -1);
	edit_free(r);

	/* Removed since: gone. */
	ck_assert_msg(edit_recover_write(e, t_path, where, sizeof where, err,
	    sizeof err) == 0, "%s", err);
	ck_assert_int_eq(unlink(t_path), 0);
	ck_assert_int_eq(edit_recover_check(t_path, where, err, sizeof err),
	    EDIT_DISK_GONE);
	edit_free(e);

	/* A new level, never saved: a file made there since is new. */
	e = edit_new(10, 5, "Never saved");
	ck_assert(edit_paint(e, 1, 2, 'A'));
	ck_assert_msg(edit_recover_write(e, t_path, where, sizeof where, err,
	    sizeof err) == 0, "%s", err);
	ck_assert_int_eq(edit_recover_check(t_path, where, err, sizeof err),
	    EDIT_DISK_SAME);
	t_write(t_path, newer);
	ck_assert_int_eq(edit_recover_check(t_path, where, err, sizeof err),
	    EDIT_DISK_NEW);
	r = edit_recover_open(t_path, where, err, sizeof err);
	ck_assert_msg(r != NULL, "%s", err);
	ck_assert_int_eq(edit_save_as(r, t_path, 0, err, sizeof err),
	    EDIT_SAVE_CHANGED);
	edit_free(r);

	/* A last line mangled on disk is cut off and read as no word. */
	a = t_read(where);
	mark = strstr(a, "# weir-recovery: ");
	ck_assert_ptr_nonnull(mark);
	strcpy(mark, "# weir-recovery: the level file read was size x\n");
	ck_assert_ptr_nonnull(f = fopen(where, "w"));
	fputs(a, f);
	ck_assert_int_eq(fclose(f), 0);
	free(a);
	ck_assert_int_eq(edit_recover_check(t_path, where, err, sizeof err),
	    EDIT_DISK_SAME);
	r = edit_recover_open(t_path, where, err, sizeof err);
	ck_assert_msg(r != NULL, "%s", err);
	b = edit_text(r, &lb);
	ck_assert_ptr_null(strstr(b, "weir-recovery"));
	free(b);
	edit_free(r);
	edit_free(e);
}
END_TEST

static Suite *
editfile_suite(void)
{
	Suite	*s = suite_create("editfile");
	TCase	*tc = tcase_create("file");

	tcase_add_checked_fixture(tc, t_setup, t_teardown);
	tcase_add_test(tc, test_level_with_problems_opens);
	tcase_add_test(tc, test_change_on_disk_noticed);
	tcase_add_test(tc, test_save_as);
	tcase_add_test(tc, test_recovery_file);
	tcase_add_test(tc, test_recovery_file_changed);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(editfile_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
