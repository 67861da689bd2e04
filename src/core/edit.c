/*
 * The level editor's operations (edit.h has the model). The map is glyphs;
 * the grid and the exit field follow it cell by cell through repair.c,
 * and are built whole only when the level is opened or its movement or
 * marsh cost changes (those change every cell). Undo steps hold what was
 * there before: undoing swaps it back in, which leaves what was done in
 * the step, ready to be redone. The writer walks the source's lines and
 * asks of each statement whether it still says what it said.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "edit.h"
#include "field.h"
#include "game.h"
#include "kinds.h"
#include "level.h"
#include "movingai.h"
#include "path.h"
#include "rate.h"
#include "repair.h"
#include "safefile.h"
#include "text.h"
#include "util.h"

#define EDIT_PARSE_CELLS	(256 * 256)	/* refresh re-parses up to this */
/*
 * A rectangle, an undo or a redo changing more cells than this builds the
 * field once instead of repairing it for each: a repair's line-of-sight
 * sweep can cover much of the map (about 33 ms a cell on an open
 * 1024x1024 map against 62 ms for a whole build), so past a few cells one
 * build is the cheaper. Cells painted one at a time are always repaired.
 */
#define EDIT_BATCH		8

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

/* One cell of a stroke: where, and the glyph the other side of the swap. */
struct edit_cell {
	int32_t		i;
	uint8_t		glyph;
};

struct edit_step {
	bool			 meta;
	struct edit_cell	*cells;
	int			 ncells, cap;
	struct edit_meta	*m;
	uint8_t			*map;		/* a resize: the other map */
	int			 w, h;		/* and its size */
};

/* A growing output buffer. */
struct edit_buf {
	char	*s;
	size_t	 len, cap;
	bool	 open;		/* the last line copied had no line end */
	const char *eol;
};

/* Whether c may stand on the map. */
bool
edit_glyph_ok(int glyph)
{
	return level_glyph_terrain(glyph) >= 0;
}

/* The grid cost of a cell holding glyph: 0 for walls. */
int
edit_field_cost(const struct edit *e, int glyph)
{
	switch (level_glyph_terrain(glyph)) {
	case LEVEL_WALL:
		return 0;
	case LEVEL_SLOW:
		return e->m.slow_cost;
	default:
		return 1;
	}
}

/* Glyph at map cell (x, y); a wall off the map. */
uint8_t
edit_get(const struct edit *e, int x, int y)
{
	if (x < 0 || y < 0 || x >= e->w || y >= e->h)
		return (uint8_t)level_terrain_types[LEVEL_WALL].glyph;
	return e->map[(size_t)y * e->w + x];
}

/* Whether glyph is an exit. */
static bool
edit_is_exit(int glyph)
{
	return level_glyph_terrain(glyph) == LEVEL_EXIT;
}

/* Build the grid and the exit field from the map, whole. */
static void
edit_field_build(struct edit *e)
{
	int32_t	*goals = xcalloc(FIELD_MAX_GOALS, sizeof *goals);
	int	 x, y, n = 0;

	e->grid->diagonal = e->m.diagonal;
	e->too_many_exits = false;
	for (y = 0; y < e->h; y++) {
		for (x = 0; x < e->w; x++) {
			int c = edit_get(e, x, y);

			grid_set_cost(e->grid, x, y, edit_field_cost(e, c));
			if (!edit_is_exit(c))
				continue;
			if (n == FIELD_MAX_GOALS)
				e->too_many_exits = true;
			else
				goals[n++] = grid_index(e->grid, x, y);
		}
	}
	field_build(e->field, e->grid, goals, n);
	free(goals);
	e->stale = true;
}

/* Repair the field for cell (x, y) turned from glyph old to glyph new. */
static void
edit_field_cell(struct edit *e, int x, int y, int old, int new)
{
	struct field	*f = e->field;
	int		 c = grid_index(e->grid, x, y);
	int		 cost = edit_field_cost(e, new);

	if (edit_is_exit(old) && !edit_is_exit(new)) {
		if (e->too_many_exits) {
			/* Room for an exit that had none: start again. */
			e->map[(size_t)y * e->w + x] = (uint8_t)new;
			edit_field_build(e);
			return;
		}
		if (f->dir[c] == FIELD_DIR_GOAL)
			repair_remove_goal(f, e->grid, f->goal[c]);
	}
	if (e->grid->cost[c] != cost)
		repair_set_cost(f, e->grid, x, y, cost);
	if (edit_is_exit(new) && !edit_is_exit(old) &&
	    repair_add_goal(f, e->grid, x, y) < 0)
		e->too_many_exits = true;
	e->stale = true;
}

