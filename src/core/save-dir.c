/* SPDX-License-Identifier: ISC */
/*
 * Where saved games live: one save a level, $XDG_STATE_HOME/weir/levels/
 * KEY.save, KEY being the level's identity as high scores know it too
 * (session_level_key: an installed level's name, or for another file its
 * name and a hash of its path and bytes), so that leaving one level never
 * overwrites another's save, nor a file elsewhere of the same name the
 * installed level's. A save of an older weir kept under a file's bare name
 * is listed and resumed as any other (the save names its level's path);
 * the game is saved next under its key, and the old file removed then.
 * Older weirs still kept one save for all, $XDG_STATE_HOME/weir/
 * current.save: save_list lists such a save too, to be read where it is;
 * a game resumed from it is saved next in its level's place (and the old
 * file removed then).
 */
#include <sys/stat.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "save.h"
#include "scores.h"
#include "util.h"

/* The state directory, $XDG_STATE_HOME/weir, into buf; -1 when none. */
static int
save_state_dir(char *buf, size_t len)
{
	const char	*state = getenv("XDG_STATE_HOME");
	const char	*home = getenv("HOME");
	int		 n;

	if (state != NULL && state[0] == '/')
		n = snprintf(buf, len, "%s/weir", state);
	else if (home != NULL && home[0] == '/')
		n = snprintf(buf, len, "%s/.local/state/weir", home);
	else
		return -1;
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

/* A level's name for people: its file's base name without the suffix. */
void
save_level_name(char *dst, size_t size, const char *path)
{
	const char	*base = strrchr(path, '/');
	char		 buf[SCORES_NAME_MAX + 1];
	size_t		 n;

	base = base != NULL ? base + 1 : path;
	snprintf(buf, sizeof buf, "%s", base);
	n = strlen(buf);
	if (n > 5 && strcmp(buf + n - 5, ".weir") == 0)
		buf[n - 5] = '\0';
	else if (n > 4 && strcmp(buf + n - 4, ".map") == 0)
		buf[n - 4] = '\0';
	scores_name(dst, size, buf);
}

/*
 * The save of the level called name (its identity, session_level_key),
 * into buf; with make_dir, its directories are made. Characters of name
 * other than letters, digits, '-', '_' and a '.' after the first become
 * '_'. -1 when there is no home or it is too long.
 */
int
save_level_path(char *buf, size_t len, const char *name, bool make_dir)
{
	char	dir[SAVE_PATH_MAX], safe[SCORES_NAME_MAX + 1];
	size_t	i;
	int	n;

	if (save_state_dir(dir, sizeof dir) != 0)
		return -1;
	for (i = 0; name[i] != '\0' && i < sizeof safe - 1; i++) {
		char c = name[i];

		safe[i] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '-' || c == '_' ||
		    (c == '.' && i > 0) ? c : '_';
	}
	safe[i] = '\0';
	n = snprintf(buf, len, "%s/levels/%s.save", dir, i > 0 ? safe :
	    "unnamed");
	if (n < 0 || (size_t)n >= len)
		return -1;
	if (make_dir && save_mkdirs(buf) != 0)
		return -1;
	return 0;
}

/* qsort: paths in byte order. */
static int
save_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Add a copy of path to the list. */
static void
save_list_add(struct save_list *l, const char *path)
{
	size_t	n = strlen(path) + 1;

	l->paths = xrealloc(l->paths, (size_t)l->n + 1, sizeof *l->paths);
	l->paths[l->n] = xmalloc(n);
	memcpy(l->paths[l->n], path, n);
	l->n++;
}

/*
 * Every saved game there is, in l: each level's, by name, then an old
 * single save. Anything there but a directory is listed, for save_open
 * to say what it is. Returns how many.
 */
int
save_list(struct save_list *l)
{
	struct dirent	*de;
	struct stat	 st;
	DIR		*d;
	char		 dir[SAVE_PATH_MAX], path[SAVE_PATH_MAX];
	size_t		 n;
	int		 r;

	memset(l, 0, sizeof *l);
	if (save_state_dir(dir, sizeof dir) != 0)
		return 0;
	r = snprintf(path, sizeof path, "%s/levels", dir);
	if (r > 0 && (size_t)r < sizeof path && (d = opendir(path)) != NULL) {
		while ((de = readdir(d)) != NULL) {
			n = strlen(de->d_name);
			if (n <= 5 || strcmp(de->d_name + n - 5, ".save") != 0)
				continue;
			r = snprintf(path, sizeof path, "%s/levels/%s", dir,
			    de->d_name);
			if (r < 0 || (size_t)r >= sizeof path ||
			    lstat(path, &st) != 0 || S_ISDIR(st.st_mode))
				continue;	/* not a file: save_open says */
			save_list_add(l, path);
		}
		closedir(d);
		if (l->n > 1)
			qsort(l->paths, (size_t)l->n, sizeof *l->paths,
			    save_cmp);
	}
	if (save_default_path(path, sizeof path, false) == 0 &&
	    lstat(path, &st) == 0 && !S_ISDIR(st.st_mode))
		save_list_add(l, path);
	return l->n;
}

/* Free what save_list gave. */
void
save_list_free(struct save_list *l)
{
	int	i;

	for (i = 0; i < l->n; i++)
		free(l->paths[i]);
	free(l->paths);
	memset(l, 0, sizeof *l);
}
