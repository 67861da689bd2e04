/* SPDX-License-Identifier: ISC */
/*
 * Painting the title screen and the end of a level. The title screen is a
 * table of the installed levels in campaign order with their measured
 * difficulty (the rating weir --rate gives, kept in the campaign file) as
 * pips, their best score and the stars won at the chosen setting;
 * below it, the chosen level's description. The end of a level is a box
 * over the final state of the map.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "ui/ui-menu.h"
#include "ui/ui-sight.h"

#define UI_MENU_PIPS	5	/* difficulty pips */
#define UI_MENU_NOTE_ROWS 5	/* rows a long note may take */

/* The title bar of the title screen. */
static void
ui_menu_bar(const struct ui_view *v)
{
	static const char	right[] = " ? help ";

	ui_draw_attr(v, UI_PAIR_TITLE, 0, A_REVERSE);
	move(0, 0);
	hline(' ', COLS);
	attron(A_BOLD);
	ui_draw_text_at(v, 0, 0, " weir");
	attroff(A_BOLD);
	if (COLS > 20)
		ui_draw_text_at(v, 0, COLS - (int)strlen(right), right);
	attrset(A_NORMAL);
}

/* n stars of three, filled and hollow, into buf. */
static void
ui_menu_stars(const struct ui_view *v, int n, char *buf, size_t size)
{
	int	i;
	size_t	len;

	buf[0] = '\0';
	for (i = 0; i < 3; i++) {
		len = strlen(buf);
		if (v->utf8)
			snprintf(buf + len, size - len, "%s", i < n ?
			    "\u2605" : "\u2606");
		else
			snprintf(buf + len, size - len, "%c", i < n ? '*' :
			    '.');
	}
}

/*
 * The measured difficulty of a level (its rating, rate.h: 0..100, or
 * RATE_UNBEATEN) as pips, into buf: one under 25, one more every 25
 * points, five at 100 and over; "?" when the level has no rating.
 */
static void
ui_menu_pips(const struct ui_view *v, int rating, char *buf, size_t size)
{
	int	full, i;
	size_t	len;

	buf[0] = '\0';
	if (rating < 0) {
		snprintf(buf, size, "  ?  ");
		return;
	}
	full = 1 + rating * (UI_MENU_PIPS - 1) / 100;
	if (full > UI_MENU_PIPS)
		full = UI_MENU_PIPS;
	for (i = 0; i < UI_MENU_PIPS; i++) {
		len = strlen(buf);
		if (v->utf8)
			snprintf(buf + len, size - len, "%s", i < full ?
			    "\u25cf" : "\u25cb");
		else
			snprintf(buf + len, size - len, "%c", i < full ? '*' :
			    '-');
	}
}

/*
 * Word-wrap s into at most nrows rows of width w from row y, or with draw
 * false only count them. Returns the rows it takes.
 */
static int
ui_menu_wrap(const struct ui_view *v, int y, int nrows, int w, const char *s,
    bool draw)
{
	char	row[512];
	int	r, n, cut;

	for (r = 0; r < nrows && *s != '\0'; r++) {
		while (*s == ' ')
			s++;
		n = ui_draw_width(s);
		if (n <= w) {
			if (draw)
				ui_draw_text_at(v, y + r, 1, s);
			return r + 1;
		}
		/* The last blank that keeps the row within w columns. */
		cut = -1;
		for (int i = 0, cols = 0; s[i] != '\0' && cols <= w; i++) {
			if (s[i] == ' ')
				cut = i;
			cols += ((unsigned char)s[i] & 0xc0) != 0x80;
		}
		if (cut <= 0 || cut >= (int)sizeof row)
			cut = w < (int)sizeof row - 1 ? w : (int)sizeof row - 1;
		snprintf(row, sizeof row, "%.*s", cut, s);
		if (draw)
			ui_draw_text_at(v, y + r, 1, row);
		s += cut;
	}
	return r;
}

/* What the title screen says of level cl: its fault, or its description. */
static void
ui_menu_about(const struct catalog_level *cl, char *buf, size_t size)
{
	if (cl->err[0] != '\0')
		snprintf(buf, size, "%s", cl->err);
	else
		snprintf(buf, size, "%s (%d x %d, %d waves, %d enemies)",
		    cl->description, cl->w, cl->h, cl->nwaves, cl->enemies);
}

