/* SPDX-License-Identifier: ISC */
/*
 * The level-file parser. The text is read one line at a time straight out of
 * the caller's buffer (no line is ever copied, so line length is no concern):
 * each line has its trailing CR, spaces and tabs dropped, is checked to be
 * text (no control bytes but tab, valid UTF-8), and is then either a comment,
 * blank, a row of the open map block, or a statement "KEY ARGS...", handed
 * to its reader in level-keys.c. Whole-level checks (required keys, spawns
 * and exits, wave spawn labels, reachability) run after the last line. The
 * first error stops the parse; its message is "NAME:LINE:COL: text", LINE
 * and COL counting from 1, COL in bytes. A draft (level_parse_draft, what
 * the editor opens) is held only to the file's form: the checks that make
 * a level playable are left out.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "field.h"
#include "grid.h"
#include "level-internal.h"
#include "reach.h"
#include "text.h"
#include "textio.h"
#include "util.h"

static struct level *level_parse_sink(const char *, const char *, size_t,
    char *, size_t, void (*)(void *, const char *), void *, int, int *,
    bool);

_Static_assert(LEVEL_EXIT_CELLS <= FIELD_MAX_GOALS,
    "every exit cell must fit in one field's goals");

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
		if (level_word(t, n, "movement"))
			p->moves_bad = true;
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
 * When that fails, each spawn and then each cell of a failing spawn is
 * flooded alone, so the message can name the first cell stuck (of the
 * first such spawn; of each, reading every error).
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

	for (i = 0; n > 0 && i < l->nspawns; i++) {
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
		if (!p->all)
			break;		/* the first is enough */
	}
	free(src);
	free(scratch);
	free(goals);
	free(g.cost);
	return !p->in.failed;
}

/*
 * What a draft needs of the whole file: its spawns listed in order, and
 * each group's spawn found (-1 when the map has none of its letter).
 */
static bool
level_draft_whole(struct level_parser *p)
{
	struct level	*l = p->l;
	int		 i, k, w, gi;

	for (i = 0, k = 0; i < LEVEL_MAX_SPAWNS; i++) {
		if (l->spawns[i].ncells != 0)
			l->spawns[k++] = l->spawns[i];
	}
	for (i = k; i < LEVEL_MAX_SPAWNS; i++)
		memset(&l->spawns[i], 0, sizeof l->spawns[i]);
	l->nspawns = k;
	for (w = 0; w < l->nwaves; w++) {
		for (gi = 0; gi < l->waves[w].ngroups; gi++)
			l->waves[w].groups[gi].spawn = level_spawn_index(l,
			    l->waves[w].groups[gi].from);
	}
	return true;
}

/*
 * The checks on a map read whole, in a fixed order: a spawn and an exit
 * on it, each group's spawn on it, the hero on it and on ground, and
 * (when reach) every spawn reaching an exit. Reading every error
 * (p->all), each is said and the checks go on, leaving out what would
 * only follow from one said: which groups' spawns are unknown on a map
 * with no spawn, and the reach with no spawn or no exit.
 */
static bool
level_check_map(struct level_parser *p, bool reach)
{
	struct level	*l = p->l;
	int		 i, k, w, gi;

	for (i = 0, k = 0; i < LEVEL_MAX_SPAWNS; i++) {
		if (l->spawns[i].ncells != 0)
			l->spawns[k++] = l->spawns[i];
	}
	l->nspawns = k;
	if (l->nspawns == 0 && !level_error(p, p->mapline, 1, "no spawn on "
	    "the map: expected a letter A to Z") && !p->all)
		return false;
	if (l->nexits == 0 && !level_error(p, p->mapline, 1, "no exit on "
	    "the map: expected '>'") && !p->all)
		return false;
	for (w = 0; w < l->nwaves && l->nspawns > 0; w++) {
		for (gi = 0; gi < l->waves[w].ngroups; gi++) {
			struct level_group *g = &l->waves[w].groups[gi];

			g->spawn = level_spawn_index(l, g->from);
			if (g->spawn < 0 && !level_error(p, p->from[w][gi].line,
			    p->from[w][gi].col, "unknown spawn '%c': the map "
			    "has no '%c'", g->from, g->from) && !p->all)
				return false;
		}
	}
	if (l->has_hero && (l->hero.x >= l->w || l->hero.y >= l->h)) {
		if (!level_error(p, p->hero.line, p->hero.col, "hero at %d,%d "
		    "is off the map (%d x %d)", l->hero.x, l->hero.y, l->w,
		    l->h) && !p->all)
			return false;
	} else if (l->has_hero && level_cost(l, l->hero.x, l->hero.y) == 0) {
		if (!level_error(p, p->hero.line, p->hero.col, "hero at %d,%d "
		    "stands in a wall: it needs ground, road, marsh, a spawn "
		    "or an exit", l->hero.x, l->hero.y) && !p->all)
			return false;
	}
	if (l->nspawns > 0 && l->nexits > 0 && reach)
		level_check_reach(p);
	return !p->in.failed;
}

