/* SPDX-License-Identifier: ISC */
/*
 * Runs a fuzz target over files without libFuzzer: each argument is a file,
 * or a directory whose files are all run. With no arguments it runs the
 * folders the build names in FUZZ_SEEDS (relative to $top_srcdir): the seed
 * corpus and every input that once crashed (tests/fuzz/regress/TARGET), which
 * is how make check keeps old crashes fixed. Replaying nothing is a failure.
 */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int replay_count;

static void
replay_file(const char *path)
{
	FILE *fp = fopen(path, "rb");
	unsigned char *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (fp == NULL) {
		perror(path);
		exit(1);
	}
	do {
		if (len == cap) {
			cap = cap ? 2 * cap : 65536;
			if ((buf = realloc(buf, cap)) == NULL)
				abort();
		}
		n = fread(buf + len, 1, cap - len, fp);
		len += n;
	} while (n > 0);
	fclose(fp);
	LLVMFuzzerTestOneInput(buf, len);
	free(buf);
	replay_count++;
}

static void
replay_path(const char *path)
{
	struct stat st;
	DIR *d;
	struct dirent *e;
	char sub[4096];

	if (stat(path, &st) != 0) {
		perror(path);
		exit(1);
	}
	if (!S_ISDIR(st.st_mode)) {
		replay_file(path);
		return;
	}
	if ((d = opendir(path)) == NULL) {
		perror(path);
		exit(1);
	}
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
		replay_path(sub);
	}
	closedir(d);
}

#ifndef FUZZ_SEEDS
#define FUZZ_SEEDS ""
#endif

/* Replay every folder of FUZZ_SEEDS that exists under $top_srcdir. */
static void
replay_defaults(void)
{
	const char *top = getenv("top_srcdir");
	char list[] = FUZZ_SEEDS, path[4096];

	for (char *d = strtok(list, " "); d != NULL; d = strtok(NULL, " ")) {
		struct stat st;

		snprintf(path, sizeof path, "%s/%s", top ? top : ".", d);
		if (stat(path, &st) == 0)
			replay_path(path);
	}
}

int
main(int argc, char **argv)
{
	if (argc == 1)
		replay_defaults();
	for (int i = 1; i < argc; i++)
		replay_path(argv[i]);
	printf("%d inputs replayed without a crash\n", replay_count);
	return replay_count > 0 ? 0 : 1;
}
