/* SPDX-License-Identifier: ISC */
/*
 * The state hash: every number that decides how a game goes on, folded
 * bit for bit, so that a replayed game can be checked against the one
 * that was saved.
 */
#include <string.h>

#include "game-internal.h"

/* Fold n bytes into an FNV-1a hash (the state hash's, and recordings'). */
uint64_t
game_fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char	*b = p;

	while (n-- > 0) {
		h ^= *b++;
		h *= 0x100000001B3ULL;
	}
	return h;
}

/* Fold the n low bytes of v, the least significant first. */
static uint64_t
game_fnv_le(uint64_t h, uint64_t v, int n)
{
	while (n-- > 0) {
		h ^= v & 0xFF;
		h *= 0x100000001B3ULL;
		v >>= 8;
	}
	return h;
}

/* Fold n ints, each as its four bytes, little end first. */
uint64_t
game_fnv_ints(uint64_t h, const int *v, int n)
{
	int i;

	for (i = 0; i < n; i++)
		h = game_fnv_le(h, (uint32_t)v[i], 4);
	return h;
}

/* Fold a 64-bit number as its eight bytes, little end first. */
uint64_t
game_fnv_u64(uint64_t h, uint64_t v)
{
	return game_fnv_le(h, v, 8);
}

/* Fold a double as the eight bytes of its IEEE bits, little end first. */
uint64_t
game_fnv_double(uint64_t h, double d)
{
	uint64_t bits;

	_Static_assert(sizeof d == sizeof bits, "double is not 64 bits");
	memcpy(&bits, &d, sizeof bits);
	return game_fnv_le(h, bits, 8);
}

/*
 * A hash of everything that decides how the game goes on: clock, purse,
 * every power's cooldown and effect, every tower, every unit's numbers
 * and its agent's position and velocity, bit for bit. Every value is
 * folded as its bytes in one order (little end first), never as memory,
 * so the hash is the same on a machine of either byte order. Two games
 * with the same hash play on the same.
 */
uint64_t
game_hash(const struct game *g)
{
	uint64_t	h = 0xCBF29CE484222325ULL;
	int		i, v[12];

	v[0] = (int)g->tick;
	v[1] = g->gold;
	v[2] = g->lives;
	v[3] = g->score;
	v[4] = g->killed;
	v[5] = g->leaked;
	v[6] = g->next_wave;
	v[7] = (int)g->next_wave_at;
	v[8] = g->waves_cleared;
	v[9] = g->nunits;
	v[10] = g->next_id;
	v[11] = (int)g->state;
	h = game_fnv_ints(h, v, 12);
	h = game_fnv_u64(h, g->rng.s);
	for (i = 0; i < POWER_NKINDS; i++) {
		const struct game_power *gp = &g->powers[i];
		int pv[4] = { gp->cooldown, gp->left, gp->x, gp->y };

		h = game_fnv_ints(h, pv, 4);
	}
	for (i = 0; i < g->ntowers; i++) {
		const struct game_tower *tw = &g->towers[i];
		int tv[8] = { tw->used, tw->type, tw->level, tw->x, tw->y,
		    tw->mode, tw->cooldown, tw->spec };

		h = game_fnv_ints(h, tv, 8);
	}
	for (i = 0; i < g->nunits; i++) {
		const struct game_unit *u = &g->units[i];
		const struct steer_agent *a = &g->agents[i];
		int uv[11] = { u->id, u->type, u->hp, u->slow_ticks,
		    a->target, a->ipath, u->shield, u->armour, u->stun_ticks,
		    u->expose_ticks, u->heal_cd };

		h = game_fnv_ints(h, uv, 11);
		h = game_fnv_double(h, a->pos.x);
		h = game_fnv_double(h, a->pos.y);
		h = game_fnv_double(h, a->vel.x);
		h = game_fnv_double(h, a->vel.y);
		h = game_fnv_u64(h, a->rng.s);
	}
	return h;
}
