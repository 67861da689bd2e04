/* SPDX-License-Identifier: ISC */
/*
 * Unit tests of recordings, replays, the daily game and the settings
 * file. A bot's game recorded verifies and plays again to the same hash;
 * a copied game plays on as the original; a replay seeking back and forth
 * lands on the very states a straight replay passes (hero levels and
 * endless games too); a command, a seed, a tick or a level line edited
 * fails verification, while the level file edited after the game does
 * not matter; a reader that is given anything answers FILE:LINE:COL; the
 * directory keeps the newest and each board's best; the daily rule is the
 * same for a date and differs the next day; the settings round-trip, and
 * a bad file is reported and never written over.
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/bot.h"
#include "core/daily.h"
#include "core/game.h"
#include "core/level.h"
#include "core/record.h"
#include "core/replay.h"
#include "core/save.h"
#include "core/session.h"
#include "core/settings.h"
#include "testutil.h"

#define T_ERR	4096

static char	t_dir[512];

static void
t_setup(void)
{
	ck_assert_msg(tu_mkdtemp(t_dir, sizeof t_dir, "check_record") == 0,
	    "mkdtemp: %s", strerror(errno));
}

static void
t_teardown(void)
{
	tu_rmdir(t_dir);
}

/*
 * The bot's game of the installed level name, played to its end or to
 * stop_at, recorded (checks taken as the game goes). The session's game
 * is left where it stopped.
 */
static struct recording *
t_bot_game(const char *name, const struct game_opts *o, long stop_at,
    struct session **out)
{
	struct session		*s;
	struct recorder		*rc;
	struct recording	*r;
	struct bot		*bot;
	char			 path[1024], err[T_ERR];

	snprintf(path, sizeof path, "levels/%s.weir", name);
	s = session_open_opts(tu_srcpath(path), 1, o, err, sizeof err);
	ck_assert_msg(s != NULL, "%s", err);
	rc = recorder_new(name, s->level_text, s->level_len, false, s->lv,
	    s->seed, o, err, sizeof err);
	ck_assert_msg(rc != NULL, "%s", err);
	bot = bot_new(s->g);
	while (!game_over(s->g) && s->g->tick < stop_at) {
		bot_act(bot, s->g);
		game_tick(s->g);
		recorder_tick(rc, s->g);
	}
	bot_free(bot);
	r = recorder_take(rc, s->g, 1764072000);
	recorder_free(rc);
	if (out != NULL)
		*out = s;
	else
		session_free(s);
	return r;
}

/*
 * The bot's game of the installed level name with seed, played to
 * stop_at, recorded as a daily game of daily (NULL: none), taken over at
 * tick taken (0: never) from the bot's game.
 */
static struct recording *
t_claim_game(const char *name, const struct game_opts *o, uint64_t seed,
    long stop_at, const char *daily, long taken)
{
	struct session		*s;
	struct recorder		*rc;
	struct recording	*r, from;
	struct bot		*bot;
	char			 path[1024], err[T_ERR];

	snprintf(path, sizeof path, "levels/%s.weir", name);
	s = session_open_opts(tu_srcpath(path), seed, o, err, sizeof err);
	ck_assert_msg(s != NULL, "%s", err);
	rc = recorder_new(name, s->level_text, s->level_len, false, s->lv,
	    s->seed, o, err, sizeof err);
	ck_assert_msg(rc != NULL, "%s", err);
	recorder_strategy(rc, "maze");
	if (daily != NULL)
		recorder_daily(rc, daily);
	if (taken > 0) {
		memset(&from, 0, sizeof from);
		snprintf(from.strategy, sizeof from.strategy, "maze");
		recorder_taken(rc, &from, taken);
	}
	bot = bot_new(s->g);
	while (!game_over(s->g) && s->g->tick < stop_at) {
		bot_act(bot, s->g);
		game_tick(s->g);
		recorder_tick(rc, s->g);
	}
	bot_free(bot);
	r = recorder_take(rc, s->g, 1764072000);
	recorder_free(rc);
	session_free(s);
	return r;
}

/* Write r to t_dir/name and read it back. */
static struct recording *
t_write_read(const struct recording *r, const char *name, char *path,
    size_t size)
{
	struct recording	*back;
	char			 err[T_ERR];

	snprintf(path, size, "%s/%s", t_dir, name);
	ck_assert_msg(record_write(path, r, err, sizeof err) == 0, "%s", err);
	back = record_read(path, err, sizeof err);
	ck_assert_msg(back != NULL, "%s", err);
	return back;
}

START_TEST(test_bot_game_verifies)
{
	struct game_opts	 o = GAME_OPTS_INIT;
	struct recording	*r = t_bot_game("meadow", &o, 1L << 30, NULL), *b;
	char			 path[1024], msg[T_ERR];

	ck_assert_int_eq(r->result, RECORD_WON);
	ck_assert_int_gt(r->nchecks, 5);
	b = t_write_read(r, "meadow.rec", path, sizeof path);
	ck_assert_int_eq(b->ncmds, r->ncmds);
	ck_assert_int_eq(b->nchecks, r->nchecks);
	ck_assert_uint_eq(b->hash, r->hash);
	ck_assert_int_eq(record_verify(b, path, msg, sizeof msg), 0);
	ck_assert_msg(strstr(msg, ": ok won ") != NULL, "%s", msg);
	record_free(r);
	record_free(b);
}
END_TEST

/* The game at the end of a straight replay of r hashes as recorded. */
START_TEST(test_replays_to_the_same_hash)
{
	struct game_opts	 o = GAME_OPTS_INIT;
	struct recording	*r = t_bot_game("clearing", &o, 1L << 30, NULL);
	struct replay		*rp;
	uint64_t		 want = r->hash;
	char			 err[T_ERR];

	rp = replay_open(r, "clearing.rec", err, sizeof err);
	ck_assert_msg(rp != NULL, "%s", err);
	while (replay_step(rp) == 0)
		;
	ck_assert_uint_eq(record_hash(replay_game(rp), rp->rec), want);
	ck_assert(!rp->diverged);
	replay_free(rp);
}
END_TEST

/*
 * A game copied mid-way (tick 2500) plays on, given the same commands, as
 * the first. A loop test: each level is its own test, with its own time
 * limit. The Steppe takes the longest: each of its three bots practises
 * the level through before its first turn (bot.h), about 40 s in all, and
 * 2 minutes under AddressSanitizer on an idle machine.
 */
static const char *const copy_levels[] = { "clearing", "hive", "steppe" };

START_TEST(test_copy_plays_on)
{
	struct game_opts	 o = GAME_OPTS_INIT;
	struct session		*s;
	struct recording	*r;
	struct game		*c;
	struct bot		*b1, *b2;

	r = t_bot_game(copy_levels[_i], &o, 2500, &s);
	c = game_new_opts(s->lv, s->seed, &o);
	ck_assert_int_eq(game_copy(c, s->g), 0);
	ck_assert_uint_eq(game_hash(c), game_hash(s->g));
	b1 = bot_new(s->g);
	b2 = bot_new(c);
	while (!game_over(s->g) && s->g->tick < 6000) {
		bot_act(b1, s->g);
		bot_act(b2, c);
		game_tick(s->g);
		game_tick(c);
	}
	ck_assert_uint_eq(game_hash(c), game_hash(s->g));
	ck_assert_int_eq(c->nlog, s->g->nlog);
	bot_free(b1);
	bot_free(b2);
	game_free(c);
	session_free(s);
	record_free(r);
}
END_TEST

