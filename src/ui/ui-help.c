/* SPDX-License-Identifier: ISC */
/*
 * The help boxes: the title screen's (what the game is, the keys that
 * choose a level, what each difficulty changes) and the game's (every
 * key, the towers, the powers, the targeting modes, then the legend).
 * The game's is derived from the registry (kinds.c): tower, power,
 * command and view keys, the overlays in the order v brings them, and
 * every tower's role; only the moves, the mouse and the legend are
 * written here.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/about.h"
#include "core/game.h"
#include "core/kinds.h"
#include "ui/ui-help.h"
#include "ui/ui-map.h"

#define UI_HELP_LINES	(64 + 2 * TOWER_NTYPES + GAME_NCMDS + \
			 TOWER_NTARGETS + VIEW_NKINDS + POWER_NKINDS + \
			 ENEMY_NKINDS + WATCH_NKINDS + OVERLAY_NKINDS)
#define UI_HELP_WIDTH	ABOUT_MAX
#define UI_HELP_COLS	72	/* columns every help line wraps at */

/* The help's lines as they are gathered. */
struct ui_help {
	const char	*lines[UI_HELP_LINES];
	char		 text[UI_HELP_LINES][UI_HELP_WIDTH];
	size_t		 n;
};

/* Add one help line, printf-style (dropped if there is no room). */
static void __attribute__((format(printf, 2, 3)))
ui_help_line(struct ui_help *h, const char *fmt, ...)
{
	va_list	ap;

	if (h->n >= UI_HELP_LINES)
		return;
	va_start(ap, fmt);
	vsnprintf(h->text[h->n], UI_HELP_WIDTH, fmt, ap);
	va_end(ap);
	h->lines[h->n] = h->text[h->n];
	h->n++;
}

/* Add n lines as they are written. */
static void
ui_help_lines(struct ui_help *h, const char *const *lines, size_t n)
{
	for (size_t i = 0; i < n && h->n < UI_HELP_LINES; i++)
		h->lines[h->n++] = lines[i];
}

/*
 * A view key's line; the overlay key's about is followed by the overlays
 * it brings on this level, in their order, none last (the hunt's only
 * where there is a hero: the key skips them elsewhere).
 */
static void
ui_help_view(struct ui_help *h, int k, bool hero)
{
	const struct view_type	*vt = &view_types[k];
	char			 list[UI_HELP_WIDTH];
	size_t			 len;

	if (k == VIEW_WAVES || k == VIEW_LOG) {	/* the panels */
		ui_help_line(h, "%-16s %s; the game is PAUSED while it is "
		    "open", vt->keys, vt->about);
		return;
	}
	if (k != VIEW_OVERLAY) {
		ui_help_line(h, "%-16s %s", vt->keys, vt->about);
		return;
	}
	len = (size_t)snprintf(list, sizeof list, "%s", vt->about);
	for (int o = 1; o <= OVERLAY_NKINDS; o++) {
		if (overlay_types[o % OVERLAY_NKINDS].hunt && !hero)
			continue;
		len += (size_t)snprintf(list + len, sizeof list - len,
		    " %s%s", overlay_name(o % OVERLAY_NKINDS),
		    o < OVERLAY_NKINDS ? "," : "");
	}
	ui_help_line(h, "%-16s %s", vt->keys, list);
	/* How the two arrow overlays differ. */
	for (int o = 0; o < OVERLAY_NKINDS; o++)
		if (overlay_types[o].about != NULL &&
		    (hero || !overlay_types[o].hunt))
			ui_help_line(h, "%-16s %s: %s", "", overlay_types[o].name,
			    overlay_types[o].about);
}

/* The keys of the registry: towers, powers, commands, views. */
static void
ui_help_keys(struct ui_help *h, bool hero)
{
	char	list[UI_HELP_WIDTH];
	size_t	len = 0;
	int	k;

	ui_help_line(h, "%c - %c            choose a tower (the towers are "
	    "below)", tower_types[0].key, tower_types[TOWER_NTYPES - 1].key);
	for (k = 0; k < POWER_NKINDS; k++)
		len += (size_t)snprintf(list + len, sizeof list - len, "%s%c",
		    k > 0 ? " " : "", power_types[k].key);
	ui_help_line(h, "%-16s aim a power (below) at the cursor; Enter uses "
	    "it", list);
	for (k = 0; k < GAME_NCMDS; k++) {
		/* The powers' line above has their keys from their rows. */
		if (k != GAME_CMD_POWER && (cmd_types[k].key != 0 ||
		    cmd_types[k].keys != NULL))
			ui_help_line(h, "%-16s %s", cmd_types[k].keys,
			    cmd_types[k].about);
	}
	for (k = 0; k < VIEW_NKINDS; k++)
		ui_help_view(h, k, hero);
}

