/* SPDX-License-Identifier: ISC */
/*
 * weir: the command line. Every option is one row of main_options (its long
 * and short names, its help text and the function that records it in struct
 * main_opts); getopt_long's tables and --help are both made from that table,
 * so adding an option is adding a row. What runs afterwards depends on the
 * mode the options chose: checking level files, or opening one level.
 *
 * Exit status: 0 success, 1 a level file has an error (or output was
 * lost), 2 a usage error.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/bot.h"
#include "core/daily.h"
#include "core/level.h"
#include "core/rate.h"
#include "core/record.h"
#include "core/session.h"
#include "core/settings.h"
#include "core/text.h"
#include "color.h"
#include "ui/ui.h"
#include "ui/ui-launch.h"
#include "headless.h"
#include "ui/ui-edit.h"

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
	struct settings	settings;	/* the config file's own */
	bool		settings_ok;	/* ... read, or there is none */
};

typedef void main_set_fn(struct main_opts *, const char *);

static main_set_fn main_set_check, main_set_help, main_set_version;
static main_set_fn main_set_headless, main_set_seed, main_set_script;
static main_set_fn main_set_trace, main_set_snapshot, main_set_sandbox;
static main_set_fn main_set_bot, main_set_save, main_set_load;
static main_set_fn main_set_stop_at, main_set_difficulty, main_set_endless;
static main_set_fn main_set_strength, main_set_rate;
static main_set_fn main_set_stop_at, main_set_edit;
static main_set_fn main_set_ascii, main_set_no_color, main_set_continue;
static main_set_fn main_set_bell, main_set_record, main_set_verify;
static main_set_fn main_set_daily, main_set_date, main_set_color;
static main_set_fn main_set_replay;

/* Keys of the options with no short letter: past every char. */
enum main_long_key {
	MAIN_KEY_COLOR = 256
};

/* The options, in the order --help lists them. */
static const struct main_option {
	const char	*name;		/* long name */
	int		 key;		/* short letter, or MAIN_KEY_* (none) */
	int		 has_arg;	/* no_argument or required_argument */
	const char	*arg;		/* argument's name in --help */
	const char	*help;		/* wrapped to fit: a newline is a space */
	main_set_fn	*set;
} main_options[] = {
	{ .name = "check", .key = 'c', .has_arg = no_argument,
	  .help = "check the level files FILE... and exit; errors go to\n"
	      "standard error as FILE:LINE:COL: message, and nothing\n"
	      "is printed when every file is good",
	  .set = main_set_check },
	{ .name = "help", .key = 'h', .has_arg = no_argument,
	  .help = "display this help and exit",
	  .set = main_set_help },
	{ .name = "version", .key = 'V', .has_arg = no_argument,
	  .help = "output version information and exit",
	  .set = main_set_version },
	{ .name = "headless", .key = 'H', .has_arg = no_argument,
	  .help = "play LEVEL with no terminal, as fast as possible;\n"
	      "the last line on standard output is a JSON summary",
	  .set = main_set_headless },
	{ .name = "seed", .key = 's', .has_arg = required_argument, .arg = "N",
	  .help = "seed the game's random generator with N (default 1)",
	  .set = main_set_seed },
	{ .name = "script", .key = 'S', .has_arg = required_argument,
	  .arg = "FILE",
	  .help = "give the commands in FILE, lines of TICK COMMAND ARGS",
	  .set = main_set_script },
	{ .name = "trace", .key = 't', .has_arg = required_argument,
	  .arg = "FILE",
	  .help = "write every event to FILE as JSON Lines ('-': stdout)",
	  .set = main_set_trace },
	{ .name = "snapshot-every", .key = 'n', .has_arg = required_argument,
	  .arg = "N",
	  .help = "add every enemy's position to the trace every N ticks",
	  .set = main_set_snapshot },
	{ .name = "rate", .key = 'R', .has_arg = no_argument,
	  .help = "print the measured difficulty of each LEVEL and exit:\n"
	      "the least share of its income (percent) the built-in\n"
	      "player must spend to win it",
	  .set = main_set_rate },
	{ .name = "difficulty", .key = 'd', .has_arg = required_argument,
	  .arg = "SETTING",
	  .help = "easy, normal (the default) or hard",
	  .set = main_set_difficulty },
	{ .name = "endless", .key = 'e', .has_arg = no_argument,
	  .help = "after the level's waves, more keep coming",
	  .set = main_set_endless },
	{ .name = "sandbox", .key = 'x', .has_arg = no_argument,
	  .help = "unlimited gold",
	  .set = main_set_sandbox },
	{ .name = "bot", .key = 'b', .has_arg = optional_argument,
	  .arg = "NAME",
	  .help = "let the built-in player build, upgrade and call waves\n"
	      "(strategy NAME, " UI_BOT_DEFAULT " the default; --bot=list lists\n"
	      "them); in a terminal, watch it play LEVEL as a replay\n"
	      "being made; with --rate, rate with NAME alone",
	  .set = main_set_bot },
	{ .name = "strength", .key = 'g', .has_arg = required_argument,
	  .arg = "PCT",
	  .help = "let the bot spend only PCT percent of its income\n"
	      "(0..100, default 100)",
	  .set = main_set_strength },
	{ .name = "save", .key = 'W', .has_arg = required_argument,
	  .arg = "FILE",
	  .help = "save the game to FILE when the run stops",
	  .set = main_set_save },
	{ .name = "load", .key = 'L', .has_arg = required_argument,
	  .arg = "FILE",
	  .help = "resume the game saved in FILE (no LEVEL)",
	  .set = main_set_load },
	{ .name = "stop-at", .key = 'T', .has_arg = required_argument,
	  .arg = "TICK",
	  .help = "stop (and --save) when the clock reaches TICK",
	  .set = main_set_stop_at },
	{ .name = "record", .key = 'o', .has_arg = required_argument,
	  .arg = "FILE",
	  .help = "write the game's recording to FILE when it ends (in a\n"
	      "terminal: the first game played, ended or left)",
	  .set = main_set_record },
	{ .name = "replay", .key = 'p', .has_arg = required_argument,
	  .arg = "FILE",
	  .help = "watch the recording FILE in the terminal: pause, speeds,\n"
	      "seek, take over (t)",
	  .set = main_set_replay },
	{ .name = "verify", .key = 'v', .has_arg = no_argument,
	  .help = "play the recordings FILE... again and check each ends\n"
	      "as recorded: 'FILE: ok won 18450' or what differs",
	  .set = main_set_verify },
	{ .name = "daily", .key = 'D', .has_arg = no_argument,
	  .help = "play today's daily game (UTC): a campaign level,\n"
	      "setting and seed chosen by the date, endless",
	  .set = main_set_daily },
	{ .name = "date", .key = 'Y', .has_arg = required_argument,
	  .arg = "YYYY-MM-DD",
	  .help = "the daily game of another date",
	  .set = main_set_date },
	{ .name = "edit", .key = 'E', .has_arg = required_argument,
	  .arg = "FILE",
	  .help = "edit the level FILE in the level editor; a new level\n"
	      "when FILE does not exist, and a Moving AI .map is\n"
	      "converted (saved as the same name ending in .weir)",
	  .set = main_set_edit },
	{ .name = "continue", .key = 'r', .has_arg = no_argument,
	  .help = "resume the game left unfinished (no LEVEL)",
	  .set = main_set_continue },
	{ .name = "ascii", .key = 'a', .has_arg = no_argument,
	  .help = "draw with ASCII characters only",
	  .set = main_set_ascii },
	{ .name = "no-color", .key = 'm', .has_arg = no_argument,
	  .help = "draw without colours (--color=never)",
	  .set = main_set_no_color },
	{ .name = "color", .key = MAIN_KEY_COLOR, .has_arg = required_argument,
	  .arg = "WHEN",
	  .help = "colours: auto (the default: unless NO_COLOR is set and "
	      "not empty), always or never",
	  .set = main_set_color },
	{ .name = "bell", .key = 'B', .has_arg = no_argument,
	  .help = "ring the terminal bell when an enemy gets out (b in\n"
	      "the game turns it on or off)",
	  .set = main_set_bell },
};
#define MAIN_NOPTIONS (sizeof main_options / sizeof main_options[0])

