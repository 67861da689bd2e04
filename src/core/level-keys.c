/* SPDX-License-Identifier: ISC */
/*
 * The statements of the level format (level.h has the model): one function
 * a key, each reading its arguments from the line and checking them as it
 * goes (numbers in range, seconds with up to three decimals, text, the
 * spawn a group comes from), and the rows of the map block, read into the
 * terrain with the spawns and exits they hold; under them, the reading of
 * a line's tokens and the one way an error is reported. level_keys[] is the
 * table the parser (level-parse.c) looks a statement's first word up in.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kinds.h"
#include "level-internal.h"
#include "text.h"
#include "util.h"

/* Record the first error as "NAME:LINE:COL: message"; always returns false. */
bool
level_error(struct level_parser *p, long line, size_t col, const char *fmt,
    ...)
{
	va_list	ap;

	va_start(ap, fmt);
	textio_verror(&p->in, line, col, fmt, ap);
	va_end(ap);
	return false;
}

/* Copy a token for a message: at most LEVEL_QUOTE_MAX bytes, whole chars. */
const char *
level_quote(char *buf, size_t size, const char *s, size_t n)
{
	size_t	c = n;

	assert(size >= LEVEL_QUOTE_MAX + 4);
	if (c > LEVEL_QUOTE_MAX) {
		c = LEVEL_QUOTE_MAX;
		while (c > 0 && ((unsigned char)s[c] & 0xc0) == 0x80)
			c--;
	}
	memcpy(buf, s, c);
	if (c < n)
		memcpy(buf + c, "...", 4);
	else
		buf[c] = '\0';
	return buf;
}

/* Skip blanks from *off; the column of what follows. */
int
level_skip(const struct level_line *ln, size_t *off)
{
	while (*off < ln->len && (ln->s[*off] == ' ' || ln->s[*off] == '\t'))
		(*off)++;
	return (int)*off + 1;
}

/* The next blank-separated token from *off: its length (0 at line end). */
size_t
level_token(const struct level_line *ln, size_t *off, const char **tok,
    int *col)
{
	size_t	start;

	*col = level_skip(ln, off);
	start = *off;
	while (*off < ln->len && ln->s[*off] != ' ' && ln->s[*off] != '\t')
		(*off)++;
	*tok = ln->s + start;
	return *off - start;
}

/* Whether token t of length n is the word w. */
bool
level_word(const char *t, size_t n, const char *w)
{
	return strlen(w) == n && memcmp(t, w, n) == 0;
}

/* Fail unless nothing but blanks is left on the line. */
bool
level_expect_end(struct level_parser *p, const struct level_line *ln,
    size_t off)
{
	const char	*t;
	char		 q[LEVEL_QUOTE_MAX + 4];
	size_t		 n;
	int		 col;

	n = level_token(ln, &off, &t, &col);
	if (n == 0)
		return true;
	return level_error(p, ln->no, col,
	    "unexpected '%s': expected end of line",
	    level_quote(q, sizeof q, t, n));
}

static level_key_fn level_key_title, level_key_description, level_key_gold,
    level_key_lives, level_key_movement, level_key_slow, level_key_hp,
    level_key_hero, level_key_map, level_key_wave, level_key_group;

/* The statements of the format; "once" keys may appear a single time. */
const struct level_key level_keys[] = {
	{ .name = "title", .once = true, .required = true,
	  .fn = level_key_title },
	{ .name = "description", .once = true, .fn = level_key_description },
	{ .name = "gold", .once = true, .required = true,
	  .fn = level_key_gold },
	{ .name = "lives", .once = true, .required = true,
	  .fn = level_key_lives },
	{ .name = "movement", .once = true, .fn = level_key_movement },
	{ .name = "slow", .once = true, .fn = level_key_slow },
	{ .name = "hp", .once = true, .fn = level_key_hp },
	{ .name = "hero", .once = true, .fn = level_key_hero },
	{ .name = "map", .once = true, .required = true,
	  .fn = level_key_map },
	{ .name = "wave", .fn = level_key_wave },
	{ .name = "group", .fn = level_key_group },
};
_Static_assert(sizeof level_keys / sizeof level_keys[0] == LEVEL_NKEYS,
    "LEVEL_NKEYS counts the rows of level_keys[]");
