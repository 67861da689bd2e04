/* SPDX-License-Identifier: ISC */
/*
 * weir-bench replay: how long a replay takes to seek. For each level the
 * built-in player plays a game (seed 1, the level as written) and records
 * it; a replay of the recording then seeks to the end (playing the whole
 * game once, taking its keyframes as it goes) and back to the start, and
 * then back to the middle, as a viewer does. The summary figure
 * replay_seek_ms is the end-and-back of the longest campaign game, in
 * processor milliseconds; the target is 1000 or less.
 *
 * replay_seek_worst_ms and replay_back_worst_ms: a long busy endless game
 * the bench makes itself (a level of its own: a road folded twenty times,
 * waves of grunts for an hour, lives enough that none is lost; no
 * towers, so about a thousand enemies walk it at the end), recorded for
 * BENCH_LONG_TICKS ticks. The replay first plays it to the end once
 * (replay_first_end_ms: the whole game simulated, keyframes taken), then
 * seeks to BENCH_LONG_SEEKS places spread over it, in a fixed scattered
 * order, and goes a tick back from each: the slowest seek and the slowest
 * tick back, in processor milliseconds (targets 1000 and 50).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "core/bot.h"
#include "core/daily.h"
#include "core/level.h"
#include "core/record.h"
#include "core/replay.h"
#include "nav/util.h"

#define BENCH_LONG_TICKS	(71L * 60 * GAME_RATE)	/* 71 minutes */
#define BENCH_LONG_SEEKS	16
#define BENCH_LONG_W		200
#define BENCH_LONG_LEGS		20	/* legs of road, two cells wide */

static int	bench_replay_long(void);

/* What seeking one level's game measured. */
struct bench_replay_result {
	long	ticks;			/* the game's length */
	double	seek_ms;		/* to the end and back to the start */
	double	back_ms;		/* from the end to the middle */
	int	keys;			/* keyframes held at the end */
	bool	same;			/* the end hashes as recorded */
};

/* The bot's game of the level at path, recorded; NULL if it won't load. */
static struct recording *
bench_replay_record(const char *path)
{
	struct recording	*r = NULL;
	struct recorder		*rc;
	struct game_opts	 o = GAME_OPTS_INIT;
	struct level		*lv;
	struct game		*g;
	struct bot		*bot;
	char			 err[1024], *text;
	size_t			 len;

	if ((text = level_read_file(path, &len, err, sizeof err)) == NULL)
		return NULL;
	if ((lv = level_parse(path, text, len, err, sizeof err)) == NULL) {
		free(text);
		return NULL;
	}
	g = game_new_opts(lv, 1, &o);
	rc = recorder_new("bench", text, len, false, lv, 1, &o, err,
	    sizeof err);
	bot = bot_new(g);
	bot_practise_none(bot);	/* a game to seek in, not its best */
	while (rc != NULL && !game_over(g) && g->tick < game_max_ticks(g)) {
		bot_act(bot, g);
		game_tick(g);
		recorder_tick(rc, g);
	}
	if (rc != NULL)
		r = recorder_take(rc, g, 0);
	recorder_free(rc);
	bot_free(bot);
	game_free(g);
	level_free(lv);
	free(text);
	return r;
}

/* Seek a replay of r (taken) to its end, back, and to its middle. */
static bool
bench_replay_measure(struct recording *r, struct bench_replay_result *res)
{
	struct replay	*rp;
	char		 err[1024];
	double		 t0, t1;
	long		 end = r->ticks;
	uint64_t	 want = r->hash;

	if ((rp = replay_open(r, "bench", err, sizeof err)) == NULL)
		return false;
	t0 = bench_cpu_now();
	replay_seek(rp, end);
	res->same = record_hash(replay_game(rp), rp->rec) == want;
	replay_seek(rp, 0);
	t1 = bench_cpu_now();
	res->seek_ms = (t1 - t0) * 1000.0;
	replay_seek(rp, end);
	t0 = bench_cpu_now();
	replay_seek(rp, end / 2);
	res->back_ms = (bench_cpu_now() - t0) * 1000.0;
	res->ticks = end;
	res->keys = rp->nkeys;
	replay_free(rp);
	return true;
}

