/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of the level files: what valid files parse to, every rejection
 * with its exact message and position, the Moving AI importer and benchmark
 * grid, and random mutations that must never crash the parser.
 */
#include <check.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/level.h"
#include "core/movingai.h"
#include "nav/reach.h"
#include "testutil.h"

#define NAME	"t.weir"

/* The start of a valid level: lines 1-4, the map 5-7, a wave 8-9. */
#define HDR	"weir-level 1\ntitle T\ngold 100\nlives 10\n"
#define MAP	"map\nA..>\nend\n"
#define WAVE	"wave\ngroup 3 grunt from A\n"

static char	errbuf[1024];

/* Parse len bytes of text as NAME. */
static struct level *
parse_n(const char *text, size_t len)
{
	return level_parse(NAME, text, len, errbuf, sizeof errbuf);
}

/* Assert len bytes of text are rejected with "t.weir:" + expect. */
static void
reject_n(const char *text, size_t len, const char *expect)
{
	char		 want[1024];
	struct level	*l;

	snprintf(want, sizeof want, "%s:%s", NAME, expect);
	l = parse_n(text, len);
	ck_assert_msg(l == NULL, "accepted, expected \"%s\"", want);
	ck_assert_str_eq(errbuf, want);
}

/* Assert text is rejected with "t.weir:" + expect. */
static void
reject(const char *text, const char *expect)
{
	reject_n(text, strlen(text), expect);
}

/* Assert text parses; the level is returned. */
static struct level *
accept(const char *text, size_t len)
{
	struct level	*l = parse_n(text, len);

	ck_assert_msg(l != NULL, "rejected: %s", errbuf);
	return l;
}

/* A malloc'd string: prefix, then c n times, then suffix. */
static char *
repeat(const char *prefix, char c, size_t n, const char *suffix)
{
	size_t	 a = strlen(prefix), b = strlen(suffix);
	char	*s = malloc(a + n + b + 1);

	ck_assert_ptr_nonnull(s);
	memcpy(s, prefix, a);
	memset(s + a, c, n);
	memcpy(s + a + n, suffix, b + 1);
	return s;
}

/* Read a whole file under $top_srcdir; NULL if absent. */
static char *
slurp(const char *path, size_t *len)
{
	char	err[256];

	return level_read_file(path, len, err, sizeof err);
}

/* ---------------------------------------------------------------- accept */

START_TEST(test_minimal)
{
	struct level *l = accept(HDR MAP WAVE, strlen(HDR MAP WAVE));

	ck_assert_str_eq(l->title, "T");
	ck_assert_str_eq(l->description, "");
	ck_assert_int_eq(l->gold, 100);
	ck_assert_int_eq(l->lives, 10);
	ck_assert(l->diagonal);
	ck_assert_int_eq(l->slow_cost, LEVEL_SLOW_DEFAULT);
	ck_assert_int_eq(l->hp_pct, LEVEL_HP_DEFAULT);
	ck_assert_int_eq(l->w, 4);
	ck_assert_int_eq(l->h, 1);
	ck_assert_int_eq(l->nspawns, 1);
	ck_assert_int_eq(l->spawns[0].label, 'A');
	ck_assert_int_eq(l->spawns[0].ncells, 1);
	ck_assert_int_eq(l->spawns[0].cells[0].x, 0);
	ck_assert_int_eq(l->spawns[0].cells[0].y, 0);
	ck_assert_int_eq(l->nexits, 1);
	ck_assert_int_eq(l->exits[0].x, 3);
	ck_assert_int_eq(l->exits[0].y, 0);
	ck_assert_int_eq(l->nwaves, 1);
	ck_assert_int_eq(l->waves[0].after_ms, 0);
	ck_assert_int_eq(l->waves[0].ngroups, 1);
	ck_assert_int_eq(l->waves[0].groups[0].enemy, ENEMY_GRUNT);
	ck_assert_int_eq(l->waves[0].groups[0].count, 3);
	ck_assert_int_eq(l->waves[0].groups[0].from, 'A');
	ck_assert_int_eq(l->waves[0].groups[0].spawn, 0);
	ck_assert_int_eq(l->waves[0].groups[0].every_ms, 1000);
	ck_assert_int_eq(l->waves[0].groups[0].after_ms, 0);
	ck_assert_int_eq(level_total_enemies(l), 3);
	level_free(l);
}
END_TEST

START_TEST(test_full)
{
	static const char text[] =
	    "# a comment before the header\n"
	    "\n"
	    "weir-level 1\n"
	    "title  The Fens \n"
	    "description Mud, roads and two gates. # not a comment\n"
	    "gold 1000000\n"
	    "lives 1000\n"
	    "movement 4\n"
	    "slow 9\n"
	    "hp 250\n"
	    "   # an indented comment\n"
	    "map\n"
	    "#B~~=>#\n"
	    "A.~~=.#\n"
	    "A....>#\n"
	    "end\n"
	    "wave after 12.5\n"
	    "  group 1000 skulker from B every 0.125 after 3600\n"
	    "\tgroup 2 boss after 0.5 every 60 from A\n"
	    "wave after 3600\n"
	    "group 1 escort from A every 0\n";
	struct level *l = accept(text, sizeof text - 1);
	const struct level_group *g;

	ck_assert_str_eq(l->title, "The Fens");
	ck_assert_str_eq(l->description,
	    "Mud, roads and two gates. # not a comment");
	ck_assert_int_eq(l->gold, 1000000);
	ck_assert_int_eq(l->lives, 1000);
	ck_assert(!l->diagonal);
	ck_assert_int_eq(l->slow_cost, 9);
	ck_assert_int_eq(l->hp_pct, 250);
	ck_assert_int_eq(l->w, 7);
	ck_assert_int_eq(l->h, 3);
	ck_assert_int_eq(level_terrain_at(l, 0, 0), LEVEL_WALL);
	ck_assert_int_eq(level_terrain_at(l, 1, 0), LEVEL_SPAWN);
	ck_assert_int_eq(level_terrain_at(l, 2, 0), LEVEL_SLOW);
	ck_assert_int_eq(level_terrain_at(l, 4, 0), LEVEL_ROAD);
	ck_assert_int_eq(level_terrain_at(l, 5, 0), LEVEL_EXIT);
	ck_assert_int_eq(level_terrain_at(l, 1, 1), LEVEL_GROUND);
	ck_assert_int_eq(level_terrain_at(l, -1, 0), LEVEL_WALL);
	ck_assert_int_eq(level_terrain_at(l, 7, 0), LEVEL_WALL);
	ck_assert_int_eq(level_terrain_at(l, 0, 3), LEVEL_WALL);

	/* Spawns are sorted by label, their cells in reading order. */
	ck_assert_int_eq(l->nspawns, 2);
	ck_assert_int_eq(l->spawns[0].label, 'A');
	ck_assert_int_eq(l->spawns[0].ncells, 2);
	ck_assert_int_eq(l->spawns[0].cells[0].x, 0);
	ck_assert_int_eq(l->spawns[0].cells[0].y, 1);
	ck_assert_int_eq(l->spawns[0].cells[1].x, 0);
	ck_assert_int_eq(l->spawns[0].cells[1].y, 2);
	ck_assert_int_eq(l->spawns[1].label, 'B');
	ck_assert_int_eq(l->spawns[1].cells[0].x, 1);
	ck_assert_int_eq(l->spawns[1].cells[0].y, 0);
	ck_assert_int_eq(l->nexits, 2);
	ck_assert_int_eq(l->exits[0].x, 5);
	ck_assert_int_eq(l->exits[0].y, 0);
	ck_assert_int_eq(l->exits[1].x, 5);
	ck_assert_int_eq(l->exits[1].y, 2);

	ck_assert_int_eq(l->nwaves, 2);
	ck_assert_int_eq(l->waves[0].after_ms, 12500);
	ck_assert_int_eq(l->waves[0].ngroups, 2);
	g = &l->waves[0].groups[0];
	ck_assert_int_eq(g->enemy, ENEMY_SKULKER);
	ck_assert_int_eq(g->count, 1000);
	ck_assert_int_eq(g->from, 'B');
	ck_assert_int_eq(g->spawn, 1);
	ck_assert_int_eq(g->every_ms, 125);
	ck_assert_int_eq(g->after_ms, 3600000);
	g = &l->waves[0].groups[1];
	ck_assert_int_eq(g->enemy, ENEMY_BOSS);
	ck_assert_int_eq(g->spawn, 0);
	ck_assert_int_eq(g->every_ms, 60000);
	ck_assert_int_eq(g->after_ms, 500);
	ck_assert_int_eq(l->waves[1].after_ms, 3600000);
	ck_assert_int_eq(l->waves[1].groups[0].enemy, ENEMY_ESCORT);
	ck_assert_int_eq(l->waves[1].groups[0].every_ms, 0);
	ck_assert_int_eq(level_total_enemies(l), 1003);
	level_free(l);
}
END_TEST

