/* SPDX-License-Identifier: ISC */
/*
 * Moving AI benchmark maps (".map": "type octile", "height N", "width N",
 * "map", then N rows). Two readings of one file:
 *
 * - movingai_parse/_load make a playable struct level: '.' and 'G' are
 *   ground, 'S' (swamp) slow terrain of cost 2, '@' 'O' 'T' 'W' walls,
 *   8-connected. The file has no spawns or exits, so they are chosen the
 *   same way every time: in the largest 4-connected region of open cells
 *   (the first in row-major order on a tie), a breadth-first sweep from the
 *   region's first cell finds the cell farthest from it, a second sweep from
 *   that cell the cell farthest from it in turn (ties: first in row-major
 *   order); spawn 'A' stands on the first, the exit on the second. The level
 *   gets MOVINGAI_GOLD gold, MOVINGAI_LIVES lives and a fixed set of waves.
 *
 * - movingai_bench_grid makes the plain grid of the benchmark's rules: '.',
 *   'G' and 'S' open at cost 1, everything else blocked, 8-connected with no
 *   corner cutting, so routes can be checked against the published lengths.
 *
 * Errors are "NAME:LINE:COL: message", as for level files.
 */
#ifndef WEIR_MOVINGAI_H
#define WEIR_MOVINGAI_H

#include <stddef.h>

#include "grid.h"
#include "level.h"

#define MOVINGAI_GOLD		250	/* starting gold of an imported map */
#define MOVINGAI_LIVES		20	/* starting lives of an imported map */
#define MOVINGAI_SLOW_COST	2	/* cost of swamp 'S' */

struct level	*movingai_parse(const char *name, const char *text, size_t len,
		     char *err, size_t errlen);
struct level	*movingai_load(const char *path, char *err, size_t errlen);
struct grid	*movingai_bench_parse(const char *name, const char *text,
		     size_t len, char *err, size_t errlen);
struct grid	*movingai_bench_grid(const char *path, char *err,
		     size_t errlen);

#endif