/* A copy over a game of another shape is refused. */
START_TEST(test_copy_refuses_another_shape)
{
	struct game_opts	 o = GAME_OPTS_INIT, e = GAME_OPTS_INIT;
	struct session		*a, *b;
	char			 err[T_ERR];

	e.endless = true;
	a = session_open_opts(tu_srcpath("levels/meadow.weir"), 1, &o, err,
	    sizeof err);
	b = session_open_opts(tu_srcpath("levels/meadow.weir"), 1, &e, err,
	    sizeof err);
	ck_assert(a != NULL && b != NULL);
	ck_assert_int_eq(game_copy(a->g, b->g), -1);
	session_free(a);
	session_free(b);
}
END_TEST

/*
 * Seeking back and forth lands on the state a straight replay passes:
 * the hash of each of a set of ticks, seeked to in a scrambled order.
 */
static void
t_seek_matches(const char *name, const struct game_opts *o, long stop_at)
{
	struct recording	*r = t_bot_game(name, o, stop_at, NULL);
	struct replay		*rp;
	long			 ticks[24], end = r->ticks;
	uint64_t		 want[24], seq = 0x9e3779b97f4a7c15ULL;
	char			 err[T_ERR];
	int			 i, k, n = 24;

	for (i = 0; i < n; i++)
		ticks[i] = end * i / (n - 1);
	rp = replay_open(r, name, err, sizeof err);
	ck_assert_msg(rp != NULL, "%s", err);
	for (i = 0; i < n; i++) {
		while (replay_game(rp)->tick < ticks[i] && replay_step(rp) == 0)
			;
		want[i] = game_hash(replay_game(rp));
	}
	ck_assert_int_ge(rp->nkeys, 2);
	for (k = 0; k < 3 * n; k++) {
		i = tu_randint(&seq, n);
		replay_seek(rp, ticks[i]);
		ck_assert_int_eq(replay_game(rp)->tick, ticks[i]);
		ck_assert_msg(game_hash(replay_game(rp)) == want[i],
		    "%s: tick %ld after a seek is not the state a straight "
		    "replay passes", name, ticks[i]);
	}
	ck_assert(!rp->diverged);
	replay_free(rp);
}

START_TEST(test_seek_back_and_forth)
{
	struct game_opts	o = GAME_OPTS_INIT, e = GAME_OPTS_INIT;

	e.endless = true;
	e.difficulty = DIFF_HARD;
	t_seek_matches("hive", &o, 1L << 30);
	t_seek_matches("wolf-hollow", &o, 1L << 30);
	t_seek_matches("rookery", &e, 20000);
}
END_TEST

/*
 * A tick back plays from a near frame just behind the position, not from
 * the last keyframe: in a long endless game whose keyframes have spread
 * out (room for the fewest, so every is twice REPLAY_NEAR_EVERY or more), each of 40 ticks back from the
 * end lands on the state a straight replay passed and plays fewer ticks
 * than a near frame's spacing.
 */
START_TEST(test_tick_back_plays_from_near)
{
	struct game_opts	 e = GAME_OPTS_INIT;
	struct recording	*r;
	struct replay		*rp;
	uint64_t		 want[41];
	char			 err[T_ERR];
	long			 end, before;

	e.endless = true;
	e.difficulty = DIFF_HARD;
	r = t_bot_game("rookery", &e, 20000, NULL);
	end = r->ticks;
	rp = replay_open(r, "rookery", err, sizeof err);
	ck_assert_msg(rp != NULL, "%s", err);
	rp->max_keys = REPLAY_KEYS_MIN;	/* as little room as a huge map has */
	while (replay_game(rp)->tick < end - 40 && replay_step(rp) == 0)
		;
	for (int i = 40; i >= 0; i--) {
		want[i] = game_hash(replay_game(rp));
		if (replay_step(rp) != 0)
			break;
	}
	ck_assert_int_eq(replay_game(rp)->tick, end);
	ck_assert_int_gt(rp->every, 2 * REPLAY_NEAR_EVERY);
	for (int i = 1; i <= 40; i++) {
		before = rp->played;
		replay_seek(rp, end - i);
		ck_assert_int_eq(replay_game(rp)->tick, end - i);
		ck_assert_uint_eq(game_hash(replay_game(rp)), want[i]);
		ck_assert_int_le(rp->played - before,
		    REPLAY_NEAR_EVERY / REPLAY_TICK_WORK);
	}
	ck_assert(!rp->diverged);
	replay_free(rp);
}
END_TEST

/* A wave's start found by seeking is the tick it began. */
START_TEST(test_seek_wave)
{
	struct game_opts	 o = GAME_OPTS_INIT;
	struct recording	*r = t_bot_game("meadow", &o, 1L << 30, NULL);
	struct replay		*rp;
	char			 err[T_ERR];
	long			 at;

	rp = replay_open(r, "meadow", err, sizeof err);
	ck_assert_msg(rp != NULL, "%s", err);
	ck_assert_int_eq(replay_seek_wave(rp, 5), 0);
	at = replay_game(rp)->tick;
	ck_assert_int_eq(replay_game(rp)->wave_start[4], at);
	ck_assert_int_ge(replay_game(rp)->next_wave, 5);
	replay_seek(rp, 0);
	ck_assert_int_eq(replay_seek_wave(rp, 5), 0);
	ck_assert_int_eq(replay_game(rp)->tick, at);
	ck_assert_int_eq(replay_seek_wave(rp, 99), -1);
	ck_assert_int_eq(replay_game(rp)->tick, at);
	replay_free(rp);
}
END_TEST

/*
 * The bot's turn, then (so that commands fall on every tick, keyframes'
 * ticks too) the first attacking tower aimed anew, for a replay being
 * made and the straight game it is compared with.
 */
static void
t_busy_act(void *arg, struct game *g)
{
	struct game_cmd	c;
	int		i;

	bot_act(arg, g);
	for (i = 0; i < g->ntowers; i++) {
		const struct game_tower *tw = &g->towers[i];

		if (!tw->used || tower_types[tw->type].attack ==
		    TOWER_ATTACK_NONE)
			continue;
		memset(&c, 0, sizeof c);
		c.type = GAME_CMD_TARGET;
		c.tower = -1;
		c.x = tw->x;
		c.y = tw->y;
		c.mode = (tw->mode + 1) % TOWER_NTARGETS;
		game_command(g, &c);
		return;
	}
}

/*
 * A replay made as it is watched (a player giving commands at its end)
 * passes the states the same player's straight game passes, seeks back
 * and forth on what is made, and grows only from its end.
 */
