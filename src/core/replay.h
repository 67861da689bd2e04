/* SPDX-License-Identifier: ISC */
/*
 * A replay: a recording played again to be watched, one tick at a time or
 * by seeking anywhere in it. Seeking is re-simulation, which determinism
 * makes exact: the game at the position is a real game, made from the
 * recording's level, seed and setting, given the recorded commands.
 *
 * A position is a clock t with every command of tick t given (the game as
 * the player saw it on that tick). Going forward plays ticks; going back
 * starts from a keyframe, a whole copy of the game (game_copy) taken as
 * play first passes there, each time `every` units of work have been
 * done since the last (a tick's work: REPLAY_TICK_WORK and a unit for
 * each enemy and shot, so keyframes are closer where the game is busy),
 * and plays on from it. The keyframes are at most max_keys, so that
 * together they take no more than REPLAY_MEMORY bytes: when they are all
 * used, every other one is let go and `every` doubles, so a long game
 * keeps keyframes spread over its whole length and a seek plays about
 * `every` work at most. Beside them a few near frames (REPLAY_NEAR) are
 * taken wherever play goes, one each REPLAY_NEAR_EVERY units of work,
 * the one farthest from the position let go for a new one: so a step
 * back, or a seek a little way back, plays from just behind the
 * position rather than from the last keyframe.
 *
 * Events (for the messages a viewer shows) go to the replay's callback
 * while it steps, never while it seeks. A replay that comes apart from its
 * recording (a check or a command that does not match) goes on playing
 * and says so in `why`. replay_take_over makes a normal game of the
 * position, owned by the caller, to be played on from there.
 *
 * A replay can also be made as it is watched (replay_grow): opened on a
 * recording of no ticks yet, it plays on past its end a tick at a time,
 * a player (the built-in one) giving each tick's commands, which are
 * added to the recording, so seeking back and forth works on what has
 * been made so far.
 */
#ifndef WEIR_REPLAY_H
#define WEIR_REPLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"
#include "record.h"
#include "session.h"

#define REPLAY_TICK_WORK	32		/* a tick's work, besides units */
#define REPLAY_EVERY		(150 * 64)	/* first keyframe interval:
						   work (5 s of a quiet game) */
#define REPLAY_MEMORY		(96 << 20)	/* bytes all keyframes take */
#define REPLAY_KEYS_MIN		8		/* keyframes at least */
#define REPLAY_KEYS_MAX		512		/* ... at most */
#define REPLAY_NEAR		8		/* near frames */
#define REPLAY_NEAR_EVERY	(32 * 1024)	/* work between two */
#define REPLAY_WHY_MAX		(RECORD_PATH_MAX + 256) /* bytes of why */

struct replay_key {
	struct game	*g;		/* the game at the keyframe */
	long		 tick;
	int		 next;		/* the next command to give */
	int		 next_check;
};

struct replay {
	struct recording	*rec;		/* owned */
	struct level		*lv;		/* owned */
	struct game		*g;		/* the game at the position */
	struct record_play	 play;
	struct replay_key	*keys;		/* by tick */
	int			 nkeys, max_keys;
	struct replay_key	 near[REPLAY_NEAR];	/* any order */
	int			 nnear;
	long			 near_work;	/* work since the last */
	struct game		**spare;	/* games let go, to reuse */
	int			 nspare;
	long			 every;		/* work between keyframes */
	long			 work;		/* ... done since the last */
	long			 frontier;	/* the furthest tick played */
	long			 played;	/* ticks played in all */
	long			*wave_at;	/* tick each wave began, -1 */
	int			 known_waves;
	bool			 diverged;	/* it no longer matches */
	char			 why[REPLAY_WHY_MAX];	/* ... as this says */
	char			 name[RECORD_PATH_MAX];	/* for messages */
	game_event_fn		*on_event;
	void			*event_arg;
};

/* Gives game g the commands of its tick (replay_grow). */
typedef void	 replay_act_fn(void *arg, struct game *g);

struct replay	*replay_open(struct recording *rec, const char *name,
		    char *err, size_t errlen);
void		 replay_free(struct replay *r);
void		 replay_set_events(struct replay *r, game_event_fn *fn,
		    void *arg);
const struct game *replay_game(const struct replay *r);
long		 replay_end(const struct replay *r);
bool		 replay_at_end(const struct replay *r);
int		 replay_step(struct replay *r);
void		 replay_seek(struct replay *r, long tick);
int		 replay_seek_wave(struct replay *r, int wave);
int		 replay_grow(struct replay *r, replay_act_fn *act, void *arg);
struct session	*replay_take_over(const struct replay *r, char *err,
		    size_t errlen);
size_t		 replay_game_bytes(const struct game *g);

#endif
