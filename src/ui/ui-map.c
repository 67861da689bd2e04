/* SPDX-License-Identifier: ISC */
/*
 * The map on the game screen. Every map cell in view is one or two screen
 * columns, worked out in layers: the terrain's glyph, the overlay, a
 * tower, a fresh attack crossing it, a shot, an enemy (its letter and, in
 * the second column, its health), then the cursor. Glyphs come in a UTF-8
 * and an ASCII set; without colour every kind of cell still has its own
 * characters (a spawn is never a tower's letter, an enemy's health is a
 * mark or a digit), so the map reads the same on a monochrome terminal.
 * The viewport follows the cursor on a map larger than the screen.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/enemy.h"
#include "ui/ui-hud.h"
#include "ui/ui-map.h"
#include "ui/ui-minimap.h"

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
static const struct ui_map_look {
	const char	*u2, *u1, *a2, *a1;
	short		 pair;
	attr_t		 attr;		/* added in colour */
	attr_t		 mono;		/* instead of colour */
} ui_map_looks[UI_NKINDS] = {
	{ "\u2588\u2588", "\u2588", "##", "#", UI_PAIR_WALL, 0, 0 },
	{ "\u00b7 ", "\u00b7", ". ", ".", UI_PAIR_GROUND, 0, A_DIM },
	{ "\u2591\u2591", "\u2591", "==", "=", UI_PAIR_ROAD, 0, 0 },
	{ "\u2248\u2248", "\u2248", "~~", "~", UI_PAIR_SLOW, 0, 0 },
	{ "? ", "?", "? ", "?", UI_PAIR_SPAWN, A_BOLD, A_REVERSE | A_BOLD },
	{ ">>", ">", ">>", ">", UI_PAIR_EXIT, A_BOLD, A_REVERSE | A_BOLD },
	{ "\u2593\u2593", "\u2593", "[]", "[", UI_PAIR_PWALL, A_BOLD, A_BOLD }
};

/* Flow arrows by direction N, NE, E, SE, S, SW, W, NW. */
static const char *const ui_map_arrows_utf8[8] = {
	"\u2191", "\u2197", "\u2192", "\u2198",
	"\u2193", "\u2199", "\u2190", "\u2196"
};
static const char *const ui_map_arrows_ascii[8] = {
	"^", "/", ">", "\\", "v", "/", "<", "\\"
};

/*
 * Health, lowest first: sevenths in UTF-8, a bar that never fills its
 * column (the full block is rock's: a whole enemy would merge with a rock
 * beside it without colour), ninths as digits in ASCII.
 */
#define UI_MAP_HEALTH_BARS	7
static const char *const ui_map_health_utf8[UI_MAP_HEALTH_BARS] = {
	"\u2581", "\u2582", "\u2583", "\u2584",
	"\u2585", "\u2586", "\u2587"
};



/*
 * The first cell shown of a map whole cells long with shown of them on
 * screen, starting from o: it moves only to keep the cursor cur at least
 * margin cells (at most most, a quarter of shown) from either side.
 */
static int
ui_map_scroll(int o, int cur, int shown, int whole, int most)
{
	int	margin = shown / 4 < most ? shown / 4 : most;

	if (shown == whole)
		return 0;
	if (cur < o + margin)
		o = cur - margin;
	if (cur > o + shown - 1 - margin)
		o = cur - shown + 1 + margin;
	if (o > whole - shown)
		o = whole - shown;
	return o < 0 ? 0 : o;
}

