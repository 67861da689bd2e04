/* SPDX-License-Identifier: ISC */
/*
 * main-opts: the command line's options. Every option is one row of
 * main_options (its long and short names, its help text and the function
 * that records it in struct main_opts); getopt_long's tables and --help are
 * both made from that table, so adding an option is adding a row.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/bot.h"
#include "core/daily.h"
#include "core/level.h"
#include "core/text.h"
#include "main-opts.h"

typedef void main_set_fn(struct main_opts *, const char *);

static main_set_fn main_set_check, main_set_help, main_set_version;
static main_set_fn main_set_headless, main_set_seed, main_set_script;
static main_set_fn main_set_trace, main_set_snapshot, main_set_sandbox;
static main_set_fn main_set_bot, main_set_save, main_set_load;
static main_set_fn main_set_budget;
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
	      "them; plan:TEXT plays one plan of the search, as\n"
	      "--bot=search prints it); in a terminal, watch it play LEVEL\n"
	      "as a replay being made; with --rate, rate with NAME alone",
	  .set = main_set_bot },
	{ .name = "search-budget", .key = 'G', .has_arg = required_argument,
	  .arg = "N",
	  .help = "plans --bot=search (and --rate) try before the\n"
	      "strongest is played (default 300)",
	  .set = main_set_budget },
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
	if (arg != NULL && strncmp(arg, "plan:", 5) == 0) {
		o->bot_named = true;
		o->headless.has_plan = true;
		if (!bot_plan_parse(arg + 5, &o->headless.plan, o->bad_plan,
		    sizeof o->bad_plan) && o->bad_plan[0] == '\0')
			snprintf(o->bad_plan, sizeof o->bad_plan, "not a plan");
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

/* --search-budget N: plans a search tries, 1 at least. */
static void
main_set_budget(struct main_opts *o, const char *arg)
{
	unsigned long long v;

	o->budget_set = true;
	if (main_number(o, arg, 1000000, &v)) {
		if (v == 0)
			o->bad = arg;
		else
			o->headless.budget = (int)v;
	}
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
void
main_usage(const char *leveldir)
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
	    "title screen lists the\ninstalled levels.\n\n", leveldir);
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
void
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
int
main_usage_error(const char *msg)
{
	if (msg != NULL)
		fprintf(stderr, "%s: %s\n", PACKAGE_NAME, msg);
	fprintf(stderr, "Try '%s --help' for more information.\n",
	    PACKAGE_NAME);
	return MAIN_EXIT_USAGE;
}

/* Read the options into o; -1 on a usage error. */
int
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