/* Set cell (x, y) to glyph, keeping the field; its old glyph. */
static int
edit_put_cell(struct edit *e, int x, int y, int glyph)
{
	size_t	i = (size_t)y * e->w + x;
	int	old = e->map[i];

	if (old == glyph)
		return old;
	e->map[i] = (uint8_t)glyph;
	edit_field_cell(e, x, y, old, glyph);
	return old;
}

/* An edit of a w x h map, all wall, no source, default settings. */
static struct edit *
edit_alloc(int w, int h)
{
	struct edit	*e = xcalloc(1, sizeof *e);
	size_t		 n = (size_t)w * (size_t)h;

	e->w = w;
	e->h = h;
	e->map = xmalloc(n);
	memset(e->map, level_terrain_types[LEVEL_WALL].glyph, n);
	e->marks = xcalloc(n, 1);
	e->scratch = xcalloc(n + 1, sizeof *e->scratch);
	e->m.diagonal = true;
	e->m.slow_cost = LEVEL_SLOW_DEFAULT;
	e->m.hp_pct = LEVEL_HP_DEFAULT;
	e->grid = grid_new(w, h, true);
	e->field = field_new(w, h);
	e->stroke = -1;
	e->stale = true;
	return e;
}

/*
 * A new level of w x h cells: ground walled round, titled title, with the
 * registry's first enemy kind in one wave from spawn A (which the author
 * still has to paint, with an exit: the checker says so).
 */
struct edit *
edit_new(int w, int h, const char *title)
{
	struct edit		*e;
	struct level_group	*g;
	int			 x, y;

	if (w < EDIT_NEW_MIN || h < EDIT_NEW_MIN || w > GRID_MAX_W ||
	    h > GRID_MAX_H)
		return NULL;
	e = edit_alloc(w, h);
	for (y = 1; y < h - 1; y++) {
		for (x = 1; x < w - 1; x++)
			e->map[(size_t)y * w + x] =
			    (uint8_t)level_terrain_types[LEVEL_GROUND].glyph;
	}
	snprintf(e->m.title, sizeof e->m.title, "%s", title);
	e->m.gold = 200;
	e->m.lives = 20;
	e->m.nwaves = 1;
	e->m.waves[0].after_ms = 20000;
	e->m.waves[0].ngroups = 1;
	g = &e->m.waves[0].groups[0];
	g->enemy = (enum enemy_kind)0;
	g->count = 10;
	g->from = 'A';
	g->every_ms = 1000;
	edit_field_build(e);
	return e;
}

/* An edit of level lv (parsed or imported), with no source text. */
struct edit *
edit_from_level(const struct level *lv)
{
	struct edit	*e = edit_alloc(lv->w, lv->h);
	int		 x, y, s, c;

	for (y = 0; y < lv->h; y++) {
		for (x = 0; x < lv->w; x++)
			e->map[(size_t)y * lv->w + x] = (uint8_t)
			    level_terrain_types[level_terrain_at(lv, x, y)].glyph;
	}
	for (s = 0; s < lv->nspawns; s++) {
		for (c = 0; c < lv->spawns[s].ncells; c++)
			e->map[(size_t)lv->spawns[s].cells[c].y * lv->w +
			    lv->spawns[s].cells[c].x] =
			    (uint8_t)lv->spawns[s].label;
	}
	snprintf(e->m.title, sizeof e->m.title, "%s", lv->title);
	snprintf(e->m.description, sizeof e->m.description, "%s",
	    lv->description);
	e->m.gold = lv->gold;
	e->m.lives = lv->lives;
	e->m.diagonal = lv->diagonal;
	e->m.slow_cost = lv->slow_cost;
	e->m.hp_pct = lv->hp_pct;
	e->m.has_hero = lv->has_hero;
	e->m.hero_x = lv->hero.x;
	e->m.hero_y = lv->hero.y;
	e->m.nwaves = lv->nwaves;
	memcpy(e->m.waves, lv->waves, sizeof lv->waves);
	edit_field_build(e);
	return e;
}

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

