/* SPDX-License-Identifier: ISC */
/*
 * The editor's screen. One column a cell; the map fills the left, a panel
 * on the right lists every problem (with its cell, wave or setting) and
 * each spawn's route length, and three lines at the bottom show the
 * brushes, what is under the cursor and the last message. Keys and clicks
 * become core/edit.h calls: a key paints one cell, a pen (d) or a drag
 * with the left button paints a stroke, the right button or f twice fills
 * a rectangle; each is one undo step. Forms for the settings and the
 * waves edit a copy of them and hand it to edit_set_meta.
 *
 * Playing the level ends the editor's curses screen, runs the game on a
 * temporary copy of the level (ui_run with trial set: no scores, no
 * saved game), and takes the terminal back afterwards.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif

#include <errno.h>
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/edit.h"
#include "core/rate.h"
#include "core/kinds.h"
#include "core/level.h"
#include "core/text.h"
#include "core/textio.h"
#include "nav/util.h"
#include "ui/ui-curses.h"
#include "ui/ui-draw.h"
#include "ui/ui-edit.h"

#define UE_PANEL	34	/* columns of the side panel */
#define UE_BOTTOM	3	/* brushes, cursor, message */
#define UE_MSG_MAX	512
#define UE_ERR_MAX	1024
#define UE_NEW_W	32	/* a new level's size, offered */
#define UE_NEW_H	16
#define UE_FIELDS	9
#define UE_KEY_ESC	27
#define UE_BRUSH_HERO	LEVEL_NTERRAINS	/* the brush after the terrains */

static volatile sig_atomic_t ue_signal;	/* a signal that stops the editor */

/* What has the keyboard. */
enum ue_mode {
	UE_MAP,
	UE_HELP,
	UE_FORM,
	UE_WAVES
};

/* What a form is for. */
enum ue_form_kind {
	UE_FORM_NEW,		/* the size of a new level */
	UE_FORM_SETTINGS,
	UE_FORM_WAVE,
	UE_FORM_GROUP
};

struct ue_field {
	const char	*label;
	char		 buf[LEVEL_DESC_MAX + 1];
	size_t		 max;		/* bytes */
	bool		 enemy;		/* Left and Right cycle the kinds */
};

struct ue_form {
	enum ue_form_kind kind;
	const char	*title;
	int		 n, sel;
	struct ue_field	 f[UE_FIELDS];
	int		 wave, group;
	char		 err[UE_MSG_MAX];
};

struct ue {
	const struct ui_edit_launch *l;
	struct edit	*e;
	char		 path[PATH_MAX];	/* where save writes */
	bool		 exists;		/* something is at path */
	struct ui_view	 v;
	enum ue_mode	 mode;
	struct ue_form	 form;
	int		 help_top;

	int		 cx, cy;
	int		 brush;			/* a terrain, or the hero */
	char		 spawn;			/* the spawn brush's letter */
	bool		 pen;			/* moving paints */
	bool		 rect;			/* a rectangle's corner is set */
	int		 rx, ry;
	bool		 ldown, rdown;		/* mouse buttons held */
	int		 overlay;

	int		 wsel, wtop;		/* the waves list */

	int		 ox, oy, rows, cols;	/* the map in view */
	bool		 panel;

	char		 msg[UE_MSG_MAX];
	bool		 msg_err;
	bool		 save_armed, quit_armed;
	bool		 done;
	int		 status;
};

/* Remember a signal that stops the editor. */
static void
ue_on_signal(int sig)
{
	ue_signal = sig;
}

/* Set the message line. */
static void __attribute__((format(printf, 3, 4)))
ue_say(struct ue *u, bool err, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(u->msg, sizeof u->msg, fmt, ap);
	va_end(ap);
	u->msg_err = err;
}

/* The glyph the brush paints; 0 for the hero. */
static int
ue_brush_glyph(const struct ue *u)
{
	if (u->brush == LEVEL_SPAWN)
		return u->spawn;
	if (u->brush == UE_BRUSH_HERO)
		return 0;
	return level_terrain_types[u->brush].glyph;
}

/* The brush's name for the screen. */
static void
ue_brush_name(const struct ue *u, char *buf, size_t size)
{
	if (u->brush == UE_BRUSH_HERO)
		snprintf(buf, size, "hero's start");
	else if (u->brush == LEVEL_SPAWN)
		snprintf(buf, size, "spawn %c", u->spawn);
	else
		snprintf(buf, size, "%s '%c'", level_terrain_types[u->brush].name,
		    level_terrain_types[u->brush].glyph);
}

