/* SPDX-License-Identifier: ISC */
/*
 * A verifier with no terminal: weir's core and engine alone (no curses),
 * built for another machine and run under emulation. It plays each
 * recording named again and says what weir --verify says.
 */
#include <stdio.h>

#include "core/record.h"

int
main(int argc, char **argv)
{
	struct recording	*r;
	char			 msg[8192];
	int			 i, status = 0;

	for (i = 1; i < argc; i++) {
		if ((r = record_read(argv[i], msg, sizeof msg)) == NULL) {
			fprintf(stderr, "%s\n", msg);
			status = 1;
			continue;
		}
		if (record_verify(r, argv[i], msg, sizeof msg) != 0)
			status = 1;
		printf("%s\n", msg);
		record_free(r);
	}
	return status;
}
