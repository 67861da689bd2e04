/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of the level editor's operations (core/edit.c): painting,
 * strokes and filled rectangles, undo and redo without limit, the field
 * kept by repair equal to a rebuild after every cell, every problem found
 * with its place, spawn routes, and the writer: a level written and read
 * back writes the same bytes, a hand-written file keeps its comments,
 * spacing and order where nothing changed, a save is atomic and
 * re-readable, a Moving AI map converts, and the bot plays what is drawn.
 */
#include <sys/stat.h>

#include <check.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/edit.h"
#include "core/rate.h"
#include "nav/field.h"
#include "core/level.h"
#include "nav/util.h"
#include "testutil.h"

#define T_ERR	1024

/* A hand-written level: comments, odd spacing, waves before the map. */
static const char t_hand[] =
    "weir-level 1\n"
    "# A level written by hand.\n"
    "title   Hand Made\n"
    "gold 100\n"
    "lives 7\n"
    "hero 2 2\n"
    "\n"
    "# The waves come first in this file.\n"
    "wave after 5\n"
    "group 3 grunt from A every 1.5\n"
    "# a second group, later\n"
    "group   2 runner from A   after 4\n"
    "\n"
    "wave\n"
    "group 1 brute from A\n"
    "\n"
    "map\n"
    "##########\n"
    "#........#\n"
    "A........>\n"
    "#........#\n"
    "##########\n"
    "end\n"
    "# the end\n";

/* An edit of text, which must parse. */
static struct edit *
t_parse(const char *text)
{
	char		 err[T_ERR];
	struct edit	*e = edit_parse("t", text, strlen(text), err,
			    sizeof err);

	ck_assert_msg(e != NULL, "%s", err);
	return e;
}

/* A new w x h level with spawn A at (1, y) and an exit at (w - 2, y). */
static struct edit *
t_drawn(int w, int h, int y)
{
	struct edit	*e = edit_new(w, h, "Drawn");

	ck_assert_ptr_nonnull(e);
	ck_assert(edit_paint(e, 1, y, 'A'));
	ck_assert(edit_paint(e, w - 2, y, '>'));
	return e;
}

/* Whether the edit's field is what a full build of its map gives. */
static void
t_field_is_rebuilt(const struct edit *e)
{
	struct grid	*g = grid_new(e->w, e->h, e->m.diagonal);
	struct field	*f = field_new(e->w, e->h);
	int32_t		*goals = xcalloc(FIELD_MAX_GOALS, sizeof *goals);
	int		 x, y, n = 0;

	for (y = 0; y < e->h; y++) {
		for (x = 0; x < e->w; x++) {
			int c = edit_get(e, x, y);

			grid_set_cost(g, x, y, edit_field_cost(e, c));
			if (c == '>')
				goals[n++] = grid_index(g, x, y);
		}
	}
	field_build(f, g, goals, n);
	for (y = 0; y < e->h; y++) {
		for (x = 0; x < e->w; x++) {
			int i = grid_index(g, x, y);

			ck_assert_msg(f->dist[i] == e->field->dist[i],
			    "cell %d,%d: rebuilt %lld, repaired %lld", x, y,
			    (long long)f->dist[i],
			    (long long)e->field->dist[i]);
			ck_assert_int_eq(g->cost[i], e->grid->cost[i]);
		}
	}
	free(goals);
	field_free(f);
	grid_free(g);
}

/* Whether some problem's message holds s; its index or -1. */
static int
t_problem(const struct edit *e, const char *s)
{
	for (int i = 0; i < e->nproblems; i++) {
		if (strstr(e->problems[i].msg, s) != NULL)
			return i;
	}
	return -1;
}

/* The edit's text, as a string to free. */
static char *
t_text(const struct edit *e)
{
	size_t	len;
	char	*s = edit_text(e, &len);

	ck_assert_uint_eq(strlen(s), len);
	return s;
}

