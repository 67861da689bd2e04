/* SPDX-License-Identifier: ISC */
/*
 * The Moving AI map reader. The file is checked strictly (header lines in
 * their order, exactly height rows of exactly width known glyphs, nothing but
 * blank lines after them) into a w x h array of glyphs; the two public
 * readings (a playable level, a benchmark grid) are built from that array.
 * A trailing CR on a line is ignored, as are trailing spaces and tabs.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "level.h"
#include "movingai.h"
#include "textio.h"
#include "util.h"

#define MOVINGAI_QUOTE_MAX	32	/* bytes of a token a message repeats */

/* The waves every imported map is played with; all leave spawn 'A'. */
static const struct movingai_group {
	int			wave;		/* 0-based */
	int			wave_after_ms;	/* read on a wave's 1st group */
	enum enemy_kind	enemy;
	int			count;
	int			every_ms;
	int			after_ms;
} movingai_waves[] = {
	{ 0, 20000, ENEMY_GRUNT,    8, 1500,    0 },
	{ 1, 15000, ENEMY_GRUNT,   12, 1200,    0 },
	{ 2, 15000, ENEMY_RUNNER,  10,  800,    0 },
	{ 3, 15000, ENEMY_GRUNT,   10, 1000,    0 },
	{ 3,     0, ENEMY_BRUTE,    3, 3000, 4000 },
	{ 4, 15000, ENEMY_SWARMER, 24,  300,    0 },
	{ 5, 15000, ENEMY_FLYER,    8, 1500,    0 },
	{ 5,     0, ENEMY_GRUNT,    8, 1000, 2000 },
	{ 6, 15000, ENEMY_RUNNER,  12,  600,    0 },
	{ 6,     0, ENEMY_SKULKER, 10, 1000, 3000 },
	{ 7, 15000, ENEMY_BRUTE,    6, 2500,    0 },
	{ 7,     0, ENEMY_SWARMER, 16,  400, 2000 },
	{ 8, 15000, ENEMY_FLYER,   10, 1000,    0 },
	{ 8,     0, ENEMY_SKULKER, 10,  800, 1000 },
	{ 9, 20000, ENEMY_BOSS,     1,    0,    0 },
	{ 9,     0, ENEMY_ESCORT,   6,  500,  500 },
};

/* A checked map: w x h glyphs, row-major. */
struct movingai_map {
	int	 w, h;
	int	 mapline;	/* line of the "map" header */
	char	*cells;
};

/* A token for a message: printable ASCII kept, other bytes as '?'. */
static const char *
movingai_quote(char *buf, const char *s, size_t n)
{
	size_t	i, c = n > MOVINGAI_QUOTE_MAX ? MOVINGAI_QUOTE_MAX : n;

	for (i = 0; i < c; i++)
		buf[i] = s[i] > ' ' && s[i] < 0x7f ? s[i] : '?';
	if (c < n)
		memcpy(buf + c, "...", 4);
	else
		buf[c] = '\0';
	return buf;
}

/* The next line, trailing CR and blanks dropped; false at the end. */
static bool
movingai_next_line(struct textio *r, const char **s, size_t *n)
{
	if (!textio_next(r))
		return false;
	*s = r->line;
	*n = r->linelen;
	return true;
}

/* Split "WORD VALUE" at s: the column and length of each, 0 if absent. */
static void
movingai_split(const char *s, size_t n, size_t *w0, size_t *wn, size_t *v0,
    size_t *vn)
{
	size_t	i = 0;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	*w0 = i;
	while (i < n && s[i] != ' ' && s[i] != '\t')
		i++;
	*wn = i - *w0;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	*v0 = i;
	*vn = n - i;
}

/* Whether the n bytes at s are the word w. */
static bool
movingai_word(const char *s, size_t n, const char *w)
{
	return strlen(w) == n && memcmp(s, w, n) == 0;
}

