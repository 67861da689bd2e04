/* SPDX-License-Identifier: ISC */
/*
 * weir: the program. The options are read by main-opts.c (a row per
 * option); what runs afterwards depends on the mode they chose: checking
 * level files, verifying recordings, rating, headless play, the editor, or
 * the terminal game (a level, the daily game, a replay).
 *
 * Exit status: 0 success, 1 a level file has an error (or output was
 * lost), 2 a usage error.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdbool.h>
#include <signal.h>
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
#include "core/safefile.h"
#include "core/session.h"
#include "core/settings.h"
#include "core/text.h"
#include "color.h"
#include "ui/ui.h"
#include "ui/ui-launch.h"
#include "headless.h"
#include "ui/ui-edit.h"

#include "main-opts.h"

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
	l->settings_note = o->settings_note;
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
		if (o->bot_given && o->headless.has_plan) {
			who = bot_strategy_lookup("search", 6);
			r = rate_plan(l, &o->headless.game, &o->headless.plan,
			    RATE_UNBEATEN);
		} else if (o->bot_given &&
		    o->headless.strategy >= BOT_NPLAIN) {
			struct bot_search_opts so;
			struct bot_search_result found;

			who = o->headless.strategy;
			bot_search_defaults(&so);
			so.semi = !bot_strategies[who].strict;
			if (o->headless.budget > 0)
				so.budget = o->headless.budget;
			bot_search(l, &o->headless.game, &so, &found);
			r = rate_plan(l, &o->headless.game, &found.plan,
			    RATE_UNBEATEN);
		} else if (o->bot_given) {
			who = o->headless.strategy;
			r = rate_strategy(l, &o->headless.game, who,
			    RATE_UNBEATEN);
		} else {
			struct bot_search_opts so;
			struct bot_plan plan;

			bot_search_defaults(&so);
			if (o->headless.budget > 0)
				so.budget = o->headless.budget;
			r = rate_level_search(l, &o->headless.game, &so, &who,
			    &plan);
		}
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
 * --verify FILE...: check what each recording claims against the installed
 * levels and the daily rule, and play it again; "FILE: ok won 18450" or
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
		if (record_claims(r, files[i], main_level_dir(), msg,
		    sizeof msg) != 0 ||
		    record_verify(r, files[i], msg, sizeof msg) != 0)
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
 * said on standard error and on the title screen, and its defaults used;
 * a warning (a key given again) is said on the title screen.
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
		snprintf(o->settings_note, sizeof o->settings_note, "%.*s; "
		    "the defaults apply, the file is left as it is",
		    (int)(sizeof o->settings_note - 64), err);
		return;
	case SETTINGS_OK:
		snprintf(o->settings_note, sizeof o->settings_note, "%.*s",
		    (int)(sizeof o->settings_note - 1), err);
		break;
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

/*
 * Whether --record FILE and --save FILE may be written: a file there that
 * is not a recording (a save) is refused before the game, not after it
 * (the level being played, a level, scores). -1 after saying why.
 */
static int
main_targets_ok(const struct main_opts *o)
{
	char	err[MAIN_PATH_MAX + 256];

	if ((o->headless.record != NULL && safefile_same_kind(
	    o->headless.record, "weir-recording ", "a recording", err,
	    sizeof err) != 0) || (o->headless.save != NULL &&
	    safefile_same_kind(o->headless.save, "weir-save ", "a saved game",
	    err, sizeof err) != 0)) {
		fprintf(stderr, "%s: %s\n", PACKAGE_NAME, err);
		return -1;
	}
	return 0;
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
	if (o.bad_plan[0] != '\0') {
		char err[MAIN_ERR_MAX];

		snprintf(err, sizeof err, "%s: --bot=plan:%s: %s", PACKAGE_NAME,
		    o.bot_name + 5, o.bad_plan);
		main_say(err);
		return main_usage_error(NULL);
	}
	if (o.budget_set && !o.headless.bot && o.mode != MAIN_RATE)
		return main_usage_error("--search-budget needs --bot or "
		    "--rate");
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
	if (main_targets_ok(&o) != 0)
		return MAIN_EXIT_ERROR;

	switch (o.mode) {
	case MAIN_HELP:
		main_usage(main_level_dir());
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
	/*
	 * A write past the file size limit (ulimit -f) fails with EFBIG and
	 * is said like any other failed write, instead of killing weir with
	 * the terminal raw and the work unkept.
	 */
	signal(SIGXFSZ, SIG_IGN);
	status = main_run(argc, argv);

	if (!main_close_stdout() && status == 0)
		status = MAIN_EXIT_ERROR;
	return status;
}
