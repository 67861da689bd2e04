/* SPDX-License-Identifier: ISC */
/*
 * The editor's forms and its waves list. A form edits a copy of the
 * level's settings, of a wave or of a group, field by field as text, and
 * hands the copy to edit_set_meta only when every field reads (else the
 * form says which is wrong); the first form, of a new level's size, makes
 * the level. The waves list adds, removes, copies and reorders waves and
 * their groups, each change one undo step.
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
#include "core/text.h"
#include "core/textio.h"
#include "nav/util.h"
#include "ui/ui-edit-form.h"

/* Add a field to the form. */
void
ue_field(struct ue_form *f, const char *label, size_t max, const char *fmt,
    ...)
{
	struct ue_field	*fl = &f->f[f->n++];
	va_list		 ap;

	memset(fl, 0, sizeof *fl);
	fl->label = label;
	fl->max = max;
	va_start(ap, fmt);
	vsnprintf(fl->buf, sizeof fl->buf, fmt, ap);
	va_end(ap);
}

/* Open the settings form. */
void
ue_form_settings(struct ue *u)
{
	struct ue_form		*f = &u->form;
	const struct edit_meta	*m = &u->e->m;

	memset(f, 0, sizeof *f);
	f->kind = UE_FORM_SETTINGS;
	f->title = "Settings";
	ue_field(f, "title", LEVEL_TITLE_MAX, "%s", m->title);
	ue_field(f, "description", LEVEL_DESC_MAX, "%s", m->description);
	ue_field(f, "gold", 8, "%d", m->gold);
	ue_field(f, "lives", 5, "%d", m->lives);
	ue_field(f, "movement", 1, "%d", m->diagonal ? 8 : 4);
	ue_field(f, "marsh cost", 1, "%d", m->slow_cost);
	if (m->has_hero)
		ue_field(f, "hero x y", 10, "%d %d", m->hero_x, m->hero_y);
	else
		ue_field(f, "hero x y", 10, "none");
	ue_field(f, "size", 9, "%dx%d", u->e->w, u->e->h);
	u->mode = UE_FORM;
}

/* Open the form of wave w, or of its group g. */
static void
ue_form_wave(struct ue *u, int w, int g)
{
	struct ue_form		*f = &u->form;
	const struct edit_meta	*m = &u->e->m;
	char			 s1[32], s2[32];

	memset(f, 0, sizeof *f);
	f->wave = w;
	f->group = g;
	if (g < 0) {
		f->kind = UE_FORM_WAVE;
		f->title = "Wave";
		edit_seconds(s1, sizeof s1, m->waves[w].after_ms);
		ue_field(f, "after (s)", 10, "%s", s1);
		return;
	}
	{
		const struct level_group *gr = &m->waves[w].groups[g];

		f->kind = UE_FORM_GROUP;
		f->title = "Group";
		ue_field(f, "count", 4, "%d", gr->count);
		ue_field(f, "kind", 32, "%s", enemy_name(gr->enemy));
		f->f[1].enemy = true;
		ue_field(f, "from", 1, "%c", gr->from);
		edit_seconds(s1, sizeof s1, gr->every_ms);
		edit_seconds(s2, sizeof s2, gr->after_ms);
		ue_field(f, "every (s)", 10, "%s", s1);
		ue_field(f, "after (s)", 10, "%s", s2);
	}
}

/* Read field k of the form as a whole number min..max; false with err. */
static bool
ue_form_int(struct ue_form *f, int k, long min, long max, int *out)
{
	int64_t	v;
	const char *s = f->f[k].buf;

	if (textio_int(s, strlen(s), min, max, &v) != TEXTIO_NUM_OK) {
		snprintf(f->err, sizeof f->err, "%s: expected %ld to %ld",
		    f->f[k].label, min, max);
		f->sel = k;
		return false;
	}
	*out = (int)v;
	return true;
}

