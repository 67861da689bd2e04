/* SPDX-License-Identifier: ISC */
/*
 * A game as the player sees it. Commands go to the game untouched; what
 * the game reports back (struct game_event) becomes the message line, in
 * words that say what happened or why a command was refused, down to
 * which spawn a blocking tower would cut off.
 *
 * What the view marks over the map each frame (routes, the preview,
 * units, shots) is play-mark.c. A tower
 * would block when, with its cell closed, some spawn cell or some living
 * ground enemy could reach no exit: the game's own rule.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/about.h"
#include "nav/reach.h"
#include "nav/repair.h"
#include "nav/util.h"
#include "ui/play.h"

/*
 * Whether a first sight's line is still held on the message line: it
 * came under PLAY_SIGHT_HOLD seconds ago on the screen's clock.
 */
bool
play_sight_holds(const struct play *p)
{
	return p->msg_sight && p->now > 0 && p->sight_from >= 0 &&
	    p->now - p->sight_from < PLAY_SIGHT_HOLD;
}

/* Let the next message take the line from a first sight: a prompt. */
void
play_sight_release(struct play *p)
{
	p->sight_from = -1;
}

/*
 * Set the message line; error says it reports a refusal or a loss. While
 * a first sight's line is held, anything but an error goes to the log
 * only, so the line a key would replace is read first.
 */
void
play_message(struct play *p, bool error, const char *fmt, ...)
{
	char	text[PLAY_MSG_MAX];
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	if (!error && play_sight_holds(p)) {
		play_log_add(p, false, text);
		return;
	}
	memcpy(p->msg, text, sizeof p->msg);
	p->sight_from = -1;
	p->msg_error = error;
	p->msg_sight = false;
	p->msg_start = false;
	p->msg_tick = p->g != NULL ? p->g->tick : 0;
	play_log_add(p, error, p->msg);
}

/* The label of the spawn covering (x, y), or 0. */
char
play_spawn_label(const struct play *p, int x, int y)
{
	for (int s = 0; s < p->lv->nspawns; s++) {
		const struct level_spawn *sp = &p->lv->spawns[s];

		for (int n = 0; n < sp->ncells; n++) {
			if (sp->cells[n].x == x && sp->cells[n].y == y)
				return sp->label;
		}
	}
	return 0;
}

/* Fill sources with the spawn cells and every living ground enemy's cell. */
static int
play_sources(struct play *p)
{
	const struct game	*g = p->g;
	int			 i, n = p->nspawn_cells;

	for (i = 0; i < g->nunits; i++) {
		const struct game_unit *u = &g->units[i];

		if (u->kind != GAME_UNIT_ENEMY || u->dead ||
		    u->mover == ENEMY_FLY)
			continue;
		p->sources[n++] = grid_index(&g->grid,
		    (int)floor(g->agents[i].pos.x),
		    (int)floor(g->agents[i].pos.y));
	}
	return n;
}

/*
 * Whether a tower on (x, y) would cut someone off; the labels of the
 * spawns it would cut off go to labels (room for LEVEL_MAX_SPAWNS + 1),
 * and *enemy says whether some enemy on the map would be. Asked every
 * frame, as enemies move: the check looks only at what the tower would
 * change (reach_cut_blocks), and which spawns it cuts off is found once
 * for a cell and a map.
 */
bool
play_would_block(struct play *p, int x, int y, char *labels, bool *enemy)
{
	const struct level	*lv = p->lv;
	const struct game	*g = p->g;
	int			 s, n = 0, k = 0, b, nsrc;

	*enemy = false;
	nsrc = play_sources(p);
	if (!reach_cut_blocks(p->cut, &g->grid, g->field, p->sources, nsrc,
	    g->goals, g->ngoals, x, y, p->scratch)) {
		labels[0] = '\0';
		return false;
	}
	b = grid_index(&g->grid, x, y);
	if (p->lx != x || p->ly != y || p->lgen != g->map_gen) {
		for (s = 0; s < lv->nspawns; s++) {
			if (!reach_all(&g->grid, p->sources + k,
			    lv->spawns[s].ncells, g->goals, g->ngoals, b,
			    p->scratch))
				p->lblocked[n++] = lv->spawns[s].label;
			k += lv->spawns[s].ncells;
		}
		p->lblocked[n] = '\0';
		p->lx = x;
		p->ly = y;
		p->lgen = g->map_gen;
	}
	memcpy(labels, p->lblocked, sizeof p->lblocked);
	if (nsrc > p->nspawn_cells)
		*enemy = reach_cut_blocks(p->cut, &g->grid, g->field,
		    p->sources + p->nspawn_cells, nsrc - p->nspawn_cells,
		    g->goals, g->ngoals, x, y, p->scratch);
	return true;
}

