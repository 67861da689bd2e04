/* SPDX-License-Identifier: ISC */
/*
 * Settings that stay from one game to the next, in a plain text file,
 * $XDG_CONFIG_HOME/weir/config (default ~/.config/weir/config), one
 * "KEY VALUE" a line, '#' starting a comment line:
 *
 *	# weir settings: see weir(6), FILES
 *	difficulty hard		easy, normal or hard
 *	endless no		yes or no
 *	speed 2			1, 2, 4 or 8 (times real time)
 *	cell-width auto		auto, 1 or 2 (screen columns a cell)
 *	bell no			yes or no
 *	ascii no		yes or no
 *	color yes		yes or no
 *	aim pause		pause, slow or on (while a power is aimed)
 *
 * Every key is optional (a missing one keeps its default) and may be given
 * once. A file that does not read gives one message, FILE:LINE:COL, and
 * every default: nothing of a bad file is used. Command-line options
 * override the file.
 *
 * settings_save writes the settings (when the player changes one) as
 * every file weir keeps (safefile.h), reading the file again under the
 * lock first: its comments, its order and the keys it has keep their
 * places, a key it lacks is added at the end, and a file that does not
 * read is never written over (the message says why).
 */
#ifndef WEIR_SETTINGS_H
#define WEIR_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "kinds.h"

#define SETTINGS_FILE_MAX	(64 << 10)	/* a longer file is bad */

/* The keys, in the order a new file lists them. */
enum settings_key {
	SETTINGS_DIFFICULTY,
	SETTINGS_ENDLESS,
	SETTINGS_SPEED,
	SETTINGS_CELL_WIDTH,
	SETTINGS_BELL,
	SETTINGS_ASCII,
	SETTINGS_COLOR,
	SETTINGS_AIM,
	SETTINGS_NKEYS
};

/* What the game does while a power is aimed (the aim key). */
enum settings_aim {
	SETTINGS_AIM_PAUSE,	/* it stands until the power is used */
	SETTINGS_AIM_SLOW,	/* it goes on at a quarter of its speed */
	SETTINGS_AIM_ON,	/* it goes on as before */
	SETTINGS_AIM_NKINDS
};

struct settings {
	enum game_difficulty	difficulty;
	bool			endless;
	int			speed;		/* 1, 2, 4 or 8 */
	int			cell_width;	/* 0: auto, 1 or 2 */
	bool			bell;
	bool			ascii;
	bool			color;
	enum settings_aim	aim;
	unsigned		given;		/* 1 << key: the file gave it */
};

/* What settings_load found. */
enum settings_status {
	SETTINGS_ERROR = -1,	/* could not be read: err says why */
	SETTINGS_OK = 0,
	SETTINGS_MISSING,	/* there is no file: the defaults */
	SETTINGS_BAD		/* err, FILE:LINE:COL: ...; the defaults */
};

void		 settings_defaults(struct settings *s);
const char	*settings_key_name(enum settings_key k);
const char	*settings_aim_name(enum settings_aim a);
int		 settings_path(char *buf, size_t len, bool make_dir);
int		 settings_parse(const char *name, const char *text, size_t len,
		    struct settings *s, char *err, size_t errlen);
enum settings_status settings_load(const char *path, struct settings *s,
		    char *err, size_t errlen);
int		 settings_save(const char *path, const struct settings *s,
		    char *err, size_t errlen);

#endif
