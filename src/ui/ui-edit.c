/* SPDX-License-Identifier: ISC */
/*
 * The level editor: its loop, its keys and clicks on the map, and playing
 * the level. Keys and clicks become core/edit.h calls: a key paints one
 * cell, a pen (d) or a drag with the left button paints a stroke, the
 * right button or f twice fills a rectangle; each is one undo step. The
 * state is in ui-edit-state.c, the painting in ui-edit-draw.c, the forms
 * and the waves list in ui-edit-form.c, saving and its questions in
 * ui-edit-file.c, the bot's trial (played a slice at a time between two
 * reads of the keys, the loop not sleeping meanwhile) in ui-edit-bot.c.
 *
 * Playing the level gives the terminal back (ui-term.h), runs the game on
 * a temporary copy of the level (ui_run with trial set: no scores, no
 * saved game), and takes the terminal back afterwards. The editor waits
 * and handles signals as the game does; a stopping one ends it with the
 * terminal restored, and its on_stop hook keeps unsaved work in the
 * level's recovery file (ui-edit-file.c).
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif

#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/rate.h"
#include "core/kinds.h"
#include "core/text.h"
#include "ui/ui-edit-bot.h"
#include "ui/ui-edit-draw.h"
#include "ui/ui-edit-file.h"
#include "ui/ui-edit-form.h"
#include "ui/ui-edit.h"
#include "ui/ui-map.h"
#include "ui/ui-state.h"
#include "ui/ui.h"

/* How the editor takes the terminal: the mouse paints and fills. */
static const struct ui_term_how ue_how = {
	"the editor", NULL, BUTTON1_PRESSED | BUTTON1_RELEASED |
	    BUTTON3_PRESSED | BUTTON3_RELEASED | REPORT_MOUSE_POSITION
};




/* Jump to the next problem that has a cell. */
static void
ue_next_problem(struct ue *u)
{
	struct edit	*e = u->e;
	int		 i, k, best = -1;

	edit_refresh(e);
	for (k = 0; k < e->nproblems; k++) {
		i = e->problems[k].y * e->w + e->problems[k].x;
		if (e->problems[k].x < 0)
			continue;
		if (best < 0 && i > u->cy * e->w + u->cx)
			best = k;
	}
	for (k = 0; best < 0 && k < e->nproblems; k++) {
		if (e->problems[k].x >= 0)
			best = k;
	}
	if (best >= 0) {
		u->cx = e->problems[best].x;
		u->cy = e->problems[best].y;
		ue_say(u, true, "%s", e->problems[best].msg);
	} else if (e->nproblems > 0)
		ue_say(u, true, "%s", e->problems[0].msg);
	else
		ue_say(u, false, "no problems");
}

/* The level as a file the game can open, in a temporary file. */
static bool
ue_temp_level(struct ue *u, char *path, size_t size)
{
	const char	*dir = getenv("TMPDIR");
	char		*text;
	size_t		 len;
	FILE		*f;
	int		 fd;
	bool		 ok;

	if (dir == NULL || dir[0] != '/')
		dir = "/tmp";
	snprintf(path, size, "%s/weir-edit-XXXXXX", dir);
	if ((fd = mkstemp(path)) < 0) {
		ue_say(u, true, "%s: %s", path, strerror(errno));
		return false;
	}
	if ((f = fdopen(fd, "wb")) == NULL) {
		close(fd);
		unlink(path);
		ue_say(u, true, "%s: %s", path, strerror(errno));
		return false;
	}
	text = edit_text(u->e, &len);
	ok = fwrite(text, 1, len, f) == len;
	ok = fclose(f) == 0 && ok;
	free(text);
	if (!ok) {
		unlink(path);
		ue_say(u, true, "%s: cannot write", path);
	}
	return ok;
}

/* Whether the level can be played: no problems (else say so). */
static bool
ue_playable(struct ue *u)
{
	edit_refresh(u->e);
	if (u->e->nproblems == 0)
		return true;
	ue_say(u, true, "%d problem%s to fix before it can be played (n goes "
	    "to them)", u->e->nproblems, u->e->nproblems == 1 ? "" : "s");
	return false;
}