/*
 * Read an integer min..max after word; messages call what is expected noun,
 * and what is out of range range.
 */
static bool
level_int_arg(struct level_parser *p, const struct level_line *ln,
    size_t *off, const char *word, const char *noun, const char *range,
    long min, long max, int *out)
{
	const char	*t;
	char		 q[LEVEL_QUOTE_MAX + 4];
	size_t		 n;
	int64_t		 v;
	enum textio_num	 got;
	int		 col;

	n = level_token(ln, off, &t, &col);
	if (n == 0)
		return level_error(p, ln->no, col, "expected %s after '%s'",
		    noun, word);
	if ((got = textio_int(t, n, min, max, &v)) == TEXTIO_NUM_BAD) {
		return level_error(p, ln->no, col,
		    "expected %s after '%s', found '%s'", noun, word,
		    level_quote(q, sizeof q, t, n));
	}
	if (got == TEXTIO_NUM_RANGE) {
		return level_error(p, ln->no, col,
		    "%s out of range: expected %ld to %ld, found '%s'", range,
		    min, max, level_quote(q, sizeof q, t, n));
	}
	*out = (int)v;
	return true;
}

/* Read seconds (digits, up to 3 decimals) after word into *ms, 0..maxms. */
static bool
level_seconds_arg(struct level_parser *p, const struct level_line *ln,
    size_t *off, const char *word, int maxms, int *ms)
{
	const char	*t;
	char		 q[LEVEL_QUOTE_MAX + 4];
	size_t		 n;
	uint64_t	 v;
	enum textio_num	 got;
	int		 col;

	n = level_token(ln, off, &t, &col);
	if (n == 0) {
		return level_error(p, ln->no, col,
		    "expected seconds after '%s'", word);
	}
	/* Whole milliseconds: "1.5" is 1500. */
	if ((got = textio_decimal(t, n, 3, (uint64_t)maxms, &v)) ==
	    TEXTIO_NUM_BAD) {
		return level_error(p, ln->no, col,
		    "expected seconds after '%s' (like 2 or 0.25), found '%s'",
		    word, level_quote(q, sizeof q, t, n));
	}
	if (got == TEXTIO_NUM_RANGE) {
		return level_error(p, ln->no, col,
		    "'%s' out of range: expected 0 to %d seconds, found '%s'",
		    word, maxms / 1000, level_quote(q, sizeof q, t, n));
	}
	*ms = (int)v;
	return true;
}

/* Read a text value (the rest of the line) of at most max bytes into dst. */
static bool
level_text_arg(struct level_parser *p, const struct level_line *ln,
    size_t off, const char *word, size_t max, char *dst)
{
	int	col = level_skip(ln, &off);
	size_t	n = ln->len - off;

	if (n == 0)
		return level_error(p, ln->no, col, "expected text after '%s'",
		    word);
	if (n > max) {
		return level_error(p, ln->no, col + (int)max,
		    "%s too long: at most %zu bytes", word, max);
	}
	memcpy(dst, ln->s + off, n);
	dst[n] = '\0';
	return true;
}

/* title TEXT */
static bool
level_key_title(struct level_parser *p, const struct level_line *ln,
    size_t off, int col)
{
	return level_text_arg(p, ln, off, "title", LEVEL_TITLE_MAX,
	    p->l->title);
}

/* description TEXT */
static bool
level_key_description(struct level_parser *p, const struct level_line *ln,
    size_t off, int col)
{
	return level_text_arg(p, ln, off, "description", LEVEL_DESC_MAX,
	    p->l->description);
}

/* gold N */
static bool
level_key_gold(struct level_parser *p, const struct level_line *ln,
    size_t off, int col)
{
	if (!level_int_arg(p, ln, &off, "gold", "an amount of gold",
	    "'gold'", 0, LEVEL_GOLD_MAX, &p->l->gold))
		return false;
	return level_expect_end(p, ln, off);
}

