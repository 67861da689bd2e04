/* SPDX-License-Identifier: ISC */
/*
 * The title screen: the installed levels in campaign order, each with its
 * measured difficulty (the rating weir --rate gives, kept in the campaign
 * file) as pips, its best score and the stars won at the chosen setting;
 * below it, the chosen level's description and a note line (what went
 * wrong reading the levels, the scores or the saved games). Its keys
 * choose a level and the setting, and return where to go: a game opened
 * (new, or resumed from a saved one), or nowhere. The list of saved games
 * and the box offering to discard one that cannot be resumed are boxes
 * (ui-box.c) over it; what they do to the saves is here.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nav/util.h"
#include "ui/ui-daily.h"
#include "ui/ui-replay.h"
#include "ui/ui-title.h"

#define UI_TITLE_PIPS	5	/* difficulty pips */
#define UI_TITLE_NOTE_ROWS 5	/* rows a long note may take */

/* The title bar of the title screen. */
static void
ui_title_bar(const struct ui_view *v)
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

/*
 * The measured difficulty of a level (its rating, rate.h: 0..100, or
 * RATE_UNBEATEN) as pips, into buf: one under 25, one more every 25
 * points, five at 100 and over ("#" in ASCII, never the stars' "*");
 * "unrated" when the level has none (it is not in the campaign). Seven
 * columns whichever.
 */
static void
ui_title_pips(const struct ui_view *v, int rating, char *buf, size_t size)
{
	int	full, i;
	size_t	len;

	buf[0] = '\0';
	if (rating < 0) {
		snprintf(buf, size, "unrated");
		return;
	}
	full = 1 + rating * (UI_TITLE_PIPS - 1) / 100;
	if (full > UI_TITLE_PIPS)
		full = UI_TITLE_PIPS;
	for (i = 0; i < UI_TITLE_PIPS; i++) {
		len = strlen(buf);
		if (v->utf8)
			snprintf(buf + len, size - len, "%s", i < full ?
			    "\u25cf" : "\u25cb");
		else
			snprintf(buf + len, size - len, "%c", i < full ? '#' :
			    '-');
	}
	len = strlen(buf);
	snprintf(buf + len, size - len, "  ");
}

/*
 * Word-wrap s into at most nrows rows of width w from row y, or with draw
 * false only count them. Returns the rows it takes.
 */
static int
ui_title_wrap(const struct ui_view *v, int y, int nrows, int w, const char *s,
    bool draw)
{
	char	row[512];
	int	r, n, cut;
	size_t	fit;

	for (r = 0; r < nrows && *s != '\0'; r++) {
		while (*s == ' ')
			s++;
		n = ui_draw_width(s);
		if (n <= w) {
			if (draw)
				ui_draw_text_at(v, y + r, 1, s);
			return r + 1;
		}
		/*
		 * The last blank that keeps the row within w columns (wide
		 * characters take two), else as many whole characters as fit.
		 */
		fit = ui_draw_cut(s, w, NULL);
		cut = -1;
		if (s[fit] == ' ')
			cut = (int)fit;
		for (int i = 0; s[fit] != ' ' && i < (int)fit; i++) {
			if (s[i] == ' ')
				cut = i;
		}
		if (cut <= 0)
			cut = fit > 0 ? (int)fit : 1;
		while (((unsigned char)s[cut] & 0xc0) == 0x80)
			cut++;	/* never half a character */
		if (cut >= (int)sizeof row)
			cut = (int)ui_draw_cut(s, (int)sizeof row / 4, NULL);
		snprintf(row, sizeof row, "%.*s", cut, s);
		if (draw)
			ui_draw_text_at(v, y + r, 1, row);
		s += cut;
	}
	return r;
}

#define UI_TITLE_LIST	5	/* the screen row of the list's first level */

/* How the rows below the list are shared: see ui_title_share. */
struct ui_title_rows {
	int	extra;		/* rows the note takes past its two */
	int	about;		/* rows of the chosen level's description */
	int	rows;		/* levels in view */
};

