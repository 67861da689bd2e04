/* SPDX-License-Identifier: ISC */
/*
 * Recordings. A game is decided by its level, its seed, its setting and
 * the commands given to it, so a recording is exactly those, with the
 * level's whole text inside (it plays anywhere, even after the level file
 * has changed or gone), then how the game ended:
 *
 *	weir-recording 2
 *	level-name hive
 *	title The Hive
 *	format weir			(or "map": a Moving AI map)
 *	level-hash 0123456789abcdef	(save_hash of the level text below)
 *	seed 42
 *	sandbox 0
 *	difficulty hard
 *	endless 1
 *	daily 2026-11-25		(only for a daily game)
 *	strategy maze			(only when the built-in player played)
 *	taken-over 10530		(only when a person played on from a tick)
 *	when 1764072000			(seconds since 1970, at the end)
 *	player ann			(optional)
 *	level 2
 *	|weir-level 1
 *	|title The Hive
 *	commands 2
 *	0 place wall 12 6
 *	950 wave
 *	checks 1
 *	900 0123456789abcdef
 *	result lost 25473
 *	score 32835
 *	waves 31 508
 *	lives 0
 *	stars 2
 *	hash 0123456789abcdef
 *	end
 *
 * The level's lines follow "level N", each behind a '|', and read back as
 * those lines each ending in '\n' (the hash is of that text). The commands
 * are the game's log (accepted commands only, script lines) in time order;
 * the checks are the state hash (game_hash) every RECORD_CHECK_EVERY ticks,
 * taken after the tick that brought the clock there and before the
 * commands of that clock; "result" is won, lost or quit (ended unfinished)
 * and the clock at the end; "hash" is record_hash of the game at the end,
 * which folds the state, the seed, the level and every command with its
 * tick, and every claim of the head but "when" and "player" (the level's
 * name and title, its format, the setting, the daily date, the strategy
 * and the take-over's tick), so that a recording edited anywhere that
 * matters fails to verify.
 *
 * Who played: "strategy NAME" says the built-in player played with that
 * strategy from the start; with no such line a person did. "taken-over N"
 * says a person played on from tick N (a game taken over in the viewer);
 * the earlier ticks are the strategy's, or, with none, a person's too.
 * "player" is only a name: a recording proves that its game can be
 * played, not who played it.
 *
 * What the claims are checked against (record_claims): a daily game's
 * level, setting and seed must be that date's (daily_pick over the
 * installed campaign), and a level named as an installed one must be the
 * installed one's text (record_origin says which it is). A recording of
 * another format version is refused with both versions named.
 *
 * record_parse reads with the care save.c takes: every fault is
 * "FILE:LINE:COL: message", nothing crashes it; a file is only read.
 * record_write writes atomically (safefile.h) and never a file the reader
 * would refuse. record_verify plays a recording again with no terminal and
 * says "ok won 18450" or the first thing that differs.
 *
 * A recorder is made when a game starts and fed the game after each tick
 * (recorder_tick: a check is due every RECORD_CHECK_EVERY ticks, kept in
 * room made beforehand, so a tick allocates nothing); the commands need no
 * feeding, as the game keeps its own log. recorder_write turns it and the
 * game into a recording file when the game ends or is left.
 */
#ifndef WEIR_RECORD_H
#define WEIR_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "level.h"
#include "scores.h"

#define RECORD_VERSION		2
#define RECORD_FILE_MAX		(16 << 20)	/* a longer file is corrupt */
#define RECORD_LEVEL_MAX	(4 << 20)	/* bytes of the level's text */
#define RECORD_CHECK_EVERY	(30 * GAME_RATE) /* a state hash every 30 s */
#define RECORD_CHECKS_MAX	8192		/* ... up to 68 hours */
#define RECORD_DATE_MAX		10		/* "YYYY-MM-DD" */
#define RECORD_MSG_MAX		1024		/* bytes of one verdict */
#define RECORD_STRATEGY_MAX	31		/* bytes of a strategy's name */

/* Where a recording's level stands against the installed levels. */
enum record_origin {
	RECORD_OWN,		/* a file's own: claims no installed level */
	RECORD_INSTALLED,	/* the installed level, as it is now */
	RECORD_EDITED,		/* named as installed, its text another */
	RECORD_MISSING		/* named as installed, none installed here */
};

/* How a recorded game ended. */
enum record_result {
	RECORD_WON,
	RECORD_LOST,
	RECORD_QUIT		/* left unfinished */
};

struct record_check {
	long		tick;
	uint64_t	hash;
};

struct recording {
	/* The game: level, seed, setting. */
	char		 level_name[SCORES_NAME_MAX + 1];
	char		 title[LEVEL_TITLE_MAX + 1];
	bool		 map;		/* the text is a Moving AI map */
	uint64_t	 level_hash;
	char		*level_text;	/* lines, each ending in '\n' */
	size_t		 level_len;
	long		 level_line;	/* line of the file its first is on */
	uint64_t	 seed;
	struct game_opts opts;
	char		 daily[RECORD_DATE_MAX + 1];	/* "" if not daily */
	char		 strategy[RECORD_STRATEGY_MAX + 1]; /* "": a person */
	long		 taken;		/* a person's from this tick; 0: none */
	long		 head_taken;	/* the file's line of "taken-over" */
	int64_t		 when;
	char		 player[SCORES_WHO_MAX + 1];	/* "" if none */

