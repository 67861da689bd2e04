/*
 * weir --headless: load the level (or a saved game), then loop one tick at
 * a time: stop and save if asked to stop here, give the script's commands
 * for this tick, let the bot take its turn, step the game, and write a
 * snapshot when one is due. Nothing here touches a terminal. The summary
 * object is the last line on standard output.
 *
 * A run that never ends (it cannot, by the rules, but a bug could make it)
 * is cut off ten hours (HEADLESS_SLACK_TICKS) after the time the level's
 * waves take to send at the slowest, and reports "timeout".
 */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/bot.h"
#include "core/game.h"
#include "core/level.h"
#include "core/movingai.h"
#include "core/save.h"
#include "core/script.h"
#include "core/text.h"
#include "core/trace.h"
#include "headless.h"

#define HEADLESS_ERR_MAX	1024
#define HEADLESS_SLACK_TICKS	(10L * 3600 * GAME_RATE)	/* ten hours */
#define HEADLESS_EXIT_ERROR	1
#define HEADLESS_EXIT_USAGE	2

/* Whether path ends in suffix. */
static bool
headless_ends_with(const char *path, const char *suffix)
{
	size_t	n = strlen(path), k = strlen(suffix);

	return n >= k && strcmp(path + n - k, suffix) == 0;
}

/* Print msg and a line end to standard error, controls escaped. */
static void
headless_say(const char *msg)
{
	char	buf[3 * HEADLESS_ERR_MAX];

	fprintf(stderr, "%s\n", text_visible(buf, sizeof buf, msg));
}

/* Load a level file of either format. */
static struct level *
headless_load_level(const char *path, char *err, size_t errlen)
{
	if (headless_ends_with(path, ".map"))
		return movingai_load(path, err, errlen);
	return level_load(path, err, errlen);
}

/* Everything a run holds, so one function can let it all go. */
struct headless {
	struct level	*lv;
	struct game	*g;
	struct save	*sv;
	struct script	*sc;
	struct bot	*bot;
	FILE		*trace;
	char		 level_path[PATH_MAX];
	uint64_t	 level_hash;
	uint64_t	 seed;
};

/* Free what a run holds. */
static void
headless_free(struct headless *h)
{
	bot_free(h->bot);
	game_free(h->g);
	level_free(h->lv);
	save_free(h->sv);
	script_free(h->sc);
	if (h->trace != NULL && h->trace != stdout)
		fclose(h->trace);
}

