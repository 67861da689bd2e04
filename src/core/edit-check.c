/* SPDX-License-Identifier: ISC */
/*
 * The level editor's checks (edit.h has the model): every problem the
 * level checker would report, each with the cell, wave or setting it is
 * about, each spawn's route to an exit down the edit's field, and the
 * bot's trial of a finished level (a game with no terminal, then its
 * rating).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "edit-internal.h"
#include "kinds.h"
#include "rate.h"
#include "util.h"

#define EDIT_PARSE_CELLS	(256 * 256)	/* refresh re-parses up to this */

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

/* The k-th cell (row-major, from first on) painted with spawn label c. */
static int
edit_spawn_cell(const struct edit *e, int c, int first, int k)
{
	size_t	i, n = (size_t)e->w * e->h;

	for (i = (size_t)first; i < n; i++) {
		if (e->map[i] == c && k-- == 0)
			return (int)i;
	}
	return first;
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

	/* Routes, from the cell of each spawn the game measures from. */
	e->nroutes = 0;
	for (s = 0; s < LEVEL_MAX_SPAWNS; s++) {
		struct edit_route *r;
		int n, k, from;

		if (first[s] < 0)
			continue;
		from = edit_spawn_cell(e, 'A' + s, first[s],
		    level_route_from(spawn_cells[s]));
		r = &e->routes[e->nroutes++];
		r->label = (char)('A' + s);
		r->x = from % e->w;
		r->y = from / e->w;
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

/*
 * About how many ticks one game of lv lasts (g is one, just made): until
 * the slowest group's last enemy, sent, has walked from its spawn to an
 * exit down the field as it is, with no maze.
 */
static long
edit_game_estimate(const struct level *lv, const struct game *g)
{
	double	start = 0, end = 0, t, d;
	int	w, k;

	for (w = 0; w < lv->nwaves; w++) {
		const struct level_wave *wv = &lv->waves[w];

		start += wv->after_ms / 1000.0;
		for (k = 0; k < wv->ngroups; k++) {
			const struct level_group *gr = &wv->groups[k];
			const struct level_point *c =
			    &lv->spawns[gr->spawn].cells[0];

			d = field_distance(g->field, c->x, c->y);
			t = start + (gr->after_ms + (double)(gr->count - 1) *
			    gr->every_ms) / 1000.0;
			if (isfinite(d) && enemy_types[gr->enemy].speed > 0)
				t += d / enemy_types[gr->enemy].speed;
			end = t > end ? t : end;
		}
	}
	return (long)(end * GAME_RATE) + 1;
}

/*
 * Start the bot's trial of lv (kept until edit_run_free) from seed: its
 * own game first, then the rating's games; nothing is played yet.
 */
void
edit_run_init(struct edit_run *r, const struct level *lv, uint64_t seed)
{
	struct game_opts	o = GAME_OPTS_INIT;

	memset(r, 0, sizeof *r);
	r->lv = lv;
	r->g = game_new(lv, seed, false);
	r->b = bot_new(r->g);
	r->max = game_max_ticks(r->g);
	r->game_ticks = edit_game_estimate(lv, r->g);
	r->t.state = GAME_PLAYING;
	r->t.lives_start = lv->lives;
	r->t.waves_total = lv->nwaves;
	r->t.rating = -1;
	r->t.strategy = -1;
	rate_run_init(&r->rate, lv, &o);
}

/* The bot's own game is over (or out of time): its figures. */
static void
edit_run_game_over(struct edit_run *r)
{
	struct game_summary	s;

	game_summary(r->g, &s);
	r->t.state = s.state;
	r->t.lives = s.lives;
	r->t.waves_cleared = s.waves_cleared;
	r->t.waves_total = s.waves_total;
	r->t.ticks = s.ticks;
	bot_free(r->b);
	game_free(r->g);
	r->b = NULL;
	r->g = NULL;
	if (r->t.ticks > r->game_ticks)
		r->game_ticks = r->t.ticks;
}

/*
 * Play up to ticks more ticks of the trial; true once it is over (r->t
 * holds what came of it). However the ticks are sliced, the games and
 * their outcomes are edit_trial's.
 */
bool
edit_run_step(struct edit_run *r, long ticks)
{
	long	before;
	bool	done;

	for (; r->g != NULL && ticks > 0; ticks--) {
		if (game_over(r->g) || r->g->tick >= r->max) {
			edit_run_game_over(r);
			break;
		}
		before = ticks;
		done = bot_practise(r->b, r->g, &ticks);
		r->ticks += before - ticks;
		r->practice += before - ticks;
		if (!done || ticks <= 0)
			return false;
		bot_act(r->b, r->g);
		game_tick(r->g);
		r->ticks++;
	}
	if (r->g != NULL || ticks <= 0)
		return false;
	before = r->rate.ticks;
	if (rate_run_step(&r->rate, ticks)) {
		r->t.rating = r->rate.rating;
		r->t.strategy = r->rate.who;
	}
	r->ticks += r->rate.ticks - before;
	return r->t.rating >= 0;
}

/*
 * About how many ticks the whole trial plays, from what it has played so
 * far: its game's estimated (or, once over, its actual) length for each
 * game yet to come, the rating's most.
 */
long
edit_run_estimate(const struct edit_run *r)
{
	long	game = r->game_ticks, left;

	if (r->g != NULL && r->g->tick > game)
		game = r->g->tick;
	left = (long)rate_run_games_left(&r->rate) * game;
	if (r->g != NULL)
		left += game - r->g->tick;
	else if (r->rate.g != NULL)
		left -= r->rate.g->tick;	/* the game under way */
	return r->ticks + (left > 0 ? left : 0);
}

/* Free what a trial, over or not, holds (not its level). */
void
edit_run_free(struct edit_run *r)
{
	if (r->g != NULL) {
		bot_free(r->b);
		game_free(r->g);
		r->b = NULL;
		r->g = NULL;
	}
	rate_run_free(&r->rate);
}

/*
 * Let the "maze" bot play lv from seed with no terminal, and rate the
 * level (rate.h: more games, every strategy held to shares of its
 * income); what came of it: the trial played at once.
 */
void
edit_trial(const struct level *lv, uint64_t seed, struct edit_trial *t)
{
	struct edit_run	r;

	edit_run_init(&r, lv, seed);
	while (!edit_run_step(&r, 1L << 30))
		;
	*t = r.t;
	edit_run_free(&r);
}
