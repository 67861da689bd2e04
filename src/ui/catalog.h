/* SPDX-License-Identifier: ISC */
/*
 * The installed levels, as the title screen lists them: every NAME.weir in
 * the level directory with its title, description and size, in campaign
 * order, the order the file CATALOG_ORDER_FILE in the same directory gives
 * (one level name a line, '#' comments), which is the order of difficulty;
 * levels it does not name come after, by title. A line may give the
 * level's rating after its name (weir --rate), which the title screen
 * draws as its difficulty. Best scores and whether a
 * level has been won come from the high scores (scores.h). No curses here.
 */
#ifndef WEIR_CATALOG_H
#define WEIR_CATALOG_H

#include <stdbool.h>
#include <stddef.h>

#include "core/level.h"
#include "core/scores.h"

#define CATALOG_ORDER_FILE	"campaign"	/* in the level directory */
#define CATALOG_MAX		1000		/* levels listed at most */
#define CATALOG_PATH_MAX	4096

struct catalog_level {
	char	name[SCORES_NAME_MAX + 1];	/* the file's name, no .weir */
	char	path[CATALOG_PATH_MAX];
	char	title[LEVEL_TITLE_MAX + 1];
	char	description[LEVEL_DESC_MAX + 1];
	int	rank;			/* place in the campaign, 1.., 0: none */
	int	rating;			/* measured difficulty (rate.h), -1 */
	int	w, h, nwaves, enemies;
	int	hp_pct;			/* enemies' hit points, % of their kinds' */
	char	err[256];		/* why it does not load, "" if it does */
	bool	has_best;
	int	best;			/* best score, when has_best */
	bool	completed;		/* won at least once */
	int	stars;			/* most stars of a win, 0 */
};

struct catalog {
	struct catalog_level	*v;
	int			 n;
	int			 nranked;	/* levels in the campaign order */
};

int	catalog_load(struct catalog *c, const char *dir, char *err,
	    size_t errlen);
void	catalog_scores(struct catalog *c, const struct scores *s,
	    const char *difficulty, bool endless);
void	catalog_free(struct catalog *c);
void	catalog_about(const struct catalog_level *cl, char *buf,
	    size_t size);

#endif
