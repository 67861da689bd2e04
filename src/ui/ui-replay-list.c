/* SPDX-License-Identifier: ISC */
/*
 * The title screen's list of the recordings kept (v): a box, a row of
 * ui_boxes[], newest first, one line each (when the game ended, the
 * level or the daily date, the setting, how it ended, the score, the
 * waves, how long); it scrolls, and Enter opens the chosen one in the
 * replay viewer. The list is read when the box opens (record_list), and
 * a recording whose level was edited since or is not installed says so
 * (record_list_mark against the installed levels).
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "ui/ui-replay.h"

#define UI_RECS_ROWS	64	/* recordings a box shows at once, at most */
#define UI_RECS_HEAD	2	/* its lines above them */

/* Read the recordings and open the box; a note on the title if none. */
void
ui_replay_list(struct ui *u)
{
	char	dir[RECORD_PATH_MAX];

	record_list_free(&u->recs);
	if (record_dir(dir, sizeof dir, false) != 0) {
		ui_note(u->title.note, sizeof u->title.note, "", "no home "
		    "directory, so no recordings");
		return;
	}
	if (record_list(dir, &u->recs) != 0 || u->recs.n == 0) {
		ui_note(u->title.note, sizeof u->title.note, "no recordings "
		    "yet in ", dir);
		u->title.note_error = false;
		return;
	}
	record_list_mark(&u->recs, u->l->level_dir);
	u->rec_sel = 0;
	u->box = UI_BOX_RECORDINGS;
}

/*
 * Recording e's line, into buf; a level not the installed one says so
 * where the stars go (stars won on an edited copy are not the level's).
 */
static void
ui_replay_list_line(const struct ui_view *v, const struct record_entry *e,
    bool chosen, char *buf, size_t size)
{
	char		date[32], what[80], set[32], stars[32];
	time_t		when = (time_t)e->when;
	struct tm	tm;
	long		s = e->ticks / GAME_RATE;
	const char	*note = record_origin_note(e->origin);

	if (localtime_r(&when, &tm) == NULL ||
	    strftime(date, sizeof date, "%Y-%m-%d %H:%M", &tm) == 0)
		snprintf(date, sizeof date, "?");
	if (e->daily[0] != '\0')
		snprintf(what, sizeof what, "daily %s", e->daily);
	else
		snprintf(what, sizeof what, "%s", e->level_name);
	snprintf(set, sizeof set, "%s%s", difficulty_name(e->opts.difficulty),
	    e->opts.endless ? "+endless" : "");
	ui_draw_stars(v, e->stars, stars, sizeof stars);
	snprintf(buf, size, "%s %s %-16.16s %-14s %-4s %7d %3d cleared "
	    "%3ld:%02ld %s", chosen ? ">" : " ", date, what, set,
	    record_result_name(e->result), e->score, e->waves_cleared, s / 60,
	    s % 60, note != NULL ? note : e->result == RECORD_WON ? stars : "");
}

/* What the box says of the chosen recording's level: "" if nothing. */
static const char *
ui_replay_list_origin(const struct ui *u)
{
	if (u->rec_sel < 0 || u->rec_sel >= u->recs.n)
		return "";
	switch (u->recs.v[u->rec_sel].origin) {
	case RECORD_EDITED:
		return "This one's level was edited since: the viewer plays the "
		    "recording's own copy.";
	case RECORD_MISSING:
		return "This one's level is not installed: the viewer plays the "
		    "recording's own copy.";
	case RECORD_OWN:
	case RECORD_INSTALLED:
		break;
	}
	return "";
}

/* The box: the recordings in view, the chosen one marked. */
void
ui_replay_list_paint(struct ui *u, bool small)
{
	static char	 text[UI_RECS_ROWS][176];
	const char	*lines[UI_RECS_ROWS + UI_RECS_HEAD];
	int		 rows = LINES - 4 - UI_RECS_HEAD, top, i, n = 0, first = 0;

	(void)small;
	if (rows > UI_RECS_ROWS)
		rows = UI_RECS_ROWS;
	if (rows > u->recs.n)
		rows = u->recs.n;
	if (rows < 1)
		rows = 1;
	top = u->rec_sel - rows / 2;
	if (top > u->recs.n - rows)
		top = u->recs.n - rows;
	if (top < 0)
		top = 0;
	lines[n++] = "Recordings, newest first: Enter watches one, Esc closes";
	lines[n++] = ui_replay_list_origin(u);
	for (i = top; i < top + rows && i < u->recs.n; i++) {
		ui_replay_list_line(&u->v, &u->recs.v[i], i == u->rec_sel,
		    text[i - top], sizeof text[0]);
		lines[n++] = text[i - top];
	}
	ui_draw_box_from(&u->v, lines, n, &first);
}

/* A key in the list: move, open the chosen recording, close. */
enum ui_go
ui_replay_list_key(struct ui *u, int ch)
{
	char	err[UI_ERR_MAX];

	ch = ui_term_home_end(ch);
	if (ch == KEY_UP || ch == 'k')
		u->rec_sel--;
	else if (ch == KEY_DOWN || ch == 'j')
		u->rec_sel++;
	else if (ch == KEY_PPAGE)
		u->rec_sel -= 10;
	else if (ch == KEY_NPAGE)
		u->rec_sel += 10;
	else if (ch == KEY_HOME)
		u->rec_sel = 0;
	else if (ch == KEY_END)
		u->rec_sel = u->recs.n - 1;
	else if (ch == '\n' || ch == '\r' || ch == ' ' || ch == KEY_ENTER) {
		u->box = UI_BOX_NONE;
		if (u->rec_sel < 0 || u->rec_sel >= u->recs.n)
			return UI_GO_STAY;
		if (ui_replay_open(u, u->recs.v[u->rec_sel].path, err,
		    sizeof err) == 0)
			return UI_GO_REPLAY;
		ui_note(u->title.note, sizeof u->title.note, "", err);
		u->title.note_error = true;
	} else if (ch == UI_TERM_ESC || ch == 'q' || ch == 'v')
		u->box = UI_BOX_NONE;
	if (u->rec_sel >= u->recs.n)
		u->rec_sel = u->recs.n - 1;
	if (u->rec_sel < 0)
		u->rec_sel = 0;
	return UI_GO_STAY;
}