/* lives N */
static bool
level_key_lives(struct level_parser *p, const struct level_line *ln,
    size_t off, int col)
{
	if (!level_int_arg(p, ln, &off, "lives", "a number of lives",
	    "'lives'", 1, LEVEL_LIVES_MAX, &p->l->lives))
		return false;
	return level_expect_end(p, ln, off);
}

/* movement 4|8 */
static bool
level_key_movement(struct level_parser *p, const struct level_line *ln,
    size_t off, int col)
{
	const char	*t;
	char		 q[LEVEL_QUOTE_MAX + 4];
	size_t		 n;

	n = level_token(ln, &off, &t, &col);
	if (n == 0)
		return level_error(p, ln->no, col,
		    "expected 4 or 8 after 'movement'");
	if (level_word(t, n, "4"))
		p->l->diagonal = false;
	else if (level_word(t, n, "8"))
		p->l->diagonal = true;
	else {
		return level_error(p, ln->no, col,
		    "expected 4 or 8 after 'movement', found '%s'",
		    level_quote(q, sizeof q, t, n));
	}
	return level_expect_end(p, ln, off);
}

/* slow COST */
static bool
level_key_slow(struct level_parser *p, const struct level_line *ln,
    size_t off, int col)
{
	if (!level_int_arg(p, ln, &off, "slow", "a terrain cost", "'slow'", 2,
	    GRID_COST_MAX, &p->l->slow_cost))
		return false;
	return level_expect_end(p, ln, off);
}

/* hp PCT: the enemies' hit points, in percent of their kinds' */
static bool
level_key_hp(struct level_parser *p, const struct level_line *ln,
    size_t off, int col)
{
	if (!level_int_arg(p, ln, &off, "hp", "a percentage", "'hp'",
	    LEVEL_HP_MIN, LEVEL_HP_MAX, &p->l->hp_pct))
		return false;
	return level_expect_end(p, ln, off);
}

/* hero X Y: where the hero starts (checked against the map at the end). */
static bool
level_key_hero(struct level_parser *p, const struct level_line *ln,
    size_t off, int col)
{
	size_t	at = off;

	while (at < ln->len && (ln->s[at] == ' ' || ln->s[at] == '\t'))
		at++;
	p->hero.line = ln->no;
	p->hero.col = (int)at + 1;
	if (!level_int_arg(p, ln, &off, "hero", "the hero's X", "hero X", 0,
	    GRID_MAX_W - 1, &p->l->hero.x) ||
	    !level_int_arg(p, ln, &off, "hero X", "the hero's Y", "hero Y", 0,
	    GRID_MAX_H - 1, &p->l->hero.y))
		return false;
	p->l->has_hero = true;
	return level_expect_end(p, ln, off);
}

/* map: the rows follow, up to "end". */
static bool
level_key_map(struct level_parser *p, const struct level_line *ln,
    size_t off, int col)
{
	if (!level_expect_end(p, ln, off))
		return false;
	p->mapline = ln->no;
	p->inmap = true;
	return true;
}

/* Fail if the last wave read has no groups. */
bool
level_check_last_wave(struct level_parser *p)
{
	struct level	*l = p->l;

	if (l->nwaves > 0 && l->waves[l->nwaves - 1].ngroups == 0 &&
	    !p->wave_bad && !p->draft) {
		return level_error(p, p->waveline[l->nwaves - 1], 1,
		    "wave has no groups: expected 'group' lines after it");
	}
	return true;
}

/* wave [after SECONDS] */
static bool
level_key_wave(struct level_parser *p, const struct level_line *ln,
    size_t off, int col)
{
	struct level		*l = p->l;
	struct level_wave	*w;
	const char		*t;
	char			 q[LEVEL_QUOTE_MAX + 4];
	size_t			 n;
	bool			 after = false;

	if (!level_check_last_wave(p))
		return false;
	if (l->nwaves == LEVEL_MAX_WAVES) {
		return level_error(p, ln->no, col, "too many waves: at most %d",
		    LEVEL_MAX_WAVES);
	}
	w = &l->waves[l->nwaves];
	p->waveline[l->nwaves++] = ln->no;
	for (;;) {
		n = level_token(ln, &off, &t, &col);
		if (n == 0)
			return true;
		if (!level_word(t, n, "after")) {
			return level_error(p, ln->no, col,
			    "unexpected '%s': expected 'after' or end of line",
			    level_quote(q, sizeof q, t, n));
		}
		if (after)
			return level_error(p, ln->no, col,
			    "duplicate 'after' in this wave");
		after = true;
		if (!level_seconds_arg(p, ln, &off, "after", LEVEL_AFTER_MAX_MS,
		    &w->after_ms))
			return false;
	}
}