START_TEST(test_paint_undo_redo)
{
	struct edit	*e = edit_new(20, 10, "Undo");
	int		 i;

	ck_assert_int_eq(edit_get(e, 0, 0), '#');
	ck_assert_int_eq(edit_get(e, 5, 5), '.');
	ck_assert(!edit_paint(e, 5, 5, '.'));	/* no change, no step */
	ck_assert(!edit_can_undo(e));
	ck_assert(!edit_paint(e, 5, 5, '?'));	/* not a glyph */
	ck_assert(!edit_paint(e, 20, 5, '#'));	/* off the map */
	/* 300 single paints, all undone, all redone: no limit. */
	for (i = 0; i < 300; i++)
		ck_assert(edit_paint(e, 1 + i % 18, 1 + i / 18 % 8,
		    "#=~>"[(i + i / 144) % 4]));
	for (i = 0; i < 300; i++)
		ck_assert(edit_undo(e));
	ck_assert(!edit_undo(e));
	for (int y = 1; y < 9; y++)
		for (int x = 1; x < 19; x++)
			ck_assert_int_eq(edit_get(e, x, y), '.');
	t_field_is_rebuilt(e);
	for (i = 0; i < 300; i++)
		ck_assert(edit_redo(e));
	ck_assert(!edit_redo(e));
	ck_assert_int_eq(edit_get(e, 1 + 299 % 18, 1 + 299 / 18 % 8),
	    "#=~>"[(299 + 299 / 144) % 4]);
	t_field_is_rebuilt(e);
	/* A new step forgets what was undone. */
	edit_undo(e);
	ck_assert(edit_can_redo(e));
	edit_paint(e, 3, 3, 'B');
	ck_assert(!edit_can_redo(e));
	edit_free(e);
}
END_TEST

START_TEST(test_stroke_and_fill_are_one_step)
{
	struct edit	*e = edit_new(20, 10, "Strokes");

	edit_begin(e);
	for (int x = 2; x < 12; x++)
		edit_paint(e, x, 4, '=');
	edit_paint(e, 5, 4, '~');	/* twice in one stroke */
	edit_end(e);
	ck_assert_int_eq(edit_get(e, 5, 4), '~');
	ck_assert(edit_undo(e));
	for (int x = 2; x < 12; x++)
		ck_assert_int_eq(edit_get(e, x, 4), '.');
	ck_assert(!edit_can_undo(e));
	ck_assert(edit_redo(e));
	ck_assert_int_eq(edit_get(e, 5, 4), '~');
	ck_assert_int_eq(edit_get(e, 6, 4), '=');

	/* A rectangle, corners either way round, clipped to the map. */
	ck_assert_int_eq(edit_fill(e, 4, 3, 2, 1, '#'), 9);	/* built */
	ck_assert_int_eq(edit_get(e, 3, 2), '#');
	t_field_is_rebuilt(e);
	ck_assert_int_eq(edit_fill(e, 18, 8, 25, 30, '~'), 4); /* repaired */
	ck_assert_uint_eq(e->field->stats.rebuilt, 0);
	ck_assert_int_eq(edit_get(e, 19, 9), '~');
	t_field_is_rebuilt(e);
	ck_assert(edit_undo(e));
	t_field_is_rebuilt(e);
	ck_assert(edit_undo(e));
	t_field_is_rebuilt(e);
	ck_assert_int_eq(edit_get(e, 3, 2), '.');
	ck_assert_int_eq(edit_get(e, 19, 9), '#');
	/* An empty stroke is no step. */
	edit_begin(e);
	edit_end(e);
	ck_assert(edit_undo(e));
	ck_assert(!edit_can_undo(e));
	edit_free(e);
}
END_TEST

