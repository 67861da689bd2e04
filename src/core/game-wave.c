/* SPDX-License-Identifier: ISC */
/*
 * Waves: when each starts, sending its groups' enemies one by one from
 * their spawns, and the bookkeeping of waves sent, cleared and won. A wave
 * starts when its calm is over or when it is called early; the calm counts
 * from the moment the wave before it has sent its last enemy.
 */
#include <math.h>
#include <string.h>

#include "dmath.h"
#include "game-internal.h"

/* Start the next wave now; early when called before its calm was over. */
void
game_start_wave(struct game *g, bool early)
{
	const struct level_wave	*lw = &g->waves[g->next_wave];
	struct game_event	 ev;
	long			 left;
	int			 bonus = 0;

	game_undo_wave(g);
	if (early) {
		left = g->next_wave_at >= 0 ? g->next_wave_at - g->tick :
		    game_ms_ticks(lw->after_ms);
		bonus = left > 0 ? (int)(left / GAME_RATE) : 0;
		g->gold += bonus * GAME_EARLY_GOLD;
		g->income += bonus * GAME_EARLY_GOLD;
		g->early_s += bonus;
		if (!g->endless)
			g->score += GAME_SCORE_EARLY_S * bonus;
	}
	g->wave_start[g->next_wave] = g->tick;
	ev = game_event_make(GAME_EV_WAVE);
	ev.wave = g->next_wave + 1;
	ev.early = early;
	ev.gold = bonus;
	g->next_wave++;
	g->next_wave_at = -1;
	game_emit(g, &ev);
}

/*
 * The hit points an enemy of kind sent by wave (1-based) comes with: its
 * kind's for the wave, times the level's "hp" and the setting's share.
 */
int
game_enemy_hp(const struct game *g, int kind, int wave)
{
	return game_pct(enemy_hp(kind, wave),
	    difficulty_types[g->difficulty].hp_pct * g->lv->hp_pct / 100, 1);
}

/*
 * A new enemy of kind for wave index w at pos (moved out of any wall it
 * overlaps), with its spawn event at cell; its unit index, or -1 when the
 * pool is full.
 */
static int
game_enemy_add(struct game *g, int kind, int w, struct vec pos,
    struct level_point cell)
{
	const struct enemy_type		*et = &enemy_types[kind];
	struct steer_agent		*a;
	struct game_unit		*u;
	struct game_event		 ev;
	struct vec			 dir;
	int				 i, b;

	if (g->nenemies >= g->max_enemies || g->nunits >= g->max_units ||
	    (et->mover != ENEMY_FLY && g->nfree_paths == 0))
		return -1;
	i = g->nunits++;
	g->nenemies++;
	a = &g->agents[i];
	u = &g->units[i];
	memset(u, 0, sizeof *u);
	if (et->mover != ENEMY_FLY && steer_overlaps_wall(&g->grid, pos,
	    et->radius))
		pos = steer_unstick(&g->grid, pos, et->radius);
	steer_agent_init(a, kind, pos, et->speed, et->force, et->radius,
	    steer_rng_next(&g->rng));

	u->kind = GAME_UNIT_ENEMY;
	u->id = ++g->next_id;
	u->type = kind;
	u->mover = et->mover;
	u->wave = w + 1;
	u->hp = u->max_hp = game_enemy_hp(g, kind, w + 1);
	u->shield = et->shield > 0 ? (int)((long)et->shield *
	    u->max_hp / et->hp) : 0;
	u->heal_cd = et->heal_reload;
	u->armour = et->armour;
	u->speed = et->speed;
	u->slow_pct = 100;
	u->pathslot = -1;
	u->anchor = pos;
	u->tower = -1;
	u->spec = -1;