/* "spawn A" or "spawns A, B and C" for a list of labels, into buf. */
void
play_spawn_list(const char *labels, char *buf, size_t size)
{
	size_t	n = strlen(labels), len;

	snprintf(buf, size, "spawn%s", n == 1 ? "" : "s");
	for (size_t i = 0; i < n; i++) {
		len = strlen(buf);
		snprintf(buf + len, size - len, "%s%c",
		    i == 0 ? " " : (i + 1 == n ? " and " : ", "), labels[i]);
	}
}

/* What a block cuts off, in words: "spawn A cut off from every exit". */
static void
play_block_words(const char *labels, bool enemy, char *buf, size_t size)
{
	char	who[128];

	if (labels[0] != '\0') {
		play_spawn_list(labels, who, sizeof who);
		snprintf(buf, size, "%s%s cut off from every exit", who,
		    enemy ? " and enemies" : "");
	} else
		snprintf(buf, size, "enemies on the map cut off from every "
		    "exit");
}

/* What stands on (x, y), in words. */
const char *
play_terrain_name(const struct play *p, int x, int y)
{
	const struct game_tower	*tw = game_tower_at(p->g, x, y);

	if (tw != NULL)
		return tower_name(tw->type);
	switch (level_terrain_at(p->lv, x, y)) {
	case LEVEL_WALL:
		return "rock";
	case LEVEL_GROUND:
		return "ground";
	case LEVEL_ROAD:
		return "road";
	case LEVEL_SLOW:
		return "marsh";
	case LEVEL_SPAWN:
		return "a spawn";
	case LEVEL_EXIT:
		return "an exit";
	}
	return "?";
}

/* "a grunt", "an escort": an enemy type with its article. */
static const char *
play_enemy_words(int type, char *buf, size_t size)
{
	const char	*n = enemy_name(type);

	snprintf(buf, size, "%s %s", strchr("aeiou", n[0]) != NULL ? "an" :
	    "a", n);
	return buf;
}