/* A tower's line: key, name, cost, role, and its damage a second. */
static void
ui_help_tower(struct ui_help *h, int k)
{
	const struct tower_type	*tt = &tower_types[k];
	char			 dps[64] = "";
	size_t			 len = 0;

	for (int l = 0; l < tt->nlevels && tt->attack != TOWER_ATTACK_NONE;
	    l++)
		len += (size_t)snprintf(dps + len, sizeof dps - len, "%s%.0f",
		    l > 0 ? " / " : " (dps ", about_dps(&tt->level[l]));
	if (len > 0)
		snprintf(dps + len, sizeof dps - len, ")");
	ui_help_line(h, "%c %-7s %3dg  %s%s", tt->key, tt->name,
	    tt->level[0].cost, tt->about, dps);
}

/*
 * The bestiary: every enemy kind's letter, name, hit points at wave 1,
 * speed, armour, mover, traits and what it does, from its row.
 */
static void
ui_help_bestiary(struct ui_help *h)
{
	char	line[ABOUT_MAX];

	ui_help_line(h, "Enemies (letter, hit points at wave 1, cells a "
	    "second, armour, mover):");
	for (int k = 0; k < ENEMY_NKINDS; k++) {
		about_enemy(k, line, sizeof line);
		ui_help_line(h, "%s", line);
	}
	ui_help_line(h, "%s", "");
	ui_help_line(h, "Enemies cross road and open ground alike: only "
	    "towers and rock turn them.");
	ui_help_line(h, "Shots fly over rock and walls: nothing on the map "
	    "blocks a tower's aim.");
	ui_help_line(h, "%s", "");
}

/*
 * The specialisations, from their rows: what a first sight's answer
 * names ("a siege cannon") is explained here, as the box says it.
 */
static void
ui_help_specs(struct ui_help *h)
{
	char	what[ABOUT_MAX];

	ui_help_line(h, "Specialisations (u on a level-3 tower; 1 or 2):");
	for (int k = 0; k < SPEC_COUNT; k++) {
		if (spec_of(k, NULL) == NULL)
			continue;
		about_spec(k, what, sizeof what);
		ui_help_line(h, "  %s %s: %s", spec_name(k),
		    tower_name(k / TOWER_SPECS), what);
	}
	ui_help_line(h, "%s", "");
}

/* The towers, the powers and the targeting modes, from their rows. */
static void
ui_help_kinds(struct ui_help *h)
{
	int	k;

	ui_help_line(h, "Towers (cost; key chooses; damage a second to one "
	    "enemy at levels 1, 2, 3):");
	for (k = 0; k < TOWER_NTYPES; k++)
		ui_help_tower(h, k);
	ui_help_line(h, "%s", "");
	ui_help_specs(h);
	ui_help_line(h, "Powers (free; key aims it, Enter uses it, then it "
	    "cools down):");
	for (k = 0; k < POWER_NKINDS; k++)
		ui_help_line(h, "%c %-7s %3ds  %s", power_types[k].key,
		    power_types[k].name, power_types[k].cooldown / GAME_RATE,
		    power_types[k].about);
	ui_help_line(h, "%s", "");
	ui_help_line(h, "Aim (t), what a tower shoots:");
	for (k = 0; k < TOWER_NTARGETS; k++)
		ui_help_line(h, "  %-10s %s", target_modes[k].name,
		    target_modes[k].about);
	ui_help_line(h, "%s", "");
}

/*
 * Every attacking tower kind's letter on the map, from the rows: "towers
 * on the map: A arrow  C cannon ..." (the box wraps it).
 */
static void
ui_help_tower_glyphs(struct ui_help *h)
{
	char	list[UI_HELP_WIDTH] = "towers on the map:";
	size_t	len = strlen(list), head = len;

	for (int k = 0; k < TOWER_NTYPES; k++) {
		const struct tower_type *tt = &tower_types[k];

		if (tt->attack != TOWER_ATTACK_NONE)	/* a wall: above */
			len += (size_t)snprintf(list + len, sizeof list - len,
			    "%s%c %s", len > head ? "  " : " ", tt->glyph,
			    tt->name);
	}
	ui_help_line(h, "%s", list);
}

/*
 * How a specialised tower is drawn, from the rows: its letter, then its
 * specialisation's initial in place of the level ("Av volley"), every
 * specialisation listed, a few to a line.
 */
