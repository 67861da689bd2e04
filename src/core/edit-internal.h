/* SPDX-License-Identifier: ISC */
/*
 * What the level editor's files share and nothing else needs (a cell's
 * glyph and what it costs the field are in edit.h). edit.h is the model; this header is
 * only for edit*.c: edit.c (the map, its field, strokes and undo),
 * edit-source.c (the source's statements and the writer), edit-check.c
 * (problems and routes, the bot's trial) and edit-file.c (opening and
 * saving files, save-as, recovery).
 */
#ifndef WEIR_EDIT_INTERNAL_H
#define WEIR_EDIT_INTERNAL_H

#include <stdbool.h>

#include "edit.h"

bool		 edit_is_exit(int glyph);
void		 edit_field_build(struct edit *e);

#endif