/* A header line "WORD N" with 1 <= N <= max. */
static bool
movingai_dimension(struct textio *r, const char *word, int max, int *out)
{
	const char	*s = "";
	char		 q[MOVINGAI_QUOTE_MAX + 4];
	size_t		 n = 0, w0, wn, v0, vn, col;
	int64_t		 v = 0;
	enum textio_num	 got;
	long		 line;

	if (!movingai_next_line(r, &s, &n)) {
		textio_end(r, &line, &col);
		return textio_error(r, line, col, "expected '%s N', found "
		    "end of file", word);
	}
	movingai_split(s, n, &w0, &wn, &v0, &vn);
	if (!movingai_word(s + w0, wn, word))
		return textio_error(r, r->lineno, (int)w0 + 1,
		    "expected '%s N'", word);
	if (vn == 0)
		return textio_error(r, r->lineno, (int)v0 + 1,
		    "expected a number after '%s'", word);
	if ((got = textio_int(s + v0, vn, 1, max, &v)) == TEXTIO_NUM_BAD)
		return textio_error(r, r->lineno, (int)v0 + 1,
		    "expected a number after '%s', found '%s'", word,
		    movingai_quote(q, s + v0, vn));
	if (got == TEXTIO_NUM_RANGE)
		return textio_error(r, r->lineno, (int)v0 + 1,
		    "%s out of range: expected 1 to %d, found '%s'", word, max,
		    movingai_quote(q, s + v0, vn));
	*out = (int)v;
	return true;
}

/* Whether c is a glyph of the format. */
static bool
movingai_glyph(char c)
{
	return c != '\0' && strchr(".GS@OTW", c) != NULL;
}

/* Check the whole text into m; false with a message on the first error. */
static bool
movingai_read(struct textio *r, struct movingai_map *m)
{
	const char	*s = "";
	char		 q[MOVINGAI_QUOTE_MAX + 4];
	size_t		 n = 0, w0, wn, v0, vn, x, col;
	long		 line;
	int		 y;

	m->cells = NULL;
	if (!movingai_next_line(r, &s, &n)) {
		textio_end(r, &line, &col);
		return textio_error(r, line, col,
		    "expected 'type octile', found end of file");
	}
	movingai_split(s, n, &w0, &wn, &v0, &vn);
	if (!movingai_word(s + w0, wn, "type"))
		return textio_error(r, r->lineno, (int)w0 + 1,
		    "expected 'type octile'");
	if (!movingai_word(s + v0, vn, "octile"))
		return textio_error(r, r->lineno, (int)v0 + 1,
		    "unsupported map type '%s': expected 'octile'",
		    movingai_quote(q, s + v0, vn));
	if (!movingai_dimension(r, "height", GRID_MAX_H, &m->h) ||
	    !movingai_dimension(r, "width", GRID_MAX_W, &m->w))
		return false;
	if (!movingai_next_line(r, &s, &n)) {
		textio_end(r, &line, &col);
		return textio_error(r, line, col,
		    "expected 'map', found end of file");
	}
	movingai_split(s, n, &w0, &wn, &v0, &vn);
	if (!movingai_word(s + w0, wn, "map") || vn != 0)
		return textio_error(r, r->lineno, 1, "expected 'map'");
	m->mapline = r->lineno;

	m->cells = xmalloc((size_t)m->w * (size_t)m->h);
	for (y = 0; y < m->h; y++) {
		if (!movingai_next_line(r, &s, &n)) {
			textio_end(r, &line, &col);
			return textio_error(r, line, col, "map ends early: "
			    "%d of %d rows", y, m->h);
		}
		for (x = 0; x < n && x < (size_t)m->w; x++) {
			if (movingai_glyph(s[x]))
				continue;
			if (s[x] > ' ' && s[x] < 0x7f)
				return textio_error(r, r->lineno, (int)x + 1,
				    "unknown terrain '%c' (expected . G S @ O "
				    "T W)", s[x]);
			return textio_error(r, r->lineno, (int)x + 1,
			    "unknown terrain byte 0x%02x (expected . G S @ O "
			    "T W)", (unsigned char)s[x]);
		}
		if (n != (size_t)m->w)
			return textio_error(r, r->lineno,
			    (int)(n < (size_t)m->w ? n : (size_t)m->w) + 1,
			    "row width %zu, expected %d", n, m->w);
		memcpy(m->cells + (size_t)y * (size_t)m->w, s, n);
	}
	while (movingai_next_line(r, &s, &n)) {
		if (n != 0)
			return textio_error(r, r->lineno, 1,
			    "unexpected text after the last of %d rows", m->h);
	}
	return true;
}