/*
 * Share the rows: a note longer than its two rows takes some of the
 * list's; the list and the chosen level's description share the rest:
 * the description gets what it needs to be read whole, as long as the
 * list keeps a few rows (all of them when it is short). Keeps the chosen
 * level in view.
 */
static void
ui_title_share(const struct ui_view *v, const struct catalog *c,
    struct ui_title *t, struct ui_title_rows *r)
{
	char	line[512];
	int	space, least;

	r->extra = 0;
	r->about = 2;
	if (t->note[0] != '\0')
		r->extra = ui_title_wrap(v, 0, UI_TITLE_NOTE_ROWS, COLS - 2,
		    t->note, false) - 2;
	if (r->extra > LINES - UI_TITLE_LIST - 7)
		r->extra = LINES - UI_TITLE_LIST - 7;
	if (r->extra < 0)
		r->extra = 0;
	if (t->sel >= 0 && t->sel < c->n) {
		catalog_about(&c->v[t->sel], line, sizeof line);
		r->about = ui_title_wrap(v, 0, LINES, COLS - 2, line, false);
		if (r->about < 2)
			r->about = 2;
	}
	space = LINES - UI_TITLE_LIST - 4 - r->extra;
	least = c->n < 4 ? c->n : 4;
	r->rows = space - r->about;
	if (r->rows < least)
		r->rows = least;
	if (r->rows > space - 2)
		r->rows = space - 2;
	if (r->rows < 1)
		r->rows = 1;
	r->about = space - r->rows;
	t->rows = r->rows;
	if (t->sel < t->top)
		t->top = t->sel;
	if (t->sel >= t->top + r->rows)
		t->top = t->sel - r->rows + 1;
	if (t->top < 0)
		t->top = 0;
}

/*
 * The first level after level after (-1: from the top) not won yet at the
 * title's setting, and not broken; -1 when there is none.
 */
static int
ui_title_unwon_after(const struct catalog *c, int after)
{
	for (int i = after + 1; i < c->n; i++) {
		if (!c->v[i].completed && c->v[i].err[0] == '\0')
			return i;
	}
	return -1;
}

/*
 * The next level of the campaign not won yet at the title's setting (the
 * first in the list's order that is neither won nor broken), or -1 when
 * every one is won: the title screen marks it, so the campaign reads as
 * a path.
 */
static int
ui_title_next(const struct catalog *c)
{
	return ui_title_unwon_after(c, -1);
}

/* Level i's row of the list, at screen row y, tw columns of title. */
static void
ui_title_row(const struct ui_view *v, const struct catalog *c,
    const struct ui_title *t, int i, int y, int tw)
{
	const struct catalog_level	*cl = &c->v[i];
	char				 line[512], pips[64], best[32];
	char				 done[32], name[64], title[256];

	ui_title_pips(v, cl->rating, pips, sizeof pips);
	if (cl->err[0] != '\0')
		snprintf(done, sizeof done, "broken");
	else if (cl->completed)
		ui_draw_stars(v, cl->stars, done, sizeof done);
	else if (i == ui_title_next(c))
		snprintf(done, sizeof done, "%s next", v->utf8 ? "\u25c0" :
		    "<");
	else
		done[0] = '\0';
	if (cl->has_best)
		snprintf(best, sizeof best, "%d", cl->best);
	else
		snprintf(best, sizeof best, "-");
	/* By screen columns, not bytes: a wide title keeps them in line. */
	ui_draw_fit(name, sizeof name, cl->name, 13);
	ui_draw_fit(title, sizeof title, cl->title, tw);
	if (COLS >= 70)
		snprintf(line, sizeof line, " %c%2d  %s %s %s %6s  %s",
		    i == t->sel ? '>' : ' ', i + 1, name, title, pips, best,
		    done);
	else
		snprintf(line, sizeof line, " %c%2d  %s %s %6s  %s",
		    i == t->sel ? '>' : ' ', i + 1, title, pips, best, done);
	if (i == t->sel)
		attrset(A_REVERSE | A_BOLD);
	else if (cl->err[0] != '\0')
		attrset(A_DIM);
	else if (cl->completed)
		ui_draw_attr(v, UI_PAIR_GOOD, 0, 0);
	else if (i == ui_title_next(c))
		attrset(A_BOLD);
	move(y, 0);
	ui_draw_text(v, line, COLS);
	attrset(A_NORMAL);
}