START_TEST(test_grow_as_made)
{
	struct game_opts	 o = GAME_OPTS_INIT;
	struct session		*s;
	struct recorder		*rc;
	struct replay		*rp;
	struct bot		*bot;
	uint64_t		 want[5];
	char			 err[T_ERR];
	long			 t;
	int			 k;

	s = session_open_opts(tu_srcpath("levels/hive.weir"), 1, &o, err,
	    sizeof err);
	ck_assert_msg(s != NULL, "%s", err);
	rc = recorder_new("hive", s->level_text, s->level_len, false, s->lv,
	    1, &o, err, sizeof err);
	ck_assert_msg(rc != NULL, "%s", err);
	rp = replay_open(recorder_take(rc, s->g, 0), "hive", err, sizeof err);
	ck_assert_msg(rp != NULL, "%s", err);
	recorder_free(rc);
	bot = bot_new(s->g);
	/* A position is a tick with its commands given; the end, before. */
	while (s->g->tick < 4000) {
		t_busy_act(bot, s->g);
		if (s->g->tick % 1000 == 0)
			want[s->g->tick / 1000] = game_hash(s->g);
		game_tick(s->g);
	}
	want[4] = game_hash(s->g);
	ck_assert_int_eq(replay_end(rp), 0);
	while ((t = replay_game(rp)->tick) < 4000) {
		ck_assert_int_eq(replay_grow(rp, t_busy_act, bot), 0);
		ck_assert_int_eq(replay_game(rp)->tick, t + 1);
	}
	ck_assert_int_eq(replay_end(rp), 4000);
	ck_assert_uint_eq(game_hash(replay_game(rp)), want[4]);
	ck_assert_int_gt(rp->rec->ncmds, 2000);
	/* Back (where it does not grow) and forth, through keyframes. */
	for (k = 0; k < 10; k++) {
		replay_seek(rp, (k * 3 % 5) * 1000);
		ck_assert_uint_eq(game_hash(replay_game(rp)), want[k * 3 % 5]);
		if (k * 3 % 5 < 4)
			ck_assert_int_eq(replay_grow(rp, t_busy_act, bot), 1);
	}
	replay_seek(rp, 4000);
	ck_assert(!rp->diverged);
	ck_assert_int_eq(replay_grow(rp, t_busy_act, bot), 0);
	ck_assert_int_eq(replay_end(rp), 4001);
	replay_free(rp);
	bot_free(bot);
	session_free(s);
}
END_TEST

/*
 * Taking over gives a game of its own at the moment: given the rest of
 * the recorded commands it ends as recorded, and it outlives the replay.
 */
START_TEST(test_take_over)
{
	struct game_opts	 o = GAME_OPTS_INIT;
	struct recording	*r = t_bot_game("kings-road", &o, 1L << 30, NULL);
	struct record_play	 p;
	struct replay		*rp;
	struct session		*s;
	char			 err[T_ERR];
	uint64_t		 h;

	rp = replay_open(r, "kings-road", err, sizeof err);
	ck_assert(rp != NULL);
	replay_seek(rp, 3000);
	h = game_hash(replay_game(rp));
	s = replay_take_over(rp, err, sizeof err);
	ck_assert_msg(s != NULL, "%s", err);
	ck_assert_uint_eq(game_hash(s->g), h);
	ck_assert_int_eq(s->g->tick, 3000);
	memset(&p, 0, sizeof p);
	p.rec = r;
	p.g = s->g;
	p.next = rp->play.next;
	while (!record_play_done(&p)) {
		game_tick(s->g);
		ck_assert_int_eq(record_play_commands(&p), -1);
	}
	ck_assert_uint_eq(record_hash(s->g, r), r->hash);
	ck_assert_int_eq(replay_game(rp)->tick, 3000);
	replay_free(rp);
	session_free(s);
}
END_TEST

/* The text of a recording written to a file, edited by sub, verified. */
static int
t_tampered(const char *text, const char *from, const char *to, char *msg,
    size_t msglen)
{
	struct recording	*r;
	char			 err[T_ERR], *edited, *at;
	size_t			 n = strlen(text);
	int			 rc;

	at = strstr(text, from);
	ck_assert_msg(at != NULL, "no '%s' to edit", from);
	edited = malloc(n + strlen(to) + 1);
	memcpy(edited, text, (size_t)(at - text));
	strcpy(edited + (at - text), to);
	strcat(edited, at + strlen(from));
	r = record_parse("t.rec", edited, strlen(edited), err, sizeof err);
	ck_assert_msg(r != NULL, "%s", err);
	rc = record_verify(r, "t.rec", msg, msglen);
	record_free(r);
	free(edited);
	return rc;
}

START_TEST(test_tampering_fails)
{
	struct game_opts	 o = GAME_OPTS_INIT;
	struct recording	*r = t_bot_game("meadow", &o, 1L << 30, NULL), *b;
	char			 path[1024], msg[T_ERR], *text;
	size_t			 len;

	b = t_write_read(r, "m.rec", path, sizeof path);
	text = tu_slurp(path, &len);
	ck_assert_int_eq(t_tampered(text, "\n0 place arrow 21 7\n",
	    "\n0 place arrow 21 8\n", msg, sizeof msg), 1);
	ck_assert_int_eq(t_tampered(text, "\nseed 1\n", "\nseed 7\n", msg,
	    sizeof msg), 1);
	ck_assert_msg(strstr(msg, "differs") != NULL, "%s", msg);
	ck_assert_int_eq(t_tampered(text, "\n15 upgrade 21 7\n",
	    "\n16 upgrade 21 7\n", msg, sizeof msg), 1);
	ck_assert_msg(strstr(msg, "hashes") != NULL, "%s", msg);
	ck_assert_int_eq(t_tampered(text, "|gold 300\n", "|gold 301\n", msg,
	    sizeof msg), 1);
	ck_assert_msg(strstr(msg, "level's text") != NULL, "%s", msg);
	ck_assert_int_eq(t_tampered(text, "\nscore 8160\n", "\nscore 8161\n",
	    msg, sizeof msg), 1);
	ck_assert_int_eq(t_tampered(text, "\nresult won", "\nresult lost",
	    msg, sizeof msg), 1);
	free(text);
	record_free(r);
	record_free(b);
}
END_TEST

/* The level file edited after the game: the recording plays the same. */
START_TEST(test_survives_level_edit)
{
	struct session		*s;
	struct recorder		*rc;
	struct recording	*r;
	struct game_opts	 o = GAME_OPTS_INIT;
	struct bot		*bot;
	char			 lpath[1024], rpath[1024], err[T_ERR], *text;
	size_t			 len;

	text = tu_slurp(tu_srcpath("levels/meadow.weir"), &len);
	snprintf(lpath, sizeof lpath, "%s/meadow.weir", t_dir);
	ck_assert_int_eq(tu_put(lpath, text, len), 0);
	s = session_open_opts(lpath, 1, &o, err, sizeof err);
	ck_assert_msg(s != NULL, "%s", err);
	rc = recorder_new("meadow", s->level_text, s->level_len, false, s->lv,
	    1, &o, err, sizeof err);
	bot = bot_new(s->g);
	while (!game_over(s->g)) {
		bot_act(bot, s->g);
		game_tick(s->g);
		recorder_tick(rc, s->g);
	}
	snprintf(rpath, sizeof rpath, "%s/m.rec", t_dir);
	ck_assert_msg(recorder_write(rc, s->g, 1, rpath, err, sizeof err) == 0,
	    "%s", err);
	ck_assert_int_eq(tu_put(lpath, "weir-level 1\n", 13), 0);
	r = record_read(rpath, err, sizeof err);
	ck_assert_msg(r != NULL, "%s", err);
	ck_assert_int_eq(record_verify(r, rpath, err, sizeof err), 0);
	record_free(r);
	bot_free(bot);
	recorder_free(rc);
	session_free(s);
	free(text);
}
END_TEST