/* Play the level in the game, then take the terminal back. */
static void
ue_play(struct ue *u)
{
	struct ui_launch	 l;
	char			 path[PATH_MAX];
	int			 st;

	if (!ue_playable(u) || !ue_temp_level(u, path, sizeof path))
		return;
	ui_term_end(&u->term);
	memset(&l, 0, sizeof l);
	l.level = path;
	l.name = u->e->m.title;
	l.level_dir = u->l->level_dir;
	l.seed = u->l->seed;
	l.opt = u->l->opt;
	l.trial = true;
	st = ui_run(&l);
	unlink(path);
	if (st >= 128) {
		ui_term_stop(st - 128);
		return;
	}
	if (!ui_term_start(&u->term, &ue_how, &u->l->opt, &u->v)) {
		u->done = true;
		u->status = 1;
		return;
	}
	ue_say(u, st != 0, st == 0 ? "back from playing %s" :
	    "the game could not start: %s", u->e->m.title);
}

/* A click or drag on the map. */
static void
ue_mouse(struct ue *u)
{
	MEVENT	ev;
	int	x, y;
	bool	on;

	if (getmouse(&ev) != OK)
		return;
	on = ui_map_cell_at(&u->v, ev.y, ev.x, &x, &y);
	if (ev.bstate & BUTTON1_PRESSED) {
		if (!on)
			return;
		u->ldown = true;
		u->cx = x;
		u->cy = y;
		edit_begin(u->e);
		ue_paint_at(u, x, y);
	} else if (ev.bstate & BUTTON3_PRESSED) {
		if (!on)
			return;
		u->rdown = u->rect = true;
		u->rx = u->cx = x;
		u->ry = u->cy = y;
	} else if (ev.bstate & (BUTTON1_RELEASED | BUTTON3_RELEASED |
	    REPORT_MOUSE_POSITION)) {
		if (on) {
			u->cx = x;
			u->cy = y;
			if (u->ldown)
				ue_paint_at(u, x, y);
		}
		if ((ev.bstate & BUTTON1_RELEASED) && u->ldown) {
			u->ldown = false;
			edit_end(u->e);
		}
		if ((ev.bstate & BUTTON3_RELEASED) && u->rdown) {
			u->rdown = u->rect = false;
			if (ue_brush_glyph(u) != 0)
				edit_fill(u->e, u->rx, u->ry, u->cx, u->cy,
				    ue_brush_glyph(u));
		}
	}
}

/* d: the pen down (painting the cell under it) or up. */
static void
ue_pen(struct ue *u)
{
	u->pen = !u->pen;
	if (u->pen) {
		edit_begin(u->e);
		ue_paint_at(u, u->cx, u->cy);
	} else
		edit_end(u->e);
}

/* f: a rectangle's first corner, or its second: fill it. */
static void
ue_rect(struct ue *u)
{
	if (!u->rect) {
		u->rect = true;
		u->rx = u->cx;
		u->ry = u->cy;
		return;
	}
	u->rect = false;
	if (ue_brush_glyph(u) == 0)
		ue_say(u, true, "the hero starts on one cell: no rectangle");
	else
		ue_say(u, false, "%d cells filled", edit_fill(u->e, u->rx, u->ry,
		    u->cx, u->cy, ue_brush_glyph(u)));
}

/* q: quit, unless there are unsaved changes (then a second q). */
static void
ue_quit(struct ue *u)
{
	if (!edit_modified(u->e) || u->quit_armed)
		u->done = true;
	else {
		u->quit_armed = true;
		ue_say(u, true, "unsaved changes: q again quits without them, "
		    "s saves");
	}
}