/* Parse a level file's text into an edit that keeps the text. */
struct edit *
edit_parse(const char *name, const char *text, size_t len, char *err,
    size_t errlen)
{
	struct level	*lv;
	struct edit	*e;
	char		*copy;

	if ((lv = level_parse(name, text, len, err, errlen)) == NULL)
		return NULL;
	e = edit_from_level(lv);
	level_free(lv);
	copy = xmalloc(len + 1);
	memcpy(copy, text, len);
	copy[len] = '\0';
	edit_saved(e, copy, len);
	return e;
}

/* Open a level file, or import a Moving AI map (path ending ".map"). */
struct edit *
edit_load(const char *path, char *err, size_t errlen)
{
	struct level	*lv;
	struct edit	*e;
	size_t		 n = strlen(path), len;
	char		*text;

	if (n > 4 && strcmp(path + n - 4, ".map") == 0) {
		if ((lv = movingai_load(path, err, errlen)) == NULL)
			return NULL;
		e = edit_from_level(lv);
		level_free(lv);
		return e;
	}
	if ((text = level_read_file(path, &len, err, errlen)) == NULL)
		return NULL;
	e = edit_parse(path, text, len, err, errlen);
	free(text);
	return e;
}

/* Free the undo steps from k on. */
static void
edit_drop_steps(struct edit *e, int k)
{
	int	i;

	for (i = k; i < e->ntotal; i++) {
		free(e->steps[i].cells);
		free(e->steps[i].m);
		free(e->steps[i].map);
	}
	e->ntotal = k;
	if (e->saved_at > k)
		e->saved_at = -1;	/* that state cannot come back */
}

/* Free an edit. */
void
edit_free(struct edit *e)
{
	if (e == NULL)
		return;
	edit_drop_steps(e, 0);
	free(e->steps);
	free(e->map);
	free(e->marks);
	free(e->scratch);
	free(e->problems);
	grid_free(e->grid);
	field_free(e->field);
	free(e->src);
	free(e->lines);
	free(e->orig_map);
	free(e->orig);
	free(e);
}

/* A new step after the ones done (those undone are forgotten). */
static struct edit_step *
edit_push(struct edit *e)
{
	struct edit_step	*s;

	edit_drop_steps(e, e->nsteps);
	if (e->ntotal == e->cap) {
		e->cap = e->cap == 0 ? 64 : e->cap * 2;
		e->steps = xrealloc(e->steps, (size_t)e->cap, sizeof *e->steps);
	}
	s = &e->steps[e->ntotal++];
	memset(s, 0, sizeof *s);
	e->nsteps = e->ntotal;
	e->changed = true;
	return s;
}

/* Start a stroke: cells painted until edit_end are undone as one. */
void
edit_begin(struct edit *e)
{
	if (e->stroke >= 0)
		return;
	edit_push(e);
	e->stroke = e->nsteps - 1;
}

/* Close the stroke; one that changed nothing is no step. */
void
edit_end(struct edit *e)
{
	if (e->stroke < 0)
		return;
	if (e->steps[e->stroke].ncells == 0) {
		e->nsteps--;
		edit_drop_steps(e, e->nsteps);
	}
	e->stroke = -1;
}

/*
 * Paint cell (x, y) with glyph, in the open stroke (or a stroke of its
 * own). Whether the cell changed.
 */