START_TEST(test_line_ends)
{
	/* CR LF, trailing blanks, no line end at the end of the file. */
	static const char text[] =
	    "weir-level 1\r\n"
	    "title Caf\xc3\xa9 \xe2\x98\x95\t \r\n"
	    "gold 5 \r\n"
	    "lives 1\r\n"
	    "map\r\n"
	    "A.>  \r\n"
	    "end\r\n"
	    "wave after 1\r\n"
	    "group 2 flyer from A every 1.5";
	struct level *l = accept(text, sizeof text - 1);

	ck_assert_str_eq(l->title, "Caf\xc3\xa9 \xe2\x98\x95");
	ck_assert_int_eq(l->gold, 5);
	ck_assert_int_eq(l->w, 3);
	ck_assert_int_eq(l->waves[0].after_ms, 1000);
	ck_assert_int_eq(l->waves[0].groups[0].every_ms, 1500);
	ck_assert_int_eq(l->waves[0].groups[0].enemy, ENEMY_FLYER);
	level_free(l);
}
END_TEST

START_TEST(test_any_order)
{
	static const char text[] =
	    "weir-level 1\n"
	    "wave\n"
	    "group 1 runner from B\n"
	    "map\n"
	    "B.>\n"
	    "end\n"
	    "lives 2\n"
	    "title Backwards\n"
	    "gold 0\n";
	struct level *l = accept(text, sizeof text - 1);

	ck_assert_str_eq(l->title, "Backwards");
	ck_assert_int_eq(l->gold, 0);
	ck_assert_int_eq(l->waves[0].groups[0].spawn, 0);
	ck_assert_int_eq(l->spawns[0].label, 'B');
	level_free(l);
}
END_TEST

START_TEST(test_seconds)
{
	static const struct {
		const char	*s;
		int		 ms;
	} cases[] = {
		{ "0", 0 }, { "2", 2000 }, { "1.5", 1500 }, { "0.25", 250 },
		{ "0.125", 125 }, { "007", 7000 }, { "59.999", 59999 },
		{ "60", 60000 }, { "60.000", 60000 },
	};
	char		 text[256];
	struct level	*l;
	size_t		 i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(text, sizeof text, HDR MAP
		    "wave\ngroup 1 grunt from A every %s\n", cases[i].s);
		l = accept(text, strlen(text));
		ck_assert_msg(l->waves[0].groups[0].every_ms == cases[i].ms,
		    "every %s: %d ms, expected %d", cases[i].s,
		    l->waves[0].groups[0].every_ms, cases[i].ms);
		level_free(l);
	}
}
END_TEST

START_TEST(test_grid)
{
	static const char text[] = HDR "slow 4\nmovement 4\n"
	    "map\n"
	    "#.=~\n"
	    "A.>.\n"
	    "end\n" WAVE;
	struct level	*l = accept(text, sizeof text - 1);
	struct grid	*g = level_new_grid(l);
	static const int cost[2][4] = { { 0, 1, 1, 4 }, { 1, 1, 1, 1 } };
	static const bool build[2][4] = {
		{ false, true, false, false }, { false, true, false, true }
	};
	int		 x, y;

	ck_assert_int_eq(g->w, 4);
	ck_assert_int_eq(g->h, 2);
	ck_assert(!g->diagonal);
	for (y = 0; y < 2; y++) {
		for (x = 0; x < 4; x++) {
			ck_assert_msg(grid_get_cost(g, x, y) == cost[y][x],
			    "cost of (%d, %d) is %d, expected %d", x, y,
			    grid_get_cost(g, x, y), cost[y][x]);
			ck_assert_int_eq(level_cost(l, x, y), cost[y][x]);
			ck_assert_msg(level_buildable(l, x, y) == build[y][x],
			    "buildable(%d, %d) wrong", x, y);
		}
	}
	/* The border stays blocked; nothing off the map is buildable. */
	ck_assert_int_eq(g->cost[grid_index(g, -1, 0)], 0);
	ck_assert_int_eq(g->cost[grid_index(g, 4, 1)], 0);
	ck_assert(!level_buildable(l, -1, 0));
	ck_assert(!level_buildable(l, 0, 2));
	grid_free(g);
	level_free(l);
}
END_TEST

START_TEST(test_limits_accepted)
{
	char		*title = repeat(HDR "title ", 'x', LEVEL_TITLE_MAX,
	    "\n" MAP WAVE);
	char		*t;
	struct level	*l;
	size_t		 i, n;

	/* HDR already has a title: use a copy without it. */
	t = strstr(title, "title T\n");
	memmove(t, t + 8, strlen(t + 8) + 1);
	l = accept(title, strlen(title));
	ck_assert_int_eq((int)strlen(l->title), LEVEL_TITLE_MAX);
	level_free(l);
	free(title);

	/* A spawn of 64 cells, then 1024 exit cells in two rows. */
	t = repeat(HDR "map\n", 'A', LEVEL_SPAWN_CELLS, ">\nend\n" WAVE);
	l = accept(t, strlen(t));
	ck_assert_int_eq(l->spawns[0].ncells, LEVEL_SPAWN_CELLS);
	level_free(l);
	free(t);
	t = repeat(HDR "map\nA", '>', 1023, "\n");
	n = strlen(t);
	t = realloc(t, n + 2048);
	memset(t + n, '.', 1024);
	t[n] = '>';
	strcpy(t + n + 1024, "\nend\n" WAVE);
	l = accept(t, strlen(t));
	ck_assert_int_eq(l->nexits, LEVEL_EXIT_CELLS);
	level_free(l);
	free(t);

	/* 100 waves of 16 groups each. */
	n = 0;
	t = malloc(200000);
	n += sprintf(t + n, HDR MAP);
	for (i = 0; i < LEVEL_MAX_WAVES * LEVEL_MAX_GROUPS; i++) {
		if (i % LEVEL_MAX_GROUPS == 0)
			n += sprintf(t + n, "wave after 3600\n");
		n += sprintf(t + n, "group 1000 %s from A every 60\n",
		    enemy_name(i % ENEMY_NKINDS));
	}
	l = accept(t, n);
	ck_assert_int_eq(l->nwaves, LEVEL_MAX_WAVES);
	ck_assert_int_eq(l->waves[99].ngroups, LEVEL_MAX_GROUPS);
	ck_assert_int_eq(level_total_enemies(l),
	    LEVEL_MAX_WAVES * LEVEL_MAX_GROUPS * LEVEL_COUNT_MAX);
	level_free(l);
	free(t);
}
END_TEST

START_TEST(test_largest_map)
{
	size_t		 row = GRID_MAX_W + 1, n = 0, y;
	char		*t = malloc(64 + row * GRID_MAX_H + 64);
	struct level	*l;

	n += sprintf(t, HDR "map\n");
	for (y = 0; y < GRID_MAX_H; y++) {
		memset(t + n, '.', GRID_MAX_W);
		t[n + GRID_MAX_W] = '\n';
		n += row;
	}
	t[strlen(HDR "map\n")] = 'A';
	t[n - 2] = '>';
	n += sprintf(t + n, "end\n" WAVE);
	l = accept(t, n);
	ck_assert_int_eq(l->w, GRID_MAX_W);
	ck_assert_int_eq(l->h, GRID_MAX_H);
	ck_assert_int_eq(l->exits[0].x, GRID_MAX_W - 1);
	ck_assert_int_eq(l->exits[0].y, GRID_MAX_H - 1);
	level_free(l);
	free(t);
}
END_TEST

START_TEST(test_enemy_names)
{
	int	i;

	/* Every kind a level may name is found by its name. */
	for (i = 0; i < ENEMY_NKINDS; i++)
		ck_assert_int_eq(enemy_lookup(enemy_name(i),
		    strlen(enemy_name(i))), i);
	ck_assert_int_eq(enemy_lookup("grun", 4), -1);
	ck_assert_int_eq(enemy_lookup("grunts", 6), -1);
	ck_assert_int_eq(enemy_lookup("Grunt", 5), -1);
	ck_assert_int_eq(enemy_lookup("", 0), -1);
	ck_assert_int_eq(enemy_lookup("bossy", 4), ENEMY_BOSS);
	ck_assert_str_eq(enemy_name(-1), "?");
	ck_assert_str_eq(enemy_name(ENEMY_NKINDS), "?");
}
END_TEST

/* The levels shipped in levels/ load and say what they should. */
START_TEST(test_shipped_levels)
{
	static const struct {
		const char	*file;
		const char	*title;
		int		 w, h, nspawns, nexits, gold, lives, nwaves;
		bool		 diagonal;
	} want[] = {
		{ "levels/meadow.weir", "Open Meadow", 44, 15, 1, 3, 300, 20,
		  8, true },
		{ "levels/marsh-road.weir", "Marsh Road", 44, 15, 2, 4, 700,
		  15, 7, true },
		{ "levels/twin-gates.weir", "Twin Gates", 40, 17, 2, 4, 250,
		  20, 8, false },
	};
	struct level	*l;
	size_t		 i;
	int		 x, y, slow = 0, road = 0;

	for (i = 0; i < sizeof want / sizeof want[0]; i++) {
		l = level_load(tu_srcpath(want[i].file), errbuf,
		    sizeof errbuf);
		ck_assert_msg(l != NULL, "%s", errbuf);
		ck_assert_str_eq(l->title, want[i].title);
		ck_assert_int_eq(l->w, want[i].w);
		ck_assert_int_eq(l->h, want[i].h);
		ck_assert_int_eq(l->nspawns, want[i].nspawns);
		ck_assert_int_eq(l->nexits, want[i].nexits);
		ck_assert_int_eq(l->gold, want[i].gold);
		ck_assert_int_eq(l->lives, want[i].lives);
		ck_assert(l->diagonal == want[i].diagonal);
		ck_assert_int_eq(l->nwaves, want[i].nwaves);
		if (i == 1) {
			for (y = 0; y < l->h; y++)
				for (x = 0; x < l->w; x++) {
					slow += level_terrain_at(l, x, y) ==
					    LEVEL_SLOW;
					road += level_terrain_at(l, x, y) ==
					    LEVEL_ROAD;
				}
			ck_assert_int_gt(slow, 0);
			ck_assert_int_gt(road, 0);
			ck_assert_int_eq(l->slow_cost, 3);
		}
		if (i == 2) {
			ck_assert_int_eq(l->spawns[0].label, 'A');
			ck_assert_int_eq(l->spawns[1].label, 'B');
		}
		level_free(l);
	}
}
END_TEST