/* A key that moves the cursor or chooses a brush; false if ch is none. */
static bool
ue_key_cursor(struct ue *u, int ch)
{
	static const struct {
		int	key, dx, dy;
	} moves[] = {
		{ KEY_UP, 0, -1 }, { 'k', 0, -1 }, { KEY_SR, 0, -8 },
		{ KEY_DOWN, 0, 1 }, { 'j', 0, 1 }, { KEY_SF, 0, 8 },
		{ KEY_LEFT, -1, 0 }, { 'h', -1, 0 }, { KEY_SLEFT, -8, 0 },
		{ KEY_RIGHT, 1, 0 }, { 'l', 1, 0 }, { KEY_SRIGHT, 8, 0 },
	};

	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
		if (ch == moves[i].key) {
			ue_move(u, moves[i].dx, moves[i].dy);
			return true;
		}
	}
	if (ch >= '1' && ch <= '1' + UE_BRUSH_HERO) {
		u->brush = ch - '1';
		return true;
	}
	if (ch >= 'A' && ch <= 'Z') {
		u->brush = LEVEL_SPAWN;
		u->spawn = (char)ch;
		return true;
	}
	return false;
}

/* A key on the map. */
static void
ue_key_map(struct ue *u, int ch)
{
	bool	save = false, quit = false;

	if (ue_key_cursor(u, ch))
		return;
	switch (ch) {
	case ' ':
	case '\n':
	case '\r':
	case KEY_ENTER:
		ue_paint_at(u, u->cx, u->cy);
		break;
	case 'd':
		ue_pen(u);
		break;
	case 'f':
		ue_rect(u);
		break;
	case UE_KEY_ESC:
		u->rect = false;
		if (u->pen) {
			u->pen = false;
			edit_end(u->e);
		}
		break;
	case 'u':
		u->pen = false;
		if (!edit_undo(u->e))
			ue_say(u, true, "nothing to undo");
		break;
	case 'r':
		u->pen = false;
		if (!edit_redo(u->e))
			ue_say(u, true, "nothing to redo");
		break;
	case 'o':
		do {
			u->overlay = (u->overlay + 1) % OVERLAY_NKINDS;
		} while (!ue_overlay_drawn(u->overlay));
		break;
	case 'n':
		ue_next_problem(u);
		break;
	case 'e':
		ue_form_settings(u);
		break;
	case 'w':
		u->mode = UE_WAVES;
		u->form.n = 0;
		break;
	case 'p':
		ue_play(u);
		break;
	case 'b':
		ue_bot_start(u);
		break;
	case 's':
		save = true;
		ue_file_save(u);
		break;
	case 'a':
		ue_file_save_as(u);
		break;
	case 'q':
		quit = true;
		ue_quit(u);
		break;
	case '?':
		u->mode = UE_HELP;
		break;
	case KEY_MOUSE:
		ue_mouse(u);
		return;
	default:
		return;
	}
	if (!save)
		u->save_armed = false;
	if (!quit)
		u->quit_armed = false;
}

/* Handle one key. */
static void
ue_key(struct ue *u, int ch)
{
	if (ch == KEY_RESIZE)
		return;
	if (u->ask != UE_ASK_NONE) {
		ue_ask_key(u, ch);
		return;
	}
	if (ue_bot_going(u)) {
		ue_bot_key(u, ch);
		return;
	}
	switch (u->mode) {
	case UE_HELP:
		if (ch == KEY_DOWN || ch == 'j')
			u->help_top++;
		else if (ch == KEY_UP || ch == 'k')
			u->help_top--;
		else
			u->mode = UE_MAP;
		break;
	case UE_FORM:
		ue_key_form(u, ch);
		break;
	case UE_WAVES:
		ue_key_waves(u, ch);
		break;
	case UE_MAP:
		ue_key_map(u, ch);
		break;
	}
	ue_start_hint(u);
}

/* Where a level read from path is saved: a Moving AI map as .weir. */
static void
ue_save_path(struct ue *u, const char *path)
{
	size_t	n = strlen(path);

	if (n > 4 && strcmp(path + n - 4, ".map") == 0)
		snprintf(u->path, sizeof u->path, "%.*s.weir", (int)(n - 4),
		    path);
	else
		snprintf(u->path, sizeof u->path, "%s", path);
}

