/* SPDX-License-Identifier: ISC */
/*
 * The level editor's source text (edit.h has the model): a level file's
 * text read into an edit (edit_parse, playable or not), the lines of the
 * file an edit was opened from, sorted into statements, and the writer
 * that walks them and asks of each whether it still says what it said,
 * copying it, rewriting it where it stands or dropping it, and putting new
 * statements after their neighbours. A level with no source is written in
 * the usual order. A saved text is taken as the new source (edit_saved);
 * the files themselves are edit-file.c's.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "edit-internal.h"
#include "util.h"

/* The once-only statements, in the order a new file has them. */
enum edit_key {
	EDIT_KEY_TITLE,
	EDIT_KEY_DESCRIPTION,
	EDIT_KEY_GOLD,
	EDIT_KEY_LIVES,
	EDIT_KEY_MOVEMENT,
	EDIT_KEY_SLOW,
	EDIT_KEY_HP,
	EDIT_KEY_HERO,
	EDIT_NKEYS
};
static const char *const edit_keys[EDIT_NKEYS] = {
	"title", "description", "gold", "lives", "movement", "slow", "hp",
	"hero"
};

/* What a line of the source is. */
enum edit_ln {
	EDIT_LN_OTHER,		/* header, comment, blank, "map", "end" */
	EDIT_LN_HEADER,		/* "weir-level 1" */
	EDIT_LN_KEY,		/* a: enum edit_key */
	EDIT_LN_ROW,		/* a: y */
	EDIT_LN_WAVE,		/* a: wave */
	EDIT_LN_GROUP		/* a: wave, b: group */
};

struct edit_line {
	size_t		off, len;	/* in src, with the line's end */
	enum edit_ln	kind;
	int		a, b;
};

/* A growing output buffer. */
struct edit_buf {
	char	*s;
	size_t	 len, cap;
	bool	 open;		/* the last line copied had no line end */
	const char *eol;
};

/* Whether line s[0..n) (blanks trimmed) is word w followed by a blank. */
static bool
edit_starts(const char *s, size_t n, const char *w)
{
	size_t	k = strlen(w);

	return n >= k && memcmp(s, w, k) == 0 &&
	    (n == k || s[k] == ' ' || s[k] == '\t');
}

/* Sort the source's lines into statements (it has parsed, so it is good). */
static void
edit_index(struct edit *e)
{
	const char	*s;
	size_t		 off = 0, end, n;
	bool		 inmap = false, header = false;
	int		 k, y = 0, w = -1, g = 0, cap = 64;

	free(e->lines);
	e->lines = xcalloc((size_t)cap, sizeof *e->lines);
	e->nlines = 0;
	e->crlf = false;
	while (off < e->srclen) {
		struct edit_line *ln;

		if (e->nlines == cap) {
			cap *= 2;
			e->lines = xrealloc(e->lines, (size_t)cap,
			    sizeof *e->lines);
		}
		ln = &e->lines[e->nlines++];
		memset(ln, 0, sizeof *ln);
		s = memchr(e->src + off, '\n', e->srclen - off);
		end = s == NULL ? e->srclen : (size_t)(s - e->src) + 1;
		ln->off = off;
		ln->len = end - off;
		if (e->nlines == 1 && ln->len >= 2 && e->src[end - 1] == '\n' &&
		    e->src[end - 2] == '\r')
			e->crlf = true;
		/* The statement: blanks and the line end trimmed. */
		s = e->src + off;
		n = ln->len;
		while (n > 0 && strchr(" \t\r\n", s[n - 1]) != NULL)
			n--;
		off = end;
		if (inmap) {
			size_t	 b = 0;

			while (b < n && (s[b] == ' ' || s[b] == '\t'))
				b++;
			if (n - b == 3 && memcmp(s + b, "end", 3) == 0)
				inmap = false;
			else {
				ln->kind = EDIT_LN_ROW;
				ln->a = y++;
			}
			continue;
		}
		while (n > 0 && (*s == ' ' || *s == '\t')) {
			s++;
			n--;
		}
		if (n == 0 || *s == '#')
			continue;
		if (!header) {
			header = true;
			ln->kind = EDIT_LN_HEADER;
			continue;
		}
		if (n == 3 && memcmp(s, "map", 3) == 0) {
			inmap = true;
			continue;
		}
		if (edit_starts(s, n, "wave")) {
			ln->kind = EDIT_LN_WAVE;
			ln->a = ++w;
			g = 0;
			continue;
		}
		if (edit_starts(s, n, "group")) {
			ln->kind = EDIT_LN_GROUP;
			ln->a = w;
			ln->b = g++;
			continue;
		}
		for (k = 0; k < EDIT_NKEYS; k++) {
			if (edit_starts(s, n, edit_keys[k])) {
				ln->kind = EDIT_LN_KEY;
				ln->a = k;
			}
		}
	}
}