	/* What was done, and the state as it went. */
	struct game_cmd	*cmds;
	long		*cmd_line;	/* the file's line of each */
	int		 ncmds;
	struct record_check *checks;
	int		 nchecks;
	long		 check_line;	/* the file's line of "checks" */

	/* How it ended. */
	enum record_result result;
	long		 ticks;
	int		 score, waves_cleared, waves_total, lives, stars;
	uint64_t	 hash;
};

/* What a game feeds while it is played (see above). */
struct recorder {
	struct recording rec;		/* the game, so far */
	int		 max_checks;	/* room in rec.checks */
};

const char	*record_result_name(enum record_result r);
uint64_t	 record_hash(const struct game *g,
		    const struct recording *r);
struct recording *record_parse(const char *name, const char *text,
		    size_t len, char *err, size_t errlen);
struct recording *record_read(const char *path, char *err, size_t errlen);
int		 record_write(const char *path, const struct recording *r,
		    char *err, size_t errlen);
void		 record_free(struct recording *r);
long		 record_level_text(const char *text, size_t len, char *out,
		    int *bad);
struct level	*record_level(const struct recording *r, const char *name,
		    char *err, size_t errlen);
void		 record_board(const struct recording *r, char *buf,
		    size_t size);
int		 record_verify(const struct recording *r, const char *name,
		    char *msg, size_t msglen);
enum record_origin record_origin(const struct recording *r,
		    const char *level_dir);
enum record_origin record_origin_of(const char *name, bool map,
		    uint64_t hash, const char *level_dir);
const char	*record_origin_note(enum record_origin o);
void		 record_origin_title(char *buf, size_t size,
		    const char *title, enum record_origin o);
int		 record_claims(const struct recording *r, const char *name,
		    const char *level_dir, char *msg, size_t msglen);

struct recorder	*recorder_new(const char *level_name, const char *text,
		    size_t len, bool map, const struct level *lv,
		    uint64_t seed, const struct game_opts *o, char *err,
		    size_t errlen);
void		 recorder_daily(struct recorder *rc, const char *date);
void		 recorder_level_name(struct recorder *rc,
		    const char *level_name);
void		 recorder_player(struct recorder *rc, const char *who);
void		 recorder_strategy(struct recorder *rc, const char *name);
void		 recorder_taken(struct recorder *rc, const struct recording *from,
		    long tick);
void		 recorder_tick(struct recorder *rc, const struct game *g);
void		 recorder_end(struct recorder *rc, const struct game *g,
		    int64_t when);
int		 recorder_write(struct recorder *rc, const struct game *g,
		    int64_t when, const char *path, char *err, size_t errlen);
struct recording *recorder_take(struct recorder *rc, const struct game *g,
		    int64_t when);
void		 recorder_free(struct recorder *rc);

/* The recordings weir keeps (record-dir.c). */
#define RECORD_KEEP		100		/* newest games kept */
#define RECORD_EXT		".rec"
#define RECORD_PATH_MAX		4096

struct record_entry {
	char		 path[RECORD_PATH_MAX];
	char		 board[2 * SCORES_NAME_MAX + 16];
	char		 level_name[SCORES_NAME_MAX + 1];
	char		 title[LEVEL_TITLE_MAX + 1];
	char		 daily[RECORD_DATE_MAX + 1];
	bool		 map;
	uint64_t	 level_hash;	/* save_hash of the text it holds */
	enum record_origin origin;	/* RECORD_OWN until record_list_mark */
	struct game_opts opts;
	enum record_result result;
	int		 score, stars, waves_cleared;
	long		 ticks;
	int64_t		 when;
};

struct record_list {
	struct record_entry *v;		/* newest first */
	int		 n;
	int		 unreadable;	/* files that are not recordings */
};

int		 record_dir(char *buf, size_t len, bool make_dir);
int		 record_list(const char *dir, struct record_list *l);
void		 record_list_free(struct record_list *l);
void		 record_list_mark(struct record_list *l, const char *level_dir);
bool		 record_better(const struct record_entry *a,
		    const struct record_entry *b);
int		 record_prune(const char *dir, int keep, char *err,
		    size_t errlen);
int		 record_prune_but(const char *dir, int keep, const char *path,
		    char *err, size_t errlen);
int		 record_keep(const char *dir, struct recorder *rc,
		    const struct game *g, int64_t when, char *path,
		    size_t pathlen, char *err, size_t errlen);

/* Stepping a recording's game (record.c; replay.c builds on it). */
struct record_play {
	const struct recording *rec;
	struct game	*g;
	int		 next;		/* the next command to give */
	int		 next_check;	/* the next check to compare */
	enum game_reason refused;	/* why the last command was refused */
};

int		 record_play_commands(struct record_play *p);
bool		 record_play_done(const struct record_play *p);

#endif
