/* SPDX-License-Identifier: ISC */
/*
 * The game screen's cursor line: what is under the cursor, as the map
 * draws it (the power aimed, the hero, an enemy, a tower, or what building
 * there would do). A line too long for its row loses parts in a stated
 * order, the least telling first; a tower's damage, damage a second, range
 * and reload are never among them.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/about.h"
#include "core/enemy.h"
#include "ui/ui-cursor.h"
#include "ui/ui-hud.h"

/*
 * What a tower's figures on the cursor line leave out, bits together:
 * "pierces armour", what it hits, the words of the rest ("r 3" for
 * "range 3", "r 2-6" for "range 6, blind within 2", "slow 50%"), and the
 * figure of its kind's effect (splash, slow, jumps). Damage, damage a
 * second, range and reload always stay.
 */
enum ui_hud_terse {
	UI_HUD_ALL = 0,
	UI_HUD_NO_PIERCE = 1,
	UI_HUD_NO_HITS = 2,
	UI_HUD_SHORT = 4,
	UI_HUD_TIGHT = 8,	/* "45dmg 15dps r2-6 3.0s splash 1.5" */
	UI_HUD_NO_EXTRA = 16	/* "45dmg 15dps r2-6 3.0s" */
};

/* The figures in fewest columns: "45dmg 15dps r2-6 3.0s", into buf. */
static void
ui_hud_tight_of(char *buf, size_t size, const struct tower_stats *st)
{
	if (st->min_range > 0)
		snprintf(buf, size, "%ddmg %.0fdps r%g-%g %.1fs", st->damage,
		    about_dps(st), st->min_range, st->range,
		    (double)st->reload / GAME_RATE);
	else
		snprintf(buf, size, "%ddmg %.0fdps r%g %.1fs", st->damage,
		    about_dps(st), st->range, (double)st->reload / GAME_RATE);
}

/*
 * A tower kind's figures at stats st, into buf: "30 dmg 15 dps, range 3,
 * 2.0s, splash 1, ground" (the time is the reload; dps the damage a
 * second to one enemy, before armour).
 */
static void
ui_hud_stats_of(char *buf, size_t size, int kind,
    const struct tower_stats *st, enum ui_hud_terse terse)
{
	const struct tower_type	*tt = &tower_types[kind];
	const char		*sep;
	size_t			 len;

	if (tt->attack == TOWER_ATTACK_NONE) {
		snprintf(buf, size, "blocks its cell");
		return;
	}
	if (terse & UI_HUD_TIGHT)
		ui_hud_tight_of(buf, size, st);
	else if ((terse & UI_HUD_SHORT) && st->min_range > 0)
		snprintf(buf, size, "%d dmg %.0f dps, r %g-%g, %.1fs",
		    st->damage, about_dps(st), st->min_range, st->range,
		    (double)st->reload / GAME_RATE);
	else
		snprintf(buf, size, (terse & UI_HUD_SHORT) ? "%d dmg %.0f dps, "
		    "r %g, %.1fs" : "%d dmg %.0f dps, range %g, %.1fs",
		    st->damage, about_dps(st), st->range,
		    (double)st->reload / GAME_RATE);
	len = strlen(buf);
	if (st->min_range > 0 && !(terse & UI_HUD_SHORT))
		snprintf(buf + len, size - len, ", blind within %g",
		    st->min_range);
	len = strlen(buf);
	sep = (terse & UI_HUD_TIGHT) ? " " : ", ";
	if (terse & UI_HUD_NO_EXTRA)
		;
	else if (st->splash > 0)
		snprintf(buf + len, size - len, "%ssplash %g", sep,
		    st->splash);
	else if (tt->attack == TOWER_ATTACK_PULSE)
		snprintf(buf + len, size - len, (terse & UI_HUD_SHORT) ?
		    "%sslow %d%%" : "%sslows to %d%%", sep, st->slow_pct);
	else if (tt->attack == TOWER_ATTACK_CHAIN)
		snprintf(buf + len, size - len, "%s%d jumps", sep, st->chain);
	len = strlen(buf);
	if (!(terse & UI_HUD_NO_HITS))
		snprintf(buf + len, size - len, ", %s",
		    tt->hits == (TOWER_GROUND | TOWER_AIR) ? "ground+air" :
		    (tt->hits == TOWER_AIR ? "air" : "ground"));
	len = strlen(buf);
	if (tt->pierce && !(terse & UI_HUD_NO_PIERCE))
		snprintf(buf + len, size - len, ", pierces armour");
}

