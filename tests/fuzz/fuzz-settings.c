/* SPDX-License-Identifier: ISC */
/*
 * Fuzz target: the settings reader. Any input must give either one
 * well-formed error message and the defaults, or settings every one of
 * which is a value the game takes.
 */
#include <stdlib.h>

#include "core/settings.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct settings	s;
	char		err[1024];

	if (settings_parse("fuzz.config", (const char *)data, size, &s, err,
	    sizeof err) != 0) {
		fuzz_check_message("fuzz.config", err);
		if (s.given != 0 || s.speed != 1 || s.bell)
			abort();
		return 0;
	}
	if ((s.speed != 1 && s.speed != 2 && s.speed != 4 && s.speed != 8) ||
	    s.cell_width < 0 || s.cell_width > 2 || s.difficulty < 0 ||
	    s.difficulty >= DIFF_NKINDS)
		abort();
	return 0;
}