bool
edit_paint(struct edit *e, int x, int y, int glyph)
{
	struct edit_step	*s;
	bool			 own = e->stroke < 0;
	int			 i, old;

	if (x < 0 || y < 0 || x >= e->w || y >= e->h ||
	    !edit_glyph_ok(glyph) || edit_get(e, x, y) == glyph)
		return false;
	if (own)
		edit_begin(e);
	s = &e->steps[e->stroke];
	i = y * e->w + x;
	if (e->batch) {
		/* Many cells at once: the field is built once at the end. */
		old = e->map[i];
		e->map[i] = (uint8_t)glyph;
	} else
		old = edit_put_cell(e, x, y, glyph);
	/*
	 * A cell painted twice in one stroke is recorded twice: swapped back
	 * last first, then forward first first, it comes out right both ways.
	 */
	if (s->ncells == s->cap) {
		s->cap = s->cap == 0 ? 16 : s->cap * 2;
		s->cells = xrealloc(s->cells, (size_t)s->cap, sizeof *s->cells);
	}
	s->cells[s->ncells].i = i;
	s->cells[s->ncells++].glyph = (uint8_t)old;
	if (own)
		edit_end(e);
	return true;
}

/* Cells of the rectangle x0..x1, y0..y1 (in order) that glyph changes. */
static int
edit_fill_count(const struct edit *e, int x0, int y0, int x1, int y1,
    int glyph)
{
	int	x, y, n = 0;

	for (y = y0 < 0 ? 0 : y0; y <= y1 && y < e->h; y++) {
		for (x = x0 < 0 ? 0 : x0; x <= x1 && x < e->w; x++)
			n += edit_get(e, x, y) != glyph;
	}
	return n;
}

/* Fill the rectangle with corners (x0, y0), (x1, y1): one step; cells set. */
int
edit_fill(struct edit *e, int x0, int y0, int x1, int y1, int glyph)
{
	int	x, y, t, n = 0;
	bool	own = e->stroke < 0;

	if (x0 > x1) {
		t = x0;
		x0 = x1;
		x1 = t;
	}
	if (y0 > y1) {
		t = y0;
		y0 = y1;
		y1 = t;
	}
	if (own)
		edit_begin(e);
	e->batch = edit_glyph_ok(glyph) &&
	    edit_fill_count(e, x0, y0, x1, y1, glyph) > EDIT_BATCH;
	for (y = y0 < 0 ? 0 : y0; y <= y1 && y < e->h; y++) {
		for (x = x0 < 0 ? 0 : x0; x <= x1 && x < e->w; x++)
			n += edit_paint(e, x, y, glyph);
	}
	if (e->batch) {
		e->batch = false;
		edit_field_build(e);
	}
	if (own)
		edit_end(e);
	return n;
}

/* Whether two settings-and-waves say the same. */
static bool
edit_meta_equal(const struct edit_meta *a, const struct edit_meta *b)
{
	int	w, g;

	if (strcmp(a->title, b->title) != 0 ||
	    strcmp(a->description, b->description) != 0 ||
	    a->gold != b->gold || a->lives != b->lives ||
	    a->diagonal != b->diagonal || a->slow_cost != b->slow_cost ||
	    a->hp_pct != b->hp_pct ||
	    a->has_hero != b->has_hero || a->nwaves != b->nwaves)
		return false;
	if (a->has_hero && (a->hero_x != b->hero_x || a->hero_y != b->hero_y))
		return false;
	for (w = 0; w < a->nwaves; w++) {
		const struct level_wave *x = &a->waves[w], *y = &b->waves[w];

		if (x->after_ms != y->after_ms || x->ngroups != y->ngroups)
			return false;
		for (g = 0; g < x->ngroups; g++) {
			const struct level_group *p = &x->groups[g];
			const struct level_group *q = &y->groups[g];

			if (p->enemy != q->enemy || p->count != q->count ||
			    p->from != q->from || p->every_ms != q->every_ms ||
			    p->after_ms != q->after_ms)
				return false;
		}
	}
	return true;
}

/* Swap the edit's settings and waves with *m, rebuilding if they need it. */
static void
edit_swap_meta(struct edit *e, struct edit_meta *m)
{
	struct edit_meta	*t = xmalloc(sizeof *t);
	bool			 rebuild;

	rebuild = m->diagonal != e->m.diagonal ||
	    m->slow_cost != e->m.slow_cost;
	*t = e->m;
	e->m = *m;
	*m = *t;
	free(t);
	if (rebuild)
		edit_field_build(e);
	e->stale = true;
}