/* Each bad recording: NULL and a message at the place given. */
START_TEST(test_reader_places_errors)
{
	static const struct { const char *text, *want; } cases[] = {
		{ "", "r:1:1: expected 'weir-recording 2'" },
		{ "weir-recording 1\n", "r:1:16: a recording of format version "
		  "1: this weir reads version 2 only" },
		{ "weir-recording 3\n", "r:1:16: a recording of format version "
		  "3: this weir reads version 2 only" },
		{ "weir-recording x\n", "r:1:16: expected the format's "
		  "version" },
		{ "weir-recording 2\nlevel-name a\ntitle T\nformat weir\n"
		  "level-hash 0000000000000000\nseed 1\nsandbox 0\n"
		  "difficulty normal\nendless 0\nstrategy a b\n",
		  "r:10:10: expected one word" },
		{ "weir-recording 2\nlevel-name a\ntitle T\nformat weir\n"
		  "level-hash 0000000000000000\nseed 1\nsandbox 0\n"
		  "difficulty normal\nendless 0\ntaken-over 0\n",
		  "r:10:12: expected the tick of the take-over" },
		{ "weir-recording 2\nlevel-name a\ntitle T\nformat weir\n"
		  "level-hash 0000000000000000\nseed 1\nsandbox 0\n"
		  "difficulty normal\nendless 0\ntaken-over 9\nwhen 1\n"
		  "level 1\n|x\ncommands 0\nchecks 0\nresult won 4\n"
		  "score 1\nwaves 1 1\nlives 1\nstars 1\n"
		  "hash 0000000000000000\nend\n",
		  "r:10:1: take-over after the end" },
		{ "weir-recording 2\nlevel-name a b\n", "r:2:12: expected one "
		  "word" },
		{ "weir-recording 2\nlevel-name a\ntitle T\nformat x\n",
		  "r:4:8: expected 'weir' or 'map'" },
		{ "weir-recording 2\nlevel-name a\ntitle T\nformat weir\n"
		  "level-hash 00z0000000000000\n", "r:5:14: expected 16 hex" },
		{ "weir-recording 2\nlevel-name a\ntitle T\nformat weir\n"
		  "level-hash 0000000000000000\nseed -1\n", "r:6:6: expected "
		  "a number" },
		{ "weir-recording 2\nlevel-name a\ntitle T\nformat weir\n"
		  "level-hash 0000000000000000\nseed 1\nsandbox 0\n"
		  "difficulty odd\n", "r:8:12: expected" },
		{ "weir-recording 2\nlevel-name a\ntitle T\nformat weir\n"
		  "level-hash 0000000000000000\nseed 1\nsandbox 0\n"
		  "difficulty normal\nendless 0\nwhen 1\nlevel 2\n|x\n",
		  "r:13:1: expected 1 more lines of the level" },
		{ "weir-recording 2\nlevel-name a\ntitle T\nformat weir\n"
		  "level-hash 0000000000000000\nseed 1\nsandbox 0\n"
		  "difficulty normal\nendless 0\nwhen 1\nlevel 1\n|x\n"
		  "commands 2\n5 wave\n4 wave\n", "r:15:1: command out of "
		  "time order" },
		{ "weir-recording 2\nlevel-name a\ntitle T\nformat weir\n"
		  "level-hash 0000000000000000\nseed 1\nsandbox 0\n"
		  "difficulty normal\nendless 0\nwhen 1\nlevel 1\n|x\n"
		  "commands 1\n5 wave\nchecks 0\nresult won 4\nscore 1\n"
		  "waves 1 1\nlives 1\nstars 1\nhash 0000000000000000\nend\n",
		  "r:14:1: command after the end" },
		{ "weir-recording 2\nlevel-name a\ntitle T\nformat weir\n"
		  "level-hash 0000000000000000\nseed 1\nsandbox 0\n"
		  "difficulty normal\nendless 0\nwhen 1\nlevel 1\n|x\n"
		  "commands 0\nchecks 0\nresult won 4\nscore 1\n"
		  "waves 1 1\nlives 1\nstars 4\n", "r:19:7: number out of "
		  "range" },
		{ "weir-recording 2\nlevel-name \x01\n", "r:2:12: invalid "
		  "byte 0x01" },
	};
	struct recording	*r;
	char			 err[T_ERR];
	size_t			 i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		r = record_parse("r", cases[i].text, strlen(cases[i].text), err,
		    sizeof err);
		ck_assert_msg(r == NULL, "case %zu read", i);
		ck_assert_msg(strncmp(err, cases[i].want,
		    strlen(cases[i].want)) == 0, "case %zu: '%s', want '%s'",
		    i, err, cases[i].want);
	}
}
END_TEST

/* A level that no longer parses is said so, on the recording's line. */
START_TEST(test_level_that_does_not_parse)
{
	static const char text[] =
	    "weir-recording 2\nlevel-name a\ntitle T\nformat weir\n"
	    "level-hash 1ad2f9e15e38b19d\nseed 1\nsandbox 0\n"
	    "difficulty normal\nendless 0\nwhen 1\nlevel 2\n|weir-level 1\n"
	    "|bogus line\ncommands 0\nchecks 0\nresult quit 0\nscore 0\n"
	    "waves 0 0\nlives 0\nstars 0\nhash 0000000000000000\nend\n";
	struct recording	*r;
	char			 err[T_ERR];

	r = record_parse("r", text, sizeof text - 1, err, sizeof err);
	ck_assert_msg(r != NULL, "%s", err);
	r->level_hash = save_hash(r->level_text, r->level_len);
	ck_assert_int_eq(record_verify(r, "r", err, sizeof err), -1);
	ck_assert_msg(strncmp(err, "r:13:", 5) == 0 && strstr(err,
	    "the recorded level does not read") != NULL, "%s", err);
	record_free(r);
}
END_TEST

/*
 * Every claim of the head is sealed: the name, the title, the strategy,
 * the take-over, the daily date changed each make the end hash differ.
 */
START_TEST(test_claims_sealed)
{
	struct game_opts	 o = GAME_OPTS_INIT;
	struct recording	*r = t_claim_game("meadow", &o, 1, 600, NULL, 0);
	char			 msg[T_ERR];
	int			 i;

	ck_assert_int_eq(record_verify(r, "r", msg, sizeof msg), 0);
	for (i = 0; i < 5; i++) {
		struct recording *b = t_claim_game("meadow", &o, 1, 600, NULL,
		    0);

		switch (i) {
		case 0: snprintf(b->level_name, sizeof b->level_name, "hive");
			break;
		case 1: snprintf(b->title, sizeof b->title, "Other"); break;
		case 2: snprintf(b->strategy, sizeof b->strategy, "choke");
			break;
		case 3: b->taken = 300; break;
		default: snprintf(b->daily, sizeof b->daily, "2026-11-25");
			break;
		}
		ck_assert_int_eq(record_verify(b, "r", msg, sizeof msg), 1);
		ck_assert_msg(strstr(msg, "the end hashes to") != NULL,
		    "case %d: %s", i, msg);
		record_free(b);
	}
	record_free(r);
}
END_TEST