/* Paint the title screen (the caller refreshes). */
void
ui_menu_title(const struct ui_view *v, const struct catalog *c,
    struct ui_title *t)
{
	const struct catalog_level	*cl;
	char				 line[512], pips[64], best[32];
	char				 done[32];
	int				 listtop = 5, rows, i, y, tw;
	int				 extra = 0, space, about = 2, least;
	bool				 names = COLS >= 70;

	erase();
	if (COLS < UI_MIN_COLS || LINES < UI_MIN_LINES) {
		t->rows = 0;
		ui_draw_too_small(v, NULL);
		return;
	}
	ui_menu_bar(v);
	attrset(A_BOLD);
	ui_draw_centred(v, 2, "weir: keep the horde from the exits");
	attrset(A_NORMAL);
	snprintf(line, sizeof line, "difficulty: %s (d)   endless: %s (e)",
	    difficulty_name(t->game.difficulty), t->game.endless ? "on" :
	    "off");
	ui_draw_centred(v, 3, line);

	/* A note longer than its two rows takes some of the list's. */
	if (t->note[0] != '\0')
		extra = ui_menu_wrap(v, 0, UI_MENU_NOTE_ROWS, COLS - 2,
		    t->note, false) - 2;
	if (extra > LINES - listtop - 7)
		extra = LINES - listtop - 7;
	if (extra < 0)
		extra = 0;
	/*
	 * The list and the chosen level's description share the rows above
	 * the note: the description gets what it needs to be read whole, as
	 * long as the list keeps a few rows (all of them when it is short).
	 */
	cl = t->sel >= 0 && t->sel < c->n ? &c->v[t->sel] : NULL;
	if (cl != NULL) {
		ui_menu_about(cl, line, sizeof line);
		about = ui_menu_wrap(v, 0, LINES, COLS - 2, line, false);
		if (about < 2)
			about = 2;
	}
	space = LINES - listtop - 4 - extra;
	least = c->n < 4 ? c->n : 4;
	rows = space - about;
	if (rows < least)
		rows = least;
	if (rows > space - 2)
		rows = space - 2;
	if (rows < 1)
		rows = 1;
	about = space - rows;
	t->rows = rows;
	if (t->sel < t->top)
		t->top = t->sel;
	if (t->sel >= t->top + rows)
		t->top = t->sel - rows + 1;
	if (t->top < 0)
		t->top = 0;
	tw = COLS - (names ? 14 : 0) - 5 - 8 - 8 - 6 - 2;
	if (tw > 32)
		tw = 32;
	if (tw < 8)
		tw = 8;
	if (names)
		snprintf(line, sizeof line, "   #  %-13s %-*s %-7s %6s  %s",
		    "level", tw, "title", "diffic.", "best", "stars");
	else
		snprintf(line, sizeof line, "   #  %-*s %-7s %6s  %s", tw,
		    "title", "diffic.", "best", "stars");
	attrset(A_UNDERLINE);
	ui_draw_text_at(v, listtop - 1, 0, line);
	attrset(A_NORMAL);

	if (c->n == 0)
		ui_draw_text_at(v, listtop, 3, "no levels installed");
	for (i = t->top, y = listtop; i < c->n && y < listtop + rows;
	    i++, y++) {
		cl = &c->v[i];
		ui_menu_pips(v, cl->rating, pips, sizeof pips);
		if (cl->err[0] != '\0')
			snprintf(done, sizeof done, "broken");
		else if (cl->completed)
			ui_menu_stars(v, cl->stars, done, sizeof done);
		else
			done[0] = '\0';
		if (cl->has_best)
			snprintf(best, sizeof best, "%d", cl->best);
		else
			snprintf(best, sizeof best, "-");
		if (names)
			snprintf(line, sizeof line, " %c%2d  %-13.13s %-*.*s "
			    "%s   %6s  %s", i == t->sel ? '>' : ' ', i + 1,
			    cl->name, tw, tw, cl->title, pips, best, done);
		else
			snprintf(line, sizeof line, " %c%2d  %-*.*s %s   %6s  "
			    "%s", i == t->sel ? '>' : ' ', i + 1, tw, tw,
			    cl->title, pips, best, done);
		if (i == t->sel)
			attrset(A_REVERSE | A_BOLD);
		else if (cl->err[0] != '\0')
			attrset(A_DIM);
		else if (cl->completed)
			ui_draw_attr(v, UI_PAIR_GOOD, 0, 0);
		move(y, 0);
		ui_draw_text(v, line, COLS);
		attrset(A_NORMAL);
	}
	if (t->top > 0)
		ui_draw_text_at(v, listtop, COLS - 3, "^");
	if (t->top + rows < c->n)
		ui_draw_text_at(v, listtop + rows - 1, COLS - 3, "v");

