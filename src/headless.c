/* SPDX-License-Identifier: ISC */
/*
 * weir --headless: load the level (or a saved game), then loop one tick at
 * a time: stop and save if asked to stop here, give the script's commands
 * for this tick, let the bot take its turn, step the game, and write a
 * snapshot when one is due, and let the recorder follow (--record, and
 * every daily game: record.h). Nothing here touches a terminal. The
 * summary object is the last line on standard output; a daily game's line
 * to paste and its recording's path come before it.
 *
 * A run that never ends (it cannot, by the rules, but a bug could make it)
 * is cut off ten hours (GAME_SLACK_TICKS) after the time the level's
 * waves take to send at the slowest, and reports "timeout".
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/bot.h"
#include "core/game.h"
#include "core/level.h"
#include "core/record.h"
#include "core/save.h"
#include "core/script.h"
#include "core/session.h"
#include "core/text.h"
#include "core/trace.h"
#include "headless.h"

#define HEADLESS_ERR_MAX	1024
#define HEADLESS_EXIT_ERROR	1
#define HEADLESS_EXIT_USAGE	2

/* Print msg and a line end to standard error, controls escaped. */
static void
headless_say(const char *msg)
{
	char	buf[3 * HEADLESS_ERR_MAX];

	fprintf(stderr, "%s\n", text_visible(buf, sizeof buf, msg));
}

/* Everything a run holds, so one function can let it all go. */
struct headless {
	struct session	*s;
	struct script	*sc;
	struct bot	*bot;
	FILE		*trace;
	struct recorder	*rec;		/* --record or --daily */
};

/* Free what a run holds. */
static void
headless_free(struct headless *h)
{
	bot_free(h->bot);
	recorder_free(h->rec);
	session_free(h->s);
	script_free(h->sc);
	if (h->trace != NULL && h->trace != stdout)
		fclose(h->trace);
}

/* Make the recorder that follows the game (--record, --daily). */
static int
headless_recorder(struct headless *h, const struct headless_opts *o,
    char *err, size_t errlen)
{
	struct game_opts	opts;
	char			name[SCORES_NAME_MAX + 1], why[HEADLESS_ERR_MAX];

	opts.sandbox = h->s->g->sandbox;
	opts.difficulty = h->s->g->difficulty;
	opts.endless = h->s->g->endless;
	/* Its identity, as saves and boards know it (session.h). */
	session_level_key(name, sizeof name, h->s->path, h->s->level_hash,
	    o->level_dir);
	h->rec = recorder_new(name, h->s->level_text, h->s->level_len,
	    h->s->level_map, h->s->lv, h->s->seed, &opts, why, sizeof why);
	if (h->rec == NULL) {
		snprintf(err, errlen, "%.2048s: %.512s", h->s->path, why);
		return -1;
	}
	if (o->daily != NULL)
		recorder_daily(h->rec, o->daily->text);
	if (o->bot)
		recorder_strategy(h->rec, o->has_plan ? "plan" :
		    bot_strategies[o->strategy].name);
	return 0;
}

/*
 * Open the level or resume the saved game (the player's file: a corrupt
 * one is only reported), load the script, and set up the run.
 */
static int
headless_setup(struct headless *h, const struct headless_opts *o)
{
	char	err[HEADLESS_ERR_MAX + RECORD_PATH_MAX];

	if (o->load != NULL)
		h->s = session_resume(o->load, SESSION_PLAYERS, NULL, err,
		    sizeof err);
	else
		h->s = session_open_opts(o->level, o->seed, &o->game, err,
		    sizeof err);
	if (h->s == NULL)
		goto fail;
	if (o->script != NULL &&
	    (h->sc = script_load(o->script, err, sizeof err)) == NULL)
		goto fail;
	if (o->bot) {
		h->bot = o->has_plan ? bot_new_plan(h->s->g, &o->plan) :
		    bot_new_as(h->s->g, o->strategy);
		bot_set_share(h->bot, o->strength);
		if (o->budget > 0) {
			struct bot_search_opts so;

			bot_search_defaults(&so);
			so.budget = o->budget;
			bot_set_search(h->bot, &so);
		}
	}
	if ((o->record != NULL || o->daily != NULL) &&
	    headless_recorder(h, o, err, sizeof err) != 0)
		goto fail;
	if (o->trace != NULL) {
		if (strcmp(o->trace, "-") == 0)
			h->trace = stdout;
		else if ((h->trace = fopen(o->trace, "w")) == NULL) {
			snprintf(err, sizeof err, "%s: cannot write: %s",
			    o->trace, strerror(errno));
			goto fail;
		}
	}
	return 0;

fail:
	headless_say(err);
	return -1;
}

/* Flush and close the trace f, written to path; -1 if any was lost. */
static int
headless_close(FILE *f, const char *path)
{
	bool	bad = ferror(f) != 0;
	int	saved = 0;

	if (fflush(f) != 0) {
		bad = true;
		saved = errno;
	}
	if (fclose(f) != 0 && !bad) {
		bad = true;
		saved = errno;
	}
	if (bad) {
		char err[HEADLESS_ERR_MAX];

		snprintf(err, sizeof err, "%s: cannot write: %s", path,
		    saved != 0 ? strerror(saved) :
		    "some of the trace was lost");
		headless_say(err);
	}
	return bad ? -1 : 0;
}

