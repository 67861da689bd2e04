/* SPDX-License-Identifier: ISC */
/*
 * The daily game: the same game for everyone on a UTC date. The rule that
 * chooses it from the date (daily_pick) is part of weir's interface, so
 * it is written down here and in weir(6), and never changed lightly:
 *
 *	D	days from 1970-01-01 to the date (the first day is 0)
 *	level	the campaign's level number D mod N (0-based, N levels, in
 *		the order of the level directory's "campaign" file), so
 *		the campaign comes round one level a day
 *	setting	hard on Saturdays and Sundays, normal on other days;
 *		always endless: the made waves follow the level's own
 *	seed	splitmix64(D + DAILY_SALT), the game's random generator
 *
 * A daily game has its own score board, "daily:YYYY-MM-DD" (the date).
 * One try a day counts: the first game started on a date is marked in
 * $XDG_STATE_HOME/weir/daily (daily_claim), and later tries that day are
 * practice. The file holds one date a line, in the order claimed, every
 * date ever claimed: only when it would hold more than DAILY_DATES_MAX
 * (about sixteen years of days) are the claims older than DAILY_KEEP_DAYS
 * forgotten, the earliest first, so a claim is kept a year at the least:
 *
 *	weir-daily 1
 *	2026-11-24
 *	2026-11-25
 *	end
 *
 * It is written as every file weir keeps (safefile.h); one that does not
 * read is reported (FILE:LINE:COL) and never written over.
 *
 * Stars of a daily game, which never ends in a win, are counted by waves:
 * one for holding the level's own waves, two for DAILY_STARS_2 made waves
 * past them, three for DAILY_STARS_3. daily_line makes the one line to
 * paste:
 *
 *	weir daily 2026-11-25 The Hive (hard, endless): wave 31, score 32835 ★★
 */
#ifndef WEIR_DAILY_H
#define WEIR_DAILY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "scores.h"

#define DAILY_SALT	0x7765697264617931ULL	/* "weirday1" */
#define DAILY_KEEP_DAYS	366		/* a claim is kept this long at least */
#define DAILY_STARS_2	10		/* made waves held for two stars */
#define DAILY_STARS_3	25		/* ... and for three */
#define DAILY_LEVELS_MAX 1000		/* campaign levels read, at most */
#define DAILY_FILE_MAX	(64 << 10)	/* a longer file is corrupt */
#define DAILY_DATES_MAX	((DAILY_FILE_MAX - 32) / 11) /* dates it holds */

struct daily_date {
	int	year, month, day;
};

/* The game of a date. */
struct daily {
	struct daily_date	 date;
	char			 text[16];		/* "YYYY-MM-DD" */
	int			 level;			/* in the campaign */
	char			 name[SCORES_NAME_MAX + 1]; /* its name */
	enum game_difficulty	 difficulty;
	bool			 endless;		/* always */
	uint64_t		 seed;
};

/* The campaign's levels, in order. */
struct daily_campaign {
	char	(*names)[SCORES_NAME_MAX + 1];
	int	  n;
};

bool	daily_parse_date(const char *s, struct daily_date *d);
void	daily_today(int64_t now, struct daily_date *d);
int64_t	daily_days(const struct daily_date *d);
void	daily_format(const struct daily_date *d, char *buf, size_t size);
int	daily_pick(const struct daily_date *d, const struct daily_campaign *c,
	    struct daily *out);
void	daily_board(const struct daily_date *d, char *buf, size_t size);
int	daily_campaign_read(const char *dir, struct daily_campaign *c,
	    char *err, size_t errlen);
void	daily_campaign_free(struct daily_campaign *c);
int	daily_path(char *buf, size_t len, bool make_dir);
int	daily_claim(const char *path, const struct daily_date *d, char *err,
	    size_t errlen);
int	daily_stars(const struct game *g);
void	daily_line(char *buf, size_t size, const struct daily *d,
	    const char *title, const struct game *g, bool ascii);

#endif