START_TEST(test_load_errors)
{
	char	want[2048];
	char	dir[1024];
	char	*big;
	int	fd;

	ck_assert_ptr_null(level_load("/nonexistent/x.weir", errbuf,
	    sizeof errbuf));
	ck_assert_str_eq(errbuf,
	    "/nonexistent/x.weir: cannot open: No such file or directory");
	snprintf(dir, sizeof dir, "%s", tu_srcpath("levels"));
	ck_assert_ptr_null(level_load(dir, errbuf, sizeof errbuf));
	snprintf(want, sizeof want, "%s: not a regular file", dir);
	ck_assert_str_eq(errbuf, want);

	/* Files and texts past LEVEL_FILE_MAX are refused unread. */
	big = malloc(LEVEL_FILE_MAX + 1);
	memset(big, '#', LEVEL_FILE_MAX + 1);
	reject_n(big, LEVEL_FILE_MAX + 1, "1:1: too large: at most 4194304 "
	    "bytes");
	ck_assert_ptr_null(movingai_parse("m.map", big, LEVEL_FILE_MAX + 1,
	    errbuf, sizeof errbuf));
	ck_assert_str_eq(errbuf, "m.map:1:1: too large: at most 4194304 bytes");
	snprintf(dir, sizeof dir, "%s/check_level.XXXXXX",
	    getenv("TMPDIR") != NULL ? getenv("TMPDIR") : "/tmp");
	fd = mkstemp(dir);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, big, LEVEL_FILE_MAX + 1),
	    LEVEL_FILE_MAX + 1);
	close(fd);
	free(big);
	ck_assert_ptr_null(level_load(dir, errbuf, sizeof errbuf));
	unlink(dir);
	snprintf(want, sizeof want, "%s: too large: at most 4194304 bytes",
	    dir);
	ck_assert_str_eq(errbuf, want);

	/* A tiny error buffer is filled as far as it goes, terminated. */
	ck_assert_ptr_null(level_parse(NAME, "", 0, errbuf, 8));
	ck_assert_str_eq(errbuf, "t.weir:");
	ck_assert_ptr_null(level_parse(NAME, "", 0, NULL, 0));
}
END_TEST