/* A game taken over verifies as "ok ... (taken over at M:SS)". */
START_TEST(test_taken_over_said)
{
	struct game_opts	 o = GAME_OPTS_INIT;
	struct recording	*r = t_claim_game("meadow", &o, 1, 2700, NULL,
				    83 * GAME_RATE), *b;
	char			 path[1024], msg[T_ERR];

	b = t_write_read(r, "taken.rec", path, sizeof path);
	ck_assert_int_eq(b->taken, 83 * GAME_RATE);
	ck_assert_str_eq(b->strategy, "maze");
	ck_assert_int_eq(record_verify(b, "t", msg, sizeof msg), 0);
	ck_assert_msg(strncmp(msg, "t: ok quit ", 11) == 0 && strstr(msg,
	    " (taken over at 1:23)") != NULL, "%s", msg);
	record_free(b);
	record_free(r);
}
END_TEST

/*
 * A daily game is held to its date: the date's own game passes; another
 * seed, setting or level passed off as that date's is refused, though
 * its hash is whole.
 */
START_TEST(test_daily_forged_refused)
{
	struct daily_campaign	 c;
	struct daily_date	 date;
	struct daily		 d;
	struct game_opts	 o = GAME_OPTS_INIT;
	struct recording	*r;
	char			 dir[1024];
	char			 err[T_ERR];
	int			 i;

	snprintf(dir, sizeof dir, "%s", tu_srcpath("levels"));
	ck_assert_msg(daily_campaign_read(dir, &c, err, sizeof err) == 0, "%s",
	    err);
	daily_parse_date("2026-11-25", &date);
	daily_pick(&date, &c, &d);
	daily_campaign_free(&c);
	o.difficulty = d.difficulty;
	o.endless = d.endless;
	r = t_claim_game(d.name, &o, d.seed, 300, d.text, 0);
	ck_assert_msg(record_claims(r, "r", dir, err, sizeof err) == 0, "%s",
	    err);
	ck_assert_int_eq(record_verify(r, "r", err, sizeof err), 0);
	record_free(r);
	for (i = 0; i < 3; i++) {
		struct game_opts f = o;
		uint64_t seed = i == 0 ? d.seed + 1 : d.seed;

		if (i == 1)
			f.difficulty = DIFF_EASY;
		r = t_claim_game(i == 2 ? strcmp(d.name, "meadow") == 0 ?
		    "hive" : "meadow" : d.name, &f, seed, 300, d.text, 0);
		ck_assert_int_eq(record_verify(r, "r", err, sizeof err), 0);
		ck_assert_int_eq(record_claims(r, "r", dir, err, sizeof err), 1);
		ck_assert_msg(strstr(err, "r: differs: not the daily game of "
		    "2026-11-25, which is ") != NULL, "case %d: %s", i, err);
		record_free(r);
	}
}
END_TEST

/*
 * Where a recording's level stands: the installed text, an edited copy
 * named as installed (refused by record_claims), a name not installed,
 * a file's own level.
 */
START_TEST(test_level_origin)
{
	struct game_opts	 o = GAME_OPTS_INIT;
	struct recording	*r = t_claim_game("meadow", &o, 1, 30, NULL, 0);
	char			 dir[1024];
	char			 err[T_ERR], *gold;

	snprintf(dir, sizeof dir, "%s", tu_srcpath("levels"));
	ck_assert_int_eq(record_origin(r, dir), RECORD_INSTALLED);
	ck_assert_int_eq(record_origin(r, NULL), RECORD_OWN);
	ck_assert_int_eq(record_claims(r, "r", dir, err, sizeof err), 0);
	gold = strstr(r->level_text, "\ngold ");
	ck_assert_ptr_nonnull(gold);
	gold[6] = gold[6] == '9' ? '8' : '9';
	ck_assert_int_eq(record_origin(r, dir), RECORD_EDITED);
	ck_assert_int_eq(record_claims(r, "r", dir, err, sizeof err), 1);
	ck_assert_msg(strstr(err, "r: differs: its level is not the installed "
	    "meadow") != NULL, "%s", err);
	snprintf(r->level_name, sizeof r->level_name, "no-such-level");
	ck_assert_int_eq(record_origin(r, dir), RECORD_MISSING);
	snprintf(r->level_name, sizeof r->level_name, "meadow.0123456789abcdef");
	ck_assert_int_eq(record_origin(r, dir), RECORD_OWN);
	record_free(r);
}
END_TEST

/*
 * What the list and the viewer say of a level not the installed one: a
 * note, and a title that marks an edited level as a copy (the mark kept
 * whole when the title is cut); nothing for the installed or its own.
 */
START_TEST(test_origin_said)
{
	char	buf[LEVEL_TITLE_MAX + 32], small[12];

	ck_assert_ptr_null(record_origin_note(RECORD_OWN));
	ck_assert_ptr_null(record_origin_note(RECORD_INSTALLED));
	ck_assert_str_eq(record_origin_note(RECORD_EDITED), "edited since");
	ck_assert_str_eq(record_origin_note(RECORD_MISSING), "not installed");
	record_origin_title(buf, sizeof buf, "The Hive", RECORD_INSTALLED);
	ck_assert_str_eq(buf, "The Hive");
	record_origin_title(buf, sizeof buf, "The Hive", RECORD_OWN);
	ck_assert_str_eq(buf, "The Hive");
	record_origin_title(buf, sizeof buf, "The Hive", RECORD_EDITED);
	ck_assert_str_eq(buf, "The Hive (edited copy)");
	record_origin_title(buf, sizeof buf, "The Hive", RECORD_MISSING);
	ck_assert_str_eq(buf, "The Hive (not installed)");
	record_origin_title(small, sizeof small, "The Hive", RECORD_EDITED);
	ck_assert_str_eq(small, " (edited co");
	record_origin_title(buf, 20, "The Great Hunt", RECORD_EDITED);
	ck_assert_str_eq(buf, "The G (edited copy)");
}
END_TEST

/* The directory keeps the newest and the best of each board. */
START_TEST(test_prune_keeps_newest_and_best)
{
	struct game_opts	 o = GAME_OPTS_INIT;
	struct recording	*r = t_bot_game("meadow", &o, 1L << 30, NULL);
	struct record_list	 l;
	char			 path[1024], err[T_ERR];
	int			 i, found = 0;

	for (i = 0; i < 110; i++) {
		r->when = 1000 + i;
		r->score = i == 3 ? 99999 : i;
		snprintf(r->level_name, sizeof r->level_name, "%s",
		    i == 5 ? "other" : "meadow");
		snprintf(path, sizeof path, "%s/g%03d.rec", t_dir, i);
		ck_assert_msg(record_write(path, r, err, sizeof err) == 0, "%s",
		    err);
	}
	snprintf(path, sizeof path, "%s/junk.rec", t_dir);
	ck_assert_int_eq(tu_put(path, "not a recording\n", 16), 0);
	ck_assert_int_eq(record_prune(t_dir, RECORD_KEEP, err, sizeof err), 8);
	ck_assert_int_eq(record_list(t_dir, &l), 0);
	ck_assert_int_eq(l.n, 102);
	ck_assert_int_eq(l.unreadable, 1);
	ck_assert_int_eq((int)l.v[0].when, 1109);
	for (i = 0; i < l.n; i++)
		found += l.v[i].score == 99999 || strcmp(l.v[i].level_name,
		    "other") == 0;
	ck_assert_int_eq(found, 2);
	record_list_free(&l);
	record_free(r);
}
END_TEST

