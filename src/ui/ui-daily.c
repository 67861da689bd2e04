/* SPDX-License-Identifier: ISC */
/*
 * The daily game in the terminal (--daily, the title screen's D): the
 * date's campaign level, setting and seed (daily.h), on its own board,
 * daily:YYYY-MM-DD. The first game started on a date claims the day's one
 * try (daily_claim); later ones are practice, on no board, and say so. A
 * daily game is not saved when left (leaving ends the try); its recording
 * is kept as every game's, marked daily, and its end shows the line to
 * paste and where the recording is.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/daily.h"
#include "ui/ui-daily.h"
#include "ui/ui-title.h"

/* The date's game into d (date "" for today, UTC); -1 with err. */
static int
ui_daily_pick(struct ui *u, const char *date, struct daily *d, char *err,
    size_t errlen)
{
	struct daily_campaign	c;
	struct daily_date	dd;

	if (date[0] != '\0' && !daily_parse_date(date, &dd)) {
		snprintf(err, errlen, "invalid date '%.32s' (expected "
		    "YYYY-MM-DD, from 1970)", date);
		return -1;
	}
	if (date[0] == '\0')
		daily_today((int64_t)time(NULL), &dd);
	if (daily_campaign_read(u->l->level_dir, &c, err, errlen) != 0)
		return -1;
	daily_pick(&dd, &c, d);
	daily_campaign_free(&c);
	return 0;
}

/*
 * Claim the day's try for play p: the first game of the date counts,
 * later ones are practice (on no board). Said on p's message line.
 */
static void
ui_daily_claim(struct play *p)
{
	char	path[PLAY_PATH_MAX], err[UI_ERR_MAX];
	int	rc = -1;

	if (daily_path(path, sizeof path, true) != 0)
		snprintf(err, sizeof err, "no directory to mark the try in");
	else
		rc = daily_claim(path, &p->daily.date, err, sizeof err);
	if (rc == 1) {
		play_message(p, false, "daily game %s: this try counts "
		    "(board daily:%s)", p->daily.text, p->daily.text);
		return;
	}
	p->unscored = true;
	if (rc == 0)
		play_message(p, false, "practice: daily game %s was tried "
		    "already; this one is on no board", p->daily.text);
	else
		play_message(p, true, "practice (the try could not be marked: "
		    "%s)", err);
}

/*
 * A new daily game of date ("" for today), its try claimed: NULL with
 * err if the campaign or its level cannot be read.
 */
struct play *
ui_daily_open(struct ui *u, const char *date, char *err, size_t errlen)
{
	struct game_opts	 o = GAME_OPTS_INIT;
	struct daily		 d;
	struct play		*p;
	char			 path[PLAY_PATH_MAX];

	if (ui_daily_pick(u, date, &d, err, errlen) != 0)
		return NULL;
	if (!session_resolve(u->l->level_dir, d.name, path, sizeof path)) {
		snprintf(err, errlen, "%s: level name too long", d.name);
		return NULL;
	}
	o.difficulty = d.difficulty;
	o.endless = d.endless;
	if ((p = play_open_opts(path, d.name, d.seed, &o, err, errlen)) ==
	    NULL)
		return NULL;
	p->daily = d;
	p->unsaved = true;
	if (p->rec != NULL)
		recorder_daily(p->rec, d.text);
	ui_daily_claim(p);
	return p;
}