/* Read field k as seconds (up to 3 decimals) 0..maxms; false with err. */
static bool
ue_form_seconds(struct ue_form *f, int k, int maxms, int *ms)
{
	uint64_t	 v;
	const char	*s = f->f[k].buf;

	if (textio_decimal(s, strlen(s), 3, (uint64_t)maxms, &v) !=
	    TEXTIO_NUM_OK) {
		snprintf(f->err, sizeof f->err, "%s: expected seconds 0 to %d "
		    "(like 2 or 0.25)", f->f[k].label, maxms / 1000);
		f->sel = k;
		return false;
	}
	*ms = (int)v;
	return true;
}

/* Read field k as text a level file can hold; false with err. */
static bool
ue_form_text(struct ue_form *f, int k, char *dst, size_t size, bool need)
{
	char		*s = f->f[k].buf;
	size_t		 n, i = 0, c;
	bool		 visible;

	while (*s == ' ' || *s == '\t')
		s++;
	n = strlen(s);
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	if (need && n == 0) {
		snprintf(f->err, sizeof f->err, "%s: needed", f->f[k].label);
		f->sel = k;
		return false;
	}
	while (i < n) {
		c = text_char(s + i, n - i, &visible);
		if ((unsigned char)s[i] < 0x20 || (c == 1 &&
		    (unsigned char)s[i] >= 0x7f) || !visible) {
			snprintf(f->err, sizeof f->err, "%s: only text, please",
			    f->f[k].label);
			f->sel = k;
			return false;
		}
		i += c;
	}
	if (n >= size)
		n = size - 1;
	memcpy(dst, s, n);
	dst[n] = '\0';
	return true;
}

/* Apply the settings form; false (err set) if a field is wrong. */
static bool
ue_apply_settings(struct ue *u)
{
	struct ue_form		*f = &u->form;
	struct edit_meta	*m = xmalloc(sizeof *m);
	int			 mv, x, y, w, h;
	bool			 ok = false, resized;
	char			 c;

	*m = u->e->m;
	if (sscanf(f->f[7].buf, "%dx%d%c", &w, &h, &c) != 2 ||
	    w < EDIT_NEW_MIN || h < EDIT_NEW_MIN || w > GRID_MAX_W ||
	    h > GRID_MAX_H) {
		snprintf(f->err, sizeof f->err, "size: WxH, each %d to %d",
		    EDIT_NEW_MIN, GRID_MAX_W);
		f->sel = 7;
		goto out;
	}
	if (!ue_form_text(f, 0, m->title, sizeof m->title, true) ||
	    !ue_form_text(f, 1, m->description, sizeof m->description,
	    false) ||
	    !ue_form_int(f, 2, 0, LEVEL_GOLD_MAX, &m->gold) ||
	    !ue_form_int(f, 3, 1, LEVEL_LIVES_MAX, &m->lives) ||
	    !ue_form_int(f, 4, 4, 8, &mv) ||
	    !ue_form_int(f, 5, 2, GRID_COST_MAX, &m->slow_cost))
		goto out;
	if (mv != 4 && mv != 8) {
		snprintf(f->err, sizeof f->err, "movement: 4 or 8");
		f->sel = 4;
		goto out;
	}
	m->diagonal = mv == 8;
	if (strcmp(f->f[6].buf, "none") == 0 || f->f[6].buf[0] == '\0')
		m->has_hero = false;
	else if (sscanf(f->f[6].buf, "%d %d", &x, &y) == 2 && x >= 0 &&
	    y >= 0 && x < w && y < h) {
		m->has_hero = true;
		m->hero_x = x;
		m->hero_y = y;
	} else {
		snprintf(f->err, sizeof f->err, "hero: X Y on the map, or "
		    "none");
		f->sel = 6;
		goto out;
	}
	resized = edit_resize(u->e, w, h);
	if (edit_set_meta(u->e, m))
		ue_say(u, false, resized ? "map resized, settings changed (two "
		    "steps to undo)" : "settings changed");
	else
		ue_say(u, false, resized ? "map resized to %dx%d" :
		    "settings as they were", w, h);
	if (u->cx >= w)
		u->cx = w - 1;
	if (u->cy >= h)
		u->cy = h - 1;
	ok = true;
out:
	free(m);
	return ok;
}