START_TEST(test_field_repaired_for_each_cell)
{
	struct edit	*e = t_drawn(64, 32, 16);
	uint64_t	 seed = 7;
	int		 i;

	t_field_is_rebuilt(e);
	/* One rock far from the route: a repair, touching few cells. */
	ck_assert(edit_paint(e, 10, 3, '#'));
	ck_assert_uint_eq(e->field->stats.rebuilt, 0);
	ck_assert_uint_lt(e->field->stats.touched, 64 * 32 / 4);
	t_field_is_rebuilt(e);
	/* Random paints of every glyph, each checked against a rebuild. */
	for (i = 0; i < 200; i++) {
		int x = 1 + tu_randint(&seed, 62), y = 1 + tu_randint(&seed,
		    30);

		edit_paint(e, x, y, "#.=~>B"[tu_randint(&seed, 6)]);
		t_field_is_rebuilt(e);
	}
	while (edit_undo(e))
		t_field_is_rebuilt(e);
	edit_free(e);
}
END_TEST

START_TEST(test_every_problem_with_its_place)
{
	struct edit		*e = edit_new(12, 8, "Problems");
	struct edit_meta	 m;
	int			 k;

	edit_refresh(e);
	/* New: no spawn, no exit, and the wave's spawn A is not there. */
	ck_assert_int_ge(t_problem(e, "no spawn"), 0);
	ck_assert_int_ge(t_problem(e, "no exit"), 0);
	k = t_problem(e, "unknown spawn 'A'");
	ck_assert_int_ge(k, 0);
	ck_assert_int_eq(e->problems[k].wave, 0);
	ck_assert_int_eq(e->problems[k].group, 0);
	ck_assert_int_eq(e->nproblems, 3);

	edit_paint(e, 1, 4, 'A');
	edit_paint(e, 10, 4, '>');
	edit_refresh(e);
	ck_assert_int_eq(e->nproblems, 0);

	/* Walled in: the spawn's cell is named and marked. */
	edit_fill(e, 2, 1, 2, 6, '#');
	edit_refresh(e);
	k = t_problem(e, "spawn 'A' cannot reach any exit");
	ck_assert_int_ge(k, 0);
	ck_assert_int_eq(e->problems[k].x, 1);
	ck_assert_int_eq(e->problems[k].y, 4);
	ck_assert(e->marks[4 * 12 + 1] & EDIT_ROUTE_BAD);

	/* Settings and waves: all listed together. */
	m = e->m;
	m.title[0] = '\0';
	m.has_hero = true;
	m.hero_x = 0;
	m.hero_y = 0;
	m.nwaves = 2;
	m.waves[1].ngroups = 0;
	ck_assert(edit_set_meta(e, &m));
	edit_refresh(e);
	ck_assert_int_ge(t_problem(e, "missing title"), 0);
	ck_assert_int_ge(t_problem(e, "stands in a wall"), 0);
	ck_assert_int_ge(t_problem(e, "wave 2 has no groups"), 0);
	ck_assert_int_ge(t_problem(e, "cannot reach"), 0);
	ck_assert_int_eq(e->nproblems, 4);

	/* Undo the settings, then the wall: all is well again. */
	ck_assert(edit_undo(e));
	ck_assert(edit_undo(e));
	edit_refresh(e);
	ck_assert_int_eq(e->nproblems, 0);
	edit_free(e);
}
END_TEST

START_TEST(test_routes_and_lengths)
{
	struct edit	*e = t_drawn(12, 7, 3);

	edit_refresh(e);
	ck_assert_int_eq(e->nroutes, 1);
	ck_assert_int_eq(e->routes[0].label, 'A');
	ck_assert(fabs(e->routes[0].length - 9.0) < 1e-6);
	ck_assert_int_eq(e->routes[0].steps, 10);
	for (int x = 1; x <= 10; x++)
		ck_assert(e->marks[3 * 12 + x] & EDIT_ROUTE_ON);
	/* A wall across the middle with a gap at the top: longer. */
	edit_fill(e, 5, 2, 5, 5, '#');
	edit_refresh(e);
	ck_assert(e->routes[0].length > 9.5);
	ck_assert(!(e->marks[3 * 12 + 5] & EDIT_ROUTE_ON));
	ck_assert(e->marks[1 * 12 + 5] & EDIT_ROUTE_ON);
	/* Closed: no route. */
	edit_paint(e, 5, 1, '#');
	edit_refresh(e);
	ck_assert(isinf(e->routes[0].length));
	edit_free(e);
}
END_TEST