	if (et->mover == ENEMY_FLY) {
		a->goal = game_nearest_exit(g, pos);
		u->best = vec_dist(pos, a->goal);
		dir = vec_norm(vec_sub(a->goal, pos));
	} else
		dir = steer_flow_dir(g->field, &g->grid, pos);
	if (dir.x != 0.0 || dir.y != 0.0)
		a->heading = a->look = dir;
	if (et->mover != ENEMY_FLY)	/* flow movers: a path out of a stall */
		u->pathslot = g->free_paths[--g->nfree_paths];
	if (et->mover == ENEMY_PATH)
		game_plan(g, i, false);
	if ((et->traits & ENEMY_TRAIT_ESCORT) &&
	    (b = game_find_boss(g, w + 1)) >= 0)
		game_join_boss(g, i, b);
	else if (et->traits & ENEMY_TRAIT_ESCORT) {
		u->loose = true;
		a->type = ENEMY_STEER_LOOSE;
	}

	g->wave_alive[w]++;
	ev = game_event_make(GAME_EV_SPAWN);
	ev.id = u->id;
	ev.enemy = u->type;
	ev.wave = w + 1;
	ev.x = cell.x;
	ev.y = cell.y;
	game_emit(g, &ev);
	return i;
}

/* Send one enemy of group gi of wave w; false when the pool is full. */
static bool
game_spawn(struct game *g, int w, int gi)
{
	const struct level_group	*grp = &g->waves[w].groups[gi];
	const struct level_spawn	*sp = &g->lv->spawns[grp->spawn];
	const struct enemy_type		*et = &enemy_types[grp->enemy];
	struct level_point		 cell;
	struct vec			 pos;
	double				 j;

	if (g->nenemies >= g->max_enemies || g->nunits >= g->max_units)
		return false;
	cell = sp->cells[g->spawn_turn[grp->spawn]++ % sp->ncells];
	j = 0.5 - et->radius - 0.01;
	pos = game_centre(cell.x, cell.y);
	pos.x += steer_rng_clamped(&g->rng) * (j > 0.0 ? j : 0.0);
	pos.y += steer_rng_clamped(&g->rng) * (j > 0.0 ? j : 0.0);
	if (game_enemy_add(g, grp->enemy, w, pos, cell) < 0)
		return false;
	g->wave_sent[w]++;
	return true;
}

/*
 * Send the pieces of every enemy that split this tick, round the point it
 * died at (each moved out of any wall it would overlap), as enemies of
 * its wave; a piece the pool has no room for is not sent. The pieces are
 * counted alive in the wave, never sent by it.
 */
void
game_births(struct game *g)
{
	struct game_event	 ev;
	int			 b, k, n;

	for (b = 0; b < g->nbirths; b++) {
		const struct game_birth *bt = &g->births[b];
		double r = enemy_types[bt->kind].radius;

		for (k = 0, n = 0; k < bt->count; k++) {
			double a = 2.0 * M_PI * k / bt->count, sa, ca;
			struct vec p;
			struct level_point cell;

			dmath_sincos(a, &sa, &ca);
			p = vec_make(bt->pos.x + ca * r, bt->pos.y + sa * r);
			cell.x = (int)floor(p.x);
			cell.y = (int)floor(p.y);

			n += game_enemy_add(g, bt->kind, bt->wave - 1, p,
			    cell) >= 0;
		}
		ev = game_event_make(GAME_EV_SPLIT);
		ev.id = bt->parent;
		ev.enemy = bt->kind;
		ev.wave = bt->wave;
		ev.x = (int)floor(bt->pos.x);
		ev.y = (int)floor(bt->pos.y);
		ev.value = n;
		game_emit(g, &ev);
	}
	g->nbirths = 0;
}

/* Start a wave whose calm is over and send every enemy that is due. */
void
game_waves(struct game *g)
{
	int	w, k;

	if (g->next_wave < g->nwaves && g->next_wave_at >= 0 &&
	    g->tick >= g->next_wave_at)
		game_start_wave(g, false);
	for (w = 0; w < g->next_wave; w++) {
		const struct level_wave *lw = &g->waves[w];

		if (g->wave_sent[w] == g->wave_total[w])
			continue;
		for (k = 0; k < lw->ngroups; k++) {
			const struct level_group *grp = &lw->groups[k];
			int *sent = &g->group_sent[w * LEVEL_MAX_GROUPS + k];

			while (*sent < grp->count && g->wave_start[w] +
			    game_ms_ticks(grp->after_ms + (long)*sent *
			    grp->every_ms) <= g->tick) {
				if (!game_spawn(g, w, k))
					return;
				(*sent)++;
			}
		}
	}
}

