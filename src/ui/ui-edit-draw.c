/* SPDX-License-Identifier: ISC */
/*
 * Painting the editor's screen. One column a cell; the map fills the
 * left, a panel on the right lists every problem (with its cell, wave or
 * setting) and each spawn's route length, and three lines at the bottom
 * show the brushes, what is under the cursor and the last message. The
 * overlays of the exit field (heat, flow, sight, paths) are drawn over
 * open cells; the help, a form or the waves list over the map.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/kinds.h"
#include "nav/util.h"
#include "ui/ui-edit-bot.h"
#include "ui/ui-edit-draw.h"
#include "ui/ui-edit-file.h"

/* Work out where the map goes and keep the cursor in view. */
static void
ue_layout(struct ue *u)
{
	struct edit	*e = u->e;
	int		 avail;

	u->v.too_small = COLS < UI_MIN_COLS || LINES < UI_MIN_LINES;
	if (u->cx >= e->w)	/* an undone resize */
		u->cx = e->w - 1;
	if (u->cy >= e->h)
		u->cy = e->h - 1;
	u->panel = COLS >= e->w + UE_PANEL + 1 || COLS >= 40 + UE_PANEL;
	avail = COLS - (u->panel ? UE_PANEL + 1 : 0);
	u->cols = e->w < avail ? e->w : avail;
	u->rows = LINES - 1 - UE_BOTTOM;
	if (u->rows > e->h)
		u->rows = e->h;
	if (u->rows < 1)
		u->rows = 1;
	if (u->cols < 1)
		u->cols = 1;
	if (u->cx < u->ox)
		u->ox = u->cx;
	if (u->cx >= u->ox + u->cols)
		u->ox = u->cx - u->cols + 1;
	if (u->cy < u->oy)
		u->oy = u->cy;
	if (u->cy >= u->oy + u->rows)
		u->oy = u->cy - u->rows + 1;
	if (u->ox > e->w - u->cols)
		u->ox = e->w - u->cols;
	if (u->oy > e->h - u->rows)
		u->oy = e->h - u->rows;
	if (u->ox < 0)
		u->ox = 0;
	if (u->oy < 0)
		u->oy = 0;
	/* ui_map_cell_at reads the view. */
	u->v.cellw = 1;
	u->v.top = 1;
	u->v.left = 0;
	u->v.rows = u->rows;
	u->v.cols = u->cols;
	u->v.ox = u->ox;
	u->v.oy = u->oy;
}

/* The colour pair of a terrain. */
static short
ue_pair(int t)
{
	static const short pairs[LEVEL_NTERRAINS] = {
		[LEVEL_WALL] = UI_PAIR_WALL, [LEVEL_GROUND] = UI_PAIR_GROUND,
		[LEVEL_ROAD] = UI_PAIR_ROAD, [LEVEL_SLOW] = UI_PAIR_SLOW,
		[LEVEL_SPAWN] = UI_PAIR_SPAWN, [LEVEL_EXIT] = UI_PAIR_EXIT
	};

	return t >= 0 && t < LEVEL_NTERRAINS ? pairs[t] : UI_PAIR_WALL;
}

/* Whether (x, y) is in the rectangle being marked. */
static bool
ue_in_rect(const struct ue *u, int x, int y)
{
	int	x0 = u->rx < u->cx ? u->rx : u->cx;
	int	x1 = u->rx < u->cx ? u->cx : u->rx;
	int	y0 = u->ry < u->cy ? u->ry : u->cy;
	int	y1 = u->ry < u->cy ? u->cy : u->ry;

	return u->rect && x >= x0 && x <= x1 && y >= y0 && y <= y1;
}