/* Words for a refused command, into buf. */
static void
play_refusal(struct play *p, const struct game_event *ev, char *buf,
    size_t size)
{
	const struct game	*g = p->g;
	const char		*why = game_reason_name(ev->reason);
	char			 what[64], more[256], labels[LEVEL_MAX_SPAWNS + 1];
	bool			 enemy;
	size_t			 len, n;

	more[0] = '\0';
	switch (ev->cmd) {
	case GAME_CMD_PLACE:
		snprintf(what, sizeof what, "build %s at (%d,%d)",
		    tower_name(ev->tower), ev->x, ev->y);
		break;
	case GAME_CMD_UPGRADE:
		snprintf(what, sizeof what, "upgrade at (%d,%d)", ev->x, ev->y);
		break;
	case GAME_CMD_SELL:
		snprintf(what, sizeof what, "sell at (%d,%d)", ev->x, ev->y);
		break;
	case GAME_CMD_TARGET:
		snprintf(what, sizeof what, "aim at (%d,%d)", ev->x, ev->y);
		break;
	case GAME_CMD_HERO:
		snprintf(what, sizeof what, "send the hero to (%d,%d)", ev->x,
		    ev->y);
		break;
	case GAME_CMD_UNDO:
		snprintf(what, sizeof what, "undo");
		break;
	case GAME_CMD_POWER:
		snprintf(what, sizeof what, "use %s at (%d,%d)",
		    power_name(ev->power), ev->x, ev->y);
		break;
	case GAME_CMD_SPECIALISE:
		snprintf(what, sizeof what, "specialise at (%d,%d)", ev->x,
		    ev->y);
		break;
	case GAME_CMD_LINE:
		snprintf(what, sizeof what, "build a line of %s from (%d,%d)",
		    tower_name(ev->tower), ev->x, ev->y);
		break;
	case GAME_CMD_UPGRADE_ALL:
		snprintf(what, sizeof what, "upgrade every %s",
		    tower_name(ev->tower));
		break;
	case GAME_CMD_UPGRADE_AREA:
		snprintf(what, sizeof what, "upgrade the box from (%d,%d)",
		    ev->x, ev->y);
		break;
	case GAME_CMD_WAVE:
	case GAME_NCMDS:
		snprintf(what, sizeof what, "call a wave");
		break;
	}
	switch (ev->reason) {
	case GAME_WOULD_BLOCK:
		if (play_would_block(p, ev->x, ev->y, labels, &enemy)) {
			char words[192];

			play_block_words(labels, enemy, words, sizeof words);
			snprintf(more, sizeof more, ": %s", words);
		}
		break;
	case GAME_NO_GOLD:
		if (ev->cmd == GAME_CMD_PLACE && ev->tower >= 0 &&
		    ev->tower < TOWER_NTYPES)
			snprintf(more, sizeof more, ": it costs %d, you have %d",
			    game_place_cost(g, ev->tower, ev->x, ev->y),
			    g->gold);
		else if (ev->cmd == GAME_CMD_UPGRADE &&
		    game_tower_at(g, ev->x, ev->y) != NULL) {
			const struct game_tower *tw = game_tower_at(g, ev->x,
			    ev->y);

			snprintf(more, sizeof more, ": it costs %d, you have %d",
			    tower_upgrade_cost(tw->type, tw->level), g->gold);
		}
		break;
	case GAME_NOT_BUILDABLE:
		if (ev->cmd == GAME_CMD_POWER)
			snprintf(more, sizeof more, ": a barrier needs ground, "
			    "road or marsh, not %s", play_terrain_name(p, ev->x,
			    ev->y));
		else
			snprintf(more, sizeof more, ": %s is not open ground",
			    play_terrain_name(p, ev->x, ev->y));
		break;
	case GAME_OCCUPIED:
		snprintf(more, sizeof more, ": %s stands there",
		    game_tower_at(g, ev->x, ev->y) != NULL ? "a tower" :
		    game_barrier_at(g, ev->x, ev->y) >= 0 ? "a barrier" :
		    game_enemy_blocks_cell(g, ev->x, ev->y) ? "an enemy" :
		    "the hero");
		break;
	case GAME_COOLING:
		if (ev->power >= 0 && ev->power < POWER_NKINDS)
			snprintf(more, sizeof more, ": ready in %d s",
			    (g->powers[ev->power].cooldown + GAME_RATE - 1) /
			    GAME_RATE);
		break;
	case GAME_NO_TARGETING:
		snprintf(more, sizeof more, ": a wall does not shoot");
		break;
	case GAME_NOT_TOP:
		snprintf(more, sizeof more, ": upgrade it to level %d first",
		    TOWER_LEVELS);
		break;
	case GAME_NOT_WALKABLE:
		snprintf(more, sizeof more, ": %s", grid_get_cost(&g->grid,
		    ev->x, ev->y) == 0 ? "nobody walks on it" :
		    "no way there from where the hero is");
		break;
	default:
		break;
	}
	snprintf(buf, size, "cannot %s: %s", what, why);
	len = strlen(buf);
	n = strlen(more);
	if (n >= size - len)
		n = size - len - 1;
	memcpy(buf + len, more, n);
	buf[len + n] = '\0';
}