/* Whether the locale's codeset is UTF-8. */
static bool
ue_utf8_locale(void)
{
	const char	*cs = nl_langinfo(CODESET);

	return cs != NULL && (strcmp(cs, "UTF-8") == 0 ||
	    strcmp(cs, "utf8") == 0 || strcmp(cs, "UTF8") == 0);
}

/* Take the terminal; false (and a message) if it cannot be. */
static SCREEN *
ue_start(struct ue *u)
{
	const struct ui_options	*opt = &u->l->opt;
	SCREEN			*scr;
	bool			 color, utf8 = ue_utf8_locale();

	if ((scr = newterm(NULL, stdout, stdin)) == NULL) {
		fprintf(stderr, "weir: cannot use this terminal\n");
		return NULL;
	}
	set_term(scr);
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	timeout(200);		/* to see signals while idle */
	set_escdelay(25);
	curs_set(0);
	if (!opt->no_mouse) {
		mousemask(BUTTON1_PRESSED | BUTTON1_RELEASED |
		    BUTTON3_PRESSED | BUTTON3_RELEASED |
		    REPORT_MOUSE_POSITION, NULL);
		mouseinterval(0);
	}
	color = !opt->no_color && has_colors() && getenv("NO_COLOR") == NULL;
	if (color && (start_color() == ERR || COLORS < 8))
		color = false;
#ifdef HAVE_NCURSESW
	ui_draw_init(&u->v, utf8 && !opt->ascii, utf8, color);
#else
	ui_draw_init(&u->v, false, utf8, color);
#endif
	return scr;
}

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
	/* ui_draw_cell_at reads the view. */
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