/* Apply a wave's or a group's form. */
static bool
ue_apply_wave(struct ue *u)
{
	struct ue_form		*f = &u->form;
	struct edit_meta	*m = xmalloc(sizeof *m);
	struct level_group	*gr;
	bool			 ok = false;
	int			 k;

	*m = u->e->m;
	if (f->kind == UE_FORM_WAVE) {
		if (!ue_form_seconds(f, 0, LEVEL_AFTER_MAX_MS,
		    &m->waves[f->wave].after_ms))
			goto out;
	} else {
		gr = &m->waves[f->wave].groups[f->group];
		if (!ue_form_int(f, 0, 1, LEVEL_COUNT_MAX, &gr->count))
			goto out;
		if ((k = enemy_lookup(f->f[1].buf, strlen(f->f[1].buf))) < 0) {
			char names[KIND_LIST_MAX];

			enemy_list(names, sizeof names);
			snprintf(f->err, sizeof f->err, "kind: one of %s", names);
			f->sel = 1;
			goto out;
		}
		gr->enemy = (enum enemy_kind)k;
		if (f->f[2].buf[0] < 'A' || f->f[2].buf[0] > 'Z' ||
		    f->f[2].buf[1] != '\0') {
			snprintf(f->err, sizeof f->err, "from: a spawn letter A "
			    "to Z");
			f->sel = 2;
			goto out;
		}
		gr->from = f->f[2].buf[0];
		if (!ue_form_seconds(f, 3, LEVEL_EVERY_MAX_MS, &gr->every_ms) ||
		    !ue_form_seconds(f, 4, LEVEL_AFTER_MAX_MS, &gr->after_ms))
			goto out;
	}
	edit_set_meta(u->e, m);
	ok = true;
out:
	free(m);
	return ok;
}

/* The new level's size form is answered: make it. */
static bool
ue_apply_new(struct ue *u)
{
	struct ue_form	*f = &u->form;
	const char	*base;
	char		 title[LEVEL_TITLE_MAX + 1];
	size_t		 n;
	int		 w, h;

	if (!ue_form_int(f, 0, EDIT_NEW_MIN, GRID_MAX_W, &w) ||
	    !ue_form_int(f, 1, EDIT_NEW_MIN, GRID_MAX_H, &h))
		return false;
	base = strrchr(u->path, '/');
	base = base == NULL ? u->path : base + 1;
	n = strcspn(base, ".");
	if (n == 0 || n > LEVEL_TITLE_MAX)
		n = strlen("New level");
	snprintf(title, sizeof title, "%.*s", (int)n, n == strcspn(base, ".") ?
	    base : "New level");
	for (size_t i = 0; title[i] != '\0'; i++) {
		if ((unsigned char)title[i] < 0x20 ||
		    (unsigned char)title[i] >= 0x7f)
			title[i] = '?';
	}
	u->e = edit_new(w, h, title);
	u->cx = w / 2;
	u->cy = h / 2;
	ue_say(u, false, "a new %dx%d level: paint a spawn (A-Z) and an exit "
	    "(6, '>'); ? lists the keys", w, h);
	u->msg_start = true;
	return true;
}

