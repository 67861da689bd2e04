/* SPDX-License-Identifier: ISC */
/*
 * Fuzz target: the Moving AI .map importer, both readings (playable level
 * and benchmark grid).
 */
#include <stdlib.h>

#include "nav/grid.h"
#include "core/level.h"
#include "core/movingai.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[512];
	struct level *l;
	struct grid *g;

	l = movingai_parse("fuzz.map", (const char *)data, size, err, sizeof err);
	if (l == NULL)
		fuzz_check_message("fuzz.map", err);
	else
		level_free(l);
	g = movingai_bench_parse("fuzz.map", (const char *)data, size, err,
	    sizeof err);
	if (g == NULL)
		fuzz_check_message("fuzz.map", err);
	else
		grid_free(g);
	return 0;
}
