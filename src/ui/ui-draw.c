/*
 * Painting a frame. Every map cell in view is drawn as one or two screen
 * columns: the terrain's glyph, replaced or recoloured by the overlay, then
 * the placement preview's marks, then the cursor. Glyphs come in a UTF-8 and
 * an ASCII set; without colour every kind of cell still has its own glyph or
 * attribute, so the map reads the same on a monochrome terminal.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

#include "ui/ui-curses.h"
#include "ui/ui-draw.h"

/* Colour pairs. */
enum {
	UI_PAIR_WALL = 1,
	UI_PAIR_GROUND,
	UI_PAIR_ROAD,
	UI_PAIR_SLOW,
	UI_PAIR_SPAWN,
	UI_PAIR_EXIT,
	UI_PAIR_PWALL,
	UI_PAIR_ARROW,
	UI_PAIR_LOS,
	UI_PAIR_ROUTE,
	UI_PAIR_WAYPOINT,
	UI_PAIR_NEWROUTE,
	UI_PAIR_OLDROUTE,
	UI_PAIR_BLOCK,
	UI_PAIR_TITLE,
	UI_PAIR_ERROR,
	UI_PAIR_DIALOG,
	UI_PAIR_RAMP		/* first of the heatmap's pairs */
};

/* Kinds of cell with a look of their own. */
enum ui_kind {
	UI_WALL,
	UI_GROUND,
	UI_ROAD,
	UI_SLOW,
	UI_SPAWN,
	UI_EXIT,
	UI_PWALL,
	UI_NKINDS
};

/* A kind's glyphs (two columns, one column; UTF-8, ASCII) and looks. */
static const struct ui_draw_look {
	const char	*u2, *u1, *a2, *a1;
	short		 pair;
	attr_t		 attr;		/* added in colour */
	attr_t		 mono;		/* instead of colour */
} ui_draw_looks[UI_NKINDS] = {
	{ "\u2588\u2588", "\u2588", "##", "#", UI_PAIR_WALL, 0, 0 },
	{ "\u00b7 ", "\u00b7", ". ", ".", UI_PAIR_GROUND, 0, A_DIM },
	{ "\u2591\u2591", "\u2591", "==", "=", UI_PAIR_ROAD, 0, 0 },
	{ "\u2248\u2248", "\u2248", "~~", "~", UI_PAIR_SLOW, 0, 0 },
	{ "? ", "?", "? ", "?", UI_PAIR_SPAWN, A_BOLD, A_REVERSE | A_BOLD },
	{ ">>", ">", ">>", ">", UI_PAIR_EXIT, A_BOLD, A_REVERSE | A_BOLD },
	{ "\u2593\u2593", "\u2593", "[]", "%", UI_PAIR_PWALL, A_BOLD, A_BOLD }
};

/* Flow arrows by direction N, NE, E, SE, S, SW, W, NW. */
static const char *const ui_draw_arrows_utf8[8] = {
	"\u2191", "\u2197", "\u2192", "\u2198",
	"\u2193", "\u2199", "\u2190", "\u2196"
};
static const char *const ui_draw_arrows_ascii[8] = {
	"^", "/", ">", "\\", "v", "/", "<", "\\"
};

/* Heatmap ramps, near the exit first. */
static const short ui_draw_ramp256[] = {
	196, 202, 208, 214, 220, 226, 190, 154, 118, 82, 46, 47, 48, 49, 50,
	51, 45, 39, 33, 27, 21
};
static const short ui_draw_ramp8[] = {
	COLOR_RED, COLOR_YELLOW, COLOR_GREEN, COLOR_CYAN, COLOR_BLUE
};
#define UI_RAMP256	((int)(sizeof ui_draw_ramp256 / sizeof ui_draw_ramp256[0]))
#define UI_RAMP8	((int)(sizeof ui_draw_ramp8 / sizeof ui_draw_ramp8[0]))