/* Choose mode m unless one that wins over it is chosen already. */
static void
main_set_mode(struct main_opts *o, enum main_mode m)
{
	if (m > o->mode)
		o->mode = m;
}

/* --check */
static void
main_set_check(struct main_opts *o, const char *arg)
{
	o->check_given = true;
	main_set_mode(o, MAIN_CHECK);
}

/* --edit FILE */
static void
main_set_edit(struct main_opts *o, const char *arg)
{
	o->edit = arg;
	main_set_mode(o, MAIN_EDIT);
}

/* --help */
static void
main_set_help(struct main_opts *o, const char *arg)
{
	main_set_mode(o, MAIN_HELP);
}

/* --version */
static void
main_set_version(struct main_opts *o, const char *arg)
{
	main_set_mode(o, MAIN_VERSION);
}

/* Read a whole number 0..max from arg, or mark the option as bad. */
static bool
main_number(struct main_opts *o, const char *arg, unsigned long long max,
    unsigned long long *out)
{
	char	*end;

	errno = 0;
	if (arg[0] < '0' || arg[0] > '9' ||
	    (*out = strtoull(arg, &end, 10), errno != 0) || *end != '\0' ||
	    *out > max) {
		o->bad = arg;
		return false;
	}
	return true;
}

/* --headless */
static void
main_set_headless(struct main_opts *o, const char *arg)
{
	o->headless_given = true;
	main_set_mode(o, MAIN_HEADLESS);
}

/* --seed N: for headless runs and for new games in the terminal alike. */
static void
main_set_seed(struct main_opts *o, const char *arg)
{
	unsigned long long	v;

	if (main_number(o, arg, UINT64_MAX, &v)) {
		o->headless.seed = v;
		o->headless.seed_set = true;
	}
}

/* --script FILE */
static void
main_set_script(struct main_opts *o, const char *arg)
{
	o->game_opts = true;
	o->headless.script = arg;
}

/* --trace FILE */
static void
main_set_trace(struct main_opts *o, const char *arg)
{
	o->game_opts = true;
	o->headless.trace = arg;
}

/* --snapshot-every N */
static void
main_set_snapshot(struct main_opts *o, const char *arg)
{
	unsigned long long	v;

	o->game_opts = true;
	if (main_number(o, arg, LONG_MAX, &v))
		o->headless.snapshot_every = (long)v;
}

