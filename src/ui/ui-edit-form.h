/* SPDX-License-Identifier: ISC */
/*
 * The editor's forms and its waves list (ui-edit-form.c).
 */
#ifndef WEIR_UI_EDIT_FORM_H
#define WEIR_UI_EDIT_FORM_H

#include <stddef.h>

#include "ui/ui-edit-state.h"

void	ue_field(struct ue_form *f, const char *label, size_t max,
	    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void	ue_form_settings(struct ue *u);
void	ue_key_form(struct ue *u, int ch);
void	ue_key_waves(struct ue *u, int ch);

#endif