/* Waves done sending, waves cleared, victory. */
void
game_bookkeeping(struct game *g)
{
	struct game_event	ev;
	int			w, bonus;

	if (g->next_wave < g->nwaves && g->next_wave_at < 0 &&
	    (g->next_wave == 0 || g->wave_sent[g->next_wave - 1] ==
	    g->wave_total[g->next_wave - 1]))
		g->next_wave_at = g->tick +
		    game_ms_ticks(g->waves[g->next_wave].after_ms);
	for (w = 0; w < g->next_wave && g->state == GAME_PLAYING; w++) {
		if (g->wave_done[w] || g->wave_sent[w] != g->wave_total[w] ||
		    g->wave_alive[w] != 0)
			continue;
		g->wave_done[w] = true;
		g->waves_cleared++;
		bonus = GAME_CLEAR_GOLD + GAME_CLEAR_GOLD_WAVE * (w + 1);
		g->gold += bonus;
		g->income += bonus;
		g->score += g->endless ? GAME_SCORE_ENDLESS_WAVE :
		    GAME_SCORE_WAVE;
		ev = game_event_make(GAME_EV_CLEAR);
		ev.wave = w + 1;
		ev.gold = bonus;
		game_emit(g, &ev);
	}
	if (g->state == GAME_PLAYING && g->waves_cleared == g->nwaves)
		game_end(g, GAME_WON);
}

/* The next wave to come (NULL when all have started), its number and when. */
const struct level_wave *
game_next_wave(const struct game *g, int *number, long *ticks_left)
{
	if (g->next_wave >= g->nwaves) {
		if (number != NULL)
			*number = 0;
		if (ticks_left != NULL)
			*ticks_left = -1;
		return NULL;
	}
	if (number != NULL)
		*number = g->next_wave + 1;
	if (ticks_left != NULL)
		*ticks_left = g->next_wave_at < 0 ? -1 :
		    g->next_wave_at - g->tick;
	return &g->waves[g->next_wave];
}

/* Count wave index wave's enemies by type into counts; returns the total. */
int
game_wave_count(const struct game *g, int wave, int *counts)
{
	const struct level_wave	*lw;
	int			 k, n = 0;

	if (counts != NULL)
		memset(counts, 0, ENEMY_NKINDS * sizeof *counts);
	if (wave < 0 || wave >= g->nwaves)
		return 0;
	lw = &g->waves[wave];
	for (k = 0; k < lw->ngroups; k++) {
		if (counts != NULL)
			counts[lw->groups[k].enemy] += lw->groups[k].count;
		n += lw->groups[k].count;
	}
	return n;
}

/* How many enemies group (index) of wave (index) has sent so far. */
int
game_group_sent(const struct game *g, int wave, int group)
{
	if (wave < 0 || wave >= g->nwaves || group < 0 ||
	    group >= g->waves[wave].ngroups)
		return 0;
	return g->group_sent[wave * LEVEL_MAX_GROUPS + group];
}

/* Whether wave (index) has started and has enemies still to send. */
bool
game_wave_sending(const struct game *g, int wave)
{
	return wave >= 0 && wave < g->next_wave &&
	    g->wave_sent[wave] < g->wave_total[wave];
}

/* Enemies that started waves have still to send, and later waves hold. */
int
game_enemies_to_come(const struct game *g)
{
	int	w, n = 0;

	for (w = 0; w < g->nwaves; w++)
		n += g->wave_total[w] - g->wave_sent[w];
	return n;
}

/* Gold the game has ever had: the start, bounties and bonuses. */
int
game_income(const struct game *g)
{
	return g->income;
}

/* Waves past the level's own that have been cleared (endless games). */
int
game_endless_cleared(const struct game *g)
{
	return g->waves_cleared > g->level_waves ?
	    g->waves_cleared - g->level_waves : 0;
}

/* The lives the game started with: the level's, as its setting scales. */
int
game_start_lives(const struct game *g)
{
	return game_pct(g->lv->lives, difficulty_types[g->difficulty].lives_pct,
	    1);
}

