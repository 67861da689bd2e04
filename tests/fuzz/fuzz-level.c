/* SPDX-License-Identifier: ISC */
/*
 * Fuzz target: the level-file parser. Any input must give either a level
 * that builds a grid, or one well-formed error message; never a crash.
 * Checked for every error (as --check does), it must give the same
 * verdict, the parse's error among its own (they come in file order, the
 * parse's is the first found), and each error well formed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nav/grid.h"
#include "core/level.h"
#include "fuzz.h"

/* What the check for every error saw. */
struct fuzz_all {
	int		 n;
	const char	*err;	/* the parse's error */
	int		 found;	/* times the check gave it */
};

/* Each error of level_check_all: well formed; the parse's one counted. */
static void
fuzz_level_sink(void *arg, const char *msg)
{
	struct fuzz_all	*a = arg;

	fuzz_check_message("fuzz.weir", msg);
	a->n++;
	a->found += strcmp(msg, a->err) == 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[512];
	struct fuzz_all all = { 0, err, 0 };
	struct level *l = level_parse("fuzz.weir", (const char *)data, size, err,
	    sizeof err);
	int n = level_check_all("fuzz.weir", (const char *)data, size,
	    fuzz_level_sink, &all, LEVEL_MAX_ERRORS);

	if ((l == NULL) != (n > 0) || all.n > LEVEL_MAX_ERRORS + 1)
		abort();
	if (l == NULL) {
		fuzz_check_message("fuzz.weir", err);
		if (all.found == 0)
			abort();
		return 0;
	}
	grid_free(level_new_grid(l));
	level_free(l);
	return 0;
}