/* A signal stops the editor: keep the unsaved level (the terminal is back). */
static void
ue_on_stop(int sig, void *arg)
{
	ue_file_stopped(arg, sig);
}

/*
 * Paint when something changed, sleep until a key or a signal, and read
 * every key waiting; until the author quits or a signal stops it.
 */
static void
ue_loop(struct ue *u)
{
	bool	dirty = true, readable;
	int	ch, n;

	while (!u->done && ui_term_stopped() == 0) {
		if (ui_term_events() != 0)
			dirty = true;
		if (dirty && u->e == NULL)
			ue_paint_new(u);
		else if (dirty)
			ue_paint(u);
		if (dirty)
			ui_state_edit(u);
		dirty = false;
		readable = ui_term_wait(&u->term, ue_bot_going(u) ? 0 : -1);
		/* Keys save, and play the level: files, maybe a lock. */
		ui_term_let_stops(&u->term, true);
		for (n = 0; !u->done && ui_term_stopped() == 0 &&
		    u->term.scr != NULL && (ch = ui_term_key()) != ERR; n++) {
			dirty = true;
			if (u->e == NULL && u->ask == UE_ASK_NONE)
				ue_key_form(u, ch);
			else
				ue_key(u, ch);
		}
		ui_term_let_stops(&u->term, false);
		ui_term_read(&u->term, readable, n);
		if (ue_bot_going(u) && !u->done && ui_term_stopped() == 0) {
			ue_bot_slice(u);	/* signals wait till it ends */
			dirty = true;
		}
	}
}

/* Run the editor; see ui-edit.h. */
int
ui_edit_run(const struct ui_edit_launch *l)
{
	struct ue		 u;
	char			 err[UE_ERR_MAX];

	memset(&u, 0, sizeof u);
	u.l = l;
	u.spawn = 'A';
	u.brush = LEVEL_WALL;
	u.overlay = OVERLAY_PATH;
	setlocale(LC_ALL, "");
	if (strlen(l->path) >= sizeof u.path - 8) {
		fprintf(stderr, "weir: %s: path too long\n", l->path);
		return 1;
	}
	ue_save_path(&u, l->path);
	if (access(l->path, F_OK) == 0) {
		if ((u.e = edit_load(l->path, err, sizeof err)) == NULL) {
			char	shown[3 * UE_ERR_MAX];

			fprintf(stderr, "%s\n", text_visible(shown,
			    sizeof shown, err));
			if (edit_recover_find(u.path, u.ask_path,
			    sizeof u.ask_path))
				fprintf(stderr, "weir: its unsaved level is "
				    "kept in %s\n", text_visible(shown,
				    sizeof shown, u.ask_path));
			return 1;
		}
		u.cx = u.e->w / 2;
		u.cy = u.e->h / 2;
		ue_say(&u, false, "%s: %dx%d, %d wave%s; ? lists the keys",
		    l->path, u.e->w, u.e->h, u.e->m.nwaves,
		    u.e->m.nwaves == 1 ? "" : "s");
	}
	ue_file_offer(&u);

	ui_term_catch(&u.term);
	u.term.on_stop = ue_on_stop;
	u.term.on_stop_arg = &u;
	if (!ui_term_start(&u.term, &ue_how, &l->opt, &u.v)) {
		ui_term_release(&u.term);
		edit_free(u.e);
		return 1;
	}
	if (u.e == NULL) {
		memset(&u.form, 0, sizeof u.form);
		u.form.kind = UE_FORM_NEW;
		u.form.title = "A new level: its size";
		ue_field(&u.form, "width", 4, "%d", UE_NEW_W);
		ue_field(&u.form, "height", 4, "%d", UE_NEW_H);
	}
	ue_loop(&u);
	ui_term_end(&u.term);
	if (ui_term_stopped() != 0)
		u.status = 128 + ui_term_stopped();
	ui_term_release(&u.term);
	ue_bot_drop(&u);
	edit_free(u.e);
	return u.status;
}