/* --sandbox */
static void
main_set_sandbox(struct main_opts *o, const char *arg)
{
	o->game_opts = true;
	o->headless.game.sandbox = true;
	o->headless.opts_set = true;
}

/* --rate */
static void
main_set_rate(struct main_opts *o, const char *arg)
{
	o->rate_given = true;
	main_set_mode(o, MAIN_RATE);
}

/* --difficulty SETTING: for headless runs and new games alike. */
static void
main_set_difficulty(struct main_opts *o, const char *arg)
{
	int	d = difficulty_lookup(arg, strlen(arg));

	if (d < 0) {
		o->bad_setting = arg;
		return;
	}
	o->headless.game.difficulty = (enum game_difficulty)d;
	o->headless.opts_set = true;
	o->difficulty_set = true;
}

/* --endless: for headless runs and new games alike. */
static void
main_set_endless(struct main_opts *o, const char *arg)
{
	o->headless.game.endless = true;
	o->headless.opts_set = true;
	o->endless_set = true;
}

/* --strength PCT */
static void
main_set_strength(struct main_opts *o, const char *arg)
{
	unsigned long long	v;

	o->game_opts = true;
	o->strength_set = true;
	if (main_number(o, arg, 100, &v))
		o->headless.strength = (int)v;
}

/* --bot[=NAME]: NAME a strategy of the built-in player, or "list". */
static void
main_set_bot(struct main_opts *o, const char *arg)
{
	int	s = 0;

	o->bot_given = true;
	o->headless.bot = true;
	o->bot_name = arg != NULL ? arg : "";
	if (arg != NULL && strcmp(arg, "list") == 0) {
		o->list_bots = true;
		return;
	}
	if (arg != NULL) {
		o->bot_named = true;
		if ((s = bot_strategy_lookup(arg, strlen(arg))) < 0) {
			o->bad_bot = arg;
			return;
		}
	}
	o->headless.strategy = s;
}

/* --save FILE */
static void
main_set_save(struct main_opts *o, const char *arg)
{
	o->game_opts = true;
	o->headless.save = arg;
}

/* --load FILE */
static void
main_set_load(struct main_opts *o, const char *arg)
{
	o->game_opts = true;
	o->headless.load = arg;
}

/* --stop-at TICK */
static void
main_set_stop_at(struct main_opts *o, const char *arg)
{
	unsigned long long	v;

	o->game_opts = true;
	if (main_number(o, arg, LONG_MAX, &v))
		o->headless.stop_at = (long)v;
}

/* --record FILE: headless, or the terminal's first game. */
static void
main_set_record(struct main_opts *o, const char *arg)
{
	o->headless.record = arg;
}

/* --replay FILE: a recording watched in the terminal. */
static void
main_set_replay(struct main_opts *o, const char *arg)
{
	o->replay = arg;
}

/* --verify */
static void
main_set_verify(struct main_opts *o, const char *arg)
{
	o->verify_given = true;
	main_set_mode(o, MAIN_VERIFY);
}

/* --daily */
static void
main_set_daily(struct main_opts *o, const char *arg)
{
	o->daily = true;
}

/* --date YYYY-MM-DD: the daily game of that date. */
static void
main_set_date(struct main_opts *o, const char *arg)
{
	o->daily = true;
	o->date = arg;
}

/* --continue */
static void
main_set_continue(struct main_opts *o, const char *arg)
{
	o->resume = true;
}

/* --ascii */
static void
main_set_ascii(struct main_opts *o, const char *arg)
{
	o->ui.ascii = true;
	o->headless.ascii = true;
}

/* --no-color */
static void
main_set_no_color(struct main_opts *o, const char *arg)
{
	o->color = COLOR_NEVER;
	o->color_set = true;
}

/* --color=WHEN */
static void
main_set_color(struct main_opts *o, const char *arg)
{
	if (!color_when_parse(arg, &o->color))
		o->bad_color = arg;
	o->color_set = true;
}

/* --bell */
static void
main_set_bell(struct main_opts *o, const char *arg)
{
	o->ui.bell = true;
}

static const char *main_argv0;	/* how the program was run, for its path */

/*
 * The directory installed levels are looked up in: WEIR_LEVELDIR when it
 * is absolute, else the configured one, or, when that holds no levels,
 * the build tree's or a moved prefix's beside the program (session.h).
 */
static const char *
main_level_dir(void)
{
	static char	 found[MAIN_PATH_MAX];
	const char	*dir = getenv("WEIR_LEVELDIR");
	char		 self[MAIN_PATH_MAX];
	ssize_t		 n;

	if (dir != NULL && dir[0] == '/')
		return dir;
	if (found[0] == '\0') {
		n = readlink("/proc/self/exe", self, sizeof self - 1);
		if (n > 0)
			self[n] = '\0';
		session_level_dir(LEVELDIR, n > 0 ? self : (main_argv0 !=
		    NULL && strchr(main_argv0, '/') != NULL ? main_argv0 :
		    NULL), found, sizeof found);
	}
	return found;
}

#define MAIN_HELP_WIDTH	79	/* columns --help fills at most */
#define MAIN_HELP_GAP	2	/* spaces between an option and its text */
#define MAIN_HELP_LEFT	30	/* a wider option has its text below it */

