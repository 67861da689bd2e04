/* SPDX-License-Identifier: ISC */
/*
 * The editor's state and what every part of the editor does to it
 * (ui-edit-state.h). Painting a cell goes through core/edit.h, as every
 * change does; this file only chooses what the brush paints.
 */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE
#endif

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/kinds.h"
#include "nav/util.h"
#include "ui/ui-edit-state.h"

/* Set the message line. */
void
ue_say(struct ue *u, bool err, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(u->msg, sizeof u->msg, fmt, ap);
	va_end(ap);
	u->msg_err = err;
	u->msg_start = false;
}

/*
 * A new level's first message asks for a spawn and an exit; once the map
 * has both it gives way to what comes next.
 */
void
ue_start_hint(struct ue *u)
{
	bool	spawn = false, exit = false;

	if (!u->msg_start || u->e == NULL)
		return;
	for (int y = 0; y < u->e->h && !(spawn && exit); y++) {
		for (int x = 0; x < u->e->w; x++) {
			int c = edit_get(u->e, x, y);

			spawn = spawn || (c >= 'A' && c <= 'Z');
			exit = exit || level_glyph_terrain(c) == LEVEL_EXIT;
		}
	}
	if (spawn && exit)
		ue_say(u, false, "a spawn and an exit: e settings, w waves, p "
		    "plays it, b the bot rates it");
}


/* The glyph the brush paints; 0 for the hero. */
int
ue_brush_glyph(const struct ue *u)
{
	if (u->brush == LEVEL_SPAWN)
		return u->spawn;
	if (u->brush == UE_BRUSH_HERO)
		return 0;
	return level_terrain_types[u->brush].glyph;
}

/* The brush's name for the screen. */
void
ue_brush_name(const struct ue *u, char *buf, size_t size)
{
	if (u->brush == UE_BRUSH_HERO)
		snprintf(buf, size, "hero's start");
	else if (u->brush == LEVEL_SPAWN)
		snprintf(buf, size, "spawn %c", u->spawn);
	else
		snprintf(buf, size, "%s '%c'", level_terrain_types[u->brush].name,
		    level_terrain_types[u->brush].glyph);
}

/* Whether the editor draws overlay k: those of the exit field. */
bool
ue_overlay_drawn(int k)
{
	switch (k) {
	case OVERLAY_NONE:
	case OVERLAY_HEAT:
	case OVERLAY_FLOW:
	case OVERLAY_LOS:
	case OVERLAY_PATH:
		return true;
	default:
		return false;	/* towers' previews, the hunt, ... */
	}
}

/* One line of the waves list: row r is a wave or a group. */
bool
ue_wave_row(const struct edit_meta *m, int r, int *w, int *g)
{
	int	k;

	for (k = 0; k < m->nwaves; k++) {
		if (r == 0) {
			*w = k;
			*g = -1;
			return true;
		}
		r--;
		if (r < m->waves[k].ngroups) {
			*w = k;
			*g = r;
			return true;
		}
		r -= m->waves[k].ngroups;
	}
	return false;
}

/* Rows in the waves list. */
int
ue_wave_rows(const struct edit_meta *m)
{
	int	n = m->nwaves;

	for (int k = 0; k < m->nwaves; k++)
		n += m->waves[k].ngroups;
	return n;
}

/* Paint the brush at (x, y): a cell, or where the hero starts. */
void
ue_paint_at(struct ue *u, int x, int y)
{
	int	glyph = ue_brush_glyph(u);

	if (glyph != 0) {
		edit_paint(u->e, x, y, glyph);
		return;
	}
	{
		struct edit_meta *m = xmalloc(sizeof *m);

		*m = u->e->m;
		m->has_hero = true;
		m->hero_x = x;
		m->hero_y = y;
		edit_set_meta(u->e, m);
		free(m);
	}
}

/* Move the cursor by (dx, dy), painting with the pen down. */
void
ue_move(struct ue *u, int dx, int dy)
{
	int	x = u->cx + dx, y = u->cy + dy;

	x = x < 0 ? 0 : x >= u->e->w ? u->e->w - 1 : x;
	y = y < 0 ? 0 : y >= u->e->h ? u->e->h - 1 : y;
	u->cx = x;
	u->cy = y;
	if (u->pen)
		ue_paint_at(u, x, y);
}
