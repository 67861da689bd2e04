/* SPDX-License-Identifier: ISC */
/*
 * What the registry's rows say in words and figures, for every reader:
 * the game's help and boxes, the cursor line, the first sight of a kind,
 * and the test that holds README.md and weir(6) to the rows. Nothing here
 * is written by hand about one kind: each text is made from the numbers
 * and flags of its row, so a row that changes changes what is said.
 */
#ifndef WEIR_ABOUT_H
#define WEIR_ABOUT_H

#include <stddef.h>

#include "kinds.h"

#define ABOUT_MAX	256	/* room for any line below */

size_t		 about_spec(int spec, char *buf, size_t len);
double		 about_dps(const struct tower_stats *st);
const char	*about_mover(int kind);
size_t		 about_enemy(int kind, char *buf, size_t len);
size_t		 about_answers(unsigned traits, char *buf, size_t len);
size_t		 about_first(int kind, char *buf, size_t len);

#endif