/*
 * Take text (allocated; the edit owns it now) as the source: its lines are
 * indexed, and what they say is what the edit holds now.
 */
void
edit_saved(struct edit *e, char *text, size_t len)
{
	free(e->src);
	e->src = text;
	e->srclen = len;
	edit_index(e);
	if (e->orig == NULL)
		e->orig = xmalloc(sizeof *e->orig);
	*e->orig = e->m;
	free(e->orig_map);
	e->orig_map = xmalloc((size_t)e->w * e->h);
	memcpy(e->orig_map, e->map, (size_t)e->w * e->h);
	e->orig_w = e->w;
	e->orig_h = e->h;
	e->saved_at = e->nsteps;
}

/*
 * Take the map's glyphs from the source's rows, as written: a draft's
 * spawn cells past what play takes are not in its level, but are on the
 * map all the same.
 */
static void
edit_rows_to_map(struct edit *e)
{
	const struct edit_line	*ln;
	bool			 changed = false;
	int			 i, x;

	for (i = 0; i < e->nlines; i++) {
		ln = &e->lines[i];
		if (ln->kind != EDIT_LN_ROW || ln->a >= e->h)
			continue;
		for (x = 0; x < e->w && (size_t)x < ln->len; x++) {
			uint8_t c = (uint8_t)e->src[ln->off + (size_t)x];
			uint8_t *m = &e->map[(size_t)ln->a * e->w + x];

			if (edit_glyph_ok(c) && *m != c) {
				*m = c;
				changed = true;
			}
		}
	}
	if (!changed)
		return;
	memcpy(e->orig_map, e->map, (size_t)e->w * e->h);
	edit_field_build(e);
}

/*
 * Parse a level file's text into an edit that keeps the text. Any text
 * in the form of a level file reads (level_parse_draft), playable or not.
 */
struct edit *
edit_parse(const char *name, const char *text, size_t len, char *err,
    size_t errlen)
{
	struct level	*lv;
	struct edit	*e;
	char		*copy;

	if ((lv = level_parse_draft(name, text, len, err, errlen)) == NULL)
		return NULL;
	e = edit_from_level(lv);
	level_free(lv);
	copy = xmalloc(len + 1);
	memcpy(copy, text, len);
	copy[len] = '\0';
	edit_saved(e, copy, len);
	edit_rows_to_map(e);
	return e;
}