/* The copyright line of --version, as COPYING begins. */
#define MAIN_COPYRIGHT	"Copyright (c) 2026 the weir authors"

/* Option o as --help names it: "  -x, --name=ARG" or "      --name=ARG". */
static void
main_help_left(const struct main_option *o, char *buf, size_t size)
{
	char	letter[8] = "    ";

	if (o->key <= UCHAR_MAX)
		snprintf(letter, sizeof letter, "-%c, ", o->key);
	snprintf(buf, size, "  %s--%s%s%s%s", letter, o->name,
	    o->has_arg == optional_argument ? "[=" : o->arg != NULL ? "=" :
	    "", o->arg != NULL ? o->arg : "",
	    o->has_arg == optional_argument ? "]" : "");
}

/* The column the texts start at: past the widest option that fits. */
static int
main_help_column(void)
{
	char	left[64];
	size_t	i, n, widest = 0;

	for (i = 0; i < MAIN_NOPTIONS; i++) {
		main_help_left(&main_options[i], left, sizeof left);
		n = strlen(left);
		if (n <= MAIN_HELP_LEFT && n > widest)
			widest = n;
	}
	return (int)widest + MAIN_HELP_GAP;
}

/*
 * Print LEFT, then TEXT from column col, broken at spaces so that no line
 * passes MAIN_HELP_WIDTH (a '\n' in TEXT is a space too); TEXT starts on
 * the next line when LEFT reaches the column.
 */
static void
main_help_item(const char *left, const char *text, int col)
{
	const char	*w = text;
	int		 used;		/* columns printed on this line */
	size_t		 n;

	used = printf("%s", left);
	if (used + MAIN_HELP_GAP > col) {
		putchar('\n');
		used = 0;
	}
	for (;;) {
		w += strspn(w, " \n");
		if (*w == '\0')
			break;
		n = strcspn(w, " \n");
		if (used > col && used + 1 + (int)n > MAIN_HELP_WIDTH) {
			putchar('\n');
			used = 0;
		}
		if (used < col)
			used += printf("%*s", col - used, "");
		else
			used += printf(" ");
		used += printf("%.*s", (int)n, w);
		w += n;
	}
	putchar('\n');
}

/* Print the environment variables weir reads, texts from column col. */
static void
main_help_environment(int col)
{
	char	text[MAIN_PATH_MAX + 128];

	printf("Environment:\n");
	snprintf(text, sizeof text, "where installed levels are looked up "
	    "(an absolute path; default %s)", LEVELDIR);
	main_help_item("  WEIR_LEVELDIR", text, col);
	main_help_item("  XDG_DATA_HOME", "high scores go to "
	    "XDG_DATA_HOME/weir/scores (default ~/.local/share)", col);
	main_help_item("  XDG_STATE_HOME", "an unfinished game is saved to "
	    "XDG_STATE_HOME/weir/levels/LEVEL.save (default ~/.local/state), "
	    "one save a level; recordings go to "
	    "XDG_STATE_HOME/weir/recordings", col);
	main_help_item("  XDG_CONFIG_HOME", "settings are read from "
	    "XDG_CONFIG_HOME/weir/config (default ~/.config)", col);
	main_help_item("  NO_COLOR", "when set and not empty, no colours "
	    "(unless --color=always)", col);
}

/* Print --help to stdout. */
static void
main_usage(void)
{
	char	left[64];
	size_t	i;
	int	col = main_help_column();

	printf("Usage: %s [OPTION]... [LEVEL]\n", PACKAGE_NAME);
	printf("  or:  %s --check FILE...\n", PACKAGE_NAME);
	printf("  or:  %s --edit FILE\n", PACKAGE_NAME);
	printf("  or:  %s --verify FILE...\n", PACKAGE_NAME);
	printf("Defend the exits of LEVEL in a tower-defence game for the "
	    "terminal.\n\n");
	printf("LEVEL is the name of an installed level, read from the file\n"
	    "  %s/LEVEL.weir\n"
	    "or the path of a level file: a weir level, or a Moving AI "
	    "benchmark map\nwhen the path ends in .map. With no LEVEL, a "
	    "title screen lists the\ninstalled levels.\n\n", main_level_dir());
	for (i = 0; i < MAIN_NOPTIONS; i++) {
		main_help_left(&main_options[i], left, sizeof left);
		main_help_item(left, main_options[i].help, col);
	}
	printf("\nExit status: 0 if all is well, 1 if a level file has an "
	    "error or a\nrecording does not verify, 2 if the command line is "
	    "wrong, 128 + N if\nsignal N ended the game.\n\n");
	main_help_environment(col);
	/* No address unless configure.ac gives one: none is invented. */
	if (PACKAGE_BUGREPORT[0] != '\0')
		printf("\nReport bugs to: %s\n", PACKAGE_BUGREPORT);
	else
		printf("\nReport bugs to whoever you had %s from; BUGS in "
		    "%s(6) says what to send.\n", PACKAGE_NAME, PACKAGE_NAME);
}

/* Print --version to stdout, in the GNU form. */
static void
main_version(void)
{
	printf("%s %s\n", PACKAGE_NAME, PACKAGE_VERSION);
	printf("%s\n", MAIN_COPYRIGHT);
	printf("License ISC <https://spdx.org/licenses/ISC.html>.\n");
	printf("This is free software: you are free to change and "
	    "redistribute it.\n");
	printf("There is NO WARRANTY, to the extent permitted by law.\n");
}

