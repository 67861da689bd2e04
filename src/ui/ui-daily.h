/* SPDX-License-Identifier: ISC */
/*
 * The daily game in the terminal (ui-daily.c): the date's game opened,
 * its one try claimed.
 */
#ifndef WEIR_UI_DAILY_H
#define WEIR_UI_DAILY_H

#include <stddef.h>

#include "ui/ui-screen.h"

struct play	*ui_daily_open(struct ui *u, const char *date, char *err,
		    size_t errlen);

#endif
