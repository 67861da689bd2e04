/* SPDX-License-Identifier: ISC */
/*
 * A session is one game being played and where it came from: the level
 * (a weir level file or a Moving AI .map), the game made from it, the
 * level file's resolved path and hash, the seed and the sandbox flag; for
 * a resumed game, also which save it came from. Every front end (the
 * terminal, headless play, and the level editor) opens levels and resumes
 * saves through this module, so all of them read the same files the same
 * way and give the same messages.
 *
 * A session keeps the level file's bytes as they were read, parsed and
 * hashed (level_text), so that a recording of its game holds the very
 * level that was played.
 *
 * A LEVEL argument made only of letters, digits, '-' and '_' names an
 * installed level, DIR/NAME.weir; anything else is a path, read as a Moving
 * AI map when it ends in ".map" and as a weir level otherwise.
 *
 * A level's identity (session_level_key) is what its saved game and its
 * high-score boards are kept under: an installed level's name ("meadow"),
 * or, for any other file, its name joined by '.' to a hash of its
 * resolved path and its bytes ("meadow.0123456789abcdef"), so a file
 * elsewhere that happens to be called meadow.weir never takes the
 * installed level's save or posts on its board. '.' is never in an
 * installed level's name, so the two kinds cannot meet.
 *
 * Resuming a save. A save that does not read (not a save, cut short, bad
 * bytes: "SAVE:LINE:COL: ...") or that reads but does not replay to its
 * clock ("SAVE: does not replay: ...") is corrupt. A save whose level file
 * is gone or unreadable ("SAVE: its level: LEVEL: cannot open: ...") or has
 * other bytes than when it was saved ("SAVE: the level LEVEL has changed
 * since the game was saved") is stale: it is never touched, as putting the
 * level back makes it good again. A corrupt save is moved aside to
 * SAVE.corrupt-N only when it is weir's own (SESSION_OWN: the save
 * --continue resumes) and the message then ends "; kept as
 * SAVE.corrupt-N"; a save the player named (SESSION_PLAYERS: --load FILE)
 * is only reported.
 */
#ifndef WEIR_SESSION_H
#define WEIR_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "level.h"
#include "safefile.h"
#include "save.h"

#define SESSION_PATH_MAX	4096	/* bytes of a level file's path */

/* Whose save session_resume reads, which decides what a corrupt one meets. */
enum session_owner {
	SESSION_PLAYERS,	/* a file the player named: only reported */
	SESSION_OWN		/* the save weir keeps: moved aside */
};

/* What session_resume found. */
enum session_status {
	SESSION_OK,
	SESSION_MISSING,	/* there is no save */
	SESSION_UNREADABLE,	/* the save could not be read (not a file,
				   no permission): left alone */
	SESSION_CORRUPT,	/* it does not read or does not replay */
	SESSION_STALE		/* its level is gone or has changed */
};

struct session {
	struct level		*lv;		/* owned */
	struct game		*g;		/* owned; sends no events */
	char			 path[SESSION_PATH_MAX]; /* the level file,
						   resolved when it can be */
	uint64_t		 level_hash;	/* save_hash of its bytes */
	uint64_t		 seed;
	bool			 sandbox;
	bool			 resumed;	/* made by session_resume */
	char			*level_text;	/* the level file's bytes, as
						   read, parsed and hashed */
	size_t			 level_len;
	bool			 level_map;	/* ... a Moving AI .map */
	struct safefile_stamp	 save_stamp;	/* the save it was read from */
};

#define SESSION_KEY_BASE	23	/* bytes of a file's name in its key */

bool		 session_level_name(const char *name, size_t len);
bool		 session_is_map(const char *path);
void		 session_level_key(char *dst, size_t size, const char *path,
		    uint64_t hash, const char *level_dir);
bool		 session_resolve(const char *dir, const char *arg, char *buf,
		    size_t size);
struct level	*session_load_level(const char *path, char *err,
		    size_t errlen);
void		 session_level_dir(const char *configured, const char *exe,
		    char *buf, size_t size);
int		 session_check_level(const char *path,
		    void (*sink)(void *, const char *), void *arg);
struct session	*session_open(const char *path, uint64_t seed, bool sandbox,
		    char *err, size_t errlen);
struct session	*session_open_opts(const char *path, uint64_t seed,
		    const struct game_opts *o, char *err, size_t errlen);
struct session	*session_resume(const char *save, enum session_owner owner,
		    enum session_status *st, char *err, size_t errlen);
int		 session_save(const struct session *s, const char *path,
		    char *err, size_t errlen);
int		 session_save_over(const struct session *s, const char *path,
		    const struct safefile_stamp *known, char *err,
		    size_t errlen);
void		 session_free(struct session *s);

#endif