/* The list's heading, the levels in view, and marks when it scrolls. */
static void
ui_title_list(const struct ui_view *v, const struct catalog *c,
    const struct ui_title *t, int rows)
{
	char	line[512];
	bool	names = COLS >= 70;
	int	i, y, tw;

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
	ui_draw_text_at(v, UI_TITLE_LIST - 1, 0, line);
	attrset(A_NORMAL);
	if (c->n == 0)
		ui_draw_text_at(v, UI_TITLE_LIST, 3, "no levels installed");
	for (i = t->top, y = UI_TITLE_LIST; i < c->n &&
	    y < UI_TITLE_LIST + rows; i++, y++)
		ui_title_row(v, c, t, i, y, tw);
	if (t->top > 0)
		ui_draw_text_at(v, UI_TITLE_LIST, COLS - 3, "^");
	if (t->top + rows < c->n)
		ui_draw_text_at(v, UI_TITLE_LIST + rows - 1, COLS - 3, "v");
}

/*
 * The keys line at the foot of the title screen, in the longest of its
 * forms that fits the width: words go before keys, and q quit stays;
 * v is "recordings" in every form, as the list it opens is called.
 */
static void
ui_title_keys_line(const struct ui_title *t, char *line, size_t size)
{
	static const char *const forms[][2] = {
		{ " Enter play | c continue %s | D daily | v recordings | "
		    "? help | q quit", " Enter play | arrows choose | D "
		    "daily | v recordings | ? help | q quit" },
		{ " Enter play | c continue %s | v recordings | ? help | q "
		    "quit", " Enter play | D daily | v recordings | ? help | "
		    "q quit" },
		{ " Enter play | c continue %s | ? help | q quit", " Enter "
		    "play | D daily | ? help | q quit" },
		{ " Enter | c %s | D | v | ? | q quit", " Enter | D | v | ? "
		    "| q quit" },
	};
	size_t	k;

	for (k = 0; k < sizeof forms / sizeof forms[0]; k++) {
		if (t->saved[0] != '\0')
			snprintf(line, size, forms[k][0], t->saved);
		else
			snprintf(line, size, "%s", forms[k][1]);
		if (ui_draw_width(line) <= COLS)
			return;
	}
}

/* Below the list: the chosen level's description, the note, the keys. */
static void
ui_title_foot(const struct ui_view *v, const struct catalog *c,
    const struct ui_title *t, const struct ui_title_rows *r)
{
	char	line[512];

	if (t->sel >= 0 && t->sel < c->n) {
		catalog_about(&c->v[t->sel], line, sizeof line);
		if (c->v[t->sel].err[0] != '\0')
			ui_draw_attr(v, UI_PAIR_ERROR, 0, 0);
		ui_title_wrap(v, LINES - 3 - r->extra - r->about, r->about,
		    COLS - 2, line, true);
		attrset(A_NORMAL);
	}
	if (t->note[0] != '\0') {
		if (t->note_error)
			ui_draw_attr(v, UI_PAIR_ERROR, A_BOLD, A_BOLD);
		ui_title_wrap(v, LINES - 3 - r->extra, 2 + r->extra, COLS - 2,
		    t->note, true);
		attrset(A_NORMAL);
	}
	ui_title_keys_line(t, line, sizeof line);
	attrset(A_DIM);
	ui_draw_text_at(v, LINES - 1, 0, line);
	attrset(A_NORMAL);
}