/*
 * A board's best is a win above every defeat, as the score boards rank
 * them: a win of 1 point outlives a loss of 99999, out of the newest.
 */
START_TEST(test_prune_keeps_a_win_over_a_loss)
{
	struct game_opts	 o = GAME_OPTS_INIT;
	struct recording	*r = t_bot_game("meadow", &o, 1L << 30, NULL);
	struct record_list	 l;
	struct record_entry	 a, b;
	char			 path[1024], err[T_ERR];
	int			 i, won = 0, big = 0;

	for (i = 0; i < RECORD_KEEP + 2; i++) {
		r->when = 1000 + i;
		r->result = i == 0 ? RECORD_WON : RECORD_LOST;
		r->score = i == 0 ? 1 : i == 1 ? 99999 : 10;
		snprintf(path, sizeof path, "%s/g%03d.rec", t_dir, i);
		ck_assert_msg(record_write(path, r, err, sizeof err) == 0, "%s",
		    err);
	}
	ck_assert_int_eq(record_prune(t_dir, RECORD_KEEP, err, sizeof err), 1);
	ck_assert_int_eq(record_list(t_dir, &l), 0);
	for (i = 0; i < l.n; i++) {
		won += l.v[i].result == RECORD_WON;
		big += l.v[i].score == 99999;
	}
	ck_assert_int_eq(won, 1);
	ck_assert_int_eq(big, 0);
	record_list_free(&l);
	memset(&a, 0, sizeof a);
	b = a;
	a.result = RECORD_WON;
	a.score = 5;
	b.result = RECORD_LOST;
	b.score = 500;
	ck_assert(record_better(&a, &b) && !record_better(&b, &a));
	b.result = RECORD_WON;
	ck_assert(record_better(&b, &a));
	record_free(r);
}
END_TEST

/* record_keep names a new file and never writes over one. */
START_TEST(test_keep_names_new_files)
{
	struct game_opts	 o = GAME_OPTS_INIT;
	struct session		*s;
	struct recording	*r = t_bot_game("meadow", &o, 600, &s);
	struct recorder		*rc;
	char			 p1[1024], p2[1024], err[T_ERR];

	rc = recorder_new("meadow", s->level_text, s->level_len, false, s->lv,
	    1, &o, err, sizeof err);
	ck_assert_int_eq(record_keep(t_dir, rc, s->g, 1764072000, p1,
	    sizeof p1, err, sizeof err), 0);
	ck_assert_int_eq(record_keep(t_dir, rc, s->g, 1764072000, p2,
	    sizeof p2, err, sizeof err), 0);
	ck_assert_msg(strstr(p1, "/20251125-120000-meadow.rec") != NULL, "%s",
	    p1);
	ck_assert_msg(strstr(p2, "/20251125-120000-meadow-2.rec") != NULL,
	    "%s", p2);
	ck_assert_int_eq(tu_count_files(t_dir, "2025"), 2);
	recorder_free(rc);
	session_free(s);
	record_free(r);
}
END_TEST

/*
 * A game just kept is never pruned away, though the directory holds
 * RECORD_KEEP newer ones (dated after the clock) and it is not its
 * board's best.
 */
START_TEST(test_keep_outlives_later_dates)
{
	struct game_opts	 o = GAME_OPTS_INIT;
	struct session		*s;
	struct recording	*r = t_bot_game("meadow", &o, 1L << 30, NULL);
	struct recording	*q = t_bot_game("meadow", &o, 600, &s);
	struct recorder		*rc;
	char			 path[1024], kept[1024], err[T_ERR];
	int			 i;

	r->score = 1 << 20;		/* every one better than the new game */
	for (i = 0; i < RECORD_KEEP; i++) {
		r->when = 4000000000 + i;	/* in 2096 */
		snprintf(path, sizeof path, "%s/g%03d.rec", t_dir, i);
		ck_assert_msg(record_write(path, r, err, sizeof err) == 0, "%s",
		    err);
	}
	rc = recorder_new("meadow", s->level_text, s->level_len, false, s->lv,
	    1, &o, err, sizeof err);
	ck_assert_int_eq(record_keep(t_dir, rc, s->g, 1764072000, kept,
	    sizeof kept, err, sizeof err), 0);
	ck_assert_msg(access(kept, F_OK) == 0, "%s was pruned as it was kept",
	    kept);
	recorder_free(rc);
	session_free(s);
	record_free(q);
	record_free(r);
}
END_TEST

/* ---- the daily game ---- */

static struct daily_campaign
t_campaign(void)
{
	struct daily_campaign	c;
	char			err[T_ERR];

	ck_assert_msg(daily_campaign_read(tu_srcpath("levels"), &c, err,
	    sizeof err) == 0, "%s", err);
	return c;
}

START_TEST(test_daily_same_for_a_date)
{
	struct daily_campaign	c = t_campaign();
	struct daily_date	d, e;
	struct daily		a, b, n;

	ck_assert(daily_parse_date("2026-11-25", &d));
	ck_assert(daily_parse_date("2026-11-26", &e));
	ck_assert_int_eq(daily_pick(&d, &c, &a), 0);
	ck_assert_int_eq(daily_pick(&d, &c, &b), 0);
	ck_assert_int_eq(daily_pick(&e, &c, &n), 0);
	ck_assert_str_eq(a.name, b.name);
	ck_assert_uint_eq(a.seed, b.seed);
	ck_assert_int_eq(a.difficulty, b.difficulty);
	ck_assert(a.endless);
	ck_assert_str_ne(a.name, n.name);
	ck_assert_uint_ne(a.seed, n.seed);
	ck_assert_str_eq(a.text, "2026-11-25");
	/* The rule: level D mod N, hard on Saturdays and Sundays. */
	ck_assert_int_eq(a.level, (int)(daily_days(&d) % c.n));
	ck_assert_int_eq(a.difficulty, DIFF_NORMAL);	/* a Wednesday */
	ck_assert(daily_parse_date("2026-11-28", &e));	/* a Saturday */
	daily_pick(&e, &c, &n);
	ck_assert_int_eq(n.difficulty, DIFF_HARD);
	daily_campaign_free(&c);
}
END_TEST

START_TEST(test_daily_dates)
{
	struct daily_date	d;
	char			buf[32];

	ck_assert(daily_parse_date("1970-01-01", &d));
	ck_assert_int_eq(daily_days(&d), 0);
	ck_assert(daily_parse_date("2000-03-01", &d));
	ck_assert_int_eq(daily_days(&d), 11017);
	ck_assert(daily_parse_date("2024-02-29", &d));
	ck_assert(!daily_parse_date("2026-02-29", &d));
	ck_assert(!daily_parse_date("2026-13-01", &d));
	ck_assert(!daily_parse_date("1969-12-31", &d));
	ck_assert(!daily_parse_date("2026-1-01", &d));
	ck_assert(!daily_parse_date("2026-11-25x", &d));
	daily_today(1764072000, &d);
	daily_format(&d, buf, sizeof buf);
	ck_assert_str_eq(buf, "2025-11-25");
	daily_board(&d, buf, sizeof buf);
	ck_assert_str_eq(buf, "daily:2025-11-25");
}
END_TEST