/* Check a map held in memory; NULL (message in err) on failure. */
static char *
movingai_check(const char *name, const char *text, size_t len, char *err,
    size_t errlen, struct movingai_map *m)
{
	struct textio	r;

	textio_init(&r, name, text, len, TEXTIO_CR | TEXTIO_TRIM, err, errlen);
	if (err != NULL && errlen > 0)
		err[0] = '\0';
	m->cells = NULL;
	if (r.len > LEVEL_FILE_MAX) {
		textio_error(&r, 1, 1, "too large: at most %d bytes",
		    LEVEL_FILE_MAX);
		return NULL;
	}
	if (!movingai_read(&r, m)) {
		free(m->cells);
		return NULL;
	}
	return m->cells;
}

/* Whether a glyph can be walked in play. */
static bool
movingai_open(char c)
{
	return c == '.' || c == 'G' || c == 'S';
}

/*
 * Breadth-first search over the open cells from cell start, 4-connected,
 * through cells whose dist is -1 (the caller sets that); dist gets steps,
 * queue the cells reached in order. Returns how many; *far is the
 * farthest of them, the first in row-major order on a tie. It touches only
 * the region of start, so labelling every region costs one pass in all.
 */
static int
movingai_bfs(const struct movingai_map *m, int start, int32_t *dist,
    int32_t *queue, int *far)
{
	static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
	int	head = 0, tail = 0, i, d, x, y, nx, ny, ni;

	dist[start] = 0;
	queue[tail++] = start;
	*far = start;
	while (head < tail) {
		i = queue[head++];
		x = i % m->w;
		y = i / m->w;
		if (dist[i] > dist[*far] || (dist[i] == dist[*far] && i < *far))
			*far = i;
		for (d = 0; d < 4; d++) {
			nx = x + dx[d];
			ny = y + dy[d];
			if (nx < 0 || ny < 0 || nx >= m->w || ny >= m->h)
				continue;
			ni = ny * m->w + nx;
			if (dist[ni] >= 0 || !movingai_open(m->cells[ni]))
				continue;
			dist[ni] = dist[i] + 1;
			queue[tail++] = ni;
		}
	}
	return tail;
}

/* Set dist to -1 on the n cells of queue (a region a search reached). */
static void
movingai_forget(int32_t *dist, const int32_t *queue, int n)
{
	int	j;

	for (j = 0; j < n; j++)
		dist[queue[j]] = -1;
}

/*
 * Choose spawn and exit cells as movingai.h says; false if there is no
 * room. Linear in the cells: every region is searched once (a cell a
 * search reached keeps its distance, which marks it seen), then the
 * largest twice more, each time forgetting only that region.
 */
static bool
movingai_ends(const struct movingai_map *m, int *spawn, int *goal)
{
	size_t	 ncells = (size_t)m->w * (size_t)m->h;
	int32_t	*dist = xcalloc(ncells, sizeof *dist);
	int32_t	*queue = xcalloc(ncells, sizeof *queue);
	int	 i, size, best = -1, bestsize = 0, far;

	for (i = 0; i < (int)ncells; i++)
		dist[i] = -1;
	for (i = 0; i < (int)ncells; i++) {
		if (dist[i] >= 0 || !movingai_open(m->cells[i]))
			continue;
		size = movingai_bfs(m, i, dist, queue, &far);
		if (size > bestsize) {
			bestsize = size;
			best = i;
		}
	}
	if (bestsize >= 2) {
		for (i = 0; i < (int)ncells; i++)
			dist[i] = -1;
		size = movingai_bfs(m, best, dist, queue, spawn);
		movingai_forget(dist, queue, size);
		movingai_bfs(m, *spawn, dist, queue, goal);
	}
	free(queue);
	free(dist);
	return bestsize >= 2;
}

/* The title of an imported map: the file's base name without ".map". */
static void
movingai_title(struct level *l, const char *name)
{
	const char	*base = strrchr(name, '/');
	size_t		 n, i;

	base = base != NULL ? base + 1 : name;
	n = strlen(base);
	if (n > 4 && strcmp(base + n - 4, ".map") == 0)
		n -= 4;
	if (n == 0) {
		base = "Moving AI map";
		n = strlen(base);
	}
	if (n > LEVEL_TITLE_MAX)
		n = LEVEL_TITLE_MAX;
	for (i = 0; i < n; i++)
		l->title[i] = base[i] >= ' ' && base[i] < 0x7f ? base[i] : '?';
	l->title[n] = '\0';
}