/* Each file in tests/data/levels/bad says on its first line what it gets. */
START_TEST(test_bad_fixtures)
{
	char		 dir[1024], path[2048], want[4096], *text, *nl, *at;
	char		 names[KIND_LIST_MAX];
	struct dirent	*e;
	DIR		*d;
	size_t		 len;
	int		 n = 0;

	snprintf(dir, sizeof dir, "%s", tu_srcpath("tests/data/levels/bad"));
	d = opendir(dir);
	ck_assert_msg(d != NULL, "cannot open %s", dir);
	while ((e = readdir(d)) != NULL) {
		len = strlen(e->d_name);
		if (len < 5 || strcmp(e->d_name + len - 5, ".weir") != 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		text = slurp(path, &len);
		ck_assert_ptr_nonnull(text);
		ck_assert_msg(strncmp(text, "# expect: ", 10) == 0,
		    "%s has no '# expect: ' line", path);
		nl = strchr(text, '\n');
		ck_assert_ptr_nonnull(nl);
		if (nl[-1] == '\r')
			nl--;		/* a fixture with CR LF line ends */
		*nl = '\0';
		/* "{enemies}" stands for the registry's list of enemy kinds. */
		if ((at = strstr(text + 10, "{enemies}")) != NULL) {
			*at = '\0';
			enemy_list(names, sizeof names);
			snprintf(want, sizeof want, "%s:%s%s%s", path, text + 10,
			    names, at + 9);
		} else
			snprintf(want, sizeof want, "%s:%s", path, text + 10);
		free(text);
		ck_assert_ptr_null(level_load(path, errbuf, sizeof errbuf));
		ck_assert_str_eq(errbuf, want);
		n++;
	}
	closedir(d);
	ck_assert_int_ge(n, 8);
}
END_TEST

/* ---------------------------------------------------------------- reject */

START_TEST(test_reject_empty)
{
	reject("", "1:1: expected 'weir-level 1' at the start of the file");
	reject("# only a comment\n\n",
	    "3:1: expected 'weir-level 1' at the start of the file");
}
END_TEST

START_TEST(test_reject_no_header)
{
	reject("title T\n" "weir-level 1\n",
	    "1:1: expected 'weir-level 1' at the start of the file");
	reject("\xef\xbb\xbfweir-level 1\n",
	    "1:1: expected 'weir-level 1' at the start of the file");
}
END_TEST

START_TEST(test_reject_version)
{
	reject("weir-level 2\n",
	    "1:12: unsupported format version 2: this weir reads version 1");
	reject("weir-level\n",
	    "1:11: expected a format version number after 'weir-level'");
	reject("weir-level one\n",
	    "1:12: expected a format version number after 'weir-level'");
	reject("weir-level 1 extra\n",
	    "1:14: unexpected 'extra': expected end of line");
}
END_TEST

START_TEST(test_reject_duplicate_header)
{
	reject(HDR "weir-level 1\n",
	    "5:1: duplicate 'weir-level' (first on line 1)");
	reject("# c\nweir-level 1\nweir-level 1\n",
	    "3:1: duplicate 'weir-level' (first on line 2)");
}
END_TEST

START_TEST(test_reject_unknown_key)
{
	reject(HDR "colour red\n" MAP WAVE,
	    "5:1: unknown key 'colour' (expected title, description, gold, "
	    "lives, movement, slow, hp, hero, map, wave or group)");
	reject(HDR "Title X\n",
	    "5:1: unknown key 'Title' (expected title, description, gold, "
	    "lives, movement, slow, hp, hero, map, wave or group)");
}
END_TEST

START_TEST(test_reject_duplicate_key)
{
	reject(HDR "gold 5\n", "5:1: duplicate 'gold' (first on line 3)");
	reject(HDR MAP "  map\n", "8:3: duplicate 'map' (first on line 5)");
	reject(HDR "movement 4\nmovement 4\n",
	    "6:1: duplicate 'movement' (first on line 5)");
}
END_TEST

START_TEST(test_reject_gold)
{
	reject("weir-level 1\ngold 1000001\n",
	    "2:6: 'gold' out of range: expected 0 to 1000000, found "
	    "'1000001'");
	reject("weir-level 1\ngold lots\n",
	    "2:6: expected an amount of gold after 'gold', found 'lots'");
	reject("weir-level 1\ngold -5\n",
	    "2:6: expected an amount of gold after 'gold', found '-5'");
	reject("weir-level 1\ngold\n",
	    "2:5: expected an amount of gold after 'gold'");
	reject("weir-level 1\ngold 10 20\n",
	    "2:9: unexpected '20': expected end of line");
}
END_TEST

START_TEST(test_reject_lives)
{
	reject("weir-level 1\nlives 0\n",
	    "2:7: 'lives' out of range: expected 1 to 1000, found '0'");
	reject("weir-level 1\nlives 99999999999999999999\n",
	    "2:7: 'lives' out of range: expected 1 to 1000, found "
	    "'99999999999999999999'");
	reject("weir-level 1\nlives 3.5\n",
	    "2:7: expected a number of lives after 'lives', found '3.5'");
}
END_TEST

START_TEST(test_reject_movement)
{
	reject("weir-level 1\nmovement 6\n",
	    "2:10: expected 4 or 8 after 'movement', found '6'");
	reject("weir-level 1\nmovement\n",
	    "2:9: expected 4 or 8 after 'movement'");
	reject("weir-level 1\nmovement 4 8\n",
	    "2:12: unexpected '8': expected end of line");
}
END_TEST

START_TEST(test_reject_slow)
{
	reject("weir-level 1\nslow 1\n",
	    "2:6: 'slow' out of range: expected 2 to 9, found '1'");
	reject("weir-level 1\nhp 9\n",
	    "2:4: 'hp' out of range: expected 10 to 1000, found '9'");
	reject("weir-level 1\nhp 1001\n",
	    "2:4: 'hp' out of range: expected 10 to 1000, found '1001'");
	reject("weir-level 1\nhp\n",
	    "2:3: expected a percentage after 'hp'");
	reject("weir-level 1\nslow 10\n",
	    "2:6: 'slow' out of range: expected 2 to 9, found '10'");
	reject("weir-level 1\nslow\n",
	    "2:5: expected a terrain cost after 'slow'");
}
END_TEST

START_TEST(test_reject_text)
{
	char	*t;

	reject("weir-level 1\ntitle\n", "2:6: expected text after 'title'");
	reject("weir-level 1\ntitle   \t\n",
	    "2:6: expected text after 'title'");
	reject("weir-level 1\ndescription\n",
	    "2:12: expected text after 'description'");
	t = repeat("weir-level 1\ntitle ", 'x', LEVEL_TITLE_MAX + 1, "\n");
	reject(t, "2:71: title too long: at most 64 bytes");
	free(t);
	t = repeat("weir-level 1\ndescription ", 'x', LEVEL_DESC_MAX + 1,
	    "\n");
	reject(t, "2:269: description too long: at most 256 bytes");
	free(t);
}
END_TEST

START_TEST(test_reject_missing_keys)
{
	reject("weir-level 1\ngold 1\nlives 1\n" MAP WAVE,
	    "9:1: missing 'title'");
	reject("weir-level 1\ntitle T\nlives 1\n" MAP WAVE,
	    "9:1: missing 'gold'");
	reject("weir-level 1\ntitle T\ngold 1\n" MAP WAVE,
	    "9:1: missing 'lives'");
	reject(HDR WAVE, "7:1: missing 'map'");
	/* Without a final line end, the end of file is on the last line. */
	reject("weir-level 1\ntitle T\ngold 1\nlives 12",
	    "4:9: missing 'map'");
	reject(HDR MAP, "8:1: missing 'wave': a level needs at least one wave");
}
END_TEST

START_TEST(test_reject_map_not_closed)
{
	reject(HDR "map\nA..>\n",
	    "7:1: map not closed: expected 'end' after the last row");
	reject(HDR "map\nA..>\nwave\n",
	    "7:1: unknown map glyph 'w' (expected # . = ~ > or a spawn "
	    "letter A to Z)");
}
END_TEST

START_TEST(test_reject_empty_map)
{
	reject(HDR "map\nend\n",
	    "6:1: empty map: expected rows between 'map' and 'end'");
	reject(HDR "map\nA..>\n\n....\nend\n",
	    "7:1: expected a map row or 'end', found an empty line");
	reject(HDR "map\nA..>\n# a comment\nend\n",
	    "7:2: unknown map glyph ' ' (expected # . = ~ > or a spawn "
	    "letter A to Z)");
	reject(HDR "end\n", "5:1: 'end' without a 'map' above it");
	reject(HDR "map now\n", "5:5: unexpected 'now': expected end of line");
}
END_TEST

START_TEST(test_reject_ragged)
{
	reject(HDR "map\nA..>\n...\nend\n",
	    "7:4: ragged map: this row is 3 cells wide, the first row 4");
	reject(HDR "map\nA..>\n.....\nend\n",
	    "7:5: ragged map: this row is 5 cells wide, the first row 4");
}
END_TEST

START_TEST(test_reject_glyph)
{
	reject(HDR "map\nA.x>\nend\n",
	    "6:3: unknown map glyph 'x' (expected # . = ~ > or a spawn "
	    "letter A to Z)");
	reject(HDR "map\nA.a>\nend\n",
	    "6:3: unknown map glyph 'a' (expected # . = ~ > or a spawn "
	    "letter A to Z)");
	reject(HDR "map\nA.\t>\nend\n",
	    "6:3: unknown map glyph '\\t' (expected # . = ~ > or a spawn "
	    "letter A to Z)");
	reject(HDR "map\nA.\xc3\xa9>\nend\n",
	    "6:3: unknown map glyph '\xc3\xa9' (expected # . = ~ > or a "
	    "spawn letter A to Z)");
	reject(HDR "map\n  A..>\nend\n",
	    "6:1: unknown map glyph ' ' (expected # . = ~ > or a spawn "
	    "letter A to Z)");
}
END_TEST

START_TEST(test_reject_too_wide)
{
	char	*t = repeat(HDR "map\nA", '.', GRID_MAX_W, ">\nend\n" WAVE);

	reject(t, "6:1025: map too wide: at most 1024 cells a row");
	free(t);
}
END_TEST

START_TEST(test_reject_too_tall)
{
	size_t	 n = 0, y;
	char	*t = malloc(64 + 3 * (GRID_MAX_H + 1) + 64);

	n += sprintf(t, HDR "map\nA>\n");
	for (y = 1; y <= GRID_MAX_H; y++)
		n += sprintf(t + n, "..\n");
	n += sprintf(t + n, "end\n" WAVE);
	/* Row 1025 is on line 5 + 1025. */
	reject_n(t, n, "1030:1: map too tall: at most 1024 rows");
	free(t);
}
END_TEST

START_TEST(test_reject_no_spawn)
{
	reject(HDR "map\n...>\nend\n" WAVE,
	    "5:1: no spawn on the map: expected a letter A to Z");
}
END_TEST

START_TEST(test_reject_no_exit)
{
	reject(HDR "map\nA...\nend\n" WAVE,
	    "5:1: no exit on the map: expected '>'");
}
END_TEST

START_TEST(test_reject_unreachable)
{
	reject(HDR "map\nA#>\nend\n" WAVE,
	    "6:1: spawn 'A' cannot reach any exit");
	/* The second cell of spawn A is walled in. */
	reject(HDR "map\nA.>#A\nend\n" WAVE,
	    "6:5: spawn 'A' cannot reach any exit");
	/* Spawn B is cut off, A is fine. */
	reject(HDR "map\nA.>\n###\n.B.\nend\n" WAVE,
	    "8:2: spawn 'B' cannot reach any exit");
	/* No corner cutting: a diagonal gap between walls is shut. */
	reject(HDR "map\nA#\n#>\nend\n" WAVE,
	    "6:1: spawn 'A' cannot reach any exit");
	reject(HDR "movement 4\nmap\nA#\n#>\nend\n" WAVE,
	    "7:1: spawn 'A' cannot reach any exit");
}
END_TEST

START_TEST(test_reject_spawn_too_big)
{
	char	*t = repeat(HDR "map\n", 'A', LEVEL_SPAWN_CELLS + 1,
	    ">\nend\n" WAVE);

	reject(t, "6:65: spawn 'A' too big: at most 64 cells");
	free(t);
}
END_TEST

START_TEST(test_reject_too_many_exits)
{
	char	*t = repeat(HDR "map\nA", '>', 1023, "\n");
	size_t	 n = strlen(t);

	t = realloc(t, n + 2048);
	memset(t + n, '.', 1024);
	t[n] = t[n + 1] = '>';
	strcpy(t + n + 1024, "\nend\n" WAVE);
	reject(t, "7:2: too many exit cells: at most 1024");
	free(t);
}
END_TEST

START_TEST(test_reject_enemy)
{
	char names[KIND_LIST_MAX], want[KIND_LIST_MAX + 64];

	enemy_list(names, sizeof names);
	snprintf(want, sizeof want, "9:9: unknown enemy type 'goblin' "
	    "(expected %s)", names);
	reject(HDR MAP "wave\ngroup 3 goblin from A\n", want);
	snprintf(want, sizeof want, "9:9: unknown enemy type 'GRUNT' "
	    "(expected %s)", names);
	reject(HDR MAP "wave\ngroup 3 GRUNT from A\n", want);
	reject(HDR MAP "wave\ngroup 3\n",
	    "9:8: expected an enemy type after the count");
}
END_TEST

START_TEST(test_reject_count)
{
	reject(HDR MAP "wave\ngroup 0 grunt from A\n",
	    "9:7: enemy count out of range: expected 1 to 1000, found '0'");
	reject(HDR MAP "wave\ngroup 1001 grunt from A\n",
	    "9:7: enemy count out of range: expected 1 to 1000, found "
	    "'1001'");
	reject(HDR MAP "wave\ngroup\n",
	    "9:6: expected an enemy count after 'group'");
	reject(HDR MAP "wave\ngroup grunt\n",
	    "9:7: expected an enemy count after 'group', found 'grunt'");
}
END_TEST

START_TEST(test_reject_from)
{
	reject(HDR MAP "wave\ngroup 3 grunt\n",
	    "9:1: group has no spawn: expected 'from' and a spawn letter");
	reject(HDR MAP "wave\ngroup 3 grunt from north\n",
	    "9:20: expected a spawn letter A to Z after 'from', found "
	    "'north'");
	reject(HDR MAP "wave\ngroup 3 grunt from a\n",
	    "9:20: expected a spawn letter A to Z after 'from', found 'a'");
	reject(HDR MAP "wave\ngroup 3 grunt from\n",
	    "9:19: expected a spawn letter after 'from'");
	reject(HDR MAP "wave\ngroup 3 grunt from A from A\n",
	    "9:22: duplicate 'from' in this group");
}
END_TEST

START_TEST(test_reject_unknown_spawn)
{
	reject(HDR MAP "wave\ngroup 3 grunt from C\n",
	    "9:20: unknown spawn 'C': the map has no 'C'");
	reject(HDR "wave\ngroup 3 grunt from A\ngroup 1 boss every 2 from Z\n"
	    MAP, "7:27: unknown spawn 'Z': the map has no 'Z'");
}
END_TEST

START_TEST(test_reject_options)
{
	reject(HDR MAP "wave\ngroup 3 grunt from A fast\n",
	    "9:22: unexpected 'fast': expected 'from', 'every' or 'after'");
	reject(HDR MAP "wave\ngroup 3 grunt from A every 1 every 2\n",
	    "9:30: duplicate 'every' in this group");
	reject(HDR MAP "wave\ngroup 3 grunt from A after 1 after 2\n",
	    "9:30: duplicate 'after' in this group");
}
END_TEST

START_TEST(test_reject_seconds)
{
	static const char *bad[] = {
		"1.2345", ".5", "1.", "1.5s", "-1", "1,5", "1..5", "x"
	};
	char	text[256], want[256];
	size_t	i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(text, sizeof text, HDR MAP
		    "wave\ngroup 3 grunt from A every %s\n", bad[i]);
		snprintf(want, sizeof want, "9:28: expected seconds after "
		    "'every' (like 2 or 0.25), found '%s'", bad[i]);
		reject(text, want);
	}
	reject(HDR MAP "wave\ngroup 3 grunt from A every 61\n",
	    "9:28: 'every' out of range: expected 0 to 60 seconds, found "
	    "'61'");
	reject(HDR MAP "wave\ngroup 3 grunt from A every 60.001\n",
	    "9:28: 'every' out of range: expected 0 to 60 seconds, found "
	    "'60.001'");
	reject(HDR MAP "wave\ngroup 3 grunt from A every\n",
	    "9:27: expected seconds after 'every'");
	reject(HDR MAP "wave\ngroup 3 grunt from A after 3600.5\n",
	    "9:28: 'after' out of range: expected 0 to 3600 seconds, found "
	    "'3600.5'");
}
END_TEST

