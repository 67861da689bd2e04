/* SPDX-License-Identifier: ISC */
/*
 * High scores: one plain text file holding the best games of every level,
 *
 *	weir-scores 2
 *	meadow 1250 won 8 8 17 3 11234 1732250000 alice
 *	meadow 410 lost 3 8 0 0 4210 1732240000 alice
 *	meadow@hard 990 won 8 8 5 1 11802 1732260000 alice
 *	end
 *
 * one game a line: BOARD SCORE RESULT WAVES-CLEARED WAVES LIVES STARS
 * TICKS WHEN WHO (WHEN in seconds since 1970), grouped by board, best
 * first: every win above every defeat, then by score, then the earlier
 * game (a file in another order is sorted as it is read). A board is a level's name for its normal games and
 * LEVEL@SETTING for the others (scores_board), so each difficulty and
 * endless play keep their own. STARS: 1 to 3 for a win (game_stars),
 * 0 for a loss. A version 1 file (no STARS column, every game normal)
 * still reads, its wins as one star; the file is rewritten as version 2.
 * A board keeps its SCORES_KEEP best games and, should it have fallen out
 * of them, its best win, so a level once completed stays completed. The
 * file never grows past SCORES_FILE_MAX, the most the reader takes: the
 * oldest games give way first, a best win only when nothing else is left.
 *
 * The file is never written in place (safefile.h): a new one is written to
 * PATH.tmp, flushed to disk and renamed over it, so a reader sees the old
 * file or the new, never half of one. Writers take an exclusive flock on
 * PATH.lock and read the file again under it before adding their game,
 * so two games finishing at once both get in. A file that does not read
 * (a bad line, no "end") is reported, FILE:LINE:COL, and moved aside to
 * PATH.corrupt-N, the first N free; it is never overwritten.
 */
#ifndef WEIR_SCORES_H
#define WEIR_SCORES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SCORES_VERSION		2
#define SCORES_KEEP		10	/* best games kept per level */
#define SCORES_NAME_MAX		64	/* bytes of a level's name */
#define SCORES_WHO_MAX		32	/* bytes of a player's name */
#define SCORES_FILE_MAX		(4 << 20) /* a longer file is corrupt */

/* What scores_read found. */
enum scores_status {
	SCORES_ERROR = -1,	/* could not be read: err says why */
	SCORES_OK = 0,		/* read (a missing file reads as empty) */
	SCORES_CORRUPT = 1	/* not a scores file: err, PATH:LINE:COL: */
};

/* One finished game. */
struct score {
	char		level[SCORES_NAME_MAX + 1];
	int		score;
	bool		won;
	int		waves, waves_total;	/* cleared, in the level */
	int		lives;			/* left at the end */
	int		stars;			/* 1..3 for a win, 0 */
	long		ticks;			/* length of the game */
	int64_t		when;			/* seconds since 1970 */
	char		who[SCORES_WHO_MAX + 1];
};

struct scores {
	struct score	*v;		/* grouped by level, best first */
	int		 n, size;
};

int		 scores_path(char *buf, size_t len, bool make_dir);
void		 scores_name(char *dst, size_t size, const char *src);
void		 scores_board(char *dst, size_t size, const char *name,
		    const char *difficulty, bool endless);
enum scores_status scores_read(const char *path, struct scores *s, char *err,
		    size_t errlen);
int		 scores_open(const char *path, struct scores *s, char *note,
		    size_t notelen, char *err, size_t errlen);
int		 scores_add(const char *path, const struct score *e, int *rank,
		    char *note, size_t notelen, char *err, size_t errlen);
void		 scores_free(struct scores *s);
int		 scores_level(const struct scores *s, const char *level,
		    const struct score **first);
const struct score *scores_best(const struct scores *s, const char *level);
bool		 scores_completed(const struct scores *s, const char *level);
int		 scores_stars(const struct scores *s, const char *level);

#endif
