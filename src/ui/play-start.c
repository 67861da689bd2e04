/* SPDX-License-Identifier: ISC */
/*
 * The message a game starts with, new or resumed: the level's title and
 * description, its waves and the first keys, in forms shorter each; a
 * resumed game's where it stands; either with the speed kept from the last
 * game played when it is not 1x.
 */
#include <stdio.h>
#include <string.h>

#include "ui/play.h"

/*
 * The message a resumed game starts with: "Tiny resumed, 1/2 waves begun,
 * paused: p goes on, ? shows the keys", with " at 2x" after "paused" when
 * it runs at the speed kept from the last game played and that is not 1x.
 */
void
play_resume_as(const struct play *p, char *buf, size_t size)
{
	char	at[32] = "";

	if (p->speed > 1)
		snprintf(at, sizeof at, " at %dx (f changes it)", p->speed);
	snprintf(buf, size, "%s resumed, %d/%d%s waves begun, paused%s: p "
	    "goes on, ? shows the keys", p->lv->title, p->g->next_wave,
	    p->g->level_waves, p->g->endless ? "+" : "", at);
}

/*
 * Run a game at speed, the one kept from the last game played: the start
 * message of a new game or a resumed one, on the line and in the log,
 * says so. The log keeps the whole text; the line may show a new game's
 * shorter (play_start_as).
 */
void
play_keep_speed(struct play *p, int speed)
{
	struct play_log	*l;

	p->speed = speed < 1 ? 1 : (speed > PLAY_SPEED_MAX ? PLAY_SPEED_MAX :
	    speed);
	if (p->s != NULL && p->s->resumed)
		play_resume_as(p, p->msg, sizeof p->msg);
	else if (p->msg_start)
		play_start_as(p, 0, p->msg, sizeof p->msg);
	else
		return;
	if (p->log != NULL && p->nlog > 0) {
		l = &p->log[(p->nlog - 1) % PLAY_LOG_MAX];
		snprintf(l->text, sizeof l->text, "%s", p->msg);
	}
}

/*
 * The speed a new game runs at, kept from the last game played (the
 * setting speed), after its start message in form f when it is not 1x:
 * "; it runs at 2x, the speed kept from your last game (f changes it)",
 * then " (at 2x: f)".
 */
static void
play_start_speed(const struct play *p, int f, char *buf, size_t size)
{
	size_t	len = strlen(buf);

	if (p->speed <= 1)
		return;
	if (f <= 0)
		snprintf(buf + len, size - len, "; it runs at %dx, the speed "
		    "kept from your last game (f changes it)", p->speed);
	else
		snprintf(buf + len, size - len, " (at %dx: f)", p->speed);
}

/*
 * The message a new game starts with, in form f (0..PLAY_START_NFORMS-1,
 * shorter each): the level's title and description, as the title screen
 * shows them, whichever way the game was started, then its waves and the
 * first keys: "Tiny: A test. 2 waves. Build, then n calls the first wave;
 * ? shows the keys", then "... (2 waves; n: the first, ?: keys)", then the
 * title and description alone.
 */
void
play_start_as(const struct play *p, int f, char *buf, size_t size)
{
	const struct level	*lv = p->lv;
	size_t			 len = strlen(lv->description);
	const char		*sep = "";
	int			 n = lv->nwaves;

	if (len > 0)	/* a sentence of its own */
		sep = strchr(".!?", lv->description[len - 1]) != NULL ? " " :
		    ". ";

	if (f <= 0)
		snprintf(buf, size, "%s: %s%s%d wave%s%s. Build, then n calls "
		    "the first wave; ? shows the keys", lv->title,
		    lv->description, sep, n, n == 1 ? "" : "s", p->g->endless ?
		    ", then endless ones" : "");
	else if (f == 1)
		snprintf(buf, size, "%s: %s%s(%d wave%s%s; n: the first, ?: "
		    "keys)", lv->title, lv->description, sep, n, n == 1 ? "" :
		    "s", p->g->endless ? " and endless" : "");
	else
		snprintf(buf, size, "%s: %s", lv->title, lv->description[0] !=
		    '\0' ? lv->description : "? shows the keys");
	play_start_speed(p, f, buf, size);
}
