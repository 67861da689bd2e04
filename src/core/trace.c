/* SPDX-License-Identifier: ISC */
/*
 * The JSON Lines writer. Every string it prints is a fixed name from the
 * game's tables, so nothing needs escaping.
 */
#include <stdio.h>

#include "trace.h"

/* The fields of the summary, without braces. */
static void
trace_summary_fields(FILE *f, const struct game *g, const char *result)
{
	struct game_summary	s;

	game_summary(g, &s);
	fprintf(f, "\"result\":\"%s\",\"waves_cleared\":%d,\"waves_total\":%d,"
	    "\"lives\":%d,\"gold\":%d,\"score\":%d,\"killed\":%d,\"leaked\":%d,"
	    "\"ticks\":%ld,\"income\":%d,\"unspent\":%d", result != NULL ?
	    result : game_state_name(s.state), s.waves_cleared, s.waves_total,
	    s.lives, s.gold, s.score, s.killed, s.leaked, s.ticks, s.income,
	    s.gold);
}

/*
 * Write the summary object and a line end: the end event's fields, then
 * the setting, the stars and, endless, the waves survived past the
 * level's own.
 */
void
trace_summary(FILE *f, const struct game *g, const char *result)
{
	fputc('{', f);
	trace_summary_fields(f, g, result);
	fprintf(f, ",\"difficulty\":\"%s\",\"stars\":%d",
	    difficulty_name(g->difficulty), game_stars(g));
	if (g->endless)
		fprintf(f, ",\"endless_waves\":%d", game_endless_cleared(g));
	fputs("}\n", f);
}

/* What a kill was made by: a tower kind, "hero" or a power's name. */
static const char *
trace_by(int by)
{
	if (by == GAME_BY_HERO)
		return "hero";
	if (by <= GAME_BY_POWER)
		return power_name(GAME_BY_POWER - by);
	return tower_name(by);
}