static void
ui_help_spec_glyphs(struct ui_help *h)
{
	char	list[UI_HELP_WIDTH];
	size_t	len = 0;

	ui_help_line(h, "Av a specialised tower: its letter, then its "
	    "specialisation's initial:");
	for (int k = 0; k < TOWER_NTYPES; k++) {
		const struct tower_type *tt = &tower_types[k];

		for (int s = 0; s < TOWER_SPECS && tt->spec[s].name; s++) {
			if (len > 0 && len + strlen(tt->spec[s].name) + 5 >
			    UI_HELP_COLS - 4) {
				ui_help_line(h, "  %s", list);
				len = 0;
			}
			len += (size_t)snprintf(list + len, sizeof list - len,
			    "%s%c%c %s", len > 0 ? "  " : "", tt->glyph,
			    ui_map_spec_initial(k * TOWER_SPECS + s),
			    tt->spec[s].name);
		}
	}
	if (len > 0)
		ui_help_line(h, "  %s", list);
}

/*
 * The help panel, from line *first on: every key, the towers and the
 * targeting modes, then the legend. Tower, power, command and view keys,
 * the overlays and every tower's role come from the registry (kinds.c).
 */
void
ui_help_game(const struct ui_view *v, bool hero, int *first)
{
	static const char *const moves[] = {
		"weir: keep the enemies from the exits",
		"",
		"arrows, h j k l  move the cursor (H J K L: 5 cells, as do "
		    "the shifted arrows)",
		"Home, End        to the start or the end of the row",
		"PgUp, PgDn       ten rows up or down",
	};
	static const char *const keys[] = {
		"mouse            click: cursor there (picks a tower); click "
		    "the cursor again: build; drag: a line of the kind chosen "
		    "(walls as the mouse goes, others when it is let go; on a "
		    "wall, an attacking tower replaces it for the difference "
		    "in price)",
		"?, F1            this help (?, Escape, Enter or q closes it)",
		"Ctrl-L           redraw the screen",
		"q                quit or back to the level list (asks)",
		"",
	};
	/* The legend of what the map draws at its width, in its glyphs. */
	static const char *const utf8_2[] = {
		"\u2588 rock  \u00b7 ground  \u2591 road  \u2248 marsh  "
		    "A spawn  > exit",
		"\u2593 wall  A2 arrow tower, level 2  g\u2585 grunt, "
		    "health bar",
		"XX on the cursor: a tower there would block  \u2217 a shot",
		"paths: \u2022 route  \u25c7 waypoint  \u25c6 an enemy's "
		    "waypoint; preview: + new, - left",
		"@ the hero (on a level with one)  % a barrier (power r)",
		"\u00d7 where the hero was sent (g)",
		"\u2218 in reach of the tower on the cursor, \u00b0 at its "
		    "next level",
		"!! an exit an enemy just got out by",
		"beyond the view: \u25c0 \u25b6 \u25b2 \u25bc on its border, "
		    "and where spawns, exits and the hero lie off screen",
	};
	static const char *const utf8_1[] = {
		"\u2588 rock  \u00b7 ground  \u2591 road  \u2248 marsh  "
		    "\u24b6 spawn A  > exit",
		"\u2593 wall  A A\u0307 A\u0308 arrow tower, levels 1 2 3, "
		    "A\u030a specialised",
		"g g\u0323 g\u0324 grunt: health above 2/3, to 1/3, below "
		    "(and its colour)",
		"X on the cursor: a tower there would block  \u2217 a shot",
		"paths: \u2022 route  \u25c7 waypoint  \u25c6 an enemy's "
		    "waypoint; preview: + new, - left",
		"@ the hero (on a level with one)  % a barrier (power r)",
		"\u00d7 where the hero was sent (g)",
		"\u2218 in reach of the tower on the cursor, \u00b0 at its "
		    "next level",
		"! an exit an enemy just got out by",
		"beyond the view: \u25c0 \u25b6 \u25b2 \u25bc on its border, "
		    "and where spawns, exits and the hero lie off screen",
	};
	static const char *const ascii_2[] = {
		"# rock  . ground  = road  ~ marsh  A spawn  > exit",
		"[] wall  A2 arrow tower, level 2  g5 grunt, health 5/9",
		"XX on the cursor: a tower there would block  * a shot",
		"paths: , route  o waypoint  O an enemy's waypoint; preview: "
		    "+ new, - left",
		"@ the hero (on a level with one)  % a barrier (power r)",
		"x where the hero was sent (g)",
		": in reach of the tower on the cursor, ' at its next level",
		"!! an exit an enemy just got out by",
		"beyond the view: < > ^ v on its border, and where spawns, "
		    "exits and the hero lie off screen",
	};
	static const char *const ascii_1[] = {
		"# rock  . ground  = road  ~ marsh  " UI_MAP_SPAWN_ASCII
		    " spawn  > exit",
		"[ wall  A arrow tower: blinks to its level (2 3), or + "
		    "specialised",
		"g grunt: in its health's colour, blinks to its health, 1 to 9 "
		    "ninths",
		"X on the cursor: a tower there would block  * a shot",
		"paths: , route  o waypoint  O an enemy's waypoint; preview: "
		    "+ new, - left",
		"@ the hero (on a level with one; it does not blink)  % a "
		    "barrier (power r)",
		"x where the hero was sent (g)",
		": in reach of the tower on the cursor, ' at its next level",
		"! an exit an enemy just got out by",
		"beyond the view: < > ^ v on its border, and where spawns, "
		    "exits and the hero lie off screen",
	};
	_Static_assert(sizeof utf8_2 == sizeof ascii_2 && sizeof utf8_1 ==
	    sizeof ascii_1, "a legend line in one glyph set only");
	static struct ui_help	h;

	h.n = 0;
	ui_help_lines(&h, moves, sizeof moves / sizeof moves[0]);
	ui_help_keys(&h, hero);
	ui_help_lines(&h, keys, sizeof keys / sizeof keys[0]);
	ui_help_kinds(&h);
	ui_help_bestiary(&h);
	if (v->cellw == 2)
		ui_help_lines(&h, v->utf8 ? utf8_2 : ascii_2, sizeof utf8_2 /
		    sizeof utf8_2[0]);
	else
		ui_help_lines(&h, v->utf8 ? utf8_1 : ascii_1, sizeof utf8_1 /
		    sizeof utf8_1[0]);
	ui_help_tower_glyphs(&h);
	if (v->cellw == 2)
		ui_help_spec_glyphs(&h);
	ui_draw_box_text(v, h.lines, (int)h.n, first, UI_HELP_COLS);
}