/* group COUNT TYPE from LABEL [every SECONDS] [after SECONDS] */
static bool
level_key_group(struct level_parser *p, const struct level_line *ln,
    size_t off, int col)
{
	struct level		*l = p->l;
	struct level_wave	*w;
	struct level_group	*g;
	const char		*t;
	char			 q[LEVEL_QUOTE_MAX + 4];
	char			 names[KIND_LIST_MAX];
	size_t			 n;
	int			 e, gcol = col;
	bool			 from = false, every = false, after = false;

	if (l->nwaves == 0) {
		return level_error(p, ln->no, col,
		    "'group' outside a wave: expected a 'wave' line first");
	}
	w = &l->waves[l->nwaves - 1];
	if (w->ngroups == LEVEL_MAX_GROUPS) {
		return level_error(p, ln->no, col,
		    "too many groups in this wave: at most %d",
		    LEVEL_MAX_GROUPS);
	}
	g = &w->groups[w->ngroups];
	g->every_ms = 1000;
	if (!level_int_arg(p, ln, &off, "group", "an enemy count",
	    "enemy count", 1, LEVEL_COUNT_MAX, &g->count))
		return false;

	n = level_token(ln, &off, &t, &col);
	if (n == 0) {
		return level_error(p, ln->no, col,
		    "expected an enemy type after the count");
	}
	if ((e = enemy_lookup(t, n)) < 0) {
		enemy_list(names, sizeof names);
		return level_error(p, ln->no, col, "unknown enemy type '%s' "
		    "(expected %s)", level_quote(q, sizeof q, t, n), names);
	}
	g->enemy = (enum enemy_kind)e;

	for (;;) {
		n = level_token(ln, &off, &t, &col);
		if (n == 0)
			break;
		if (level_word(t, n, "from")) {
			if (from)
				return level_error(p, ln->no, col,
				    "duplicate 'from' in this group");
			from = true;
			n = level_token(ln, &off, &t, &col);
			if (n == 0)
				return level_error(p, ln->no, col,
				    "expected a spawn letter after 'from'");
			if (n != 1 || t[0] < 'A' || t[0] > 'Z') {
				return level_error(p, ln->no, col,
				    "expected a spawn letter A to Z after "
				    "'from', found '%s'",
				    level_quote(q, sizeof q, t, n));
			}
			g->from = t[0];
			p->from[l->nwaves - 1][w->ngroups].line = ln->no;
			p->from[l->nwaves - 1][w->ngroups].col = col;
		} else if (level_word(t, n, "every")) {
			if (every)
				return level_error(p, ln->no, col,
				    "duplicate 'every' in this group");
			every = true;
			if (!level_seconds_arg(p, ln, &off, "every",
			    LEVEL_EVERY_MAX_MS, &g->every_ms))
				return false;
		} else if (level_word(t, n, "after")) {
			if (after)
				return level_error(p, ln->no, col,
				    "duplicate 'after' in this group");
			after = true;
			if (!level_seconds_arg(p, ln, &off, "after",
			    LEVEL_AFTER_MAX_MS, &g->after_ms))
				return false;
		} else {
			return level_error(p, ln->no, col,
			    "unexpected '%s': expected 'from', 'every' or "
			    "'after'", level_quote(q, sizeof q, t, n));
		}
	}
	if (!from) {
		return level_error(p, ln->no, gcol,
		    "group has no spawn: expected 'from' and a spawn letter");
	}
	w->ngroups++;
	return true;
}

/* Whether byte c is a map glyph. */
bool
level_glyph(unsigned char c)
{
	return strchr("#.=~>", c) != NULL || (c >= 'A' && c <= 'Z');
}