START_TEST(test_reject_wave_line)
{
	reject(HDR MAP "wave after 3601\ngroup 1 grunt from A\n",
	    "8:12: 'after' out of range: expected 0 to 3600 seconds, found "
	    "'3601'");
	reject(HDR MAP "wave 5\n",
	    "8:6: unexpected '5': expected 'after' or end of line");
	reject(HDR MAP "wave after 1 after 2\n",
	    "8:14: duplicate 'after' in this wave");
	reject(HDR MAP "wave after\n", "8:11: expected seconds after 'after'");
}
END_TEST

START_TEST(test_reject_group_outside)
{
	reject(HDR MAP "group 3 grunt from A\n",
	    "8:1: 'group' outside a wave: expected a 'wave' line first");
}
END_TEST

START_TEST(test_reject_empty_wave)
{
	reject(HDR MAP "wave\nwave\n" "group 3 grunt from A\n",
	    "8:1: wave has no groups: expected 'group' lines after it");
	reject(HDR MAP WAVE "wave after 3\n",
	    "10:1: wave has no groups: expected 'group' lines after it");
}
END_TEST

START_TEST(test_reject_too_many_waves)
{
	char	*t = malloc(64 * (LEVEL_MAX_WAVES + 2) + 256);
	size_t	 n = 0;
	int	 i;

	n += sprintf(t, HDR MAP);
	for (i = 0; i <= LEVEL_MAX_WAVES; i++)
		n += sprintf(t + n, "wave\ngroup 1 grunt from A\n");
	/* Wave 101 is on line 7 + 2 * 100 + 1. */
	reject_n(t, n, "208:1: too many waves: at most 100");
	free(t);
}
END_TEST

START_TEST(test_reject_too_many_groups)
{
	char	*t = malloc(64 * (LEVEL_MAX_GROUPS + 2) + 256);
	size_t	 n = 0;
	int	 i;

	n += sprintf(t, HDR MAP "wave\n");
	for (i = 0; i <= LEVEL_MAX_GROUPS; i++)
		n += sprintf(t + n, "group 1 grunt from A\n");
	reject_n(t, n, "25:1: too many groups in this wave: at most 16");
	free(t);
}
END_TEST

START_TEST(test_reject_bytes)
{
	static const char nul[] = "weir-level 1\ntitle T\0X\n";

	reject_n(nul, sizeof nul - 1, "2:8: invalid byte 0x00: expected text");
	reject("weir-level 1\ntitle T\x01\n",
	    "2:8: invalid byte 0x01: expected text");
	reject("weir-level 1\ntitle T\x7f\n",
	    "2:8: invalid byte 0x7f: expected text");
	reject("weir-level 1\ntitle T\rX\n",
	    "2:8: invalid byte 0x0d: expected text");
	reject("# \x1b[31m\nweir-level 1\n",
	    "1:3: invalid byte 0x1b: expected text");
	/* The bad byte is found even inside the map and inside comments. */
	reject_n(HDR "map\nA.\0>\nend\n", strlen(HDR) + 13,
	    "6:3: invalid byte 0x00: expected text");
}
END_TEST

START_TEST(test_reject_utf8)
{
	reject("weir-level 1\ntitle \xff\n", "2:7: invalid UTF-8 byte 0xff");
	reject("weir-level 1\ntitle \xc0\xaf\n",
	    "2:7: invalid UTF-8 byte 0xc0");
	reject("weir-level 1\ntitle ab\xe2\x82\n",
	    "2:9: invalid UTF-8 byte 0xe2");
	reject("weir-level 1\ntitle \xed\xa0\x80\n",
	    "2:7: invalid UTF-8 byte 0xed");
	reject("weir-level 1\ntitle \xf4\x90\x80\x80\n",
	    "2:7: invalid UTF-8 byte 0xf4");
	reject("weir-level 1\ntitle \x80\n", "2:7: invalid UTF-8 byte 0x80");
}
END_TEST

START_TEST(test_reject_huge_line)
{
	char	*t = repeat("weir-level 1\n", 'x', 1000000, "");

	reject(t, "2:1: unknown key 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' "
	    "(expected title, description, gold, lives, movement, slow, hp, hero, map, "
	    "wave or group)");
	free(t);
	/* A quoted token is cut between characters, never inside one. */
	t = repeat("weir-level 1\ngold ", '0', 31, "\xc3\xa9\n");
	reject(t, "2:6: expected an amount of gold after 'gold', found "
	    "'0000000000000000000000000000000...'");
	free(t);
}
END_TEST

/* ---------------------------------------------------------------- Moving AI */

/*
 * small.map: a 2-cell region first in reading order, then a 15-cell region
 * whose first cell is (3, 1); (6, 4) is farthest from it, (3, 1) farthest
 * from (6, 4).
 */
START_TEST(test_movingai_small)
{
	struct level	*l = movingai_load(
	    tu_srcpath("tests/data/levels/good/small.map"), errbuf,
	    sizeof errbuf);
	struct grid	*g;
	int		 w, gr;

	ck_assert_msg(l != NULL, "%s", errbuf);
	ck_assert_str_eq(l->title, "small");
	ck_assert_int_eq(l->w, 8);
	ck_assert_int_eq(l->h, 6);
	ck_assert(l->diagonal);
	ck_assert_int_eq(l->gold, MOVINGAI_GOLD);
	ck_assert_int_eq(l->lives, MOVINGAI_LIVES);
	ck_assert_int_eq(l->slow_cost, 2);
	ck_assert_int_eq(l->nspawns, 1);
	ck_assert_int_eq(l->spawns[0].label, 'A');
	ck_assert_int_eq(l->spawns[0].ncells, 1);
	ck_assert_int_eq(l->spawns[0].cells[0].x, 6);
	ck_assert_int_eq(l->spawns[0].cells[0].y, 4);
	ck_assert_int_eq(l->nexits, 1);
	ck_assert_int_eq(l->exits[0].x, 3);
	ck_assert_int_eq(l->exits[0].y, 1);
	ck_assert_int_eq(level_terrain_at(l, 6, 4), LEVEL_SPAWN);
	ck_assert_int_eq(level_terrain_at(l, 3, 1), LEVEL_EXIT);
	ck_assert_int_eq(level_terrain_at(l, 5, 1), LEVEL_SLOW);	/* S */
	ck_assert_int_eq(level_terrain_at(l, 4, 3), LEVEL_GROUND);	/* G */
	ck_assert_int_eq(level_terrain_at(l, 1, 1), LEVEL_GROUND);	/* . */
	ck_assert_int_eq(level_terrain_at(l, 1, 4), LEVEL_WALL);	/* W */
	ck_assert_int_eq(level_terrain_at(l, 0, 0), LEVEL_WALL);	/* @ */
	ck_assert_int_eq(level_cost(l, 5, 1), 2);
	ck_assert(level_buildable(l, 4, 3));
	ck_assert(!level_buildable(l, 5, 1));

	ck_assert_int_eq(l->nwaves, 10);
	for (w = 0; w < l->nwaves; w++) {
		ck_assert_int_ge(l->waves[w].ngroups, 1);
		ck_assert_int_gt(l->waves[w].after_ms, 0);
		for (gr = 0; gr < l->waves[w].ngroups; gr++) {
			ck_assert_int_eq(l->waves[w].groups[gr].spawn, 0);
			ck_assert_int_eq(l->waves[w].groups[gr].from, 'A');
			ck_assert_int_ge(l->waves[w].groups[gr].count, 1);
		}
	}
	ck_assert_int_eq(l->waves[9].groups[0].enemy, ENEMY_BOSS);
	ck_assert_int_eq(l->waves[9].groups[1].enemy, ENEMY_ESCORT);
	level_free(l);

	g = movingai_bench_grid(tu_srcpath("tests/data/levels/good/small.map"),
	    errbuf, sizeof errbuf);
	ck_assert_msg(g != NULL, "%s", errbuf);
	ck_assert(g->diagonal);
	ck_assert_int_eq(grid_get_cost(g, 5, 1), 1);	/* S: open, cost 1 */
	ck_assert_int_eq(grid_get_cost(g, 4, 3), 1);	/* G */
	ck_assert_int_eq(grid_get_cost(g, 1, 1), 1);	/* . */
	ck_assert_int_eq(grid_get_cost(g, 1, 4), 0);	/* W */
	ck_assert_int_eq(grid_get_cost(g, 0, 5), 0);	/* @ */
	grid_free(g);
}
END_TEST

