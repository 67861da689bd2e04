/* SPDX-License-Identifier: ISC */
/*
 * Replays: a recording played again from keyframes (see replay.h). The
 * game at the position moves forward a tick at a time, giving the
 * recorded commands, comparing the recorded checks, noting the tick each
 * wave began, and taking a keyframe each time it first passes a multiple
 * of `every`; seeking back copies the last keyframe at or before the goal
 * over it and plays on.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "field.h"
#include "path.h"
#include "replay.h"
#include "util.h"

/* About how many bytes a game like g holds (for the keyframe budget). */
size_t
replay_game_bytes(const struct game *g)
{
	size_t	cells = grid_cells(g->w, g->h);
	size_t	units = (size_t)g->max_units;
	size_t	b = sizeof *g;

	b += cells * (1 + 8 + 4 + 13 + 8 + 8);
	/* The exit field; with a hero, the hunt's three (hunt.h) too. */
	b += field_sizeof(g->w, g->h) * (g->has_hero ? 4 : 1);
	b += units * (sizeof *g->agents + sizeof *g->units + 16 + 3 * 32);
	b += (size_t)g->max_enemies * (GAME_PATH_MAX * sizeof *g->paths + 8);
	b += (size_t)g->max_towers * (sizeof *g->towers + 32);
	b += ((size_t)g->nwaves + 1) * (LEVEL_MAX_GROUPS * sizeof(int) + 32);
	if (g->made_waves != NULL)
		b += (size_t)g->nwaves * sizeof *g->made_waves;
	return b;
}

/* A game to copy a keyframe into: one let go before, or a new one. */
static struct game *
replay_new_game(struct replay *r)
{
	if (r->nspare > 0)
		return r->spare[--r->nspare];
	return game_new_opts(r->lv, r->rec->seed, &r->rec->opts);
}

/* Let every other keyframe go (the first stays) and double `every`. */
static void
replay_thin(struct replay *r)
{
	int	i, n = 0;

	r->every *= 2;
	for (i = 0; i < r->nkeys; i++) {
		if (i % 2 == 0)
			r->keys[n++] = r->keys[i];
		else
			r->spare[r->nspare++] = r->keys[i].g;
	}
	r->nkeys = n;
}

/*
 * Count the work of the tick just played, the first time play passes it,
 * and take a keyframe of the game when `every` has been done since the
 * last. A tick's work is its units and REPLAY_TICK_WORK: what a tick
 * costs grows with the crowd, so keyframes come closer together where
 * the game is busy and a seek costs about the same anywhere.
 */
static void
replay_key(struct replay *r)
{
	struct replay_key	*k;

	if (r->nkeys > 0 && r->g->tick <= r->frontier)
		return;
	r->frontier = r->g->tick;
	r->work += r->g->nunits + REPLAY_TICK_WORK;
	if (r->nkeys > 0 && r->work < r->every)
		return;
	if (r->nkeys == r->max_keys) {
		replay_thin(r);
		if (r->work < r->every)
			return;
	}
	k = &r->keys[r->nkeys++];
	k->g = replay_new_game(r);
	game_copy(k->g, r->g);
	k->tick = r->g->tick;
	k->next = r->play.next;
	k->next_check = r->play.next_check;
	r->work = 0;
}

/*
 * Take a near frame when REPLAY_NEAR_EVERY work has been played since the
 * last (or since the position was set from a frame), in a free slot or
 * over the one farthest from the position.
 */
static void
replay_near(struct replay *r)
{
	struct replay_key	*k;
	long			 far = -1, d;

	r->near_work += r->g->nunits + REPLAY_TICK_WORK;
	if (r->near_work < REPLAY_NEAR_EVERY)
		return;
	if (r->nnear < REPLAY_NEAR) {
		k = &r->near[r->nnear++];
		k->g = replay_new_game(r);
	} else {
		k = &r->near[0];
		for (int i = 0; i < r->nnear; i++) {
			d = labs(r->near[i].tick - r->g->tick);
			if (d > far) {
				far = d;
				k = &r->near[i];
			}
		}
	}
	game_copy(k->g, r->g);
	k->tick = r->g->tick;
	k->next = r->play.next;
	k->next_check = r->play.next_check;
	r->near_work = 0;
}

/* Note that the replay no longer matches its recording, once. */
static void
replay_diverge(struct replay *r, const char *why)
{
	if (r->diverged)
		return;
	r->diverged = true;
	snprintf(r->why, sizeof r->why, "%s", why);
}