/* Words for a power used, into buf. */
static void
play_power_words(const struct game_event *ev, char *buf, size_t size)
{
	const struct power_type	*pt = &power_types[ev->power];

	switch (pt->effect) {
	case POWER_EFFECT_STRIKE:
		snprintf(buf, size, "%s at (%d,%d): %d enem%s hit", pt->name,
		    ev->x, ev->y, ev->value, ev->value == 1 ? "y" : "ies");
		break;
	case POWER_EFFECT_BARRIER:
		snprintf(buf, size, "%s raised at (%d,%d) for %d s", pt->name,
		    ev->x, ev->y, pt->ticks / GAME_RATE);
		break;
	case POWER_EFFECT_FREEZE:
		snprintf(buf, size, "%s at (%d,%d) for %d s: %d enem%s "
		    "caught", pt->name, ev->x, ev->y, pt->ticks / GAME_RATE, ev->value,
		    ev->value == 1 ? "y" : "ies");
		break;
	}
}

/*
 * The first enemy of a kind with a trait to learn in this game: one line
 * on what it does and what answers it (about_first, from its row); the
 * log keeps it whole, the message line in the words that fit.
 */
static void
play_first_sight(struct play *p, int kind)
{
	char	line[PLAY_MSG_MAX];

	if (kind < 0 || kind >= ENEMY_NKINDS || p->met[kind])
		return;
	p->met[kind] = true;
	if (about_first(kind, line, sizeof line) > 0) {
		p->sight_from = -1;	/* a new sight takes the line */
		play_message(p, false, "%s", line);
		p->msg_sight = true;	/* the HUD may say it shorter */
		p->msg_kind = kind;
		p->sight_from = p->now;
	}
}