/* Assert a Moving AI text is rejected with "m.map:" + expect. */
static void
movingai_reject(const char *text, size_t len, const char *expect)
{
	char		 want[1024];
	struct level	*l;
	struct grid	*g;

	snprintf(want, sizeof want, "m.map:%s", expect);
	l = movingai_parse("m.map", text, len, errbuf, sizeof errbuf);
	ck_assert_msg(l == NULL, "accepted, expected \"%s\"", want);
	ck_assert_str_eq(errbuf, want);
	if (strstr(expect, "no two connected") != NULL)
		return;		/* the benchmark grid has no such rule */
	g = movingai_bench_parse("m.map", text, len, errbuf, sizeof errbuf);
	ck_assert_msg(g == NULL, "bench accepted, expected \"%s\"", want);
	ck_assert_str_eq(errbuf, want);
}

#define MAI_REJECT(text, expect) \
	movingai_reject(text, sizeof text - 1, expect)
#define MAI_HDR "type octile\nheight 2\nwidth 3\nmap\n"

START_TEST(test_movingai_errors)
{
	MAI_REJECT("", "1:1: expected 'type octile', found end of file");
	MAI_REJECT("kind octile\n", "1:1: expected 'type octile'");
	MAI_REJECT("type hex\n",
	    "1:6: unsupported map type 'hex': expected 'octile'");
	MAI_REJECT("type octile\n",
	    "2:1: expected 'height N', found end of file");
	MAI_REJECT("type octile\nheight 0\n",
	    "2:8: height out of range: expected 1 to 1024, found '0'");
	MAI_REJECT("type octile\nheight 1025\n",
	    "2:8: height out of range: expected 1 to 1024, found '1025'");
	MAI_REJECT("type octile\nheight\n",
	    "2:7: expected a number after 'height'");
	MAI_REJECT("type octile\nheight 2\nheight 2\n",
	    "3:1: expected 'width N'");
	MAI_REJECT("type octile\nheight 2\nwidth x\n",
	    "3:7: expected a number after 'width', found 'x'");
	MAI_REJECT("type octile\nheight 2\nwidth 99999999999999\n",
	    "3:7: width out of range: expected 1 to 1024, found "
	    "'99999999999999'");
	MAI_REJECT("type octile\nheight 2\nwidth 3\nmaps\n",
	    "4:1: expected 'map'");
	MAI_REJECT("type octile\nheight 2\nwidth 3\n",
	    "4:1: expected 'map', found end of file");
	MAI_REJECT(MAI_HDR "...\n.x.\n",
	    "6:2: unknown terrain 'x' (expected . G S @ O T W)");
	MAI_REJECT(MAI_HDR "...\n.\0.\n",
	    "6:2: unknown terrain byte 0x00 (expected . G S @ O T W)");
	MAI_REJECT(MAI_HDR "...\n..\n", "6:3: row width 2, expected 3");
	MAI_REJECT(MAI_HDR "...\n....\n", "6:4: row width 4, expected 3");
	MAI_REJECT(MAI_HDR "...\n", "6:1: map ends early: 1 of 2 rows");
	MAI_REJECT(MAI_HDR "...", "5:4: map ends early: 1 of 2 rows");
	MAI_REJECT(MAI_HDR "...\n...\n\n...\n",
	    "8:1: unexpected text after the last of 2 rows");
	MAI_REJECT("type octile\nheight 1\nwidth 3\nmap\n.@.\n",
	    "4:1: no two connected open cells: the map has no room for a "
	    "spawn and an exit");
	MAI_REJECT("type octile\nheight 2\nwidth 2\nmap\n.@\n@.\n",
	    "4:1: no two connected open cells: the map has no room for a "
	    "spawn and an exit");
}
END_TEST

START_TEST(test_movingai_lenient)
{
	static const char text[] =
	    "type octile\r\nheight 2\r\nwidth 3 \r\nmap\r\n.S.\r\nT..\r\n\r\n";
	struct level	*l = movingai_parse("dir/odd name.map", text,
	    sizeof text - 1, errbuf, sizeof errbuf);
	struct grid	*g;

	ck_assert_msg(l != NULL, "%s", errbuf);
	ck_assert_str_eq(l->title, "odd name");
	/* Region of 5 cells from (0, 0): (2, 1) is farthest, then (0, 0). */
	ck_assert_int_eq(l->spawns[0].cells[0].x, 2);
	ck_assert_int_eq(l->spawns[0].cells[0].y, 1);
	ck_assert_int_eq(l->exits[0].x, 0);
	ck_assert_int_eq(l->exits[0].y, 0);
	level_free(l);
	g = movingai_bench_parse("m.map", text, sizeof text - 1, errbuf,
	    sizeof errbuf);
	ck_assert_msg(g != NULL, "%s", errbuf);
	ck_assert_int_eq(grid_get_cost(g, 0, 1), 0);
	ck_assert_int_eq(grid_get_cost(g, 1, 0), 1);
	grid_free(g);
}
END_TEST

/* Steps from cell s to every open cell of g, 4-connected; -1 unreached. */
static int *
bfs_steps(const struct grid *g, int sx, int sy)
{
	int	*d = malloc(sizeof *d * (size_t)g->w * g->h);
	int	*q = malloc(sizeof *q * (size_t)g->w * g->h);
	int	 head = 0, tail = 0, i, k, x, y, nx, ny;
	static const int dx[4] = { 1, -1, 0, 0 }, dy[4] = { 0, 0, 1, -1 };

	for (i = 0; i < g->w * g->h; i++)
		d[i] = -1;
	d[sy * g->w + sx] = 0;
	q[tail++] = sy * g->w + sx;
	while (head < tail) {
		i = q[head++];
		x = i % g->w;
		y = i / g->w;
		for (k = 0; k < 4; k++) {
			nx = x + dx[k];
			ny = y + dy[k];
			if (!grid_open(g, nx, ny) || d[ny * g->w + nx] >= 0)
				continue;
			d[ny * g->w + nx] = d[i] + 1;
			q[tail++] = ny * g->w + nx;
		}
	}
	free(q);
	return d;
}

/*
 * A Moving AI map n x n, made in memory: checker true gives open cells
 * on a checkerboard (every one a region of its own, (n x n) / 2 regions)
 * under one open top row, false an open field (one region).
 */
static char *
movingai_made(int n, bool checker, size_t *len)
{
	char	*t = malloc((size_t)n * (n + 1) + 64), *p = t;
	int	 x, y;

	ck_assert_ptr_nonnull(t);
	p += sprintf(p, "type octile\nheight %d\nwidth %d\nmap\n", n, n);
	for (y = 0; y < n; y++) {
		for (x = 0; x < n; x++)
			*p++ = !checker || y == 0 || (x + y) % 2 == 0 ? '.' :
			    '@';
		*p++ = '\n';
	}
	*len = (size_t)(p - t);
	return t;
}

/* CPU seconds the best of three imports of text takes. */
static double
movingai_time(const char *text, size_t len)
{
	double	best = INFINITY;
	int	k;

	for (k = 0; k < 3; k++) {
		clock_t		 t0 = clock();
		struct level	*l = movingai_parse("m.map", text, len, errbuf,
				    sizeof errbuf);

		ck_assert_msg(l != NULL, "%s", errbuf);
		best = fmin(best, (double)(clock() - t0) / CLOCKS_PER_SEC);
		level_free(l);
	}
	return best;
}

/*
 * Importing is linear in the cells, however many regions the map has: a
 * 512 x 512 checkerboard (131,328 regions) imports within 10 times the
 * time of an open 512 x 512 field (it took some 1,000 times as long when
 * every region's search cleared the whole map).
 */
