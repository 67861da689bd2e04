/* SPDX-License-Identifier: ISC */
/*
 * weir-bench scen: solve every problem of a Moving AI scenario file with the
 * engine and compare with the published optimal length (tolerance 1e-4).
 * A scenario line is: bucket map width height sx sy gx gy optimal.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "nav/field.h"

#define SCEN_TOLERANCE	1e-4

int
bench_scen(int argc, char **argv)
{
	struct grid *g;
	struct field *f;
	FILE *fp;
	char line[1024], mapname[512];
	int passed = 0, failed = 0, lineno = 0;
	int32_t last_goal = -1;

	if (argc != 3) {
		fprintf(stderr, "usage: weir-bench scen MAP SCEN\n");
		return 2;
	}
	g = bench_load_map(argv[1]);
	if ((fp = fopen(argv[2], "r")) == NULL) {
		perror(argv[2]);
		grid_free(g);
		return 2;
	}
	f = field_new(g->w, g->h);
	while (fgets(line, sizeof line, fp) != NULL) {
		int bucket, w, h, sx, sy, gx, gy;
		double opt, got;
		int32_t goal;

		lineno++;
		if (lineno == 1 && strncmp(line, "version", 7) == 0)
			continue;
		if (strspn(line, " \t\r\n") == strlen(line))
			continue;
		if (sscanf(line, "%d %511s %d %d %d %d %d %d %lf", &bucket,
		    mapname, &w, &h, &sx, &sy, &gx, &gy, &opt) != 9) {
			fprintf(stderr, "%s:%d:1: expected 'bucket map width "
			    "height sx sy gx gy optimal'\n", argv[2], lineno);
			failed++;
			continue;
		}
		if (!grid_inside(g, sx, sy) || !grid_inside(g, gx, gy)) {
			printf("FAIL %d (%d,%d)->(%d,%d): off the %dx%d map\n",
			    lineno, sx, sy, gx, gy, g->w, g->h);
			failed++;
			continue;
		}
		/* Consecutive problems often share a goal: reuse its field. */
		goal = grid_index(g, gx, gy);
		if (goal != last_goal) {
			field_integrate(f, g, &goal, 1);
			last_goal = goal;
		}
		got = field_distance(f, sx, sy);
		if (fabs(got - opt) <= SCEN_TOLERANCE) {
			printf("ok   %d (%d,%d)->(%d,%d) %.4f\n", lineno, sx, sy,
			    gx, gy, got);
			passed++;
		} else {
			printf("FAIL %d (%d,%d)->(%d,%d) expected %.4f got %.4f\n",
			    lineno, sx, sy, gx, gy, opt, got);
			failed++;
		}
	}
	fclose(fp);
	field_free(f);
	grid_free(g);
	printf("%d passed, %d failed\n", passed, failed);
	return failed == 0 && passed > 0 ? 0 : 1;
}
