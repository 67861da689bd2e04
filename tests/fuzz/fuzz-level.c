/*
 * Fuzz target: the level-file parser. Any input must give either a level
 * that builds a grid, or one well-formed error message; never a crash.
 */
#include <stdlib.h>

#include "core/grid.h"
#include "core/level.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[512];
	struct level *l = level_parse("fuzz.weir", (const char *)data, size, err,
	    sizeof err);

	if (l == NULL) {
		fuzz_check_message("fuzz.weir", err);
		return 0;
	}
	grid_free(level_new_grid(l));
	level_free(l);
	return 0;
}