/* Draw one map cell at the current screen position. */
static void
ue_draw_cell(struct ue *u, int x, int y, double maxd)
{
	static const char *const arrows_utf8[8] = {
		"\u2191", "\u2197", "\u2192", "\u2198",
		"\u2193", "\u2199", "\u2190", "\u2196"
	};
	static const char *const arrows_ascii[8] = {
		"^", "/", ">", "\\", "v", "/", "<", "\\"
	};
	struct edit	*e = u->e;
	int		 c = edit_get(e, x, y), t = level_glyph_terrain(c);
	int		 i = grid_index(e->grid, x, y);
	uint8_t		 mk = e->marks[(size_t)y * e->w + x];
	const char	*text;
	char		 g[2] = { (char)c, '\0' };
	short		 pair = ue_pair(t);
	attr_t		 attr = 0, mono = 0;
	bool		 open = t == LEVEL_GROUND || t == LEVEL_ROAD ||
			    t == LEVEL_SLOW;

	text = g;
	if (t == LEVEL_WALL && u->v.utf8)
		text = "\u2588";
	if (t == LEVEL_SPAWN || t == LEVEL_EXIT) {
		attr = A_BOLD;
		mono = A_BOLD | A_REVERSE;
	}
	if (t == LEVEL_GROUND)
		mono = A_DIM;
	if (open) {
		const struct field *f = e->field;

		switch (u->overlay) {
		case OVERLAY_HEAT:
			if (f->dist[i] != FIELD_INF && u->v.nramp > 0 &&
			    maxd > 0) {
				int b = (int)((double)f->dist[i] /
				    (double)FIELD_UNIT / maxd * u->v.nramp);

				pair = (short)(UI_PAIR_RAMP + (b >= u->v.nramp ?
				    u->v.nramp - 1 : b));
			} else if (f->dist[i] != FIELD_INF) {
				g[0] = (char)('0' + (f->dist[i] /
				    FIELD_UNIT) % 10);
				mono = 0;
			}
			break;
		case OVERLAY_FLOW:
			if (f->dir[i] >= 0 && f->dir[i] < 8) {
				text = u->v.utf8 ? arrows_utf8[f->dir[i]] :
				    arrows_ascii[f->dir[i]];
				pair = UI_PAIR_ARROW;
				mono = 0;
			}
			break;
		case OVERLAY_LOS:
			if (f->los[i]) {
				pair = UI_PAIR_LOS;
				mono = A_REVERSE;
			}
			break;
		case OVERLAY_PATH:
			if (mk & EDIT_ROUTE_ON) {
				text = u->v.utf8 ? "\u2022" : "*";
				pair = UI_PAIR_ROUTE;
				attr = mono = A_BOLD;
			}
			break;
		default:
			break;
		}
	}
	if (e->m.has_hero && e->m.hero_x == x && e->m.hero_y == y) {
		text = "@";
		pair = UI_PAIR_HERO;
		attr = mono = A_BOLD;
	}
	if (mk & EDIT_ROUTE_BAD) {
		pair = UI_PAIR_BLOCK;
		attr = A_BOLD;
		mono = A_BOLD | A_UNDERLINE;
	}
	if ((x == u->cx && y == u->cy) || ue_in_rect(u, x, y)) {
		attr ^= A_REVERSE;
		mono ^= A_REVERSE;
	}
	ui_draw_attr(&u->v, pair, attr, mono);
	addstr(text);
}

/* Draw the map in view. */
static void
ue_draw_map(struct ue *u)
{
	struct edit	*e = u->e;
	double		 maxd = 0, d;
	int		 x, y;

	if (u->overlay == OVERLAY_HEAT) {
		for (y = 0; y < e->h; y++) {
			for (x = 0; x < e->w; x++) {
				d = field_distance(e->field, x, y);
				if (isfinite(d) && d > maxd)
					maxd = d;
			}
		}
	}
	for (y = u->oy; y < u->oy + u->rows; y++) {
		move(1 + y - u->oy, 0);
		for (x = u->ox; x < u->ox + u->cols; x++)
			ue_draw_cell(u, x, y, maxd);
	}
	attrset(A_NORMAL);
}

/* Where a problem is, for the panel: "x,y", "wave 2", or "". */
static void
ue_problem_place(const struct edit_problem *p, char *buf, size_t size)
{
	if (p->x >= 0)
		snprintf(buf, size, "%d,%d ", p->x, p->y);
	else if (p->wave >= 0 && p->group >= 0)
		snprintf(buf, size, "w%d g%d ", p->wave + 1, p->group + 1);
	else if (p->wave >= 0)
		snprintf(buf, size, "w%d ", p->wave + 1);
	else
		buf[0] = '\0';
}

/*
 * Draw text from row y at column x, wrapped at blanks to the panel's
 * width (continuation lines indented), on rows before last; the next row.
 */
static int
ue_draw_wrapped(struct ue *u, int y, int x, int last, const char *text)
{
	const char	*s = text;
	int		 width = UE_PANEL - 1, indent = 0;
	char		 part[256];

	while (*s != '\0' && y < last) {
		size_t	n = 0, cut = 0;
		int	cols = 0;

		/* As many characters as fit; cut at the last blank. */
		while (s[n] != '\0' && cols < width - indent) {
			if (s[n] == ' ')
				cut = n;
			cols += ((unsigned char)s[n] & 0xc0) != 0x80;
			n++;
		}
		while (((unsigned char)s[n] & 0xc0) == 0x80)
			n++;
		if (s[n] != '\0' && cut > 0)
			n = cut;
		if (n >= sizeof part)
			n = sizeof part - 1;
		memcpy(part, s, n);
		part[n] = '\0';
		ui_draw_text_at(&u->v, y++, x + indent, part);
		s += n;
		while (*s == ' ')
			s++;
		indent = 2;
	}
	return y;
}

