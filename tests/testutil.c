/* SPDX-License-Identifier: ISC */
/*
 * Test helpers: text grids, random grids, a seeded generator, scratch
 * directories and whole files.
 */
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/level.h"
#include "testutil.h"

/* Next value of a xorshift64* generator. */
uint64_t
tu_rand(uint64_t *s)
{
	uint64_t x = *s;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * 0x2545F4914F6CDD1DULL;
}

/* Uniform-enough integer in [0, n). */
int
tu_randint(uint64_t *s, int n)
{
	return (int)(tu_rand(s) >> 33) % n;
}

struct grid *
tu_grid(const char *const *rows, bool diagonal, int32_t *goals, int *ngoals)
{
	int h = 0, w = (int)strlen(rows[0]), n = 0;
	struct grid *g;

	while (rows[h] != NULL)
		h++;
	g = grid_new(w, h, diagonal);
	for (int y = 0; y < h; y++) {
		for (int x = 0; x < w; x++) {
			char c = rows[y][x];

			if (c == '#')
				continue;
			grid_set_cost(g, x, y, c >= '2' && c <= '9' ? c - '0' : 1);
			if (c == 'G' && goals != NULL)
				goals[n++] = grid_index(g, x, y);
		}
	}
	if (ngoals != NULL)
		*ngoals = n;
	return g;
}

struct grid *
tu_random_grid(uint64_t *s, int w, int h, int wall_pct, int slow_pct,
    bool diagonal)
{
	struct grid *g = grid_new(w, h, diagonal);

	for (int y = 0; y < h; y++) {
		for (int x = 0; x < w; x++) {
			int r = tu_randint(s, 100);

			if (r < wall_pct)
				continue;
			if (tu_randint(s, 100) < slow_pct)
				grid_set_cost(g, x, y, 2 + tu_randint(s, 8));
			else
				grid_set_cost(g, x, y, 1);
		}
	}
	return g;
}

int
tu_random_open(uint64_t *s, const struct grid *g)
{
	for (int tries = 0; tries < 10000; tries++) {
		int x = tu_randint(s, g->w), y = tu_randint(s, g->h);

		if (grid_open(g, x, y))
			return grid_index(g, x, y);
	}
	return -1;
}

const char *
tu_srcpath(const char *rel)
{
	static char buf[4096];
	const char *top = getenv("top_srcdir");

	snprintf(buf, sizeof buf, "%s/%s", top != NULL ? top : ".", rel);
	return buf;
}

/* A fresh scratch directory (see testutil.h). */
int
tu_mkdtemp(char *dir, size_t size, const char *name)
{
	const char	*tmp = getenv("TMPDIR");
	int		 n;

	n = snprintf(dir, size, "%s/%s.XXXXXX",
	    tmp != NULL && tmp[0] == '/' ? tmp : "/tmp", name);
	if (n < 0 || (size_t)n >= size)
		return -1;
	return mkdtemp(dir) != NULL ? 0 : -1;
}

/* Remove a scratch directory and what is in it. */
void
tu_rmdir(const char *dir)
{
	DIR		*d = opendir(dir);
	struct dirent	*de;
	char		 p[4096];

	if (d == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0)
			continue;
		snprintf(p, sizeof p, "%s/%s", dir, de->d_name);
		if (unlink(p) != 0)
			rmdir(p);
	}
	closedir(d);
	rmdir(dir);
}

/* Entries of dir whose name starts with prefix. */
int
tu_count_files(const char *dir, const char *prefix)
{
	DIR		*d = opendir(dir);
	struct dirent	*de;
	int		 n = 0;

	if (d == NULL)
		return -1;
	while ((de = readdir(d)) != NULL) {
		if (strncmp(de->d_name, prefix, strlen(prefix)) == 0)
			n++;
	}
	closedir(d);
	return n;
}

/* The whole of the file at path. */
char *
tu_slurp(const char *path, size_t *len)
{
	FILE	*f = fopen(path, "rb");
	char	*buf = NULL, *grown;
	size_t	 cap = 0, n;

	*len = 0;
	if (f == NULL)
		return NULL;
	do {
		if (*len + 1 >= cap) {
			cap = cap > 0 ? 2 * cap : 8192;
			if ((grown = realloc(buf, cap)) == NULL) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = grown;
		}
		n = fread(buf + *len, 1, cap - 1 - *len, f);
		*len += n;
	} while (n > 0);
	fclose(f);
	buf[*len] = '\0';
	return buf;
}

/* Write a whole file. */
int
tu_put(const char *path, const char *text, size_t len)
{
	FILE	*f = fopen(path, "wb");

	if (f == NULL)
		return -1;
	if (fwrite(text, 1, len, f) != len) {
		fclose(f);
		return -1;
	}
	return fclose(f);
}

/*
 * A level parsed from text (named "test"); a text that does not parse
 * stops the test with the parser's message.
 */
struct level *
tu_level(const char *text)
{
	char		 err[512];
	struct level	*lv = level_parse("test", text, strlen(text), err,
			    sizeof err);

	if (lv == NULL) {
		fprintf(stderr, "level does not parse: %s\n", err);
		abort();
	}
	return lv;
}

/* Print a measured figure when WEIR_TEST_VERBOSE is set. */
void
tu_say(const char *fmt, ...)
{
	va_list	ap;

	if (getenv("WEIR_TEST_VERBOSE") == NULL)
		return;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}