/* Set up a view, and its colour pairs when color (after start_color). */
void
ui_draw_init(struct ui_view *v, bool utf8, bool utf8_locale, bool color)
{
	bool	c256 = color && COLORS >= 256;
	short	bg = -1, black = COLOR_BLACK;
	int	i;

	memset(v, 0, sizeof *v);
	v->utf8 = utf8;
	v->utf8_locale = utf8_locale;
	v->color = color;
	v->cellw = 2;
	if (!color)
		return;
	if (use_default_colors() == ERR)
		bg = COLOR_BLACK;
	init_pair(UI_PAIR_WALL, c256 ? 244 : COLOR_WHITE, bg);
	init_pair(UI_PAIR_GROUND, c256 ? 65 : COLOR_GREEN, bg);
	init_pair(UI_PAIR_ROAD, c256 ? 137 : COLOR_YELLOW, bg);
	init_pair(UI_PAIR_SLOW, c256 ? 38 : COLOR_CYAN, bg);
	init_pair(UI_PAIR_SPAWN, COLOR_WHITE, c256 ? 124 : COLOR_RED);
	init_pair(UI_PAIR_EXIT, black, c256 ? 40 : COLOR_GREEN);
	init_pair(UI_PAIR_PWALL, c256 ? 214 : COLOR_YELLOW, bg);
	init_pair(UI_PAIR_ARROW, c256 ? 117 : COLOR_CYAN, bg);
	init_pair(UI_PAIR_LOS, black, c256 ? 186 : COLOR_YELLOW);
	init_pair(UI_PAIR_ROUTE, c256 ? 231 : COLOR_WHITE, bg);
	init_pair(UI_PAIR_WAYPOINT, c256 ? 213 : COLOR_MAGENTA, bg);
	init_pair(UI_PAIR_NEWROUTE, c256 ? 201 : COLOR_MAGENTA, bg);
	init_pair(UI_PAIR_OLDROUTE, c256 ? 167 : COLOR_RED, bg);
	init_pair(UI_PAIR_BLOCK, COLOR_WHITE, COLOR_RED);
	init_pair(UI_PAIR_TITLE, black, COLOR_CYAN);
	init_pair(UI_PAIR_ERROR, c256 ? 203 : COLOR_RED, bg);
	init_pair(UI_PAIR_DIALOG, COLOR_WHITE, COLOR_BLUE);
	v->nramp = c256 ? UI_RAMP256 : UI_RAMP8;
	if (COLOR_PAIRS <= UI_PAIR_RAMP + v->nramp) {
		v->nramp = 0;
		return;
	}
	for (i = 0; i < v->nramp; i++) {
		init_pair(UI_PAIR_RAMP + i, c256 ? 16 : COLOR_BLACK,
		    c256 ? ui_draw_ramp256[i] : ui_draw_ramp8[i]);
	}
}

/* Set the attributes for a look: its pair and attr in colour, mono if not. */
static void
ui_draw_attr(const struct ui_view *v, short pair, attr_t attr, attr_t mono)
{
	if (v->color)
		attrset(COLOR_PAIR(pair) | attr);
	else
		attrset(mono);
}

/*
 * Add at most maxw screen columns of UTF-8 text s; bytes the locale cannot
 * show come out as '?'. Returns the columns used.
 */
static int
ui_draw_text(const struct ui_view *v, const char *s, int maxw)
{
	mbstate_t	 st;
	size_t		 n, len = strlen(s);
	wchar_t		 wc;
	int		 used = 0, cw;

	memset(&st, 0, sizeof st);
	while (len > 0 && used < maxw) {
		if ((unsigned char)*s < 0x80) {
			addch((unsigned char)*s);
			s++;
			len--;
			used++;
			continue;
		}
		n = v->utf8_locale ? mbrtowc(&wc, s, len, &st) : (size_t)-1;
		if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
			memset(&st, 0, sizeof st);
			addch('?');
			s++;
			len--;
			used++;
			continue;
		}
		cw = wcwidth(wc);
		if (cw < 0)
			cw = 1;
		if (used + cw > maxw)
			break;
		addnstr(s, (int)n);
		s += n;
		len -= n;
		used += cw;
	}
	return used;
}