/* Turn what the game reports into the message line. */
void
play_event(void *arg, const struct game_event *ev)
{
	struct play		*p = arg;
	const struct game	*g = p->g;
	char			 buf[PLAY_MSG_MAX], who[32];

	play_sight_event(p, ev);
	if (p->quiet && (ev->type == GAME_EV_PLACE || ev->type ==
	    GAME_EV_UPGRADE || ev->type == GAME_EV_REJECT))
		return;		/* play_batch says what they came to */
	switch (ev->type) {
	case GAME_EV_PLACE:
		play_message(p, false, "built %s at (%d,%d) for %d gold%s",
		    tower_name(ev->tower), ev->x, ev->y, ev->gold,
		    ev->value ? " (on its wall)" : "");
		break;
	case GAME_EV_UNDO:
		play_message(p, false, "undone: %s at (%d,%d), %d gold back%s",
		    tower_name(ev->tower), ev->x, ev->y, ev->gold,
		    ev->level ? " (the wall stands again)" : "");
		break;
	case GAME_EV_UPGRADE:
		play_message(p, false, "%s at (%d,%d) raised to level %d for "
		    "%d gold", tower_name(ev->tower), ev->x, ev->y, ev->level,
		    ev->gold);
		break;
	case GAME_EV_SPECIALISE:
		play_message(p, false, "%s at (%d,%d) specialised: %s, for %d "
		    "gold", tower_name(ev->tower), ev->x, ev->y,
		    spec_name(ev->mode), ev->gold);
		break;
	case GAME_EV_SPLIT:	/* its pieces come as spawns */
		break;
	case GAME_EV_SELL:
		play_message(p, false, "sold %s at (%d,%d) for %d gold",
		    tower_name(ev->tower), ev->x, ev->y, ev->gold);
		break;
	case GAME_EV_TARGET:
		play_message(p, false, "%s at (%d,%d) now targets: %s",
		    tower_name(ev->tower), ev->x, ev->y,
		    tower_target_name(ev->mode));
		break;
	case GAME_EV_REJECT:
		play_refusal(p, ev, buf, sizeof buf);
		play_message(p, true, "%s", buf);
		break;
	case GAME_EV_WAVE:	/* under a first sight, to the log (the
				   status line and wave panel say it) */
		if (ev->early && ev->gold > 0)
			play_message(p, false, "wave %d of %d%s called early: "
			    "+%d gold", ev->wave, g->level_waves, g->endless ?
			    "+" : "", ev->gold);
		else if (ev->early)	/* the bonus pays for a wait skipped */
			play_message(p, false, "wave %d of %d%s called early: "
			    "no bonus, as no wait was left to skip", ev->wave,
			    g->level_waves, g->endless ? "+" : "");
		else
			play_message(p, false, "wave %d of %d%s", ev->wave,
			    g->level_waves, g->endless ? "+" : "");
		break;
	case GAME_EV_LEAK:
		play_message(p, true, "%s got through at (%d,%d): -%d li%s, "
		    "%d left", play_enemy_words(ev->enemy, who, sizeof who),
		    ev->x, ev->y, ev->value, ev->value == 1 ? "fe" : "ves",
		    g->lives);
		break;
	case GAME_EV_CLEAR:	/* the same */
		play_message(p, false, "wave %d cleared: +%d gold", ev->wave,
		    ev->gold);
		break;
	case GAME_EV_END:
		p->sight_from = -1;
		if (g->state == GAME_WON)
			play_message(p, false, "victory! score %d", g->score);
		else
			play_message(p, true, "defeat: the last life is gone");
		break;
	case GAME_EV_HERO_ORDER:
		play_message(p, false, "the hero walks to (%d,%d)", ev->x,
		    ev->y);
		break;
	case GAME_EV_HERO_FALL:
		play_message(p, true, "the hero has fallen: back at its start "
		    "in %d s", ev->value);
		break;
	case GAME_EV_HERO_RETURN:
		play_message(p, false, "the hero is back at (%d,%d)", ev->x,
		    ev->y);
		break;
	case GAME_EV_UNSTICK:
		/* No fault of the player's: the rule that ends a stall. */
		play_message(p, false, "%s got nowhere for %d s (hemmed in "
		    "by the crowd or the walls), so it was moved on to "
		    "(%d,%d): no enemy waits longer", play_enemy_words(
		    ev->enemy, who, sizeof who), GAME_HOPELESS_S, ev->x,
		    ev->y);
		break;
	case GAME_EV_POWER:
		play_power_words(ev, buf, sizeof buf);
		play_message(p, false, "%s", buf);
		break;
	case GAME_EV_POWER_END:
		if (power_types[ev->power].effect == POWER_EFFECT_BARRIER)
			play_message(p, false, "the barrier at (%d,%d) has "
			    "fallen", ev->x, ev->y);
		break;
	case GAME_EV_SPAWN:
		play_first_sight(p, ev->enemy);
		break;
	case GAME_EV_HERO_HIT:
	case GAME_EV_KILL:
		break;
	}
}

/* The name high scores know a level file by: its base name, no suffix. */
void
play_level_name(char *dst, size_t size, const char *path)
{
	save_level_name(dst, size, path);
}

