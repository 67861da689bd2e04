/* SPDX-License-Identifier: ISC */
/*
 * What the built-in player may buy, each scored by the worth it adds per
 * gold (bot-internal.h): a new tower on the best cell for each kind (the
 * cells covering most of the route it defends, each tried for what it
 * adds), a tower against flyers where their line is short of defence, an
 * upgrade for the power and reach it adds, and a specialisation for its
 * row's guess at what it adds against what is coming.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bot-internal.h"

/*
 * The best cell for a new tower of kind against the ground (mask
 * TOWER_GROUND) or the flyers short of defence (TOWER_AIR), off the
 * routes; the placement must be allowed but for its price. Against the
 * ground, the BOT_CANDIDATES cells that cover most are each tried for
 * what the tower would add to bot_worth, so that one that would turn the
 * enemies away from the defence loses out. value: worth per gold.
 */
bool
bot_best_cell(struct bot *b, struct game *g, int kind, int mask,
    struct bot_action *out)
{
	const struct tower_type	*tt = &tower_types[kind];
	struct bot_extra	 extra;
	enum game_reason	 r;
	double			 best, base = 0.0, gain, most = 0.0;
	int			 tries, found = 0, bx, by, ntop;
	int32_t			 top[BOT_TRIES];

	bot_score_cells(b, g, mask, tt->level[0].range, tt->level[0].min_range);
	ntop = bot_top_cells(b, g, top);
	extra.range = tt->level[0].range;
	extra.min_range = tt->level[0].min_range;
	extra.power = bot_power(kind, 1) * bot_suits(b, kind);
	if (mask == TOWER_GROUND)
		base = bot_worth(b, g, g->field, &g->grid, NULL);
	for (tries = 0; tries < BOT_TRIES && found < BOT_CANDIDATES;
	    tries++) {
		if (tries >= ntop || (best = b->score[top[tries]]) <
		    BOT_MIN_COVER)
			break;
		bx = top[tries] % b->w;
		by = top[tries] / b->w;
		r = game_check_place(g, kind, bx, by);
		if (r != GAME_OK && r != GAME_NO_GOLD)
			continue;
		if (mask == TOWER_GROUND) {
			extra.x = bx;
			extra.y = by;
			gain = bot_try(b, g, bx, by, &extra, base);
		} else
			gain = best * bot_power(kind, 1) / BOT_SATURATE;
		if (found++ == 0 || gain > most) {
			most = gain;
			out->type = GAME_CMD_PLACE;
			out->spec = -1;
			out->tower = kind;
			out->x = bx;
			out->y = by;
			out->cost = tt->level[0].cost;
			if (g->tower_at[top[tries]] >= 0)	/* on a wall */
				out->cost -= tower_types[b->wall].level[0].cost;
			out->value = gain / out->cost;
		}
		if (mask != TOWER_GROUND)
			break;
	}
	return found > 0 && most > 0.0;
}

/*
 * The best cell for each kind of tower that attacks the ground, into
 * acts[]; returns how many kinds found one (only its one kind, for a
 * strategy that builds one). value is worth per gold, less for a kind the
 * bot has many of already (by its row's variety: frost the most, since
 * slows do not add up), unless it builds one kind only; twice as much for
 * a kind that detects while hidden enemies come unseen (bot_sight).
 */
static bool
bot_ground_kind(int kind)
{
	return tower_types[kind].attack != TOWER_ATTACK_NONE &&
	    (tower_types[kind].hits & TOWER_GROUND);
}

/*
 * The kind a strategy with a number of towers builds next: the kinds
 * that hit the ground in turn, in their rows' order, one of each before
 * a second of any (a mixed ring, as a newcomer builds it).
 */
static int
bot_mix_kind(const struct game *g)
{
	int	kind, t, kinds = 0, standing = 0;

	for (kind = 0; kind < TOWER_NTYPES; kind++)
		kinds += bot_ground_kind(kind);
	for (t = 0; t < g->ntowers; t++)
		standing += g->towers[t].used &&
		    bot_ground_kind(g->towers[t].type);
	standing %= kinds;
	for (kind = 0; kind < TOWER_NTYPES; kind++)
		if (bot_ground_kind(kind) && standing-- == 0)
			return kind;
	return -1;
}

int
bot_builds(struct bot *b, struct game *g, struct bot_action *acts)
{
	int	kind, n = 0, mix = b->st->towers > 0 ? bot_mix_kind(g) : -1;

	for (kind = 0; kind < TOWER_NTYPES; kind++) {
		const struct tower_type *tt = &tower_types[kind];

		if (!bot_ground_kind(kind) || (mix >= 0 && kind != mix) ||
		    (b->only >= 0 && kind != b->only) ||
		    !bot_best_cell(b, g, kind, TOWER_GROUND, &acts[n]))
			continue;
		if (b->only < 0)
			acts[n].value /= 1.0 + BOT_VARIETY *
			    bot_count(g, kind) * tt->bot.variety;
		if (b->blind && tt->detects)
			acts[n].value *= 2.0;
		n++;
	}
	return n;
}

/*
 * The tower kind to build against a flight of count flyers: of the kinds
 * whose row takes flights that small (air_from), the one for the largest;
 * a strategy of one kind that hits the air builds that.
 */