/* Compare the check due at the position, if one is. */
static void
replay_check(struct replay *r)
{
	struct record_play		*p = &r->play;
	const struct record_check	*c;
	char				 why[REPLAY_WHY_MAX];

	if (p->next_check >= p->rec->nchecks)
		return;
	c = &p->rec->checks[p->next_check];
	if (c->tick > r->g->tick)
		return;
	p->next_check++;
	if (c->tick == r->g->tick && game_hash(r->g) == c->hash)
		return;
	snprintf(why, sizeof why, "%s: differs from tick %ld on: the state "
	    "is not the one recorded", r->name, c->tick);
	replay_diverge(r, why);
}

/* Give the commands of the position's tick and note the waves begun. */
static void
replay_commands(struct replay *r)
{
	char	why[REPLAY_WHY_MAX];
	int	k, w;

	while ((k = record_play_commands(&r->play)) >= 0) {
		snprintf(why, sizeof why, "%s:%ld: differs: the game refuses "
		    "this command (%s)", r->name, r->rec->cmd_line[k],
		    game_reason_name(r->play.refused));
		replay_diverge(r, why);
	}
	for (w = r->known_waves; w < r->g->next_wave && w < r->g->nwaves;
	    w++)
		r->wave_at[w] = r->g->wave_start[w];
	if (w > r->known_waves)
		r->known_waves = w;
}

/* Move one tick forward; false at the end. */
static bool
replay_advance(struct replay *r)
{
	if (replay_at_end(r))
		return false;
	game_tick(r->g);
	r->played++;
	replay_check(r);
	replay_commands(r);
	replay_key(r);
	replay_near(r);
	return true;
}

/* The keyframe budget for games like g. */
static int
replay_max_keys(const struct game *g)
{
	size_t	n = REPLAY_MEMORY / replay_game_bytes(g);

	n = n > REPLAY_NEAR ? n - REPLAY_NEAR : 0;	/* the near frames' */

	if (n < REPLAY_KEYS_MIN)
		n = REPLAY_KEYS_MIN;
	if (n > REPLAY_KEYS_MAX)
		n = REPLAY_KEYS_MAX;
	return (int)n;
}

/*
 * A replay of recording rec (taken: the replay frees it), at its start;
 * name is what messages call it (its file). NULL with err if its level
 * does not read.
 */
struct replay *
replay_open(struct recording *rec, const char *name, char *err,
    size_t errlen)
{
	struct replay	*r = xcalloc(1, sizeof *r);
	int		 i;

	r->rec = rec;
	snprintf(r->name, sizeof r->name, "%s", name);
	if ((r->lv = record_level(rec, name, err, errlen)) == NULL) {
		replay_free(r);
		return NULL;
	}
	r->g = game_new_opts(r->lv, rec->seed, &rec->opts);
	r->play.rec = rec;
	r->play.g = r->g;
	r->every = REPLAY_EVERY;
	r->max_keys = replay_max_keys(r->g);
	r->keys = xcalloc((size_t)r->max_keys, sizeof *r->keys);
	r->spare = xcalloc((size_t)r->max_keys + REPLAY_NEAR,
	    sizeof *r->spare);
	r->wave_at = xcalloc((size_t)r->g->nwaves + 1, sizeof *r->wave_at);
	for (i = 0; i <= r->g->nwaves; i++)
		r->wave_at[i] = -1;
	replay_commands(r);
	replay_key(r);
	return r;
}

/* Free a replay, its recording and every game it holds. */
void
replay_free(struct replay *r)
{
	int	i;

	if (r == NULL)
		return;
	for (i = 0; i < r->nkeys; i++)
		game_free(r->keys[i].g);
	for (i = 0; i < r->nnear; i++)
		game_free(r->near[i].g);
	for (i = 0; i < r->nspare; i++)
		game_free(r->spare[i]);
	free(r->keys);
	free(r->spare);
	free(r->wave_at);
	game_free(r->g);
	level_free(r->lv);
	record_free(r->rec);
	free(r);
}

/* Send the events of every step (not of seeks) to fn (NULL: nowhere). */
void
replay_set_events(struct replay *r, game_event_fn *fn, void *arg)
{
	r->on_event = fn;
	r->event_arg = arg;
}

/* The game at the position: to be drawn, never changed. */
const struct game *
replay_game(const struct replay *r)
{
	return r->g;
}

/* The recorded game's last tick. */
long
replay_end(const struct replay *r)
{
	return r->rec->ticks;
}

/* Whether the position is the end (or the game ended before it). */
bool
replay_at_end(const struct replay *r)
{
	return record_play_done(&r->play);
}

/* One tick forward, with events; 1 when at the end already. */
int
replay_step(struct replay *r)
{
	bool	moved;

	game_set_events(r->g, r->on_event, r->event_arg);
	moved = replay_advance(r);
	game_set_events(r->g, NULL, NULL);
	return moved ? 0 : 1;
}