/* Make m the settings and waves, as one step; false if nothing changed. */
bool
edit_set_meta(struct edit *e, const struct edit_meta *m)
{
	struct edit_step	*s;

	if (edit_meta_equal(&e->m, m))
		return false;
	edit_end(e);
	s = edit_push(e);
	s->meta = true;
	s->m = xmalloc(sizeof *s->m);
	*s->m = *m;
	edit_swap_meta(e, s->m);	/* s->m holds the old ones now */
	return true;
}

/* Swap the map and its size with a resize step's; the field is rebuilt. */
static void
edit_swap_map(struct edit *e, struct edit_step *s)
{
	uint8_t	*map = e->map;
	int	 w = e->w, h = e->h;
	size_t	 n;

	e->map = s->map;
	e->w = s->w;
	e->h = s->h;
	s->map = map;
	s->w = w;
	s->h = h;
	n = (size_t)e->w * e->h;
	free(e->marks);
	free(e->scratch);
	e->marks = xcalloc(n, 1);
	e->scratch = xcalloc(n + 1, sizeof *e->scratch);
	grid_free(e->grid);
	field_free(e->field);
	e->grid = grid_new(e->w, e->h, e->m.diagonal);
	e->field = field_new(e->w, e->h);
	edit_field_build(e);
}

/*
 * Make the map w x h, as one step: what fits stays where it is (from the
 * top left), new cells are ground. False if the size is the same or not
 * one a level may have.
 */
bool
edit_resize(struct edit *e, int w, int h)
{
	struct edit_step	*s;
	int			 x, y;

	if ((w == e->w && h == e->h) || w < 1 || h < 1 || w > GRID_MAX_W ||
	    h > GRID_MAX_H)
		return false;
	edit_end(e);
	s = edit_push(e);
	s->w = w;
	s->h = h;
	s->map = xmalloc((size_t)w * h);
	memset(s->map, level_terrain_types[LEVEL_GROUND].glyph,
	    (size_t)w * h);
	for (y = 0; y < h && y < e->h; y++) {
		for (x = 0; x < w && x < e->w; x++)
			s->map[(size_t)y * w + x] = e->map[(size_t)y * e->w + x];
	}
	edit_swap_map(e, s);	/* s->map holds the old map now */
	return true;
}

/* Swap step s's contents with the edit's, cells last first if back. */
static void
edit_swap_step(struct edit *e, struct edit_step *s, bool back)
{
	int	k, n = s->ncells;

	if (s->meta) {
		edit_swap_meta(e, s->m);
		return;
	}
	if (s->map != NULL) {
		edit_swap_map(e, s);
		return;
	}
	for (k = 0; k < n; k++) {
		struct edit_cell *c = &s->cells[back ? n - 1 - k : k];
		uint8_t old = e->map[c->i];

		if (n > EDIT_BATCH)
			e->map[c->i] = c->glyph;
		else
			edit_put_cell(e, c->i % e->w, c->i / e->w, c->glyph);
		c->glyph = old;
	}
	if (n > EDIT_BATCH)
		edit_field_build(e);
}

/* Undo the last step done; false if there is none. */
bool
edit_undo(struct edit *e)
{
	edit_end(e);
	if (e->nsteps == 0)
		return false;
	e->nsteps--;
	edit_swap_step(e, &e->steps[e->nsteps], true);
	return true;
}

/* Redo the last step undone; false if there is none. */
bool
edit_redo(struct edit *e)
{
	edit_end(e);
	if (e->nsteps == e->ntotal)
		return false;
	edit_swap_step(e, &e->steps[e->nsteps], false);
	e->nsteps++;
	return true;
}

/* Whether there is a step to undo. */
bool
edit_can_undo(const struct edit *e)
{
	return e->nsteps > 0;
}

/* Whether there is a step to redo. */
bool
edit_can_redo(const struct edit *e)
{
	return e->nsteps < e->ntotal;
}

/* Whether the level differs from the one last saved or opened. */
bool
edit_modified(const struct edit *e)
{
	if (e->src == NULL)
		return true;	/* new or imported: not on disk as a level */
	return e->nsteps != e->saved_at;
}

