/* SPDX-License-Identifier: ISC */
/*
 * Painting the game screen. Every map cell in view is one or two screen
 * columns, worked out in layers: the terrain's glyph, the overlay, a
 * tower, a fresh attack crossing it, a shot, an enemy (its letter and, in
 * the second column, its health), then the cursor. Glyphs come in a UTF-8
 * and an ASCII set; without colour every kind of cell still has its own
 * glyph or attribute, so the map reads the same on a monochrome terminal.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif

#include <math.h>
#include <stdio.h>
#include <stdarg.h>
#include <string.h>
#include <wchar.h>

#include "core/enemy.h"
#include "ui/ui-draw.h"
#include "ui/ui-sight.h"

/* Kinds of terrain with a look of their own. */
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

/* Health, lowest first: eighths in UTF-8, ninths as digits in ASCII. */
static const char *const ui_draw_health_utf8[8] = {
	"\u2581", "\u2582", "\u2583", "\u2584",
	"\u2585", "\u2586", "\u2587", "\u2588"
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

/* The curses colour of a registry row's colour. */
static short
ui_draw_colour(struct kind_colour c, bool c256)
{
	static const short ansi[] = {
		[KIND_BLACK] = COLOR_BLACK, [KIND_RED] = COLOR_RED,
		[KIND_GREEN] = COLOR_GREEN, [KIND_YELLOW] = COLOR_YELLOW,
		[KIND_BLUE] = COLOR_BLUE, [KIND_MAGENTA] = COLOR_MAGENTA,
		[KIND_CYAN] = COLOR_CYAN, [KIND_WHITE] = COLOR_WHITE
	};

	return c256 ? c.xterm : ansi[c.ansi];
}

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
	if (COLOR_PAIRS <= UI_PAIR_RAMP) {
		v->color = false;
		return;
	}
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
	init_pair(UI_PAIR_GOOD, c256 ? 120 : COLOR_GREEN, bg);
	init_pair(UI_PAIR_DIALOG, COLOR_WHITE, COLOR_BLUE);
	init_pair(UI_PAIR_SHOT, c256 ? 229 : COLOR_YELLOW, bg);
	init_pair(UI_PAIR_HP_HIGH, c256 ? 46 : COLOR_GREEN, bg);
	init_pair(UI_PAIR_HP_MID, c256 ? 220 : COLOR_YELLOW, bg);
	init_pair(UI_PAIR_HP_LOW, c256 ? 196 : COLOR_RED, bg);
	init_pair(UI_PAIR_HERO, black, c256 ? 220 : COLOR_YELLOW);
	init_pair(UI_PAIR_RANGE, c256 ? 87 : COLOR_CYAN, bg);
	init_pair(UI_PAIR_RANGE_NEXT, c256 ? 141 : COLOR_MAGENTA, bg);
	init_pair(UI_PAIR_LEAK, COLOR_WHITE, c256 ? 196 : COLOR_RED);
	/* A tower's cell has its colour behind; a blocker's, in front. */
	for (i = 0; i < TOWER_NTYPES; i++) {
		short c = ui_draw_colour(tower_types[i].colour, c256);

		if (tower_types[i].attack == TOWER_ATTACK_NONE)
			init_pair(UI_PAIR_TOWER + i, c, bg);
		else
			init_pair(UI_PAIR_TOWER + i, black, c);
		init_pair(UI_PAIR_FX + i, c, bg);
	}
	for (i = 0; i < ENEMY_NKINDS; i++) {
		init_pair(UI_PAIR_ENEMY + i,
		    ui_draw_colour(enemy_types[i].colour, c256), bg);
	}
	/* A power's area and barrier: its colour behind. */
	for (i = 0; i < POWER_NKINDS; i++)
		init_pair(UI_PAIR_POWER + i, black,
		    ui_draw_colour(power_types[i].colour, c256));
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
void
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
int
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
int
ui_draw_text_at(const struct ui_view *v, int y, int x, const char *s)
{
	if (y < 0 || y >= LINES || x >= COLS)
		return 0;
	move(y, x);
	return ui_draw_text(v, s, COLS - x);
}

/* Screen columns UTF-8 text s takes (every character one column). */
int
ui_draw_width(const char *s)
{
	int	n = 0;

	for (; *s != '\0'; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* Text centred on row y. */
void
ui_draw_centred(const struct ui_view *v, int y, const char *s)
{
	int	x = (COLS - ui_draw_width(s)) / 2;

	ui_draw_text_at(v, y, x < 0 ? 0 : x, s);
}

/* Choose the cell width and move the viewport so the cursor is in it. */
void
ui_draw_layout(struct ui_view *v, const struct play *p)
{
	int	maprows = LINES - UI_HUD_TOP - UI_HUD_BOTTOM, margin;

	v->too_small = COLS < UI_MIN_COLS || LINES < UI_MIN_LINES;
	if (v->too_small)
		return;
	if (v->zoom != 0)
		v->cellw = v->zoom;
	else
		v->cellw = p->w * 2 <= COLS ? 2 : 1;

	/* A map larger than the screen keeps a border to point beyond. */
	v->edge_x = p->w * v->cellw > COLS;
	v->cols = v->edge_x ? (COLS - 2) / v->cellw : p->w;
	v->edge_y = p->h > maprows;
	v->rows = v->edge_y ? maprows - 2 : p->h;
	if (v->cols == p->w)
		v->ox = 0;
	else {
		margin = v->cols / 4 < 4 ? v->cols / 4 : 4;
		if (p->cx < v->ox + margin)
			v->ox = p->cx - margin;
		if (p->cx > v->ox + v->cols - 1 - margin)
			v->ox = p->cx - v->cols + 1 + margin;
		if (v->ox > p->w - v->cols)
			v->ox = p->w - v->cols;
		if (v->ox < 0)
			v->ox = 0;
	}
	if (v->rows == p->h)
		v->oy = 0;
	else {
		margin = v->rows / 4 < 3 ? v->rows / 4 : 3;
		if (p->cy < v->oy + margin)
			v->oy = p->cy - margin;
		if (p->cy > v->oy + v->rows - 1 - margin)
			v->oy = p->cy - v->rows + 1 + margin;
		if (v->oy > p->h - v->rows)
			v->oy = p->h - v->rows;
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

/* The kind of look the terrain of cell (x, y) has. */
static enum ui_kind
ui_draw_kind(const struct play *p, int x, int y)
{
	switch (level_terrain_at(p->lv, x, y)) {
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

/* What one cell is about to be drawn as. */
struct ui_draw_cell {
	char	text[16];	/* cellw columns of UTF-8 */
	short	pair;
	attr_t	attr;		/* in colour */
	attr_t	mono;		/* without colour */
	char	second[8];	/* the second column when it looks apart */
	short	pair2;
	attr_t	attr2, mono2;
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

/*
 * The one-column glyph of tower kind k, as the map draws it: the player's
 * wall look for a kind that does not attack, else the registry's letter.
 * The tower bar and the help take their glyphs from here too.
 */
const char *
ui_draw_tower_glyph(const struct ui_view *v, int k)
{
	static char	letters[TOWER_NTYPES][2];

	if (k < 0 || k >= TOWER_NTYPES)
		return "?";
	if (tower_types[k].attack == TOWER_ATTACK_NONE)
		return v->utf8 ? ui_draw_looks[UI_PWALL].u1 :
		    ui_draw_looks[UI_PWALL].a1;
	letters[k][0] = tower_types[k].glyph;
	letters[k][1] = '\0';
	return letters[k];
}

/*
 * Fill c with the look of a tower of kind k at level lvl, specialised as
 * spec (-1: not): a specialised tower shows its specialisation's initial
 * in place of its level, and in one column a cell, reversed.
 */
static void
ui_draw_tower_look(const struct ui_view *v, int k, int lvl, int spec,
    struct ui_draw_cell *c)
{
	if (tower_types[k].attack == TOWER_ATTACK_NONE) {
		ui_draw_kind_look(v, UI_PWALL, c);
		return;
	}
	c->pair = (short)(UI_PAIR_TOWER + k);
	c->attr = A_BOLD;
	c->mono = A_BOLD | A_UNDERLINE;
	if (v->cellw == 2) {
		/* A specialised tower shows its specialisation's initial. */
		if (spec >= 0)
			snprintf(c->text, sizeof c->text, "%s%c",
			    ui_draw_tower_glyph(v, k), spec_name(spec)[0]);
		else
			snprintf(c->text, sizeof c->text, "%s%d",
			    ui_draw_tower_glyph(v, k), lvl);
		c->mono |= spec >= 0 ? A_REVERSE : 0;
		return;
	}
	/*
	 * One column: the level is in the looks, plain, bold, underlined;
	 * a specialised tower reversed.
	 */
	snprintf(c->text, sizeof c->text, "%s", ui_draw_tower_glyph(v, k));
	c->attr = lvl <= 1 ? 0 : (lvl == 2 ? A_BOLD : A_BOLD | A_UNDERLINE);
	c->mono = lvl <= 1 ? A_UNDERLINE : (lvl == 2 ? A_BOLD | A_UNDERLINE :
	    A_BOLD | A_UNDERLINE | A_REVERSE);
	if (spec >= 0) {
		c->attr = A_BOLD | A_REVERSE;
		c->mono = A_BOLD | A_UNDERLINE | A_REVERSE;
	}
}

/*
 * Give c a health bar for the share f (0..1) of hit points left: the
 * second column of the cell, coloured by health; with one column a cell,
 * the glyph itself takes the health's colour.
 */
static void
ui_draw_health(const struct ui_view *v, double f, struct ui_draw_cell *c)
{
	short	hp;
	int	k;

	f = f < 0 ? 0 : (f > 1 ? 1 : f);
	hp = f > 2.0 / 3 ? UI_PAIR_HP_HIGH : (f > 1.0 / 3 ? UI_PAIR_HP_MID :
	    UI_PAIR_HP_LOW);
	if (v->cellw == 1) {
		/* The glyph takes the health's colour; dim, then underlined
		 * without colour. */
		c->pair = hp;
		if (hp == UI_PAIR_HP_LOW)
			c->mono |= A_UNDERLINE;
		else if (hp == UI_PAIR_HP_MID)
			c->mono |= A_DIM;
		return;
	}
	if (v->utf8) {
		k = (int)ceil(f * 8) - 1;
		snprintf(c->second, sizeof c->second, "%s",
		    ui_draw_health_utf8[k < 0 ? 0 : k]);
	} else {
		k = (int)ceil(f * 9);
		c->second[0] = (char)('0' + (k < 1 ? 1 : (k > 9 ? 9 : k)));
		c->second[1] = '\0';
	}
	c->pair2 = hp;
	c->attr2 = 0;
	c->mono2 = 0;
}

/*
 * Fill c with the look of enemy unit i: its letter, then its health; an
 * enemy hidden from the towers faint, one behind a shield underlined.
 */
static void
ui_draw_enemy_look(const struct ui_view *v, const struct play *p, int i,
    struct ui_draw_cell *c)
{
	const struct game_unit	*u = &p->g->units[i];

	snprintf(c->text, sizeof c->text, "%c", enemy_types[u->type].glyph);
	c->pair = (short)(UI_PAIR_ENEMY + u->type);
	c->attr = A_BOLD;
	c->mono = A_BOLD;
	if (game_enemy_hidden(p->g, i))
		c->attr = c->mono = A_DIM;
	if (u->shield > 0) {
		c->attr |= A_UNDERLINE;
		c->mono |= A_UNDERLINE;
	}
	ui_draw_health(v, u->max_hp > 0 ? (double)u->hp / u->max_hp : 0, c);
}

/* Fill c with the hero: '@' on its colour, with its health bar. */
static void
ui_draw_hero_look(const struct ui_view *v, const struct play *p,
    struct ui_draw_cell *c)
{
	snprintf(c->text, sizeof c->text, "@");
	c->pair = UI_PAIR_HERO;
	c->attr = A_BOLD;
	c->mono = A_BOLD | A_REVERSE;
	ui_draw_health(v, (double)p->g->hero_hp / GAME_HERO_HP, c);
}

/* A cell n towers reach: the count (+ past 9), brighter the more. */
static void
ui_draw_cover(const struct ui_view *v, int n, struct ui_draw_cell *c)
{
	char	g[4];

	if (n == 0)
		return;
	snprintf(g, sizeof g, "%c", n > 9 ? '+' : '0' + n);
	ui_draw_glyph(v, c, g);
	c->pair = n >= 2 ? UI_PAIR_GOOD : UI_PAIR_RANGE;
	c->attr = n >= 3 ? A_BOLD : 0;
	c->mono = n >= 3 ? A_BOLD : 0;
}

/*
 * A cell in reach of the tower shown (bits PLAY_RANGE_*): open ground
 * shows the reach's mark, other terrain keeps its glyph in the reach's
 * colour (underlined without colour).
 */
static void
ui_draw_range(const struct ui_view *v, uint8_t bits, enum ui_kind k,
    struct ui_draw_cell *c)
{
	bool	now = (bits & PLAY_RANGE_NOW) != 0;

	if (k == UI_SPAWN || k == UI_EXIT)
		return;
	if (k == UI_GROUND) {
		if (v->utf8)
			ui_draw_glyph(v, c, now ? "\u2218" : "\u00b0");
		else
			ui_draw_glyph(v, c, now ? ":" : "'");
		c->mono = now ? A_BOLD : 0;
	} else
		c->mono |= A_UNDERLINE;
	c->pair = now ? UI_PAIR_RANGE : UI_PAIR_RANGE_NEXT;
	c->attr = now ? A_BOLD : 0;
}

/* The overlay's look for walkable cell (x, y), drawn over c. */
static void
ui_draw_overlay(const struct ui_view *v, const struct play *p, int x, int y,
    enum ui_kind k, struct ui_draw_cell *c)
{
	const struct field	*f = p->g->field;
	int			 i = grid_index(&p->g->grid, x, y);
	uint8_t			 r = p->route[(size_t)y * p->w + x];
	char			 g[8];
	int			 gd;
	double			 max = p->maxdist;

	if (overlay_types[p->overlay].hunt) {
		if (p->g->hunt == NULL)
			return;
		f = p->g->hunt;
		max = p->huntmax;
	}
	switch (p->overlay) {
	case OVERLAY_HEAT:
	case OVERLAY_HUNT_HEAT:
		if (f->dist[i] == FIELD_INF)
			break;
		if (v->nramp > 0) {
			double	 d = (double)(f->dist[i] + f->base) /
			    (double)FIELD_UNIT;
			int	 b = max > 0 ? (int)(d / max * v->nramp) : 0;

			c->pair = (short)(UI_PAIR_RAMP +
			    (b >= v->nramp ? v->nramp - 1 : b));
			c->attr = 0;
		} else {
			snprintf(g, sizeof g, "%d", (int)(((f->dist[i] +
			    f->base) / FIELD_UNIT) % 10));
			ui_draw_glyph(v, c, g);
			c->mono = 0;
		}
		break;
	case OVERLAY_FLOW:
	case OVERLAY_HUNT_FLOW:
		if (f->dir[i] < 0 || f->dir[i] > 7)
			break;
		ui_draw_glyph(v, c, v->utf8 ? ui_draw_arrows_utf8[f->dir[i]] :
		    ui_draw_arrows_ascii[f->dir[i]]);
		if (k == UI_GROUND)
			c->pair = UI_PAIR_ARROW;
		c->mono = 0;
		break;
	case OVERLAY_GRADIENT:
		if ((gd = field_gradient_dir(f, &p->g->grid, x, y)) < 0)
			break;
		ui_draw_glyph(v, c, v->utf8 ? ui_draw_arrows_utf8[gd] :
		    ui_draw_arrows_ascii[gd]);
		if (k == UI_GROUND)
			c->pair = UI_PAIR_ARROW;
		c->mono = A_DIM;
		break;
	case OVERLAY_LOS:
		if (!f->los[i])
			break;
		c->pair = UI_PAIR_LOS;
		c->mono = A_REVERSE;
		if (!v->color)
			ui_draw_glyph(v, c, v->utf8 ? "\u25cb" : "o");
		break;
	case OVERLAY_PATH:
		if (r & PLAY_ROUTE_ENEMY_WP) {
			ui_draw_glyph(v, c, v->utf8 ? "\u25c6" : "@");
			c->pair = UI_PAIR_WAYPOINT;
			c->attr = c->mono = A_BOLD;
		} else if (r & PLAY_ROUTE_ENEMY) {
			ui_draw_glyph(v, c, v->utf8 ? "\u2022" : "*");
			c->pair = UI_PAIR_WAYPOINT;
			c->attr = c->mono = A_BOLD;
		} else if (r & PLAY_ROUTE_WAYPOINT) {
			ui_draw_glyph(v, c, v->utf8 ? "\u25c7" : "o");
			c->pair = UI_PAIR_ROUTE;
			c->attr = 0;
			c->mono = A_DIM;
		} else if (r & PLAY_ROUTE_NOW) {
			ui_draw_glyph(v, c, v->utf8 ? "\u2022" : "*");
			c->pair = UI_PAIR_ROUTE;
			c->attr = 0;
			c->mono = A_DIM;
		}
		break;
	case OVERLAY_PREVIEW:
		if (p->preview == PLAY_PREVIEW_OPEN &&
		    (r & PLAY_ROUTE_PREVIEW) && !(r & PLAY_ROUTE_NOW)) {
			ui_draw_glyph(v, c, "+");
			c->pair = UI_PAIR_NEWROUTE;
			c->attr = c->mono = A_BOLD;
		} else if (p->preview == PLAY_PREVIEW_OPEN &&
		    (r & PLAY_ROUTE_NOW) && !(r & PLAY_ROUTE_PREVIEW)) {
			ui_draw_glyph(v, c, v->utf8 ? "\u00d7" : "x");
			c->pair = UI_PAIR_OLDROUTE;
			c->attr = 0;
			c->mono = A_DIM;
		} else if (r & PLAY_ROUTE_NOW) {
			ui_draw_glyph(v, c, v->utf8 ? "\u2022" : "*");
			c->pair = UI_PAIR_ROUTE;
			c->attr = 0;
			c->mono = A_DIM;
		}
		break;
	case OVERLAY_COVER_GROUND:
	case OVERLAY_COVER_AIR:
		ui_draw_cover(v, p->overlay == OVERLAY_COVER_AIR ?
		    p->cover_air[(size_t)y * p->w + x] :
		    p->cover_ground[(size_t)y * p->w + x], c);
		break;
	default:
		break;
	}
}

/*
 * The powers on cell (x, y): a barrier standing there (its glyph in its
 * colour), a freeze lasting over it (its colour behind), and the area of
 * the power being aimed at the cursor (its colour behind, dim when it
 * would be refused there).
 */
static void
ui_draw_power_look(const struct ui_view *v, const struct play *p, int x,
    int y, struct ui_draw_cell *c)
{
	const struct game	*g = p->g;
	struct vec		 at = vec_make(x + 0.5, y + 0.5);
	char			 glyph[2];
	int			 k;

	for (k = 0; k < POWER_NKINDS; k++) {
		const struct game_power *gp = &g->powers[k];

		if (gp->left == 0 || !game_in_power(g, k, gp->x, gp->y, at))
			continue;
		if (power_types[k].effect == POWER_EFFECT_BARRIER) {
			glyph[0] = power_types[k].glyph;
			glyph[1] = '\0';
			ui_draw_glyph(v, c, glyph);
			c->attr = c->mono = A_BOLD;
		} else
			c->mono = A_BOLD | A_UNDERLINE;
		c->pair = (short)(UI_PAIR_POWER + k);
	}
	if (p->power >= 0 && !game_over(g) &&
	    game_in_power(g, p->power, p->cx, p->cy, at)) {
		c->pair = (short)(UI_PAIR_POWER + p->power);
		c->attr = p->verdict == GAME_OK ? A_BOLD : A_DIM;
		c->mono = A_REVERSE | (p->verdict == GAME_OK ? A_BOLD : A_DIM);
	}
}

/* Work out how cell (x, y) looks, every layer. */
static void
ui_draw_cell_look(const struct ui_view *v, const struct play *p, int x, int y,
    struct ui_draw_cell *c)
{
	const struct game_tower	*tw = game_tower_at(p->g, x, y);
	const struct steer_agent *hero = game_hero_agent(p->g);
	enum ui_kind		 k = ui_draw_kind(p, x, y);
	size_t			 cell = (size_t)y * p->w + x;
	int			 e = p->enemy_at[cell], s = p->shot_at[cell];
	int			 fx = p->fx_at[cell];

	c->second[0] = '\0';
	ui_draw_kind_look(v, k, c);
	if (k == UI_SPAWN)
		c->text[0] = play_spawn_label(p, x, y);
	if (tw != NULL)
		ui_draw_tower_look(v, tw->type, tw->level, tw->spec, c);
	else if (k == UI_GROUND || k == UI_ROAD || k == UI_SLOW)
		ui_draw_overlay(v, p, x, y, k, c);

	if (tw == NULL && p->range[cell] != 0)
		ui_draw_range(v, p->range[cell], k, c);
	ui_draw_power_look(v, p, x, y, c);
	if (tw == NULL && fx != 0) {
		int t = fx - 1;

		if (tower_types[t].attack == TOWER_ATTACK_PULSE) {
			c->pair = (short)(UI_PAIR_FX + t);
			c->attr = A_BOLD;
		} else {
			ui_draw_glyph(v, c, v->utf8 ? "\u2219" : "'");
			c->pair = (short)(UI_PAIR_FX + t);
			c->attr = c->mono = A_BOLD;
		}
	}
	if (p->g->hero_order.x == x && p->g->hero_order.y == y && e < 0) {
		/* Where the hero was sent. */
		ui_draw_glyph(v, c, v->utf8 ? "\u00d7" : "x");
		c->pair = UI_PAIR_HERO;
		c->attr = c->mono = A_BOLD;
	}
	if (hero != NULL && (int)floor(hero->pos.x) == x &&
	    (int)floor(hero->pos.y) == y)
		ui_draw_hero_look(v, p, c);
	else if (e >= 0)
		ui_draw_enemy_look(v, p, e, c);
	else if (s >= 0 && tw == NULL) {
		int t = p->g->units[s].type;

		ui_draw_glyph(v, c, v->utf8 ? "\u2022" : "*");
		c->pair = (short)(t >= 0 && t < TOWER_NTYPES ? UI_PAIR_FX + t :
		    UI_PAIR_SHOT);
		c->attr = c->mono = A_BOLD;
	}
	if (k == UI_EXIT && play_leak_marked(p, x, y)) {
		/* An enemy got out here a moment ago: it flashes. */
		ui_draw_glyph(v, c, "!");
		if (v->cellw == 2)
			snprintf(c->text, sizeof c->text, "!!");
		c->second[0] = '\0';
		c->pair = UI_PAIR_LEAK;
		c->attr = (p->g->tick / 8) % 2 == 0 ? A_BOLD : A_BOLD |
		    A_REVERSE;
		c->mono = A_BOLD | A_REVERSE;
	}

	if (x == p->cx && y == p->cy) {
		if (p->power >= 0)
			;	/* the power's area shows where it goes */
		else if (p->preview == PLAY_PREVIEW_BLOCKS && e < 0) {
			snprintf(c->text, sizeof c->text, "%s",
			    v->cellw == 2 ? "XX" : "X");
			c->pair = UI_PAIR_BLOCK;
			c->attr = A_BOLD;
			c->mono = A_BOLD;
		} else if (p->preview == PLAY_PREVIEW_OPEN && e < 0 &&
		    p->overlay == OVERLAY_PREVIEW) {
			ui_draw_tower_look(v, p->tower, 1, -1, c);
			c->attr &= ~A_BOLD;
		}
		c->attr ^= A_REVERSE;
		c->mono ^= A_REVERSE;
		c->attr2 ^= A_REVERSE;
		c->mono2 ^= A_REVERSE;
	}
}

/* Draw the cells in view. */
static void
ui_draw_map(const struct ui_view *v, const struct play *p)
{
	struct ui_draw_cell	c;
	int			x, y;

	memset(&c, 0, sizeof c);
	for (y = v->oy; y < v->oy + v->rows; y++) {
		move(v->top + y - v->oy, v->left);
		for (x = v->ox; x < v->ox + v->cols; x++) {
			ui_draw_cell_look(v, p, x, y, &c);
			ui_draw_attr(v, c.pair, c.attr, c.mono);
			addstr(c.text);
			if (c.second[0] != '\0') {
				ui_draw_attr(v, c.pair2, c.attr2, c.mono2);
				addstr(c.second);
			}
		}
	}
	attrset(A_NORMAL);
}

/* "PAUSED" (by p, or while a box is open) or the speed, "2x", into buf. */
static const char *
ui_draw_speed(const struct play *p, char *buf, size_t size)
{
	if (p->paused || p->held)
		return "PAUSED";
	snprintf(buf, size, "%dx", p->speed);
	return buf;
}

/* The title bar: level, speed or pause, overlay, where help is. */
static void
ui_draw_title(const struct ui_view *v, const struct play *p)
{
	char	right[96], speed[16];
	int	rw, used;

	if (game_over(p->g))
		snprintf(right, sizeof right, " %s | ? help ",
		    game_state_name(p->g->state));
	else
		snprintf(right, sizeof right, " %s | overlay: %s | ? help ",
		    ui_draw_speed(p, speed, sizeof speed),
		    overlay_name(p->overlay));
	if ((int)strlen(right) > COLS / 2 + 4)
		snprintf(right, sizeof right, " %s ", ui_draw_speed(p, speed,
		    sizeof speed));
	rw = (int)strlen(right);
	ui_draw_attr(v, UI_PAIR_TITLE, 0, A_REVERSE);
	move(0, 0);
	hline(' ', COLS);
	attron(A_BOLD);
	used = ui_draw_text_at(v, 0, 0, " weir: ");
	attroff(A_BOLD);
	used += ui_draw_text(v, p->lv->title[0] != '\0' ? p->lv->title :
	    "(untitled)", COLS - used - rw - 1);
	if (p->g->difficulty != DIFF_NORMAL || p->g->endless) {
		char set[40];

		snprintf(set, sizeof set, " (%s%s)", difficulty_name(
		    p->g->difficulty), p->g->endless ? ", endless" : "");
		ui_draw_text(v, set, COLS - used - rw - 1);
	}
	if (COLS - rw > used) {
		if (p->paused && !game_over(p->g))
			attron(A_BOLD);
		ui_draw_text_at(v, 0, COLS - rw, right);
	}
	attrset(A_NORMAL);
}

/*
 * The powers after the towers on the palette line from column x: key,
 * name (or glyph when there is no room) and the seconds each still cools
 * down; the
 * one being aimed stands out, the ones cooling down are dim.
 */
static void
ui_draw_powers(const struct ui_view *v, const struct play *p, int x)
{
	char	item[48];
	int	k, s, need = x;
	bool	full;

	for (k = 0; k < POWER_NKINDS; k++)
		need += 2 + (int)strlen(power_types[k].name) + 5;
	full = need <= COLS;
	for (k = 0; k < POWER_NKINDS && x < COLS; k++) {
		const struct power_type *pt = &power_types[k];

		s = (p->g->powers[k].cooldown + GAME_RATE - 1) / GAME_RATE;
		if (full)
			snprintf(item, sizeof item, s > 0 ? "%c %s %ds" :
			    "%c %s", pt->key, pt->name, s);
		else
			snprintf(item, sizeof item, s > 0 ? "%c%c%d" : "%c%c",
			    pt->key, pt->glyph, s);
		if (k == p->power)
			ui_draw_attr(v, UI_PAIR_POWER + k, A_BOLD, A_REVERSE |
			    A_BOLD);
		else if (s > 0)
			attrset(A_DIM);
		else
			attrset(A_BOLD);
		x += ui_draw_text(v, item, COLS - x);
		attrset(A_NORMAL);
		if (x < COLS) {
			addch(' ');
			x++;
		}
	}
}

/*
 * Text s at the cursor (column *x) if all of it fits on the row, in the
 * looks given; returns whether it did. The HUD's lines are made of such
 * items, most wanted first, so a narrow screen drops whole items and
 * never cuts a word.
 */
static bool
ui_draw_item(const struct ui_view *v, int *x, const char *s, short pair,
    attr_t attr)
{
	if (*x + ui_draw_width(s) > COLS)
		return false;
	if (pair != 0 || attr != 0)
		ui_draw_attr(v, pair, attr, attr);
	*x += ui_draw_text(v, s, COLS - *x);
	attrset(A_NORMAL);
	return true;
}

/* Gold, lives, wave, enemies out, the hero, score, kills: what fits. */
static void
ui_draw_status(const struct ui_view *v, const struct play *p, int row)
{
	const struct game	*g = p->g;
	char			 buf[160];
	int			 x = 0;

	move(row, 0);
	ui_draw_item(v, &x, " gold ", 0, 0);
	snprintf(buf, sizeof buf, "%d", g->gold);
	ui_draw_item(v, &x, buf, UI_PAIR_SHOT, A_BOLD);
	if (!ui_draw_item(v, &x, "  lives ", 0, 0))
		return;
	snprintf(buf, sizeof buf, "%d", g->lives);
	if (play_lives_alarm(p)) {
		/* Just lost some: white on red for a moment. */
		ui_draw_attr(v, UI_PAIR_LEAK, A_BOLD, A_BOLD | A_REVERSE);
		ui_draw_item(v, &x, buf, 0, 0);
	} else
		ui_draw_item(v, &x, buf, g->lives * 4 <=
		    game_start_lives(g) ? UI_PAIR_ERROR : UI_PAIR_GOOD,
		    A_BOLD);
	snprintf(buf, sizeof buf, "/%d", game_start_lives(g));
	ui_draw_item(v, &x, buf, 0, 0);
	snprintf(buf, sizeof buf, "  wave %d/%d%s", g->next_wave,
	    g->level_waves, g->endless ? "+" : "");
	ui_draw_item(v, &x, buf, 0, 0);
	snprintf(buf, sizeof buf, "  enemies %d", g->nenemies);
	ui_draw_item(v, &x, buf, 0, 0);
	if (g->has_hero) {
		if (g->hero >= 0)
			snprintf(buf, sizeof buf, "  hero %d/%d", g->hero_hp,
			    GAME_HERO_HP);
		else
			snprintf(buf, sizeof buf, "  hero down %ds",
			    (g->hero_down + GAME_RATE - 1) / GAME_RATE);
		ui_draw_item(v, &x, buf, UI_PAIR_HERO, A_BOLD);
	}
	snprintf(buf, sizeof buf, "  score %d", g->score);
	ui_draw_item(v, &x, buf, 0, 0);
	snprintf(buf, sizeof buf, "  kills %d", g->killed);
	ui_draw_item(v, &x, buf, 0, 0);
}

/*
 * Text s on row y from column 0, cut when the row is too narrow for all
 * of it: before the last " | " that fits (the HUD's fields stay whole),
 * else before the last space; separators at the cut left off.
 */
static void
ui_draw_words_at(const struct ui_view *v, int y, const char *s)
{
	char	buf[1024];
	size_t	cut = 0, bar = 0, i;

	if (ui_draw_width(s) <= COLS || strlen(s) >= sizeof buf) {
		ui_draw_text_at(v, y, 0, s);
		return;
	}
	for (i = 1; s[i] != '\0'; i++) {
		if (s[i] != ' ' || s[i - 1] == ' ')
			continue;
		memcpy(buf, s, i);
		buf[i] = '\0';
		if (ui_draw_width(buf) > COLS)
			break;
		cut = i;
		if (strncmp(s + i, " | ", 3) == 0)
			bar = i;
	}
	if (bar > 0)
		cut = bar;
	memcpy(buf, s, cut);
	while (cut > 0 && strchr(" |,:;(", buf[cut - 1]) != NULL)
		cut--;
	buf[cut] = '\0';
	ui_draw_text_at(v, y, 0, buf);
}

/* "8 grunt, 2 runner" for wave index w, into buf. */
static void
ui_draw_wave_contents(const struct play *p, int w, char *buf, size_t size)
{
	int	counts[ENEMY_NKINDS], k;
	size_t	len;

	buf[0] = '\0';
	game_wave_count(p->g, w, counts);
	for (k = 0; k < ENEMY_NKINDS; k++) {
		if (counts[k] == 0)
			continue;
		len = strlen(buf);
		snprintf(buf + len, size - len, "%s%d %s", len > 0 ? ", " : "",
		    counts[k], enemy_name(k));
		if (enemy_types[k].traits & ~(ENEMY_TRAIT_BOSS |
		    ENEMY_TRAIT_ESCORT)) {
			char traits[96];

			len = strlen(buf);
			snprintf(buf + len, size - len, " (%s)",
			    enemy_trait_names(enemy_types[k].traits, traits,
			    sizeof traits));
		}
	}
}

/* What the next wave holds and when it comes. */
static void
ui_draw_next_wave(const struct ui_view *v, const struct play *p, int row)
{
	const struct game	*g = p->g;
	char			 what[256], line[400];
	long			 left;
	int			 n;

	if (game_over(g)) {
		snprintf(line, sizeof line, " the level is %s: %d of %d waves "
		    "cleared", g->state == GAME_WON ? "won" : "lost",
		    g->waves_cleared, g->nwaves);
		ui_draw_text_at(v, row, 0, line);
		return;
	}
	if (game_next_wave(g, &n, &left) == NULL) {
		/* Begun waves may still hold enemies back at the spawns. */
		int more = game_enemies_to_come(g);

		if (more > 0)
			snprintf(line, sizeof line, " every wave has begun: %d "
			    "enem%s on the map, %d more yet to spawn",
			    g->nenemies, g->nenemies == 1 ? "y" : "ies", more);
		else
			snprintf(line, sizeof line, " every wave has begun: "
			    "the last %d enem%s on the map", g->nenemies,
			    g->nenemies == 1 ? "y is" : "ies are");
		ui_draw_words_at(v, row, line);
		return;
	}
	ui_draw_wave_contents(p, n - 1, what, sizeof what);
	if (left >= 0)
		snprintf(line, sizeof line, " next: wave %d in %lds: %s (n "
		    "calls it now, +%ld gold)", n, (left + GAME_RATE - 1) /
		    GAME_RATE, what, left / GAME_RATE * GAME_EARLY_GOLD);
	else
		snprintf(line, sizeof line, " next: wave %d once wave %d is "
		    "out: %s (n calls it now)", n, n - 1, what);
	ui_draw_words_at(v, row, line);
}

/* The towers to choose from, with their keys and costs. */
static void
ui_draw_palette(const struct ui_view *v, const struct play *p, int row)
{
	char	item[48];
	int	k, x = 0, full = 1, cost;

	for (k = 0; k < TOWER_NTYPES; k++)
		full += 2 + (int)strlen(tower_types[k].name) + 1 +
		    (tower_types[k].level[0].cost >= 100 ? 3 : 2) + 1;
	for (k = 0; k < POWER_NKINDS; k++)
		full += 2 + (int)strlen(power_types[k].name) + 5;
	move(row, 0);
	addch(' ');
	x = 1;
	for (k = 0; k < TOWER_NTYPES && x < COLS; k++) {
		cost = tower_types[k].level[0].cost;
		if (full <= COLS)
			snprintf(item, sizeof item, "%c %s %d",
			    tower_types[k].key, tower_types[k].name, cost);
		else
			snprintf(item, sizeof item, "%c%s%d",
			    tower_types[k].key, ui_draw_tower_glyph(v, k),
			    cost);
		if (k == p->tower)
			ui_draw_attr(v, UI_PAIR_TOWER + k, A_BOLD | A_REVERSE,
			    A_REVERSE | A_BOLD);
		else if (cost > p->g->gold && !p->g->sandbox)
			attrset(A_DIM);
		else
			attrset(A_NORMAL);
		x += ui_draw_text(v, item, COLS - x);
		attrset(A_NORMAL);
		if (x < COLS) {
			addch(' ');
			x++;
		}
	}
	ui_draw_powers(v, p, x);
}

/*
 * One line of a tower kind's figures at level (1-based), into buf:
 * "cannon L1: 30 dmg, range 3, 2.0s, splash 1, ground" (the time is
 * the reload).
 */
void
ui_draw_tower_stats(char *buf, size_t size, int kind, int level)
{
	const struct tower_type		*tt = &tower_types[kind];
	const struct tower_stats	*st = &tt->level[level - 1];
	size_t				 len;

	if (tt->attack == TOWER_ATTACK_NONE) {
		snprintf(buf, size, "%s: blocks its cell", tt->name);
		return;
	}
	snprintf(buf, size, "%s L%d: %d dmg, range %g, %.1fs", tt->name,
	    level, st->damage, st->range, (double)st->reload / GAME_RATE);
	len = strlen(buf);
	if (st->min_range > 0)
		snprintf(buf + len, size - len, ", blind within %g",
		    st->min_range);
	len = strlen(buf);
	if (st->splash > 0)
		snprintf(buf + len, size - len, ", splash %g", st->splash);
	else if (tt->attack == TOWER_ATTACK_PULSE)
		snprintf(buf + len, size - len, ", slows to %d%%",
		    st->slow_pct);
	else if (tt->attack == TOWER_ATTACK_CHAIN)
		snprintf(buf + len, size - len, ", %d jumps", st->chain);
	len = strlen(buf);
	snprintf(buf + len, size - len, ", %s%s",
	    tt->hits == (TOWER_GROUND | TOWER_AIR) ? "ground+air" :
	    (tt->hits == TOWER_AIR ? "air" : "ground"),
	    tt->pierce ? ", pierces armour" : "");
}

/* The figures of ui_draw_tower_stats without the name and level. */
static const char *
ui_draw_figures(char *buf, size_t size, int kind, int level)
{
	const char	*colon;

	ui_draw_tower_stats(buf, size, kind, level);
	colon = strstr(buf, ": ");
	return colon != NULL ? colon + 2 : buf;
}

/* "A 23.41->25.07 (+1.66)" for every spawn's route, appended to buf. */
static void
ui_draw_routes(const struct ui_view *v, const struct play *p, char *buf,
    size_t size)
{
	size_t	len;

	for (int s = 0; s < p->lv->nspawns; s++) {
		double a = p->routelen[s], b = p->proutelen[s];

		len = strlen(buf);
		if (fabs(a - b) < 0.005)
			snprintf(buf + len, size - len, " %c %.1f (same)",
			    p->lv->spawns[s].label, a);
		else
			snprintf(buf + len, size - len, " %c %.1f%s%.1f "
			    "(%+.1f)", p->lv->spawns[s].label, a,
			    v->utf8 ? "\u2192" : "->", b, b - a);
	}
}

/*
 * The cursor line while a power is aimed: where, what it does, and
 * whether it can be used there now or why not.
 */
static void
ui_draw_power_info(const struct ui_view *v, const struct play *p, int row)
{
	const struct power_type	*pt = &power_types[p->power];
	const struct game_power	*gp = &p->g->powers[p->power];
	char			 line[256], what[96];

	switch (pt->effect) {
	case POWER_EFFECT_STRIKE:
		snprintf(what, sizeof what, "%d dmg within %g", pt->damage,
		    pt->radius);
		break;
	case POWER_EFFECT_BARRIER:
		snprintf(what, sizeof what, "blocks this cell %d s",
		    pt->ticks / GAME_RATE);
		break;
	case POWER_EFFECT_FREEZE:
		snprintf(what, sizeof what, "speed %d%% within %g for %d s",
		    pt->slow_pct, pt->radius, pt->ticks / GAME_RATE);
		break;
	}
	if (p->verdict == GAME_OK)
		snprintf(line, sizeof line, " (%d,%d) %s: %s | Enter: use it | "
		    "Escape: cancel", p->cx, p->cy, pt->name, what);
	else if (p->verdict == GAME_COOLING)
		snprintf(line, sizeof line, " (%d,%d) %s: %s | ready in %d s "
		    "| Escape: stop aiming", p->cx, p->cy, pt->name, what,
		    (gp->cooldown + GAME_RATE - 1) / GAME_RATE);
	else
		snprintf(line, sizeof line, " (%d,%d) %s: %s | here: %s",
		    p->cx, p->cy, pt->name, what,
		    game_reason_name(p->verdict));
	if (p->verdict == GAME_OK)
		ui_draw_attr(v, UI_PAIR_GOOD, A_BOLD, A_BOLD);
	else if (p->verdict != GAME_ENDED)
		ui_draw_attr(v, UI_PAIR_ERROR, 0, 0);
	ui_draw_text_at(v, row, 0, line);
	attrset(A_NORMAL);
}

/*
 * The figures of standing tower tw: those of its level, or for a
 * specialised one what it does now (game_tower_stats) and its
 * specialisation's effect.
 */
static const char *
ui_draw_standing(char *buf, size_t size, const struct game_tower *tw)
{
	const struct tower_spec	*sp = game_tower_spec(tw);
	struct tower_stats	 st;

	if (sp == NULL)
		return ui_draw_figures(buf, size, tw->type, tw->level);
	game_tower_stats(tw, &st);
	snprintf(buf, size, "%d dmg, range %g, %.1fs; %s", st.damage,
	    st.range, (double)st.reload / GAME_RATE, sp->about);
	return buf;
}

/* What is under the cursor: an enemy, a tower, or what building does. */
static void
ui_draw_info(const struct ui_view *v, const struct play *p, int row)
{
	const struct game	*g = p->g;
	const struct game_tower	*tw = play_tower(p);
	int			 e = play_enemy(p);
	char			 line[512], st[200];
	size_t			 len;

	if (p->power >= 0) {
		ui_draw_power_info(v, p, row);
		return;
	}
	if (e >= 0) {
		const struct game_unit *u = &g->units[e];

		char sh[32] = "";

		if (u->shield > 0)
			snprintf(sh, sizeof sh, ", shield %d", u->shield);
		snprintf(line, sizeof line, " (%d,%d) %s: %d/%d hp%s, armour "
		    "%d, %s, wave %d%s%s%s: %s", p->cx, p->cy,
		    enemy_name(u->type), u->hp, u->max_hp, sh, u->armour,
		    u->mover == ENEMY_FLY ? "flies" : (u->mover == ENEMY_PATH ?
		    "walks a waypoint path" : "follows the flow"), u->wave,
		    u->slow_ticks > 0 ? ", slowed" : "",
		    u->stun_ticks > 0 ? ", stunned" : "",
		    game_enemy_hidden(g, e) ? ", unseen by the towers" : "",
		    enemy_types[u->type].about);
		ui_draw_attr(v, UI_PAIR_ENEMY + u->type, A_BOLD, A_BOLD);
		ui_draw_words_at(v, row, line);
		attrset(A_NORMAL);
		return;
	}
	/*
	 * A tower, or what building one here would do: what the keys do and
	 * cost first, then the tower's figures, so that a narrow terminal
	 * cuts the figures and never the prices or the verdict.
	 */
	if (tw != NULL) {
		int up = tower_upgrade_cost(tw->type, tw->level);

		snprintf(line, sizeof line, " (%d,%d) %s L%d%s%s", p->cx,
		    p->cy, tower_types[tw->type].name, tw->level,
		    tw->spec >= 0 ? " " : "", tw->spec >= 0 ?
		    spec_name(tw->spec) : "");
		len = strlen(line);
		if (up >= 0)
			snprintf(line + len, sizeof line - len, " | u: L%d %dg",
			    tw->level + 1, up);
		else if (tw->spec < 0 && tower_types[tw->type].spec[0].name !=
		    NULL)
			snprintf(line + len, sizeof line - len, " | u: "
			    "specialise");
		len = strlen(line);
		if (game_builds_over(g, p->tower, p->cx, p->cy))
			snprintf(line + len, sizeof line - len, " | Enter: %s "
			    "here %dg", tower_types[p->tower].name,
			    game_place_cost(g, p->tower, p->cx, p->cy));
		len = strlen(line);
		snprintf(line + len, sizeof line - len, " | s: sell %dg%s",
		    game_tower_refund(tw),
		    tower_types[tw->type].attack != TOWER_ATTACK_NONE ?
		    " | t: aim" : "");
		len = strlen(line);
		snprintf(line + len, sizeof line - len, " | %s",
		    ui_draw_standing(st, sizeof st, tw));
		len = strlen(line);
		if (tower_types[tw->type].attack != TOWER_ATTACK_NONE)
			snprintf(line + len, sizeof line - len, "; %s; %d "
			    "kill%s", tower_target_name(tw->mode), tw->kills,
			    tw->kills == 1 ? "" : "s");
		attrset(A_BOLD);
		ui_draw_words_at(v, row, line);
		attrset(A_NORMAL);
		return;
	}
	snprintf(line, sizeof line, " (%d,%d) %s | %s %d gold", p->cx, p->cy,
	    play_terrain_name(p, p->cx, p->cy), tower_types[p->tower].name,
	    tower_types[p->tower].level[0].cost);
	len = strlen(line);
	if (p->verdict == GAME_OK && p->preview == PLAY_PREVIEW_OPEN) {
		snprintf(line + len, sizeof line - len, " | route");
		ui_draw_routes(v, p, line, sizeof line);
	} else if (p->preview == PLAY_PREVIEW_BLOCKS) {
		snprintf(line + len, sizeof line - len, " | here it would "
		    "block: %s%s cut off", p->pblocked[0] != '\0' ? "spawn " :
		    "enemies", p->pblocked);
	} else if (p->verdict != GAME_OK && p->verdict != GAME_ENDED)
		snprintf(line + len, sizeof line - len, " | here: %s",
		    game_reason_name(p->verdict));
	len = strlen(line);
	snprintf(line + len, sizeof line - len, " | %s",
	    ui_draw_figures(st, sizeof st, p->tower, 1));
	if (p->preview == PLAY_PREVIEW_BLOCKS || (p->verdict != GAME_OK &&
	    p->verdict != GAME_NOT_BUILDABLE && p->verdict != GAME_ENDED))
		ui_draw_attr(v, UI_PAIR_ERROR, 0, 0);
	ui_draw_words_at(v, row, line);
	attrset(A_NORMAL);
}

/* The message line, or a reminder of the keys when there is none. */
static void
ui_draw_message(const struct ui_view *v, const struct play *p, int row)
{
	if (p->msg[0] != '\0') {
		if (p->msg_error)
			ui_draw_attr(v, UI_PAIR_ERROR, A_BOLD, A_BOLD);
		else
			attrset(A_BOLD);
		char line[PLAY_MSG_MAX + 2];

		snprintf(line, sizeof line, " %s", p->msg);
		ui_draw_words_at(v, row, line);
	} else {
		char keys[160];

		snprintf(keys, sizeof keys, " arrows move | 1-%d tower | enter "
		    "build | u s t x | a r c power | n wave | p pause | "
		    "f speed | v overlay | ? help | q quit", TOWER_NTYPES);
		attrset(A_DIM);
		ui_draw_words_at(v, row, keys);
	}
	attrset(A_NORMAL);
}

/* The character at (x, y) of a w x h frame: box drawing or + - |. */
static const char *
ui_draw_frame(const struct ui_view *v, int x, int y, int w, int h)
{
	bool	top = y == 0, bottom = y == h - 1;
	bool	left = x == 0, right = x == w - 1;

	if (!v->utf8) {
		if ((top || bottom) && (left || right))
			return "+";
		if (top || bottom)
			return "-";
		return left || right ? "|" : " ";
	}
	if (top)
		return left ? "\u250c" : (right ? "\u2510" : "\u2500");
	if (bottom)
		return left ? "\u2514" : (right ? "\u2518" : "\u2500");
	return left || right ? "\u2502" : " ";
}

/* A box of the given lines in the middle of the screen. */
void
ui_draw_box(const struct ui_view *v, const char *const *lines, int n)
{
	int	first = 0;

	ui_draw_box_from(v, lines, n, &first);
}

/*
 * The same, from line *first on when the screen is too short for all of
 * them (*first is kept within range); the bottom edge then says how to
 * scroll.
 */
void
ui_draw_box_from(const struct ui_view *v, const char *const *lines, int n,
    int *first)
{
	static const char	 more[] = " j k: more ";
	int			 w = 0, h = n + 2, y0, x0, y, x, shown;

	for (int i = 0; i < n; i++) {
		int lw = ui_draw_width(lines[i]);

		w = lw > w ? lw : w;
	}
	w += 4;
	if (w > COLS)
		w = COLS;
	if (h > LINES)
		h = LINES;
	/*
	 * Over a map of two-column cells, start and end on cell edges, so
	 * that no cell is left half drawn beside the frame.
	 */
	if (v->cellw == 2 && w < COLS && w % 2 != 0)
		w++;
	shown = h - 2 > 0 ? h - 2 : 0;
	if (*first > n - shown)
		*first = n - shown;
	if (*first < 0)
		*first = 0;
	y0 = (LINES - h) / 2;
	x0 = (COLS - w) / 2;
	if (v->cellw == 2 && (x0 - v->left) % 2 != 0)
		x0 += x0 + w < COLS ? 1 : -1;
	if (x0 < 0)
		x0 = 0;
	ui_draw_attr(v, UI_PAIR_DIALOG, 0, A_REVERSE);
	for (y = y0; y < y0 + h; y++) {
		move(y, x0);
		for (x = 0; x < w; x++)
			addstr(ui_draw_frame(v, x, y - y0, w, h));
	}
	for (int i = 0; i < shown && *first + i < n; i++) {
		move(y0 + 1 + i, x0 + 2);
		ui_draw_text(v, lines[*first + i], w - 4);
	}
	if (shown < n && w >= (int)sizeof more + 2) {
		move(y0 + h - 1, x0 + (w - (int)sizeof more + 1) / 2);
		addstr(more);
	}
	attrset(A_NORMAL);
}

#define UI_HELP_LINES	(56 + TOWER_NTYPES + GAME_NCMDS + TOWER_NTARGETS + \
			 VIEW_NKINDS + POWER_NKINDS + OVERLAY_NKINDS)
#define UI_HELP_WIDTH	96

/* Add one help line, printf-style, to lines[*n] (room kept in text). */
static void __attribute__((format(printf, 4, 5)))
ui_draw_help_line(const char **lines, char (*text)[UI_HELP_WIDTH], size_t *n,
    const char *fmt, ...)
{
	va_list	ap;

	if (*n >= UI_HELP_LINES)
		return;
	va_start(ap, fmt);
	vsnprintf(text[*n], UI_HELP_WIDTH, fmt, ap);
	va_end(ap);
	lines[*n] = text[*n];
	(*n)++;
}

/*
 * The help panel, from line *first on: every key, the towers and the
 * targeting modes, then the legend. Tower keys, command keys, overlays
 * and every tower's role come from the registry (kinds.c).
 */
void
ui_draw_help(const struct ui_view *v, int *first)
{
	static const char *const moves[] = {
		"weir: keep the enemies from the exits",
		"",
		"arrows, h j k l  move the cursor (H J K L: 5 cells,",
		"                 as do the shifted arrows)",
		"Home, End        to the start or the end of the row",
		"PgUp, PgDn       ten rows up or down",
	};
	static const char *const keys[] = {
		"p                pause; f  speed 1x, 2x, 4x, 8x",
		"z                cell width: auto, 2 columns, 1 column",
		"mouse            click: cursor there (picks a tower);",
		"                 click the cursor again: build;",
		"                 drag with the wall chosen: a line of walls",
		"                 (on a wall, an attacking tower replaces it",
		"                 for the difference in price)",
		"?, F1            this help (?, Escape close it)",
		"Ctrl-L           redraw the screen",
		"q                quit or back to the level list (asks)",
		"",
	};
	static const char *const utf8[] = {
		"\u2588 rock  \u00b7 ground  \u2591 road  \u2248 marsh  "
		    "A spawn  > exit",
		"\u2593 wall  A2 arrow tower, level 2  g\u2585 grunt, "
		    "health bar",
		"XX on the cursor: a tower there would block",
		"paths: \u2022 route  \u25c6 waypoint; preview: + new, "
		    "\u00d7 left",
		"\u2218 in reach of the tower on the cursor, \u00b0 at its "
		    "next level",
		"!! an exit an enemy just got out by",
		"one column a cell: level 1 plain, 2 bold, 3 underlined;",
		"  an enemy's letter takes its health's colour",
		"beyond the view: \u25c0 \u25b6 \u25b2 \u25bc on its border, and "
		    "where",
		"  spawns, exits and the hero lie off screen"
	};
	static const char *const ascii[] = {
		"# rock  . ground  = road  ~ marsh  A spawn  > exit",
		"[] wall  A2 arrow tower, level 2  g5 grunt, health 5/9",
		"XX on the cursor: a tower there would block",
		"paths: * route  @ waypoint; preview: + new, x left",
		": in reach of the tower on the cursor, ' at its next level",
		"!! an exit an enemy just got out by",
		"one column a cell: level 1 plain, 2 bold, 3 underlined;",
		"  an enemy's letter takes its health's colour",
		"beyond the view: < > ^ v on its border, and where",
		"  spawns, exits and the hero lie off screen"
	};
	static char	 text[UI_HELP_LINES][UI_HELP_WIDTH];
	const char	*lines[UI_HELP_LINES];
	char		 list[UI_HELP_WIDTH];
	size_t		 n = 0, i, len;
	bool		 wrapped = false;
	int		 k;

	for (i = 0; i < sizeof moves / sizeof moves[0]; i++)
		lines[n++] = moves[i];
	ui_draw_help_line(lines, text, &n, "%c - %c            choose a tower "
	    "(the towers are below)", tower_types[0].key,
	    tower_types[TOWER_NTYPES - 1].key);
	for (k = 0, len = 0; k < POWER_NKINDS; k++)
		len += (size_t)snprintf(list + len, sizeof list - len, "%s%c",
		    k > 0 ? " " : "", power_types[k].key);
	ui_draw_help_line(lines, text, &n, "%-16s aim a power (below) at the "
	    "cursor; Enter uses it", list);
	for (k = 0; k < GAME_NCMDS; k++) {
		if (cmd_types[k].key != 0 || cmd_types[k].keys != NULL)
			ui_draw_help_line(lines, text, &n, "%-16s %s",
			    cmd_types[k].keys, cmd_types[k].about);
	}
	/* v: the overlays in the order v brings them, none last. */
	len = (size_t)snprintf(list, sizeof list, "overlay:");
	for (k = 1; k <= OVERLAY_NKINDS; k++) {
		const char *name = overlay_name(k % OVERLAY_NKINDS);

		if (len + strlen(name) + 2 > 38) {
			ui_draw_help_line(lines, text, &n, "%-16s %s",
			    wrapped ? "" : "v", list);
			wrapped = true;
			len = 0;
		}
		len += (size_t)snprintf(list + len, sizeof list - len,
		    "%s%s%s", len > 0 ? " " : "", name,
		    k < OVERLAY_NKINDS ? "," : "");
	}
	ui_draw_help_line(lines, text, &n, "%-16s %s", wrapped ? "" : "v",
	    list);
	/* How the two arrow overlays differ. */
	for (k = 0; k < OVERLAY_NKINDS; k++)
		if (overlay_types[k].about != NULL)
			ui_draw_help_line(lines, text, &n, "%-16s %s: %s", "",
			    overlay_types[k].name, overlay_types[k].about);
	for (k = 0; k < VIEW_NKINDS; k++)
		ui_draw_help_line(lines, text, &n, "%-16s %s",
		    view_types[k].keys, view_types[k].about);
	for (i = 0; i < sizeof keys / sizeof keys[0]; i++)
		lines[n++] = keys[i];

	ui_draw_help_line(lines, text, &n, "Towers (cost; key chooses):");
	for (k = 0; k < TOWER_NTYPES; k++)
		ui_draw_help_line(lines, text, &n, "%c %-7s %3dg  %s",
		    tower_types[k].key, tower_types[k].name,
		    tower_types[k].level[0].cost, tower_types[k].about);
	lines[n++] = "";
	ui_draw_help_line(lines, text, &n, "Powers (free; key aims it, Enter "
	    "uses it, then it cools down):");
	for (k = 0; k < POWER_NKINDS; k++)
		ui_draw_help_line(lines, text, &n, "%c %-7s %3ds  %s",
		    power_types[k].key, power_types[k].name,
		    power_types[k].cooldown / GAME_RATE, power_types[k].about);
	lines[n++] = "";
	ui_draw_help_line(lines, text, &n, "Aim (t), what a tower shoots:");
	for (k = 0; k < TOWER_NTARGETS; k++)
		ui_draw_help_line(lines, text, &n, "  %-10s %s",
		    target_modes[k].name, target_modes[k].about);
	lines[n++] = "";
	for (i = 0; i < sizeof utf8 / sizeof utf8[0] && n < UI_HELP_LINES;
	    i++)
		lines[n++] = v->utf8 ? utf8[i] : ascii[i];
	ui_draw_box_from(v, lines, (int)n, first);
}

/* The screen for a terminal too small to play in; also a line below. */
void
ui_draw_too_small(const struct ui_view *v, const char *also)
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
	if (also != NULL)
		ui_draw_centred(v, y + 2, also);
}

/* Paint the game screen into stdscr (no dialog; the caller refreshes). */
void
ui_draw_play(struct ui_view *v, const struct play *p)
{
	ui_draw_layout(v, p);
	erase();
	if (v->too_small) {
		ui_draw_too_small(v, NULL);
		return;
	}
	ui_draw_title(v, p);
	ui_draw_map(v, p);
	ui_sight_edges(v, p);
	ui_draw_status(v, p, LINES - 5);
	ui_draw_next_wave(v, p, LINES - 4);
	ui_draw_palette(v, p, LINES - 3);
	ui_draw_info(v, p, LINES - 2);
	ui_draw_message(v, p, LINES - 1);
}
