/* SPDX-License-Identifier: ISC */
/*
 * weir-bench replay: how long a replay takes to seek. For each level the
 * built-in player plays a game (seed 1, the level as written) and records
 * it; a replay of the recording then seeks to the end (playing the whole
 * game once, taking its keyframes as it goes) and back to the start, and
 * then back to the middle, as a viewer does. The summary figure
 * replay_seek_ms is the end-and-back of the longest campaign game, in
 * processor milliseconds; the target is 1000 or less.
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
	uint64_t	 want = r->hash, seed = r->seed, lh = r->level_hash;

	if ((rp = replay_open(r, "bench", err, sizeof err)) == NULL)
		return false;
	t0 = bench_cpu_now();
	replay_seek(rp, end);
	res->same = record_hash(replay_game(rp), seed, lh) == want;
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
