/* SPDX-License-Identifier: ISC */
/*
 * weir-bench: checks the engine against published answers and measures it
 * against peers. Every speed figure is a ratio of medians taken in one run,
 * because absolute times on a shared machine mean little.
 */
#ifndef WEIR_BENCH_H
#define WEIR_BENCH_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "nav/grid.h"

#define BENCH_FLUSH	(64 << 20)	/* bytes bench_flush writes */

double		 bench_now(void);
double		 bench_cpu_now(void);
void		 bench_flush(unsigned char *buf);
double		 bench_median(double *v, int n);
double		 bench_geomean(const double *v, int n);
const char	*bench_map_path(const char *name);
struct grid	*bench_load_map(const char *path);
int32_t		 bench_pick_open(const struct grid *g, uint64_t *state);

int		 bench_scen(int argc, char **argv);
int		 bench_field(int argc, char **argv);
void		 bench_field_summary(FILE *out);
int		 bench_los(int argc, char **argv);
int		 bench_repair(int argc, char **argv);
void		 bench_repair_summary(FILE *out);
int		 bench_goal(int argc, char **argv);
void		 bench_goal_summary(FILE *out);
int		 bench_crowd(int argc, char **argv);
void		 bench_crowd_summary(FILE *out);
int		 bench_game(int argc, char **argv);
void		 bench_game_summary(FILE *out);
const char	*bench_game_dir(void);
int		 bench_replay(int argc, char **argv);
void		 bench_replay_summary(FILE *out);
void		 bench_replay_long_summary(FILE *out);
/* A curses screen of lines x cols writing to a temporary file. */
struct screen;
struct bench_screen {
	struct screen	*scr;
	FILE		*out;		/* what curses wrote */
	FILE		*in;		/* /dev/null */
};
bool		 bench_screen_open(struct bench_screen *s, const char *what,
		     int lines, int cols);
void		 bench_screen_close(struct bench_screen *s);
int		 bench_draw(int argc, char **argv);
void		 bench_draw_summary(FILE *out);
int		 bench_worst(int argc, char **argv);
void		 bench_worst_summary(FILE *out);
bool		 bench_worst_write(const char *path);
int		 bench_keys(int argc, char **argv);
void		 bench_keys_summary(FILE *out);

#endif