/*
 * Write the recording of the game: to --record FILE, or for a daily game
 * without one, into the recordings directory (record_keep). Its path into
 * path; -1 with a message said if it could not be written.
 */
static int
headless_write_recording(struct headless *h, const struct headless_opts *o,
    char *path, size_t len)
{
	char	err[HEADLESS_ERR_MAX + RECORD_PATH_MAX], dir[RECORD_PATH_MAX];
	int64_t	now = (int64_t)time(NULL);

	if (o->record != NULL) {
		snprintf(path, len, "%s", o->record);
		if (recorder_write(h->rec, h->s->g, now, o->record, err,
		    sizeof err) == 0)
			return 0;
	} else if (record_dir(dir, sizeof dir, true) != 0)
		snprintf(err, sizeof err, "%s: no directory for the "
		    "recording (set HOME or XDG_STATE_HOME)", PACKAGE_NAME);
	else if (record_keep(dir, h->rec, h->s->g, now, path, len, err,
	    sizeof err) == 0)
		return 0;
	path[0] = '\0';	/* nothing was written there */
	headless_say(err);
	return -1;
}

/* A daily game's line to paste and its recording's path, if it has one. */
static void
headless_daily(const struct headless *h, const struct headless_opts *o,
    const char *path)
{
	char	line[HEADLESS_ERR_MAX], safe[3 * HEADLESS_ERR_MAX];

	daily_line(line, sizeof line, o->daily, h->s->lv->title, h->s->g,
	    o->ascii);
	printf("%s\n", text_visible(safe, sizeof safe, line));
	if (path[0] != '\0')
		printf("recording %s\n", text_visible(safe, sizeof safe,
		    path));
	else if (h->rec != NULL)
		printf("recording not written (see the message above)\n");
}

/* Play with the options o; returns the exit status for main. */
/* What a search found, a line each, before the summary. */
static void
headless_search(const struct bot_search_result *f)
{
	const struct bot_search_best	*b;
	char				 text[512];
	int				 k;

	printf("search: %d games, %d plans won seed 1\n", f->games,
	    f->screen_wins);
	for (k = 0; k < 2; k++) {
		b = k == 0 ? &f->naive : &f->semi;
		if (k == 1 && b->waves < 0)
			continue;
		bot_plan_format(&b->plan, text, sizeof text);
		printf("search %s: won %d of %d seeds, %d lives, %d waves at "
		    "least: plan:%s\n", k == 0 ? "naive" : "semi-naive",
		    b->wins, f->seeds, b->lives, b->waves, text);
	}
}

int
headless_run(const struct headless_opts *o)
{
	struct headless		 h;
	struct trace_sink	 sink;
	struct game		*g;
	const char		*result = NULL;
	char			 err[HEADLESS_ERR_MAX], rpath[RECORD_PATH_MAX] = "";
	int			 next = 0, status = 0;
	long			 max_ticks;

	if (o->load != NULL && (o->level != NULL || o->seed_set ||
	    o->opts_set)) {
		fprintf(stderr, "%s: --load takes the level, the seed, "
		    "--sandbox, --difficulty and --endless from the saved "
		    "game\n", PACKAGE_NAME);
		return HEADLESS_EXIT_USAGE;
	}
	memset(&h, 0, sizeof h);
	if (headless_setup(&h, o) != 0) {
		headless_free(&h);
		return HEADLESS_EXIT_ERROR;
	}
	g = h.s->g;
	if (h.trace != NULL) {
		sink.f = h.trace;
		sink.g = g;
		game_set_events(g, trace_callback, &sink);
	}
	/* Commands before the clock of a resumed game are in its log. */
	while (h.sc != NULL && next < h.sc->ncmds &&
	    h.sc->cmds[next].tick < g->tick)
		next++;

	max_ticks = game_max_ticks(h.s->g);
	while (!game_over(g)) {
		if (o->stop_at >= 0 && g->tick >= o->stop_at) {
			result = "stopped";
			break;
		}
		if (g->tick >= max_ticks) {
			result = "timeout";
			break;
		}
		while (h.sc != NULL && next < h.sc->ncmds &&
		    h.sc->cmds[next].tick <= g->tick)
			game_command(g, &h.sc->cmds[next++]);
		if (h.bot != NULL)
			bot_act(h.bot, g);
		game_tick(g);
		if (h.rec != NULL)
			recorder_tick(h.rec, g);
		if (h.trace != NULL && o->snapshot_every > 0 &&
		    g->tick % o->snapshot_every == 0)
			trace_snapshot(h.trace, g);
	}
	if (o->save != NULL &&
	    session_save(h.s, o->save, err, sizeof err) != 0) {
		headless_say(err);
		status = HEADLESS_EXIT_ERROR;
	}
	if (h.rec != NULL && headless_write_recording(&h, o, rpath,
	    sizeof rpath) != 0)
		status = HEADLESS_EXIT_ERROR;
	if (h.trace != NULL && h.trace != stdout) {
		if (headless_close(h.trace, o->trace) != 0)
			status = HEADLESS_EXIT_ERROR;
		h.trace = NULL;
	}
	/* Standard output (summary and "--trace=-") is checked by main. */
	if (o->daily != NULL)
		headless_daily(&h, o, rpath);
	if (h.bot != NULL && bot_search_found(h.bot) != NULL)
		headless_search(bot_search_found(h.bot));
	trace_summary(stdout, g, result);
	headless_free(&h);
	return status;
}