START_TEST(test_daily_one_try_counts)
{
	struct daily_date	d, e;
	char			path[1024], err[T_ERR], *before, *after;
	size_t			n1, n2;

	snprintf(path, sizeof path, "%s/daily", t_dir);
	daily_parse_date("2026-11-25", &d);
	daily_parse_date("2026-11-26", &e);
	ck_assert_int_eq(daily_claim(path, &d, err, sizeof err), 1);
	ck_assert_int_eq(daily_claim(path, &d, err, sizeof err), 0);
	ck_assert_int_eq(daily_claim(path, &e, err, sizeof err), 1);
	ck_assert_int_eq(daily_claim(path, &d, err, sizeof err), 0);
	ck_assert_int_eq(tu_put(path, "weir-daily 1\n2026-1-1\nend\n", 26), 0);
	before = tu_slurp(path, &n1);
	ck_assert_int_eq(daily_claim(path, &e, err, sizeof err), -1);
	ck_assert_msg(strstr(err, "/daily:2:1: expected a date") != NULL, "%s",
	    err);
	after = tu_slurp(path, &n2);
	ck_assert(n1 == n2 && memcmp(before, after, n1) == 0);
	free(before);
	free(after);
}
END_TEST

/* A claim is never forgotten by count: 410 dates later it still holds. */
START_TEST(test_daily_claims_kept)
{
	struct daily_date	d, e;
	char			path[1024], err[T_ERR];
	int			i;

	snprintf(path, sizeof path, "%s/daily", t_dir);
	daily_parse_date("2020-01-01", &d);
	ck_assert_int_eq(daily_claim(path, &d, err, sizeof err), 1);
	for (i = 1; i <= 410; i++) {
		e = d;
		e.day = 1 + i % 28;
		e.month = 1 + i / 28 % 12;
		e.year = 2021 + i / (28 * 12);
		ck_assert_int_eq(daily_claim(path, &e, err, sizeof err), 1);
	}
	ck_assert_int_eq(daily_claim(path, &d, err, sizeof err), 0);
}
END_TEST

/*
 * A file full (DAILY_DATES_MAX dates) forgets a claim older than a year,
 * never one of the last year, though that was claimed first.
 */
START_TEST(test_daily_full_forgets_old)
{
	struct daily_date	d, recent, old;
	char			path[1024], err[T_ERR], *text, *p;
	int			i;

	snprintf(path, sizeof path, "%s/daily", t_dir);
	text = malloc(DAILY_FILE_MAX);
	ck_assert_ptr_nonnull(text);
	p = text + sprintf(text, "weir-daily 1\n2030-05-01\n");
	for (i = 1; i < DAILY_DATES_MAX; i++)
		p += sprintf(p, "%04d-%02d-%02d\n", 1980 + i / 336,
		    1 + i / 28 % 12, 1 + i % 28);
	p += sprintf(p, "end\n");
	ck_assert_int_eq(tu_put(path, text, (size_t)(p - text)), 0);
	free(text);
	daily_parse_date("2030-05-11", &d);
	daily_parse_date("2030-05-01", &recent);
	daily_parse_date("1980-01-02", &old);
	ck_assert_int_eq(daily_claim(path, &d, err, sizeof err), 1);
	ck_assert_int_eq(daily_claim(path, &recent, err, sizeof err), 0);
	ck_assert_int_eq(daily_claim(path, &d, err, sizeof err), 0);
	ck_assert_int_eq(daily_claim(path, &old, err, sizeof err), 1);
}
END_TEST

START_TEST(test_daily_line)
{
	struct level	lv;
	struct game	g;
	struct daily	d;
	char		buf[256];

	memset(&lv, 0, sizeof lv);
	memset(&g, 0, sizeof g);
	memset(&d, 0, sizeof d);
	g.lv = &lv;
	snprintf(d.text, sizeof d.text, "2026-11-25");
	d.difficulty = DIFF_HARD;
	d.endless = true;
	g.level_waves = 8;
	g.waves_cleared = 8 + 22;
	g.next_wave = 31;
	g.score = 32835;
	daily_line(buf, sizeof buf, &d, "The Hive", &g, false);
	ck_assert_str_eq(buf, "weir daily 2026-11-25 The Hive (hard, endless): "
	    "wave 31, score 32835 \xe2\x98\x85\xe2\x98\x85");
	daily_line(buf, sizeof buf, &d, "The Hive", &g, true);
	ck_assert_str_eq(buf, "weir daily 2026-11-25 The Hive (hard, endless): "
	    "wave 31, score 32835 **");
	g.waves_cleared = 5;
	daily_line(buf, sizeof buf, &d, "The Hive", &g, true);
	ck_assert_str_eq(buf, "weir daily 2026-11-25 The Hive (hard, endless): "
	    "wave 31, score 32835");
}
END_TEST

/* ---- settings ---- */

START_TEST(test_settings_round_trip)
{
	struct settings		s, back;
	char			path[1024], err[T_ERR], *text;
	size_t			len;

	snprintf(path, sizeof path, "%s/weir/config", t_dir);
	ck_assert_int_eq(settings_load(path, &s, err, sizeof err),
	    SETTINGS_MISSING);
	ck_assert_int_eq(s.speed, 1);
	ck_assert(s.color && !s.ascii);
	s.difficulty = DIFF_HARD;
	s.endless = true;
	s.speed = 4;
	s.cell_width = 2;
	s.bell = s.ascii = true;
	s.color = false;
	snprintf(err, sizeof err, "%s/weir/", t_dir);
	ck_assert_int_eq(save_mkdirs(err), 0);
	ck_assert_msg(settings_save(path, &s, err, sizeof err) == 0, "%s", err);
	ck_assert_int_eq(settings_load(path, &back, err, sizeof err),
	    SETTINGS_OK);
	ck_assert_int_eq(back.difficulty, DIFF_HARD);
	ck_assert(back.endless && back.bell && back.ascii && !back.color);
	ck_assert_int_eq(back.speed, 4);
	ck_assert_int_eq(back.cell_width, 2);
	/* A hand-written file keeps its comments and order. */
	ck_assert_int_eq(tu_put(path, "# mine\nspeed 2\n\n  bell yes\n", 27),
	    0);
	ck_assert_int_eq(settings_load(path, &s, err, sizeof err),
	    SETTINGS_OK);
	s.speed = 8;
	ck_assert_int_eq(settings_save(path, &s, err, sizeof err), 0);
	text = tu_slurp(path, &len);
	ck_assert_msg(strncmp(text, "# mine\nspeed 8\n\nbell yes\n"
	    "difficulty normal\n", strlen("# mine\nspeed 8\n\nbell yes\n"
	    "difficulty normal\n")) == 0, "%s", text);
	free(text);
}
END_TEST