/* Choose the cell width and move the viewport so the cursor is in it. */
void
ui_map_layout(struct ui_view *v, const struct play *p)
{
	int	still = LINES - UI_HUD_TOP - UI_HUD_BOTTOM, maprows;

	v->too_small = COLS < UI_MIN_COLS || LINES < UI_MIN_LINES;
	if (v->too_small)
		return;
	v->bottom = UI_HUD_BOTTOM - 1 + ui_hud_msg_rows(p);
	maprows = LINES - UI_HUD_TOP - v->bottom;
	if (v->zoom != 0)
		v->cellw = v->zoom;
	else
		v->cellw = p->w * 2 <= COLS ? 2 : 1;

	/* A map larger than the screen keeps a border to point beyond. */
	v->edge_x = p->w * v->cellw > COLS;
	v->cols = v->edge_x ? (COLS - 2) / v->cellw : p->w;
	v->edge_y = p->h > maprows;
	v->rows = v->edge_y ? maprows - 2 : p->h;
	v->ox = ui_map_scroll(v->ox, p->cx, v->cols, p->w, 4);
	v->oy = ui_map_scroll(v->oy, p->cy, v->rows, p->h, 3);
	v->left = (COLS - v->cols * v->cellw) / 2;
	/* Centred as if the message had one row: a long one moves no map
	 * that has a row to spare. */
	v->top = UI_HUD_TOP + (still - v->rows) / 2;
	if (v->top + v->rows + v->edge_y > LINES - v->bottom)
		v->top = LINES - v->bottom - v->rows - v->edge_y;
}

/* The map cell under screen position (sy, sx), if any. */
bool
ui_map_cell_at(const struct ui_view *v, int sy, int sx, int *x, int *y)
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
ui_map_kind(const struct play *p, int x, int y)
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
struct ui_map_cell {
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
ui_map_glyph(const struct ui_view *v, struct ui_map_cell *c, const char *g)
{
	snprintf(c->text, sizeof c->text, "%s%s", g, v->cellw == 2 ? " " : "");
}

/*
 * Fill c with an overlay's digit g: with two columns a cell, in the second
 * column, so that a digit never runs on from a label on its left ("A1 7",
 * not "A17").
 */
static void
ui_map_digit(const struct ui_view *v, struct ui_map_cell *c, const char *g)
{
	snprintf(c->text, sizeof c->text, "%s%s", v->cellw == 2 ? " " : "", g);
}

/* Write label (A..Z) circled, one column of UTF-8 (U+24B6 on), into buf. */
static void
ui_map_circled(char label, char *buf, size_t size)
{
	unsigned	cp = 0x24b6u + (unsigned)(label - 'A');

	snprintf(buf, size, "%c%c%c", (char)(0xe0 | (cp >> 12)),
	    (char)(0x80 | ((cp >> 6) & 0x3f)), (char)(0x80 | (cp & 0x3f)));
}

/* Fill c with kind k's glyphs and looks. */
static void
ui_map_kind_look(const struct ui_view *v, enum ui_kind k,
    struct ui_map_cell *c)
{
	const struct ui_map_look	*lk = &ui_map_looks[k];
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
ui_map_tower_glyph(const struct ui_view *v, int k)
{
	static char	letters[TOWER_NTYPES][2];

	if (k < 0 || k >= TOWER_NTYPES)
		return "?";
	if (tower_types[k].attack == TOWER_ATTACK_NONE)
		return v->utf8 ? ui_map_looks[UI_PWALL].u1 :
		    ui_map_looks[UI_PWALL].a1;
	letters[k][0] = tower_types[k].glyph;
	letters[k][1] = '\0';
	return letters[k];
}

/*
 * The letter that names specialisation spec after its tower's letter: its
 * initial, in capitals where the small letter reads as a level's digit
 * ("AL" longbow, never "Al" beside "A1").
 */
char
ui_map_spec_initial(int spec)
{
	char	c = spec_name(spec)[0];

	return c == 'l' || c == 'i' || c == 'o' ? (char)(c - 'a' + 'A') : c;
}

/*
 * In one column a cell, the mark that tells a tower's level (or that it
 * is specialised) by its characters, not only its looks: in UTF-8 a
 * combining mark over its letter, a dot for level 2, two for level 3, a
 * ring once specialised ("A", "A\u0307", "A\u0308", "A\u030a"); in
 * ASCII, where a letter takes no mark, the cell blinks between its letter
 * and its level's digit, or "+" once specialised (v->blink: the mark's
 * turn). "" for none.
 */
static const char *
ui_map_level_mark(const struct ui_view *v, int lvl, int spec)
{
	if (v->utf8)
		return spec >= 0 ? "\u030a" : (lvl == 2 ? "\u0307" :
		    (lvl >= 3 ? "\u0308" : ""));
	if (!v->blink || (lvl <= 1 && spec < 0))
		return "";
	return spec >= 0 ? "+" : (lvl == 2 ? "2" : "3");
}

/*
 * Fill c with the look of a tower of kind k at level lvl, specialised as
 * spec (-1: not): a specialised tower shows its specialisation's initial
 * in place of its level, and in one column a cell, reversed; there the
 * level has its mark too (ui_map_level_mark).
 */
static void
ui_map_tower_look(const struct ui_view *v, int k, int lvl, int spec,
    struct ui_map_cell *c)
{
	if (tower_types[k].attack == TOWER_ATTACK_NONE) {
		ui_map_kind_look(v, UI_PWALL, c);
		return;
	}
	c->pair = (short)(UI_PAIR_TOWER + k);
	c->attr = A_BOLD;
	c->mono = A_BOLD | A_UNDERLINE;
	if (v->cellw == 2) {
		/* A specialised tower shows its specialisation's initial. */
		if (spec >= 0)
			snprintf(c->text, sizeof c->text, "%s%c",
			    ui_map_tower_glyph(v, k), ui_map_spec_initial(spec));
		else
			snprintf(c->text, sizeof c->text, "%s%d",
			    ui_map_tower_glyph(v, k), lvl);
		c->mono |= spec >= 0 ? A_REVERSE : 0;
		return;
	}
	/*
	 * One column: the level is in the looks, plain, bold, underlined;
	 * a specialised tower reversed and underlined (a spawn is reversed
	 * alone; without colour the levels are underlined, bold, reversed,
	 * and a specialised tower reversed without bold).
	 */
	if (!v->utf8 && v->blink && (lvl > 1 || spec >= 0))
		snprintf(c->text, sizeof c->text, "%s",
		    ui_map_level_mark(v, lvl, spec));
	else
		snprintf(c->text, sizeof c->text, "%s%s",
		    ui_map_tower_glyph(v, k), ui_map_level_mark(v, lvl, spec));
	c->attr = lvl <= 1 ? 0 : (lvl == 2 ? A_BOLD : A_BOLD | A_UNDERLINE);
	c->mono = lvl <= 1 ? A_UNDERLINE : (lvl == 2 ? A_BOLD | A_UNDERLINE :
	    A_BOLD | A_UNDERLINE | A_REVERSE);
	if (spec >= 0) {
		c->attr = A_BOLD | A_UNDERLINE | A_REVERSE;
		c->mono = A_UNDERLINE | A_REVERSE;
	}
}

/* The ASCII health digit of share f: ninths, 1 to 9. */
static char
ui_map_ninths(double f)
{
	int	k = (int)ceil(f * 9);

	return (char)('0' + (k < 1 ? 1 : (k > 9 ? 9 : k)));
}

/*
 * In one column a cell, the health band hp (of share f) in the cell's
 * characters, for a screen that shows no colour: in UTF-8 a mark under
 * the letter, none above two thirds, a dot to a third, two dots below
 * ("g", "g\u0323", "g\u0324"); in ASCII the cell blinks between the
 * letter and the health's digit, ninths as with two columns.
 */
static void
ui_map_health_mark(const struct ui_view *v, double f, short hp,
    struct ui_map_cell *c)
{
	size_t	n = strlen(c->text);