START_TEST(test_new_level_writes_and_reads_back)
{
	struct edit	*e = t_drawn(16, 8, 4), *f;
	struct level	*lv;
	char		*a, *b, err[T_ERR];
	size_t		 len;

	edit_fill(e, 6, 2, 7, 5, '~');
	edit_paint(e, 3, 3, '=');
	a = t_text(e);
	lv = level_parse("a", a, strlen(a), err, sizeof err);
	ck_assert_msg(lv != NULL, "%s\n%s", err, a);
	ck_assert_int_eq(level_terrain_at(lv, 6, 2), LEVEL_SLOW);
	ck_assert_int_eq(lv->nwaves, 1);
	level_free(lv);
	f = t_parse(a);
	b = edit_text(f, &len);
	ck_assert_str_eq(a, b);
	ck_assert(!edit_modified(f));
	free(b);
	/* Written over its own text, unchanged: the same bytes. */
	edit_saved(e, a, strlen(a));
	b = t_text(e);
	ck_assert_str_eq(e->src, b);
	free(b);
	edit_free(f);
	edit_free(e);
}
END_TEST

START_TEST(test_hand_written_file_kept)
{
	struct edit		*e = t_parse(t_hand);
	struct edit_meta	 m;
	char			*s;
	const char		*want;

	/* Unchanged: byte for byte. */
	s = t_text(e);
	ck_assert_str_eq(s, t_hand);
	free(s);

	/* Gold, a group, one map row, a new description, the hero gone. */
	m = e->m;
	m.gold = 150;
	m.waves[0].groups[1].count = 5;
	snprintf(m.description, sizeof m.description, "Now described.");
	m.has_hero = false;
	ck_assert(edit_set_meta(e, &m));
	edit_paint(e, 4, 2, '#');
	s = t_text(e);
	want =
	    "weir-level 1\n"
	    "# A level written by hand.\n"
	    "title   Hand Made\n"
	    "description Now described.\n"
	    "gold 150\n"
	    "lives 7\n"
	    "\n"
	    "# The waves come first in this file.\n"
	    "wave after 5\n"
	    "group 3 grunt from A every 1.5\n"
	    "# a second group, later\n"
	    "group 5 runner from A every 1 after 4\n"
	    "\n"
	    "wave\n"
	    "group 1 brute from A\n"
	    "\n"
	    "map\n"
	    "##########\n"
	    "#........#\n"
	    "A...#....>\n"
	    "#........#\n"
	    "##########\n"
	    "end\n"
	    "# the end\n";
	ck_assert_str_eq(s, want);
	free(s);

	/* A group added to wave 1, a wave added, a wave's delay changed. */
	m = e->m;
	m.waves[0].after_ms = 2500;
	m.waves[0].ngroups = 3;
	m.waves[0].groups[2] = m.waves[0].groups[0];
	m.waves[0].groups[2].count = 9;
	m.nwaves = 3;
	m.waves[2] = m.waves[1];
	ck_assert(edit_set_meta(e, &m));
	s = t_text(e);
	ck_assert_ptr_nonnull(strstr(s, "wave after 2.5\n"
	    "group 3 grunt from A every 1.5\n"
	    "# a second group, later\n"
	    "group 5 runner from A every 1 after 4\n"
	    "group 9 grunt from A every 1.5\n"
	    "\n"
	    "wave\n"
	    "group 1 brute from A\n"
	    "\n"
	    "wave\n"
	    "group 1 brute from A every 1\n"
	    "\n"
	    "map\n"));
	free(s);

	/* Everything undone: the very text read. */
	while (edit_undo(e))
		;
	s = t_text(e);
	ck_assert_str_eq(s, t_hand);
	free(s);
	edit_free(e);
}
END_TEST