/* The side panel: problems, then routes. */
static void
ue_draw_panel(struct ue *u)
{
	struct edit	*e = u->e;
	int		 x = COLS - UE_PANEL, y = 1, last = LINES - UE_BOTTOM - 1;
	int		 i;
	char		 line[256], at[32];

	if (!u->panel)
		return;
	attrset(A_BOLD);
	if (e->nproblems == 0) {
		ui_draw_attr(&u->v, UI_PAIR_GOOD, A_BOLD, A_BOLD);
		ui_draw_text_at(&u->v, y++, x, "No problems: ready to save");
	} else {
		ui_draw_attr(&u->v, UI_PAIR_ERROR, A_BOLD, A_BOLD);
		snprintf(line, sizeof line, "%d problem%s (n: go to next)",
		    e->nproblems, e->nproblems == 1 ? "" : "s");
		ui_draw_text_at(&u->v, y++, x, line);
	}
	attrset(A_NORMAL);
	for (i = 0; i < e->nproblems && y < last - 2; i++) {
		ue_problem_place(&e->problems[i], at, sizeof at);
		snprintf(line, sizeof line, "%s%s", at, e->problems[i].msg);
		y = ue_draw_wrapped(u, y, x, last - 2, line);
	}
	y++;
	attrset(A_BOLD);
	if (y < last)
		ui_draw_text_at(&u->v, y++, x, "Routes (spawn: cells to exit)");
	attrset(A_NORMAL);
	for (i = 0; i < e->nroutes && y < last; i++) {
		const struct edit_route *r = &e->routes[i];

		if (isfinite(r->length))
			snprintf(line, sizeof line, "%c at %d,%d: %.1f", r->label,
			    r->x, r->y, r->length);
		else
			snprintf(line, sizeof line, "%c at %d,%d: no way out",
			    r->label, r->x, r->y);
		ui_draw_text_at(&u->v, y++, x, line);
	}
}

/* The title bar. */
static void
ue_draw_title(struct ue *u)
{
	char	line[PATH_MAX + 256], brush[64];

	ue_brush_name(u, brush, sizeof brush);
	snprintf(line, sizeof line, " %s%s | %d problem%s | brush: %s%s | "
	    "overlay: %s | %dx%d | ?: keys | weir editor", u->path,
	    edit_modified(u->e) ? " [modified]" : "", u->e->nproblems,
	    u->e->nproblems == 1 ? "" : "s", brush, u->pen ? " (pen down)" :
	    "", overlay_name(u->overlay), u->e->w, u->e->h);
	ui_draw_attr(&u->v, UI_PAIR_TITLE, 0, A_REVERSE);
	move(0, 0);
	hline(' ', COLS);
	ui_draw_text_at(&u->v, 0, 0, line);
	attrset(A_NORMAL);
}

/* The bottom lines: brushes, the cursor, the message. */
static void
ue_draw_bottom(struct ue *u)
{
	struct edit	*e = u->e;
	char		 line[512], part[64];
	size_t		 n = 0;
	int		 t, y = LINES - UE_BOTTOM;

	line[0] = '\0';
	for (t = 0; u->bot.lv == NULL && t <= UE_BRUSH_HERO; t++) {
		if (t == UE_BRUSH_HERO)
			snprintf(part, sizeof part, "%d hero  ", t + 1);
		else if (t == LEVEL_SPAWN)
			snprintf(part, sizeof part, "%d/A-Z spawn  ", t + 1);
		else
			snprintf(part, sizeof part, "%d %c %s  ", t + 1,
			    level_terrain_types[t].glyph,
			    level_terrain_types[t].name);
		n += strlcpy_w(line + n, part, sizeof line - n);
		if (n >= sizeof line)
			break;
	}
	if (u->bot.lv != NULL)
		ue_bot_note(u, line, sizeof line);
	ui_draw_text_at(&u->v, y, 0, line);
	{
		int c = edit_get(e, u->cx, u->cy), k;
		double d = field_distance(e->field, u->cx, u->cy);

		char what[32];

		k = level_glyph_terrain(c);
		if (k == LEVEL_SPAWN)
			snprintf(what, sizeof what, "spawn %c", c);
		else
			snprintf(what, sizeof what, "%s",
			    level_terrain_types[k].name);
		if (k == LEVEL_WALL)
			part[0] = '\0';
		else if (isfinite(d))
			snprintf(part, sizeof part, ": %.1f cells to an exit",
			    d);
		else
			snprintf(part, sizeof part, ": no way to an exit");
		snprintf(line, sizeof line, "%d,%d %s%s%s", u->cx, u->cy, what,
		    part, u->rect ? " | rectangle: f fills, Esc drops" : "");
		ui_draw_text_at(&u->v, y + 1, 0, line);
	}
	if (u->msg_err)
		ui_draw_attr(&u->v, UI_PAIR_ERROR, A_BOLD, A_BOLD);
	ui_draw_text_at(&u->v, y + 2, 0, u->msg);
	attrset(A_NORMAL);
}

