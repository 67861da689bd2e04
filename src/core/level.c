/*
 * The level-file parser. The text is read one line at a time straight out of
 * the caller's buffer (no line is ever copied, so line length is no concern):
 * each line has its trailing CR, spaces and tabs dropped, is checked to be
 * text (no control bytes but tab, valid UTF-8), and is then either a comment,
 * blank, a row of the open map block, or a statement "KEY ARGS...". Whole-level
 * checks (required keys, spawns and exits, wave spawn labels, reachability)
 * run after the last line. The first error stops the parse; its message is
 * "NAME:LINE:COL: text", LINE and COL counting from 1, COL in bytes.
 */
#include <assert.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "field.h"
#include "grid.h"
#include "level.h"
#include "reach.h"
#include "safefile.h"
#include "text.h"
#include "textio.h"
#include "util.h"

_Static_assert(LEVEL_EXIT_CELLS <= FIELD_MAX_GOALS,
    "every exit cell must fit in one field's goals");

#define LEVEL_QUOTE_MAX	32	/* bytes of a token an error message repeats */

/* The terrains of the map block, by enum level_terrain. */
const struct level_terrain_type level_terrain_types[LEVEL_NTERRAINS] = {
	[LEVEL_WALL] = { "wall", '#', "blocks; nothing is built on it" },
	[LEVEL_GROUND] = { "ground", '.', "walkable, towers can be built" },
	[LEVEL_ROAD] = { "road", '=', "walkable, nothing is built on it" },
	[LEVEL_SLOW] = { "marsh", '~', "walkable at the 'slow' cost" },
	[LEVEL_SPAWN] = { "spawn", 'A', "enemies enter: a letter A to Z" },
	[LEVEL_EXIT] = { "exit", '>', "enemies leave: each costs lives" },
};


/* One line of text, trailing CR and blanks already dropped. */
struct level_line {
	const char	*s;
	size_t		 len;
	int		 no;
};

/* Where a group named its spawn, to check once the map is known. */
struct level_mark {
	int	line, col;
};

struct level_parser {
	struct textio	 in;		/* the lines and the first error */

	struct level	*l;
	size_t		 tcap;		/* cells allocated in l->terrain */

	int		 header;	/* line of "weir-level 1", 0 if none */
	int		 keyline[16];	/* line each once-only key was on */
	int		 mapline;	/* line of "map", 0 if none */
	int		 row0;		/* line of the first map row */
	bool		 inmap;		/* between "map" and "end" */
	int		 waveline[LEVEL_MAX_WAVES];
	struct level_mark from[LEVEL_MAX_WAVES][LEVEL_MAX_GROUPS];
	struct level_mark hero;		/* where 'hero' gave its X */

	/* Going on after an error (level_check_text_all). */
	bool		 all;		/* report every independent error */
	bool		 map_bad;	/* a map row failed: glyphs only */
	bool		 wave_bad;	/* the last wave line, or a group of
					   its wave, failed */
};

typedef bool level_key_fn(struct level_parser *, const struct level_line *,
    size_t, int);

static struct level *level_parse_sink(const char *, const char *, size_t,
    char *, size_t, void (*)(void *, const char *), void *, int, int *);

static level_key_fn level_key_title, level_key_description, level_key_gold,
    level_key_lives, level_key_movement, level_key_slow, level_key_hp,
    level_key_hero,
    level_key_map, level_key_wave, level_key_group;

/* The statements of the format; "once" keys may appear a single time. */
static const struct level_key {
	const char	*name;
	bool		 once;
	bool		 required;
	level_key_fn	*fn;
} level_keys[] = {
	{ "title",	 true,	true,	level_key_title },
	{ "description", true,	false,	level_key_description },
	{ "gold",	 true,	true,	level_key_gold },
	{ "lives",	 true,	true,	level_key_lives },
	{ "movement",	 true,	false,	level_key_movement },
	{ "slow",	 true,	false,	level_key_slow },
	{ "hp",		 true,	false,	level_key_hp },
	{ "hero",	 true,	false,	level_key_hero },
	{ "map",	 true,	true,	level_key_map },
	{ "wave",	 false,	false,	level_key_wave },
	{ "group",	 false,	false,	level_key_group },
};
#define LEVEL_NKEYS (sizeof level_keys / sizeof level_keys[0])
_Static_assert(LEVEL_NKEYS <= 16, "keyline[] holds every key");

