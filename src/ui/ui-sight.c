/* SPDX-License-Identifier: ISC */
/*
 * Seeing what matters, drawn with curses. On a map larger than the screen
 * the view keeps a border: arrows where more map lies beyond, and the
 * spawns, exits and hero out of view drawn on the border where they lie
 * (an exit an enemy just left by, flashing). The wave panel lists every
 * wave still to come with its groups, when it comes and what to beware
 * of (flyers, bosses, kinds not seen yet in this game); kinds, movers and
 * traits are read from the registry, times from the game (game_wave_eta).
 * The log panel shows the messages so far, newest last; the end figures
 * say which tower did what and what got through.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/ui-map.h"
#include "ui/ui-sight.h"

#define UI_SIGHT_PANEL_MAX	(LEVEL_MAX_WAVES * (LEVEL_MAX_GROUPS + 1) + 4)

/* "14s" for a count of ticks, into buf: as the status line says it. */
static void
ui_sight_clock(long ticks, char *buf, size_t size)
{
	snprintf(buf, size, "%lds", (ticks + GAME_RATE - 1) / GAME_RATE);
}

/*
 * The screen position on the view's border (or inside it) where map cell
 * (x, y) is, or lies beyond; false when it is in view.
 */
static bool
ui_sight_beyond(const struct ui_view *v, int x, int y, int *sy, int *sx)
{
	bool	out = false;

	if (x < v->ox) {
		*sx = v->left - 1;
		out = true;
	} else if (x >= v->ox + v->cols) {
		*sx = v->left + v->cols * v->cellw;
		out = true;
	} else
		*sx = v->left + (x - v->ox) * v->cellw;
	if (y < v->oy) {
		*sy = v->top - 1;
		out = true;
	} else if (y >= v->oy + v->rows) {
		*sy = v->top + v->rows;
		out = true;
	} else
		*sy = v->top + (y - v->oy);
	return out && *sx >= 0 && *sx < COLS && *sy >= UI_HUD_TOP &&
	    *sy < LINES - v->bottom;
}

/* Draw glyph g at screen (sy, sx) with a pair and attributes. */
static void
ui_sight_put(const struct ui_view *v, int sy, int sx, const char *g,
    short pair, attr_t attr, attr_t mono)
{
	ui_draw_attr(v, pair, attr, mono);
	move(sy, sx);
	addstr(g);
	attrset(A_NORMAL);
}

/*
 * The border of a view smaller than the map: an arrow every few cells on
 * each side where more map lies, then the spawns, exits and hero out of
 * view, each where it lies beyond the border.
 */
void
ui_sight_edges(const struct ui_view *v, const struct play *p)
{
	const struct steer_agent	*hero = game_hero_agent(p->g);
	const struct level		*lv = p->lv;
	char				 label[2];
	int				 i, c, sy, sx;

	if (v->too_small || (!v->edge_x && !v->edge_y))
		return;
	for (i = 0; v->edge_x && i < v->rows; i += 2) {
		if (v->ox > 0)
			ui_sight_put(v, v->top + i, v->left - 1, v->utf8 ?
			    "\u25c0" : "<", UI_PAIR_TITLE, 0, A_DIM);
		if (v->ox + v->cols < p->w)
			ui_sight_put(v, v->top + i, v->left + v->cols *
			    v->cellw, v->utf8 ? "\u25b6" : ">",
			    UI_PAIR_TITLE, 0, A_DIM);
	}
	for (i = 0; v->edge_y && i < v->cols * v->cellw; i += 4) {
		if (v->oy > 0)
			ui_sight_put(v, v->top - 1, v->left + i, v->utf8 ?
			    "\u25b2" : "^", UI_PAIR_TITLE, 0, A_DIM);
		if (v->oy + v->rows < p->h)
			ui_sight_put(v, v->top + v->rows, v->left + i,
			    v->utf8 ? "\u25bc" : "v", UI_PAIR_TITLE, 0, A_DIM);
	}
	for (i = 0; i < lv->nexits; i++) {
		int x = lv->exits[i].x, y = lv->exits[i].y;

		if (!ui_sight_beyond(v, x, y, &sy, &sx))
			continue;
		if (play_leak_marked(p, x, y))
			ui_sight_put(v, sy, sx, "!", UI_PAIR_LEAK, A_BOLD,
			    A_BOLD | A_REVERSE);
		else
			ui_sight_put(v, sy, sx, ">", UI_PAIR_EXIT, A_BOLD,
			    A_BOLD | A_REVERSE);
	}
	for (i = 0; i < lv->nspawns; i++) {
		for (c = 0; c < lv->spawns[i].ncells; c++) {
			if (!ui_sight_beyond(v, lv->spawns[i].cells[c].x,
			    lv->spawns[i].cells[c].y, &sy, &sx))
				continue;
			label[0] = lv->spawns[i].label;
			label[1] = '\0';
			ui_sight_put(v, sy, sx, label, UI_PAIR_SPAWN, A_BOLD,
			    A_BOLD | A_REVERSE);
		}
	}
	if (hero != NULL && ui_sight_beyond(v, (int)hero->pos.x,
	    (int)hero->pos.y, &sy, &sx))
		ui_sight_put(v, sy, sx, "@", UI_PAIR_HERO, A_BOLD,
		    A_BOLD | A_REVERSE);
}

