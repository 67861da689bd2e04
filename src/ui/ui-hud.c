/* SPDX-License-Identifier: ISC */
/*
 * The game screen's frame around the map: the title bar (level, speed or
 * PAUSED, overlay) and the rows below it (gold, lives, wave and score;
 * the next wave; the towers and powers to choose from; what is under the
 * cursor; the message line). Each row says what fits, ending on a whole
 * word. ui_hud_play paints the whole game screen, boxes aside.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif

#include <math.h>
#include <stdio.h>
#include <stdarg.h>
#include <string.h>

#include "core/about.h"
#include "core/enemy.h"
#include "ui/ui-hud.h"
#include "ui/ui-map.h"
#include "ui/ui-sight.h"

/* "PAUSED" (by p, or while a box is open) or the speed, "2x", into buf. */
static const char *
ui_hud_speed(const struct play *p, char *buf, size_t size)
{
	if (p->paused || p->held)
		return "PAUSED";
	if (play_aim_holds(p))
		return "AIMING, PAUSED";
	if (p->power >= 0 && play_rate(p) < p->speed)
		snprintf(buf, size, "AIMING, %gx", play_rate(p));
	else
		snprintf(buf, size, "%dx", p->speed);
	return buf;
}

/* The title bar: level, speed or pause, overlay, where help is. */
static void
ui_hud_title(const struct ui_view *v, const struct play *p)
{
	char	right[96], speed[32];
	int	rw, used;

	if (game_over(p->g))
		snprintf(right, sizeof right, " %s | ? help ",
		    game_state_name(p->g->state));
	else
		snprintf(right, sizeof right, " %s | overlay: %s | ? help ",
		    ui_hud_speed(p, speed, sizeof speed),
		    overlay_name(p->overlay));
	if ((int)strlen(right) > COLS / 2 + 4)
		snprintf(right, sizeof right, " %s ", ui_hud_speed(p, speed,
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
 * Power k on the palette line in form f, into buf: key, name and the
 * seconds it still cools down ("a strike 20s"), then the same without
 * the unit ("a strike 20"), then key and glyph ("a*20"); a power ready
 * shows no seconds. Returns its width.
 */
static int
ui_hud_power_item(const struct play *p, int k, int f, char *buf,
    size_t size)
{
	const struct power_type	*pt = &power_types[k];
	int			 s;

	s = (p->g->powers[k].cooldown + GAME_RATE - 1) / GAME_RATE;
	if (s <= 0 && f < 2)
		snprintf(buf, size, "%c %s", pt->key, pt->name);
	else if (f < 2)
		snprintf(buf, size, f == 0 ? "%c %s %ds" : "%c %s %d",
		    pt->key, pt->name, s);
	else
		snprintf(buf, size, s > 0 ? "%c%c%d" : "%c%c", pt->key,
		    pt->glyph, s);
	return (int)strlen(buf);
}

/*
 * The powers after the towers on the palette line from column x, in the
 * first form of ui_hud_power_item that fits them all (a power cooling
 * down is dim, and counts its seconds down in every form). The one being
 * aimed stands out.
 */
static void
ui_hud_powers(const struct ui_view *v, const struct play *p, int x)
{
	char	item[48];
	int	k, f, w;

	for (f = 0; f < 2; f++) {
		for (w = x, k = 0; k < POWER_NKINDS; k++)
			w += ui_hud_power_item(p, k, f, item, sizeof item) + 1;
		if (w - 1 <= COLS)
			break;
	}
	for (k = 0; k < POWER_NKINDS && x < COLS; k++) {
		ui_hud_power_item(p, k, f, item, sizeof item);
		if (k == p->power)
			ui_draw_attr(v, UI_PAIR_POWER + k, A_BOLD, A_REVERSE |
			    A_BOLD);
		else if (p->g->powers[k].cooldown > 0)
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
 * The status line's forms, each shorter than the one before and each
 * keeping every figure: one space between the items, "foes" for
 * "enemies", "begun" for "waves begun", the hero's health without its
 * most. The first form that fits is drawn; past the last, the items that
 * do not fit whole are left out from the end.
 */
enum ui_hud_status_form {
	UI_HUD_STATUS_WHOLE,
	UI_HUD_STATUS_NARROW,	/* one space between items */
	UI_HUD_STATUS_FOES,	/* "foes 4" */
	UI_HUD_STATUS_BEGUN,	/* "2/8 begun" */
	UI_HUD_STATUS_HP,	/* "hero 250" */
	UI_HUD_STATUS_NFORMS
};

#define UI_HUD_STATUS_ITEMS	12

/* One item of the status line: its text and looks. */
struct ui_hud_status_item {
	char	text[48];
	short	pair;
	attr_t	attr;		/* in colour */
	attr_t	mono;		/* without */
};

/* The status line's items in form f into it; returns how many. */
static int
ui_hud_status_items(const struct play *p, int f,
    struct ui_hud_status_item *it)
{
	const struct game	*g = p->g;
	const char		*sep = f >= UI_HUD_STATUS_NARROW ? " " : "  ";
	int			 n = 0;

	memset(it, 0, UI_HUD_STATUS_ITEMS * sizeof *it);
	snprintf(it[n++].text, sizeof it->text, " gold ");
	snprintf(it[n].text, sizeof it->text, "%d", g->gold);
	it[n].pair = UI_PAIR_SHOT;
	it[n].attr = A_BOLD;
	it[n++].mono = A_BOLD;
	snprintf(it[n++].text, sizeof it->text, "%slives ", sep);
	snprintf(it[n].text, sizeof it->text, "%d", g->lives);
	if (play_lives_alarm(p)) {
		/* Just lost some: white on red for a moment. */
		it[n].pair = UI_PAIR_LEAK;
		it[n].attr = A_BOLD;
		it[n++].mono = A_BOLD | A_REVERSE;
	} else {
		it[n].pair = g->lives * 4 <= game_start_lives(g) ?
		    UI_PAIR_ERROR : UI_PAIR_GOOD;
		it[n].attr = A_BOLD;
		it[n++].mono = A_BOLD;
	}
	snprintf(it[n++].text, sizeof it->text, "/%d", game_start_lives(g));
	snprintf(it[n++].text, sizeof it->text, "%s%d/%d%s %s", sep,
	    g->next_wave, g->level_waves, g->endless ? "+" : "",
	    f >= UI_HUD_STATUS_BEGUN ? "begun" : "waves begun");
	snprintf(it[n++].text, sizeof it->text, "%s%s %d", sep,
	    f >= UI_HUD_STATUS_FOES ? "foes" : "enemies", g->nenemies);
	if (g->has_hero) {
		if (g->hero < 0)
			snprintf(it[n].text, sizeof it->text, "%shero down "
			    "%ds", sep, (g->hero_down + GAME_RATE - 1) /
			    GAME_RATE);
		else if (f >= UI_HUD_STATUS_HP)
			snprintf(it[n].text, sizeof it->text, "%shero %d",
			    sep, g->hero_hp);
		else
			snprintf(it[n].text, sizeof it->text, "%shero %d/%d",
			    sep, g->hero_hp, GAME_HERO_HP);
		it[n].pair = UI_PAIR_HERO;
		it[n].attr = A_BOLD;
		it[n++].mono = A_BOLD;
	}
	snprintf(it[n++].text, sizeof it->text, "%sscore %d", sep, g->score);
	snprintf(it[n++].text, sizeof it->text, "%skills %d", sep, g->killed);
	return n;
}

/*
 * Gold, lives, wave, enemies out, the hero, score, kills: in the first
 * form that fits whole (ui_hud_status_form), else the items that fit.
 */
static void
ui_hud_status(const struct ui_view *v, const struct play *p, int row)
{
	struct ui_hud_status_item	it[UI_HUD_STATUS_ITEMS];
	int				n = 0, f, w, k, x = 0;

	for (f = 0; f < UI_HUD_STATUS_NFORMS; f++) {
		n = ui_hud_status_items(p, f, it);
		for (w = 0, k = 0; k < n; k++)
			w += ui_draw_width(it[k].text);
		if (w <= COLS)
			break;
	}
	move(row, 0);
	for (k = 0; k < n && x + ui_draw_width(it[k].text) <= COLS; k++) {
		if (it[k].pair != 0 || it[k].attr != 0)
			ui_draw_attr(v, it[k].pair, it[k].attr, it[k].mono);
		x += ui_draw_text(v, it[k].text, COLS - x);
		attrset(A_NORMAL);
	}
}

/*
 * Text s on row y from column 0, cut when the row is too narrow for all
 * of it: before the last " | " that fits (the HUD's fields stay whole),
 * else before the last space; separators at the cut left off.
 */
static void
ui_hud_words_at(const struct ui_view *v, int y, const char *s)
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
ui_hud_wave_contents(const struct play *p, int w, char *buf, size_t size)
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
ui_hud_next_wave(const struct ui_view *v, const struct play *p, int row)
{
	const struct game	*g = p->g;
	char			 what[256], line[400];
	long			 left;
	int			 n;

	if (game_over(g)) {
		snprintf(line, sizeof line, " the level is %s: %d/%d waves "
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
		else if (g->nenemies == 1)
			snprintf(line, sizeof line, " every wave has begun: "
			    "the last enemy is on the map");
		else
			snprintf(line, sizeof line, " every wave has begun: "
			    "the last %d enemies are on the map", g->nenemies);
		ui_hud_words_at(v, row, line);
		return;
	}
	ui_hud_wave_contents(p, n - 1, what, sizeof what);
	/* The call's words shortened before the wave's contents are cut. */
	for (int terse = 0; terse < 2; terse++) {
		if (left >= 0)
			snprintf(line, sizeof line, terse ? " next: wave %d in "
			    "%lds: %s (n: +%ld gold)" : " next: wave %d in "
			    "%lds: %s (n calls it now, +%ld gold)", n, (left +
			    GAME_RATE - 1) / GAME_RATE, what, left / GAME_RATE *
			    GAME_EARLY_GOLD);
		else
			snprintf(line, sizeof line, terse ? " next: wave %d "
			    "after %d: %s (n calls it)" : " next: wave %d once "
			    "wave %d is out: %s (n calls it now)", n, n - 1,
			    what);
		if (ui_draw_width(line) <= COLS)
			break;
	}
	ui_hud_words_at(v, row, line);
}

/* The towers to choose from, with their keys and costs. */
static void
ui_hud_palette(const struct ui_view *v, const struct play *p, int row)
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
			    tower_types[k].key, ui_map_tower_glyph(v, k),
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
	ui_hud_powers(v, p, x);
}

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
 * terse, a route the tower leaves alone without "(same)".
 */
static void
ui_hud_routes(const struct ui_view *v, const struct play *p, char *buf,
    size_t size, bool terse)
{
	size_t	len;

	for (int s = 0; s < p->lv->nspawns; s++) {
		double a = p->routelen[s], b = p->proutelen[s];

		len = strlen(buf);
		if (fabs(a - b) < 0.005)
			snprintf(buf + len, size - len, terse ? " %c %.1f" :
			    " %c %.1f (same)", p->lv->spawns[s].label, a);
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
 * The cursor line on ground: the tower to build and its price, what it
 * would do to the routes here, its figures; terse, in fewer words (the
 * figures without the tower's name again or what it hits), so that on an
 * 80-column row they stay.
 */
static void
ui_hud_ground_line(const struct ui_view *v, const struct play *p, bool terse,
    char *line, size_t size)
{
	const struct tower_type	*tt = &tower_types[p->tower];
	char			 st[200];
	size_t			 len;

	snprintf(line, size, terse ? " (%d,%d) %s | %s %dg" : " (%d,%d) %s | "
	    "%s %d gold", p->cx, p->cy, play_terrain_name(p, p->cx, p->cy),
	    tt->name, tt->level[0].cost);
	len = strlen(line);
	if (p->verdict == GAME_OK && p->preview == PLAY_PREVIEW_OPEN) {
		snprintf(line + len, size - len, " | route");
		ui_hud_routes(v, p, line, size, terse);
	} else if (p->preview == PLAY_PREVIEW_BLOCKS) {
		char who[128] = "enemies";

		if (p->pblocked[0] != '\0')
			play_spawn_list(p->pblocked, who, sizeof who);
		snprintf(line + len, size - len, " | here it would block: %s "
		    "cut off", who);
	} else if (p->verdict != GAME_OK && p->verdict != GAME_ENDED)
		snprintf(line + len, size - len, " | here: %s",
		    game_reason_name(p->verdict));
	len = strlen(line);
	ui_hud_stats_of(st, sizeof st, p->tower, &tt->level[0], terse ?
	    UI_HUD_NO_PIERCE | UI_HUD_NO_HITS : UI_HUD_ALL);
	if (terse)
		snprintf(line + len, size - len, " | %s", st);
	else
		snprintf(line + len, size - len, " | %s L1: %s", tt->name, st);
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
	char	line[512];

	ui_hud_ground_line(v, p, false, line, sizeof line);
	if (ui_draw_width(line) > COLS)
		ui_hud_ground_line(v, p, true, line, sizeof line);
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
static void
ui_hud_info(const struct ui_view *v, const struct play *p, int row)
{
	const struct game_tower	*tw = play_tower(p);
	char			 line[512];

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

/* Rows text takes wrapped on whole words (at most max + 1 counted). */
static int
ui_hud_rows_of(const char *text, int max)
{
	const char	*s = text, *next;
	int		 rows = 0;

	do {
		ui_draw_wrap_at(s, COLS - 1, &next);
		s = next;
		rows++;
	} while (*s != '\0' && rows <= max);
	return rows;
}

/*
 * The rows a message may take: more than one while the map keeps
 * UI_MAP_MIN_ROWS; up to UI_HUD_MSG_ROWS, or UI_HUD_START_ROWS for the
 * level's description a game starts with, which is never cut where the
 * map keeps its rows.
 */
static int
ui_hud_msg_room(const struct play *p)
{
	int	most = p->msg_start ? UI_HUD_START_ROWS : UI_HUD_MSG_ROWS;

	while (most > 1 && LINES - UI_HUD_TOP - UI_HUD_BOTTOM - most + 1 <
	    UI_MAP_MIN_ROWS)
		most--;
	return most;
}

/*
 * The message in the words that fit in room rows, into buf: a first
 * sight's line (about.h) or the start's (play_start_as) in the first of
 * its forms that fits, or its
 * shortest, which the last row then ends on a whole word. Returns the
 * rows it takes, at most room.
 */
static int
ui_hud_msg_text(const struct play *p, int room, char *buf, size_t size)
{
	int	rows = 1, forms = 1;

	if (p->msg_sight)
		forms = ABOUT_FIRST_NFORMS;
	else if (p->msg_start)
		forms = PLAY_START_NFORMS;
	for (int f = 0; f < forms; f++) {
		if (p->msg_sight)
			about_first_as(p->msg_kind, f, buf, size);
		else if (p->msg_start)
			play_start_as(p, f, buf, size);
		else
			snprintf(buf, size, "%s", p->msg);
		rows = ui_hud_rows_of(buf, room);
		if (rows <= room)
			break;
	}
	return rows < room ? rows : room;
}

/* The rows the message line takes now: 1, or 2 for a long message. */
int
ui_hud_msg_rows(const struct play *p)
{
	char	buf[PLAY_MSG_MAX];

	if (p->msg[0] == '\0')
		return 1;
	return ui_hud_msg_text(p, ui_hud_msg_room(p), buf, sizeof buf);
}

/* The message, wrapped on whole words over rows rows from row. */
static void
ui_hud_msg_rows_at(const struct ui_view *v, const struct play *p, int row,
    int rows)
{
	char		 text[PLAY_MSG_MAX], line[PLAY_MSG_MAX + 2];
	const char	*s = text, *next;
	size_t		 len;

	ui_hud_msg_text(p, rows, text, sizeof text);
	for (int r = 0; r < rows && *s != '\0'; r++) {
		len = r + 1 < rows ? ui_draw_wrap_at(s, COLS - 1, &next) :
		    strlen(s);
		snprintf(line, sizeof line, " %.*s", (int)len, s);
		ui_hud_words_at(v, row + r, line);
		s = r + 1 < rows ? next : s + len;
	}
}

/* The message line, or a reminder of the keys when there is none. */
static void
ui_hud_message(const struct ui_view *v, const struct play *p, int row,
    int rows)
{
	if (p->msg[0] != '\0') {
		if (p->msg_error)
			ui_draw_attr(v, UI_PAIR_ERROR, A_BOLD, A_BOLD);
		else
			attrset(A_BOLD);
		ui_hud_msg_rows_at(v, p, row, rows);
	} else {
		char keys[160];

		snprintf(keys, sizeof keys, " arrows move | 1-%d tower | enter "
		    "build | u s t x | a r c power | n wave | p pause | "
		    "f speed | v overlay | ? help | q quit", TOWER_NTYPES);
		attrset(A_DIM);
		ui_hud_words_at(v, row, keys);
	}
	attrset(A_NORMAL);
}


/*
 * Paint the game screen into stdscr (no dialog; the caller refreshes).
 * When the message takes a row more or less, the HUD rows move: they are
 * then painted afresh (redrawwin) rather than left to curses to move by
 * scrolling a region of the terminal, which a terminal out of step with
 * curses would show as a row twice.
 */
void
ui_hud_play(struct ui_view *v, const struct play *p)
{
	int	bottom = v->bottom;

	ui_map_layout(v, p);
	if (v->bottom != bottom)
		redrawwin(stdscr);
	erase();
	if (v->too_small) {
		ui_draw_too_small(v, NULL);
		return;
	}
	ui_hud_title(v, p);
	ui_map_draw(v, p);
	ui_sight_edges(v, p);
	ui_hud_status(v, p, LINES - v->bottom);
	ui_hud_next_wave(v, p, LINES - v->bottom + 1);
	ui_hud_palette(v, p, LINES - v->bottom + 2);
	ui_hud_info(v, p, LINES - v->bottom + 3);
	ui_hud_message(v, p, LINES - v->bottom + 4, v->bottom - 4);
}