/* Record the first error as "NAME:LINE:COL: message"; always returns false. */
static bool __attribute__((format(printf, 4, 5)))
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
static const char *
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

/* Take the next line, its CR and blanks dropped; false at the end. */
static bool
level_next_line(struct level_parser *p, struct level_line *ln)
{
	if (!textio_next(&p->in))
		return false;
	ln->s = p->in.line;
	ln->len = p->in.linelen;
	ln->no = (int)p->in.lineno;
	return true;
}

/* Check that a line is text: valid UTF-8, no control but tab (C0, C1). */
static bool
level_check_text(struct level_parser *p, const struct level_line *ln)
{
	const unsigned char	*s = (const unsigned char *)ln->s;
	size_t			 i = 0, k;
	bool			 visible;

	while (i < ln->len) {
		if (s[i] >= 0x80) {
			/* Not a byte alone: a whole sequence, or invalid. */
			k = text_char(ln->s + i, ln->len - i, &visible);
			if (k == 1) {
				return level_error(p, ln->no, (int)i + 1,
				    "invalid UTF-8 byte 0x%02x", s[i]);
			}
			if (!visible) {
				/* U+0080..U+009F: C1 controls (CSI, ...) */
				return level_error(p, ln->no, (int)i + 1,
				    "invalid character U+%04X: expected text",
				    s[i + 1]);
			}
			i += k;
			continue;
		}
		if ((s[i] < 0x20 && s[i] != '\t') || s[i] == 0x7f) {
			return level_error(p, ln->no, (int)i + 1,
			    "invalid byte 0x%02x: expected text", s[i]);
		}
		i++;
	}
	return true;
}

/* Skip blanks from *off; the column of what follows. */
static int
level_skip(const struct level_line *ln, size_t *off)
{
	while (*off < ln->len && (ln->s[*off] == ' ' || ln->s[*off] == '\t'))
		(*off)++;
	return (int)*off + 1;
}

/* The next blank-separated token from *off: its length (0 at line end). */
static size_t
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
static bool
level_word(const char *t, size_t n, const char *w)
{
	return strlen(w) == n && memcmp(t, w, n) == 0;
}