START_TEST(test_resize)
{
	struct edit	*e = t_parse(t_hand);
	char		*s;

	/* Taller: new rows of ground after the last, before "end". */
	ck_assert(edit_resize(e, 10, 6));
	ck_assert(!edit_resize(e, 10, 6));
	ck_assert_int_eq(edit_get(e, 3, 5), '.');
	t_field_is_rebuilt(e);
	s = t_text(e);
	ck_assert_ptr_nonnull(strstr(s, "##########\n..........\nend\n"));
	ck_assert_ptr_nonnull(strstr(s, "# the end\n"));
	free(s);
	/* Narrower and shorter: every row rewritten, the hero still on. */
	ck_assert(edit_resize(e, 6, 4));
	ck_assert_int_eq(e->w, 6);
	t_field_is_rebuilt(e);
	s = t_text(e);
	ck_assert_ptr_nonnull(strstr(s, "map\n######\n#.....\nA.....\n"
	    "#.....\nend\n"));
	free(s);
	edit_refresh(e);
	ck_assert_int_ge(t_problem(e, "no exit"), 0);
	/* A stroke after the resize, then everything undone. */
	edit_paint(e, 5, 2, '>');
	edit_refresh(e);
	ck_assert_int_eq(e->nproblems, 0);
	while (edit_undo(e))
		t_field_is_rebuilt(e);
	ck_assert_int_eq(e->w, 10);
	ck_assert_int_eq(e->h, 5);
	s = t_text(e);
	ck_assert_str_eq(s, t_hand);
	free(s);
	while (edit_redo(e))
		;
	ck_assert_int_eq(e->w, 6);
	ck_assert_int_eq(edit_get(e, 5, 2), '>');
	edit_free(e);
}
END_TEST

START_TEST(test_crlf_and_no_final_newline)
{
	const char	*text = "weir-level 1\r\ntitle C\r\ngold 1\r\n"
			    "lives 1\r\nmap\r\nA.>\r\nend\r\nwave\r\n"
			    "group 1 grunt from A";
	struct edit	*e = t_parse(text);
	char		*s;

	s = t_text(e);
	ck_assert_str_eq(s, text);
	free(s);
	edit_paint(e, 1, 0, '=');
	{
		struct edit_meta m = e->m;

		m.waves[0].ngroups = 2;
		m.waves[0].groups[1] = m.waves[0].groups[0];
		edit_set_meta(e, &m);
	}
	s = t_text(e);
	ck_assert_str_eq(s, "weir-level 1\r\ntitle C\r\ngold 1\r\n"
	    "lives 1\r\nmap\r\nA=>\r\nend\r\nwave\r\n"
	    "group 1 grunt from A\r\ngroup 1 grunt from A every 1\r\n");
	free(s);
	edit_free(e);
}
END_TEST

START_TEST(test_save_is_atomic_and_reads_back)
{
	struct edit	*e = t_drawn(10, 6, 3), *f;
	char		 dir[512], path[600], err[T_ERR], *text, *again;
	size_t		 len, len2;

	ck_assert_int_eq(tu_mkdtemp(dir, sizeof dir, "check_edit"), 0);
	snprintf(path, sizeof path, "%s/drawn.weir", dir);
	ck_assert(edit_modified(e));
	ck_assert_msg(edit_save(e, path, err, sizeof err) == 0, "%s", err);
	ck_assert(!edit_modified(e));
	/* Nothing else in the directory: no temporary file, no lock. */
	ck_assert_int_eq(tu_count_files(dir, ""), 3);	/* ., .., drawn */
	text = tu_slurp(path, &len);
	ck_assert_ptr_nonnull(text);
	f = edit_load(path, err, sizeof err);
	ck_assert_msg(f != NULL, "%s", err);
	again = edit_text(f, &len2);
	ck_assert_uint_eq(len, len2);
	ck_assert(memcmp(text, again, len) == 0);
	free(again);
	edit_free(f);
	/* Modified, then undone: not modified. */
	edit_paint(e, 4, 4, '#');
	ck_assert(edit_modified(e));
	edit_undo(e);
	ck_assert(!edit_modified(e));
	/* A directory in the way: refused, the edit keeps its source. */
	ck_assert_int_eq(edit_save(e, dir, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, dir));
	free(text);
	edit_free(e);
	tu_rmdir(dir);
}
END_TEST