	if (t->sel >= 0 && t->sel < c->n) {
		cl = &c->v[t->sel];
		ui_menu_about(cl, line, sizeof line);
		if (cl->err[0] != '\0')
			ui_draw_attr(v, UI_PAIR_ERROR, 0, 0);
		ui_menu_wrap(v, LINES - 3 - extra - about, about, COLS - 2,
		    line, true);
		attrset(A_NORMAL);
	}
	if (t->note[0] != '\0') {
		if (t->note_error)
			ui_draw_attr(v, UI_PAIR_ERROR, A_BOLD, A_BOLD);
		ui_menu_wrap(v, LINES - 3 - extra, 2 + extra, COLS - 2,
		    t->note, true);
		attrset(A_NORMAL);
	}
	if (t->saved[0] != '\0')
		snprintf(line, sizeof line, " Enter play | c continue %s | ? "
		    "help | q quit", t->saved);
	else
		snprintf(line, sizeof line, " Enter play | arrows choose | ? "
		    "help | q quit");
	attrset(A_DIM);
	ui_draw_text_at(v, LINES - 1, 0, line);
	attrset(A_NORMAL);
}

/* The title screen's help. */
void
ui_menu_title_help(const struct ui_view *v, int *first)
{
	static const char *const lines[] = {
		"weir: a tower-defence game for the terminal",
		"",
		"Enemies cross the map from the spawns (A, B, ...) to the",
		"exits (>). Build towers to shoot them; every tower also",
		"blocks its cell, so where you build is the maze they walk.",
		"",
		"arrows, j k      choose a level (in order of difficulty)",
		"PgUp, PgDn       ten levels up or down",
		"Home, End        the first or the last level",
		"Enter, space     play it",
		"mouse            click: choose a level; again: play it",
		"c                continue the saved game",
		"d                difficulty: normal, easy, hard (below)",
		"e                endless: waves go on past the level's",
		"?, F1            this help (?, Escape close it)",
		"q                quit (asks first)",
		"",
		"In a game, ? lists its keys.",
		""
	};
	const char	*all[sizeof lines / sizeof lines[0] + DIFF_NKINDS];
	char		 diff[DIFF_NKINDS][128];
	int		 n = 0, d;

	for (n = 0; n < (int)(sizeof lines / sizeof lines[0]); n++)
		all[n] = lines[n];
	/* What each setting changes, from its row. */
	for (d = 0; d < DIFF_NKINDS; d++) {
		snprintf(diff[d], sizeof diff[d], "%-16s %s",
		    difficulty_types[d].name, difficulty_types[d].about);
		all[n++] = diff[d];
	}
	ui_draw_box_from(v, all, n, first);
}

/*
 * What first place among a level's games means: a best score is a win's
 * (wins rank above every defeat); a defeat in first place is only the
 * furthest try yet, or the very first.
 */
static const char *
ui_menu_best(const struct game *g, const struct play *p,
    const struct ui_end *e)
{
	const struct score	*first;

	if (g->state == GAME_WON)
		return "a new best score!";
	if (scores_level(&e->table, p->name, &first) <= 1)
		return "a first try at this level: the score is kept";
	return "your best try yet (no win so far)";
}

/* "3:05" for a number of ticks. */
static void
ui_menu_clock(long ticks, char *buf, size_t size)
{
	long	s = ticks / GAME_RATE;

	snprintf(buf, size, "%ld:%02ld", s / 60, s % 60);
}