/* The keys, for the help box. */
static const char *const ue_help[] = {
	"weir level editor: keys",
	"",
	"arrows, h j k l   move the cursor (shift: 8 cells)",
	"1 to 7            choose the brush (see the bottom line)",
	"A to Z            the spawn brush with that letter",
	"space, Enter      paint the cursor's cell",
	"d                 pen down or up: moving paints",
	"f                 mark a corner, then f again to fill",
	"mouse left        click or drag to paint",
	"mouse right       drag a rectangle to fill",
	"u, r              undo, redo (no limit)",
	"o                 next overlay: heatmap, arrows, sight, routes",
	"n                 go to the next problem",
	"e                 settings: title, gold, lives, movement...",
	"w                 waves: add, remove, reorder, edit groups",
	"p                 play the level in the game, then come back",
	"b                 the bot plays it (Esc stops it): won or lost, "
	    "lives kept; its rating is the least share of its income, in %, "
	    "the strongest strategy needs to win",
	"s                 save (twice to save with problems)",
	"a                 save as: another path (offered when a save fails)",
	"q                 quit (twice when there are unsaved changes)",
	"?                 this help (Esc closes)",
};

/* The settings or waves form, over the map. */
static void
ue_draw_form(struct ue *u)
{
	struct ue_form	*f = &u->form;
	const char	*lines[UE_FIELDS * 2 + 8];
	char		 text[UE_FIELDS + 4][LEVEL_DESC_MAX + 64];
	char		 hint[KIND_LIST_MAX + 64];
	int		 n = 0, i, first = 0, shown;

	lines[n++] = f->title;
	lines[n++] = "";
	for (i = 0; i < f->n; i++) {
		const char	*tail = f->f[i].buf;
		int		 room = COLS - 24;

		/* The field typed in shows its end when it does not fit. */
		if (i == f->sel && room > 4 && ui_draw_width(tail) > room) {
			while (ui_draw_width(tail) > room - 1)
				tail++;
			while (((unsigned char)*tail & 0xc0) == 0x80)
				tail++;
		}
		snprintf(text[i], sizeof text[i], "%s %-12s %s%s%s",
		    i == f->sel ? ">" : " ", f->f[i].label, tail !=
		    f->f[i].buf ? "<" : "", tail, i == f->sel ? "_" : "");
		lines[n++] = text[i];
	}
	lines[n++] = "";
	if (f->f[f->sel].enemy) {
		char names[KIND_LIST_MAX];

		enemy_list(names, sizeof names);
		snprintf(hint, sizeof hint, "kinds: %s (Left/Right)", names);
		lines[n++] = hint;
	}
	lines[n++] = "Up/Down: field, Enter: done, Esc: cancel";
	if (f->err[0] != '\0')
		lines[n++] = f->err;
	/* On a short screen the box scrolls to keep the field in view. */
	shown = (n + 2 < LINES ? n + 2 : LINES) - 2;
	if (f->sel + 2 >= shown)
		first = f->sel + 3 - shown;
	ui_draw_box_from(&u->v, lines, n, &first);
}