/* Parse a Moving AI map held in memory into a playable level. */
struct level *
movingai_parse(const char *name, const char *text, size_t len, char *err,
    size_t errlen)
{
	struct movingai_map	 m;
	struct level		*l;
	struct level_group	*g;
	const struct movingai_group *mg;
	size_t			 i;
	int			 spawn, goal;

	if (movingai_check(name, text, len, err, errlen, &m) == NULL)
		return NULL;
	if (!movingai_ends(&m, &spawn, &goal)) {
		if (err != NULL && errlen > 0)
			snprintf(err, errlen, "%s:%d:1: no two connected open "
			    "cells: the map has no room for a spawn and an "
			    "exit", name, m.mapline);
		free(m.cells);
		return NULL;
	}

	l = level_alloc(m.w, m.h);
	movingai_title(l, name);
	snprintf(l->description, sizeof l->description,
	    "Moving AI benchmark map, %d x %d", m.w, m.h);
	l->gold = MOVINGAI_GOLD;
	l->lives = MOVINGAI_LIVES;
	l->diagonal = true;
	l->slow_cost = MOVINGAI_SLOW_COST;
	for (i = 0; i < (size_t)m.w * (size_t)m.h; i++) {
		switch (m.cells[i]) {
		case '.':
		case 'G':
			l->terrain[i] = LEVEL_GROUND;
			break;
		case 'S':
			l->terrain[i] = LEVEL_SLOW;
			break;
		default:
			l->terrain[i] = LEVEL_WALL;
			break;
		}
	}
	l->terrain[spawn] = LEVEL_SPAWN;
	l->terrain[goal] = LEVEL_EXIT;
	l->nspawns = 1;
	l->spawns[0].label = 'A';
	l->spawns[0].ncells = 1;
	l->spawns[0].cells[0].x = spawn % m.w;
	l->spawns[0].cells[0].y = spawn / m.w;
	l->nexits = 1;
	l->exits[0].x = goal % m.w;
	l->exits[0].y = goal / m.w;

	for (i = 0; i < sizeof movingai_waves / sizeof movingai_waves[0]; i++) {
		mg = &movingai_waves[i];
		if (mg->wave == l->nwaves) {
			l->waves[l->nwaves].after_ms = mg->wave_after_ms;
			l->nwaves++;
		}
		g = &l->waves[mg->wave].groups[l->waves[mg->wave].ngroups++];
		g->enemy = mg->enemy;
		g->count = mg->count;
		g->from = 'A';
		g->spawn = 0;
		g->every_ms = mg->every_ms;
		g->after_ms = mg->after_ms;
	}
	free(m.cells);
	return l;
}

/* Read a Moving AI map file into a playable level. */
struct level *
movingai_load(const char *path, char *err, size_t errlen)
{
	struct level	*l;
	char		*text;
	size_t		 len;

	if ((text = level_read_file(path, &len, err, errlen)) == NULL)
		return NULL;
	l = movingai_parse(path, text, len, err, errlen);
	free(text);
	return l;
}

/* Parse a Moving AI map held in memory into a benchmark grid. */
struct grid *
movingai_bench_parse(const char *name, const char *text, size_t len,
    char *err, size_t errlen)
{
	struct movingai_map	 m;
	struct grid		*g;
	int			 x, y;

	if (movingai_check(name, text, len, err, errlen, &m) == NULL)
		return NULL;
	g = grid_new(m.w, m.h, true);
	for (y = 0; y < m.h; y++) {
		for (x = 0; x < m.w; x++) {
			if (movingai_open(m.cells[(size_t)y * m.w + x]))
				grid_set_cost(g, x, y, 1);
		}
	}
	free(m.cells);
	return g;
}

/* Read a Moving AI map file into a benchmark grid. */
struct grid *
movingai_bench_grid(const char *path, char *err, size_t errlen)
{
	struct grid	*g;
	char		*text;
	size_t		 len;

	if ((text = level_read_file(path, &len, err, errlen)) == NULL)
		return NULL;
	g = movingai_bench_parse(path, text, len, err, errlen);
	free(text);
	return g;
}