	if (v->utf8) {
		if (hp != UI_PAIR_HP_HIGH)
			snprintf(c->text + n, sizeof c->text - n, "%s",
			    hp == UI_PAIR_HP_MID ? "\u0323" : "\u0324");
	} else if (v->blink) {
		c->text[0] = ui_map_ninths(f);
		c->text[1] = '\0';
	}
}

/*
 * Give c a health bar for the share f (0..1) of hit points left: the
 * second column of the cell, coloured by health; with one column a cell,
 * the glyph itself takes the health's colour.
 */
static void
ui_map_health(const struct ui_view *v, double f, struct ui_map_cell *c)
{
	short	hp;
	int	k;

	f = f < 0 ? 0 : (f > 1 ? 1 : f);
	hp = f > 2.0 / 3 ? UI_PAIR_HP_HIGH : (f > 1.0 / 3 ? UI_PAIR_HP_MID :
	    UI_PAIR_HP_LOW);
	if (v->cellw == 1) {
		/* The glyph takes the health's colour; dim, then underlined
		 * without colour; and its characters say it too. */
		c->pair = hp;
		if (hp == UI_PAIR_HP_LOW)
			c->mono |= A_UNDERLINE;
		else if (hp == UI_PAIR_HP_MID)
			c->mono |= A_DIM;
		ui_map_health_mark(v, f, hp, c);
		return;
	}
	if (v->utf8) {
		k = (int)ceil(f * UI_MAP_HEALTH_BARS) - 1;
		snprintf(c->second, sizeof c->second, "%s",
		    ui_map_health_utf8[k < 0 ? 0 : k]);
	} else {
		c->second[0] = ui_map_ninths(f);
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
ui_map_enemy_look(const struct ui_view *v, const struct play *p, int i,
    struct ui_map_cell *c)
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
	ui_map_health(v, u->max_hp > 0 ? (double)u->hp / u->max_hp : 0, c);
}

/*
 * Fill c with the hero: '@' on its colour, with its health bar; in one
 * column of ASCII it never blinks to its health's digit as an enemy does.
 */
static void
ui_map_hero_look(const struct ui_view *v, const struct play *p,
    struct ui_map_cell *c)
{
	snprintf(c->text, sizeof c->text, "@");
	c->pair = UI_PAIR_HERO;
	c->attr = A_BOLD;
	c->mono = A_BOLD | A_REVERSE;
	ui_map_health(v, (double)p->g->hero_hp / GAME_HERO_HP, c);
	/* Blinking to a digit, it would read as an enemy: the status line
	 * says its health. */
	if (!v->utf8)
		snprintf(c->text, sizeof c->text, "@");
}

/* A cell n towers reach: the count (+ past 9), brighter the more. */
static void
ui_map_cover(const struct ui_view *v, int n, struct ui_map_cell *c)
{
	char	g[4];

	if (n == 0)
		return;
	snprintf(g, sizeof g, "%c", n > 9 ? '+' : '0' + n);
	ui_map_digit(v, c, g);
	c->pair = n >= 2 ? UI_PAIR_GOOD : UI_PAIR_RANGE;
	c->attr = n >= 3 ? A_BOLD : 0;
	c->mono = n >= 3 ? A_BOLD : 0;
}

/* The count a cover overlay shows on cell (x, y), 0 for none. */
static int
ui_map_cover_count(const struct play *p, int x, int y)
{
	size_t	cell = (size_t)y * p->w + x;

	if (p->overlay == OVERLAY_COVER_GROUND)
		return p->cover_ground[cell];
	if (p->overlay == OVERLAY_COVER_AIR)
		return p->cover_air[cell];
	return 0;
}

/*
 * A cell in reach of the tower shown (bits PLAY_RANGE_*): open ground
 * shows the reach's mark, other terrain keeps its glyph in the reach's
 * colour (underlined without colour). A cover overlay's count n stays
 * above the ring: beside its mark in a wide cell ("∘3"), alone in the
 * reach's colour in a narrow one.
 */
static void
ui_map_range(const struct ui_view *v, uint8_t bits, enum ui_kind k, int n,
    struct ui_map_cell *c)
{
	bool	now = (bits & PLAY_RANGE_NOW) != 0;
	char	digit[4];

	if (k == UI_SPAWN || k == UI_EXIT)
		return;
	if (k == UI_GROUND && n > 0) {
		snprintf(digit, sizeof digit, "%c", n > 9 ? '+' : '0' + n);
		if (v->cellw == 2)
			snprintf(c->text, sizeof c->text, "%s%s", v->utf8 ?
			    (now ? "\u2218" : "\u00b0") : (now ? ":" : "'"),
			    digit);
		c->mono = (now ? A_BOLD : 0) | A_UNDERLINE;
	} else if (k == UI_GROUND) {
		if (v->utf8)
			ui_map_glyph(v, c, now ? "\u2218" : "\u00b0");
		else
			ui_map_glyph(v, c, now ? ":" : "'");
		c->mono = now ? A_BOLD : 0;
	} else
		c->mono |= A_UNDERLINE;
	c->pair = now ? UI_PAIR_RANGE : UI_PAIR_RANGE_NEXT;
	c->attr = now ? A_BOLD : 0;
}

/* The overlay's look for walkable cell (x, y), drawn over c. */
static void
ui_map_overlay(const struct ui_view *v, const struct play *p, int x, int y,
    enum ui_kind k, struct ui_map_cell *c)
{
	const struct field	*f = p->g->field;
	int			 i = grid_index(&p->g->grid, x, y);
	uint8_t			 r = p->route[(size_t)y * p->w + x];
	char			 g[8];
	double			 max = p->maxdist;
	int			 gd;

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
			ui_map_digit(v, c, g);
			c->mono = 0;
		}
		break;
	case OVERLAY_FLOW:
	case OVERLAY_HUNT_FLOW:
		if (f->dir[i] < 0 || f->dir[i] > 7)
			break;
		ui_map_glyph(v, c, v->utf8 ? ui_map_arrows_utf8[f->dir[i]] :
		    ui_map_arrows_ascii[f->dir[i]]);
		if (k == UI_GROUND)
			c->pair = UI_PAIR_ARROW;
		c->mono = 0;
		break;
	case OVERLAY_GRADIENT:
		if ((gd = field_gradient_dir(f, &p->g->grid, x, y)) < 0)
			break;
		ui_map_glyph(v, c, v->utf8 ? ui_map_arrows_utf8[gd] :
		    ui_map_arrows_ascii[gd]);
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
			ui_map_glyph(v, c, v->utf8 ? "\u25cb" : "o");
		break;
	case OVERLAY_PATH:
		if (r & PLAY_ROUTE_ENEMY_WP) {
			ui_map_glyph(v, c, v->utf8 ? "\u25c6" : "O");
			c->pair = UI_PAIR_WAYPOINT;
			c->attr = c->mono = A_BOLD;
		} else if (r & PLAY_ROUTE_ENEMY) {
			ui_map_glyph(v, c, v->utf8 ? "\u2022" : ",");
			c->pair = UI_PAIR_WAYPOINT;
			c->attr = c->mono = A_BOLD;
		} else if (r & PLAY_ROUTE_WAYPOINT) {
			ui_map_glyph(v, c, v->utf8 ? "\u25c7" : "o");
			c->pair = UI_PAIR_ROUTE;
			c->attr = 0;
			c->mono = A_DIM;
		} else if (r & PLAY_ROUTE_NOW) {
			ui_map_glyph(v, c, v->utf8 ? "\u2022" : ",");
			c->pair = UI_PAIR_ROUTE;
			c->attr = 0;
			c->mono = A_DIM;
		}
		break;
	case OVERLAY_PREVIEW:
		if (p->preview == PLAY_PREVIEW_OPEN &&
		    (r & PLAY_ROUTE_PREVIEW) && !(r & PLAY_ROUTE_NOW)) {
			ui_map_glyph(v, c, "+");
			c->pair = UI_PAIR_NEWROUTE;
			c->attr = c->mono = A_BOLD;
		} else if (p->preview == PLAY_PREVIEW_OPEN &&
		    (r & PLAY_ROUTE_NOW) && !(r & PLAY_ROUTE_PREVIEW)) {
			/* Not x: that is where the hero was sent. */
			ui_map_glyph(v, c, "-");
			c->pair = UI_PAIR_OLDROUTE;
			c->attr = 0;
			c->mono = A_DIM;
		} else if (r & PLAY_ROUTE_NOW) {
			ui_map_glyph(v, c, v->utf8 ? "\u2022" : ",");
			c->pair = UI_PAIR_ROUTE;
			c->attr = 0;
			c->mono = A_DIM;
		}
		break;
	case OVERLAY_COVER_GROUND:
	case OVERLAY_COVER_AIR:
		ui_map_cover(v, ui_map_cover_count(p, x, y), c);
		break;
	default:
		break;
	}
}

/*
 * The powers on cell (x, y): a barrier standing there (its glyph in its
 * colour), a freeze lasting over it (its colour behind), and the area of
 * the power being aimed at the cursor (its colour behind, dim when it
 * would be refused there; without colour underlined, so that the enemies
 * in it, reversed, stand out). Returns whether the aimed power covers it.
 */
static bool
ui_map_power_look(const struct ui_view *v, const struct play *p, int x,
    int y, struct ui_map_cell *c)
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
			ui_map_glyph(v, c, glyph);
			c->attr = c->mono = A_BOLD;
		} else
			c->mono = A_BOLD | A_UNDERLINE;
		c->pair = (short)(UI_PAIR_POWER + k);
	}
	if (p->power >= 0 && !game_over(g) &&
	    game_in_power(g, p->power, p->cx, p->cy, at)) {
		c->pair = (short)(UI_PAIR_POWER + p->power);
		c->attr = p->verdict == GAME_OK ? A_BOLD : A_DIM;
		c->mono = A_UNDERLINE | (p->verdict == GAME_OK ? A_BOLD :
		    A_DIM);
		return true;
	}
	return false;
}