/* The waves list, over the map. */
static void
ue_draw_waves(struct ue *u)
{
	const struct edit_meta	*m = &u->e->m;
	int			 rows = ue_wave_rows(m), r, w = 0, g = -1;
	int			 y = 1;
	int			 room = LINES - 6;
	char			 line[256], s1[32], s2[32];

	if (u->wsel >= rows)
		u->wsel = rows - 1;
	if (u->wsel < 0)
		u->wsel = 0;
	if (u->wsel < u->wtop)
		u->wtop = u->wsel;
	if (u->wsel >= u->wtop + room)
		u->wtop = u->wsel - room + 1;
	erase();
	ui_draw_attr(&u->v, UI_PAIR_TITLE, 0, A_REVERSE);
	move(0, 0);
	hline(' ', COLS);
	snprintf(line, sizeof line, " Waves of %s: %d wave%s", m->title,
	    m->nwaves, m->nwaves == 1 ? "" : "s");
	ui_draw_text_at(&u->v, 0, 0, line);
	attrset(A_NORMAL);
	for (r = u->wtop; r < rows && y < 1 + room; r++, y++) {
		ue_wave_row(m, r, &w, &g);
		if (g < 0) {
			edit_seconds(s1, sizeof s1, m->waves[w].after_ms);
			snprintf(line, sizeof line, "wave %d, after %s s%s", w + 1,
			    s1, m->waves[w].ngroups == 0 ? " (no groups)" : "");
		} else {
			const struct level_group *gr = &m->waves[w].groups[g];

			edit_seconds(s1, sizeof s1, gr->every_ms);
			edit_seconds(s2, sizeof s2, gr->after_ms);
			snprintf(line, sizeof line, "    group %d: %d %s from %c, "
			    "every %s s, after %s s", g + 1, gr->count,
			    enemy_name(gr->enemy), gr->from, s1, s2);
		}
		attrset(r == u->wsel ? A_REVERSE : A_NORMAL);
		ui_draw_text_at(&u->v, y, 1, line);
	}
	attrset(A_NORMAL);
	if (rows == 0)
		ui_draw_text_at(&u->v, 1, 1, "no waves: a adds one");
	ui_draw_text_at(&u->v, LINES - 4, 0, "Enter: edit  a: add a group  "
	    "W: add a wave  x: remove  -/+: move up/down");
	ui_draw_text_at(&u->v, LINES - 3, 0, "u/r: undo/redo  Esc or w: "
	    "back to the map");
	if (u->msg_err)
		ui_draw_attr(&u->v, UI_PAIR_ERROR, A_BOLD, A_BOLD);
	ui_draw_text_at(&u->v, LINES - 1, 0, u->msg);
	attrset(A_NORMAL);
}

/* The open question's box, over everything. */
static void
ue_draw_ask(struct ue *u)
{
	struct ue_ask_text	*t;
	const char		*lines[UE_ASK_LINES];

	if (u->ask == UE_ASK_NONE)
		return;
	t = xmalloc(sizeof *t);
	ue_ask_lines(u, t);
	for (int i = 0; i < t->n; i++)
		lines[i] = t->line[i];
	ui_draw_box(&u->v, lines, t->n);
	free(t);
}

/* Paint the whole screen. */
void
ue_paint(struct ue *u)
{
	edit_refresh(u->e);
	erase();
	ue_layout(u);
	if (u->v.too_small) {
		ui_draw_too_small(&u->v, NULL);
		refresh();
		return;
	}
	if (u->mode == UE_WAVES) {
		ue_draw_waves(u);
		if (u->form.n > 0)
			ue_draw_form(u);
		ue_draw_ask(u);
		refresh();
		return;
	}
	ue_draw_title(u);
	ue_draw_map(u);
	ue_draw_panel(u);
	ue_draw_bottom(u);
	if (u->mode == UE_HELP) {
		int first = u->help_top;

		ui_draw_box_from(&u->v, ue_help,
		    (int)(sizeof ue_help / sizeof ue_help[0]), &first);
		u->help_top = first;
	} else if (u->mode == UE_FORM)
		ue_draw_form(u);
	ue_draw_ask(u);
	refresh();
}


/* The form of a new level's size, drawn alone: there is no map yet. */
void
ue_paint_new(struct ue *u)
{
	const char	*lines[8];
	char		 a[LEVEL_DESC_MAX + 32], b[LEVEL_DESC_MAX + 32];
	int		 first = 0, n = 0;

	erase();
	snprintf(a, sizeof a, "%s width  %s%s", u->form.sel == 0 ? ">" : " ",
	    u->form.f[0].buf, u->form.sel == 0 ? "_" : "");
	snprintf(b, sizeof b, "%s height %s%s", u->form.sel == 1 ? ">" : " ",
	    u->form.f[1].buf, u->form.sel == 1 ? "_" : "");
	lines[n++] = u->form.title;
	lines[n++] = "";
	lines[n++] = a;
	lines[n++] = b;
	lines[n++] = "";
	lines[n++] = "Up/Down: field, Enter: make it, Esc: quit";
	if (u->form.err[0] != '\0')
		lines[n++] = u->form.err;
	if (u->ask == UE_ASK_NONE)
		ui_draw_box_from(&u->v, lines, n, &first);
	ue_draw_ask(u);
	refresh();
}
