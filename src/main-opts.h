/* SPDX-License-Identifier: ISC */
/*
 * main-opts: weir's command line read into struct main_opts. Every option is
 * one row of main_options in main-opts.c (its long and short names, its help
 * text and the function that records it); getopt_long's tables, --help and
 * --version are made here. main.c decides what runs from what was read.
 */
#ifndef WEIR_MAIN_OPTS_H
#define WEIR_MAIN_OPTS_H

#include <stdbool.h>

#include "core/daily.h"
#include "core/settings.h"
#include "color.h"
#include "headless.h"
#include "ui/ui-launch.h"

#define MAIN_EXIT_ERROR	1	/* a level had an error */
#define MAIN_EXIT_USAGE	2	/* the command line was wrong */
#define MAIN_ERR_MAX	1024	/* bytes of one error message */
#define MAIN_PATH_MAX	4096	/* bytes of a resolved level path */

/* What to do; when options ask for several, the highest wins. */
enum main_mode {
	MAIN_PLAY,		/* open LEVEL */
	MAIN_HEADLESS,		/* --headless: play LEVEL with no terminal */
	MAIN_RATE,		/* --rate LEVEL... */
	MAIN_EDIT,		/* --edit FILE: the level editor */
	MAIN_VERIFY,		/* --verify FILE...: recordings */
	MAIN_CHECK,		/* --check FILE... */
	MAIN_VERSION,		/* --version */
	MAIN_HELP		/* --help */
};

struct main_opts {
	enum main_mode	mode;
	struct headless_opts headless;	/* the --headless options */
	bool		game_opts;	/* one of them was given */
	const char	*bad;		/* an option with a bad argument */
	const char	*bad_setting;	/* --difficulty's, when not one */
	struct ui_options ui;		/* --ascii, --no-color, --bell */
	enum color_when	color;		/* --color, --no-color */
	const char	*bad_color;	/* --color's, when not a WHEN */
	bool		color_set;	/* --color or --no-color: over the
					   settings */
	bool		resume;		/* --continue */
	bool		headless_given;	/* --headless, even if --check wins */
	bool		rate_given;	/* --rate, even if --check wins */
	bool		strength_set;	/* --strength */
	bool		bot_given;	/* --bot */
	bool		bot_named;	/* --bot=NAME */
	bool		list_bots;	/* --bot=list */
	const char	*edit;		/* --edit FILE */
	bool		check_given;	/* --check, even if another wins */
	bool		difficulty_set;	/* --difficulty: over the settings */
	bool		endless_set;	/* --endless: over the settings */
	bool		daily;		/* --daily (or --date) */
	const char	*date;		/* --date YYYY-MM-DD */
	bool		verify_given;	/* --verify, even if another wins */
	struct daily	daily_game;	/* the date's game, when daily */
	const char	*replay;	/* --replay FILE */
	const char	*bot_name;	/* --bot=NAME ("" for --bot) */
	const char	*bad_bot;	/* --bot's NAME, when not a strategy */
	char		 bad_plan[256];	/* why --bot=plan:TEXT is not a plan */
	bool		 budget_set;	/* --search-budget */
	struct settings	settings;	/* the config file's own */
	bool		settings_ok;	/* ... read, or there is none */
	char		settings_note[MAIN_PATH_MAX + 512]; /* its trouble
					   for the title screen, "" */
};

/* Read the options into o; -1 on a usage error (already said). */
int	main_parse_options(int argc, char **argv, struct main_opts *o);
/* --help, naming leveldir as where installed levels are read. */
void	main_usage(const char *leveldir);
/* --version, in the GNU form. */
void	main_version(void);
/* Say msg (if any) and how to get help; returns the usage exit status. */
int	main_usage_error(const char *msg);

#endif