/* Paint the end-of-level box over the screen (the caller refreshes). */
void
ui_menu_end(const struct ui_view *v, const struct play *p,
    const struct ui_end *e, int *top)
{
	const struct game	*g = p->g;
	const struct score	*first;
	char			 text[40][UI_SIGHT_LINE], clock[32], date[32];
	char			 board[SCORES_NAME_MAX + 1], stars[32];
	const char		*lines[40];
	int			 n = 0, k, count;
	struct tm		 tm;
	time_t			 when;

	if (COLS < UI_MIN_COLS || LINES < UI_MIN_LINES)
		return;
	ui_menu_stars(v, game_stars(g), stars, sizeof stars);
	snprintf(text[n++], sizeof text[0], "%s%s  (%s%s)", g->state ==
	    GAME_WON ? "VICTORY  " : "DEFEAT", g->state == GAME_WON ? stars :
	    "", difficulty_name(g->difficulty), g->endless ? ", endless" : "");
	if (g->endless)
		snprintf(text[n++], sizeof text[0], "held %d wave%s past the "
		    "level's own", game_endless_cleared(g),
		    game_endless_cleared(g) == 1 ? "" : "s");
	snprintf(text[n++], sizeof text[0], "%s: score %d", p->lv->title,
	    g->score);
	ui_menu_clock(g->tick, clock, sizeof clock);
	snprintf(text[n++], sizeof text[0], "%d/%d waves, %d/%d lives, %d "
	    "killed, %d through, %s", g->waves_cleared, g->nwaves, g->lives,
	    game_start_lives(g), g->killed, g->leaked, clock);
	if (e->trial)
		snprintf(text[n++], sizeof text[0], "(a trial from the editor: "
		    "no high score)");
	else if (!e->recorded)
		snprintf(text[n++], sizeof text[0], "(the score could not be "
		    "kept)");
	else if (e->rank == 1)
		snprintf(text[n++], sizeof text[0], "%s", ui_menu_best(g, p,
		    e));
	else if (e->rank > 1)
		snprintf(text[n++], sizeof text[0], "number %d of the best",
		    e->rank);
	else
		snprintf(text[n++], sizeof text[0], "not among the best");
	text[n++][0] = '\0';
	k = ui_sight_end_lines(p, text + n, UI_SIGHT_END_LINES);
	if (k > 0) {
		n += k;
		text[n++][0] = '\0';
	}
	play_board(p, board, sizeof board);
	count = scores_level(&e->table, board, &first);
	if (count > 0)
		snprintf(text[n++], sizeof text[0], "best of %s%s%s%s:",
		    p->name, strcmp(board, p->name) != 0 ? " (" : "",
		    strcmp(board, p->name) != 0 ? strchr(board, '@') + 1 : "",
		    strcmp(board, p->name) != 0 ? ")" : "");
	for (k = 0; k < count && k < 5 && n < 36; k++) {
		when = (time_t)first[k].when;
		if (localtime_r(&when, &tm) == NULL ||
		    strftime(date, sizeof date, "%Y-%m-%d", &tm) == 0)
			snprintf(date, sizeof date, "?");
		snprintf(text[n++], sizeof text[0], "%2d %7d %-4s %3d/%-3d %s "
		    "%s", k + 1, first[k].score, first[k].won ? "won" : "lost",
		    first[k].waves, first[k].waves_total, date, first[k].who);
	}
	if (count > 0)
		text[n++][0] = '\0';
	if (e->trial)
		snprintf(text[n++], sizeof text[0], "Enter: back to the editor  "
		    "r: play again  q: quit");
	else
		snprintf(text[n++], sizeof text[0], "Enter: levels  n: next "
		    "level  r: play again  q: quit");
	for (k = 0; k < n; k++)
		lines[k] = text[k];
	/* On a short screen the box scrolls (j k). */
	ui_draw_box_from(v, lines, n, top);
	if (e->note[0] != '\0') {
		ui_draw_attr(v, UI_PAIR_ERROR, A_BOLD, A_BOLD);
		move(LINES - 1, 0);
		clrtoeol();
		ui_draw_text_at(v, LINES - 1, 1, e->note);
		attrset(A_NORMAL);
	}
}