/*
 * An enemy in the area of the power aimed: its letter and health in its
 * own colours, reversed, so what the power would catch stands out of the
 * area's colour instead of being lost in it.
 */
static void
ui_map_caught(struct ui_map_cell *c)
{
	c->attr |= A_REVERSE;
	c->mono = (c->mono & ~A_DIM) | A_REVERSE;
	c->attr2 |= A_REVERSE;
	c->mono2 |= A_REVERSE;
}

/*
 * Fill c with spawn label's look: its letter in the first column when
 * cells are wide; in one column, where a tower's letter fills the cell
 * too, a form no tower takes: the letter circled in UTF-8, and in ASCII
 * (which has no such letter) the spawn's own glyph, UI_MAP_SPAWN_ASCII.
 * Reversed as well in one column.
 */
static void
ui_map_spawn_look(const struct ui_view *v, char label,
    struct ui_map_cell *c)
{
	if (v->cellw == 2) {
		c->text[0] = label;
		return;
	}
	if (v->utf8 && label >= 'A' && label <= 'Z')
		ui_map_circled(label, c->text, sizeof c->text);
	else
		snprintf(c->text, sizeof c->text, "%s", UI_MAP_SPAWN_ASCII);
	c->attr |= A_REVERSE;
}

/*
 * The cursor's cell: reversed over whatever is there, with the block or
 * the tower a placement there would give. Aiming a power, the area shows
 * where it goes; without colour the cursor is reversed and underlined,
 * whatever stands there (a caught enemy is reversed already).
 */