START_TEST(test_movingai_many_regions)
{
	size_t	 nc, no;
	char	*checker = movingai_made(512, true, &nc);
	char	*open = movingai_made(512, false, &no);
	double	 tc = movingai_time(checker, nc), to = movingai_time(open, no);

	printf("movingai import 512 x 512: checkerboard %.4f s, open %.4f s, "
	    "ratio %.2f\n", tc, to, tc / fmax(to, 1e-6));
	ck_assert_msg(tc <= 10.0 * fmax(to, 1e-3), "checkerboard %.4f s, "
	    "open field %.4f s", tc, to);
	free(checker);
	free(open);
}
END_TEST

START_TEST(test_movingai_arena)
{
	char		 path[4096];
	struct level	*l;
	struct grid	*g, *bench;
	char		*text, *row;
	size_t		 len;
	int		*d, x, y, open = 0, bench_open = 0, reached = 0;
	int		 far = 0;
	int32_t		 src, goal, *scratch;

	snprintf(path, sizeof path, "%s",
	    tu_srcpath("tests/data/movingai/arena.map"));
	l = movingai_load(path, errbuf, sizeof errbuf);
	ck_assert_msg(l != NULL, "%s", errbuf);
	ck_assert_int_eq(l->w, 49);
	ck_assert_int_eq(l->h, 49);
	ck_assert_str_eq(l->title, "arena");

	/* The benchmark grid opens exactly the '.', 'G', 'S' of the file. */
	bench = movingai_bench_grid(path, errbuf, sizeof errbuf);
	ck_assert_msg(bench != NULL, "%s", errbuf);
	text = slurp(path, &len);
	ck_assert_ptr_nonnull(text);
	row = strstr(text, "\nmap\n") + 5;
	for (y = 0; y < 49; y++, row += 50) {
		for (x = 0; x < 49; x++) {
			open += strchr(".GS", row[x]) != NULL;
			bench_open += grid_get_cost(bench, x, y) == 1;
			ck_assert_int_eq(grid_get_cost(bench, x, y) != 0,
			    level_cost(l, x, y) != 0);
		}
	}
	free(text);
	ck_assert_int_eq(open, bench_open);
	ck_assert_int_gt(open, 1000);

	/* The spawn reaches the exit, and no open cell is farther from it. */
	g = level_new_grid(l);
	src = grid_index(g, l->spawns[0].cells[0].x, l->spawns[0].cells[0].y);
	goal = grid_index(g, l->exits[0].x, l->exits[0].y);
	scratch = malloc(2 * grid_cells(g->w, g->h) * sizeof *scratch);
	ck_assert(reach_all(g, &src, 1, &goal, 1, -1, scratch));
	d = bfs_steps(g, l->spawns[0].cells[0].x, l->spawns[0].cells[0].y);
	for (y = 0; y < 49; y++) {
		for (x = 0; x < 49; x++) {
			if (d[y * 49 + x] < 0)
				continue;
			reached++;
			if (d[y * 49 + x] > far)
				far = d[y * 49 + x];
		}
	}
	ck_assert_int_eq(d[l->exits[0].y * 49 + l->exits[0].x], far);
	ck_assert_int_gt(far, 40);
	/* arena is one open region: the spawn's region is all of it. */
	ck_assert_int_eq(reached, open);
	free(d);
	free(scratch);
	grid_free(g);
	grid_free(bench);
	level_free(l);
}
END_TEST

/* ---------------------------------------------------------------- robust */

/* Whether msg is "NAME:LINE:COL: text" with LINE <= maxline, COL >= 1. */
static bool
error_shape(const char *msg, const char *name, long maxline)
{
	size_t	 n = strlen(name);
	char	*end;
	long	 line, col;

	if (strncmp(msg, name, n) != 0 || msg[n] != ':')
		return false;
	msg += n + 1;
	if (*msg < '0' || *msg > '9')
		return false;
	line = strtol(msg, &end, 10);
	if (*end != ':' || line < 1 || line > maxline)
		return false;
	msg = end + 1;
	if (*msg < '0' || *msg > '9')
		return false;
	col = strtol(msg, &end, 10);
	if (end[0] != ':' || end[1] != ' ' || col < 1)
		return false;
	return end[2] != '\0' && strchr(end + 2, '\n') == NULL;
}

static const char *const fuzz_lines[] = {
	"map", "end", "wave", "wave after 3600", "group 1000 boss from Z",
	"group 3 grunt from A every 0.5 after 2", "weir-level 1", "title",
	"# comment", "", "slow 9", "movement 4", "A", ">", "A>", "#.=~>",
	"gold 1000000", "lives 1", "description \xc3\xa9",
};

/* Apply one random edit to buf (len bytes, room for cap). */
static size_t
mutate(uint64_t *rng, char *buf, size_t len, size_t cap)
{
	static const char bytes[] = "\n\r\t #.=~>ABZ0123456789 -.";
	size_t	 at = len == 0 ? 0 : (size_t)tu_randint(rng, (int)len);
	size_t	 n, k;
	const char *s;

	switch (tu_randint(rng, 7)) {
	case 0:		/* any byte */
		if (len > 0)
			buf[at] = (char)tu_randint(rng, 256);
		break;
	case 1:		/* a byte that means something */
		if (len > 0)
			buf[at] = bytes[tu_randint(rng, sizeof bytes - 1)];
		break;
	case 2:		/* delete a few bytes */
		n = 1 + (size_t)tu_randint(rng, 8);
		if (at + n > len)
			n = len - at;
		memmove(buf + at, buf + at + n, len - at - n);
		len -= n;
		break;
	case 3:		/* insert a byte */
		if (len < cap) {
			memmove(buf + at + 1, buf + at, len - at);
			buf[at] = (char)tu_randint(rng, 256);
			len++;
		}
		break;
	case 4:		/* insert a line that means something */
		while (at > 0 && buf[at - 1] != '\n')
			at--;
		s = fuzz_lines[tu_randint(rng,
		    sizeof fuzz_lines / sizeof fuzz_lines[0])];
		n = strlen(s) + 1;
		if (len + n <= cap) {
			memmove(buf + at + n, buf + at, len - at);
			memcpy(buf + at, s, n - 1);
			buf[at + n - 1] = '\n';
			len += n;
		}
		break;
	case 5:		/* cut the file short */
		len = at;
		break;
	default:	/* copy a stretch over another */
		k = len == 0 ? 0 : (size_t)tu_randint(rng, (int)len);
		n = 1 + (size_t)tu_randint(rng, 40);
		if (at + n > len)
			n = len - at;
		if (k + n > len)
			n = len - k;
		memmove(buf + at, buf + k, n);
		break;
	}
	return len;
}

/* Lines in len bytes of text, counting a last line without a line end. */
static long
count_lines(const char *text, size_t len)
{
	long	n = 1;
	size_t	i;

	for (i = 0; i < len; i++)
		n += text[i] == '\n';
	return n;
}

/* A parsed level must be one the game can use. */
static void
check_sane(const struct level *l)
{
	int	w, g, i;

	ck_assert(l->w >= 1 && l->w <= GRID_MAX_W);
	ck_assert(l->h >= 1 && l->h <= GRID_MAX_H);
	ck_assert(l->nspawns >= 1 && l->nexits >= 1 && l->nwaves >= 1);
	for (i = 0; i < l->nspawns; i++)
		ck_assert_int_eq(level_terrain_at(l, l->spawns[i].cells[0].x,
		    l->spawns[i].cells[0].y), LEVEL_SPAWN);
	for (w = 0; w < l->nwaves; w++) {
		ck_assert(l->waves[w].ngroups >= 1);
		for (g = 0; g < l->waves[w].ngroups; g++) {
			const struct level_group *gr = &l->waves[w].groups[g];

			ck_assert(gr->spawn >= 0 && gr->spawn < l->nspawns);
			ck_assert_int_eq(l->spawns[gr->spawn].label, gr->from);
			ck_assert(gr->enemy < ENEMY_NKINDS);
		}
	}
}

START_TEST(test_fuzz_level)
{
	size_t		 len0, len, cap;
	char		*base, *buf;
	struct level	*l;
	uint64_t	 rng = 0x9e3779b97f4a7c15ULL;
	int		 i, k, nok = 0, nbad = 0;

	base = slurp(tu_srcpath("levels/twin-gates.weir"), &len0);
	ck_assert_ptr_nonnull(base);
	cap = len0 + 4096;
	buf = malloc(cap);
	for (i = 0; i < 20000; i++) {
		memcpy(buf, base, len0);
		len = len0;
		for (k = 1 + tu_randint(&rng, 4); k > 0; k--)
			len = mutate(&rng, buf, len, cap);
		l = parse_n(buf, len);
		if (l != NULL) {
			check_sane(l);
			level_free(l);
			nok++;
			continue;
		}
		nbad++;
		ck_assert_msg(error_shape(errbuf, NAME, count_lines(buf, len)),
		    "mutation %d: bad message \"%s\"", i, errbuf);
	}
	/* Both outcomes must be common, or the test says little. */
	fprintf(stderr, "check_level: level mutations: %d accepted, %d "
	    "rejected\n", nok, nbad);
	ck_assert_int_gt(nok, 400);
	ck_assert_int_gt(nbad, 10000);

	/* Pure noise, any length, including none. */
	for (i = 0; i < 1000; i++) {
		len = (size_t)tu_randint(&rng, 2000);
		for (k = 0; k < (int)len; k++)
			buf[k] = (char)tu_randint(&rng, 256);
		ck_assert_ptr_null(parse_n(buf, len));
		ck_assert_msg(error_shape(errbuf, NAME, count_lines(buf, len)),
		    "noise %d: bad message \"%s\"", i, errbuf);
	}
	free(buf);
	free(base);
}
END_TEST