/* A group of the caller's other than gid, or (gid_t)-1 when none. */
static gid_t
t_other_group(gid_t gid)
{
	gid_t	groups[64];
	int	i, n = getgroups(64, groups);

	if (geteuid() == 0)
		return gid + 4242;	/* root may give any group */
	for (i = 0; i < n; i++)
		if (groups[i] != gid)
			return groups[i];
	return (gid_t)-1;
}

START_TEST(test_save_keeps_mode_and_others_files)
{
	struct edit	*e = t_drawn(10, 6, 3);
	struct stat	 st;
	char		 dir[512], path[600], tmp[700], lock[700], err[T_ERR];
	char		*got;
	size_t		 len;
	gid_t		 gid;

	ck_assert_int_eq(tu_mkdtemp(dir, sizeof dir, "check_edit"), 0);
	snprintf(path, sizeof path, "%s/private.weir", dir);
	snprintf(tmp, sizeof tmp, "%s.tmp", path);
	snprintf(lock, sizeof lock, "%s.lock", path);
	ck_assert_msg(edit_save(e, path, err, sizeof err) == 0, "%s", err);
	/* A private level, in a group of its own where one can be had. */
	ck_assert_int_eq(chmod(path, 0600), 0);
	ck_assert_int_eq(stat(path, &st), 0);
	gid = t_other_group(st.st_gid);
	if (gid != (gid_t)-1)
		ck_assert_int_eq(chown(path, (uid_t)-1, gid), 0);
	else
		gid = st.st_gid;
	/* Files of the user's with the names older weirs wrote and removed. */
	tu_put(tmp, "draft", 5);
	tu_put(lock, "notes", 5);

	edit_paint(e, 4, 4, '#');
	ck_assert_msg(edit_save(e, path, err, sizeof err) == 0, "%s", err);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_uint_eq(st.st_mode & 07777, 0600);
	ck_assert_uint_eq(st.st_gid, gid);
	got = tu_slurp(tmp, &len);
	ck_assert_ptr_nonnull(got);
	ck_assert_str_eq(got, "draft");
	free(got);
	got = tu_slurp(lock, &len);
	ck_assert_ptr_nonnull(got);
	ck_assert_str_eq(got, "notes");
	free(got);
	ck_assert_int_eq(tu_count_files(dir, ""), 5);

	/* A new file gets the usual mode, less the umask. */
	snprintf(path, sizeof path, "%s/new.weir", dir);
	ck_assert_msg(edit_save(e, path, err, sizeof err) == 0, "%s", err);
	ck_assert_int_eq(stat(path, &st), 0);
	{
		mode_t mask = umask(0);

		umask(mask);
		ck_assert_uint_eq(st.st_mode & 07777, 0644 & ~mask);
	}
	edit_free(e);
	tu_rmdir(dir);
}
END_TEST

START_TEST(test_movingai_map_converts)
{
	char		 err[T_ERR];
	struct edit	*e = edit_load(tu_srcpath("tests/data/levels/good/"
			    "small.map"), err, sizeof err);
	struct level	*lv;

	ck_assert_msg(e != NULL, "%s", err);
	ck_assert_ptr_null(e->src);
	ck_assert(edit_modified(e));
	edit_refresh(e);
	ck_assert_int_eq(e->nproblems, 0);
	lv = edit_level(e, err, sizeof err);
	ck_assert_msg(lv != NULL, "%s", err);
	ck_assert_int_eq(lv->w, e->w);
	ck_assert_int_eq(lv->nspawns, 1);
	level_free(lv);
	edit_free(e);
}
END_TEST