/* The map glyph at x of ln as a message quotes it, into q (8 bytes). */
void
level_glyph_quote(const struct level_line *ln, size_t x, char *q, size_t size)
{
	size_t	need;
	bool	visible;

	if (ln->s[x] == '\t') {
		strlcpy_w(q, "\\t", size);
		return;
	}
	need = text_char(ln->s + x, ln->len - x, &visible);
	if (need >= size)
		need = size - 1;
	memcpy(q, ln->s + x, need);
	q[need] = '\0';
}

/* Read one map row into the terrain; spawns and exits are collected. */
bool
level_map_row(struct level_parser *p, const struct level_line *ln)
{
	struct level		*l = p->l;
	struct level_spawn	*sp;
	const unsigned char	*s = (const unsigned char *)ln->s;
	size_t			 x, limit, need;
	int			 y = l->h;
	uint8_t			 t;
	char			 q[8];

	if (ln->len == 0) {
		return level_error(p, ln->no, 1,
		    "expected a map row or 'end', found an empty line");
	}
	if (y == GRID_MAX_H) {
		return level_error(p, ln->no, 1,
		    "map too tall: at most %d rows", GRID_MAX_H);
	}
	limit = y == 0 ? GRID_MAX_W : (size_t)l->w;
	for (x = 0; x < ln->len && x < limit; x++) {
		if (s[x] != '\0' && level_glyph(s[x]))
			continue;
		level_glyph_quote(ln, x, q, sizeof q);
		return level_error(p, ln->no, (int)x + 1, "unknown map glyph "
		    "'%s' (expected # . = ~ > or a spawn letter A to Z)", q);
	}
	if (ln->len > limit && y == 0) {
		return level_error(p, ln->no, GRID_MAX_W + 1,
		    "map too wide: at most %d cells a row", GRID_MAX_W);
	}
	if (y > 0 && ln->len != (size_t)l->w) {
		return level_error(p, ln->no,
		    (int)(ln->len < limit ? ln->len : limit) + 1,
		    "ragged map: this row is %zu cells wide, the first "
		    "row %d",
		    ln->len, l->w);
	}
	if (y == 0) {
		l->w = (int)ln->len;
		p->row0 = ln->no;
	}

	need = (size_t)(y + 1) * (size_t)l->w;
	if (need > p->tcap) {
		p->tcap = p->tcap == 0 ? need * 16 : p->tcap * 2;
		l->terrain = xrealloc(l->terrain, p->tcap, 1);
	}
	for (x = 0; x < ln->len; x++) {
		switch (s[x]) {
		case '#':
			t = LEVEL_WALL;
			break;
		case '.':
			t = LEVEL_GROUND;
			break;
		case '=':
			t = LEVEL_ROAD;
			break;
		case '~':
			t = LEVEL_SLOW;
			break;
		case '>':
			t = LEVEL_EXIT;
			if (l->nexits == LEVEL_EXIT_CELLS && p->draft)
				break;	/* drawn, not a goal */
			if (l->nexits == LEVEL_EXIT_CELLS) {
				return level_error(p, ln->no, (int)x + 1,
				    "too many exit cells: at most %d",
				    LEVEL_EXIT_CELLS);
			}
			l->exits[l->nexits].x = (int)x;
			l->exits[l->nexits++].y = y;
			break;
		default:
			t = LEVEL_SPAWN;
			sp = &l->spawns[s[x] - 'A'];
			sp->label = (char)s[x];
			if (sp->ncells == LEVEL_SPAWN_CELLS && p->draft)
				break;	/* drawn, not listed */
			if (sp->ncells == LEVEL_SPAWN_CELLS) {
				return level_error(p, ln->no, (int)x + 1,
				    "spawn '%c' too big: at most %d cells",
				    s[x], LEVEL_SPAWN_CELLS);
			}
			sp->label = (char)s[x];
			sp->cells[sp->ncells].x = (int)x;
			sp->cells[sp->ncells++].y = y;
			break;
		}
		l->terrain[(size_t)y * (size_t)l->w + x] = t;
	}
	l->h++;
	return true;
}