/* Paint the title screen (the caller refreshes). */
static void
ui_title_draw(const struct ui_view *v, const struct catalog *c,
    struct ui_title *t)
{
	struct ui_title_rows	r;
	char			line[512];

	erase();
	if (COLS < UI_MIN_COLS || LINES < UI_MIN_LINES) {
		t->rows = 0;
		ui_draw_too_small(v, NULL);
		return;
	}
	ui_title_bar(v);
	attrset(A_BOLD);
	ui_draw_centred(v, 2, "weir: keep the enemies from the exits");
	attrset(A_NORMAL);
	snprintf(line, sizeof line, "difficulty: %s (d)   endless: %s (e)",
	    difficulty_name(t->game.difficulty), t->game.endless ? "on" :
	    "off");
	ui_draw_centred(v, 3, line);
	ui_title_share(v, c, t, &r);
	ui_title_list(v, c, t, r.rows);
	ui_title_foot(v, c, t, &r);
}

/* Add prefix then text to the title screen's note line, as an error. */
static void
ui_title_note(struct ui *u, const char *prefix, const char *text)
{
	struct ui_title	*t = &u->title;
	char		 add[UI_NOTE_MAX];
	size_t		 n = strlen(t->note);

	ui_note(add, sizeof add, prefix, text);
	if (n == 0)
		ui_note(t->note, sizeof t->note, "", add);
	else if (n + 3 < sizeof t->note)
		ui_note(t->note + n, sizeof t->note - n, " | ", add);
	t->note_error = true;
}

/*
 * Note what the saved games are, for the title screen's 'c': one a level
 * (save-dir.c). One that does not read is reported on the note line (a
 * corrupt one is moved aside by save_open) and not offered.
 */
static void
ui_title_find_saves(struct ui *u)
{
	enum save_status	 st;
	struct save_list	 all;
	struct save		*sv;
	char			 err[UI_ERR_MAX], name[SCORES_NAME_MAX + 1];
	long			 sec;
	int			 i;

	u->title.saved[0] = '\0';
	save_list_free(&u->saves);
	if (!u->have_save_path)
		return;
	save_list(&all);
	for (i = 0; i < all.n; i++) {
		if ((sv = save_open(all.paths[i], &st, err, sizeof err)) ==
		    NULL) {
			if (st != SAVE_MISSING)
				ui_title_note(u, "saved game: ", err);
			free(all.paths[i]);
			continue;
		}
		play_level_name(name, sizeof name, sv->level);
		sec = sv->tick / GAME_RATE;
		u->save_about = xrealloc(u->save_about, (size_t)u->saves.n + 1,
		    sizeof *u->save_about);
		snprintf(u->save_about[u->saves.n], sizeof u->save_about[0],
		    "%s (%ld:%02ld in)", name, sec / 60, sec % 60);
		save_free(sv);
		u->saves.paths = xrealloc(u->saves.paths, (size_t)u->saves.n +
		    1, sizeof *u->saves.paths);
		u->saves.paths[u->saves.n++] = all.paths[i];
	}
	free(all.paths);
	if (u->saves.n == 1)
		snprintf(u->title.saved, sizeof u->title.saved, "%s",
		    u->save_about[0]);
	else if (u->saves.n > 1)
		snprintf(u->title.saved, sizeof u->title.saved, "(%d saved "
		    "games)", u->saves.n);
	if (u->save_sel >= u->saves.n)
		u->save_sel = 0;
}

/*
 * After a win, choose the next level not won yet: the first after the
 * one won, else the first from the top (the one the list marks next);
 * with every one won, the level that follows the one won.
 */
