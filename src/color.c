/* SPDX-License-Identifier: ISC */
/*
 * The colour decision (color.h): a word from the command line and the
 * value of NO_COLOR in, yes or no out. Nothing here reads the environment
 * or knows about a terminal, so the rule is tested on its own.
 */
#include <string.h>

#include "color.h"

static const char *const color_words[] = {
	[COLOR_AUTO] = "auto",
	[COLOR_ALWAYS] = "always",
	[COLOR_NEVER] = "never",
};
_Static_assert(sizeof color_words / sizeof color_words[0] == COLOR_NEVER + 1,
    "a word for every enum color_when");

/* Read WORD into *when; false if it is not one of the words. */
bool
color_when_parse(const char *word, enum color_when *when)
{
	size_t	i;

	for (i = 0; i < sizeof color_words / sizeof color_words[0]; i++) {
		if (strcmp(word, color_words[i]) == 0) {
			*when = (enum color_when)i;
			return true;
		}
	}
	return false;
}

/* Colour unless told never, or told nothing and NO_COLOR has a value. */
bool
color_wanted(enum color_when when, const char *no_color)
{
	switch (when) {
	case COLOR_ALWAYS:
		return true;
	case COLOR_NEVER:
		return false;
	case COLOR_AUTO:
		break;
	}
	return no_color == NULL || no_color[0] == '\0';
}
