/* SPDX-License-Identifier: ISC */
/*
 * Traces: a game's events as JSON Lines, one object a line, each with the
 * tick it happened at and its kind:
 *
 *   place, upgrade, sell   "type", "x", "y" (and "level", "cost", "refund")
 *   reject                 "command", "reason", "x", "y" (null for wave)
 *   wave                   "wave" (1-based), "early", "bonus"
 *   spawn, kill, leak      "id", "type" (and "wave", "by", "bounty", "lives")
 *   snapshot               "enemies": [{"id","type","mover","x","y","hp"}]
 *   end                    the summary: "result", "waves_cleared", ...
 *
 * Numbers print the same on every run: positions with three decimals,
 * everything else whole. trace_summary writes the summary object that a
 * headless run prints as its last line.
 */
#ifndef WEIR_TRACE_H
#define WEIR_TRACE_H

#include <stdio.h>

#include "game.h"

void	trace_event(FILE *f, const struct game *g, const struct game_event *ev);
void	trace_snapshot(FILE *f, const struct game *g);
void	trace_summary(FILE *f, const struct game *g, const char *result);
void	trace_callback(void *arg, const struct game_event *ev);

/* What trace_callback needs: where to write, and the game. */
struct trace_sink {
	FILE			*f;
	const struct game	*g;
};

#endif
