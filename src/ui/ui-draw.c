/* SPDX-License-Identifier: ISC */
/*
 * The pieces every screen is drawn with: the colour pairs (one per kind
 * in the registry, and the heatmap's ramp), attributes that read the same
 * without colour, UTF-8 text cut to a width, and centred boxes with a
 * frame that scroll when they hold more lines than the screen. Every
 * function paints into stdscr and leaves the refresh to its caller.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif

#include <stdio.h>
#include <string.h>
#include <wchar.h>

#include "core/enemy.h"
#include "ui/ui-draw.h"

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
	v->bottom = UI_HUD_BOTTOM;
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

/*
 * The next character of s (len bytes): its bytes into *n and the columns
 * ui_draw_text gives it (a wide character two, a byte the locale cannot
 * read one, as the '?' it is drawn as).
 */
static int
ui_draw_char(const char *s, size_t len, size_t *n)
{
	mbstate_t	st;
	wchar_t		wc;
	int		cw;

	if ((unsigned char)*s < 0x80) {
		*n = 1;
		return 1;
	}
	memset(&st, 0, sizeof st);
	*n = mbrtowc(&wc, s, len, &st);
	if (*n == (size_t)-1 || *n == (size_t)-2 || *n == 0) {
		*n = 1;
		return 1;
	}
	cw = wcwidth(wc);
	return cw < 0 ? 1 : cw;
}

/* Screen columns UTF-8 text s takes, as ui_draw_text draws it. */
int
ui_draw_width(const char *s)
{
	size_t	len = strlen(s), n;
	int	w = 0;

	while (len > 0) {
		w += ui_draw_char(s, len, &n);
		s += n;
		len -= n;
	}
	return w;
}

/*
 * The bytes of the longest start of s that takes at most w screen
 * columns, in whole characters; its columns into *cols (may be NULL).
 */
size_t
ui_draw_cut(const char *s, int w, int *cols)
{
	size_t	len = strlen(s), n, o = 0;
	int	used = 0, cw;

	while (o < len && (cw = ui_draw_char(s + o, len - o, &n)) + used <=
	    w) {
		o += n;
		used += cw;
	}
	if (cols != NULL)
		*cols = used;
	return o;
}

/*
 * s cut or padded with blanks to exactly w screen columns, into buf: the
 * whole characters that fit (a wide one that would straddle the edge is
 * left out), then blanks. Columns line up whatever the text's script.
 */
void
ui_draw_fit(char *buf, size_t size, const char *s, int w)
{
	int	used;
	size_t	o = ui_draw_cut(s, w, &used);

	while (o >= size)	/* no room: fewer characters */
		o = ui_draw_cut(s, --w, &used);
	memcpy(buf, s, o);
	for (; used < w && o + 1 < size; used++)
		buf[o++] = ' ';
	buf[o] = '\0';
}

/* Text centred on row y. */
void
ui_draw_centred(const struct ui_view *v, int y, const char *s)
{
	int	x = (COLS - ui_draw_width(s)) / 2;

	ui_draw_text_at(v, y, x < 0 ? 0 : x, s);
}