START_TEST(test_settings_undo_and_movement)
{
	struct edit		*e = t_drawn(12, 8, 4);
	struct edit_meta	 m = e->m;

	edit_paint(e, 3, 2, '~');
	m.gold = 999;
	m.diagonal = false;
	m.slow_cost = 9;
	ck_assert(edit_set_meta(e, &m));
	ck_assert(!edit_set_meta(e, &m));	/* the same: no step */
	ck_assert_int_eq(e->grid->diagonal, false);
	t_field_is_rebuilt(e);
	ck_assert(edit_undo(e));
	ck_assert_int_eq(e->m.gold, 200);
	ck_assert(e->m.diagonal);
	t_field_is_rebuilt(e);
	ck_assert(edit_redo(e));
	ck_assert_int_eq(e->m.gold, 999);
	ck_assert_int_eq(e->grid->cost[grid_index(e->grid, 3, 2)], 9);
	edit_free(e);
}
END_TEST

/* The enemies' hit points ("hp") are a setting: it reaches the level. */
START_TEST(test_settings_hp)
{
	struct edit		*e = t_drawn(12, 8, 4);
	struct edit_meta	 m = e->m;
	struct level		*lv;
	char			 err[T_ERR];

	ck_assert_int_eq(m.hp_pct, LEVEL_HP_DEFAULT);
	m.hp_pct = 175;
	ck_assert(edit_set_meta(e, &m));
	edit_refresh(e);
	lv = edit_level(e, err, sizeof err);
	ck_assert_msg(lv != NULL, "%s", err);
	ck_assert_int_eq(lv->hp_pct, 175);
	level_free(lv);
	ck_assert(edit_undo(e));
	ck_assert_int_eq(e->m.hp_pct, LEVEL_HP_DEFAULT);
	edit_free(e);
}
END_TEST

START_TEST(test_bot_plays_what_is_drawn)
{
	struct edit		*e = t_drawn(16, 9, 4);
	struct edit_trial	 t;
	struct level		*lv;
	char			 err[T_ERR];

	lv = edit_level(e, err, sizeof err);
	ck_assert_msg(lv != NULL, "%s", err);
	edit_trial(lv, 1, &t);
	ck_assert(t.state == GAME_WON || t.state == GAME_LOST);
	ck_assert_int_eq(t.waves_total, 1);
	ck_assert_int_eq(t.lives_start, 20);
	ck_assert_int_le(t.lives, 20);
	ck_assert(t.ticks > 0);
	if (t.state == GAME_WON)
		ck_assert_int_eq(t.waves_cleared, 1);
	/* The rating is --rate's for the same level. */
	{
		struct game_opts o = GAME_OPTS_INIT;
		int who;

		ck_assert_int_eq(t.rating, rate_level(lv, &o, &who));
		ck_assert_int_eq(t.strategy, who);
		ck_assert(t.rating >= 0 && t.rating <= RATE_UNBEATEN);
		if (t.state == GAME_LOST)	/* lost at full strength */
			ck_assert_int_eq(t.rating, RATE_UNBEATEN);
	}
	level_free(lv);
	edit_free(e);
}
END_TEST

/*
 * The trial played a slice at a time: slices of one tick, of seven and
 * of a thousand come to edit_trial's figures, rating and strategy, every
 * game of it played; at any point the rating is no more than the best
 * found so far and the estimate is no less than what is played.
 */