static void
ui_map_cursor_look(const struct ui_view *v, const struct play *p, int e,
    struct ui_map_cell *c)
{
	if (p->power >= 0) {
		c->attr ^= A_REVERSE;
		c->attr2 ^= A_REVERSE;
		c->mono |= A_UNDERLINE | A_REVERSE;
		c->mono2 |= A_UNDERLINE | A_REVERSE;
		return;
	}
	if (p->preview == PLAY_PREVIEW_BLOCKS && e < 0) {
		snprintf(c->text, sizeof c->text, "%s",
		    v->cellw == 2 ? "XX" : "X");
		c->pair = UI_PAIR_BLOCK;
		c->attr = A_BOLD;
		c->mono = A_BOLD;
	} else if (p->preview == PLAY_PREVIEW_OPEN && e < 0 &&
	    p->overlay == OVERLAY_PREVIEW) {
		ui_map_tower_look(v, p->tower, 1, -1, c);
		c->attr &= ~A_BOLD;
	}
	c->attr ^= A_REVERSE;
	c->mono ^= A_REVERSE;
	c->attr2 ^= A_REVERSE;
	c->mono2 ^= A_REVERSE;
}

/* Work out how cell (x, y) looks, every layer. */
static void
ui_map_cell_look(const struct ui_view *v, const struct play *p, int x, int y,
    struct ui_map_cell *c)
{
	const struct game_tower	*tw = game_tower_at(p->g, x, y);
	enum ui_kind		 k = ui_map_kind(p, x, y);
	size_t			 cell = (size_t)y * p->w + x;
	int			 e = p->enemy_at[cell], s = p->shot_at[cell];
	int			 fx = p->fx_at[cell];
	bool			 aimed;

