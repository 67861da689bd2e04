/* SPDX-License-Identifier: ISC */
/*
 * The rule every parser's failure must keep: one message of the shape
 * "NAME:LINE:COL: text", with positive LINE and COL. A message of any other
 * shape aborts, so the fuzzer reports it as a crash.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

void
fuzz_check_message(const char *name, const char *err)
{
	size_t n = strlen(name);
	const char *p = err + n;
	long line, col;
	char *end;

	if (strncmp(err, name, n) != 0 || *p != ':')
		goto bad;
	line = strtol(p + 1, &end, 10);
	if (end == p + 1 || *end != ':' || line < 1)
		goto bad;
	p = end;
	col = strtol(p + 1, &end, 10);
	if (end == p + 1 || col < 1 || strncmp(end, ": ", 2) != 0 ||
	    end[2] == '\0')
		goto bad;
	return;
bad:
	fprintf(stderr, "malformed error message: \"%s\"\n", err);
	abort();
}