/*
 * Stars for a game: none unless won; three when it kept at least
 * GAME_STARS_3_PCT of its lives, two for GAME_STARS_2_PCT, else one.
 */
int
game_stars(const struct game *g)
{
	int	start = game_start_lives(g);

	if (g->state != GAME_WON)
		return 0;
	if (g->lives * 100 >= start * GAME_STARS_3_PCT)
		return 3;
	if (g->lives * 100 >= start * GAME_STARS_2_PCT)
		return 2;
	return 1;
}

/* Whether enemy kind k may come in a made wave of level lv. */
static bool
game_endless_fits(const struct level *lv, int k)
{
	unsigned t = enemy_types[k].traits;

	if (t & (ENEMY_TRAIT_BOSS | ENEMY_TRAIT_ESCORT))
		return false;
	return lv->has_hero || !(t & ENEMY_TRAIT_HUNTS);
}

/*
 * Endless wave n (1-based: the first after the level's own) of level lv
 * for seed, into out. The rule, escalating with n and drawn from a
 * generator of its own (so the game's generator is untouched):
 *  - kinds: those the level's waves send, and one kind more every
 *    GAME_ENDLESS_NEW_EVERY waves, in the registry's order (hunters only
 *    where there is a hero; bosses and escorts only as below);
 *  - groups: 1 + n / 3 (at most LEVEL_MAX_GROUPS), each of a kind drawn
 *    from those, from a spawn drawn from the level's, starting 2 s apart;
 *  - count: (6 + n) x 4 / (bounty + 3) of a kind, so cheap kinds come in
 *    crowds, at least 1; every 10th wave a boss with four escorts too;
 *  - hit points: as every wave's, growing ENEMY_HP_GROWTH_PCT a wave
 *    with the wave's number (the level's waves counted);
 *  - calm before it: 8 s.
 */
void
game_endless_wave(const struct level *lv, uint64_t seed, int n,
    struct level_wave *out)
{
	struct steer_rng	 r;
	int			 pool[ENEMY_NKINDS], npool = 0, k, i, extra;
	bool			 in[ENEMY_NKINDS] = { false };

	memset(out, 0, sizeof *out);
	out->after_ms = GAME_ENDLESS_CALM_MS;
	if (lv->nspawns == 0)
		return;
	steer_rng_seed(&r, seed ^ (0x9e3779b97f4a7c15ULL * (uint64_t)n));
	for (i = 0; i < lv->nwaves; i++)
		for (k = 0; k < lv->waves[i].ngroups; k++)
			in[lv->waves[i].groups[k].enemy] = true;
	extra = n / GAME_ENDLESS_NEW_EVERY;
	for (k = 0; k < ENEMY_NKINDS; k++) {
		if (!game_endless_fits(lv, k))
			continue;
		if (!in[k] && extra > 0) {
			in[k] = true;
			extra--;
		}
		if (in[k])
			pool[npool++] = k;
	}
	if (npool == 0)
		pool[npool++] = ENEMY_GRUNT;
	out->ngroups = 1 + n / 3;
	if (out->ngroups > LEVEL_MAX_GROUPS - 2)
		out->ngroups = LEVEL_MAX_GROUPS - 2;
	for (i = 0; i < out->ngroups; i++) {
		struct level_group	*gr = &out->groups[i];
		long			 count;

		gr->enemy = pool[steer_rng_next(&r) % (uint64_t)npool];
		gr->spawn = (int)(steer_rng_next(&r) % (uint64_t)lv->nspawns);
		gr->from = lv->spawns[gr->spawn].label;
		count = (6L + n) * 4 / (enemy_types[gr->enemy].bounty + 3);
		gr->count = count < 1 ? 1 : count > LEVEL_COUNT_MAX ?
		    LEVEL_COUNT_MAX : (int)count;
		gr->every_ms = enemy_types[gr->enemy].bounty <= 2 ? 350 : 700;
		gr->after_ms = i * 2000;
	}
	if (n % 10 == 0) {
		int b, e;

		for (b = 0; b < ENEMY_NKINDS; b++)
			if (enemy_types[b].traits & ENEMY_TRAIT_BOSS)
				break;
		for (e = 0; e < ENEMY_NKINDS; e++)
			if (enemy_types[e].traits & ENEMY_TRAIT_ESCORT)
				break;
		if (b < ENEMY_NKINDS && e < ENEMY_NKINDS) {
			struct level_group *gb = &out->groups[out->ngroups++];
			struct level_group *ge = &out->groups[out->ngroups++];

			gb->enemy = b;
			gb->count = 1 + n / 50;
			gb->spawn = (int)(steer_rng_next(&r) %
			    (uint64_t)lv->nspawns);
			gb->from = lv->spawns[gb->spawn].label;
			gb->every_ms = 4000;
			gb->after_ms = 1000;
			*ge = *gb;
			ge->enemy = e;
			ge->count = 4 * gb->count;
			ge->every_ms = 250;
		}
	}
}