/* A key in a form. */
void
ue_key_form(struct ue *u, int ch)
{
	struct ue_form	*f = &u->form;
	struct ue_field	*fl = &f->f[f->sel];
	size_t		 n = strlen(fl->buf);
	bool		 ok;

	switch (ch) {
	case UE_KEY_ESC:
		if (f->kind == UE_FORM_NEW) {
			u->done = true;
			return;
		}
		f->n = 0;
		if (u->mode == UE_FORM)
			u->mode = UE_MAP;
		return;
	case KEY_UP:
	case KEY_BTAB:
		f->sel = (f->sel + f->n - 1) % f->n;
		return;
	case KEY_DOWN:
	case '\t':
		f->sel = (f->sel + 1) % f->n;
		return;
	case KEY_LEFT:
	case KEY_RIGHT:
		if (fl->enemy) {
			int k = enemy_lookup(fl->buf, n);

			k = k < 0 ? 0 : (k + (ch == KEY_RIGHT ? 1 :
			    ENEMY_NKINDS - 1)) % ENEMY_NKINDS;
			snprintf(fl->buf, sizeof fl->buf, "%s", enemy_name(k));
		}
		return;
	case KEY_BACKSPACE:
	case 127:
	case 8:
		while (n > 0 && ((unsigned char)fl->buf[n - 1] & 0xc0) == 0x80)
			n--;	/* a whole UTF-8 character */
		if (n > 0)
			fl->buf[n - 1] = '\0';
		return;
	case '\n':
	case '\r':
	case KEY_ENTER:
		f->err[0] = '\0';
		if (f->kind == UE_FORM_NEW)
			ok = ue_apply_new(u);
		else if (f->kind == UE_FORM_SETTINGS)
			ok = ue_apply_settings(u);
		else
			ok = ue_apply_wave(u);
		if (ok) {
			f->n = 0;
			if (u->mode == UE_FORM)
				u->mode = UE_MAP;
		}
		return;
	default:
		if (ch >= 0x20 && ch < 0x100 && ch != 0x7f && n < fl->max &&
		    n + 1 < sizeof fl->buf) {
			fl->buf[n] = (char)ch;
			fl->buf[n + 1] = '\0';
		}
		return;
	}
}

/* The row of wave w in the waves list. */
static int
ue_wave_first_row(const struct edit_meta *m, int w)
{
	int	r = 0;

	for (int k = 0; k < w; k++)
		r += 1 + m->waves[k].ngroups;
	return r;
}

/* a: a group at the end of wave w, like its last one. */
static void
ue_waves_add_group(struct ue *u, struct edit_meta *m, bool have, int w,
    int g)
{
	struct level_wave	*wv = &m->waves[w];
	struct level_group	*ng;

	if (!have) {
		ue_say(u, true, "no wave to add a group to: W adds one");
		return;
	}
	if (wv->ngroups == LEVEL_MAX_GROUPS) {
		ue_say(u, true, "a wave has at most %d groups",
		    LEVEL_MAX_GROUPS);
		return;
	}
	ng = &wv->groups[wv->ngroups];
	if (wv->ngroups > 0)
		*ng = wv->groups[wv->ngroups - 1];
	else {
		memset(ng, 0, sizeof *ng);
		ng->count = 10;
		ng->from = 'A';
		ng->every_ms = 1000;
	}
	wv->ngroups++;
	edit_set_meta(u->e, m);
	u->wsel += (g < 0 ? 0 : -g - 1) + wv->ngroups;
	ue_say(u, false, "group added to wave %d", w + 1);
}

/* W: after the selected wave, a copy of it; with none, a first one. */
static void
ue_waves_add_wave(struct ue *u, struct edit_meta *m, bool have, int w)
{
	int	at = have ? w + 1 : 0;

	if (m->nwaves == LEVEL_MAX_WAVES) {
		ue_say(u, true, "a level has at most %d waves",
		    LEVEL_MAX_WAVES);
		return;
	}
	memmove(&m->waves[at + 1], &m->waves[at],
	    (size_t)(m->nwaves - at) * sizeof m->waves[0]);
	if (have)
		m->waves[at] = m->waves[w];
	else {
		memset(&m->waves[0], 0, sizeof m->waves[0]);
		m->waves[0].ngroups = 1;
		m->waves[0].groups[0].count = 10;
		m->waves[0].groups[0].from = 'A';
		m->waves[0].groups[0].every_ms = 1000;
	}
	m->nwaves++;
	edit_set_meta(u->e, m);
	u->wsel = ue_wave_first_row(m, at);
	ue_say(u, false, "wave %d added", at + 1);
}