/*
 * Lay the view out for a new game; when no spawn is in view, put the
 * cursor by the spawn nearest it, so the view starts on a spawn.
 */
void
ui_sight_start(struct ui_view *v, struct play *p)
{
	const struct level	*lv = p->lv;
	int			 i, c, best = -1, bx = 0, by = 0, d;

	v->ox = v->oy = 0;
	ui_map_layout(v, p);
	if (v->too_small)
		return;
	for (i = 0; i < lv->nspawns; i++) {
		for (c = 0; c < lv->spawns[i].ncells; c++) {
			int x = lv->spawns[i].cells[c].x;
			int y = lv->spawns[i].cells[c].y;

			if (x >= v->ox && x < v->ox + v->cols &&
			    y >= v->oy && y < v->oy + v->rows)
				return;
			d = abs(x - p->cx) + abs(y - p->cy);
			if (best < 0 || d < best) {
				best = d;
				bx = x;
				by = y;
			}
		}
	}
	if (best < 0)
		return;
	play_cursor_near(p, bx, by);
	ui_map_layout(v, p);
}

/* What wave index w warns of, into buf: flyers, a boss, new kinds. */
static void
ui_sight_warnings(const struct play *p, int w, const bool *seen, char *buf,
    size_t size)
{
	const struct level_wave	*lw = &p->g->waves[w];
	bool			 fly = false, boss = false, listed[ENEMY_NKINDS];
	size_t			 len;
	int			 k, e;

	memset(listed, 0, sizeof listed);
	buf[0] = '\0';
	for (k = 0; k < lw->ngroups; k++) {
		e = lw->groups[k].enemy;
		fly = fly || enemy_types[e].mover == ENEMY_FLY;
		boss = boss || (enemy_types[e].traits & ENEMY_TRAIT_BOSS);
	}
	if (fly)
		snprintf(buf, size, "  FLYERS");
	if (boss) {
		len = strlen(buf);
		snprintf(buf + len, size - len, "  BOSS");
	}
	for (k = 0; k < lw->ngroups; k++) {
		e = lw->groups[k].enemy;
		if (seen[e] || listed[e])
			continue;
		listed[e] = true;
		len = strlen(buf);
		snprintf(buf + len, size - len, "%s%s", strstr(buf, "NEW") ==
		    NULL ? "  NEW " : ", ", enemy_types[e].name);
		if (enemy_types[e].traits != 0) {
			char traits[96];

			len = strlen(buf);
			snprintf(buf + len, size - len, " (%s)",
			    enemy_trait_names(enemy_types[e].traits, traits,
			    sizeof traits));
		}
	}
}