/*
 * The tick a run of game g is cut off at: GAME_SLACK_TICKS after the time
 * its waves take to send, each wave's calm plus its slowest group, so that
 * no level the rules allow (up to 100 waves of an hour's calm, groups of
 * 1000 a minute apart) can time out while it is still sending.
 */
long
game_max_ticks(const struct game *g)
{
	long	ms = 0;
	int	w, k;

	for (w = 0; w < g->nwaves; w++) {
		const struct level_wave	*wv = &g->waves[w];
		long			 longest = 0;

		for (k = 0; k < wv->ngroups; k++) {
			const struct level_group *gr = &wv->groups[k];
			long t = gr->after_ms + (long)(gr->count - 1) *
			    gr->every_ms;

			if (t > longest)
				longest = t;
		}
		ms += wv->after_ms + longest;
	}
	return GAME_SLACK_TICKS + ms / 1000 * GAME_RATE +
	    (ms % 1000) * GAME_RATE / 1000 + 1;
}

/* Ticks from a wave's start until group gi of it has sent its last enemy. */
static long
game_group_span(const struct level_group *grp)
{
	return game_ms_ticks(grp->after_ms + (long)(grp->count - 1) *
	    grp->every_ms);
}

/*
 * Ticks until wave (index) starts if no wave is called early and every
 * enemy is sent on time: 0 for one that has started, -1 out of range.
 * A wave's calm counts from the moment the wave before has sent its last
 * enemy (see game_bookkeeping), so later waves add up their waves' sending
 * and their calms.
 */
long
game_wave_eta(const struct game *g, int wave)
{
	long	t, span;
	int	w, k;

	if (wave < 0 || wave >= g->nwaves)
		return -1;
	if (wave < g->next_wave)
		return 0;
	w = g->next_wave;
	if (g->next_wave_at >= 0)
		t = g->next_wave_at - g->tick;
	else {
		/* The wave before is still sending: when does it stop? */
		t = 0;
		if (w > 0) {
			const struct level_wave *lw = &g->waves[w - 1];

			for (k = 0; k < lw->ngroups; k++) {
				span = g->wave_start[w - 1] +
				    game_group_span(&lw->groups[k]) - g->tick;
				if (span > t)
					t = span;
			}
		}
		t += game_ms_ticks(g->waves[w].after_ms);
	}
	if (t < 0)
		t = 0;
	for (; w < wave; w++) {
		const struct level_wave *lw = &g->waves[w];

		span = 0;
		for (k = 0; k < lw->ngroups; k++) {
			if (game_group_span(&lw->groups[k]) > span)
				span = game_group_span(&lw->groups[k]);
		}
		t += span + game_ms_ticks(g->waves[w + 1].after_ms);
	}
	return t;
}

/* Whether an enemy of kind has been sent in this game yet. */
bool
game_kind_seen(const struct game *g, int kind)
{
	int	w, k;

	for (w = 0; w < g->next_wave; w++) {
		const struct level_wave *lw = &g->waves[w];

		for (k = 0; k < lw->ngroups; k++) {
			if ((int)lw->groups[k].enemy == kind &&
			    g->group_sent[w * LEVEL_MAX_GROUPS + k] > 0)
				return true;
		}
	}
	return false;
}