/* What a person writes by hand: trailing comments, a key given again. */
START_TEST(test_settings_by_hand)
{
	static const char text[] = "speed 2 # quick\nbell yes\t#\n"
	    "speed 4\nbell no\n";
	struct settings	s;
	char		path[1024], err[T_ERR], *after;
	size_t		n;

	ck_assert_msg(settings_parse("c", text, strlen(text), &s, err,
	    sizeof err) == 0, "%s", err);
	ck_assert_int_eq(s.speed, 4);		/* the last one wins */
	ck_assert(!s.bell);
	ck_assert_msg(strcmp(err, "c:3:1: 'speed' given again (first on "
	    "line 1): the last one is used") == 0, "%s", err);
	ck_assert_int_eq(settings_parse("c", "speed 8\n", 8, &s, err,
	    sizeof err), 0);
	ck_assert_str_eq(err, "");
	/* The writer keeps a line's comment. */
	snprintf(path, sizeof path, "%s/config", t_dir);
	ck_assert_int_eq(tu_put(path, "speed 2  # quick\n", 17), 0);
	s.speed = 8;
	ck_assert_msg(settings_save(path, &s, err, sizeof err) == 0, "%s", err);
	after = tu_slurp(path, &n);
	ck_assert_msg(strncmp(after, "speed 8 # quick\n", 16) == 0, "%s",
	    after);
	free(after);
}
END_TEST

/* A write that would make the file longer than it may be is refused. */
START_TEST(test_settings_size_limit)
{
	struct settings	s;
	char		path[1024], err[T_ERR], *text, *after;
	size_t		n = SETTINGS_FILE_MAX - 8, i, n2;

	text = malloc(n);
	ck_assert(text != NULL);
	memcpy(text, "speed 2\n", 8);
	for (i = 8; i < n; i++)
		text[i] = (i - 8) % 64 == 63 || i == n - 1 ? '\n' :
		    (i - 8) % 64 == 0 ? '#' : 'x';
	snprintf(path, sizeof path, "%s/config", t_dir);
	ck_assert_int_eq(tu_put(path, text, n), 0);
	ck_assert_int_eq(settings_load(path, &s, err, sizeof err), SETTINGS_OK);
	s.difficulty = DIFF_HARD;	/* a line more: over the limit */
	ck_assert_int_eq(settings_save(path, &s, err, sizeof err), -1);
	ck_assert_msg(strstr(err, "not written") != NULL, "%s", err);
	after = tu_slurp(path, &n2);
	ck_assert(n2 == n && memcmp(after, text, n) == 0);
	ck_assert_int_eq(settings_load(path, &s, err, sizeof err), SETTINGS_OK);
	ck_assert_int_eq(s.speed, 2);
	free(after);
	free(text);
}
END_TEST

START_TEST(test_settings_bad_file)
{
	static const struct { const char *text, *want; } cases[] = {
		{ "speed 3\n", "c:1:7: expected 1, 2, 4 or 8 after 'speed'" },
		{ "\n  colour yes\n", "c:2:3: unknown setting 'colour'" },
		{ "ascii maybe\n", "c:1:7: expected yes or no" },
		{ "difficulty\n", "c:1:11: expected easy, normal or hard" },
		{ "cell-width 3\n", "c:1:12: expected auto, 1 or 2" },
		{ "bell\x01 yes\n", "c:1:5: invalid byte 0x01" },
	};
	struct settings	s;
	char		path[1024], err[T_ERR], *before, *after;
	size_t		i, n1, n2;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		ck_assert_int_eq(settings_parse("c", cases[i].text,
		    strlen(cases[i].text), &s, err, sizeof err), -1);
		ck_assert_msg(strncmp(err, cases[i].want,
		    strlen(cases[i].want)) == 0, "case %zu: '%s'", i, err);
		ck_assert(!s.bell && s.speed == 1);	/* the defaults */
	}
	snprintf(path, sizeof path, "%s/config", t_dir);
	ck_assert_int_eq(tu_put(path, "bell yes\nspeed 3\n", 17), 0);
	ck_assert_int_eq(settings_load(path, &s, err, sizeof err),
	    SETTINGS_BAD);
	ck_assert(!s.bell);
	before = tu_slurp(path, &n1);
	s.bell = true;
	ck_assert_int_eq(settings_save(path, &s, err, sizeof err), -1);
	ck_assert_msg(strstr(err, "config:2:7:") != NULL &&
	    strstr(err, "not written over") != NULL, "%s", err);
	after = tu_slurp(path, &n2);
	ck_assert(n1 == n2 && memcmp(before, after, n1) == 0);
	free(before);
	free(after);
}
END_TEST

static Suite *
record_suite(void)
{
	Suite	*s = suite_create("record");
	TCase	*tc;

	tc = tcase_create("recordings");
	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, t_setup, t_teardown);
	tcase_add_test(tc, test_bot_game_verifies);
	tcase_add_test(tc, test_replays_to_the_same_hash);
	tcase_add_test(tc, test_tampering_fails);
	tcase_add_test(tc, test_survives_level_edit);
	tcase_add_test(tc, test_reader_places_errors);
	tcase_add_test(tc, test_level_that_does_not_parse);
	tcase_add_test(tc, test_prune_keeps_newest_and_best);
	tcase_add_test(tc, test_prune_keeps_a_win_over_a_loss);
	tcase_add_test(tc, test_keep_names_new_files);
	tcase_add_test(tc, test_keep_outlives_later_dates);
	suite_add_tcase(s, tc);

	tc = tcase_create("replays");
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_copy_plays_on, 0,
	    (int)(sizeof copy_levels / sizeof copy_levels[0]) - 1);
	tcase_add_test(tc, test_copy_refuses_another_shape);
	tcase_add_test(tc, test_seek_back_and_forth);
	tcase_add_test(tc, test_tick_back_plays_from_near);
	tcase_add_test(tc, test_seek_wave);
	tcase_add_test(tc, test_take_over);
	tcase_add_test(tc, test_grow_as_made);
	suite_add_tcase(s, tc);

	/* The copy of The Steppe, the longest game: make check-long. */
	tc = tcase_create("replays-long");
	tcase_set_tags(tc, "long");
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_copy_plays_on,
	    (int)(sizeof copy_levels / sizeof copy_levels[0]) - 1,
	    (int)(sizeof copy_levels / sizeof copy_levels[0]));
	suite_add_tcase(s, tc);

	tc = tcase_create("claims");
	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, t_setup, t_teardown);
	tcase_add_test(tc, test_claims_sealed);
	tcase_add_test(tc, test_taken_over_said);
	tcase_add_test(tc, test_daily_forged_refused);
	tcase_add_test(tc, test_level_origin);
	tcase_add_test(tc, test_origin_said);
	suite_add_tcase(s, tc);

	tc = tcase_create("daily");
	tcase_set_timeout(tc, 60);	/* 410 claims, each written safely */
	tcase_add_checked_fixture(tc, t_setup, t_teardown);
	tcase_add_test(tc, test_daily_same_for_a_date);
	tcase_add_test(tc, test_daily_dates);
	tcase_add_test(tc, test_daily_one_try_counts);
	tcase_add_test(tc, test_daily_claims_kept);
	tcase_add_test(tc, test_daily_full_forgets_old);
	tcase_add_test(tc, test_daily_line);
	suite_add_tcase(s, tc);

	tc = tcase_create("settings");
	tcase_add_checked_fixture(tc, t_setup, t_teardown);
	tcase_add_test(tc, test_settings_round_trip);
	tcase_add_test(tc, test_settings_bad_file);
	tcase_add_test(tc, test_settings_by_hand);
	tcase_add_test(tc, test_settings_size_limit);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(record_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
