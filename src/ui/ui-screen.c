/* SPDX-License-Identifier: ISC */
/*
 * The little every screen of the game uses (ui-screen.h): a note line
 * set from any text (controls escaped), the next paint asked for,
 * whether the terminal is too small for any screen, and the settings
 * file written when a key changes a setting.
 */
#include <stdio.h>
#include <string.h>

#include "core/save.h"
#include "core/text.h"
#include "ui/ui-screen.h"

/* Set a note line to prefix then text (controls escaped), cut to fit. */
void
ui_note(char *dst, size_t size, const char *prefix, const char *raw)
{
	char	text[3 * UI_ERR_MAX];
	size_t	n = strlen(prefix), m;

	text_visible(text, sizeof text, raw);
	m = strlen(text);

	if (n >= size)
		n = size - 1;
	memcpy(dst, prefix, n);
	if (m >= size - n)
		m = size - n - 1;
	memcpy(dst + n, text, m);
	dst[n + m] = '\0';
}

/* Paint everything again at the next chance. */
void
ui_redraw(struct ui *u)
{
	u->dirty = true;
	u->next_frame = 0;
}

/* Whether the terminal is too small to show a screen: boxes keep off. */
bool
ui_small(void)
{
	return COLS < UI_MIN_COLS || LINES < UI_MIN_LINES;
}

/*
 * Write the settings that stay (u->settings, just changed by a key) to
 * the config file, when there is one to write: 0, or -1 with err.
 */
int
ui_settings_save(struct ui *u, char *err, size_t errlen)
{
	const char	*path = u->l->settings_path;
	char		 dirs[PLAY_PATH_MAX];

	if (path == NULL)
		return 0;
	snprintf(dirs, sizeof dirs, "%s", path);
	if (save_mkdirs(dirs) != 0) {
		snprintf(err, errlen, "%s: cannot make its directory", path);
		return -1;
	}
	return settings_save(path, &u->settings, err, errlen);
}