/* Write event ev as one line; events traces do not carry are skipped. */
void
trace_event(FILE *f, const struct game *g, const struct game_event *ev)
{
	switch (ev->type) {
	case GAME_EV_PLACE:
		fprintf(f, "{\"tick\":%ld,\"event\":\"place\",\"type\":\"%s\","
		    "\"x\":%d,\"y\":%d,\"cost\":%d%s}\n", ev->tick,
		    tower_name(ev->tower), ev->x, ev->y, ev->gold,
		    ev->value ? ",\"on\":\"wall\"" : "");
		break;
	case GAME_EV_UPGRADE:
		fprintf(f, "{\"tick\":%ld,\"event\":\"upgrade\",\"type\":\"%s\","
		    "\"x\":%d,\"y\":%d,\"level\":%d,\"cost\":%d}\n", ev->tick,
		    tower_name(ev->tower), ev->x, ev->y, ev->level, ev->gold);
		break;
	case GAME_EV_SPECIALISE:
		fprintf(f, "{\"tick\":%ld,\"event\":\"specialise\",\"type\":"
		    "\"%s\",\"x\":%d,\"y\":%d,\"name\":\"%s\",\"cost\":%d}\n",
		    ev->tick, tower_name(ev->tower), ev->x, ev->y,
		    spec_name(ev->mode), ev->gold);
		break;
	case GAME_EV_SPLIT:
		fprintf(f, "{\"tick\":%ld,\"event\":\"split\",\"id\":%d,"
		    "\"into\":\"%s\",\"count\":%d,\"x\":%d,\"y\":%d}\n",
		    ev->tick, ev->id, enemy_name(ev->enemy), ev->value, ev->x,
		    ev->y);
		break;
	case GAME_EV_SELL:
		fprintf(f, "{\"tick\":%ld,\"event\":\"sell\",\"type\":\"%s\","
		    "\"x\":%d,\"y\":%d,\"refund\":%d}\n", ev->tick,
		    tower_name(ev->tower), ev->x, ev->y, ev->gold);
		break;
	case GAME_EV_REJECT:
		fprintf(f, "{\"tick\":%ld,\"event\":\"reject\",\"command\":"
		    "\"%s\",\"reason\":\"%s\",", ev->tick,
		    game_cmd_name(ev->cmd), game_reason_name(ev->reason));
		if (ev->cmd == GAME_CMD_POWER)
			fprintf(f, "\"power\":\"%s\",", power_name(ev->power));
		if ((int)ev->cmd >= 0 && ev->cmd < GAME_NCMDS &&
		    !(cmd_types[ev->cmd].args & CMD_ARG_XY))
			fputs("\"x\":null,\"y\":null}\n", f);
		else
			fprintf(f, "\"x\":%d,\"y\":%d}\n", ev->x, ev->y);
		break;
	case GAME_EV_WAVE:
		fprintf(f, "{\"tick\":%ld,\"event\":\"wave\",\"wave\":%d,"
		    "\"early\":%s,\"bonus\":%d}\n", ev->tick, ev->wave,
		    ev->early ? "true" : "false", ev->gold);
		break;
	case GAME_EV_SPAWN:
		fprintf(f, "{\"tick\":%ld,\"event\":\"spawn\",\"id\":%d,"
		    "\"type\":\"%s\",\"wave\":%d}\n", ev->tick, ev->id,
		    enemy_name(ev->enemy), ev->wave);
		break;
	case GAME_EV_KILL:
		fprintf(f, "{\"tick\":%ld,\"event\":\"kill\",\"id\":%d,"
		    "\"type\":\"%s\",\"by\":\"%s\",\"bounty\":%d}\n", ev->tick,
		    ev->id, enemy_name(ev->enemy), trace_by(ev->tower),
		    ev->gold);
		break;
	case GAME_EV_POWER:
		fprintf(f, "{\"tick\":%ld,\"event\":\"power\",\"power\":"
		    "\"%s\",\"x\":%d,\"y\":%d,\"touched\":%d,\"cost\":%d}\n",
		    ev->tick, power_name(ev->power), ev->x, ev->y, ev->value,
		    ev->gold);
		break;
	case GAME_EV_POWER_END:
		fprintf(f, "{\"tick\":%ld,\"event\":\"power_end\","
		    "\"power\":\"%s\",\"x\":%d,\"y\":%d}\n", ev->tick,
		    power_name(ev->power), ev->x, ev->y);
		break;
	case GAME_EV_HERO_ORDER:
		fprintf(f, "{\"tick\":%ld,\"event\":\"hero\",\"x\":%d,"
		    "\"y\":%d}\n", ev->tick, ev->x, ev->y);
		break;
	case GAME_EV_HERO_HIT:
		fprintf(f, "{\"tick\":%ld,\"event\":\"hero_hit\",\"id\":%d,"
		    "\"type\":\"%s\",\"damage\":%d,\"hp\":%d}\n", ev->tick,
		    ev->id, enemy_name(ev->enemy), ev->value, ev->level);
		break;
	case GAME_EV_HERO_FALL:
		fprintf(f, "{\"tick\":%ld,\"event\":\"hero_fall\",\"x\":%d,"
		    "\"y\":%d,\"down\":%d}\n", ev->tick, ev->x, ev->y,
		    ev->value);
		break;
	case GAME_EV_HERO_RETURN:
		fprintf(f, "{\"tick\":%ld,\"event\":\"hero_return\","
		    "\"x\":%d,\"y\":%d}\n", ev->tick, ev->x, ev->y);
		break;
	case GAME_EV_UNSTICK:
		fprintf(f, "{\"tick\":%ld,\"event\":\"unstick\",\"id\":%d,"
		    "\"type\":\"%s\",\"x\":%d,\"y\":%d}\n", ev->tick, ev->id,
		    enemy_name(ev->enemy), ev->x, ev->y);
		break;
	case GAME_EV_LEAK:
		fprintf(f, "{\"tick\":%ld,\"event\":\"leak\",\"id\":%d,"
		    "\"type\":\"%s\",\"lives\":%d}\n", ev->tick, ev->id,
		    enemy_name(ev->enemy), ev->value);
		break;
	case GAME_EV_END:
		fprintf(f, "{\"tick\":%ld,\"event\":\"end\",", ev->tick);
		trace_summary_fields(f, g, NULL);
		fputs("}\n", f);
		break;
	case GAME_EV_UNDO:
		fprintf(f, "{\"tick\":%ld,\"event\":\"undo\",\"type\":\"%s\","
		    "\"x\":%d,\"y\":%d,\"refund\":%d%s}\n", ev->tick,
		    tower_name(ev->tower), ev->x, ev->y, ev->gold,
		    ev->level ? ",\"wall\":true" : "");
		break;
	case GAME_EV_TARGET:
	case GAME_EV_CLEAR:
		break;
	}
}

/* Write a snapshot line: every enemy on the map. */
void
trace_snapshot(FILE *f, const struct game *g)
{
	int	i, n = 0;

	fprintf(f, "{\"tick\":%ld,\"event\":\"snapshot\",\"enemies\":[",
	    g->tick);
	for (i = 0; i < g->nunits; i++) {
		const struct game_unit *u = &g->units[i];

		if (u->kind != GAME_UNIT_ENEMY || u->dead)
			continue;
		fprintf(f, "%s{\"id\":%d,\"type\":\"%s\",\"mover\":\"%s\","
		    "\"x\":%.3f,\"y\":%.3f,\"hp\":%d", n++ > 0 ? "," : "",
		    u->id, enemy_name(u->type), game_hunting(g, i) ? "hunt" :
		    enemy_mover_name(u->mover), g->agents[i].pos.x,
		    g->agents[i].pos.y, u->hp);
		if (enemy_types[u->type].shield > 0)
			fprintf(f, ",\"shield\":%d", u->shield);
		fputc('}', f);
	}
	fputc(']', f);
	if (g->has_hero && game_hero_agent(g) != NULL)
		fprintf(f, ",\"hero\":{\"x\":%.3f,\"y\":%.3f,\"hp\":%d}",
		    game_hero_agent(g)->pos.x, game_hero_agent(g)->pos.y,
		    g->hero_hp);
	else if (g->has_hero)
		fputs(",\"hero\":{\"x\":null,\"y\":null,\"hp\":0}", f);
	fputs("}\n", f);
}

/* A game_event_fn writing to the trace_sink at arg. */
void
trace_callback(void *arg, const struct game_event *ev)
{
	const struct trace_sink	*s = arg;

	trace_event(s->f, s->g, ev);
}
