/* SPDX-License-Identifier: ISC */
/*
 * Fuzz target: the editor's open (edit_parse, the draft parse). Any input
 * gives an edit or one well-formed error; every level the game reads, the
 * editor opens; an opened edit lists its problems and writes a text that
 * opens again to the same text; never a crash.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/edit.h"
#include "core/level.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char		 err[512];
	struct level	*l = level_parse("fuzz.weir", (const char *)data, size,
			    err, sizeof err);
	struct edit	*e = edit_parse("fuzz.weir", (const char *)data, size,
			    err, sizeof err), *again;
	char		*text, *text2;
	size_t		 len, len2;

	if (l != NULL && e == NULL)
		abort();	/* a level the game reads, the editor refused */
	level_free(l);
	if (e == NULL) {
		fuzz_check_message("fuzz.weir", err);
		return 0;
	}
	edit_refresh(e);
	text = edit_text(e, &len);
	if ((again = edit_parse("again", text, len, err, sizeof err)) == NULL)
		abort();	/* what the editor writes, it must open */
	text2 = edit_text(again, &len2);
	if (len != len2 || memcmp(text, text2, len) != 0)
		abort();
	free(text);
	free(text2);
	edit_free(again);
	edit_free(e);
	return 0;
}