static void
ui_title_past_won(struct ui *u)
{
	int	i, next;

	if (u->won[0] == '\0')
		return;
	for (i = 0; i < u->cat.n; i++) {
		if (strcmp(u->cat.v[i].name, u->won) != 0)
			continue;
		if ((next = ui_title_unwon_after(&u->cat, i)) < 0)
			next = ui_title_next(&u->cat);
		u->title.sel = next >= 0 ? next : (i + 1 < u->cat.n ? i + 1 :
		    i);
		break;
	}
	u->won[0] = '\0';
}

/* The best scores, stars and wins of the title's levels, for its setting. */
static void
ui_title_scores(struct ui *u)
{
	struct scores	s = { NULL, 0, 0 };
	char		path[PLAY_PATH_MAX], err[UI_ERR_MAX];

	if (scores_path(path, sizeof path, false) == 0 &&
	    scores_read(path, &s, err, sizeof err) != SCORES_OK)
		scores_free(&s);
	catalog_scores(&u->cat, &s, difficulty_name(u->title.game.difficulty),
	    u->title.game.endless);
	scores_free(&s);
}

/* Go to the title screen: list the levels with their best scores. */
void
ui_title_enter(struct ui *u)
{
	struct scores	s = { NULL, 0, 0 };
	char		path[PLAY_PATH_MAX], err[UI_ERR_MAX];
	char		note[UI_NOTE_MAX];

	play_free(u->p);
	u->p = NULL;
	u->screen = UI_SCREEN_TITLE;
	u->box = UI_BOX_NONE;
	u->title.note[0] = '\0';
	u->title.note_error = false;
	if (catalog_load(&u->cat, u->l->level_dir, err, sizeof err) != 0)
		ui_title_note(u, "", err);
	if (u->l->settings_note != NULL && u->l->settings_note[0] != '\0')
		ui_title_note(u, "settings: ", u->l->settings_note);
	if (scores_path(path, sizeof path, false) == 0) {
		if (scores_open(path, &s, note, sizeof note, err,
		    sizeof err) != 0)
			ui_title_note(u, "high scores: ", err);
		else if (note[0] != '\0')
			ui_title_note(u, "high scores: ", note);
	}
	scores_free(&s);
	ui_title_scores(u);
	ui_title_past_won(u);
	if (u->title.sel >= u->cat.n)
		u->title.sel = u->cat.n > 0 ? u->cat.n - 1 : 0;
	ui_title_find_saves(u);
	ui_redraw(u);
}

/* A new game of the level at path, at the title's setting; NULL with err
 * if it cannot be. */
struct play *
ui_title_open(struct ui *u, const char *path, const char *name, char *err,
    size_t errlen)
{
	return play_open_opts(path, name, u->l->seed, &u->title.game, err,
	    errlen);
}

/* Forget the saved game that cannot be resumed (read again: its stamp). */
void
ui_title_discard(struct ui *u)
{
	enum save_status	 st;
	struct save		*sv;
	char			 err[UI_ERR_MAX];

	u->title.note[0] = '\0';
	u->title.note_error = false;
	if ((sv = save_open(u->resume_path, &st, err, sizeof err)) == NULL) {
		if (st != SAVE_MISSING)
			ui_title_note(u, "saved game: ", err);
	} else if (save_remove(u->resume_path, &sv->stamp, err, sizeof err) !=
	    0)
		ui_title_note(u, "saved game: ", err);
	else {
		ui_note(u->title.note, sizeof u->title.note, "",
		    "the saved game is discarded");
	}
	save_free(sv);
	ui_title_find_saves(u);
}

/* The index among the saves offered of play p's level's save, or -1. */
static int
ui_title_save_of(const struct ui *u, const struct play *p)
{
	char	key[SCORES_NAME_MAX + 1], path[PLAY_PATH_MAX];
	int	i;

	if (!u->have_save_path)
		return -1;
	session_level_key(key, sizeof key, p->s->path, p->s->level_hash,
	    u->l->level_dir);
	if (save_level_path(path, sizeof path, key, false) != 0)
		return -1;
	for (i = 0; i < u->saves.n; i++) {
		if (strcmp(u->saves.paths[i], path) == 0)
			return i;
	}
	return -1;
}