/* The view's buffers and starting state of a play of g on lv. */
static struct play *
play_make(struct level *lv, struct game *g)
{
	struct play	*p;
	size_t		 ncell = (size_t)lv->w * (size_t)lv->h;
	int		 sp, c, k = 0;

	p = xcalloc(1, sizeof *p);
	p->log = xcalloc(PLAY_LOG_MAX, sizeof *p->log);
	p->lv = lv;
	p->g = g;
	p->sight_from = -1;
	for (int e = 0; e < ENEMY_NKINDS; e++)
		p->met[e] = game_kind_seen(p->g, e);
	/* A kind on the map has been seen, whatever brought it (a split). */
	for (int u = 0; u < g->nunits; u++)
		if (g->units[u].kind == GAME_UNIT_ENEMY)
			p->met[g->units[u].type] = true;
	p->w = lv->w;
	p->h = lv->h;
	p->enemy_at = xmalloc(ncell * sizeof *p->enemy_at);
	p->shot_at = xmalloc(ncell * sizeof *p->shot_at);
	p->fx_at = xcalloc(ncell, 1);
	p->route = xcalloc(ncell, 1);
	p->pathmax = lv->w * lv->h + 1;
	p->pathbuf = xcalloc((size_t)p->pathmax, sizeof *p->pathbuf);
	grid_init(&p->pgrid, xmalloc(grid_cells(lv->w, lv->h)), lv->w, lv->h,
	    lv->diagonal);
	p->pfield = field_new(lv->w, lv->h);
	for (sp = 0; sp < lv->nspawns; sp++)
		p->nspawn_cells += lv->spawns[sp].ncells;
	p->sources = xcalloc((size_t)(p->nspawn_cells + p->g->max_enemies + 1),
	    sizeof *p->sources);
	for (sp = 0; sp < lv->nspawns; sp++) {
		for (c = 0; c < lv->spawns[sp].ncells; c++)
			p->sources[k++] = grid_index(&p->g->grid,
			    lv->spawns[sp].cells[c].x,
			    lv->spawns[sp].cells[c].y);
	}
	p->scratch = xcalloc(2 * grid_cells(lv->w, lv->h), sizeof *p->scratch);
	play_sight_new(p);
	p->cut = reach_cut_new(lv->w, lv->h);
	p->lx = p->ly = -1;

	p->speed = 1;
	p->power = -1;
	/* The first kind that attacks is chosen to begin with. */
	while (p->tower < TOWER_NTYPES - 1 &&
	    tower_types[p->tower].attack == TOWER_ATTACK_NONE)
		p->tower++;
	p->px = p->py = -1;
	/* The cursor starts on the open ground nearest the map's middle. */
	play_cursor_near(p, lv->w / 2, lv->h / 2);
	return p;
}

/* The recorder that follows p's game (none if its level cannot be). */
static void
play_recorder(struct play *p)
{
	const struct session	*s = p->s;
	struct game_opts	 o;
	char			 err[256];

	if (s->level_text == NULL)
		return;
	o.sandbox = p->g->sandbox;
	o.difficulty = p->g->difficulty;
	o.endless = p->g->endless;
	p->rec = recorder_new(p->name, s->level_text, s->level_len,
	    s->level_map, s->lv, s->seed, &o, err, sizeof err);
}

/*
 * The play of session s, which it owns from now on; name is what high
 * scores call the level (NULL: from the level file's name). Its game is
 * recorded as it is played.
 */
struct play *
play_new(struct session *s, const char *name)
{
	struct level	*lv = s->lv;
	struct play	*p = play_make(lv, s->g);
	char		 buf[PLAY_MSG_MAX];

	p->s = s;
	if (name != NULL)
		scores_name(p->name, sizeof p->name, name);
	else
		play_level_name(p->name, sizeof p->name, s->path);
	game_set_events(p->g, play_event, p);
	play_recorder(p);
	if (s->resumed) {
		play_resume_as(p, buf, sizeof buf);
		play_message(p, false, "%s", buf);
		p->paused = true;
	} else {
		play_start_as(p, 0, buf, sizeof buf);
		play_message(p, false, "%s", buf);
		p->msg_start = true;
	}
	return p;
}

/*
 * A play that only shows game g of level lv, both the caller's (a
 * replay's): no session, no recording; its events are the caller's to
 * send to play_event.
 */
struct play *
play_watch(struct level *lv, struct game *g, const char *name)
{
	struct play	*p = play_make(lv, g);

	scores_name(p->name, sizeof p->name, name);
	return p;
}

/*
 * The game has jumped (a replay's seek) with no events: what the view
 * keeps from one frame to the next is worked out again.
 */
void
play_seeked(struct play *p)
{
	p->routes_made = false;
	p->pfield_ok = false;
	p->px = p->py = -1;
	p->preview = PLAY_PREVIEW_NONE;
	p->lx = p->ly = -1;
	p->cover_stale = true;
	p->nleaks = 0;
	p->lives_tick = -1;
	p->bell_due = 0;
}

/*
 * The high-score board p's game goes on into buf: scores_board, or a
 * daily game's own (daily_board).
 */
void
play_board(const struct play *p, char *buf, size_t size)
{
	if (p->daily.text[0] != '\0') {
		daily_board(&p->daily.date, buf, size);
		return;
	}
	scores_board(buf, size, p->name, difficulty_name(p->g->difficulty),
	    p->g->endless);
}