/* Measure the level at path; false if it does not load. */
static bool
bench_replay_level(const char *path, struct bench_replay_result *res)
{
	struct recording	*r = bench_replay_record(path);

	memset(res, 0, sizeof *res);
	return r != NULL && bench_replay_measure(r, res);
}

/* weir-bench replay [LEVEL...]: every campaign level, or those named. */
int
bench_replay(int argc, char **argv)
{
	struct daily_campaign		 c = { NULL, 0 };
	struct bench_replay_result	 res;
	const char			*dir = bench_game_dir();
	char				 path[4096], err[1024];
	int				 i, n = argc - 1;

	if (n == 1 && strcmp(argv[1], "long") == 0)
		return bench_replay_long();
	if (n == 0 && (dir == NULL || daily_campaign_read(dir, &c, err,
	    sizeof err) != 0)) {
		fprintf(stderr, "weir-bench: no campaign to replay\n");
		return 1;
	}
	printf("%-28s %8s %6s %10s %10s %s\n", "level", "ticks", "keys",
	    "seek_ms", "back_ms", "same");
	for (i = 0; i < (n > 0 ? n : c.n); i++) {
		if (n > 0)
			snprintf(path, sizeof path, "%s", argv[i + 1]);
		else
			snprintf(path, sizeof path, "%s/%s.weir", dir,
			    c.names[i]);
		if (!bench_replay_level(path, &res))
			continue;
		printf("%-28s %8ld %6d %10.1f %10.1f %s\n",
		    n > 0 ? path : c.names[i], res.ticks, res.keys, res.seek_ms,
		    res.back_ms, res.same ? "yes" : "NO");
	}
	daily_campaign_free(&c);
	return 0;
}

/* The summary line: replay_seek_ms of the longest campaign game. */
void
bench_replay_summary(FILE *out)
{
	struct daily_campaign		 c;
	struct bench_replay_result	 res, best = { 0, 0, 0, 0, false };
	struct recording		*r;
	const char			*dir = bench_game_dir();
	char				 path[4096], err[1024];
	long				 most = -1;
	int				 i;

	if (dir == NULL || daily_campaign_read(dir, &c, err, sizeof err) != 0)
		return;
	for (i = 0; i < c.n; i++) {
		snprintf(path, sizeof path, "%s/%s.weir", dir, c.names[i]);
		if ((r = bench_replay_record(path)) == NULL)
			continue;
		if (r->ticks > most && bench_replay_measure(r, &res)) {
			most = res.ticks;
			best = res;
		} else if (r->ticks <= most)
			record_free(r);
	}
	daily_campaign_free(&c);
	if (most >= 0)
		fprintf(out, "replay_seek_ms %.0f\n", best.seek_ms);
}

/* The long game's level text (malloc'd) and its length. */
static char *
bench_long_text(size_t *len)
{
	size_t	 size = (size_t)(BENCH_LONG_W + 2) * (3 * BENCH_LONG_LEGS + 2) +
		    64 * 1024;
	char	*t = xmalloc(size), *p = t;
	int	 x, y, leg, w;

	p += sprintf(p, "weir-level 1\ntitle Long Road\ngold 0\nlives %d\n"
	    "map\n", LEVEL_LIVES_MAX);
	for (y = 0; y < 3 * BENCH_LONG_LEGS + 1; y++) {
		leg = y / 3;
		for (x = 0; x < BENCH_LONG_W; x++) {
			char c = '.';

			if (y % 3 == 0) {
				/* A wall between legs, open at alternate ends. */
				bool gap = y > 0 && y < 3 * BENCH_LONG_LEGS &&
				    (leg % 2 == 1 ? x >= 1 && x <= 2 :
				    x >= BENCH_LONG_W - 3 &&
				    x <= BENCH_LONG_W - 2);
				c = gap ? '.' : '#';
			} else if (x == 0)
				c = y == 1 ? 'A' : '#';
			else if (x == BENCH_LONG_W - 1)
				c = y == 3 * BENCH_LONG_LEGS - 1 ? '>' : '#';
			*p++ = c;
		}
		*p++ = '\n';
	}
	p += sprintf(p, "end\n");
	for (w = 0; w < 60; w++)
		p += sprintf(p, "wave after 60\ngroup 30 grunt from A every "
		    "1\n");
	*len = (size_t)(p - t);
	return t;
}