/* Tell the user how to get help and return the usage exit status. */
static int
main_usage_error(const char *msg)
{
	if (msg != NULL)
		fprintf(stderr, "%s: %s\n", PACKAGE_NAME, msg);
	fprintf(stderr, "Try '%s --help' for more information.\n",
	    PACKAGE_NAME);
	return MAIN_EXIT_USAGE;
}

/* Print msg and a line end to standard error, controls escaped. */
static void
main_say(const char *msg)
{
	char	buf[3 * MAIN_ERR_MAX];

	fprintf(stderr, "%s\n", text_visible(buf, sizeof buf, msg));
}

/* An error of --check: to standard error, controls escaped. */
static void
main_check_say(void *arg, const char *msg)
{
	(void)arg;
	main_say(msg);
}

/*
 * --check FILE...: report every independent error of every file (up to
 * LEVEL_MAX_ERRORS a file); 1 if any had one.
 */
static int
main_check(char **files, int nfiles)
{
	int	i, status = 0;

	for (i = 0; i < nfiles; i++) {
		if (session_check_level(files[i], main_check_say, NULL) != 0)
			status = MAIN_EXIT_ERROR;
	}
	return status;
}

/* What the terminal is started with, from the options and settings. */
static void
main_launch(const struct main_opts *o, struct ui_launch *l)
{
	static char	path[MAIN_PATH_MAX];

	memset(l, 0, sizeof *l);
	l->level_dir = main_level_dir();
	l->seed = o->headless.seed;
	l->game = o->headless.game;
	l->resume = o->resume;
	l->opt = o->ui;
	l->replay = o->replay;
	l->bot = o->headless.bot ? o->bot_name : NULL;
	l->strength = o->headless.strength;
	l->daily = o->daily ? (o->date != NULL ? o->date : "") : NULL;
	l->record = o->headless.record;
	l->settings = o->settings;
	l->speed = o->settings.speed;
	l->zoom = o->settings.cell_width;
	if (o->settings_ok && settings_path(path, sizeof path, false) == 0)
		l->settings_path = path;
}

/*
 * Play LEVEL in the terminal, or with no terminal say what it holds; with
 * no LEVEL, the title screen, or with --continue the saved game; the
 * built-in player's game (--bot), a recording (--replay), the daily game.
 */
static int
main_play(const struct main_opts *o, const char *arg)
{
	struct ui_launch	 launch;
	struct level		*l;
	char			 path[MAIN_PATH_MAX], err[MAIN_ERR_MAX];
	bool			 tty = isatty(STDIN_FILENO) &&
				    isatty(STDOUT_FILENO);

	main_launch(o, &launch);
	if (arg == NULL) {
		if (!tty && !o->resume && o->replay == NULL && !o->daily)
			return main_usage_error("no level given");
		if (!tty && (o->replay != NULL || o->daily))
			return main_usage_error("--replay and --daily play in a "
			    "terminal (--verify checks a recording, --headless "
			    "--daily plays with none)");
		return ui_run(&launch);
	}
	if (!session_resolve(main_level_dir(), arg, path, sizeof path)) {
		snprintf(err, sizeof err, "%s: %s: level name too long",
		    PACKAGE_NAME, arg);
		main_say(err);
		return MAIN_EXIT_ERROR;
	}
	if ((l = session_load_level(path, err, sizeof err)) == NULL) {
		main_say(err);
		return MAIN_EXIT_ERROR;
	}
	if (tty) {
		level_free(l);
		launch.level = path;
		return ui_run(&launch);
	}
	if (o->headless.bot || o->headless.record != NULL) {
		level_free(l);
		return main_usage_error("--bot and --record play in a terminal "
		    "without --headless");
	}
	printf("%s: %d x %d, %s movement, %d spawn%s, %d exit cell%s, "
	    "%d wave%s, %d enemies\n", l->title, l->w, l->h,
	    l->diagonal ? "8-way" : "4-way", l->nspawns,
	    l->nspawns == 1 ? "" : "s", l->nexits, l->nexits == 1 ? "" : "s",
	    l->nwaves, l->nwaves == 1 ? "" : "s", level_total_enemies(l));
	level_free(l);
	return 0;
}

/* Read the options into o; -1 on a usage error. */
static int
main_parse_options(int argc, char **argv, struct main_opts *o)
{
	struct option	 longopts[MAIN_NOPTIONS + 1];
	char		 shortopts[MAIN_NOPTIONS * 3 + 1], *sp = shortopts;
	size_t		 i;
	int		 c;

	for (i = 0; i < MAIN_NOPTIONS; i++) {
		longopts[i].name = main_options[i].name;
		longopts[i].has_arg = main_options[i].has_arg;
		longopts[i].flag = NULL;
		longopts[i].val = main_options[i].key;
		if (main_options[i].key > UCHAR_MAX)
			continue;	/* a long name only */
		*sp++ = (char)main_options[i].key;
		if (main_options[i].has_arg != no_argument)
			*sp++ = ':';
		if (main_options[i].has_arg == optional_argument)
			*sp++ = ':';
	}
	*sp = '\0';
	memset(&longopts[MAIN_NOPTIONS], 0, sizeof longopts[0]);
	/* getopt_long names the program by argv[0] in its complaints. */
	argv[0] = (char *)PACKAGE_NAME;

	while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		for (i = 0; i < MAIN_NOPTIONS; i++) {
			if (c == main_options[i].key)
				break;
		}
		if (i == MAIN_NOPTIONS)
			return -1;	/* getopt_long has said why */
		if (optarg != NULL && optarg[0] == '\0') {
			fprintf(stderr, "%s: --%s needs %s, not an empty "
			    "string\n", PACKAGE_NAME, main_options[i].name,
			    main_options[i].arg);
			return -1;
		}
		main_options[i].set(o, optarg);
	}
	return 0;
}