/* A new game of the level file at path (see play_new); NULL with err. */
struct play *
play_open(const char *path, const char *name, uint64_t seed, char *err,
    size_t errlen)
{
	struct game_opts	o = GAME_OPTS_INIT;

	return play_open_opts(path, name, seed, &o, err, errlen);
}

/* play_open, for a game played as o says (see game.h). */
struct play *
play_open_opts(const char *path, const char *name, uint64_t seed,
    const struct game_opts *o, char *err, size_t errlen)
{
	struct session	*s;

	if ((s = session_open_opts(path, seed, o, err, errlen)) == NULL)
		return NULL;
	return play_new(s, name);
}

/*
 * Resume the game weir saved at path, paused; NULL with err when it cannot
 * be. It is weir's own save: a corrupt one is moved aside and err says
 * where it went (session.h).
 */
struct play *
play_load(const char *save, char *err, size_t errlen)
{
	struct session	*s;

	if ((s = session_resume(save, SESSION_OWN, NULL, err, errlen)) ==
	    NULL)
		return NULL;
	return play_new(s, NULL);
}

/* Free a play, its game and its level. */
void
play_free(struct play *p)
{
	if (p == NULL)
		return;
	recorder_free(p->rec);
	session_free(p->s);
	free(p->enemy_at);
	free(p->shot_at);
	free(p->fx_at);
	free(p->route);
	free(p->pathbuf);
	free(p->pgrid.cost);
	field_free(p->pfield);
	free(p->sources);
	free(p->scratch);
	play_sight_free(p);
	free(p->log);
	reach_cut_free(p->cut);
	free(p);
}

/* Save the game to path (atomically; see save.h). */
int
play_save(const struct play *p, const char *path,
    const struct safefile_stamp *known, char *err, size_t errlen)
{
	return session_save_over(p->s, path, known, err, errlen);
}

/* Give command c to the game, as a script would. */
enum game_reason
play_command(struct play *p, const struct game_cmd *c)
{
	const struct game_tower	*tw;

	/* The game lets a script set a mode that a kind never reads. */
	if (c->type == GAME_CMD_TARGET && !game_over(p->g) &&
	    (tw = game_tower_at(p->g, c->x, c->y)) != NULL &&
	    tower_types[tw->type].attack != TOWER_ATTACK_NONE &&
	    !play_picks_target(tw->type)) {
		play_message(p, true, "cannot aim %s at (%d,%d): it hits every "
		    "enemy in its reach at once, and picks none",
		    tower_name(tw->type), c->x, c->y);
		return GAME_NO_TARGETING;
	}
	return game_command(p->g, c);
}

/*
 * Whether tower kind picks the enemy it shoots, and so has a targeting
 * mode to set (t): a frost tower's pulse hits every enemy in its reach.
 */
bool
play_picks_target(int kind)
{
	return tower_types[kind].attack != TOWER_ATTACK_NONE &&
	    tower_types[kind].attack != TOWER_ATTACK_PULSE;
}

/* Step the game one tick. */
void
play_tick(struct play *p)
{
	if (game_over(p->g))
		return;
	game_tick(p->g);
	if (p->rec != NULL)
		recorder_tick(p->rec, p->g);
}

/* Put the cursor on (x, y), clamped to the map. */
void
play_set_cursor(struct play *p, int x, int y)
{
	p->cx = x < 0 ? 0 : (x >= p->w ? p->w - 1 : x);
	p->cy = y < 0 ? 0 : (y >= p->h ? p->h - 1 : y);
}

/* Move the cursor by (dx, dy), stopping at the map's edge. */
void
play_move(struct play *p, int dx, int dy)
{
	play_set_cursor(p, p->cx + dx, p->cy + dy);
}

/* Choose the tower kind to build. */
void
play_choose(struct play *p, int tower)
{
	const struct tower_type	*tt;

	if (tower < 0 || tower >= TOWER_NTYPES)
		return;
	p->tower = tower;
	p->power = -1;
	tt = &tower_types[tower];
	play_message(p, false, "%s, %d gold: %s", tt->name, tt->level[0].cost,
	    tt->about);
}