/* Start the level chosen on the title screen. */
static enum ui_go
ui_title_play(struct ui *u)
{
	const struct catalog_level	*cl;
	struct play			*p;
	char				 err[UI_ERR_MAX];

	if (u->title.sel < 0 || u->title.sel >= u->cat.n)
		return UI_GO_STAY;
	cl = &u->cat.v[u->title.sel];
	if ((p = ui_title_open(u, cl->path, cl->name, err, sizeof err)) ==
	    NULL) {
		ui_note(u->title.note, sizeof u->title.note, "", err);
		u->title.note_error = true;
		return UI_GO_STAY;
	}
	return ui_title_start(u, p, UI_BOX_NONE);
}

/*
 * Start new game p of a level: the one way every new game of a level
 * begins (the title's list, n and r in the end box, a level on the
 * command line). When its level has a saved game, ask first
 * (UI_BOX_REPLACE: continue that, or a new game that takes its place);
 * Esc there goes back to box back (UI_BOX_NONE: the screen under it).
 * A game that is never saved (a trial, a daily game) asks nothing.
 */
enum ui_go
ui_title_start(struct ui *u, struct play *p, enum ui_box back)
{
	int	k;

	u->next = p;
	u->next_resumed = false;
	u->replace_save = false;
	if (u->l->trial || p->unsaved)
		return UI_GO_PLAY;
	ui_title_find_saves(u);
	if ((k = ui_title_save_of(u, p)) < 0)
		return UI_GO_PLAY;
	u->save_sel = k;
	u->replace_back = back;
	u->box = UI_BOX_REPLACE;
	return UI_GO_STAY;
}

/*
 * Resume saved game k from the title screen. When it cannot be, say why
 * and offer it no more if it was moved aside as corrupt, or offer to
 * discard it if it is left in place.
 */
enum ui_go
ui_title_resume(struct ui *u, int k)
{
	struct play	*p;
	char		 err[UI_ERR_MAX];

	if (k < 0 || k >= u->saves.n)
		return UI_GO_STAY;
	snprintf(u->resume_path, sizeof u->resume_path, "%s",
	    u->saves.paths[k]);
	if ((p = play_load(u->resume_path, err, sizeof err)) == NULL) {
		u->title.note[0] = '\0';
		ui_title_note(u, "", err);
		ui_title_find_saves(u);
		/* Still there (its level gone or changed): offer to drop it. */
		if (access(u->resume_path, F_OK) == 0) {
			ui_note(u->why, sizeof u->why, "", err);
			u->box = UI_BOX_DISCARD;
		}
		return UI_GO_STAY;
	}
	u->next = p;
	u->next_resumed = true;
	return UI_GO_PLAY;
}

/* 'c' on the title screen: the one saved game, or the list of them. */
static enum ui_go
ui_title_continue(struct ui *u)
{
	if (u->saves.n == 1)
		return ui_title_resume(u, 0);
	if (u->saves.n > 1)
		u->box = UI_BOX_SAVES;
	return UI_GO_STAY;
}

/* The setting of new games changed: its scores, and the config file. */
static void
ui_title_setting(struct ui *u)
{
	char	err[UI_ERR_MAX];

	ui_title_scores(u);
	u->settings.difficulty = u->title.game.difficulty;
	u->settings.endless = u->title.game.endless;
	if (ui_settings_save(u, err, sizeof err) != 0)
		ui_title_note(u, "settings: ", err);
}

/*
 * a: ASCII glyphs or UTF-8 ones; o: colours or none. Kept in the config
 * file; said on the note line, or why the terminal cannot.
 */
