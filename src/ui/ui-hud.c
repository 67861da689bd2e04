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

#include <stdio.h>
#include <stdarg.h>
#include <string.h>

#include "core/about.h"
#include "core/enemy.h"
#include "ui/ui-cursor.h"
#include "ui/ui-hud.h"
#include "ui/ui-map.h"
#include "ui/ui-sight.h"

/*
 * "PAUSED" (by p, or while a box is open; "PAUSED, 4x" when the game will
 * go on faster than 1x) or the speed, "2x", into buf.
 */
static const char *
ui_hud_speed(const struct play *p, char *buf, size_t size)
{
	if ((p->paused || p->held) && p->speed != 1) {
		snprintf(buf, size, "PAUSED, %dx", p->speed);
		return buf;
	}
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
void
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
	ui_cursor_info(v, p, LINES - v->bottom + 3);
	ui_hud_message(v, p, LINES - v->bottom + 4, v->bottom - 4);
}