/* n stars of three, filled and hollow, into buf. */
void
ui_draw_stars(const struct ui_view *v, int n, char *buf, size_t size)
{
	int	i;
	size_t	len;

	buf[0] = '\0';
	for (i = 0; i < 3; i++) {
		len = strlen(buf);
		if (v->utf8)
			snprintf(buf + len, size - len, "%s", i < n ?
			    "\u2605" : "\u2606");
		else
			snprintf(buf + len, size - len, "%c", i < n ? '*' :
			    '.');
	}
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
 * The bytes of s that fit in maxw columns: all of it, or up to the last
 * space before the edge (a word longer than the row is cut); *next is
 * where the rest starts, its leading spaces skipped.
 */
size_t
ui_draw_wrap_at(const char *s, int maxw, const char **next)
{
	size_t	i = 0, cut = 0;
	int	w = 0;

	while (s[i] != '\0' && w < maxw) {
		if (s[i] == ' ' && i > 0 && s[i - 1] != ' ')
			cut = i;
		i++;
		while (((unsigned char)s[i] & 0xc0) == 0x80)
			i++;
		w++;
	}
	if (s[i] == '\0' || s[i] == ' ' || cut == 0)
		cut = i;
	*next = s + cut;
	while (**next == ' ')
		(*next)++;
	return cut;
}

/*
 * Where the rest of a wrapped line starts: under the text after its last
 * key column in the first half of the box ("q                quit"), else
 * two columns in from the line's own indent.
 */
static int
ui_draw_hang(const char *s, int maxw)
{
	const char	*gap = s, *text;
	int		 lead = 0, hang = -1, col;

	while (s[lead] == ' ')
		lead++;
	/* An empty line has no gap (and nothing past its end is read). */
	while (*s != '\0' && (gap = strstr(gap + 1, "  ")) != NULL &&
	    gap > s + lead) {
		text = gap;
		while (*text == ' ')
			text++;
		col = ui_draw_width(s) - ui_draw_width(text);
		if (*text == '\0' || col > maxw / 2)
			break;
		hang = col;
		gap = text - 1;
	}
	if (hang >= 0)
		return hang;
	return lead + 2 < maxw / 2 ? lead + 2 : 0;
}

/*
 * Rows line s takes wrapped to maxw columns; with draw, paint those of
 * them from box row *row on that fall in [0, shown) at (y0, x0), each
 * row after the first under the line's hanging indent.
 */
static int
ui_draw_wrapped(const struct ui_view *v, const char *s, int maxw, int *row,
    int shown, int y0, int x0)
{
	char		 piece[1024];
	const char	*next;
	int		 hang = ui_draw_hang(s, maxw), rows = 0, ind = 0;
	size_t		 len;

	do {
		len = ui_draw_wrap_at(s, maxw - ind, &next);
		if (len > sizeof piece - 1)
			len = sizeof piece - 1;
		if (*row >= 0 && *row < shown) {
			memcpy(piece, s, len);
			piece[len] = '\0';
			move(y0 + *row, x0 + ind);
			ui_draw_text(v, piece, maxw - ind);
		}
		(*row)++;
		rows++;
		s = next;
		ind = hang;
	} while (*s != '\0' && len > 0);
	return rows;
}

/*
 * What the bottom edge of a box that scrolls says, shown rows of rows
 * from first: the keys that go where there is more ("j: more" at the
 * top, "j k: more" between, "k: back" at the end); NULL when all show.
 */
static const char *
ui_draw_more(int first, int shown, int rows)
{
	if (shown >= rows)
		return NULL;
	if (first <= 0)
		return " j: more ";
	return first + shown < rows ? " j k: more " : " k: back ";
}

/*
 * The width of a box of lines (their widest, a frame and a margin each
 * side, within the screen; even over a map of two-column cells, so that
 * no cell is left half drawn beside the frame) and the rows they take
 * wrapped within it; returns the width.
 */
static int
ui_draw_box_size_at(const struct ui_view *v, const char *const *lines, int n,
    int *rows, int most)
{
	int	w = 0, row;

	for (int i = 0; i < n; i++) {
		int lw = ui_draw_width(lines[i]);

		w = lw > w ? lw : w;
	}
	w += 4;
	if (w > most)
		w = most;
	if (w > COLS)
		w = COLS;
	if (v->cellw == 2 && w < COLS && w % 2 != 0)
		w++;
	*rows = 0;
	for (int i = 0; i < n; i++) {
		row = -1;
		*rows += ui_draw_wrapped(v, lines[i], w - 4 > 1 ? w - 4 : 1,
		    &row, 0, 0, 0);
	}
	return w;
}

/* The same, as wide as the screen allows. */
static int
ui_draw_box_size(const struct ui_view *v, const char *const *lines, int n,
    int *rows)
{
	return ui_draw_box_size_at(v, lines, n, rows, COLS);
}

/* The height of a box of rows rows: within the screen below the title. */
static int
ui_draw_box_height(int rows)
{
	int	h = rows + 2;

	if (h > LINES - UI_HUD_TOP)
		h = LINES - UI_HUD_TOP > 3 ? LINES - UI_HUD_TOP : LINES;
	return h;
}

/*
 * Lines, rows rows wrapped, in a box w wide (ui_draw_box_size) with its
 * top on row y0 (or in the middle of the screen for y0 < 0), from row
 * *first on.
 */
static void
ui_draw_box_in(const struct ui_view *v, const char *const *lines, int n,
    int *first, int w, int rows, int y0)
{
	const char	*more;
	int		 h = ui_draw_box_height(rows), x0, y, x, shown, row;

	shown = h - 2 > 0 ? h - 2 : 0;
	if (*first > rows - shown)
		*first = rows - shown;
	if (*first < 0)
		*first = 0;
	if (y0 < 0) {
		y0 = (LINES - h) / 2;
		if (y0 < UI_HUD_TOP && h + UI_HUD_TOP <= LINES)
			y0 = UI_HUD_TOP;
	}
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
	row = -*first;
	for (int i = 0; i < n && row < shown; i++)
		ui_draw_wrapped(v, lines[i], w - 4 > 1 ? w - 4 : 1, &row,
		    shown, y0 + 1, x0 + 2);
	more = ui_draw_more(*first, shown, rows);
	if (more != NULL && w >= (int)strlen(more) + 2) {
		move(y0 + h - 1, x0 + (w - (int)strlen(more)) / 2);
		addstr(more);
	}
	attrset(A_NORMAL);
}

/*
 * The same, from row *first on when the screen is too short for all of
 * them (*first is kept within range); the bottom edge then says how to
 * scroll, only where there is more. A line wider than the screen is
 * wrapped within the box, on whole words, so *first counts rows as drawn.
 * The box leaves the title bar (the top row) uncovered when the screen
 * has a row to spare.
 */
void
ui_draw_box_from(const struct ui_view *v, const char *const *lines, int n,
    int *first)
{
	int	rows, w = ui_draw_box_size(v, lines, n, &rows);

	ui_draw_box_in(v, lines, n, first, w, rows, -1);
}

/*
 * The same, its lines wrapped at most columns whatever the screen's width
 * (its frame and margins besides): a text whose lines are paragraphs
 * wraps them all alike.
 */
void
ui_draw_box_text(const struct ui_view *v, const char *const *lines, int n,
    int *first, int most)
{
	int	rows, w = ui_draw_box_size_at(v, lines, n, &rows, most + 4);

	ui_draw_box_in(v, lines, n, first, w, rows, -1);
}

/*
 * Where a box h high goes so that screen rows [top, bottom] stay in
 * sight: the nearer of the room above them (below the title bar) and
 * the room below them; -1 when neither holds it.
 */
static int
ui_draw_box_clear_of(int h, int top, int bottom)
{
	int	above = top - h, below = bottom + 1;

	if (above >= UI_HUD_TOP)
		return below + h <= LINES && LINES - below - h > above -
		    UI_HUD_TOP ? below : above;
	return below + h <= LINES ? below : -1;
}

/*
 * A box of the given lines about map cell rows: clear of screen rows
 * [top, bottom] (a tower's reach) when the screen has the room, else of
 * row cell (the tower itself), else in the middle of the screen.
 */
void
ui_draw_box_beside(const struct ui_view *v, const char *const *lines, int n,
    int top, int bottom, int cell)
{
	int	rows, w = ui_draw_box_size(v, lines, n, &rows), first = 0;
	int	h = ui_draw_box_height(rows), y0;

	y0 = ui_draw_box_clear_of(h, top, bottom);
	if (y0 < 0)
		y0 = ui_draw_box_clear_of(h, cell, cell);
	ui_draw_box_in(v, lines, n, &first, w, rows, y0);
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