/* x: remove wave w, or its group g. */
static void
ue_waves_remove(struct ue *u, struct edit_meta *m, int w, int g)
{
	struct level_wave	*wv = &m->waves[w];

	if (g < 0) {
		memmove(&m->waves[w], &m->waves[w + 1],
		    (size_t)(m->nwaves - w - 1) * sizeof m->waves[0]);
		m->nwaves--;
		ue_say(u, false, "wave %d removed (u undoes)", w + 1);
	} else {
		memmove(&wv->groups[g], &wv->groups[g + 1],
		    (size_t)(wv->ngroups - g - 1) * sizeof wv->groups[0]);
		wv->ngroups--;
		ue_say(u, false, "group removed (u undoes)");
	}
	edit_set_meta(u->e, m);
}

/* - and +: swap wave w (or its group g) with the one before or after. */
static void
ue_waves_swap(struct ue *u, struct edit_meta *m, int w, int g, int d)
{
	if (g < 0 && w + d >= 0 && w + d < m->nwaves) {
		struct level_wave t = m->waves[w];

		m->waves[w] = m->waves[w + d];
		m->waves[w + d] = t;
		edit_set_meta(u->e, m);
		u->wsel = ue_wave_first_row(m, w + d);
	} else if (g >= 0 && g + d >= 0 && g + d < m->waves[w].ngroups) {
		struct level_group t = m->waves[w].groups[g];

		m->waves[w].groups[g] = m->waves[w].groups[g + d];
		m->waves[w].groups[g + d] = t;
		edit_set_meta(u->e, m);
		u->wsel += d;
	}
}

/* A key that changes the waves, on a copy of the settings m. */
static void
ue_waves_change(struct ue *u, struct edit_meta *m, int ch)
{
	int	w = 0, g = -1;
	bool	have = ue_wave_row(&u->e->m, u->wsel, &w, &g);

	if (ch == 'a')
		ue_waves_add_group(u, m, have, w, g);
	else if (ch == 'W')
		ue_waves_add_wave(u, m, have, w);
	else if ((ch == 'x' || ch == KEY_DC) && have)
		ue_waves_remove(u, m, w, g);
	else if ((ch == '-' || ch == '+' || ch == '=') && have)
		ue_waves_swap(u, m, w, g, ch == '-' ? -1 : 1);
}

/* A key in the waves list. */
void
ue_key_waves(struct ue *u, int ch)
{
	struct edit_meta	*m;
	int			 w = 0, g = -1, rows = ue_wave_rows(&u->e->m);

	if (u->form.n > 0) {
		ue_key_form(u, ch);
		return;
	}
	switch (ch) {
	case UE_KEY_ESC:
	case 'w':
	case 'q':
		u->mode = UE_MAP;
		break;
	case KEY_UP:
	case 'k':
		u->wsel--;
		break;
	case KEY_DOWN:
	case 'j':
		u->wsel = u->wsel + 1 < rows ? u->wsel + 1 : u->wsel;
		break;
	case '\n':
	case '\r':
	case KEY_ENTER:
		if (ue_wave_row(&u->e->m, u->wsel, &w, &g))
			ue_form_wave(u, w, g);
		break;
	case 'u':
		if (!edit_undo(u->e))
			ue_say(u, true, "nothing to undo");
		break;
	case 'r':
		if (!edit_redo(u->e))
			ue_say(u, true, "nothing to redo");
		break;
	default:
		m = xmalloc(sizeof *m);
		*m = u->e->m;
		ue_waves_change(u, m, ch);
		free(m);
		break;
	}
}