static void
ui_title_style(struct ui *u, bool ascii, bool color)
{
	char	err[UI_ERR_MAX], line[96];
	bool	was_ascii = !u->v.utf8, was_color = u->v.color;

	u->title.note[0] = '\0';
	u->title.note_error = false;
	if (!ui_term_restyle(&u->v, ascii, color))
		ui_title_note(u, "", ascii != !u->v.utf8 ? "this locale "
		    "shows no UTF-8" : "this terminal shows no colours");
	/*
	 * Only what the key changed is kept: colours off because of
	 * NO_COLOR, or ASCII because of the locale, are not the player's
	 * choice, and the next start weighs them again.
	 */
	if (ascii != was_ascii)
		u->settings.ascii = !u->v.utf8;
	if (color != was_color)
		u->settings.color = u->v.color;
	if (ui_settings_save(u, err, sizeof err) != 0)
		ui_title_note(u, "settings: ", err);
	else if (u->title.note[0] == '\0') {
		snprintf(line, sizeof line, "glyphs: %s, colours: %s (kept)",
		    u->v.utf8 ? "UTF-8" : "ASCII", u->v.color ? "on" : "off");
		ui_note(u->title.note, sizeof u->title.note, "", line);
	}
}

/* D: today's daily game (its try claimed). */
static enum ui_go
ui_title_daily(struct ui *u)
{
	char	err[UI_ERR_MAX];

	if ((u->next = ui_daily_open(u, "", err, sizeof err)) == NULL) {
		u->title.note[0] = '\0';
		ui_title_note(u, "daily game: ", err);
		return UI_GO_STAY;
	}
	u->next_resumed = false;
	return UI_GO_PLAY;
}

/* A key on the title screen. */
enum ui_go
ui_title_key(struct ui *u, int ch)
{
	struct ui_title	*t = &u->title;
	MEVENT		 ev;
	int		 row;

	switch (ch) {
	case KEY_UP:
	case 'k':
		t->sel--;
		break;
	case KEY_DOWN:
	case 'j':
		t->sel++;
		break;
	case KEY_PPAGE:
		t->sel -= 10;
		break;
	case KEY_NPAGE:
		t->sel += 10;
		break;
	case KEY_HOME:
		t->sel = 0;
		break;
	case KEY_END:
		t->sel = u->cat.n - 1;
		break;
	case '\n':
	case '\r':
	case ' ':
	case KEY_ENTER:
		return ui_title_play(u);
	case 'c':
	case 'C':
		return ui_title_continue(u);
	case 'd':
		t->game.difficulty = (t->game.difficulty + 1) % DIFF_NKINDS;
		ui_title_setting(u);
		return UI_GO_STAY;
	case 'e':
		t->game.endless = !t->game.endless;
		ui_title_setting(u);
		return UI_GO_STAY;
	case 'v':
		ui_replay_list(u);
		return UI_GO_STAY;
	case 'a':
		ui_title_style(u, u->v.utf8, u->v.color);
		return UI_GO_STAY;
	case 'o':
		ui_title_style(u, !u->v.utf8, !u->v.color);
		return UI_GO_STAY;
	case 'D':
		return ui_title_daily(u);
	case KEY_MOUSE:
		if (getmouse(&ev) != OK ||
		    !(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
			return UI_GO_STAY;
		/* The list starts on row UI_TITLE_LIST. */
		row = ev.y - UI_TITLE_LIST + t->top;
		if (ev.y < UI_TITLE_LIST || ev.y >= UI_TITLE_LIST + t->rows ||
		    row >= u->cat.n)
			return UI_GO_STAY;
		if (row == t->sel)
			return ui_title_play(u);
		t->sel = row;
		return UI_GO_STAY;
	default:
		return UI_GO_STAY;
	}
	if (t->sel >= u->cat.n)
		t->sel = u->cat.n - 1;
	if (t->sel < 0)
		t->sel = 0;
	return UI_GO_STAY;
}

/* Paint the title screen (the caller refreshes). */
void
ui_title_paint(struct ui *u, bool small)
{
	u->v.too_small = small;
	ui_title_draw(&u->v, &u->cat, &u->title);
}
