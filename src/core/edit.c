/* SPDX-License-Identifier: ISC */
/*
 * The level editor's operations on the level itself (edit.h has the
 * model): making one, the map and its field, strokes and rectangles,
 * settings and waves, resizing, undo and redo. The map is glyphs; the grid
 * and the exit field follow it cell by cell through repair.c, and are
 * built whole only when the level is opened or its movement or marsh cost
 * changes (those change every cell). Undo steps hold what was there
 * before: undoing swaps it back in, which leaves what was done in the
 * step, ready to be redone. Above this file: a file's statements and the
 * writer (edit-source.c), the checks and the bot's trial (edit-check.c),
 * and the file itself: opening, saving, save-as, recovery (edit-file.c).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "edit-internal.h"
#include "field.h"
#include "game.h"
#include "kinds.h"
#include "level.h"
#include "path.h"
#include "repair.h"
#include "util.h"

/*
 * A rectangle, an undo or a redo changing more cells than this builds the
 * field once instead of repairing it for each: a repair's line-of-sight
 * sweep can cover much of the map, on an open map nearly a whole build's
 * time a cell, so past a few cells one build is the cheaper. Cells painted one at a time are always repaired.
 */
#define EDIT_BATCH		8

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
bool
edit_is_exit(int glyph)
{
	return level_glyph_terrain(glyph) == LEVEL_EXIT;
}

/* Build the grid and the exit field from the map, whole. */
void
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
	free(e->recovered);
	free(e->path);
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