/* The checks that need the whole file, in a fixed order. */
static bool
level_check_whole(struct level_parser *p)
{
	struct level	*l = p->l;
	long		 line;
	size_t		 col;
	int		 k;

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
	if (p->in.failed && (p->draft || p->mapline == 0))
		return false;
	if (p->draft)
		return level_draft_whole(p);
	if (l->nwaves == 0 && !level_error(p, line, col, "missing 'wave': a "
	    "level needs at least one wave") && !p->all)
		return false;
	if (!level_check_last_wave(p) && !p->all)
		return false;
	return level_check_map(p, true);
}

/*
 * Every-error mode (--check) after errors on some lines: the whole-file
 * checks that stand apart from them, so that one run reports both kinds.
 * When the map read whole and closed, every check on it (level_check_map);
 * the reach too, unless the movement line failed (the reach depends on
 * it). What might only follow from an error (a missing key, no wave) is
 * left for the next run.
 */
static void
level_check_rest(struct level_parser *p)
{
	if (!p->all || p->map_bad || p->mapline == 0 || p->inmap ||
	    p->l->h == 0)
		return;
	level_check_map(p, !p->moves_bad);
}

/* Parse a level held in memory; name is used in error messages. */
struct level *
level_parse(const char *name, const char *text, size_t len, char *err,
    size_t errlen)
{
	return level_parse_sink(name, text, len, err, errlen, NULL, NULL, 0,
	    NULL, false);
}

/*
 * Parse a draft held in memory, as the editor opens one: its text must be
 * a level file's (every line a statement the format knows, the map
 * rectangular, the keys it requires there), but not a level that can be
 * played: no spawn or exit, a spawn that reaches no exit, a group from a
 * letter not on the map (its spawn -1), a hero off the map or in a wall,
 * no waves or a wave with no groups, more exit or spawn cells than play
 * takes (the cells beyond stay on the map, unlisted) all read. The
 * editor lists what is wrong. NULL with err when the text is not a
 * level's.
 */
struct level *
level_parse_draft(const char *name, const char *text, size_t len, char *err,
    size_t errlen)
{
	return level_parse_sink(name, text, len, err, errlen, NULL, NULL, 0,
	    NULL, true);
}

/* One error of a check, kept until they are all known. */
struct level_err {
	long	 line, col;	/* where it is; the last line for "more" */
	int	 seq;		/* the order it was found in */
	char	*msg;
};

/* The errors of a check: at most max, then the line saying more follow. */
struct level_errs {
	size_t			 namelen;
	int			 n, max;
	struct level_err	*v;	/* [max + 1] */
};

/*
 * Keep an error ("NAME:LINE:COL: text"), where it is read off its text;
 * a message cut short within a very long name is kept at line 0.
 */
static void
level_errs_add(void *arg, const char *msg)
{
	struct level_errs	*e = arg;
	struct level_err	*r;
	size_t			 len = strlen(msg);
	const char		*s = len > e->namelen ? msg + e->namelen + 1 :
				    msg + len;
	char			*end;

	if (e->n > e->max)
		return;
	r = &e->v[e->n];
	r->seq = e->n++;
	r->line = strtol(s, &end, 10);
	r->col = *end == ':' ? strtol(end + 1, NULL, 10) : 0;
	if (r->seq == e->max)
		r->line = LONG_MAX;	/* "more errors follow": the last */
	r->msg = xmalloc(len + 1);
	memcpy(r->msg, msg, len + 1);
}

/* File order: by line, then column, then the order found. */
static int
level_errs_cmp(const void *a, const void *b)
{
	const struct level_err	*x = a, *y = b;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->col != y->col)
		return x->col < y->col ? -1 : 1;
	return (x->seq > y->seq) - (x->seq < y->seq);
}

/*
 * Check a level held in memory, handing every independent error, each
 * "NAME:LINE:COL: message", to sink in file order (at most max, then one
 * saying more follow): the errors on lines and those found once the file
 * is read (a spawn cut off, a group from no spawn) alike. Returns how
 * many errors there were, 0 for a good level.
 */
int
level_check_all(const char *name, const char *text, size_t len,
    void (*sink)(void *, const char *), void *arg, int max)
{
	struct level_errs	 e;
	struct level		*l;
	int			 n = 0, i;

	e.namelen = strlen(name);
	e.n = 0;
	e.max = max;
	e.v = xcalloc((size_t)max + 1, sizeof *e.v);
	l = level_parse_sink(name, text, len, NULL, 0, level_errs_add, &e, max,
	    &n, false);
	level_free(l);
	qsort(e.v, (size_t)e.n, sizeof *e.v, level_errs_cmp);
	for (i = 0; i < e.n; i++) {
		sink(arg, e.v[i].msg);
		free(e.v[i].msg);
	}
	free(e.v);
	return n;
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
    int *nerrors, bool draft)
{
	struct level_parser	*p = xcalloc(1, sizeof *p);
	struct level		*l;

	p->draft = draft;
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
	else
		level_check_rest(p);	/* but what stands apart from them */
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