START_TEST(test_bot_trial_in_slices)
{
	static const long	 slices[] = { 1, 7, 1000 };
	struct edit		*e = t_drawn(16, 9, 4);
	struct edit_trial	 t;
	struct edit_run		 r;
	struct level		*lv;
	char			 err[T_ERR];
	long			 steps;

	lv = edit_level(e, err, sizeof err);
	ck_assert_msg(lv != NULL, "%s", err);
	edit_trial(lv, 3, &t);
	for (size_t k = 0; k < sizeof slices / sizeof slices[0]; k++) {
		edit_run_init(&r, lv, 3);
		ck_assert_int_eq(r.t.rating, -1);
		ck_assert_int_eq(r.t.state, GAME_PLAYING);
		for (steps = 0; !edit_run_step(&r, slices[k]); steps++) {
			ck_assert_int_le(r.ticks, (steps + 1) * slices[k]);
			ck_assert_int_ge(edit_run_estimate(&r), r.ticks);
			ck_assert_int_le(t.rating, r.rate.best);
		}
		ck_assert_int_eq(r.t.state, t.state);
		ck_assert_int_eq(r.t.lives, t.lives);
		ck_assert_int_eq(r.t.ticks, t.ticks);
		ck_assert_int_eq(r.t.waves_cleared, t.waves_cleared);
		ck_assert_int_eq(r.t.rating, t.rating);
		ck_assert_int_eq(r.t.strategy, t.strategy);
		ck_assert_int_eq(r.ticks, t.ticks + r.practice + r.rate.ticks);
		ck_assert_int_gt(r.practice, 0);	/* the maze practises */
		ck_assert_int_ge(r.rate.games, 2);
		if (slices[k] == 1)	/* one tick a step, and one more */
			ck_assert_int_ge(steps + 1, r.ticks);
		edit_run_free(&r);
	}
	level_free(lv);
	edit_free(e);
}
END_TEST

/* A trial stopped half way frees what it holds (the sanitizer looks). */
START_TEST(test_bot_trial_stopped)
{
	struct edit		*e = t_drawn(16, 9, 4);
	struct edit_run		 r;
	struct level		*lv;
	char			 err[T_ERR];

	lv = edit_level(e, err, sizeof err);
	ck_assert_msg(lv != NULL, "%s", err);
	edit_run_init(&r, lv, 1);
	ck_assert(!edit_run_step(&r, 50));
	ck_assert_int_eq(r.ticks, 50);
	ck_assert(r.g != NULL && r.g->tick + r.practice == 50);
	edit_run_free(&r);
	edit_run_init(&r, lv, 1);
	while (r.g != NULL)
		(void)edit_run_step(&r, 100);
	ck_assert(!edit_run_step(&r, 10));	/* into the rating's games */
	ck_assert(r.rate.g != NULL);
	edit_run_free(&r);
	level_free(lv);
	edit_free(e);
}
END_TEST

static Suite *
edit_suite(void)
{
	Suite	*s = suite_create("edit");
	TCase	*tc;

	tc = tcase_create("paint");
	tcase_set_timeout(tc, 60);	/* a rebuild to compare after each cell */
	tcase_add_test(tc, test_paint_undo_redo);
	tcase_add_test(tc, test_stroke_and_fill_are_one_step);
	tcase_add_test(tc, test_field_repaired_for_each_cell);
	tcase_add_test(tc, test_settings_hp);
	tcase_add_test(tc, test_settings_undo_and_movement);
	suite_add_tcase(s, tc);

	tc = tcase_create("check");
	tcase_add_test(tc, test_every_problem_with_its_place);
	tcase_add_test(tc, test_routes_and_lengths);
	suite_add_tcase(s, tc);

	tc = tcase_create("write");
	tcase_add_test(tc, test_new_level_writes_and_reads_back);
	tcase_add_test(tc, test_hand_written_file_kept);
	tcase_add_test(tc, test_crlf_and_no_final_newline);
	tcase_add_test(tc, test_resize);
	tcase_add_test(tc, test_save_is_atomic_and_reads_back);
	tcase_add_test(tc, test_save_keeps_mode_and_others_files);
	tcase_add_test(tc, test_movingai_map_converts);
	suite_add_tcase(s, tc);

	tc = tcase_create("play");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_bot_plays_what_is_drawn);
	tcase_add_test(tc, test_bot_trial_in_slices);
	tcase_add_test(tc, test_bot_trial_stopped);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(edit_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