int
bot_air_kind(const struct bot *b, int count)
{
	int	kind, best = -1;

	if (b->only >= 0 && (tower_types[b->only].hits & TOWER_AIR))
		return b->only;

	for (kind = 0; kind < TOWER_NTYPES; kind++) {
		const struct tower_type *tt = &tower_types[kind];

		if ((tt->hits & TOWER_AIR) && tt->bot.air_from > 0 &&
		    tt->bot.air_from <= count && (best < 0 ||
		    tt->bot.air_from > tower_types[best].bot.air_from))
			best = kind;
	}
	return best;
}

/*
 * The best cell for a new tower that detects, where the most defended
 * route no detector sees would be seen: of the kinds that detect (the
 * strategy's one kind only if it does), the cheapest. value: score per
 * gold.
 */
bool
bot_best_sight(struct bot *b, struct game *g, struct bot_action *out)
{
	const struct tower_type	*tt;
	enum game_reason	 r;
	int			 kind, best = -1, k, ntop;
	int32_t			 top[BOT_TRIES];

	for (kind = 0; kind < TOWER_NTYPES; kind++)
		if (tower_types[kind].detects && (b->only < 0 ||
		    kind == b->only) && (best < 0 ||
		    tower_types[kind].level[0].cost <
		    tower_types[best].level[0].cost))
			best = kind;
	if (best < 0)
		return false;
	tt = &tower_types[best];
	bot_score_sight(b, tt->level[0].range);
	ntop = bot_top_cells(b, g, top);
	for (k = 0; k < ntop && b->score[top[k]] >= BOT_MIN_COVER / 4; k++) {
		r = game_check_place(g, best, top[k] % b->w, top[k] / b->w);
		if (r != GAME_OK && r != GAME_NO_GOLD)
			continue;
		out->type = GAME_CMD_PLACE;
		out->spec = -1;
		out->tower = best;
		out->x = top[k] % b->w;
		out->y = top[k] / b->w;
		out->cost = game_place_cost(g, best, out->x, out->y);
		out->value = b->score[top[k]] / out->cost;
		return true;
	}
	return false;
}

/*
 * The best specialisation of a top-level tower that has none: what its
 * power and reach add to bot_worth, per gold; one that detects is worth
 * twice as much while hidden enemies come unseen.
 */
bool
bot_best_spec(struct bot *b, const struct game *g, struct bot_action *out)
{
	bool	blind = b->blind;
	double	best = 0.0;
	int	t, k;

	if (g->waves_cleared == 0)
		return false;	/* the defence first */
	for (t = 0; t < g->ntowers; t++) {
		const struct game_tower *tw = &g->towers[t];
		const struct tower_type *tt = &tower_types[tw->type];
		const struct tower_stats *st = &tt->level[tw->level - 1];
		double p0, v;

		if (!tw->used || !(tt->hits & TOWER_GROUND) || tw->spec >= 0 ||
		    tw->level < tt->nlevels)
			continue;
		p0 = bot_tower_power(b, tw);
		for (k = 0; k < TOWER_SPECS; k++) {
			const struct tower_spec *sp = &tt->spec[k];

			if (sp->name == NULL)
				continue;
			v = bot_raise(b, tw, st->range, st->min_range, p0,
			    st->range + sp->range_add, st->min_range,
			    p0 * bot_spec_gain(b, sp)) / sp->cost;
			if (blind && sp->detects)
				v *= 2.0;
			v *= BOT_SPEC_BIAS;
			if (v > best) {
				best = v;
				out->type = GAME_CMD_SPECIALISE;
				out->tower = tw->type;
				out->x = tw->x;
				out->y = tw->y;
				out->spec = tw->type * TOWER_SPECS + k;
				out->cost = sp->cost;
				out->value = v;
			}
		}
	}
	return best > 0.0;
}

/*
 * The best upgrade: what the power it adds, and the cells its longer reach
 * takes in, add to bot_worth over the route, per gold.
 */
bool
bot_best_upgrade(struct bot *b, const struct game *g, struct bot_action *out)
{
	double	best = 0.0;
	int	t;

	for (t = 0; t < g->ntowers; t++) {
		const struct game_tower *tw = &g->towers[t];
		const struct tower_type *tt = &tower_types[tw->type];
		double r0, r1, m0, m1, p0, p1, v;
		int cost;

		if (!tw->used || !(tt->hits & TOWER_GROUND) ||
		    (cost = tower_upgrade_cost(tw->type, tw->level)) < 0)
			continue;
		r0 = tt->level[tw->level - 1].range;
		r1 = tt->level[tw->level].range;
		m0 = tt->level[tw->level - 1].min_range;
		m1 = tt->level[tw->level].min_range;
		p0 = bot_power(tw->type, tw->level) * bot_suits(b, tw->type);
		p1 = bot_power(tw->type, tw->level + 1) * bot_suits(b, tw->type);
		v = bot_raise(b, tw, r0, m0, p0, r1, m1, p1) / cost;
		if (v > best) {
			best = v;
			out->type = GAME_CMD_UPGRADE;
			out->spec = -1;
			out->tower = tw->type;
			out->x = tw->x;
			out->y = tw->y;
			out->cost = cost;
			out->value = v;
		}
	}
	return best > 0.0;
}