/* The wave panel from line *first on: every wave still to come. */
void
ui_sight_waves(const struct ui_view *v, const struct play *p, int *first)
{
	static char		 text[UI_SIGHT_PANEL_MAX][UI_SIGHT_LINE + 64];
	const char		*lines[UI_SIGHT_PANEL_MAX];
	const struct game	*g = p->g;
	bool			 seen[ENEMY_NKINDS];
	char			 when[UI_SIGHT_LINE + 8], warn[UI_SIGHT_LINE];
	char			 traits[96];
	int			 n = 0, w, k, e, left;

	for (e = 0; e < ENEMY_NKINDS; e++)
		seen[e] = play_kind_met(p, e);
	snprintf(text[n++], sizeof text[0], "The waves to come (%d/%d waves "
	    "begun), PAUSED while this is open", g->next_wave, g->nwaves);
	text[n++][0] = '\0';
	for (w = 0; w < g->nwaves && n < UI_SIGHT_PANEL_MAX - 4; w++) {
		const struct level_wave *lw = &p->g->waves[w];
		bool sending = game_wave_sending(g, w);

		if (w < g->next_wave && !sending)
			continue;
		if (sending)
			snprintf(when, sizeof when, "coming out now");
		else {
			ui_sight_clock(game_wave_eta(g, w), warn, sizeof warn);
			snprintf(when, sizeof when, "in %s", warn);
		}
		ui_sight_warnings(p, w, seen, warn, sizeof warn);
		snprintf(text[n++], sizeof text[0], "wave %d %.30s%.90s", w + 1,
		    when, warn);
		for (k = 0; k < lw->ngroups && n < UI_SIGHT_PANEL_MAX - 4;
		    k++) {
			const struct level_group *grp = &lw->groups[k];

			e = grp->enemy;
			seen[e] = true;	/* new only where it first comes */
			left = grp->count - game_group_sent(g, w, k);
			if (left <= 0)
				continue;
			enemy_trait_names(enemy_types[e].traits, traits,
			    sizeof traits);
			snprintf(text[n++], sizeof text[0], "  %3d %-8s from %c, "
			    "one every %.1f s, %d hp, leak %d%s%s%s", left,
			    enemy_types[e].name, grp->from, grp->every_ms /
			    1000.0, game_enemy_hp(g, e, w + 1),
			    enemy_types[e].leak, enemy_types[e].mover ==
			    ENEMY_FLY ? ", flies" : "", traits[0] != '\0' ?
			    ", " : "", traits);
		}
	}
	if (n == 2)
		snprintf(text[n++], sizeof text[0], "every wave is out");
	text[n++][0] = '\0';
	snprintf(text[n++], sizeof text[0], "N hp: each one's hit points "
	    "here (the level, the setting and the wave raise them)");
	snprintf(text[n++], sizeof text[0], "leak N: the lives each one "
	    "costs if it gets out");
	snprintf(text[n++], sizeof text[0], "w, Escape: close   j k PgUp "
	    "PgDn: scroll");
	for (k = 0; k < n; k++)
		lines[k] = text[k];
	ui_draw_box_from(v, lines, n, first);
}

/* The message log from line *first on, newest last. */
void
ui_sight_log(const struct ui_view *v, const struct play *p, int *first)
{
	static char	 text[PLAY_LOG_MAX + 4][PLAY_MSG_MAX + 64];
	const char	*lines[PLAY_LOG_MAX + 4];
	char		 clock[24];
	int		 n = 0, k, count = play_log_count(p);

	snprintf(text[n++], sizeof text[0], "Messages (%d), PAUSED while this "
	    "is open", count);
	for (k = 0; k < count; k++) {
		const struct play_log *l = play_log_line(p, k);

		ui_sight_clock(l->tick, clock, sizeof clock);
		if (l->times > 1)
			snprintf(text[n++], sizeof text[0], "%5s %s (x%d)",
			    clock, l->text, l->times);
		else
			snprintf(text[n++], sizeof text[0], "%5s %s", clock,
			    l->text);
	}
	text[n++][0] = '\0';
	snprintf(text[n++], sizeof text[0], "m, Escape: close   j k PgUp "
	    "PgDn: scroll");
	for (k = 0; k < n; k++)
		lines[k] = text[k];
	ui_draw_box_from(v, lines, n, first);
}