/* Fail unless nothing but blanks is left on the line. */
static bool
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
static bool
level_check_last_wave(struct level_parser *p)
{
	struct level	*l = p->l;

	if (l->nwaves > 0 && l->waves[l->nwaves - 1].ngroups == 0 &&
	    !p->wave_bad) {
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
static bool
level_glyph(unsigned char c)
{
	return strchr("#.=~>", c) != NULL || (c >= 'A' && c <= 'Z');
}

/* The map glyph at x of ln as a message quotes it, into q (8 bytes). */
static void
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
static bool
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

/* The header line: "weir-level 1". */
static bool
level_header(struct level_parser *p, const struct level_line *ln)
{
	const char	*t;
	char		 q[LEVEL_QUOTE_MAX + 4];
	size_t		 n, off = 0;
	uint64_t	 v = 0;
	enum textio_num	 got;
	int		 col;

	n = level_token(ln, &off, &t, &col);
	if (!level_word(t, n, "weir-level")) {
		return level_error(p, ln->no, col,
		    "expected 'weir-level %d' at the start of the file",
		    LEVEL_FORMAT_VERSION);
	}
	n = level_token(ln, &off, &t, &col);
	if ((got = textio_uint(t, n, UINT64_MAX, &v)) == TEXTIO_NUM_BAD) {
		return level_error(p, ln->no, col,
		    "expected a format version number after 'weir-level'");
	}
	if (got == TEXTIO_NUM_RANGE || v != LEVEL_FORMAT_VERSION) {
		return level_error(p, ln->no, col,
		    "unsupported format version %s: this weir reads version %d",
		    level_quote(q, sizeof q, t, n), LEVEL_FORMAT_VERSION);
	}
	p->header = ln->no;
	return level_expect_end(p, ln, off);
}

/* One statement line: look the key up and hand the rest to it. */
static bool
level_statement(struct level_parser *p, const struct level_line *ln)
{
	const char	*t;
	char		 q[LEVEL_QUOTE_MAX + 4];
	size_t		 n, off = 0, k;
	int		 col;

	n = level_token(ln, &off, &t, &col);
	for (k = 0; k < LEVEL_NKEYS; k++) {
		if (level_word(t, n, level_keys[k].name))
			break;
	}
	if (k == LEVEL_NKEYS) {
		if (level_word(t, n, "weir-level"))
			return level_error(p, ln->no, col,
			    "duplicate 'weir-level' (first on line %d)",
			    p->header);
		if (level_word(t, n, "end"))
			return level_error(p, ln->no, col,
			    "'end' without a 'map' above it");
		return level_error(p, ln->no, col, "unknown key '%s' (expected "
		    "title, description, gold, lives, movement, slow, hp, "
		    "hero, map, wave or group)", level_quote(q, sizeof q, t, n));
	}
	if (level_keys[k].once) {
		if (p->keyline[k] != 0) {
			return level_error(p, ln->no, col,
			    "duplicate '%s' (first on line %d)",
			    level_keys[k].name, p->keyline[k]);
		}
		p->keyline[k] = ln->no;
	}
	return level_keys[k].fn(p, ln, off, col);
}

/* Whether the line, leading blanks skipped, is exactly the word w. */
static bool
level_line_is(const struct level_line *ln, const char *w)
{
	size_t	off = 0;

	level_skip(ln, &off);
	return level_word(ln->s + off, ln->len - off, w);
}

/*
 * Whether to read on after an error on line ln: only when every error is
 * wanted, there is room for more, and the file has its header (without it
 * nothing else means anything). A wave whose line or group failed has its
 * groups skipped after (their errors would follow from it).
 */
static bool
level_go_on(struct level_parser *p, const struct level_line *ln)
{
	size_t		 off = 0;
	const char	*t;
	int		 col;
	size_t		 n;

	if (!p->all || p->header == 0 || textio_full(&p->in))
		return false;
	if (p->inmap)
		p->map_bad = true;
	else {
		n = level_token(ln, &off, &t, &col);
		if (level_word(t, n, "wave") || level_word(t, n, "group"))
			p->wave_bad = true;
	}
	return true;
}

/* Check only that a map row's glyphs are known (after a bad row). */
static bool
level_map_glyphs(struct level_parser *p, const struct level_line *ln)
{
	const unsigned char	*s = (const unsigned char *)ln->s;
	size_t			 x;
	char			 q[8];

	for (x = 0; x < ln->len && x < GRID_MAX_W; x++) {
		if (s[x] != '\0' && level_glyph(s[x]))
			continue;
		level_glyph_quote(ln, x, q, sizeof q);
		return level_error(p, ln->no, (int)x + 1, "unknown map glyph "
		    "'%s' (expected # . = ~ > or a spawn letter A to Z)", q);
	}
	return true;
}

/* One line outside the map: the header or a statement. */
static bool
level_line(struct level_parser *p, const struct level_line *ln)
{
	size_t		 off = 0, n;
	const char	*t;
	int		 col;

	if (p->header == 0)
		return level_header(p, ln);
	if (p->all) {
		n = level_token(ln, &off, &t, &col);
		if (level_word(t, n, "wave")) {
			/* The wave before is judged first, then this one. */
			bool ok = level_statement(p, ln);

			p->wave_bad = !ok;
			return ok;
		}
		if (level_word(t, n, "group") && p->wave_bad)
			return true;	/* its wave failed: said already */
	}
	return level_statement(p, ln);
}

/* Read every line; false at the first error (or, reading on, the last). */
static bool
level_read_lines(struct level_parser *p)
{
	struct level_line	ln;
	size_t			off;

	while (level_next_line(p, &ln)) {
		if (!level_check_text(p, &ln))
			return false;	/* not text: the rest would be noise */
		if (p->inmap) {
			if (level_line_is(&ln, "end")) {
				p->inmap = false;
				if (p->l->h == 0 && !p->map_bad &&
				    !level_error(p, ln.no, 1, "empty map: "
				    "expected rows between 'map' and 'end'") &&
				    !level_go_on(p, &ln))
					return false;
			} else if (!(p->map_bad ? level_map_glyphs(p, &ln) :
			    level_map_row(p, &ln))) {
				if (!level_go_on(p, &ln))
					return false;
			}
			continue;
		}
		off = 0;
		level_skip(&ln, &off);
		if (off == ln.len || ln.s[off] == '#')
			continue;
		if (!level_line(p, &ln) && !level_go_on(p, &ln))
			return false;
	}
	return !p->in.failed;
}

/*
 * Whether every cell of every spawn reaches an exit: one flood for them all.
 * When that fails, each spawn and then each cell of the first failing spawn is
 * flooded alone, so the message can name the first cell stuck.
 */
static bool
level_check_reach(struct level_parser *p)
{
	struct level		*l = p->l;
	struct grid		 g;
	struct level_spawn	*sp;
	int32_t			*goals, *scratch, *src;
	int			 i, c, n = 0, bad;

	grid_init(&g, xmalloc(grid_cells(l->w, l->h)), l->w, l->h,
	    l->diagonal);
	level_build_grid(l, &g);
	goals = xcalloc((size_t)l->nexits, sizeof *goals);
	for (i = 0; i < l->nexits; i++)
		goals[i] = grid_index(&g, l->exits[i].x, l->exits[i].y);
	scratch = xcalloc(2 * grid_cells(l->w, l->h), sizeof *scratch);
	src = xcalloc((size_t)LEVEL_MAX_SPAWNS * LEVEL_SPAWN_CELLS,
	    sizeof *src);
	for (i = 0; i < l->nspawns; i++) {
		sp = &l->spawns[i];
		for (c = 0; c < sp->ncells; c++)
			src[n++] = grid_index(&g, sp->cells[c].x,
			    sp->cells[c].y);
	}
	if (reach_all(&g, src, n, goals, l->nexits, -1, scratch))
		n = 0;		/* all is well: skip the search below */

	for (i = 0; n > 0 && i < l->nspawns && !p->in.failed; i++) {
		sp = &l->spawns[i];
		for (c = 0; c < sp->ncells; c++)
			src[c] = grid_index(&g, sp->cells[c].x, sp->cells[c].y);
		if (reach_all(&g, src, sp->ncells, goals, l->nexits, -1,
		    scratch))
			continue;
		for (bad = 0; bad < sp->ncells - 1; bad++) {
			if (!reach_all(&g, &src[bad], 1, goals, l->nexits, -1,
			    scratch))
				break;
		}
		level_error(p, p->row0 + sp->cells[bad].y,
		    sp->cells[bad].x + 1, "spawn '%c' cannot reach any exit",
		    sp->label);
	}
	free(src);
	free(scratch);
	free(goals);
	free(g.cost);
	return !p->in.failed;
}

/* The checks that need the whole file, in a fixed order. */
static bool
level_check_whole(struct level_parser *p)
{
	struct level	*l = p->l;
	long		 line;
	size_t		 col;
	int		 i, k, w, gi;

	textio_end(&p->in, &line, &col);
	if (p->header == 0) {
		return level_error(p, line, col,
		    "expected 'weir-level %d' at the start of the file",
		    LEVEL_FORMAT_VERSION);
	}
	if (p->inmap) {
		return level_error(p, line, col,
		    "map not closed: expected 'end' after the last row");
	}
	for (k = 0; k < (int)LEVEL_NKEYS; k++) {
		if (level_keys[k].required && p->keyline[k] == 0 &&
		    !level_error(p, line, col, "missing '%s'",
		    level_keys[k].name) && !p->all)
			return false;
	}
	if (p->in.failed)
		return false;
	if (l->nwaves == 0) {
		return level_error(p, line, col,
		    "missing 'wave': a level needs at least one wave");
	}
	if (!level_check_last_wave(p))
		return false;

	for (i = 0, k = 0; i < LEVEL_MAX_SPAWNS; i++) {
		if (l->spawns[i].ncells != 0)
			l->spawns[k++] = l->spawns[i];
	}
	l->nspawns = k;
	if (l->nspawns == 0) {
		return level_error(p, p->mapline, 1,
		    "no spawn on the map: expected a letter A to Z");
	}
	if (l->nexits == 0) {
		return level_error(p, p->mapline, 1,
		    "no exit on the map: expected '>'");
	}
	for (w = 0; w < l->nwaves; w++) {
		for (gi = 0; gi < l->waves[w].ngroups; gi++) {
			struct level_group *g = &l->waves[w].groups[gi];

			g->spawn = level_spawn_index(l, g->from);
			if (g->spawn >= 0)
				continue;
			return level_error(p, p->from[w][gi].line,
			    p->from[w][gi].col, "unknown spawn '%c': the map "
			    "has no '%c'", g->from, g->from);
		}
	}
	if (l->has_hero && (l->hero.x >= l->w || l->hero.y >= l->h)) {
		return level_error(p, p->hero.line, p->hero.col, "hero at "
		    "%d,%d is off the map (%d x %d)", l->hero.x, l->hero.y,
		    l->w, l->h);
	}
	if (l->has_hero && level_cost(l, l->hero.x, l->hero.y) == 0) {
		return level_error(p, p->hero.line, p->hero.col, "hero at "
		    "%d,%d stands in a wall: it needs ground, road, marsh, "
		    "a spawn or an exit", l->hero.x, l->hero.y);
	}
	return level_check_reach(p);
}

/* Parse a level held in memory; name is used in error messages. */
struct level *
level_parse(const char *name, const char *text, size_t len, char *err,
    size_t errlen)
{
	return level_parse_sink(name, text, len, err, errlen, NULL, NULL, 0,
	    NULL);
}

/*
 * Check a level held in memory, handing every independent error, each
 * "NAME:LINE:COL: message", to sink (at most max, then one saying more
 * follow). Returns how many errors there were, 0 for a good level.
 */
int
level_check_all(const char *name, const char *text, size_t len,
    void (*sink)(void *, const char *), void *arg, int max)
{
	struct level	*l;
	int		 n = 0;

	l = level_parse_sink(name, text, len, NULL, 0, sink, arg, max, &n);
	level_free(l);
	return n;
}

/* An empty level of w x h cells, all wall (w, h may be 0 while parsing). */
struct level *
level_alloc(int w, int h)
{
	struct level	*l = xcalloc(1, sizeof *l);

	l->w = w;
	l->h = h;
	l->diagonal = true;
	l->slow_cost = LEVEL_SLOW_DEFAULT;
	l->hp_pct = LEVEL_HP_DEFAULT;
	if (w > 0 && h > 0)
		l->terrain = xcalloc((size_t)w * (size_t)h, 1);
	return l;
}

/*
 * Parse a level held in memory; name is used in error messages. With a
 * sink, every independent error (at most max, then a line saying more
 * follow) goes to it: the parse reads on after an error on a line, and
 * leaves out what would only follow from one.
 */
static struct level *
level_parse_sink(const char *name, const char *text, size_t len, char *err,
    size_t errlen, void (*sink)(void *, const char *), void *arg, int max,
    int *nerrors)
{
	struct level_parser	*p = xcalloc(1, sizeof *p);
	struct level		*l;

	textio_init(&p->in, name, text, len, TEXTIO_CR | TEXTIO_TRIM, err,
	    errlen);
	if (sink != NULL) {
		textio_all(&p->in, sink, arg, max);
		p->all = true;
	}
	p->l = level_alloc(0, 0);
	if (err != NULL && errlen > 0)
		err[0] = '\0';

	if (p->in.len > LEVEL_FILE_MAX)
		level_error(p, 1, 1, "too large: at most %d bytes",
		    LEVEL_FILE_MAX);
	else if (level_read_lines(p))
		level_check_whole(p);	/* not after errors: they may follow */
	l = p->l;
	if (nerrors != NULL)
		*nerrors = p->in.nerrors;
	if (p->in.failed) {
		level_free(l);
		l = NULL;
	}
	free(p);
	return l;
}

/*
 * Read a whole file of at most LEVEL_FILE_MAX bytes into a NUL-terminated
 * buffer; on failure write "PATH: reason" to err and return NULL.
 */
char *
level_read_file(const char *path, size_t *lenp, char *err, size_t errlen)
{
	FILE	*f;
	char	*buf;
	size_t	 n = 0, cap = 65536, got;
	int	 fd;

	if ((fd = safefile_open(path, err, errlen)) < 0)
		return NULL;	/* regular files only: a FIFO would block */
	if ((f = fdopen(fd, "rb")) == NULL) {
		snprintf(err, errlen, "%s: cannot open: %s", path,
		    strerror(errno));
		close(fd);
		return NULL;
	}
	buf = xmalloc(cap + 1);
	for (;;) {
		if (n == cap) {
			if (cap > LEVEL_FILE_MAX) {
				snprintf(err, errlen, "%s: too large: at most "
				    "%d bytes", path, LEVEL_FILE_MAX);
				goto fail;
			}
			cap *= 2;
			buf = xrealloc(buf, cap + 1, 1);
		}
		got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: cannot read: %s", path,
		    strerror(errno));
		goto fail;
	}
	if (n > LEVEL_FILE_MAX) {
		snprintf(err, errlen, "%s: too large: at most %d bytes", path,
		    LEVEL_FILE_MAX);
		goto fail;
	}
	fclose(f);
	buf[n] = '\0';
	*lenp = n;
	return buf;
fail:
	fclose(f);
	free(buf);
	return NULL;
}

/* Read and parse a level file; NULL with a message in err on failure. */
struct level *
level_load(const char *path, char *err, size_t errlen)
{
	struct level	*l;
	char		*text;
	size_t		 len;

	if ((text = level_read_file(path, &len, err, errlen)) == NULL)
		return NULL;
	l = level_parse(path, text, len, err, errlen);
	free(text);
	return l;
}

/* Free a level. */
void
level_free(struct level *l)
{
	if (l == NULL)
		return;
	free(l->terrain);
	free(l);
}

/* Terrain of map cell (x, y); LEVEL_WALL off the map. */
enum level_terrain
level_terrain_at(const struct level *l, int x, int y)
{
	if (x < 0 || y < 0 || x >= l->w || y >= l->h)
		return LEVEL_WALL;
	return (enum level_terrain)l->terrain[(size_t)y * (size_t)l->w + x];
}

/* Movement cost of map cell (x, y) as the grid holds it; 0 for walls. */
int
level_cost(const struct level *l, int x, int y)
{
	switch (level_terrain_at(l, x, y)) {
	case LEVEL_WALL:
		return 0;
	case LEVEL_SLOW:
		return l->slow_cost;
	default:
		return 1;
	}
}

/* Whether a tower may stand on map cell (x, y): open ground only. */
bool
level_buildable(const struct level *l, int x, int y)
{
	return level_terrain_at(l, x, y) == LEVEL_GROUND;
}

/* Fill g, already made l->w x l->h, with the level's costs and movement. */
void
level_build_grid(const struct level *l, struct grid *g)
{
	int	x, y;

	assert(g->w == l->w && g->h == l->h);
	g->diagonal = l->diagonal;
	for (y = 0; y < l->h; y++) {
		for (x = 0; x < l->w; x++)
			g->cost[grid_index(g, x, y)] =
			    (uint8_t)level_cost(l, x, y);
	}
}

/* A new grid holding the level's costs. */
struct grid *
level_new_grid(const struct level *l)
{
	struct grid	*g = grid_new(l->w, l->h, l->diagonal);

	level_build_grid(l, g);
	return g;
}

/* Index into l->spawns of the spawn labelled label, or -1. */
int
level_spawn_index(const struct level *l, char label)
{
	int	i;

	for (i = 0; i < l->nspawns; i++) {
		if (l->spawns[i].label == label)
			return i;
	}
	return -1;
}

/* The terrain map glyph c stands for, or -1 if it is not a map glyph. */
int
level_glyph_terrain(int c)
{
	int	t;

	if (c >= 'A' && c <= 'Z')
		return LEVEL_SPAWN;
	for (t = 0; t < LEVEL_NTERRAINS; t++) {
		if (t != LEVEL_SPAWN && level_terrain_types[t].glyph == c)
			return t;
	}
	return -1;
}

/* Enemies in all waves together. */
int
level_total_enemies(const struct level *l)
{
	int	w, g, n = 0;

	for (w = 0; w < l->nwaves; w++) {
		for (g = 0; g < l->waves[w].ngroups; g++)
			n += l->waves[w].groups[g].count;
	}
	return n;
}