/* The name a level is known by: its file's name without ".weir". */
static void
main_level_name(const char *arg, char *buf, size_t size)
{
	const char	*base = strrchr(arg, '/');
	size_t		 n;

	base = base != NULL ? base + 1 : arg;
	n = strlen(base);
	if (n > 5 && strcmp(base + n - 5, ".weir") == 0)
		n -= 5;
	snprintf(buf, size, "%.*s", (int)n, base);
}

/*
 * --rate LEVEL...: each level's rating (rate.h) on a line, "NAME N
 * STRATEGY" (the strategy that needs least) or "NAME unbeaten -"; with
 * --bot, rated by that strategy alone. 1 if a level did not load (the
 * others are rated).
 */
static int
main_rate(const struct main_opts *o, char **args, int nargs)
{
	struct level	*l;
	char		 path[MAIN_PATH_MAX], err[MAIN_ERR_MAX], name[256];
	int		 i, r, who, status = 0;

	for (i = 0; i < nargs; i++) {
		if (!session_resolve(main_level_dir(), args[i], path,
		    sizeof path)) {
			snprintf(err, sizeof err, "%s: %s: level name too "
			    "long", PACKAGE_NAME, args[i]);
			main_say(err);
			status = MAIN_EXIT_ERROR;
			continue;
		}
		if ((l = session_load_level(path, err, sizeof err)) == NULL) {
			main_say(err);
			status = MAIN_EXIT_ERROR;
			continue;
		}
		if (o->bot_given) {
			who = o->headless.strategy;
			r = rate_strategy(l, &o->headless.game, who,
			    RATE_UNBEATEN);
		} else
			r = rate_level(l, &o->headless.game, &who);
		level_free(l);
		main_level_name(args[i], name, sizeof name);
		text_visible(err, sizeof err, name);
		if (r == RATE_UNBEATEN)
			printf("%s unbeaten -\n", err);
		else
			printf("%s %d %s\n", err, r,
			    bot_strategies[who].name);
		fflush(stdout);
	}
	return status;
}

/* --headless [LEVEL]: resolve LEVEL and play it with no terminal. */
static int
main_headless(struct main_opts *o, char **args, int nargs)
{
	char	path[MAIN_PATH_MAX];

	if (nargs > 1)
		return main_usage_error("more than one level given");
	if (nargs == 0 && o->headless.load == NULL)
		return main_usage_error("no level given");
	if (nargs == 1) {
		if (!session_resolve(main_level_dir(), args[0], path,
		    sizeof path)) {
			char err[MAIN_ERR_MAX];

			snprintf(err, sizeof err, "%s: %s: level name too "
			    "long", PACKAGE_NAME, args[0]);
			main_say(err);
			return MAIN_EXIT_ERROR;
		}
		o->headless.level = path;
	}
	return headless_run(&o->headless);
}

/* --edit FILE: the level editor, in the terminal. */
static int
main_edit(const struct main_opts *o)
{
	struct ui_edit_launch	l;

	memset(&l, 0, sizeof l);
	l.path = o->edit;
	l.level_dir = main_level_dir();
	l.seed = o->headless.seed;
	l.opt = o->ui;
	return ui_edit_run(&l);
}

/*
 * --verify FILE...: play each recording again; "FILE: ok won 18450" or
 * what differs first, on standard output; 1 if any did not verify (a file
 * that does not read is said on standard error).
 */
static int
main_verify(char **files, int nfiles)
{
	struct recording	*r;
	char			 msg[MAIN_ERR_MAX + RECORD_PATH_MAX];
	char			 safe[3 * sizeof msg];
	int			 i, status = 0;

	for (i = 0; i < nfiles; i++) {
		if ((r = record_read(files[i], msg, sizeof msg)) == NULL) {
			main_say(msg);
			status = MAIN_EXIT_ERROR;
			continue;
		}
		if (record_verify(r, files[i], msg, sizeof msg) != 0)
			status = MAIN_EXIT_ERROR;
		printf("%s\n", text_visible(safe, sizeof safe, msg));
		fflush(stdout);
		record_free(r);
	}
	return status;
}

/*
 * --daily [--date D]: choose the date's game (daily.h) from the installed
 * campaign and set the level, seed and setting to play. -1 after saying
 * why when it cannot be chosen.
 */