/* Load the level, the saved game and the script, and set up the game. */
static int
headless_setup(struct headless *h, const struct headless_opts *o)
{
	char		 err[HEADLESS_ERR_MAX];
	const char	*level = o->level;
	bool		 sandbox = o->sandbox;

	h->seed = o->seed;
	if (o->load != NULL) {
		if ((h->sv = save_read(o->load, err, sizeof err)) == NULL)
			goto fail;
		level = h->sv->level;
		h->seed = h->sv->seed;
		sandbox = h->sv->sandbox;
	}
	if (realpath(level, h->level_path) == NULL)
		snprintf(h->level_path, sizeof h->level_path, "%s", level);
	if ((h->lv = headless_load_level(level, err, sizeof err)) == NULL) {
		if (h->sv != NULL) {
			/* "SAVE: its level: LEVEL: cannot open: ..." */
			char why[2 * sizeof err];

			snprintf(why, sizeof why, "%s: its level: %s", o->load,
			    err);
			snprintf(err, sizeof err, "%.*s", (int)sizeof err - 1,
			    why);
		}
		goto fail;
	}
	if (save_hash_file(level, &h->level_hash, err, sizeof err) != 0)
		goto fail;
	if (h->sv != NULL && h->sv->level_hash != h->level_hash) {
		snprintf(err, sizeof err, "%s: the level %s has changed since "
		    "the game was saved", o->load, level);
		goto fail;
	}
	if (o->script != NULL &&
	    (h->sc = script_load(o->script, err, sizeof err)) == NULL)
		goto fail;
	h->g = game_new(h->lv, h->seed, sandbox);
	if (h->sv != NULL) {
		/* "FILE: does not replay: ..." */
		int n = snprintf(err, sizeof err, "%s: ", o->load);

		if (n < 0 || (size_t)n >= sizeof err / 2)
			n = 0;
		if (save_replay(h->g, h->sv, err + n, sizeof err - (size_t)n) !=
		    0)
			goto fail;
	}
	if (o->bot)
		h->bot = bot_new(h->g);
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

/*
 * The tick a run of level lv is cut off at: ten hours after the time its
 * waves take to send, each wave's calm plus its slowest group, so that no
 * level the rules allow (up to 100 waves of an hour's calm, groups of 1000
 * a minute apart) can time out while it is still sending.
 */
static long
headless_max_ticks(const struct level *lv)
{
	long	ms = 0;

	for (int w = 0; w < lv->nwaves; w++) {
		const struct level_wave	*wv = &lv->waves[w];
		long			 longest = 0;

		for (int k = 0; k < wv->ngroups; k++) {
			const struct level_group *gr = &wv->groups[k];
			long t = gr->after_ms + (long)(gr->count - 1) *
			    gr->every_ms;

			if (t > longest)
				longest = t;
		}
		ms += wv->after_ms + longest;
	}
	return HEADLESS_SLACK_TICKS + ms / 1000 * GAME_RATE +
	    (ms % 1000) * GAME_RATE / 1000 + 1;
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

/* Play with the options o; returns the exit status for main. */
int
headless_run(const struct headless_opts *o)
{
	struct headless		 h;
	struct trace_sink	 sink;
	const char		*result = NULL;
	char			 err[HEADLESS_ERR_MAX];
	int			 next = 0, status = 0;
	long			 max_ticks;

	if (o->load != NULL && (o->level != NULL || o->seed_set ||
	    o->sandbox)) {
		fprintf(stderr, "%s: --load takes the level, the seed and "
		    "--sandbox from the saved game\n", PACKAGE_NAME);
		return HEADLESS_EXIT_USAGE;
	}
	memset(&h, 0, sizeof h);
	if (headless_setup(&h, o) != 0) {
		headless_free(&h);
		return HEADLESS_EXIT_ERROR;
	}
	if (h.trace != NULL) {
		sink.f = h.trace;
		sink.g = h.g;
		game_set_events(h.g, trace_callback, &sink);
	}
	/* Commands before the clock of a resumed game are in its log. */
	while (h.sc != NULL && next < h.sc->ncmds &&
	    h.sc->cmds[next].tick < h.g->tick)
		next++;

	max_ticks = headless_max_ticks(h.lv);
	while (!game_over(h.g)) {
		if (o->stop_at >= 0 && h.g->tick >= o->stop_at) {
			result = "stopped";
			break;
		}
		if (h.g->tick >= max_ticks) {
			result = "timeout";
			break;
		}
		while (h.sc != NULL && next < h.sc->ncmds &&
		    h.sc->cmds[next].tick <= h.g->tick)
			game_command(h.g, &h.sc->cmds[next++]);
		if (h.bot != NULL)
			bot_act(h.bot, h.g);
		game_tick(h.g);
		if (h.trace != NULL && o->snapshot_every > 0 &&
		    h.g->tick % o->snapshot_every == 0)
			trace_snapshot(h.trace, h.g);
	}
	if (o->save != NULL && save_write(o->save, h.level_path, h.level_hash,
	    h.seed, h.g, err, sizeof err) != 0) {
		headless_say(err);
		status = HEADLESS_EXIT_ERROR;
	}
	if (h.trace != NULL && h.trace != stdout) {
		if (headless_close(h.trace, o->trace) != 0)
			status = HEADLESS_EXIT_ERROR;
		h.trace = NULL;
	}
	/* Standard output (summary and "--trace=-") is checked by main. */
	trace_summary(stdout, h.g, result);
	headless_free(&h);
	return status;
}