	c->second[0] = '\0';
	ui_map_kind_look(v, k, c);
	if (k == UI_SPAWN)
		ui_map_spawn_look(v, play_spawn_label(p, x, y), c);
	if (tw != NULL)
		ui_map_tower_look(v, tw->type, tw->level, tw->spec, c);
	else if (k == UI_GROUND || k == UI_ROAD || k == UI_SLOW)
		ui_map_overlay(v, p, x, y, k, c);

	if (tw == NULL && p->range[cell] != 0)
		ui_map_range(v, p->range[cell], k, ui_map_cover_count(p, x,
		    y), c);
	aimed = ui_map_power_look(v, p, x, y, c);
	if (tw == NULL && fx != 0) {
		int t = fx - 1;

		if (tower_types[t].attack == TOWER_ATTACK_PULSE) {
			c->pair = (short)(UI_PAIR_FX + t);
			c->attr = A_BOLD;
		} else {
			ui_map_glyph(v, c, v->utf8 ? "\u2219" : "'");
			c->pair = (short)(UI_PAIR_FX + t);
			c->attr = c->mono = A_BOLD;
		}
	}
	if (p->g->hero_order.x == x && p->g->hero_order.y == y && e < 0) {
		/* Where the hero was sent. */
		ui_map_glyph(v, c, v->utf8 ? "\u00d7" : "x");
		c->pair = UI_PAIR_HERO;
		c->attr = c->mono = A_BOLD;
	}
	if (play_hero_at(p, x, y))
		ui_map_hero_look(v, p, c);
	else if (e >= 0) {
		/* On a spawn too: the cursor line and < name the spawn. */
		ui_map_enemy_look(v, p, e, c);
		if (aimed)
			ui_map_caught(c);
	} else if (s >= 0 && tw == NULL) {
		int t = p->g->units[s].type;

		ui_map_glyph(v, c, v->utf8 ? "\u2217" : "*");
		c->pair = (short)(t >= 0 && t < TOWER_NTYPES ? UI_PAIR_FX + t :
		    UI_PAIR_SHOT);
		c->attr = c->mono = A_BOLD;
	}
	if (k == UI_EXIT && play_leak_marked(p, x, y)) {
		/* An enemy got out here a moment ago: it flashes. */
		ui_map_glyph(v, c, "!");
		if (v->cellw == 2)
			snprintf(c->text, sizeof c->text, "!!");
		c->second[0] = '\0';
		c->pair = UI_PAIR_LEAK;
		c->attr = (p->g->tick / 8) % 2 == 0 ? A_BOLD : A_BOLD |
		    A_REVERSE;
		c->mono = A_BOLD | A_REVERSE;
	}