/*
 * Choose power k to aim with the cursor (-1: back to building); what it
 * does, or how long it still cools down, goes on the message line.
 */
void
play_choose_power(struct play *p, int k)
{
	const struct game_power	*gp;

	if (k < 0 || k >= POWER_NKINDS) {
		p->power = -1;
		return;
	}
	p->power = k;
	gp = &p->g->powers[k];
	play_sight_release(p);	/* it says what the next key does */
	if (gp->cooldown > 0)
		play_message(p, false, "%s (ready in %d s): %s; Enter uses it, "
		    "Escape cancels", power_types[k].name,
		    (gp->cooldown + GAME_RATE - 1) / GAME_RATE,
		    power_types[k].about);
	else
		play_message(p, false, "%s: %s; Enter uses it, Escape cancels",
		    power_types[k].name, power_types[k].about);
}

/* Show the next overlay. */
void
play_cycle_overlay(struct play *p)
{
	do
		p->overlay = (p->overlay + 1) % OVERLAY_NKINDS;
	while (overlay_types[p->overlay].hunt && !p->g->has_hero);
	play_message(p, false, "overlay: %s", overlay_name(p->overlay));
}

/*
 * Whether the game stands while a power is aimed (the aim setting's
 * pause), so that the crowd is where the cursor finds it.
 */
bool
play_aim_holds(const struct play *p)
{
	return p->power >= 0 && p->aim_mode == SETTINGS_AIM_PAUSE;
}

/*
 * Ticks of the game a second of real time is worth, over GAME_RATE: the
 * speed, a quarter of it while a power is aimed and the aim setting
 * slows the game, 0 while it stands.
 */
double
play_rate(const struct play *p)
{
	if (play_aim_holds(p))
		return 0;
	if (p->power >= 0 && p->aim_mode == SETTINGS_AIM_SLOW)
		return p->speed / 4.0;
	return p->speed;
}

/* Pause or go on. */
void
play_toggle_pause(struct play *p)
{
	p->paused = !p->paused;
	play_message(p, false, p->paused ? "paused: p goes on" : "playing");
}

/* Next speed: 1x, 2x, 4x, 8x. */
void
play_cycle_speed(struct play *p)
{
	p->speed = p->speed >= PLAY_SPEED_MAX ? 1 : p->speed * 2;
	play_message(p, false, "speed %dx", p->speed);
}

/* The tower under the cursor, or NULL. */
const struct game_tower *
play_tower(const struct play *p)
{
	return game_tower_at(p->g, p->cx, p->cy);
}

/*
 * Whether enemy kind has been seen in this game, whatever brought it (a
 * wave, or a split: its pieces are spawns too), so the wave panel no
 * longer calls it NEW.
 */
bool
play_kind_met(const struct play *p, int kind)
{
	return kind >= 0 && kind < ENEMY_NKINDS && (p->met[kind] ||
	    game_kind_seen(p->g, kind));
}

/* Whether the hero stands on cell (x, y), as the map draws it. */
bool
play_hero_at(const struct play *p, int x, int y)
{
	const struct steer_agent	*hero = game_hero_agent(p->g);

	return hero != NULL && (int)floor(hero->pos.x) == x &&
	    (int)floor(hero->pos.y) == y;
}

/* What the cursor line is about (enum play_subject). */
enum play_subject
play_cursor_subject(const struct play *p)
{
	if (p->power >= 0)
		return PLAY_AT_POWER;
	if (play_hero_at(p, p->cx, p->cy))
		return PLAY_AT_HERO;
	if (play_enemy(p) >= 0)
		return PLAY_AT_ENEMY;
	return play_tower(p) != NULL ? PLAY_AT_TOWER : PLAY_AT_GROUND;
}

/* The unit index of the enemy under the cursor, or -1. */
int
play_enemy(const struct play *p)
{
	return p->enemy_at[play_cell(p, p->cx, p->cy)];
}