/* Add a problem; x, y, wave, group may be -1. */
static void __attribute__((format(printf, 6, 7)))
edit_problem(struct edit *e, int x, int y, int wave, int group,
    const char *fmt, ...)
{
	struct edit_problem	*p;
	va_list			 ap;

	if (e->nproblems == e->problems_cap) {
		e->problems_cap = e->problems_cap == 0 ? 16 :
		    e->problems_cap * 2;
		e->problems = xrealloc(e->problems, (size_t)e->problems_cap,
		    sizeof *e->problems);
	}
	p = &e->problems[e->nproblems++];
	p->x = x;
	p->y = y;
	p->wave = wave;
	p->group = group;
	va_start(ap, fmt);
	vsnprintf(p->msg, sizeof p->msg, fmt, ap);
	va_end(ap);
	if (x >= 0 && y >= 0 && x < e->w && y < e->h)
		e->marks[(size_t)y * e->w + x] |= EDIT_ROUTE_BAD;
}

/* The problems of the settings and the waves. */
static void
edit_check_meta(struct edit *e, const int *spawn_cells)
{
	struct edit_meta	*m = &e->m;
	int			 w, g;

	if (m->title[0] == '\0')
		edit_problem(e, -1, -1, -1, -1, "missing title");
	if (m->nwaves == 0)
		edit_problem(e, -1, -1, -1, -1, "missing 'wave': a level "
		    "needs at least one wave");
	for (w = 0; w < m->nwaves; w++) {
		if (m->waves[w].ngroups == 0)
			edit_problem(e, -1, -1, w, -1, "wave %d has no groups",
			    w + 1);
		for (g = 0; g < m->waves[w].ngroups; g++) {
			char c = m->waves[w].groups[g].from;

			if (c < 'A' || c > 'Z' || spawn_cells[c - 'A'] == 0)
				edit_problem(e, -1, -1, w, g, "wave %d group "
				    "%d: unknown spawn '%c': the map has no "
				    "'%c'", w + 1, g + 1, c, c);
		}
	}
	if (m->has_hero && (m->hero_x >= e->w || m->hero_y >= e->h))
		edit_problem(e, -1, -1, -1, -1, "hero at %d,%d is off the map "
		    "(%d x %d)", m->hero_x, m->hero_y, e->w, e->h);
	else if (m->has_hero && edit_field_cost(e, edit_get(e, m->hero_x,
	    m->hero_y)) == 0)
		edit_problem(e, m->hero_x, m->hero_y, -1, -1, "hero at %d,%d "
		    "stands in a wall", m->hero_x, m->hero_y);
}

/* The problems of the map, and each spawn's route. */
static void
edit_check_map(struct edit *e, int *spawn_cells)
{
	struct field	*f = e->field;
	int		 first[LEVEL_MAX_SPAWNS], x, y, s, c, exits = 0;
	int		 stuck[LEVEL_MAX_SPAWNS];
	size_t		 i;

	for (s = 0; s < LEVEL_MAX_SPAWNS; s++)
		first[s] = stuck[s] = -1;
	for (y = 0; y < e->h; y++) {
		for (x = 0; x < e->w; x++) {
			i = (size_t)y * e->w + x;
			c = e->map[i];
			if (edit_is_exit(c) && ++exits == LEVEL_EXIT_CELLS + 1)
				edit_problem(e, x, y, -1, -1, "too many exit "
				    "cells: at most %d", LEVEL_EXIT_CELLS);
			if (c < 'A' || c > 'Z')
				continue;
			s = c - 'A';
			if (first[s] < 0)
				first[s] = (int)i;
			if (++spawn_cells[s] == LEVEL_SPAWN_CELLS + 1)
				edit_problem(e, x, y, -1, -1, "spawn '%c' too "
				    "big: at most %d cells", c,
				    LEVEL_SPAWN_CELLS);
			if (f->dist[grid_index(e->grid, x, y)] == FIELD_INF) {
				if (stuck[s] < 0)
					stuck[s] = (int)i;
				e->marks[i] |= EDIT_ROUTE_BAD;
			}
		}
	}
	for (s = 0, c = 0; s < LEVEL_MAX_SPAWNS; s++)
		c += spawn_cells[s] > 0;
	if (c == 0)
		edit_problem(e, -1, -1, -1, -1, "no spawn on the map: paint a "
		    "letter A to Z");
	if (exits == 0)
		edit_problem(e, -1, -1, -1, -1, "no exit on the map: paint "
		    "'>'");
	for (s = 0; s < LEVEL_MAX_SPAWNS && exits > 0 && !e->too_many_exits;
	    s++) {
		if (stuck[s] >= 0)
			edit_problem(e, stuck[s] % e->w, stuck[s] / e->w, -1,
			    -1, "spawn '%c' cannot reach any exit", 'A' + s);
	}

	/* Routes, from each spawn's first cell. */
	e->nroutes = 0;
	for (s = 0; s < LEVEL_MAX_SPAWNS; s++) {
		struct edit_route *r;
		int n, k;

		if (first[s] < 0)
			continue;
		r = &e->routes[e->nroutes++];
		r->label = (char)('A' + s);
		r->x = first[s] % e->w;
		r->y = first[s] / e->w;
		r->cells = spawn_cells[s];
		r->length = field_distance(f, r->x, r->y);
		n = path_descend(f, e->grid, r->x, r->y, e->scratch,
		    e->w * e->h);
		r->steps = n;
		for (k = 0; k < n; k++)
			e->marks[(size_t)e->scratch[k].y * e->w +
			    e->scratch[k].x] |= EDIT_ROUTE_ON;
	}
}