static int
main_daily(struct main_opts *o, char *path, size_t size)
{
	struct daily_campaign	 c;
	struct daily_date	 d;
	char			 err[MAIN_ERR_MAX + MAIN_PATH_MAX];

	if (o->date != NULL && !daily_parse_date(o->date, &d)) {
		snprintf(err, sizeof err, "%s: invalid date '%s' (expected "
		    "YYYY-MM-DD, from 1970)", PACKAGE_NAME, o->date);
		main_say(err);
		return -1;
	}
	if (o->date == NULL)
		daily_today((int64_t)time(NULL), &d);
	if (daily_campaign_read(main_level_dir(), &c, err, sizeof err) != 0) {
		main_say(err);
		return -1;
	}
	daily_pick(&d, &c, &o->daily_game);
	daily_campaign_free(&c);
	session_resolve(main_level_dir(), o->daily_game.name, path, size);
	o->headless.level = path;
	o->headless.seed = o->daily_game.seed;
	o->headless.game.difficulty = o->daily_game.difficulty;
	o->headless.game.endless = o->daily_game.endless;
	o->headless.daily = &o->daily_game;
	return 0;
}

/*
 * Settings that stay (settings.h) under what the command line gave: the
 * setting of new games and how to draw. A file that does not read is
 * said once, on standard error, and its defaults used.
 */
static void
main_settings(struct main_opts *o)
{
	struct settings	st;
	char		path[MAIN_PATH_MAX], err[MAIN_ERR_MAX + MAIN_PATH_MAX];

	settings_defaults(&o->settings);
	if (settings_path(path, sizeof path, false) != 0)
		return;
	switch (settings_load(path, &st, err, sizeof err)) {
	case SETTINGS_BAD:
	case SETTINGS_ERROR:
		fprintf(stderr, "%s: ", PACKAGE_NAME);
		main_say(err);
		fprintf(stderr, "%s: the settings file is left as it is; "
		    "the defaults apply\n", PACKAGE_NAME);
		return;
	default:
		break;
	}
	o->settings = st;
	o->settings_ok = true;
	if (!o->difficulty_set)
		o->headless.game.difficulty = st.difficulty;
	if (!o->endless_set)
		o->headless.game.endless = st.endless;
	o->ui.ascii = o->ui.ascii || st.ascii;
	if (!o->color_set && !st.color)
		o->ui.no_color = true;	/* "color no"; "yes" leaves NO_COLOR */
	o->ui.bell = o->ui.bell || st.bell;
	o->ui.aim = (int)st.aim;
}

/*
 * The options of the terminal's own modes (--replay, --bot on a level,
 * the daily game, --record), checked; -1 after saying what is wrong.
 */
static int
main_terminal_usage(const struct main_opts *o, int nargs)
{
	const char	*why = NULL;

	if (o->replay != NULL && (o->mode != MAIN_PLAY || nargs > 0 ||
	    o->headless.bot || o->daily || o->resume ||
	    o->headless.record != NULL || o->game_opts))
		why = "--replay takes one recording to watch in the terminal "
		    "(no LEVEL, --headless, --bot, --daily, --continue or "
		    "--record)";
	else if (o->mode == MAIN_PLAY && o->headless.bot && (nargs != 1 ||
	    o->resume || o->daily))
		why = "--bot in the terminal watches the built-in player play "
		    "one LEVEL (no --continue or --daily)";
	else if (o->mode == MAIN_PLAY && o->headless.record != NULL &&
	    o->headless.bot)
		why = "--record in the terminal records your game, not the "
		    "built-in player's (--headless --bot --record does)";
	if (why == NULL)
		return 0;
	main_usage_error(why);
	return -1;
}

