/* SPDX-License-Identifier: ISC */
/*
 * Fuzz target: the recording reader, and verification. Any input must give
 * either one well-formed error message, or a recording whose commands and
 * checks are in time order and within its clock; a short one is then
 * verified (its level parsed, the game played), which must say ok, what
 * differs, or why its level does not read, without a crash.
 */
#include <stdlib.h>
#include <string.h>

#include "core/record.h"
#include "fuzz.h"

#define FUZZ_RECORD_TICKS	1200	/* verify recordings up to this clock */

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct recording	*r;
	char			 err[8192];
	int			 k, rc;

	r = record_parse("fuzz.rec", (const char *)data, size, err,
	    sizeof err);
	if (r == NULL) {
		fuzz_check_message("fuzz.rec", err);
		return 0;
	}
	for (k = 0; k < r->ncmds; k++) {
		if (r->cmds[k].tick > r->ticks || (k > 0 &&
		    r->cmds[k].tick < r->cmds[k - 1].tick))
			abort();
	}
	for (k = 0; k < r->nchecks; k++) {
		if (r->checks[k].tick > r->ticks || (k > 0 &&
		    r->checks[k].tick <= r->checks[k - 1].tick))
			abort();
	}
	if (r->level_len == 0 || r->level_text[r->level_len - 1] != '\n' ||
	    r->taken < 0 || r->taken > r->ticks)
		abort();
	/* No level directory: a daily cannot be checked, nothing else is. */
	rc = record_claims(r, "fuzz.rec", NULL, err, sizeof err);
	if (rc != (r->daily[0] != '\0') || (rc != 0 && strncmp(err,
	    "fuzz.rec", 8) != 0))
		abort();
	if (r->ticks <= FUZZ_RECORD_TICKS && r->level_len < 20000) {
		rc = record_verify(r, "fuzz.rec", err, sizeof err);
		if (rc < -1 || rc > 1 || strncmp(err, "fuzz.rec", 8) != 0)
			abort();
	}
	record_free(r);
	return 0;
}
