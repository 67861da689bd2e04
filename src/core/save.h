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
 * Loading replays the log on a fresh game up to the saved tick, which
 * gives the very same game. A save is written to a temporary file in the
 * same directory, flushed to disk and renamed over the old one, so a crash
 * leaves the old save or the new, never half of one.
 */
#ifndef WEIR_SAVE_H
#define WEIR_SAVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"

#define SAVE_VERSION	1

struct save {
	char		*level;		/* path of the level file */
	uint64_t	 level_hash;	/* save_hash of its bytes */
	uint64_t	 seed;
	bool		 sandbox;
	long		 tick;		/* clock when saved */
	struct game_cmd	*cmds;		/* the command log */
	int		 ncmds;
};

uint64_t	 save_hash(const void *p, size_t n);
int		 save_hash_file(const char *path, uint64_t *h, char *err,
		    size_t errlen);
int		 save_write(const char *path, const char *level,
		    uint64_t level_hash, uint64_t seed, const struct game *g,
		    char *err, size_t errlen);
struct save	*save_read(const char *path, char *err, size_t errlen);
struct save	*save_parse(const char *name, const char *text, size_t len,
		    char *err, size_t errlen);
void		 save_free(struct save *s);
int		 save_replay(struct game *g, const struct save *s, char *err,
		    size_t errlen);
int		 save_default_path(char *buf, size_t len, bool make_dir);

#endif