/*
 * Find every problem the level checker would report, each with where it
 * is, and every spawn's route; nothing to do if nothing changed.
 */
void
edit_refresh(struct edit *e)
{
	int		 spawn_cells[LEVEL_MAX_SPAWNS];
	struct level	*lv;
	char		 err[EDIT_MSG_MAX];

	if (!e->stale)
		return;
	e->stale = false;
	e->nproblems = 0;
	memset(e->marks, 0, (size_t)e->w * e->h);
	memset(spawn_cells, 0, sizeof spawn_cells);
	edit_check_map(e, spawn_cells);
	edit_check_meta(e, spawn_cells);
	/* The checker itself, in case it knows of something more. */
	if (e->nproblems == 0 && (long)e->w * e->h <= EDIT_PARSE_CELLS) {
		if ((lv = edit_level(e, err, sizeof err)) == NULL)
			edit_problem(e, -1, -1, -1, -1, "%s", err);
		level_free(lv);
	}
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

/* Write the level to path atomically (safefile.h); 0, or -1 with err. */
int
edit_save(struct edit *e, const char *path, char *err, size_t errlen)
{
	struct safefile	 sf;
	FILE		*f;
	size_t		 len;
	char		*text;
	int		 rc = -1;

	edit_end(e);
	text = edit_text(e, &len);
	if (safefile_lock(&sf, path, err, errlen) != 0) {
		free(text);
		return -1;
	}
	if ((f = safefile_create(&sf, 0644, err, errlen)) != NULL) {
		/* A short write leaves the stream's error for the commit. */
		(void)fwrite(text, 1, len, f);
		rc = safefile_commit(&sf, err, errlen);
	}
	safefile_unlock(&sf);
	if (rc == 0)
		edit_saved(e, text, len);
	else
		free(text);
	return rc;
}

/*
 * Let the "maze" bot play lv from seed with no terminal, and rate the
 * level (rate.h: more games, every strategy held to shares of its
 * income); what came of it.
 */
void
edit_trial(const struct level *lv, uint64_t seed, struct edit_trial *t)
{
	struct game_opts	 o = GAME_OPTS_INIT;
	struct game_summary	 s;
	struct game		*g = game_new(lv, seed, false);
	struct bot		*b = bot_new(g);
	long			 max = game_max_ticks(g);

	while (!game_over(g) && g->tick < max) {
		bot_act(b, g);
		game_tick(g);
	}
	game_summary(g, &s);
	memset(t, 0, sizeof *t);
	t->state = s.state;
	t->lives = s.lives;
	t->lives_start = lv->lives;
	t->waves_cleared = s.waves_cleared;
	t->waves_total = s.waves_total;
	t->ticks = s.ticks;
	bot_free(b);
	game_free(g);
	t->rating = rate_level(lv, &o, &t->strategy);
}
