/* SPDX-License-Identifier: ISC */
/*
 * The one place that decides which curses header weir uses: the wide
 * ncursesw one when configure found it (UTF-8 glyphs need it), else the
 * plain one, which is only ever given ASCII.
 */
#ifndef WEIR_UI_CURSES_H
#define WEIR_UI_CURSES_H

#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#ifdef HAVE_NCURSESW
#include <ncursesw/curses.h>
#else
#include <curses.h>
#endif

#endif
