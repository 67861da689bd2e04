/* SPDX-License-Identifier: ISC */
/*
 * What the files of the game share and nothing else needs: the small
 * helpers every concern uses, and the steps of a tick each file provides.
 * game.h is the model; this header is only for game*.c.
 */
#ifndef WEIR_GAME_INTERNAL_H
#define WEIR_GAME_INTERNAL_H

#include <math.h>

#include "game.h"

/* Ticks (rounded up) that ms milliseconds last. */
static inline long
game_ms_ticks(long ms)
{
	return (long)(((long long)ms * GAME_RATE + 999) / 1000);
}

/* Centre of map cell (x, y). */
/* pct percent of v, rounded down, at least lo. */
static inline int
game_pct(int v, int pct, int lo)
{
	long	r = (long)v * pct / 100;

	return r < lo ? lo : (int)r;
}

static inline struct vec
game_centre(int x, int y)
{
	return vec_make(x + 0.5, y + 0.5);
}

/* Whether unit i is a living enemy. */
static inline bool
game_alive(const struct game *g, int i)
{
	return g->units[i].kind == GAME_UNIT_ENEMY && !g->units[i].dead;
}

/* Whether unit i (an enemy) walks on the ground. */
static inline bool
game_ground(const struct game *g, int i)
{
	return g->units[i].mover != ENEMY_FLY;
}

/*
 * The floor: what every concern stands on. These files call nothing of
 * the concerns above them.
 */
/* game-event.c: events and the end. */
void		 game_emit(struct game *g, struct game_event *ev);
struct game_event game_event_make(enum game_event_type t);
void		 game_end(struct game *g, enum game_state s);

/* game-map.c: who stands where, plans, the one door the map changes by. */
void		 game_blockers_new(struct game *g);
void		 game_blockers_free(struct game *g);
bool		 game_overlaps(const struct steer_agent *a, int x, int y);
int		 game_units_near(const struct game *g, struct vec p, double r,
		    const int32_t **out);
bool		 game_would_block(struct game *g, int x, int y);
void		 game_plan(struct game *g, int i, bool via_centre);
void		 game_hero_plan(struct game *g);
void		 game_hero_tell(struct game *g, int x, int y, int k);
void		 game_circles(struct game *g);
void		 game_map_changed(struct game *g, int x, int y, int cost);

/*
 * The concerns, each above those it calls: combat; the hero (strikes
 * through combat); enemies (read the hero's hunt); undo; powers (strike,
 * and keep off the hero); waves (send enemies, forget undo); commands
 * (game-cmd.c, above them all). game-tick.c makes a game and runs the tick
 * over every concern; nothing below calls it.
 */
/* game-combat.c: shots and towers. */
void		 game_damage(struct game *g, int i, int damage, bool pierce,
		     int t, int kind);
void		 game_hit(struct game *g, int i, int damage, bool pierce,
		     int t, int kind, int spec);
void		 game_shots(struct game *g);
void		 game_towers(struct game *g);

/* game-hero.c: the hero and the hunt field. */
void		 game_hero_new(struct game *g);
void		 game_hero_free(struct game *g);
enum game_reason game_do_hero(struct game *g, const struct game_cmd *c);
void		 game_hero_step(struct game *g);
void		 game_hero_fight(struct game *g);
void		 game_hero_hunt(struct game *g);

/* game-enemy.c: each enemy before the crowd moves; leaks after. */
struct vec	 game_nearest_exit(const struct game *g, struct vec p);
int		 game_find_boss(const struct game *g, int wave);
void		 game_join_boss(struct game *g, int i, int b);
void		 game_enemies(struct game *g);
void		 game_exits(struct game *g);
void		 game_heal(struct game *g);

/* game-undo.c: what undo can take back. */
void		 game_undo_push(struct game *g, int slot, int paid,
		    const struct game_tower *over);
void		 game_undo_paid(struct game *g, int slot, int gold);
void		 game_undo_forget(struct game *g, int slot);
void		 game_undo_wave(struct game *g);
void		 game_undo_watch(struct game *g);
enum game_reason game_do_undo(struct game *g, const struct game_cmd *c);

/* game-cmd.c and game-batch.c: commands, and those of many parts. */
bool		 game_cmd_valid(const struct game_cmd *c);
void		 game_reject(struct game *g, const struct game_cmd *c,
		    enum game_reason r, bool valid);
enum game_reason game_do_batch(struct game *g, const struct game_cmd *c);

/* game-power.c: powers cooling down and lasting. */
enum game_reason game_do_power(struct game *g, const struct game_cmd *c);
void		 game_powers(struct game *g);

/* game-wave.c: starting waves, sending enemies, waves cleared. */
void		 game_start_wave(struct game *g, bool early);
void		 game_waves(struct game *g);
void		 game_births(struct game *g);
void		 game_bookkeeping(struct game *g);

#endif
