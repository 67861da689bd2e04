/* SPDX-License-Identifier: ISC */
/*
 * Helpers shared by the unit tests: grids drawn as text, random maps, a
 * small deterministic random number generator, and scratch directories
 * for the tests of the files weir keeps (scores, saved games).
 */
#ifndef WEIR_TESTUTIL_H
#define WEIR_TESTUTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nav/grid.h"

/* xorshift64* generator; the state must not be zero. */
uint64_t	 tu_rand(uint64_t *state);
int		 tu_randint(uint64_t *state, int n);

/*
 * Grid from rows of text: '#' wall, '.' ground, '2'..'9' slow ground of that
 * cost, 'G' a goal (ground). Goals found are written to goals (padded
 * indices), their count to *ngoals (goals may be NULL).
 */
struct grid	*tu_grid(const char *const *rows, bool diagonal, int32_t *goals,
		    int *ngoals);

/* Random w x h grid with walls at the given percentage, maybe slow cells. */
struct grid	*tu_random_grid(uint64_t *state, int w, int h, int wall_pct,
		    int slow_pct, bool diagonal);

/* A random open cell (padded index), or -1 if the grid has none. */
int		 tu_random_open(uint64_t *state, const struct grid *g);

struct level;

/* Print a measured figure when WEIR_TEST_VERBOSE is set. */
void		 tu_say(const char *fmt, ...)
		    __attribute__((format(printf, 1, 2)));

/* A level parsed from text; aborts the test when it does not parse. */
struct level	*tu_level(const char *text);

/* Path to a file under $top_srcdir (or "." when unset); static buffer. */
const char	*tu_srcpath(const char *rel);

/*
 * Make a fresh directory $TMPDIR/NAME.XXXXXX (/tmp when TMPDIR is unset or
 * relative) into dir; 0, or -1 with errno.
 */
int		 tu_mkdtemp(char *dir, size_t size, const char *name);

/* Remove dir, its files and its empty subdirectories. */
void		 tu_rmdir(const char *dir);

/* How many entries of dir have a name starting with prefix. */
int		 tu_count_files(const char *dir, const char *prefix);

/* The whole file at path (malloc'd, NUL-added) and *len; NULL if none. */
char		*tu_slurp(const char *path, size_t *len);

/* Write len bytes of text to path; 0, or -1 with errno. */
int		 tu_put(const char *path, const char *text, size_t len);

#endif
