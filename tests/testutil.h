/*
 * Helpers shared by the unit tests: grids drawn as text, random maps, and a
 * small deterministic random number generator.
 */
#ifndef WEIR_TESTUTIL_H
#define WEIR_TESTUTIL_H

#include <stdbool.h>
#include <stdint.h>

#include "core/grid.h"

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

/* Path to a file under $top_srcdir (or "." when unset); static buffer. */
const char	*tu_srcpath(const char *rel);

#endif
