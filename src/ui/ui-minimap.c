/* SPDX-License-Identifier: ISC */
/*
 * The minimap: on a map larger than the screen, with the view key o, the
 * whole map drawn small in a framed box over a corner of the view. One
 * character stands for a square block of cells (as few as let it fit in
 * a third of the view's width and half its rows) and shows the most
 * telling thing in it: the hero, an enemy (its letter), an exit, a spawn,
 * a tower (its letter), a wall, else rock or open ground by which has
 * more of the block. The blocks in view are drawn in reverse, the
 * cursor's is a +. It goes to the first corner of the view, of top
 * right, bottom right, top left and bottom left, that leaves the cursor's
 * cell uncovered. A click on it moves the cursor there.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif

#include <stdio.h>
#include <string.h>

#include "ui/ui-minimap.h"

/* Where the minimap goes: its frame's corner, inner size, cells a block. */
struct ui_minimap {
	int	sy, sx;		/* the frame's top left, on screen */
	int	w, h;		/* blocks across and down */
	int	scale;		/* cells a block, each way */
};

/* Whether the cursor's cell on screen is under a minimap at (sy, sx). */
static bool
ui_minimap_covers(const struct ui_view *v, const struct play *p,
    const struct ui_minimap *m)
{
	int	cy = v->top + p->cy - v->oy, cx = v->left + (p->cx - v->ox) *
	    v->cellw;

	return cy >= m->sy && cy < m->sy + m->h + 2 && cx + v->cellw > m->sx &&
	    cx < m->sx + m->w + 2;
}

/* Lay the minimap out for this screen; false when none is drawn. */
static bool
ui_minimap_layout(const struct ui_view *v, const struct play *p,
    struct ui_minimap *m)
{
	int	room_w = v->cols * v->cellw / 3 - 2, room_h = v->rows / 2 - 2;
	int	s, right, bottom;

	if (!v->minimap || v->too_small || (!v->edge_x && !v->edge_y) ||
	    room_w < 8 || room_h < 4)
		return false;
	for (s = 1; (p->w + s - 1) / s > room_w || (p->h + s - 1) / s >
	    room_h; s++)
		;
	m->scale = s;
	m->w = (p->w + s - 1) / s;
	m->h = (p->h + s - 1) / s;
	right = v->left + v->cols * v->cellw - (m->w + 2);
	bottom = v->top + v->rows - (m->h + 2);
	for (int corner = 0; corner < 4; corner++) {
		m->sx = corner < 2 ? right : v->left;
		m->sy = corner % 2 == 0 ? v->top : bottom;
		if (!ui_minimap_covers(v, p, m))
			break;
	}
	return true;
}

/* Whether v shows the minimap now (o, on a map larger than the screen). */
bool
ui_minimap_shown(const struct ui_view *v, const struct play *p)
{
	struct ui_minimap	m;

	return ui_minimap_layout(v, p, &m);
}

/* The map cell a click at screen (sy, sx) on the minimap stands for. */
bool
ui_minimap_cell_at(const struct ui_view *v, const struct play *p, int sy,
    int sx, int *x, int *y)
{
	struct ui_minimap	m;

	if (!ui_minimap_layout(v, p, &m) || sy <= m.sy || sx <= m.sx ||
	    sy > m.sy + m.h || sx > m.sx + m.w)
		return false;
	*x = (sx - m.sx - 1) * m.scale + m.scale / 2;
	*y = (sy - m.sy - 1) * m.scale + m.scale / 2;
	*x = *x >= p->w ? p->w - 1 : *x;
	*y = *y >= p->h ? p->h - 1 : *y;
	return true;
}