/* Whether the editor draws overlay k: those of the exit field. */
static bool
ue_overlay_drawn(int k)
{
	switch (k) {
	case OVERLAY_NONE:
	case OVERLAY_HEAT:
	case OVERLAY_FLOW:
	case OVERLAY_LOS:
	case OVERLAY_PATH:
		return true;
	default:
		return false;	/* towers' previews, the hunt, ... */
	}
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
	for (t = 0; t <= UE_BRUSH_HERO; t++) {
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
	"b                 the bot plays it: won or lost, lives kept",
	"s                 save (twice to save with problems)",
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

/* One line of the waves list: row r is a wave or a group. */
static bool
ue_wave_row(const struct edit_meta *m, int r, int *w, int *g)
{
	int	k;

	for (k = 0; k < m->nwaves; k++) {
		if (r == 0) {
			*w = k;
			*g = -1;
			return true;
		}
		r--;
		if (r < m->waves[k].ngroups) {
			*w = k;
			*g = r;
			return true;
		}
		r -= m->waves[k].ngroups;
	}
	return false;
}

/* Rows in the waves list. */
static int
ue_wave_rows(const struct edit_meta *m)
{
	int	n = m->nwaves;

	for (int k = 0; k < m->nwaves; k++)
		n += m->waves[k].ngroups;
	return n;
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

/* Paint the whole screen. */
static void
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
	refresh();
}

/* Add a field to the form. */
static void
ue_field(struct ue_form *f, const char *label, size_t max, const char *fmt,
    ...)
{
	struct ue_field	*fl = &f->f[f->n++];
	va_list		 ap;

	memset(fl, 0, sizeof *fl);
	fl->label = label;
	fl->max = max;
	va_start(ap, fmt);
	vsnprintf(fl->buf, sizeof fl->buf, fmt, ap);
	va_end(ap);
}

/* Open the settings form. */
static void
ue_form_settings(struct ue *u)
{
	struct ue_form		*f = &u->form;
	const struct edit_meta	*m = &u->e->m;

	memset(f, 0, sizeof *f);
	f->kind = UE_FORM_SETTINGS;
	f->title = "Settings";
	ue_field(f, "title", LEVEL_TITLE_MAX, "%s", m->title);
	ue_field(f, "description", LEVEL_DESC_MAX, "%s", m->description);
	ue_field(f, "gold", 8, "%d", m->gold);
	ue_field(f, "lives", 5, "%d", m->lives);
	ue_field(f, "movement", 1, "%d", m->diagonal ? 8 : 4);
	ue_field(f, "marsh cost", 1, "%d", m->slow_cost);
	if (m->has_hero)
		ue_field(f, "hero x y", 10, "%d %d", m->hero_x, m->hero_y);
	else
		ue_field(f, "hero x y", 10, "none");
	ue_field(f, "size", 9, "%dx%d", u->e->w, u->e->h);
	u->mode = UE_FORM;
}

/* Open the form of wave w, or of its group g. */
static void
ue_form_wave(struct ue *u, int w, int g)
{
	struct ue_form		*f = &u->form;
	const struct edit_meta	*m = &u->e->m;
	char			 s1[32], s2[32];

	memset(f, 0, sizeof *f);
	f->wave = w;
	f->group = g;
	if (g < 0) {
		f->kind = UE_FORM_WAVE;
		f->title = "Wave";
		edit_seconds(s1, sizeof s1, m->waves[w].after_ms);
		ue_field(f, "after (s)", 10, "%s", s1);
		return;
	}
	{
		const struct level_group *gr = &m->waves[w].groups[g];

		f->kind = UE_FORM_GROUP;
		f->title = "Group";
		ue_field(f, "count", 4, "%d", gr->count);
		ue_field(f, "kind", 32, "%s", enemy_name(gr->enemy));
		f->f[1].enemy = true;
		ue_field(f, "from", 1, "%c", gr->from);
		edit_seconds(s1, sizeof s1, gr->every_ms);
		edit_seconds(s2, sizeof s2, gr->after_ms);
		ue_field(f, "every (s)", 10, "%s", s1);
		ue_field(f, "after (s)", 10, "%s", s2);
	}
}

/* Read field k of the form as a whole number min..max; false with err. */
static bool
ue_form_int(struct ue_form *f, int k, long min, long max, int *out)
{
	int64_t	v;
	const char *s = f->f[k].buf;

	if (textio_int(s, strlen(s), min, max, &v) != TEXTIO_NUM_OK) {
		snprintf(f->err, sizeof f->err, "%s: expected %ld to %ld",
		    f->f[k].label, min, max);
		f->sel = k;
		return false;
	}
	*out = (int)v;
	return true;
}

/* Read field k as seconds (up to 3 decimals) 0..maxms; false with err. */
static bool
ue_form_seconds(struct ue_form *f, int k, int maxms, int *ms)
{
	uint64_t	 v;
	const char	*s = f->f[k].buf;

	if (textio_decimal(s, strlen(s), 3, (uint64_t)maxms, &v) !=
	    TEXTIO_NUM_OK) {
		snprintf(f->err, sizeof f->err, "%s: expected seconds 0 to %d "
		    "(like 2 or 0.25)", f->f[k].label, maxms / 1000);
		f->sel = k;
		return false;
	}
	*ms = (int)v;
	return true;
}

/* Read field k as text a level file can hold; false with err. */
static bool
ue_form_text(struct ue_form *f, int k, char *dst, size_t size, bool need)
{
	char		*s = f->f[k].buf;
	size_t		 n, i = 0, c;
	bool		 visible;

	while (*s == ' ' || *s == '\t')
		s++;
	n = strlen(s);
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	if (need && n == 0) {
		snprintf(f->err, sizeof f->err, "%s: needed", f->f[k].label);
		f->sel = k;
		return false;
	}
	while (i < n) {
		c = text_char(s + i, n - i, &visible);
		if ((unsigned char)s[i] < 0x20 || (c == 1 &&
		    (unsigned char)s[i] >= 0x7f) || !visible) {
			snprintf(f->err, sizeof f->err, "%s: only text, please",
			    f->f[k].label);
			f->sel = k;
			return false;
		}
		i += c;
	}
	if (n >= size)
		n = size - 1;
	memcpy(dst, s, n);
	dst[n] = '\0';
	return true;
}

/* Apply the settings form; false (err set) if a field is wrong. */
static bool
ue_apply_settings(struct ue *u)
{
	struct ue_form		*f = &u->form;
	struct edit_meta	*m = xmalloc(sizeof *m);
	int			 mv, x, y, w, h;
	bool			 ok = false, resized;
	char			 c;

	*m = u->e->m;
	if (sscanf(f->f[7].buf, "%dx%d%c", &w, &h, &c) != 2 ||
	    w < EDIT_NEW_MIN || h < EDIT_NEW_MIN || w > GRID_MAX_W ||
	    h > GRID_MAX_H) {
		snprintf(f->err, sizeof f->err, "size: WxH, each %d to %d",
		    EDIT_NEW_MIN, GRID_MAX_W);
		f->sel = 7;
		goto out;
	}
	if (!ue_form_text(f, 0, m->title, sizeof m->title, true) ||
	    !ue_form_text(f, 1, m->description, sizeof m->description,
	    false) ||
	    !ue_form_int(f, 2, 0, LEVEL_GOLD_MAX, &m->gold) ||
	    !ue_form_int(f, 3, 1, LEVEL_LIVES_MAX, &m->lives) ||
	    !ue_form_int(f, 4, 4, 8, &mv) ||
	    !ue_form_int(f, 5, 2, GRID_COST_MAX, &m->slow_cost))
		goto out;
	if (mv != 4 && mv != 8) {
		snprintf(f->err, sizeof f->err, "movement: 4 or 8");
		f->sel = 4;
		goto out;
	}
	m->diagonal = mv == 8;
	if (strcmp(f->f[6].buf, "none") == 0 || f->f[6].buf[0] == '\0')
		m->has_hero = false;
	else if (sscanf(f->f[6].buf, "%d %d", &x, &y) == 2 && x >= 0 &&
	    y >= 0 && x < w && y < h) {
		m->has_hero = true;
		m->hero_x = x;
		m->hero_y = y;
	} else {
		snprintf(f->err, sizeof f->err, "hero: X Y on the map, or "
		    "none");
		f->sel = 6;
		goto out;
	}
	resized = edit_resize(u->e, w, h);
	if (edit_set_meta(u->e, m))
		ue_say(u, false, resized ? "map resized, settings changed (two "
		    "steps to undo)" : "settings changed");
	else
		ue_say(u, false, resized ? "map resized to %dx%d" :
		    "settings as they were", w, h);
	if (u->cx >= w)
		u->cx = w - 1;
	if (u->cy >= h)
		u->cy = h - 1;
	ok = true;
out:
	free(m);
	return ok;
}

/* Apply a wave's or a group's form. */
static bool
ue_apply_wave(struct ue *u)
{
	struct ue_form		*f = &u->form;
	struct edit_meta	*m = xmalloc(sizeof *m);
	struct level_group	*gr;
	bool			 ok = false;
	int			 k;

	*m = u->e->m;
	if (f->kind == UE_FORM_WAVE) {
		if (!ue_form_seconds(f, 0, LEVEL_AFTER_MAX_MS,
		    &m->waves[f->wave].after_ms))
			goto out;
	} else {
		gr = &m->waves[f->wave].groups[f->group];
		if (!ue_form_int(f, 0, 1, LEVEL_COUNT_MAX, &gr->count))
			goto out;
		if ((k = enemy_lookup(f->f[1].buf, strlen(f->f[1].buf))) < 0) {
			char names[KIND_LIST_MAX];

			enemy_list(names, sizeof names);
			snprintf(f->err, sizeof f->err, "kind: one of %s", names);
			f->sel = 1;
			goto out;
		}
		gr->enemy = (enum enemy_kind)k;
		if (f->f[2].buf[0] < 'A' || f->f[2].buf[0] > 'Z' ||
		    f->f[2].buf[1] != '\0') {
			snprintf(f->err, sizeof f->err, "from: a spawn letter A "
			    "to Z");
			f->sel = 2;
			goto out;
		}
		gr->from = f->f[2].buf[0];
		if (!ue_form_seconds(f, 3, LEVEL_EVERY_MAX_MS, &gr->every_ms) ||
		    !ue_form_seconds(f, 4, LEVEL_AFTER_MAX_MS, &gr->after_ms))
			goto out;
	}
	edit_set_meta(u->e, m);
	ok = true;
out:
	free(m);
	return ok;
}

/* The new level's size form is answered: make it. */
static bool
ue_apply_new(struct ue *u)
{
	struct ue_form	*f = &u->form;
	const char	*base;
	char		 title[LEVEL_TITLE_MAX + 1];
	size_t		 n;
	int		 w, h;

	if (!ue_form_int(f, 0, EDIT_NEW_MIN, GRID_MAX_W, &w) ||
	    !ue_form_int(f, 1, EDIT_NEW_MIN, GRID_MAX_H, &h))
		return false;
	base = strrchr(u->path, '/');
	base = base == NULL ? u->path : base + 1;
	n = strcspn(base, ".");
	if (n == 0 || n > LEVEL_TITLE_MAX)
		n = strlen("New level");
	snprintf(title, sizeof title, "%.*s", (int)n, n == strcspn(base, ".") ?
	    base : "New level");
	for (size_t i = 0; title[i] != '\0'; i++) {
		if ((unsigned char)title[i] < 0x20 ||
		    (unsigned char)title[i] >= 0x7f)
			title[i] = '?';
	}
	u->e = edit_new(w, h, title);
	u->cx = w / 2;
	u->cy = h / 2;
	ue_say(u, false, "a new %dx%d level: paint a spawn (A-Z) and an exit "
	    "(6, '>'); ? lists the keys", w, h);
	return true;
}

/* A key in a form. */
static void
ue_key_form(struct ue *u, int ch)
{
	struct ue_form	*f = &u->form;
	struct ue_field	*fl = &f->f[f->sel];
	size_t		 n = strlen(fl->buf);
	bool		 ok;

	switch (ch) {
	case UE_KEY_ESC:
		if (f->kind == UE_FORM_NEW) {
			u->done = true;
			return;
		}
		f->n = 0;
		if (u->mode == UE_FORM)
			u->mode = UE_MAP;
		return;
	case KEY_UP:
	case KEY_BTAB:
		f->sel = (f->sel + f->n - 1) % f->n;
		return;
	case KEY_DOWN:
	case '\t':
		f->sel = (f->sel + 1) % f->n;
		return;
	case KEY_LEFT:
	case KEY_RIGHT:
		if (fl->enemy) {
			int k = enemy_lookup(fl->buf, n);

			k = k < 0 ? 0 : (k + (ch == KEY_RIGHT ? 1 :
			    ENEMY_NKINDS - 1)) % ENEMY_NKINDS;
			snprintf(fl->buf, sizeof fl->buf, "%s", enemy_name(k));
		}
		return;
	case KEY_BACKSPACE:
	case 127:
	case 8:
		while (n > 0 && ((unsigned char)fl->buf[n - 1] & 0xc0) == 0x80)
			n--;	/* a whole UTF-8 character */
		if (n > 0)
			fl->buf[n - 1] = '\0';
		return;
	case '\n':
	case '\r':
	case KEY_ENTER:
		f->err[0] = '\0';
		if (f->kind == UE_FORM_NEW)
			ok = ue_apply_new(u);
		else if (f->kind == UE_FORM_SETTINGS)
			ok = ue_apply_settings(u);
		else
			ok = ue_apply_wave(u);
		if (ok) {
			f->n = 0;
			if (u->mode == UE_FORM)
				u->mode = UE_MAP;
		}
		return;
	default:
		if (ch >= 0x20 && ch < 0x100 && ch != 0x7f && n < fl->max &&
		    n + 1 < sizeof fl->buf) {
			fl->buf[n] = (char)ch;
			fl->buf[n + 1] = '\0';
		}
		return;
	}
}

/* A key in the waves list. */
static void
ue_key_waves(struct ue *u, int ch)
{
	struct edit_meta	*m;
	int			 w = 0, g = -1, rows = ue_wave_rows(&u->e->m);
	bool			 have;

	if (u->form.n > 0) {
		ue_key_form(u, ch);
		return;
	}
	have = ue_wave_row(&u->e->m, u->wsel, &w, &g);
	m = xmalloc(sizeof *m);
	*m = u->e->m;
	switch (ch) {
	case UE_KEY_ESC:
	case 'w':
	case 'q':
		u->mode = UE_MAP;
		break;
	case KEY_UP:
	case 'k':
		u->wsel--;
		break;
	case KEY_DOWN:
	case 'j':
		u->wsel = u->wsel + 1 < rows ? u->wsel + 1 : u->wsel;
		break;
	case '\n':
	case '\r':
	case KEY_ENTER:
		if (have)
			ue_form_wave(u, w, g);
		break;
	case 'a':
		/* A group at the end of the selected wave, like its last. */
		if (!have) {
			ue_say(u, true, "no wave to add a group to: W adds one");
			break;
		}
		if (m->waves[w].ngroups == LEVEL_MAX_GROUPS) {
			ue_say(u, true, "a wave has at most %d groups",
			    LEVEL_MAX_GROUPS);
			break;
		}
		{
			struct level_wave *wv = &m->waves[w];
			struct level_group *ng = &wv->groups[wv->ngroups];

			if (wv->ngroups > 0)
				*ng = wv->groups[wv->ngroups - 1];
			else {
				memset(ng, 0, sizeof *ng);
				ng->count = 10;
				ng->from = 'A';
				ng->every_ms = 1000;
			}
			wv->ngroups++;
			edit_set_meta(u->e, m);
			u->wsel += (g < 0 ? 0 : -g - 1) + wv->ngroups;
			ue_say(u, false, "group added to wave %d", w + 1);
		}
		break;
	case 'W':
		if (m->nwaves == LEVEL_MAX_WAVES) {
			ue_say(u, true, "a level has at most %d waves",
			    LEVEL_MAX_WAVES);
			break;
		}
		/* After the selected wave: a copy of it, or a first one. */
		{
			int at = have ? w + 1 : 0;

			memmove(&m->waves[at + 1], &m->waves[at],
			    (size_t)(m->nwaves - at) * sizeof m->waves[0]);
			if (have)
				m->waves[at] = m->waves[w];
			else {
				memset(&m->waves[0], 0, sizeof m->waves[0]);
				m->waves[0].ngroups = 1;
				m->waves[0].groups[0].count = 10;
				m->waves[0].groups[0].from = 'A';
				m->waves[0].groups[0].every_ms = 1000;
			}
			m->nwaves++;
			edit_set_meta(u->e, m);
			u->wsel = 0;
			for (int k = 0; k < at; k++)
				u->wsel += 1 + m->waves[k].ngroups;
			ue_say(u, false, "wave %d added", at + 1);
		}
		break;
	case 'x':
	case KEY_DC:
		if (!have)
			break;
		if (g < 0) {
			memmove(&m->waves[w], &m->waves[w + 1],
			    (size_t)(m->nwaves - w - 1) * sizeof m->waves[0]);
			m->nwaves--;
			ue_say(u, false, "wave %d removed (u undoes)", w + 1);
		} else {
			struct level_wave *wv = &m->waves[w];

			memmove(&wv->groups[g], &wv->groups[g + 1],
			    (size_t)(wv->ngroups - g - 1) *
			    sizeof wv->groups[0]);
			wv->ngroups--;
			ue_say(u, false, "group removed (u undoes)");
		}
		edit_set_meta(u->e, m);
		break;
	case '-':
	case '+':
	case '=':
		if (!have)
			break;
		{
			int d = ch == '-' ? -1 : 1;

			if (g < 0 && w + d >= 0 && w + d < m->nwaves) {
				struct level_wave t = m->waves[w];

				m->waves[w] = m->waves[w + d];
				m->waves[w + d] = t;
				edit_set_meta(u->e, m);
				u->wsel = 0;
				for (int k = 0; k < w + d; k++)
					u->wsel += 1 + m->waves[k].ngroups;
			} else if (g >= 0 && g + d >= 0 &&
			    g + d < m->waves[w].ngroups) {
				struct level_group t = m->waves[w].groups[g];

				m->waves[w].groups[g] = m->waves[w].groups[g + d];
				m->waves[w].groups[g + d] = t;
				edit_set_meta(u->e, m);
				u->wsel += d;
			}
		}
		break;
	case 'u':
		if (!edit_undo(u->e))
			ue_say(u, true, "nothing to undo");
		break;
	case 'r':
		if (!edit_redo(u->e))
			ue_say(u, true, "nothing to redo");
		break;
	default:
		break;
	}
	free(m);
}

/* Paint the brush at (x, y): a cell, or where the hero starts. */
static void
ue_paint_at(struct ue *u, int x, int y)
{
	int	glyph = ue_brush_glyph(u);

	if (glyph != 0) {
		edit_paint(u->e, x, y, glyph);
		return;
	}
	{
		struct edit_meta *m = xmalloc(sizeof *m);

		*m = u->e->m;
		m->has_hero = true;
		m->hero_x = x;
		m->hero_y = y;
		edit_set_meta(u->e, m);
		free(m);
	}
}

/* Move the cursor by (dx, dy), painting with the pen down. */
static void
ue_move(struct ue *u, int dx, int dy)
{
	int	x = u->cx + dx, y = u->cy + dy;

	x = x < 0 ? 0 : x >= u->e->w ? u->e->w - 1 : x;
	y = y < 0 ? 0 : y >= u->e->h ? u->e->h - 1 : y;
	u->cx = x;
	u->cy = y;
	if (u->pen)
		ue_paint_at(u, x, y);
}

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

/* Save, refusing a level with problems unless asked twice. */
static void
ue_save(struct ue *u)
{
	char		 err[UE_ERR_MAX];
	struct level	*lv;
	bool		 armed = u->save_armed;

	u->save_armed = false;
	edit_refresh(u->e);
	if (u->e->nproblems == 0) {
		/* The parser's word, besides the editor's own checks. */
		if ((lv = edit_level(u->e, err, sizeof err)) == NULL) {
			ue_say(u, true, "the checker says: %s", err);
			return;
		}
		level_free(lv);
	}
	if (u->e->nproblems > 0 && !armed) {
		u->save_armed = true;
		ue_say(u, true, "%d problem%s (weir --check would refuse it): "
		    "not saved; s again saves anyway", u->e->nproblems,
		    u->e->nproblems == 1 ? "" : "s");
		return;
	}
	if (u->e->src == NULL && u->exists && !armed) {
		u->save_armed = true;
		ue_say(u, true, "%s is there already: s again replaces it",
		    u->path);
		return;
	}
	if (edit_save(u->e, u->path, err, sizeof err) != 0) {
		ue_say(u, true, "%s", err);
		return;
	}
	u->exists = true;
	ue_say(u, u->e->nproblems > 0, "saved %s (%zu bytes)%s", u->path,
	    u->e->srclen, u->e->nproblems > 0 ? " with its problems" : "");
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
ue_play(struct ue *u, SCREEN **scr)
{
	struct ui_launch	 l;
	char			 path[PATH_MAX];
	int			 st;

	if (!ue_playable(u) || !ue_temp_level(u, path, sizeof path))
		return;
	endwin();
	delscreen(*scr);
	*scr = NULL;
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
		ue_signal = st - 128;
		return;
	}
	if ((*scr = ue_start(u)) == NULL) {
		u->done = true;
		u->status = 1;
		return;
	}
	ue_say(u, st != 0, st == 0 ? "back from playing %s" :
	    "the game could not start: %s", u->e->m.title);
}

/* Let the bot play the level with no terminal, and say how it went. */
static void
ue_bot(struct ue *u)
{
	struct edit_trial	 t;
	struct level		*lv;
	char			 err[UE_ERR_MAX], rating[16];

	if (!ue_playable(u))
		return;
	if ((lv = edit_level(u->e, err, sizeof err)) == NULL) {
		ue_say(u, true, "%s", err);
		return;
	}
	ue_say(u, false, "the bot is playing and rating the level...");
	ue_paint(u);
	edit_trial(lv, u->l->seed, &t);
	level_free(lv);
	if (t.rating == RATE_UNBEATEN)
		snprintf(rating, sizeof rating, "unbeaten");
	else
		snprintf(rating, sizeof rating, "%d", t.rating);
	ue_say(u, t.state != GAME_WON, "bot %s: %d of %d lives kept, %d of %d "
	    "waves, %ld s of play; rating %s (the least share of its income, "
	    "in %%, the bot needs to win)", t.state == GAME_WON ? "won" :
	    t.state == GAME_LOST ? "lost" : "ran out of time", t.lives,
	    t.lives_start, t.waves_cleared, t.waves_total, t.ticks / GAME_RATE,
	    rating);
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
	on = ui_draw_cell_at(&u->v, ev.y, ev.x, &x, &y);
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

/* A key on the map. */
static void
ue_key_map(struct ue *u, int ch, SCREEN **scr)
{
	static const struct {
		int	key, dx, dy;
	} moves[] = {
		{ KEY_UP, 0, -1 }, { 'k', 0, -1 }, { KEY_SR, 0, -8 },
		{ KEY_DOWN, 0, 1 }, { 'j', 0, 1 }, { KEY_SF, 0, 8 },
		{ KEY_LEFT, -1, 0 }, { 'h', -1, 0 }, { KEY_SLEFT, -8, 0 },
		{ KEY_RIGHT, 1, 0 }, { 'l', 1, 0 }, { KEY_SRIGHT, 8, 0 },
	};
	bool	save = false, quit = false;
	size_t	i;

	for (i = 0; i < sizeof moves / sizeof moves[0]; i++) {
		if (ch == moves[i].key) {
			ue_move(u, moves[i].dx, moves[i].dy);
			return;
		}
	}
	if (ch >= '1' && ch <= '1' + UE_BRUSH_HERO) {
		u->brush = ch - '1';
		return;
	}
	if (ch >= 'A' && ch <= 'Z') {
		u->brush = LEVEL_SPAWN;
		u->spawn = (char)ch;
		return;
	}
	switch (ch) {
	case ' ':
	case '\n':
	case '\r':
	case KEY_ENTER:
		ue_paint_at(u, u->cx, u->cy);
		break;
	case 'd':
		u->pen = !u->pen;
		if (u->pen) {
			edit_begin(u->e);
			ue_paint_at(u, u->cx, u->cy);
		} else
			edit_end(u->e);
		break;
	case 'f':
		if (!u->rect) {
			u->rect = true;
			u->rx = u->cx;
			u->ry = u->cy;
			break;
		}
		u->rect = false;
		if (ue_brush_glyph(u) == 0)
			ue_say(u, true, "the hero starts on one cell: no "
			    "rectangle");
		else
			ue_say(u, false, "%d cells filled", edit_fill(u->e,
			    u->rx, u->ry, u->cx, u->cy, ue_brush_glyph(u)));
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
		ue_play(u, scr);
		break;
	case 'b':
		ue_bot(u);
		break;
	case 's':
		save = true;
		ue_save(u);
		break;
	case 'q':
		quit = true;
		if (!edit_modified(u->e) || u->quit_armed)
			u->done = true;
		else {
			u->quit_armed = true;
			ue_say(u, true, "unsaved changes: q again quits without "
			    "them, s saves");
		}
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
ue_key(struct ue *u, int ch, SCREEN **scr)
{
	if (ch == KEY_RESIZE)
		return;
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
		ue_key_map(u, ch, scr);
		break;
	}
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
	u->exists = access(u->path, F_OK) == 0;
}

/* Run the editor; see ui-edit.h. */
int
ui_edit_run(const struct ui_edit_launch *l)
{
	struct sigaction	 sa, old[3];
	static const int	 sigs[3] = { SIGINT, SIGTERM, SIGHUP };
	struct ue		 u;
	SCREEN			*scr;
	char			 err[UE_ERR_MAX];
	int			 ch, i;
	bool			 dirty;

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
			return 1;
		}
		u.cx = u.e->w / 2;
		u.cy = u.e->h / 2;
		ue_say(&u, false, "%s: %dx%d, %d wave%s; ? lists the keys",
		    l->path, u.e->w, u.e->h, u.e->m.nwaves,
		    u.e->m.nwaves == 1 ? "" : "s");
	}
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		edit_free(u.e);
		fprintf(stderr, "weir: the editor needs a terminal\n");
		return 1;
	}

	ue_signal = 0;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = ue_on_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < 3; i++)
		sigaction(sigs[i], &sa, &old[i]);
	if ((scr = ue_start(&u)) == NULL) {
		edit_free(u.e);
		for (i = 0; i < 3; i++)
			sigaction(sigs[i], &old[i], NULL);
		return 1;
	}
	if (u.e == NULL) {
		memset(&u.form, 0, sizeof u.form);
		u.form.kind = UE_FORM_NEW;
		u.form.title = "A new level: its size";
		ue_field(&u.form, "width", 4, "%d", UE_NEW_W);
		ue_field(&u.form, "height", 4, "%d", UE_NEW_H);
	}
	dirty = true;
	while (!u.done && ue_signal == 0) {
		/* Painted only when a key came; the wait is to see signals. */
		if (dirty && u.e == NULL) {
			const char *lines[8];
			char a[LEVEL_DESC_MAX + 32], b[LEVEL_DESC_MAX + 32];
			int first = 0, n = 0;

			erase();
			snprintf(a, sizeof a, "%s width  %s%s", u.form.sel == 0 ?
			    ">" : " ", u.form.f[0].buf, u.form.sel == 0 ?
			    "_" : "");
			snprintf(b, sizeof b, "%s height %s%s", u.form.sel == 1 ?
			    ">" : " ", u.form.f[1].buf, u.form.sel == 1 ?
			    "_" : "");
			lines[n++] = u.form.title;
			lines[n++] = "";
			lines[n++] = a;
			lines[n++] = b;
			lines[n++] = "";
			lines[n++] = "Up/Down: field, Enter: make it, Esc: quit";
			if (u.form.err[0] != '\0')
				lines[n++] = u.form.err;
			ui_draw_box_from(&u.v, lines, n, &first);
			refresh();
		} else if (dirty)
			ue_paint(&u);
		dirty = false;
		if ((ch = getch()) == ERR)
			continue;
		dirty = true;
		if (u.e == NULL)
			ue_key_form(&u, ch);
		else
			ue_key(&u, ch, &scr);
		if (scr == NULL)
			break;
	}
	if (scr != NULL) {
		endwin();
		delscreen(scr);
	}
	for (i = 0; i < 3; i++)
		sigaction(sigs[i], &old[i], NULL);
	if (ue_signal != 0) {
		u.status = 128 + ue_signal;
		if (u.e != NULL && edit_modified(u.e))
			fprintf(stderr, "weir: editing stopped by a signal; "
			    "the changes to %s were not saved\n", u.path);
	}
	edit_free(u.e);
	return u.status;
}