/* Read the command line and do what it asks; the exit status. */
static int
main_run(int argc, char **argv)
{
	struct main_opts	o;
	char			daily_path[MAIN_PATH_MAX];
	int			nargs;

	memset(&o, 0, sizeof o);
	o.mode = MAIN_PLAY;
	o.headless.seed = 1;
	o.headless.stop_at = -1;
	o.headless.game = (struct game_opts)GAME_OPTS_INIT;
	o.headless.strength = 100;
	if (main_parse_options(argc, argv, &o) != 0)
		return main_usage_error(NULL);
	nargs = argc - optind;
	if (o.bad != NULL) {
		char err[MAIN_ERR_MAX];

		snprintf(err, sizeof err, "%s: invalid number '%s'",
		    PACKAGE_NAME, o.bad);
		main_say(err);
		return main_usage_error(NULL);
	}
	if (o.bad_setting != NULL) {
		char err[MAIN_ERR_MAX], names[KIND_LIST_MAX];

		difficulty_list(names, sizeof names);
		snprintf(err, sizeof err, "%s: invalid difficulty '%s' "
		    "(expected %s)", PACKAGE_NAME, o.bad_setting, names);
		main_say(err);
		return main_usage_error(NULL);
	}
	if (o.bad_color != NULL) {
		char err[MAIN_ERR_MAX];

		snprintf(err, sizeof err, "%s: invalid --color '%s' (expected "
		    "%s)", PACKAGE_NAME, o.bad_color, COLOR_WORDS);
		main_say(err);
		return main_usage_error(NULL);
	}
	o.ui.no_color = !color_wanted(o.color, getenv("NO_COLOR"));
	if (o.strength_set && !o.headless.bot)
		return main_usage_error("--strength needs --bot");
	if (o.bad_bot != NULL) {
		char err[MAIN_ERR_MAX], names[KIND_LIST_MAX];

		bot_strategy_list(names, sizeof names);
		snprintf(err, sizeof err, "%s: unknown strategy '%s' for --bot "
		    "(expected %s)", PACKAGE_NAME, o.bad_bot, names);
		main_say(err);
		return main_usage_error(NULL);
	}
	if (o.list_bots) {
		int s;

		for (s = 0; s < BOT_NSTRATEGIES; s++)
			printf("%s\n", bot_strategies[s].name);
		return 0;
	}
	if (main_terminal_usage(&o, nargs) != 0)
		return MAIN_EXIT_USAGE;
	if (o.mode == MAIN_RATE && (o.headless_given || o.game_opts ||
	    o.headless.seed_set || o.resume || o.headless.game.endless ||
	    o.headless.record != NULL))
		return main_usage_error("--rate plays its own games: it takes "
		    "levels, --difficulty and --bot=NAME only");
	if (o.mode == MAIN_PLAY && o.game_opts)
		return main_usage_error("--script, --trace, "
		    "--snapshot-every, --sandbox, --save, --load and "
		    "--stop-at need --headless");

	if (o.daily && (o.headless.seed_set || o.headless.opts_set ||
	    o.headless.load != NULL || o.resume || nargs > 0))
		return main_usage_error("--daily chooses the level, the seed "
		    "and the setting itself (no LEVEL, --seed, --difficulty, "
		    "--endless, --sandbox, --load or --continue)");
	if (o.mode == MAIN_VERIFY && (o.headless.bot ||
	    o.headless.record != NULL || o.replay != NULL ||
	    o.headless_given || o.game_opts ||
	    o.headless.seed_set || o.resume || o.headless.opts_set ||
	    o.rate_given || o.check_given || o.daily))
		return main_usage_error("--verify takes recordings, not a game "
		    "to play");
	if (o.mode == MAIN_HEADLESS && o.resume)
		return main_usage_error("--continue is for the terminal game "
		    "(--headless resumes with --load)");
	if (o.mode == MAIN_CHECK && (o.headless.bot || o.replay != NULL ||
	    o.headless.record != NULL || o.headless_given || o.game_opts ||
	    o.headless.seed_set || o.resume || o.headless.opts_set ||
	    o.rate_given || o.verify_given))
		return main_usage_error("--check takes level files, not a "
		    "game to play");
	if (o.edit != NULL && (o.headless_given || o.game_opts ||
	    o.resume || o.check_given || o.headless.bot || o.daily ||
	    o.replay != NULL || o.headless.record != NULL))
		return main_usage_error("--edit takes one level file to edit, "
		    "not a game to play or files to check");
	if (o.headless.snapshot_every > 0 && o.headless.trace == NULL)
		return main_usage_error("--snapshot-every needs --trace");

	switch (o.mode) {
	case MAIN_HELP:
		main_usage();
		return 0;
	case MAIN_VERSION:
		main_version();
		return 0;
	case MAIN_CHECK:
		if (nargs == 0)
			return main_usage_error("--check needs at least one "
			    "FILE");
		return main_check(argv + optind, nargs);
	case MAIN_HEADLESS:
		o.headless.level_dir = main_level_dir();
		if (o.daily)
			return main_daily(&o, daily_path, sizeof daily_path) != 0 ?
			    MAIN_EXIT_ERROR : headless_run(&o.headless);
		return main_headless(&o, argv + optind, nargs);
	case MAIN_VERIFY:
		if (nargs == 0)
			return main_usage_error("--verify needs at least one "
			    "FILE");
		return main_verify(argv + optind, nargs);
	case MAIN_RATE:
		if (nargs == 0)
			return main_usage_error("--rate needs at least one "
			    "LEVEL");
		return main_rate(&o, argv + optind, nargs);
	case MAIN_EDIT:
		if (nargs > 0)
			return main_usage_error("--edit takes its FILE and no "
			    "LEVEL");
		main_settings(&o);
		return main_edit(&o);
	case MAIN_PLAY:
		break;
	}
	if (nargs > 1)
		return main_usage_error("more than one level given");
	if (o.resume && nargs > 0)
		return main_usage_error("--continue takes no LEVEL");
	if (o.resume && o.headless.opts_set)
		return main_usage_error("--continue keeps the saved game's "
		    "setting (no --difficulty or --endless)");
	if (o.resume && o.headless.seed_set)
		return main_usage_error("--continue keeps the saved game's "
		    "seed (no --seed)");
	main_settings(&o);
	return main_play(&o, nargs == 1 ? argv[optind] : NULL);
}

/*
 * Flush and close standard output: output that was lost (a full disk, a
 * closed pipe) is an error. Whether all of it got out.
 */
static bool
main_close_stdout(void)
{
	bool	bad = ferror(stdout) != 0;
	int	saved = 0;

	if (fflush(stdout) != 0) {
		bad = true;
		saved = errno;
	}
	if (fclose(stdout) != 0 && !bad) {
		bad = true;
		saved = errno;
	}
	if (bad)
		fprintf(stderr, "%s: standard output: cannot write: %s\n",
		    PACKAGE_NAME, saved != 0 ? strerror(saved) :
		    "some output was lost");
	return !bad;
}

/* Do what the command line asks, and see that its output got out. */
int
main(int argc, char **argv)
{
	int	status;

	main_argv0 = argv[0];
	status = main_run(argc, argv);

	if (!main_close_stdout() && status == 0)
		status = MAIN_EXIT_ERROR;
	return status;
}