	if (play_marks(p, x, y)) {
		/* On a marked line: the kind it would build, dim. */
		if (tw == NULL && e < 0 && level_buildable(p->lv, x, y)) {
			ui_map_tower_look(v, p->tower, 1, -1, c);
			c->attr = A_DIM;
			c->second[0] = '\0';
		}
		c->attr |= A_UNDERLINE;
		c->mono |= A_UNDERLINE;
	}
	if (x == p->cx && y == p->cy)
		ui_map_cursor_look(v, p, e, c);
}

/*
 * Draw the cells in view. A cell's second column is drawn only where its
 * text left room for it: whatever the layers made of it, a cell is never
 * wider than its columns, and the rest of its row stays in place.
 */
void
ui_map_draw(const struct ui_view *v, const struct play *p)
{
	struct ui_map_cell	c;
	int			x, y, sy, sx, cy, cx;

	memset(&c, 0, sizeof c);
	for (y = v->oy; y < v->oy + v->rows; y++) {
		move(v->top + y - v->oy, v->left);
		for (x = v->ox; x < v->ox + v->cols; x++) {
			ui_map_cell_look(v, p, x, y, &c);
			getyx(stdscr, sy, sx);
			ui_draw_attr(v, c.pair, c.attr, c.mono);
			addstr(c.text);
			getyx(stdscr, cy, cx);
			if (c.second[0] != '\0' && cy == sy &&
			    cx - sx < v->cellw) {
				ui_draw_attr(v, c.pair2, c.attr2, c.mono2);
				addstr(c.second);
			}
		}
	}
	attrset(A_NORMAL);
	ui_minimap_draw(v, p);
}