/* The last keyframe at or before tick (there is always the first). */
static const struct replay_key *
replay_key_before(const struct replay *r, long tick)
{
	int	lo = 0, hi = r->nkeys - 1, mid;

	while (lo < hi) {
		mid = (lo + hi + 1) / 2;
		if (r->keys[mid].tick <= tick)
			lo = mid;
		else
			hi = mid - 1;
	}
	return &r->keys[lo];
}

/*
 * Move the position to tick (within the start and the end), with no
 * events: from the nearest keyframe or near frame before it when that is
 * nearer than the position or the position is past it.
 */
void
replay_seek(struct replay *r, long tick)
{
	const struct replay_key	*k;

	if (tick < 0)
		tick = 0;
	if (tick > r->rec->ticks)
		tick = r->rec->ticks;
	k = replay_key_before(r, tick);
	for (int i = 0; i < r->nnear; i++)
		if (r->near[i].tick <= tick && r->near[i].tick > k->tick)
			k = &r->near[i];
	if (tick < r->g->tick || k->tick > r->g->tick) {
		r->near_work = 0;
		game_copy(r->g, k->g);
		r->play.next = k->next;
		r->play.next_check = k->next_check;
		/* A replay being made adds commands after its keyframe. */
		replay_commands(r);
	}
	while (r->g->tick < tick && replay_advance(r))
		;
}

/*
 * Move the position to the tick wave (1-based) began at, playing on to
 * find it if need be. -1 (the position unchanged) if it never began.
 */
int
replay_seek_wave(struct replay *r, int wave)
{
	long	from = r->g->tick;

	if (wave < 1 || wave > r->g->nwaves)
		return -1;
	if (r->wave_at[wave - 1] < 0) {
		while (wave > r->known_waves && replay_advance(r))
			;
		if (r->wave_at[wave - 1] < 0) {
			replay_seek(r, from);
			return -1;
		}
	}
	replay_seek(r, r->wave_at[wave - 1]);
	return 0;
}

/* Add the commands game g logged from index from on to the recording. */
static void
replay_add_commands(struct replay *r, int from)
{
	struct recording	*rec = r->rec;
	int			 n = r->g->nlog - from;

	if (n <= 0)
		return;
	rec->cmds = xrealloc(rec->cmds, (size_t)(rec->ncmds + n),
	    sizeof *rec->cmds);
	rec->cmd_line = xrealloc(rec->cmd_line, (size_t)(rec->ncmds + n),
	    sizeof *rec->cmd_line);
	memcpy(rec->cmds + rec->ncmds, r->g->log + from,
	    (size_t)n * sizeof *rec->cmds);
	memset(rec->cmd_line + rec->ncmds, 0, (size_t)n *
	    sizeof *rec->cmd_line);
	rec->ncmds += n;
	r->play.next = rec->ncmds;
}

/*
 * A replay being made (a game played as it is watched, by the built-in
 * player): at the end of what is made, let act give this tick's commands
 * to the game (with events), add those it took to the recording, and
 * play one tick more. 1, and nothing done, when the position is not that
 * end or the game is over; else 0.
 */
int
replay_grow(struct replay *r, replay_act_fn *act, void *arg)
{
	int	from = r->g->nlog;

	if (r->g->tick != r->rec->ticks || game_over(r->g))
		return 1;
	game_set_events(r->g, r->on_event, r->event_arg);
	act(arg, r->g);
	game_set_events(r->g, NULL, NULL);
	replay_add_commands(r, from);
	r->rec->ticks++;
	return replay_step(r);
}

/*
 * A normal game made of the position, to be played on by the player: a
 * session holding its own level (parsed again from the recording), the
 * game, the level's text and hash, the seed. Its path is empty: the level
 * is no file (a caller that wants the game saved writes one). NULL with
 * err if it cannot be made.
 */
struct session *
replay_take_over(const struct replay *r, char *err, size_t errlen)
{
	struct session	*s = xcalloc(1, sizeof *s);

	if ((s->lv = record_level(r->rec, r->name, err, errlen)) == NULL) {
		session_free(s);
		return NULL;
	}
	s->g = game_new_opts(s->lv, r->rec->seed, &r->rec->opts);
	if (game_copy(s->g, r->g) != 0) {
		snprintf(err, errlen, "%s: cannot take over: the game does "
		    "not copy", r->name);
		session_free(s);
		return NULL;
	}
	s->level_text = xmalloc(r->rec->level_len);
	memcpy(s->level_text, r->rec->level_text, r->rec->level_len);
	s->level_len = r->rec->level_len;
	s->level_map = r->rec->map;
	s->level_hash = r->rec->level_hash;
	s->seed = r->rec->seed;
	s->sandbox = r->rec->opts.sandbox;
	return s;
}