/* Text at (y, x), cut to the screen's width; returns the columns used. */
static int
ui_draw_text_at(const struct ui_view *v, int y, int x, const char *s)
{
	if (y < 0 || y >= LINES || x >= COLS)
		return 0;
	move(y, x);
	return ui_draw_text(v, s, COLS - x);
}

/* Screen columns UTF-8 text s takes (every character one column). */
static int
ui_draw_width(const char *s)
{
	int	n = 0;

	for (; *s != '\0'; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* Choose the cell width and move the viewport so the cursor is in it. */
void
ui_draw_layout(struct ui_view *v, const struct sandbox *sb)
{
	int	maprows = LINES - UI_HUD_TOP - UI_HUD_BOTTOM, margin;

	v->too_small = COLS < UI_MIN_COLS || LINES < UI_MIN_LINES;
	if (v->too_small)
		return;
	if (v->zoom != 0)
		v->cellw = v->zoom;
	else
		v->cellw = sb->w * 2 <= COLS ? 2 : 1;

	v->cols = COLS / v->cellw < sb->w ? COLS / v->cellw : sb->w;
	v->rows = maprows < sb->h ? maprows : sb->h;
	if (v->cols == sb->w)
		v->ox = 0;
	else {
		margin = v->cols / 4 < 4 ? v->cols / 4 : 4;
		if (sb->cx < v->ox + margin)
			v->ox = sb->cx - margin;
		if (sb->cx > v->ox + v->cols - 1 - margin)
			v->ox = sb->cx - v->cols + 1 + margin;
		if (v->ox > sb->w - v->cols)
			v->ox = sb->w - v->cols;
		if (v->ox < 0)
			v->ox = 0;
	}
	if (v->rows == sb->h)
		v->oy = 0;
	else {
		margin = v->rows / 4 < 3 ? v->rows / 4 : 3;
		if (sb->cy < v->oy + margin)
			v->oy = sb->cy - margin;
		if (sb->cy > v->oy + v->rows - 1 - margin)
			v->oy = sb->cy - v->rows + 1 + margin;
		if (v->oy > sb->h - v->rows)
			v->oy = sb->h - v->rows;
		if (v->oy < 0)
			v->oy = 0;
	}
	v->left = (COLS - v->cols * v->cellw) / 2;
	v->top = UI_HUD_TOP + (maprows - v->rows) / 2;
}

/* The map cell under screen position (sy, sx), if any. */
bool
ui_draw_cell_at(const struct ui_view *v, int sy, int sx, int *x, int *y)
{
	if (v->too_small || sy < v->top || sx < v->left ||
	    sy >= v->top + v->rows || sx >= v->left + v->cols * v->cellw)
		return false;
	*x = v->ox + (sx - v->left) / v->cellw;
	*y = v->oy + (sy - v->top);
	return true;
}

/* The kind of look cell (x, y) has. */
static enum ui_kind
ui_draw_kind(const struct sandbox *sb, int x, int y)
{
	if (sandbox_is_wall(sb, x, y))
		return UI_PWALL;
	switch (level_terrain_at(sb->lv, x, y)) {
	case LEVEL_WALL:
		return UI_WALL;
	case LEVEL_GROUND:
		return UI_GROUND;
	case LEVEL_ROAD:
		return UI_ROAD;
	case LEVEL_SLOW:
		return UI_SLOW;
	case LEVEL_SPAWN:
		return UI_SPAWN;
	case LEVEL_EXIT:
		return UI_EXIT;
	}
	return UI_WALL;
}

/* The label of the spawn covering (x, y). */
static char
ui_draw_spawn_label(const struct sandbox *sb, int x, int y)
{
	for (int s = 0; s < sb->lv->nspawns; s++) {
		const struct level_spawn *sp = &sb->lv->spawns[s];

		for (int n = 0; n < sp->ncells; n++) {
			if (sp->cells[n].x == x && sp->cells[n].y == y)
				return sp->label;
		}
	}
	return '?';
}

/* What one cell is about to be drawn as. */
struct ui_draw_cell {
	char	text[16];	/* cellw columns of UTF-8 */
	short	pair;
	attr_t	attr;		/* in colour */
	attr_t	mono;		/* without colour */
};

/* Fill c with glyph g (one column) followed by a blank if cells are wide. */
static void
ui_draw_glyph(const struct ui_view *v, struct ui_draw_cell *c, const char *g)
{
	snprintf(c->text, sizeof c->text, "%s%s", g, v->cellw == 2 ? " " : "");
}

/* Fill c with kind k's glyphs and looks. */
static void
ui_draw_kind_look(const struct ui_view *v, enum ui_kind k,
    struct ui_draw_cell *c)
{
	const struct ui_draw_look	*lk = &ui_draw_looks[k];
	bool				 two = v->cellw == 2;

	if (v->utf8)
		snprintf(c->text, sizeof c->text, "%s", two ? lk->u2 : lk->u1);
	else
		snprintf(c->text, sizeof c->text, "%s", two ? lk->a2 : lk->a1);
	c->pair = lk->pair;
	c->attr = lk->attr;
	c->mono = lk->mono;
}

/* Work out how cell (x, y) looks: terrain, overlay, preview, cursor. */
static void
ui_draw_cell_look(const struct ui_view *v, const struct sandbox *sb, int x, int y,
    struct ui_draw_cell *c)
{
	const struct field	*f = sb->field;
	enum ui_kind		 k = ui_draw_kind(sb, x, y);
	int			 i = grid_index(&sb->grid, x, y);
	uint8_t			 r = sb->route[(size_t)y * sb->w + x];
	bool			 walkable;
	char			 g[8];

	ui_draw_kind_look(v, k, c);
	if (k == UI_SPAWN)
		c->text[0] = ui_draw_spawn_label(sb, x, y);

	walkable = k == UI_GROUND || k == UI_ROAD || k == UI_SLOW;
	switch (sb->overlay) {
	case SANDBOX_OVERLAY_HEAT:
		if (!walkable || f->dist[i] == FIELD_INF)
			break;
		if (v->nramp > 0) {
			double	 d = (double)f->dist[i] / (double)FIELD_UNIT;
			int	 b = sb->maxdist > 0 ?
			    (int)(d / sb->maxdist * v->nramp) : 0;

			c->pair = (short)(UI_PAIR_RAMP +
			    (b >= v->nramp ? v->nramp - 1 : b));
			c->attr = 0;
		} else {
			snprintf(g, sizeof g, "%d", (int)((f->dist[i] /
			    FIELD_UNIT) % 10));
			ui_draw_glyph(v, c, g);
			c->mono = 0;
		}
		break;
	case SANDBOX_OVERLAY_FLOW:
		if (!walkable || f->dir[i] < 0 || f->dir[i] > 7)
			break;
		ui_draw_glyph(v, c, v->utf8 ? ui_draw_arrows_utf8[f->dir[i]] :
		    ui_draw_arrows_ascii[f->dir[i]]);
		if (k == UI_GROUND)
			c->pair = UI_PAIR_ARROW;
		c->mono = 0;
		break;
	case SANDBOX_OVERLAY_LOS:
		if (!walkable || !f->los[i])
			break;
		c->pair = UI_PAIR_LOS;
		c->mono = A_REVERSE;
		if (!v->color)
			ui_draw_glyph(v, c, v->utf8 ? "\u25cb" : "o");
		break;
	case SANDBOX_OVERLAY_PATH:
		if (!walkable)
			break;
		if (r & SANDBOX_ROUTE_WAYPOINT) {
			ui_draw_glyph(v, c, v->utf8 ? "\u25c6" : "@");
			c->pair = UI_PAIR_WAYPOINT;
			c->attr = c->mono = A_BOLD;
		} else if (r & SANDBOX_ROUTE_NOW) {
			ui_draw_glyph(v, c, v->utf8 ? "\u2022" : "*");
			c->pair = UI_PAIR_ROUTE;
			c->attr = c->mono = A_BOLD;
		}
		break;
	default:
		break;
	}

	if (sb->preview == SANDBOX_PREVIEW_OPEN && walkable) {
		if ((r & SANDBOX_ROUTE_PREVIEW) && !(r & SANDBOX_ROUTE_NOW)) {
			ui_draw_glyph(v, c, "+");
			c->pair = UI_PAIR_NEWROUTE;
			c->attr = c->mono = A_BOLD;
		} else if ((r & SANDBOX_ROUTE_NOW) &&
		    !(r & SANDBOX_ROUTE_PREVIEW)) {
			ui_draw_glyph(v, c, v->utf8 ? "\u00d7" : "x");
			c->pair = UI_PAIR_OLDROUTE;
			c->attr = 0;
			c->mono = A_DIM;
		}
	}

	if (x == sb->cx && y == sb->cy) {
		if (sb->preview == SANDBOX_PREVIEW_OPEN) {
			ui_draw_kind_look(v, UI_PWALL, c);
			c->attr = 0;
			c->mono = 0;
		} else if (sb->preview == SANDBOX_PREVIEW_BLOCKS) {
			snprintf(c->text, sizeof c->text, "%s",
			    v->cellw == 2 ? "XX" : "X");
			c->pair = UI_PAIR_BLOCK;
			c->attr = A_BOLD;
			c->mono = A_BOLD;
		}
		c->attr ^= A_REVERSE;
		c->mono ^= A_REVERSE;
	}
}

/* Draw the cells in view. */
static void
ui_draw_map(const struct ui_view *v, const struct sandbox *sb)
{
	struct ui_draw_cell	c;
	int			x, y;

	for (y = v->oy; y < v->oy + v->rows; y++) {
		move(v->top + y - v->oy, v->left);
		for (x = v->ox; x < v->ox + v->cols; x++) {
			ui_draw_cell_look(v, sb, x, y, &c);
			ui_draw_attr(v, c.pair, c.attr, c.mono);
			addstr(c.text);
		}
	}
	attrset(A_NORMAL);
}

/* The title bar: level, overlay, walls, where help is. */
static void
ui_draw_title(const struct ui_view *v, const struct sandbox *sb)
{
	char	right[96];
	int	rw, used;

	snprintf(right, sizeof right, " overlay: %s | walls: %d | ? help ",
	    sandbox_overlay_name(sb->overlay), sb->nwalls);
	if ((int)strlen(right) > COLS / 2) {
		snprintf(right, sizeof right, " %s | walls: %d ",
		    sandbox_overlay_name(sb->overlay), sb->nwalls);
	}
	rw = (int)strlen(right);
	ui_draw_attr(v, UI_PAIR_TITLE, 0, A_REVERSE);
	move(0, 0);
	hline(' ', COLS);
	attron(A_BOLD);
	used = ui_draw_text_at(v, 0, 0, " weir: ");
	attroff(A_BOLD);
	ui_draw_text(v, sb->lv->title[0] != '\0' ? sb->lv->title :
	    "(untitled)", COLS - used - rw - 1);
	if (COLS - rw > used)
		ui_draw_text_at(v, 0, COLS - rw, right);
	attrset(A_NORMAL);
}

/* "12.41" or "unreachable" for a distance. */
static void
ui_draw_dist(char *buf, size_t size, double d)
{
	if (isinf(d))
		snprintf(buf, size, "unreachable");
	else
		snprintf(buf, size, "%.2f", d);
}

/* The cursor line: position, what is there, distance, line of sight. */
static void
ui_draw_info(const struct ui_view *v, const struct sandbox *sb, int row)
{
	const struct field	*f = sb->field;
	char			 line[256], dist[32];
	int			 i = grid_index(&sb->grid, sb->cx, sb->cy);
	enum level_terrain	 t = level_terrain_at(sb->lv, sb->cx, sb->cy);

	ui_draw_dist(dist, sizeof dist, field_distance(f, sb->cx, sb->cy));
	snprintf(line, sizeof line, " (%d,%d) %s%s%s | to exit: %s | LOS: %s",
	    sb->cx, sb->cy, sandbox_terrain_name(sb, sb->cx, sb->cy),
	    sandbox_free_ground(sb, sb->cx, sb->cy) ? ", buildable" : "",
	    t == LEVEL_SPAWN ? " (enemies enter)" :
	    (t == LEVEL_EXIT ? " (enemies leave)" : ""),
	    t == LEVEL_WALL || sandbox_is_wall(sb, sb->cx, sb->cy) ? "-" : dist,
	    f->los[i] ? "yes" : "no");
	ui_draw_attr(v, 0, A_BOLD, A_BOLD);
	ui_draw_text_at(v, row, 0, line);
	attrset(A_NORMAL);
}

/* Append "A 23.41->25.07" style route lengths for every spawn to buf. */
static void
ui_draw_routes(const struct ui_view *v, const struct sandbox *sb,
    const double *now, const double *then, char *buf, size_t size)
{
	char	a[32], b[32];
	size_t	len;

	for (int s = 0; s < sb->lv->nspawns; s++) {
		len = strlen(buf);
		ui_draw_dist(a, sizeof a, now[s]);
		if (then == NULL) {
			snprintf(buf + len, size - len, " %c %s",
			    sb->lv->spawns[s].label, a);
			continue;
		}
		ui_draw_dist(b, sizeof b, then[s]);
		if (strcmp(a, b) == 0)
			snprintf(buf + len, size - len, " %c %s (same)",
			    sb->lv->spawns[s].label, a);
		else
			snprintf(buf + len, size - len, " %c %s%s%s (%+.2f)",
			    sb->lv->spawns[s].label, a,
			    v->utf8 ? "\u2192" : "->", b, then[s] - now[s]);
	}
}

/* The heatmap's legend: near, the colours, far. */
static void
ui_draw_ramp_legend(const struct ui_view *v, const struct sandbox *sb,
    int row)
{
	char	buf[64];
	int	x;

	x = ui_draw_text_at(v, row, 0, " heatmap: exit ");
	for (int i = 0; i < v->nramp && x < COLS; i++, x++) {
		attrset(COLOR_PAIR(UI_PAIR_RAMP + i));
		addch(' ');
	}
	attrset(A_NORMAL);
	snprintf(buf, sizeof buf, " far (farthest cell %.2f)", sb->maxdist);
	ui_draw_text(v, buf, COLS - x);
}

/* The second HUD line: the placement preview, else the overlay's legend. */
static void
ui_draw_preview(const struct ui_view *v, const struct sandbox *sb, int row)
{
	char	line[512], who[64];
	size_t	n;

	line[0] = '\0';
	if (sb->preview == SANDBOX_PREVIEW_BLOCKS) {
		n = strlen(sb->pblocked);
		snprintf(who, sizeof who, "spawn%s", n == 1 ? "" : "s");
		for (size_t k = 0; k < n; k++) {
			size_t len = strlen(who);

			snprintf(who + len, sizeof who - len, " %c",
			    sb->pblocked[k]);
		}
		snprintf(line, sizeof line, " a wall here would block: %s "
		    "cut off from every exit", who);
		ui_draw_attr(v, UI_PAIR_ERROR, A_BOLD, A_BOLD);
		ui_draw_text_at(v, row, 0, line);
		attrset(A_NORMAL);
		return;
	}
	if (sb->preview == SANDBOX_PREVIEW_OPEN) {
		snprintf(line, sizeof line, " a wall here: route");
		ui_draw_routes(v, sb, sb->routelen, sb->proutelen, line,
		    sizeof line);
		ui_draw_text_at(v, row, 0, line);
		return;
	}
	switch (sb->overlay) {
	case SANDBOX_OVERLAY_HEAT:
		if (v->nramp > 0) {
			ui_draw_ramp_legend(v, sb, row);
			return;
		}
		snprintf(line, sizeof line, " heatmap: each digit is the "
		    "distance to the exit, mod 10");
		break;
	case SANDBOX_OVERLAY_FLOW:
		snprintf(line, sizeof line, " flow: each arrow points to the "
		    "next cell of a shortest route");
		break;
	case SANDBOX_OVERLAY_LOS:
		snprintf(line, sizeof line, " line of sight: marked cells see "
		    "their exit in a straight line");
		break;
	case SANDBOX_OVERLAY_PATH:
		snprintf(line, sizeof line, " paths %s waypoint, length:",
		    v->utf8 ? "\u25c6" : "@");
		ui_draw_routes(v, sb, sb->routelen, NULL, line, sizeof line);
		break;
	default:
		if (!sb->preview_on)
			snprintf(line, sizeof line, " placement preview off "
			    "(p turns it on)");
		else
			snprintf(line, sizeof line, " route length:");
		if (sb->preview_on)
			ui_draw_routes(v, sb, sb->routelen, NULL, line,
			    sizeof line);
		break;
	}
	ui_draw_text_at(v, row, 0, line);
}

/* The message line, or a reminder of the keys when there is no message. */
static void
ui_draw_message(const struct ui_view *v, const struct sandbox *sb, int row)
{
	if (sb->msg[0] != '\0') {
		if (sb->msg_error)
			ui_draw_attr(v, UI_PAIR_ERROR, A_BOLD, A_BOLD);
		else
			attrset(A_BOLD);
		move(row, 0);
		addch(' ');
		ui_draw_text(v, sb->msg, COLS - 1);
	} else {
		attrset(A_DIM);
		ui_draw_text_at(v, row, 0, " arrows/hjkl move | enter build | "
		    "x remove | v overlay | ? help | q quit");
	}
	attrset(A_NORMAL);
}

/* The character at (x, y) of a w x h frame: line drawing or + - |. */
static chtype
ui_draw_frame(const struct ui_view *v, int x, int y, int w, int h)
{
	bool	top = y == 0, bottom = y == h - 1;
	bool	left = x == 0, right = x == w - 1;

	if (!v->utf8) {
		if ((top || bottom) && (left || right))
			return '+';
		if (top || bottom)
			return '-';
		return left || right ? '|' : ' ';
	}
	if (top)
		return left ? ACS_ULCORNER : (right ? ACS_URCORNER : ACS_HLINE);
	if (bottom)
		return left ? ACS_LLCORNER : (right ? ACS_LRCORNER : ACS_HLINE);
	return left || right ? ACS_VLINE : ' ';
}

/* A box of the given lines in the middle of the screen. */
static void
ui_draw_box(const struct ui_view *v, const char *const *lines, int n)
{
	int	w = 0, h = n + 2, y0, x0, y, x;

	for (int i = 0; i < n; i++) {
		int lw = ui_draw_width(lines[i]);

		w = lw > w ? lw : w;
	}
	w += 4;
	if (w > COLS)
		w = COLS;
	if (h > LINES)
		h = LINES;
	y0 = (LINES - h) / 2;
	x0 = (COLS - w) / 2;
	ui_draw_attr(v, UI_PAIR_DIALOG, 0, A_REVERSE);
	for (y = y0; y < y0 + h; y++) {
		move(y, x0);
		for (x = 0; x < w; x++)
			addch(ui_draw_frame(v, x, y - y0, w, h));
	}
	for (int i = 0; i < n && i < h - 2; i++) {
		move(y0 + 1 + i, x0 + 2);
		ui_draw_text(v, lines[i], w - 4);
	}
	attrset(A_NORMAL);
}

/* The help panel: every key, then the legend. */
static void
ui_draw_help(const struct ui_view *v)
{
	static const char *const utf8[] = {
		"weir sandbox: build walls, watch the enemies' routes",
		"",
		"arrows, h j k l   move the cursor (H J K L: 5 cells)",
		"y u b n           move diagonally",
		"Enter, space      build a wall on the cursor",
		"x, s, Delete      remove your wall under the cursor",
		"R                 remove all your walls",
		"v                 next overlay: none, heatmap, flow arrows,",
		"                  line of sight, paths",
		"p                 placement preview on/off",
		"z                 cell width: auto, 2 columns, 1 column",
		"mouse             click moves the cursor, click it again builds",
		"Ctrl-L            redraw the screen",
		"?, Escape         close this help",
		"q                 quit (asks first)",
		"",
		"\u2588 wall  \u00b7 ground  \u2591 road  \u2248 slow  A spawn  "
		    "> exit  \u2593 your wall",
		"paths: \u2022 route  \u25c6 waypoint",
		"heatmap: red near the exit, blue far (digits without colour)",
		"preview: \u2593 the wall  + new route  \u00d7 route given up  "
		    "XX would block"
	};
	static const char *const ascii[] = {
		"weir sandbox: build walls, watch the enemies' routes",
		"",
		"arrows, h j k l   move the cursor (H J K L: 5 cells)",
		"y u b n           move diagonally",
		"Enter, space      build a wall on the cursor",
		"x, s, Delete      remove your wall under the cursor",
		"R                 remove all your walls",
		"v                 next overlay: none, heatmap, flow arrows,",
		"                  line of sight, paths",
		"p                 placement preview on/off",
		"z                 cell width: auto, 2 columns, 1 column",
		"mouse             click moves the cursor, click it again builds",
		"Ctrl-L            redraw the screen",
		"?, Escape         close this help",
		"q                 quit (asks first)",
		"",
		"# wall  . ground  = road  ~ slow  A spawn  > exit  [] your wall",
		"paths: * route  @ waypoint",
		"heatmap: red near the exit, blue far (digits without colour)",
		"preview: [] the wall  + new route  x route given up  "
		    "XX would block"
	};

	ui_draw_box(v, v->utf8 ? utf8 : ascii,
	    (int)(sizeof utf8 / sizeof utf8[0]));
}

/* Text centred on row y. */
static void
ui_draw_centred(const struct ui_view *v, int y, const char *s)
{
	int	x = (COLS - ui_draw_width(s)) / 2;

	ui_draw_text_at(v, y, x < 0 ? 0 : x, s);
}

/* The screen for a terminal too small to play in. */
static void
ui_draw_too_small(const struct ui_view *v)
{
	char	need[64];
	int	y = LINES / 2 - 1;

	snprintf(need, sizeof need, "need %dx%d, have %dx%d", UI_MIN_COLS,
	    UI_MIN_LINES, COLS, LINES);
	y = y < 0 ? 0 : y;
	attrset(A_BOLD);
	ui_draw_centred(v, y, "terminal too small");
	attrset(A_NORMAL);
	ui_draw_centred(v, y + 1, need);
	if (v->mode == UI_MODE_QUIT)
		ui_draw_centred(v, y + 2, "quit? (y/n)");
}

/* Paint a whole frame into stdscr (the caller refreshes). */
void
ui_draw(struct ui_view *v, const struct sandbox *sb)
{
	static const char *const quit[] = { "quit? (y/n)" };

	ui_draw_layout(v, sb);
	erase();
	if (v->too_small) {
		ui_draw_too_small(v);
		return;
	}
	ui_draw_title(v, sb);
	ui_draw_map(v, sb);
	ui_draw_info(v, sb, LINES - 3);
	ui_draw_preview(v, sb, LINES - 2);
	ui_draw_message(v, sb, LINES - 1);
	if (v->mode == UI_MODE_HELP)
		ui_draw_help(v);
	else if (v->mode == UI_MODE_QUIT)
		ui_draw_box(v, quit, 1);
	if (v->mode == UI_MODE_MAP) {
		move(v->top + sb->cy - v->oy,
		    v->left + (sb->cx - v->ox) * v->cellw);
	}
}