/* What block (bx, by) shows: its glyph and colour pair. */
static void
ui_minimap_block(const struct ui_view *v, const struct play *p,
    const struct ui_minimap *m, int bx, int by, char *glyph, size_t size,
    short *pair)
{
	int	x0 = bx * m->scale, y0 = by * m->scale, rock = 0, cells = 0;
	int	best = 99, rank;

	snprintf(glyph, size, "%s", v->utf8 ? "\u00b7" : ".");
	*pair = UI_PAIR_GROUND;
	for (int y = y0; y < y0 + m->scale && y < p->h; y++) {
		for (int x = x0; x < x0 + m->scale && x < p->w; x++) {
			const struct game_tower	*tw = game_tower_at(p->g, x, y);
			enum level_terrain	 t = level_terrain_at(p->lv, x, y);
			int			 e = p->enemy_at[play_cell(p, x,
						    y)];
			char			 g[8] = "";
			short			 c = 0;

			cells++;
			rock += t == LEVEL_WALL;
			/* Lower ranks tell more. */
			if (play_hero_at(p, x, y)) {
				rank = 0;
				snprintf(g, sizeof g, "@");
				c = UI_PAIR_HERO;
			} else if (e >= 0 && p->g->units[e].kind ==
			    GAME_UNIT_ENEMY) {
				rank = 1;
				snprintf(g, sizeof g, "%c",
				    enemy_types[p->g->units[e].type].glyph);
				c = (short)(UI_PAIR_ENEMY + p->g->units[e].type);
			} else if (t == LEVEL_EXIT) {
				rank = 2;
				snprintf(g, sizeof g, ">");
				c = UI_PAIR_EXIT;
			} else if (t == LEVEL_SPAWN) {
				rank = 3;
				snprintf(g, sizeof g, "%c",
				    play_spawn_label(p, x, y));
				c = UI_PAIR_SPAWN;
			} else if (tw != NULL && tower_types[tw->type].attack !=
			    TOWER_ATTACK_NONE) {
				rank = 4;
				snprintf(g, sizeof g, "%c",
				    tower_types[tw->type].glyph);
				c = (short)(UI_PAIR_TOWER + tw->type);
			} else if (tw != NULL) {
				rank = 5;
				snprintf(g, sizeof g, "%s", v->utf8 ?
				    "\u2593" : "[");
				c = UI_PAIR_PWALL;
			} else
				continue;
			if (rank < best) {
				best = rank;
				snprintf(glyph, size, "%s", g);
				*pair = c;
			}
		}
	}
	if (best == 99 && 2 * rock > cells) {
		snprintf(glyph, size, "%s", v->utf8 ? "\u2588" : "#");
		*pair = UI_PAIR_WALL;
	}
}

/* Draw the minimap, if v shows one, over the view. */
void
ui_minimap_draw(const struct ui_view *v, const struct play *p)
{
	struct ui_minimap	m;
	char			glyph[8];
	short			pair;
	attr_t			attr;
	static const char	title[] = " minimap ";

	if (!ui_minimap_layout(v, p, &m))
		return;
	for (int r = 0; r < m.h + 2; r++) {
		move(m.sy + r, m.sx);
		ui_draw_attr(v, UI_PAIR_TITLE, A_BOLD, A_BOLD);
		if (r == 0 || r == m.h + 1) {
			addstr(v->utf8 ? (r == 0 ? "\u250c" : "\u2514") : "+");
			for (int i = 0; i < m.w; i++) {
				if (r == 0 && m.w >= (int)sizeof title &&
				    i >= 1 && i < (int)sizeof title)
					addch((chtype)(unsigned char)title[i - 1]);
				else
					addstr(v->utf8 ? "\u2500" : "-");
			}
			addstr(v->utf8 ? (r == 0 ? "\u2510" : "\u2518") : "+");
			continue;
		}
		addstr(v->utf8 ? "\u2502" : "|");
		for (int bx = 0; bx < m.w; bx++) {
			int by = r - 1, x0 = bx * m.scale, y0 = by * m.scale;
			bool seen = x0 + m.scale > v->ox && x0 < v->ox +
			    v->cols && y0 + m.scale > v->oy && y0 < v->oy +
			    v->rows;

			ui_minimap_block(v, p, &m, bx, by, glyph, sizeof glyph,
			    &pair);
			if (p->cx / m.scale == bx && p->cy / m.scale == by) {
				snprintf(glyph, sizeof glyph, "+");
				pair = UI_PAIR_TITLE;
			}
			attr = seen ? A_REVERSE : 0;
			ui_draw_attr(v, pair, attr, attr);
			addstr(glyph);
		}
		ui_draw_attr(v, UI_PAIR_TITLE, A_BOLD, A_BOLD);
		addstr(v->utf8 ? "\u2502" : "|");
	}
	attrset(A_NORMAL);
}