/* The long busy endless game, recorded; NULL (on stderr) if it fails. */
static struct recording *
bench_long_record(int *enemies)
{
	struct recording	*r = NULL;
	struct recorder		*rc;
	struct game_opts	 o = GAME_OPTS_INIT;
	struct level		*lv;
	struct game		*g;
	char			 err[1024], *text;
	size_t			 len;

	text = bench_long_text(&len);
	if ((lv = level_parse("long", text, len, err, sizeof err)) == NULL) {
		fprintf(stderr, "weir-bench: replay: %s\n", err);
		free(text);
		return NULL;
	}
	o.endless = true;
	g = game_new_opts(lv, 1, &o);
	rc = recorder_new("bench-long", text, len, false, lv, 1, &o, err,
	    sizeof err);
	if (rc == NULL)
		fprintf(stderr, "weir-bench: replay: %s\n", err);
	while (rc != NULL && !game_over(g) && g->tick < BENCH_LONG_TICKS) {
		game_tick(g);
		recorder_tick(rc, g);
	}
	*enemies = g->nenemies;
	if (rc != NULL)
		r = recorder_take(rc, g, 0);
	recorder_free(rc);
	game_free(g);
	level_free(lv);
	free(text);
	return r;
}

/* What the long game's seeks measured. */
struct bench_long_result {
	long	ticks;
	int	enemies;	/* on the map at the end */
	double	first_ms;	/* the first seek to the end */
	double	seek_ms;	/* the slowest seek after */
	double	back_ms;	/* the slowest tick back */
	bool	same;
};

/* Make the long game and seek about in it; false if it fails. */
static bool
bench_long_measure(struct bench_long_result *res)
{
	struct recording	*r;
	struct replay		*rp;
	char			 err[1024];
	double			 t0, ms;
	uint64_t		 want;
	long			 end;

	memset(res, 0, sizeof *res);
	if ((r = bench_long_record(&res->enemies)) == NULL)
		return false;
	want = r->hash;
	end = r->ticks;
	if ((rp = replay_open(r, "bench-long", err, sizeof err)) == NULL) {
		fprintf(stderr, "weir-bench: replay: %s\n", err);
		return false;
	}
	t0 = bench_cpu_now();
	replay_seek(rp, end);
	res->first_ms = (bench_cpu_now() - t0) * 1000.0;
	res->same = record_hash(replay_game(rp), rp->rec) == want;
	for (int i = 0; i < BENCH_LONG_SEEKS; i++) {
		/* 7 is prime to 16: every sixteenth of the game, scattered. */
		long at = end / BENCH_LONG_SEEKS * ((i * 7) % BENCH_LONG_SEEKS)
		    + end / (2 * BENCH_LONG_SEEKS);

		t0 = bench_cpu_now();
		replay_seek(rp, at);
		ms = (bench_cpu_now() - t0) * 1000.0;
		if (ms > res->seek_ms)
			res->seek_ms = ms;
		t0 = bench_cpu_now();
		replay_seek(rp, at - 1);
		ms = (bench_cpu_now() - t0) * 1000.0;
		if (ms > res->back_ms)
			res->back_ms = ms;
	}
	res->ticks = end;
	replay_free(rp);
	return true;
}

/* The summary lines of the long game. */
void
bench_replay_long_summary(FILE *out)
{
	struct bench_long_result res;

	if (!bench_long_measure(&res))
		return;
	fprintf(out, "replay_first_end_ms %.0f\n", res.first_ms);
	fprintf(out, "replay_seek_worst_ms %.0f\n", res.seek_ms);
	fprintf(out, "replay_back_worst_ms %.0f\n", res.back_ms);
	if (!res.same)
		fprintf(stderr, "weir-bench: replay: the long game's end does "
		    "not hash as recorded\n");
}

/* weir-bench replay long: the long busy game alone, told in full. */
static int
bench_replay_long(void)
{
	struct bench_long_result res;

	if (!bench_long_measure(&res))
		return 1;
	printf("long endless game: %ld ticks, %d enemies at the end, end %s\n",
	    res.ticks, res.enemies, res.same ? "as recorded" : "DIFFERS");
	printf("replay_first_end_ms %.0f\nreplay_seek_worst_ms %.0f (target "
	    "<= 1000)\nreplay_back_worst_ms %.0f (target <= 50)\n",
	    res.first_ms, res.seek_ms, res.back_ms);
	return res.same ? 0 : 1;
}