START_TEST(test_fuzz_movingai)
{
	size_t		 len0, len, cap;
	char		*base, *buf;
	struct level	*l;
	struct grid	*g;
	uint64_t	 rng = 0x2545f4914f6cdd1dULL;
	int		 i, k, nok = 0, nbad = 0;

	base = slurp(tu_srcpath("tests/data/levels/good/small.map"), &len0);
	ck_assert_ptr_nonnull(base);
	cap = len0 + 4096;
	buf = malloc(cap);
	for (i = 0; i < 5000; i++) {
		memcpy(buf, base, len0);
		len = len0;
		for (k = 1 + tu_randint(&rng, 2); k > 0; k--)
			len = mutate(&rng, buf, len, cap);
		l = movingai_parse("m.map", buf, len, errbuf, sizeof errbuf);
		if (l != NULL) {
			check_sane(l);
			level_free(l);
			nok++;
		} else {
			nbad++;
			ck_assert_msg(error_shape(errbuf, "m.map",
			    count_lines(buf, len)), "mutation %d: bad "
			    "message \"%s\"", i, errbuf);
		}
		g = movingai_bench_parse("m.map", buf, len, errbuf,
		    sizeof errbuf);
		grid_free(g);
	}
	fprintf(stderr, "check_level: map mutations: %d accepted, %d "
	    "rejected\n", nok, nbad);
	ck_assert_int_gt(nok, 30);
	ck_assert_int_gt(nbad, 2500);
	free(buf);
	free(base);
}
END_TEST

/* --- --check: the errors on lines and after them, in one run --- */

/* The errors a check handed on, kept in one buffer, a line each. */
static void
t_errs_add(void *arg, const char *msg)
{
	char	*buf = arg;
	size_t	 n = strlen(buf);

	snprintf(buf + n, 4096 - n, "%s\n", msg);
}

/* Every error of text as --check gives them, into buf[4096]. */
static int
t_check_all(const char *text, char *buf)
{
	buf[0] = '\0';
	return level_check_all("c.weir", text, strlen(text), t_errs_add, buf,
	    LEVEL_MAX_ERRORS);
}

/*
 * A syntax error does not hide what is found once the file is read: no
 * spawn and no exit, a spawn cut off from every exit (each spawn cut
 * off), a group from a spawn the map lacks: all in one run, in file
 * order. What would follow from another error is left out: the groups'
 * spawns on a map with no spawn, the reach when there is no exit or the
 * movement line failed.
 */
START_TEST(test_check_both_kinds_in_one_run)
{
	char	buf[4096];

	ck_assert_int_eq(t_check_all("weir-level 1\ntitle T\ngold x\n"
	    "lives 5\nmap\n#####\n#...#\n#####\nend\nwave\n"
	    "group 1 grunt from A\n", buf), 3);
	ck_assert_str_eq(buf, "c.weir:3:6: expected an amount of gold after "
	    "'gold', found 'x'\n"
	    "c.weir:5:1: no spawn on the map: expected a letter A to Z\n"
	    "c.weir:5:1: no exit on the map: expected '>'\n");

	ck_assert_int_eq(t_check_all("weir-level 1\ntitle T\ngold 10\n"
	    "lives 5\nmap\n#######\nA#B#..>\n#######\nend\nwave x\n"
	    "group 1 grunt from A\nwave\ngroup 1 grunt from A\n"
	    "group 1 grunt from C\nlives 2\n", buf), 5);
	ck_assert_str_eq(buf, "c.weir:7:1: spawn 'A' cannot reach any exit\n"
	    "c.weir:7:3: spawn 'B' cannot reach any exit\n"
	    "c.weir:10:6: unexpected 'x': expected 'after' or end of line\n"
	    "c.weir:14:20: unknown spawn 'C': the map has no 'C'\n"
	    "c.weir:15:1: duplicate 'lives' (first on line 4)\n");

	/* No syntax error: every problem of the map is said all the same. */
	ck_assert_int_eq(t_check_all("weir-level 1\ntitle T\ngold 10\n"
	    "lives 5\nmap\n#####\n#A#B#\n#####\nend\nwave\n"
	    "group 1 grunt from A\ngroup 1 grunt from Z\n", buf), 2);
	ck_assert_str_eq(buf, "c.weir:5:1: no exit on the map: expected "
	    "'>'\nc.weir:12:20: unknown spawn 'Z': the map has no 'Z'\n");

	/* A name longer than a message holds: the errors all the same. */
	{
		char	name[1500], errs[4096] = "";

		memset(name, 'x', sizeof name - 1);
		name[sizeof name - 1] = '\0';
		ck_assert_int_eq(level_check_all(name, "weir-level 1\ngold x\n"
		    "lives y\n", 22, t_errs_add, errs, LEVEL_MAX_ERRORS), 2);
		ck_assert(strncmp(errs, name, 1000) == 0);
	}

	/* The reach depends on the movement line: not judged without it. */
	ck_assert_int_eq(t_check_all("weir-level 1\ntitle T\ngold 10\n"
	    "lives 5\nmovement 5\nmap\n####\n#A##\n##>#\n####\nend\n"
	    "wave\ngroup 1 grunt from A\n", buf), 1);
	ck_assert(strncmp(buf, "c.weir:5:10: expected 4 or 8", 28) == 0);
}
END_TEST

static Suite *
level_suite(void)
{
	Suite	*s = suite_create("level");
	TCase	*tc;

	tc = tcase_create("accept");
	tcase_add_test(tc, test_minimal);
	tcase_add_test(tc, test_full);
	tcase_add_test(tc, test_line_ends);
	tcase_add_test(tc, test_any_order);
	tcase_add_test(tc, test_seconds);
	tcase_add_test(tc, test_grid);
	tcase_add_test(tc, test_limits_accepted);
	tcase_add_test(tc, test_largest_map);
	tcase_add_test(tc, test_enemy_names);
	tcase_add_test(tc, test_shipped_levels);
	tcase_add_test(tc, test_load_errors);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);

	tc = tcase_create("reject");
	tcase_add_test(tc, test_bad_fixtures);
	tcase_add_test(tc, test_reject_empty);
	tcase_add_test(tc, test_reject_no_header);
	tcase_add_test(tc, test_reject_version);
	tcase_add_test(tc, test_reject_duplicate_header);
	tcase_add_test(tc, test_reject_unknown_key);
	tcase_add_test(tc, test_reject_duplicate_key);
	tcase_add_test(tc, test_reject_gold);
	tcase_add_test(tc, test_reject_lives);
	tcase_add_test(tc, test_reject_movement);
	tcase_add_test(tc, test_reject_slow);
	tcase_add_test(tc, test_reject_text);
	tcase_add_test(tc, test_reject_missing_keys);
	tcase_add_test(tc, test_reject_map_not_closed);
	tcase_add_test(tc, test_reject_empty_map);
	tcase_add_test(tc, test_reject_ragged);
	tcase_add_test(tc, test_reject_glyph);
	tcase_add_test(tc, test_reject_too_wide);
	tcase_add_test(tc, test_reject_too_tall);
	tcase_add_test(tc, test_reject_no_spawn);
	tcase_add_test(tc, test_reject_no_exit);
	tcase_add_test(tc, test_reject_unreachable);
	tcase_add_test(tc, test_reject_spawn_too_big);
	tcase_add_test(tc, test_reject_too_many_exits);
	tcase_add_test(tc, test_reject_enemy);
	tcase_add_test(tc, test_reject_count);
	tcase_add_test(tc, test_reject_from);
	tcase_add_test(tc, test_reject_unknown_spawn);
	tcase_add_test(tc, test_reject_options);
	tcase_add_test(tc, test_reject_seconds);
	tcase_add_test(tc, test_reject_wave_line);
	tcase_add_test(tc, test_reject_group_outside);
	tcase_add_test(tc, test_reject_empty_wave);
	tcase_add_test(tc, test_reject_too_many_waves);
	tcase_add_test(tc, test_reject_too_many_groups);
	tcase_add_test(tc, test_reject_bytes);
	tcase_add_test(tc, test_reject_utf8);
	tcase_add_test(tc, test_reject_huge_line);
	tcase_add_test(tc, test_check_both_kinds_in_one_run);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);

	tc = tcase_create("movingai");
	tcase_add_test(tc, test_movingai_small);
	tcase_add_test(tc, test_movingai_errors);
	tcase_add_test(tc, test_movingai_lenient);
	tcase_add_test(tc, test_movingai_many_regions);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	tc = tcase_create("movingai-data");
	tcase_set_tags(tc, "movingai");	/* --disable-movingai-tests */
	tcase_add_test(tc, test_movingai_arena);
	suite_add_tcase(s, tc);

	tc = tcase_create("robust");
	tcase_add_test(tc, test_fuzz_level);
	tcase_add_test(tc, test_fuzz_movingai);
	tcase_set_timeout(tc, 600);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(level_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
