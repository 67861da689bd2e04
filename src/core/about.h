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

/*
 * Beside the ENEMY_TRAIT_* bits in what about_answers is asked: the kind
 * flies (its mover, not a trait), so what answers it is every tower that
 * hits the air.
 */
#define ABOUT_AIR	0x80000000u

/*
 * The words a first sight's line is said in, longest first; a narrow
 * screen takes the first that fits. Each keeps what the kind does (its
 * row's about) and what answers it, and drops, in this order: the
 * articles before the answers ("a siege cannon": "siege cannon"); the
 * traits in brackets, which the about says again; the tower after a
 * specialisation's name, which is unique ("siege cannon": "siege").
 */
enum about_form {
	ABOUT_FIRST_WHOLE,
	ABOUT_FIRST_BARE,
	ABOUT_FIRST_UNTRAITED,
	ABOUT_FIRST_SPECS,
	ABOUT_FIRST_NFORMS
};

size_t		 about_spec(int spec, char *buf, size_t len);
double		 about_dps(const struct tower_stats *st);
const char	*about_mover(int kind);
size_t		 about_enemy(int kind, char *buf, size_t len);
size_t		 about_answers(unsigned traits, char *buf, size_t len);
bool		 about_instant(int kind);
size_t		 about_first(int kind, char *buf, size_t len);
size_t		 about_first_as(int kind, enum about_form form, char *buf,
		    size_t len);

#endif