/* Whether tower slot a did more than slot b (damage, kills, then age). */
static bool
ui_sight_better(const struct game *g, int a, int b)
{
	const struct game_tower	*ta = &g->towers[a], *tb = &g->towers[b];

	if (ta->damage != tb->damage)
		return ta->damage > tb->damage;
	if (ta->kills != tb->kills)
		return ta->kills > tb->kills;
	return a < b;
}

/*
 * The figures of a level just ended, at most max lines into text: the
 * best tower, the towers standing by the damage they did (with kills;
 * the eight that did most, and how many more stand), and what got
 * through, by kind. Returns the lines written.
 */
int
ui_sight_end_lines(const struct play *p, char (*text)[UI_SIGHT_LINE],
    int max)
{
	const struct game	*g = p->g;
	int			 order[8], norder = 0, n = 0, t, k, j;
	int			 standing = 0;
	size_t			 len;

	/* The eight that did most, kept in order as they are found. */
	for (t = 0; t < g->ntowers; t++) {
		const struct game_tower *tw = &g->towers[t];

		if (!tw->used || tower_types[tw->type].attack ==
		    TOWER_ATTACK_NONE)
			continue;
		standing++;
		for (k = norder; k > 0 && ui_sight_better(g, t,
		    order[k - 1]); k--) {
			if (k < (int)(sizeof order / sizeof order[0]))
				order[k] = order[k - 1];
		}
		if (k < (int)(sizeof order / sizeof order[0])) {
			order[k] = t;
			if (norder < (int)(sizeof order / sizeof order[0]))
				norder++;
		}
	}
	if (n < max && norder > 0) {
		const struct game_tower *tw = &g->towers[order[0]];

		snprintf(text[n++], UI_SIGHT_LINE, "best tower: %s%s%s L%d "
		    "at (%d,%d), %ld damage, %d kill%s", tower_name(tw->type),
		    tw->spec >= 0 ? " " : "", tw->spec >= 0 ?
		    spec_name(tw->spec) : "", tw->level, tw->x, tw->y,
		    tw->damage, tw->kills, tw->kills == 1 ? "" : "s");
	} else if (n < max)
		snprintf(text[n++], UI_SIGHT_LINE, "no tower was standing at "
		    "the end");
	for (j = 0; j < norder && n < max - 1; j += 2) {
		len = 0;
		text[n][0] = '\0';
		for (k = j; k < j + 2 && k < norder; k++) {
			const struct game_tower *tw = &g->towers[order[k]];

			/* As the map shows it: a specialisation's initial. */
			len += (size_t)snprintf(text[n] + len, UI_SIGHT_LINE -
			    len, "%s%c%c (%d,%d) %ld dmg %d kill%s",
			    k > j ? "   " : "  ", tower_types[tw->type].glyph,
			    tw->spec >= 0 ? ui_map_spec_initial(tw->spec) :
			    '0' + tw->level, tw->x, tw->y, tw->damage,
			    tw->kills, tw->kills == 1 ? "" : "s");
			if (len >= UI_SIGHT_LINE)
				break;
		}
		n++;
	}
	if (standing > norder && n < max - 1)
		snprintf(text[n++], UI_SIGHT_LINE, "  and %d more (the %d that "
		    "did most are above)", standing - norder, norder);
	if (n < max) {
		snprintf(text[n], UI_SIGHT_LINE, "got through: %s",
		    g->leaked == 0 ? "nothing" : "");
		for (k = 0; k < ENEMY_NKINDS; k++) {
			if (g->leaked_by[k] == 0)
				continue;
			len = strlen(text[n]);
			snprintf(text[n] + len, UI_SIGHT_LINE - len, "%s%d %s",
			    text[n][len - 1] == ' ' ? "" : ", ",
			    g->leaked_by[k], enemy_types[k].name);
		}
		n++;
	}
	return n;
}