/* The title screen's help. */
void
ui_help_title(const struct ui_view *v, int *first)
{
	static const char *const lines[] = {
		"weir: a tower-defence game for the terminal",
		"",
		"Enemies cross the map from the spawns (A, B, ...) to the "
		    "exits (>). Build towers to shoot them; every tower also "
		    "blocks its cell, so where you build is the maze they "
		    "walk.",
		"",
		"arrows, j k      choose a level (in campaign order)",
		"PgUp, PgDn       ten levels up or down",
		"Home, End        the first or the last level",
		"Enter, space     play it",
		"mouse            click: choose a level; again: play it",
		"c                continue the saved game",
		"D                the daily game: today's level, setting "
		    "and seed, the same for everyone (UTC)",
		"v                the recordings kept: watch one",
		"a, o             ASCII glyphs or UTF-8; colours on or off",
		"d                difficulty: normal, easy, hard (below)",
		"e                endless: waves go on past the level's last",
		"?, F1            this help (?, Escape, Enter or q closes it)",
		"q                quit (asks first)",
		"",
		"In a game, ? lists its keys.",
		""
	};
	const char	*all[sizeof lines / sizeof lines[0] + DIFF_NKINDS];
	char		 diff[DIFF_NKINDS][128];
	int		 n = 0, d;

	for (n = 0; n < (int)(sizeof lines / sizeof lines[0]); n++)
		all[n] = lines[n];
	/* What each setting changes, from its row. */
	for (d = 0; d < DIFF_NKINDS; d++) {
		snprintf(diff[d], sizeof diff[d], "%-16s %s",
		    difficulty_types[d].name, difficulty_types[d].about);
		all[n++] = diff[d];
	}
	ui_draw_box_text(v, all, n, first, UI_HELP_COLS);
}

/*
 * The replay viewer's help: its own keys (watch_types[]), then the view
 * keys it shares with the game (view_types[], those its own keys leave).
 */
void
ui_help_replay(const struct ui_view *v, bool hero, int *first)
{
	static const char *const head[] = {
		"weir: a recorded game played again",
		"",
	};
	static const char *const tail[] = {
		"arrows, h j k l  move the cursor: what stands there",
		"Escape           back to the level list",
		"?, F1            this help (?, Escape, Enter or q closes it)",
		"q                quit (asks first)",
		"",
		"t makes the moment a game of your own: on no board, and not "
		    "saved when left (its level is the recording's).",
	};
	static struct ui_help	h;
	int			k;

	h.n = 0;
	ui_help_lines(&h, head, sizeof head / sizeof head[0]);
	for (k = 0; k < WATCH_NKINDS; k++)
		ui_help_line(&h, "%-16s %s", watch_types[k].keys,
		    watch_types[k].about);
	for (k = 0; k < VIEW_NKINDS; k++) {
		if (watch_by_key(view_types[k].key) < 0)
			ui_help_view(&h, k, hero);
	}
	ui_help_lines(&h, tail, sizeof tail / sizeof tail[0]);
	ui_draw_box_text(v, h.lines, (int)h.n, first, UI_HELP_COLS);
}
