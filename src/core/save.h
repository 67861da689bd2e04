/* SPDX-License-Identifier: ISC */
/*
 * Saved games. A game is determined by its level, its seed and the
 * commands given to it, so a save is exactly that: the level file's path
 * and a hash of its bytes, the seed, the sandbox flag, the clock at the
 * moment of saving, and the command log as script lines:
 *
 *	weir-save 1
 *	level /usr/local/share/weir/levels/meadow.weir
 *	level-hash 0123456789abcdef
 *	seed 42
 *	sandbox 0
 *	tick 1800
 *	commands 2
 *	0 place wall 12 6
 *	950 wave
 *	end
 *
 * A game played at another difficulty than normal, or endless, has the
 * line "difficulty NAME" and/or "endless 1" after "sandbox"; saves without
 * them are of normal, not endless games.
 *
 * Loading replays the log on a fresh game up to the saved tick, which
 * gives the very same game. A save is written as safefile.h says: under a
 * lock on PATH.lock, to PATH.tmp, flushed to disk and renamed over the old
 * one, so a crash leaves the old save or the new, never half of one, and
 * the next write clears what a killed writer left.
 *
 * Every fault of a save that does not read is given as FILE:LINE:COL.
 * save_read and save_load only report it (the file may be the player's
 * own; save_load also says what it found); save_open,
 * for a save weir keeps itself (save-dir.c), also moves a corrupt one
 * aside to PATH.corrupt-N, the first N free, and save_aside does the same
 * for a save that reads but cannot be replayed. save_remove deletes a save
 * that has been played to its end, under the same lock, unless another
 * game has been saved there since it was read.
 */
#ifndef WEIR_SAVE_H
#define WEIR_SAVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "safefile.h"

#define SAVE_VERSION	1
#define SAVE_FILE_MAX	(4 << 20)	/* a longer file is corrupt */

/* What save_open found. */
enum save_status {
	SAVE_ERROR = -1,	/* could not be read: err says why */
	SAVE_OK = 0,
	SAVE_MISSING,		/* there is no file */
	SAVE_CORRUPT		/* not a save: err, PATH:LINE:COL: ... */
};

struct save {
	char		*level;		/* path of the level file */
	uint64_t	 level_hash;	/* save_hash of its bytes */
	uint64_t	 seed;
	bool		 sandbox;
	enum game_difficulty difficulty; /* "difficulty NAME", if not normal */
	bool		 endless;	/* "endless 1" */
	long		 tick;		/* clock when saved */
	struct game_cmd	*cmds;		/* the command log */
	int		 ncmds;
	struct safefile_stamp stamp;	/* the file it was read from */
};

uint64_t	 save_hash(const void *p, size_t n);
int		 save_hash_file(const char *path, uint64_t *h, char *err,
		    size_t errlen);
int		 save_write(const char *path, const char *level,
		    uint64_t level_hash, uint64_t seed, const struct game *g,
		    char *err, size_t errlen);
int		 save_write_over(const char *path, const char *level,
		    uint64_t level_hash, uint64_t seed, const struct game *g,
		    const struct safefile_stamp *known, char *err,
		    size_t errlen);
#define SAVE_TAKEN	(-2)	/* save_write_over: another save is there */
void		 save_opts(const struct save *s, struct game_opts *o);
struct save	*save_read(const char *path, char *err, size_t errlen);
struct save	*save_load(const char *path, enum save_status *st, char *err,
		    size_t errlen);
struct save	*save_open(const char *path, enum save_status *st, char *err,
		    size_t errlen);
int		 save_aside(const char *path, const struct save *s,
		    const char *why, char *err, size_t errlen);
int		 save_remove(const char *path,
		    const struct safefile_stamp *stamp, char *err,
		    size_t errlen);
struct save	*save_parse(const char *name, const char *text, size_t len,
		    char *err, size_t errlen);
void		 save_free(struct save *s);
int		 save_replay(struct game *g, const struct save *s, char *err,
		    size_t errlen);
int		 save_default_path(char *buf, size_t len, bool make_dir);
int		 save_mkdirs(char *path);
int		 save_xdg_path(char *buf, size_t len, const char *var,
		    const char *dflt, const char *name, bool make_dir);

/* One save a level (save-dir.c). */
#define SAVE_PATH_MAX	4096

struct save_list {
	char		**paths;
	int		  n;
};

void		 save_level_name(char *dst, size_t size, const char *path);
int		 save_level_path(char *buf, size_t len, const char *name,
		    bool make_dir);
int		 save_list(struct save_list *l);
void		 save_list_free(struct save_list *l);

#endif
