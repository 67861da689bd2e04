/* SPDX-License-Identifier: ISC */
/*
 * Scripts: commands for a headless game, one a line,
 *
 *	TICK COMMAND ARGS...
 *
 * where TICK is the game clock (ticks since the start, GAME_RATE a second)
 * at which the command is given, before that tick is simulated, and
 * COMMAND is one of
 *
 *	place TYPE X Y		build a tower (TYPE: wall, arrow, ...)
 *	upgrade X Y		raise the tower at X Y a level
 *	sell X Y		sell it
 *	target X Y MODE		first, last, strongest, weakest or closest
 *	wave			call the next wave now
 *	hero X Y		send the hero there
 *	power NAME X Y		use a power aimed at X Y (strike, barrier,
 *				freeze)
 *	specialise X Y NAME	specialise the top-level tower at X Y
 *	line TYPE X Y X2 Y2	a TYPE tower on every cell of the straight
 *				line from X Y to X2 Y2 (game-batch.c)
 *	upgrade-all TYPE	raise every TYPE tower a level
 *	upgrade-area X Y X2 Y2	raise every tower in that box a level
 *
 * Words are separated by blanks; '#' at the start of a word begins a
 * comment that runs to the end of the line; blank lines are ignored. Ticks
 * never go down from one command to the next. X and Y are whole numbers
 * and may lie off the map: the game refuses such a command with a reason,
 * it is not a mistake in the script.
 *
 * Errors are one message, "NAME:LINE:COL: what was expected", and the same
 * line parser reads the command log of a saved game.
 */
#ifndef WEIR_SCRIPT_H
#define WEIR_SCRIPT_H

#include <stddef.h>

#include "game.h"

#define SCRIPT_TICK_MAX	2147483647L	/* largest tick a script may name */
#define SCRIPT_COORD_MAX ((long)GAME_COORD_MAX) /* largest |X| or |Y| */

struct script {
	struct game_cmd	*cmds;		/* in tick order */
	int		 ncmds;
};

struct script	*script_parse(const char *name, const char *text, size_t len,
		    char *err, size_t errlen);
struct script	*script_load(const char *path, char *err, size_t errlen);
void		 script_free(struct script *s);
int		 script_parse_line(const char *line, size_t len,
		    struct game_cmd *c, size_t *col, char *msg, size_t msglen);
int		 script_format(const struct game_cmd *c, char *buf, size_t len);

#endif