/*
 * "A 23.41->25.07 (+1.66)" for every spawn's route, appended to buf;
 * a route the tower leaves alone "A 53.7 (same)", or without same just
 * "A 53.7".
 */
static void
ui_hud_routes(const struct ui_view *v, const struct play *p, char *buf,
    size_t size, bool same)
{
	size_t	len;

	for (int s = 0; s < p->lv->nspawns; s++) {
		double a = p->routelen[s], b = p->proutelen[s];

		len = strlen(buf);
		if (fabs(a - b) < 0.005)
			snprintf(buf + len, size - len, same ? " %c %.1f (same)" :
			    " %c %.1f", p->lv->spawns[s].label, a);
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
ui_hud_power_info(const struct ui_view *v, const struct play *p, int row)
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
 * The parts of the cursor line on a tower that may go when the row is
 * narrow, in the order they go: the kills, the aim mode, a
 * specialisation's effect, the other words ("pierces armour", what it
 * hits, the keys' verbs as in "u: L2 80g", the figures' words as in
 * "range 3"), the figures' spaces ("45dmg 15dps r2-6 3.0s"), the figure
 * of the kind's effect ("splash 1.6", "slow 50%", "3 jumps"), and last
 * how to aim, which every tower that aims keeps at 80 columns. A part is
 * left out only when the line does not fit with it and every part that
 * goes after it (ui_hud_keep); damage, damage a second, range and reload
 * are never left out.
 */
enum ui_hud_part {
	UI_HUD_KILLS = 1 << 0,
	UI_HUD_MODE = 1 << 1,
	UI_HUD_EFFECT = 1 << 2,
	UI_HUD_PIERCE = 1 << 3,
	UI_HUD_HITS = 1 << 4,
	UI_HUD_VERBS = 1 << 5,
	UI_HUD_LABELS = 1 << 6,
	UI_HUD_ROOMY = 1 << 7,
	UI_HUD_EXTRA = 1 << 8,
	UI_HUD_AIM = 1 << 9,
	UI_HUD_NPARTS = 10
};

/* The figures' shortening that the parts kept leave (tight is short). */
static enum ui_hud_terse
ui_hud_terse_of(unsigned keep)
{
	return (keep & UI_HUD_PIERCE ? 0 : UI_HUD_NO_PIERCE) |
	    (keep & UI_HUD_HITS ? 0 : UI_HUD_NO_HITS) |
	    ((keep & UI_HUD_LABELS) && (keep & UI_HUD_ROOMY) ? 0 :
	    UI_HUD_SHORT) | (keep & UI_HUD_ROOMY ? 0 : UI_HUD_TIGHT) |
	    (keep & UI_HUD_EXTRA ? 0 : UI_HUD_NO_EXTRA);
}

/*
 * What tower tw says after its figures: effect, aim mode (a kind that
 * picks its target), kills.
 */
static void
ui_hud_tower_tail(const struct game_tower *tw, unsigned keep, char *line,
    size_t size)
{
	bool	aims = play_picks_target(tw->type);
	char	about[ABOUT_MAX];
	size_t	len;

	if (tw->spec >= 0 && (keep & UI_HUD_EFFECT)) {
		about_spec(tw->spec, about, sizeof about);
		len = strlen(line);
		snprintf(line + len, size - len, "; %s", about);
	}
	len = strlen(line);
	if (aims && (keep & UI_HUD_MODE))
		snprintf(line + len, size - len, "; %s",
		    tower_target_name(tw->mode));
	len = strlen(line);
	if (tower_types[tw->type].attack != TOWER_ATTACK_NONE &&
	    (keep & UI_HUD_KILLS))
		snprintf(line + len, size - len, "; %d kill%s", tw->kills,
		    tw->kills == 1 ? "" : "s");
}

/* The cursor line on standing tower tw with the parts keep, into line. */
static void
ui_hud_tower_line(const struct play *p, const struct game_tower *tw,
    unsigned keep, char *line, size_t size)
{
	const struct game	*g = p->g;
	const struct tower_type	*tt = &tower_types[tw->type];
	bool			 terse = !(keep & UI_HUD_VERBS);
	int			 up = tower_upgrade_cost(tw->type, tw->level);
	char			 st[160];
	struct tower_stats	 fig;
	size_t			 len;

	snprintf(line, size, " (%d,%d) %s L%d%s%s", p->cx, p->cy, tt->name,
	    tw->level, tw->spec >= 0 ? " " : "", tw->spec >= 0 ?
	    spec_name(tw->spec) : "");
	len = strlen(line);
	if (up >= 0)
		snprintf(line + len, size - len, terse ? " | u %dg" :
		    " | u: L%d %dg", terse ? up : tw->level + 1, up);
	else if (tw->spec < 0 && tt->spec[0].name != NULL)
		snprintf(line + len, size - len, terse ? " | u spec" :
		    " | u: specialise");
	len = strlen(line);
	if (game_builds_over(g, p->tower, p->cx, p->cy))
		snprintf(line + len, size - len, " | Enter: %s here %dg",
		    tower_types[p->tower].name, game_place_cost(g, p->tower,
		    p->cx, p->cy));
	len = strlen(line);
	snprintf(line + len, size - len, terse ? " | s %dg" : " | s: sell %dg",
	    game_tower_refund(tw));
	len = strlen(line);
	if (play_picks_target(tw->type) && (keep & UI_HUD_AIM))
		snprintf(line + len, size - len, terse ? " | t aim" :
		    " | t: aim");
	game_tower_stats(tw, &fig);
	ui_hud_stats_of(st, sizeof st, tw->type, &fig, ui_hud_terse_of(keep));
	len = strlen(line);
	snprintf(line + len, size - len, " | %s", st);
	ui_hud_tower_tail(tw, keep, line, size);
}

/*
 * The parts of the cursor line on tower tw that a row of cols keeps: each
 * in turn from the last to go (how to aim) to the first (the kills), kept
 * when the line fits with it and the parts kept so far.
 */
static unsigned
ui_hud_keep(const struct play *p, const struct game_tower *tw, int cols)
{
	unsigned	keep = 0;
	char		line[512];

	for (int b = UI_HUD_NPARTS - 1; b >= 0; b--) {
		ui_hud_tower_line(p, tw, keep | 1u << b, line, sizeof line);
		if (ui_draw_width(line) <= cols)
			keep |= 1u << b;
	}
	return keep;
}

/*
 * The parts of the cursor line on ground that may go when the row is
 * narrow, in the order they go: the price's word ("40 gold" to "40g",
 * so that the long form is only on a line that has room for all), the
 * kind's name again before its figures ("frost L1:"), "pierces armour",
 * what it hits, the figures' words ("range 3"), the figures'
 * spaces ("20dmg 10dps r3.5 1.0s"), the figure of the kind's effect,
 * "(same)" after a route the tower leaves alone, and last the route
 * before the figures (then the figures come first, so that a row too
 * narrow even then cuts routes, never them). Damage, damage a second,
 * range and reload are never left out.
 */
enum ui_hud_gpart {
	UI_HUD_G_GOLD = 1 << 0,
	UI_HUD_G_NAME = 1 << 1,
	UI_HUD_G_PIERCE = 1 << 2,
	UI_HUD_G_HITS = 1 << 3,
	UI_HUD_G_LABELS = 1 << 4,
	UI_HUD_G_ROOMY = 1 << 5,
	UI_HUD_G_EXTRA = 1 << 6,
	UI_HUD_G_SAME = 1 << 7,
	UI_HUD_G_ROUTE_FIRST = 1 << 8,
	UI_HUD_G_NPARTS = 9
};

/* What building here would do to the routes, appended to line. */
static void
ui_hud_ground_does(const struct ui_view *v, const struct play *p,
    unsigned keep, char *line, size_t size)
{
	size_t	len = strlen(line);

	if (p->verdict == GAME_OK && p->preview == PLAY_PREVIEW_OPEN) {
		snprintf(line + len, size - len, " | route");
		ui_hud_routes(v, p, line, size, keep & UI_HUD_G_SAME);
	} else if (p->preview == PLAY_PREVIEW_BLOCKS) {
		char who[128] = "enemies";

		if (p->pblocked[0] != '\0')
			play_spawn_list(p->pblocked, who, sizeof who);
		snprintf(line + len, size - len, " | here it would block: %s "
		    "cut off", who);
	} else if (p->verdict != GAME_OK && p->verdict != GAME_ENDED)
		snprintf(line + len, size - len, " | here: %s",
		    game_reason_name(p->verdict));
}

/*
 * The cursor line on ground with the parts keep: the tower to build and
 * its price, what it would do to the routes here, its figures.
 */
static void
ui_hud_ground_line(const struct ui_view *v, const struct play *p,
    unsigned keep, char *line, size_t size)
{
	const struct tower_type	*tt = &tower_types[p->tower];
	enum ui_hud_terse	 terse;
	char			 st[200];
	size_t			 len;

	terse = (keep & UI_HUD_G_PIERCE ? 0 : UI_HUD_NO_PIERCE) |
	    (keep & UI_HUD_G_HITS ? 0 : UI_HUD_NO_HITS) |
	    ((keep & UI_HUD_G_LABELS) && (keep & UI_HUD_G_ROOMY) ? 0 :
	    UI_HUD_SHORT) | (keep & UI_HUD_G_ROOMY ? 0 : UI_HUD_TIGHT) |
	    (keep & UI_HUD_G_EXTRA ? 0 : UI_HUD_NO_EXTRA);
	snprintf(line, size, (keep & UI_HUD_G_GOLD) ? " (%d,%d) %s | %s %d "
	    "gold" : " (%d,%d) %s | %s %dg", p->cx, p->cy,
	    play_terrain_name(p, p->cx, p->cy), tt->name, tt->level[0].cost);
	if (keep & UI_HUD_G_ROUTE_FIRST)
		ui_hud_ground_does(v, p, keep, line, size);
	ui_hud_stats_of(st, sizeof st, p->tower, &tt->level[0], terse);
	len = strlen(line);
	if (keep & UI_HUD_G_NAME)
		snprintf(line + len, size - len, " | %s L1: %s", tt->name, st);
	else
		snprintf(line + len, size - len, " | %s", st);
	if (!(keep & UI_HUD_G_ROUTE_FIRST))
		ui_hud_ground_does(v, p, keep, line, size);
}

/*
 * The cursor line on the hero, its cell under the cursor: its health,
 * what it is doing, its strike and kills.
 */
static void
ui_hud_hero_info(const struct ui_view *v, const struct play *p, int row)
{
	const struct game	*g = p->g;
	char			 line[256], doing[64];

	if (g->hero_order.x >= 0)
		snprintf(doing, sizeof doing, "walking to (%d,%d)",
		    g->hero_order.x, g->hero_order.y);
	else
		snprintf(doing, sizeof doing, "standing");
	snprintf(line, sizeof line, " (%d,%d) the hero: %d/%d hp, %s | "
	    "strikes %d dmg within %g; %d kill%s | g: send it where the "
	    "cursor goes next", p->cx, p->cy, g->hero_hp, GAME_HERO_HP, doing,
	    GAME_HERO_DAMAGE, GAME_HERO_RANGE, g->hero_kills,
	    g->hero_kills == 1 ? "" : "s");
	ui_draw_attr(v, UI_PAIR_HERO, A_BOLD, A_BOLD);
	ui_hud_words_at(v, row, line);
	attrset(A_NORMAL);
}

/* The cursor line on enemy e: its figures, and what its kind does. */
static void
ui_hud_enemy_info(const struct ui_view *v, const struct play *p, int e,
    int row)
{
	const struct game	*g = p->g;
	const struct game_unit	*u = &g->units[e];
	char			 line[512], sh[32] = "";

	if (u->shield > 0)
		snprintf(sh, sizeof sh, ", shield %d", u->shield);
	snprintf(line, sizeof line, " (%d,%d) %s: %d/%d hp%s, armour "
	    "%d, %s, wave %d%s%s%s", p->cx, p->cy,
	    enemy_name(u->type), u->hp, u->max_hp, sh, u->armour,
	    u->mover == ENEMY_FLY ? "flies" : (u->mover == ENEMY_PATH ?
	    "walks a waypoint path" : "follows the flow"), u->wave,
	    u->slow_ticks > 0 ? ", slowed" : "",
	    u->stun_ticks > 0 ? ", stunned" : "",
	    game_enemy_hidden(g, e) ? ", unseen by the towers" : "");
	/* What the kind does is said whole, or not at all. */
	if (ui_draw_width(line) + 2 + ui_draw_width(enemy_types[
	    u->type].about) <= COLS) {
		size_t len = strlen(line);

		snprintf(line + len, sizeof line - len, ": %s",
		    enemy_types[u->type].about);
	}
	ui_draw_attr(v, UI_PAIR_ENEMY + u->type, A_BOLD, A_BOLD);
	ui_hud_words_at(v, row, line);
	attrset(A_NORMAL);
}

/* The cursor line on ground: what building there does, shortened to fit. */
static void
ui_hud_ground_info(const struct ui_view *v, const struct play *p, int row)
{
	unsigned	keep = 0;
	char		line[512];

	/* Each part in turn from the last to go to the first, kept when
	 * the line fits with it and the parts kept so far. */
	for (int b = UI_HUD_G_NPARTS - 1; b >= 0; b--) {
		ui_hud_ground_line(v, p, keep | 1u << b, line, sizeof line);
		if (ui_draw_width(line) <= COLS)
			keep |= 1u << b;
	}
	ui_hud_ground_line(v, p, keep, line, sizeof line);
	if (p->preview == PLAY_PREVIEW_BLOCKS || (p->verdict != GAME_OK &&
	    p->verdict != GAME_NOT_BUILDABLE && p->verdict != GAME_ENDED))
		ui_draw_attr(v, UI_PAIR_ERROR, 0, 0);
	ui_hud_words_at(v, row, line);
	attrset(A_NORMAL);
}

/*
 * What is under the cursor, as the map draws it (play_cursor_subject):
 * the power aimed, the hero, an enemy, a tower, or what building does.
 */
void
ui_cursor_info(const struct ui_view *v, const struct play *p, int row)
{
	const struct game_tower	*tw = play_tower(p);
	char			 line[512];

	if (p->marked && p->power < 0) {	/* what the next key does */
		play_mark_words(p, line, sizeof line);
		attrset(A_BOLD);
		ui_hud_words_at(v, row, line);
		attrset(A_NORMAL);
		return;
	}
	switch (play_cursor_subject(p)) {
	case PLAY_AT_POWER:
		ui_hud_power_info(v, p, row);
		break;
	case PLAY_AT_HERO:
		ui_hud_hero_info(v, p, row);
		break;
	case PLAY_AT_ENEMY:
		ui_hud_enemy_info(v, p, play_enemy(p), row);
		break;
	case PLAY_AT_TOWER:
		/* The parts that fit, in the order they go (ui_hud_keep). */
		ui_hud_tower_line(p, tw, ui_hud_keep(p, tw, COLS), line,
		    sizeof line);
		attrset(A_BOLD);
		ui_hud_words_at(v, row, line);
		attrset(A_NORMAL);
		break;
	case PLAY_AT_GROUND:
		ui_hud_ground_info(v, p, row);
		break;
	}
}