/* Append n bytes of s. */
static void
edit_put(struct edit_buf *b, const char *s, size_t n)
{
	if (b->open) {
		b->open = false;
		edit_put(b, b->eol, strlen(b->eol));
	}
	if (b->len + n + 1 > b->cap) {
		while (b->len + n + 1 > b->cap)
			b->cap = b->cap == 0 ? 4096 : b->cap * 2;
		b->s = xrealloc(b->s, b->cap, 1);
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

/* Append a formatted line and the line end. */
static void __attribute__((format(printf, 2, 3)))
edit_line(struct edit_buf *b, const char *fmt, ...)
{
	char	line[LEVEL_DESC_MAX + 64];
	va_list	ap;
	int	n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	if ((size_t)n >= sizeof line)
		n = (int)sizeof line - 1;
	edit_put(b, line, (size_t)n);
	edit_put(b, b->eol, strlen(b->eol));
}

/* Seconds as a level file writes them: "2", "0.25", "1.5". */
size_t
edit_seconds(char *buf, size_t size, int ms)
{
	int	n;

	if (ms % 1000 == 0)
		n = snprintf(buf, size, "%d", ms / 1000);
	else if (ms % 100 == 0)
		n = snprintf(buf, size, "%d.%d", ms / 1000, ms % 1000 / 100);
	else if (ms % 10 == 0)
		n = snprintf(buf, size, "%d.%02d", ms / 1000, ms % 1000 / 10);
	else
		n = snprintf(buf, size, "%d.%03d", ms / 1000, ms % 1000);
	return n < 0 ? 0 : (size_t)n;
}

/* Whether setting k is written now (the source had it: sourced). */
static bool
edit_key_present(const struct edit *e, int k, bool sourced)
{
	switch (k) {
	case EDIT_KEY_TITLE:
		return e->m.title[0] != '\0';
	case EDIT_KEY_DESCRIPTION:
		return e->m.description[0] != '\0';
	case EDIT_KEY_MOVEMENT:
		return sourced || !e->m.diagonal;
	case EDIT_KEY_SLOW:
		return sourced || e->m.slow_cost != LEVEL_SLOW_DEFAULT;
	case EDIT_KEY_HP:
		return sourced || e->m.hp_pct != LEVEL_HP_DEFAULT;
	case EDIT_KEY_HERO:
		return e->m.has_hero;
	default:
		return true;
	}
}

/* Whether setting k says what it said in the source. */
static bool
edit_key_same(const struct edit *e, int k)
{
	const struct edit_meta	*a = &e->m, *b = e->orig;

	switch (k) {
	case EDIT_KEY_TITLE:
		return strcmp(a->title, b->title) == 0;
	case EDIT_KEY_DESCRIPTION:
		return strcmp(a->description, b->description) == 0;
	case EDIT_KEY_GOLD:
		return a->gold == b->gold;
	case EDIT_KEY_LIVES:
		return a->lives == b->lives;
	case EDIT_KEY_MOVEMENT:
		return a->diagonal == b->diagonal;
	case EDIT_KEY_SLOW:
		return a->slow_cost == b->slow_cost;
	case EDIT_KEY_HP:
		return a->hp_pct == b->hp_pct;
	default:
		return a->has_hero == b->has_hero && a->hero_x == b->hero_x &&
		    a->hero_y == b->hero_y;
	}
}

/* Write setting k's line. */
static void
edit_write_key(struct edit_buf *b, const struct edit *e, int k)
{
	switch (k) {
	case EDIT_KEY_TITLE:
		edit_line(b, "title %s", e->m.title);
		break;
	case EDIT_KEY_DESCRIPTION:
		edit_line(b, "description %s", e->m.description);
		break;
	case EDIT_KEY_GOLD:
		edit_line(b, "gold %d", e->m.gold);
		break;
	case EDIT_KEY_LIVES:
		edit_line(b, "lives %d", e->m.lives);
		break;
	case EDIT_KEY_MOVEMENT:
		edit_line(b, "movement %d", e->m.diagonal ? 8 : 4);
		break;
	case EDIT_KEY_SLOW:
		edit_line(b, "slow %d", e->m.slow_cost);
		break;
	case EDIT_KEY_HP:
		edit_line(b, "hp %d", e->m.hp_pct);
		break;
	default:
		edit_line(b, "hero %d %d", e->m.hero_x, e->m.hero_y);
		break;
	}
}

/* Write map row y. */
static void
edit_write_row(struct edit_buf *b, const struct edit *e, int y)
{
	edit_put(b, (const char *)e->map + (size_t)y * e->w, (size_t)e->w);
	edit_put(b, b->eol, strlen(b->eol));
}

/* Write wave w's "wave" line. */
static void
edit_write_wave(struct edit_buf *b, const struct edit *e, int w)
{
	char	s[32];

	if (e->m.waves[w].after_ms == 0) {
		edit_line(b, "wave");
		return;
	}
	edit_seconds(s, sizeof s, e->m.waves[w].after_ms);
	edit_line(b, "wave after %s", s);
}

/* Write group g of wave w. */
static void
edit_write_group(struct edit_buf *b, const struct edit *e, int w, int g)
{
	const struct level_group	*gr = &e->m.waves[w].groups[g];
	char				 every[32], after[48];

	edit_seconds(every, sizeof every, gr->every_ms);
	after[0] = '\0';
	if (gr->after_ms != 0) {
		memcpy(after, " after ", 8);
		edit_seconds(after + 7, sizeof after - 7, gr->after_ms);
	}
	edit_line(b, "group %d %s from %c every %s%s", gr->count,
	    enemy_name(gr->enemy), gr->from, every, after);
}

/* Write wave w whole: its line and its groups. */
static void
edit_write_whole_wave(struct edit_buf *b, const struct edit *e, int w)
{
	edit_write_wave(b, e, w);
	for (int g = 0; g < e->m.waves[w].ngroups; g++)
		edit_write_group(b, e, w, g);
}

/* The whole level in the usual order, for a level with no source. */
static void
edit_write_new(struct edit_buf *b, const struct edit *e)
{
	int	k, y, w;

	edit_line(b, "weir-level %d", LEVEL_FORMAT_VERSION);
	edit_line(b, "%s", "");
	for (k = 0; k < EDIT_NKEYS; k++) {
		if (edit_key_present(e, k, k == EDIT_KEY_MOVEMENT))
			edit_write_key(b, e, k);
	}
	edit_line(b, "%s", "");
	edit_line(b, "map");
	for (y = 0; y < e->h; y++)
		edit_write_row(b, e, y);
	edit_line(b, "end");
	for (w = 0; w < e->m.nwaves; w++) {
		edit_line(b, "%s", "");
		edit_write_whole_wave(b, e, w);
	}
}

/* Whether group g of wave w says what it said in the source. */
static bool
edit_group_same(const struct edit *e, int w, int g)
{
	const struct level_group *p = &e->m.waves[w].groups[g];
	const struct level_group *q = &e->orig->waves[w].groups[g];

	return p->enemy == q->enemy && p->count == q->count &&
	    p->from == q->from && p->every_ms == q->every_ms &&
	    p->after_ms == q->after_ms;
}

/* Write the settings the source lacks that go after setting anchor. */
static void
edit_write_missing(struct edit_buf *b, const struct edit *e,
    const int *keyline, int anchor)
{
	int	k, a;

	for (k = 0; k < EDIT_NKEYS; k++) {
		if (keyline[k] >= 0 || !edit_key_present(e, k, false))
			continue;
		for (a = k - 1; a >= 0 && keyline[a] < 0; a--)
			continue;
		if (a == anchor)
			edit_write_key(b, e, k);
	}
}

/* The level written over its source (see edit.h). */
static void
edit_write_over(struct edit_buf *b, const struct edit *e)
{
	const struct edit_meta	*o = e->orig;
	int			 keyline[EDIT_NKEYS], lastwave = -1, i, k, w, g;
	int			*lastgroup;

	lastgroup = xcalloc((size_t)o->nwaves + 1, sizeof *lastgroup);
	for (k = 0; k < EDIT_NKEYS; k++)
		keyline[k] = -1;
	for (i = 0; i < e->nlines; i++) {
		const struct edit_line *ln = &e->lines[i];

		if (ln->kind == EDIT_LN_KEY)
			keyline[ln->a] = i;
		if ((ln->kind == EDIT_LN_WAVE || ln->kind == EDIT_LN_GROUP) &&
		    ln->a < o->nwaves) {
			lastgroup[ln->a] = i;
			lastwave = i;
		}
	}
	for (i = 0; i < e->nlines; i++) {
		const struct edit_line	*ln = &e->lines[i];
		bool			 copy = true;

		switch (ln->kind) {
		case EDIT_LN_OTHER:
			break;
		case EDIT_LN_HEADER:
			break;
		case EDIT_LN_KEY:
			if (!edit_key_present(e, ln->a, true))
				copy = false;
			else if (!edit_key_same(e, ln->a)) {
				edit_write_key(b, e, ln->a);
				copy = false;
			}
			break;
		case EDIT_LN_ROW:
			if (ln->a >= e->h)
				copy = false;
			else if (e->w != e->orig_w ||
			    memcmp(e->map + (size_t)ln->a * e->w,
			    e->orig_map + (size_t)ln->a * e->w,
			    (size_t)e->w) != 0) {
				edit_write_row(b, e, ln->a);
				copy = false;
			}
			break;
		case EDIT_LN_WAVE:
			w = ln->a;
			if (w >= e->m.nwaves)
				copy = false;
			else if (w >= o->nwaves ||
			    e->m.waves[w].after_ms != o->waves[w].after_ms) {
				edit_write_wave(b, e, w);
				copy = false;
			}
			break;
		case EDIT_LN_GROUP:
			w = ln->a;
			g = ln->b;
			if (w >= e->m.nwaves || g >= e->m.waves[w].ngroups)
				copy = false;
			else if (w >= o->nwaves || g >= o->waves[w].ngroups ||
			    !edit_group_same(e, w, g)) {
				edit_write_group(b, e, w, g);
				copy = false;
			}
			break;
		}
		if (copy) {
			const char *s = e->src + ln->off;

			edit_put(b, s, ln->len);
			if (ln->len == 0 || s[ln->len - 1] != '\n')
				b->open = true;
		}
		/* Rows past the last the source had (the map grew). */
		if (ln->kind == EDIT_LN_ROW && ln->a == e->orig_h - 1) {
			for (int y = e->orig_h; y < e->h; y++)
				edit_write_row(b, e, y);
		}
		if (ln->kind == EDIT_LN_KEY)
			edit_write_missing(b, e, keyline, ln->a);
		if (ln->kind == EDIT_LN_HEADER)
			edit_write_missing(b, e, keyline, -1);
		/* New groups after their wave's last; new waves after all. */
		if ((ln->kind == EDIT_LN_WAVE || ln->kind == EDIT_LN_GROUP) &&
		    ln->a < o->nwaves && lastgroup[ln->a] == i &&
		    ln->a < e->m.nwaves) {
			w = ln->a;
			for (g = o->waves[w].ngroups;
			    g < e->m.waves[w].ngroups; g++)
				edit_write_group(b, e, w, g);
		}
		if (i == lastwave) {
			for (w = o->nwaves; w < e->m.nwaves; w++) {
				edit_line(b, "%s", "");
				edit_write_whole_wave(b, e, w);
			}
		}
	}
	/* A source with no waves at all (written with errors). */
	if (lastwave < 0) {
		for (w = 0; w < e->m.nwaves; w++) {
			edit_line(b, "%s", "");
			edit_write_whole_wave(b, e, w);
		}
	}
	free(lastgroup);
}

/* The level as a file's text (allocated, NUL-terminated); its length. */
char *
edit_text(const struct edit *e, size_t *lenp)
{
	struct edit_buf	b;

	memset(&b, 0, sizeof b);
	b.eol = e->crlf ? "\r\n" : "\n";
	if (e->src == NULL)
		edit_write_new(&b, e);
	else
		edit_write_over(&b, e);
	if (b.s == NULL)
		edit_put(&b, "", 0);
	*lenp = b.len;
	return b.s;
}

/* The level as the game reads it: the text parsed; NULL with err if not. */
struct level *
edit_level(const struct edit *e, char *err, size_t errlen)
{
	struct level	*lv;
	size_t		 len;
	char		*text = edit_text(e, &len);

	lv = level_parse("level", text, len, err, errlen);
	free(text);
	return lv;
}
