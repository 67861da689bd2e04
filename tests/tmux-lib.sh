# SPDX-License-Identifier: ISC
# The harness of the terminal tests (tests/*-tmux.test), sourced by each:
# weir in a private tmux server of its own (tmux -L, one socket a test, no
# user configuration), at a fixed size, typed into and read back. weir
# runs with WEIR_TEST_STATE set (src/ui/ui-state.c): it appends one line
# per frame it draws, "screen=play box=none ... tick=.. gold=.. lives=..
# msg=...", so a test waits on what weir says it drew, not on a screen
# tmux may have half taken in; it reads the screen (capture-pane) to check
# what is drawn once the state says the frame is there. Every wait polls
# with a time limit ($limit tenths of a second, WEIR_UI_TEST_WAIT); no wait
# is a fixed sleep.
#
# How to write a test with it:
#
#   #!/bin/sh
#   # SPDX-License-Identifier: ISC
#   # What the test checks ...
#   . "${top_srcdir:-.}/tests/tmux-lib.sh"
#   tl_init mytest                  # skips (77) without tmux; $tmp, $weir,
#                                   # $src set; the server killed at exit
#   cp "$src/levels/meadow.weir" "$tmp/levels/"
#   start 100 30 "'$weir' '$tmp/levels/meadow.weir'"
#                                   # the command runs in the pane, under
#                                   # the scratch HOME and XDG_* of $tmp
#   wait_state "the game" 'screen=play box=none'
#   keys Space                      # marks the state file, then types
#   wait_state "a tower built" 'msg=built arrow'
#   appears "built arrow" || fail "the message is not drawn"
#   ok "a tower built"
#   keys q y
#   finish                          # "N passed", exit status
#
# wait_state PATTERN is an extended regular expression (grep -E) matched
# against the state lines drawn since the last keys (or, with
# wait_state_now, the latest line whatever its age). appears TEXT polls
# the screen until TEXT is on it or the limit passes (tmux draws a frame a
# moment after weir sent it); wait_for TEXT is the same, failing on the
# limit, for what no state field says; shows TEXT looks once. fail shows the screen and the
# last state line. A test may still define its own helpers over these.

limit=${WEIR_UI_TEST_WAIT:-300}		# tenths of a second per wait
passed=0
pane=ui:0.0
unset TMUX

# tl_init NAME [notmux]: the checks every test makes first, the scratch
# directory ($tmp with levels/, data/, state/, config/ under it), the
# socket and the cleanup. Without tmux the test is skipped (77), unless
# notmux says it checks things without it first (then tl_tmux says
# whether there is one).
tl_tmux() {
	command -v tmux >/dev/null 2>&1
}
tl_init() {
	weir=${top_builddir:-.}/src/weir
	src=${top_srcdir:-.}
	if ! tl_tmux && [ "${2:-}" != notmux ]; then
		echo "tmux not found: skipped"
		exit 77
	fi
	if [ ! -x "$weir" ]; then
		echo "no program at $weir"
		exit 99
	fi
	if [ ! -f "$src/levels/meadow.weir" ]; then
		echo "no levels under $src"
		exit 99
	fi
	weir=$(cd "$(dirname "$weir")" && pwd)/$(basename "$weir")
	src=$(cd "$src" && pwd)
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX") || exit 99
	tmp=$(cd "$tmp" && pwd -P)
	mkdir -p "$tmp/levels" "$tmp/data" "$tmp/state" "$tmp/config" \
	    "$tmp/home" || exit 99
	sock=weir-$1-$$
	statef=$tmp/frames
	: >"$statef"
	mark=0 kmark=-1 pmark=
	trap tl_cleanup EXIT
	trap 'exit 1' HUP INT TERM
}

# TL_AT_EXIT, when set, is a shell line run first at the end (a test's own
# files outside $tmp, say).
tl_cleanup() {
	[ -n "${TL_AT_EXIT:-}" ] && eval "$TL_AT_EXIT"
	tl_tmux && tm kill-server >/dev/null 2>&1
	chmod -R u+w "$tmp" 2>/dev/null
	rm -rf "$tmp"
}

# tm ARGS...: tmux on the private socket.
tm() {
	tmux -L "$sock" -f /dev/null "$@"
}

# start COLS ROWS COMMAND: a new server whose one pane runs COMMAND (a
# shell line) with the scratch directories, UTF-8, TERM=xterm-256color
# and the state file; the pane stays after COMMAND ends (remain-on-exit).
# TL_ENV, when set, is put before COMMAND (more variables).
start() {
	tm new-session -d -s ui -x "$1" -y "$2" \
	    "HOME='$tmp/home' WEIR_LEVELDIR='$tmp/levels' \
	    XDG_DATA_HOME='$tmp/data' XDG_STATE_HOME='$tmp/state' \
	    XDG_CONFIG_HOME='$tmp/config' LANG=C.UTF-8 LC_ALL=C.UTF-8 \
	    TERM=xterm-256color WEIR_TEST_STATE='$statef' ${TL_ENV:-} $3" \; \
	    set-option -t ui remain-on-exit on >/dev/null ||
	    fail "tmux did not start"
}

# tl_mark: the frames drawn so far are old; drawn and said look after
# them. keys KEY...: mark them, then type (tmux key names); a frame then
# counts only once weir has read a key (its state line's keys= above the
# latest frame's before the typing, or another process): a frame drawn
# before weir read them still shows the message of the last keys.
tl_mark() {
	mark=$(wc -l <"$statef")
	kmark=-1 pmark=
}
tl_mark_keys() {
	mark=$(wc -l <"$statef")
	kmark=$(field keys) pmark=$(field pid)
	if [ -z "$kmark" ]; then
		[ -s "$statef" ] && fail "weir's state line has no keys="
		kmark=-1
	fi
}
keys() {
	tl_mark_keys
	tm send-keys -t "$pane" "$@"
}
# type_text TEXT: the same, TEXT typed literally.
type_text() {
	tl_mark_keys
	tm send-keys -t "$pane" -l "$1"
}
# tl_since: the state lines drawn since the mark that count.
tl_since() {
	tail -n +"$((mark + 1))" "$statef" | awk -v k="$kmark" -v p="$pmark" '{
		n = -1; q = ""
		for (i = 1; i < NF && index($i, "msg=") != 1; i++)
			if (index($i, "keys=") == 1)
				n = substr($i, 6) + 0
			else if (index($i, "pid=") == 1)
				q = substr($i, 5)
		if (k < 0 || q != p || n > k)
			print
	}'
}

# The screen as text, one line a row; the latest state line.
screen() {	# TL_CAPTURE: more capture-pane options (-J: wrapped lines joined)
	tm capture-pane -p ${TL_CAPTURE:-} -t "$pane"
}
state() {
	tail -n 1 "$statef"
}
# field NAME: the latest state line's NAME (msg: the rest of the line).
field() {
	state | awk -v k="$1" '{
		if (k == "msg") { print substr($0, index($0, " msg=") + 5); exit }
		for (i = 1; i <= NF; i++)
			if (index($i, k "=") == 1) {
				print substr($i, length(k) + 2); exit
			}
	}'
}

# ok WHAT: one check passed. fail WHY: say why, show the screen and the
# last frame's state, stop (TL_SCREEN, when it names a file, is shown
# as the screen: one kept before its pane went). Both name the terminal's
# size when the test set one with resize.
ok() {
	passed=$((passed + 1))
	echo "ok $1${size:+ ($size)}"
}
fail() {
	echo "FAIL: $1${size:+ (at $size)}"
	echo "--- screen:"
	if [ -n "${TL_SCREEN:-}" ] && [ -f "$TL_SCREEN" ]; then
		cat "$TL_SCREEN"
	else
		screen 2>/dev/null
	fi
	echo "--- state: $(state 2>/dev/null)"
	echo "$passed passed, 1 failed"
	exit 1
}
finish() {
	echo "$passed passed, 0 failed"
	exit 0
}

# wait_until DESCRIPTION COMMAND...: poll until COMMAND succeeds.
wait_until() {
	tl_what=$1
	shift
	tl_n=0
	while ! "$@"; do
		tl_n=$((tl_n + 1))
		[ $tl_n -ge "$limit" ] && fail "timed out waiting for $tl_what"
		sleep 0.1
	done
}

# A state line since the last keys matches the ERE; the latest does.
drawn() {
	tl_since | grep -E -q -- "$1"
}
drawn_now() {
	state | grep -E -q -- "$1"
}
# wait_state DESCRIPTION ERE: a frame since the last keys matches.
wait_state() {
	wait_until "$1 (state /$2/)" drawn "$2"
}
# wait_state_now DESCRIPTION ERE: the latest frame matches.
wait_state_now() {
	wait_until "$1 (state /$2/)" drawn_now "$2"
}

# Screen checks. shows, shows_re and hides look once (for a frame the
# state says is settled, or to say something is not drawn); appears,
# appears_re and vanishes poll, to the limit, for tmux to show what weir
# drew (a moment after weir sent it), and say whether it came.
shows() {
	screen | grep -F -q -- "$1"
}
shows_re() {
	screen | grep -E -q -- "$1"
}
hides() {
	! shows "$1"
}
tl_poll() {	# its own count: a wait_until's COMMAND may poll
	tl_pn=0
	while ! "$@"; do
		tl_pn=$((tl_pn + 1))
		[ $tl_pn -ge "$limit" ] && return 1
		sleep 0.1
	done
	return 0
}
appears() {
	tl_poll shows "$1"
}
appears_re() {
	tl_poll shows_re "$1"
}
vanishes() {
	tl_poll hides "$1"
}
wait_for() {
	wait_until "'$1' on screen" shows "$1"
}
wait_re() {
	wait_until "/$1/ on screen" shows_re "$1"
}
wait_gone() {
	wait_until "'$1' to go away" hides "$1"
}

# wait_msg TEXT: a frame since the last keys has TEXT in its message.
said() {
	tl_since | sed -n 's/.* msg=//p' |
	    grep -F -q -- "$1"
}
wait_msg() {
	wait_until "the message '$1'" said "$1"
}

# goto X Y: walk the map cursor there with h j k l, as a player would,
# from where the latest frame has it (the game's or the editor's).
goto() {
	tl_x=$(field x)
	tl_y=$(field y)
	[ -n "$tl_x" ] && [ -n "$tl_y" ] || fail "no cursor in the state"
	tl_dx=$(($1 - tl_x))
	tl_dy=$(($2 - tl_y))
	set -- "$1" "$2"
	while [ $tl_dx -gt 0 ]; do set -- "$@" l; tl_dx=$((tl_dx - 1)); done
	while [ $tl_dx -lt 0 ]; do set -- "$@" h; tl_dx=$((tl_dx + 1)); done
	while [ $tl_dy -gt 0 ]; do set -- "$@" j; tl_dy=$((tl_dy - 1)); done
	while [ $tl_dy -lt 0 ]; do set -- "$@" k; tl_dy=$((tl_dy + 1)); done
	tl_gx=$1
	tl_gy=$2
	shift 2
	[ $# -gt 0 ] && keys "$@"
	wait_state_now "the cursor on ($tl_gx,$tl_gy)" " x=$tl_gx y=$tl_gy "
	# and, where the screen names the cursor's cell, tmux has drawn it
	tl_poll cursor_is "$tl_gx" "$tl_gy"
	return 0
}

# wait_exit: the command in the pane ends (the pane stays, dead); its
# status is then exit_status.
pane_dead() {
	[ "$(tm list-panes -t ui -F '#{pane_dead}' 2>/dev/null)" = 1 ]
}
wait_exit() {
	wait_until "weir to end" pane_dead
}
exit_status() {
	tm list-panes -t ui -F '#{pane_dead_status}'
}

# wait_change DESCRIPTION NAME OLD: the latest frame's NAME is not OLD.
field_not() {
	[ "$(field "$1")" != "$2" ]
}
wait_change() {
	wait_until "$1 ($2 no longer $3)" field_not "$2" "$3"
}
# wait_redrawn DESCRIPTION OLD: the screen is no longer the text OLD (a
# capture taken before the keys), once the state says it changed.
redrawn() {
	[ "$(screen)" != "$1" ]
}
wait_redrawn() {
	wait_until "$1 (redrawn)" redrawn "$2"
}

# wait_ticks DESCRIPTION N: the game goes N ticks (GAME_RATE, 30, a
# second of its clock) past the latest frame's, or ends (its clock stops
# there); a wait on the game's clock, not on the machine's.
tick_past() {
	[ "$(field tick)" -ge "$1" ] 2>/dev/null || drawn_now ' over=1 '
}
wait_ticks() {
	tl_t=$(field tick)
	[ "${tl_t:--1}" -ge 0 ] 2>/dev/null || fail "$1: no game's tick"
	wait_until "$1 (tick $((tl_t + $2)))" tick_past $((tl_t + $2))
}
# wait_frame DESCRIPTION: a frame drawn since the last keys (or resize).
wait_frame() {
	wait_until "$1 (a frame drawn)" drawn .
}

# settled: the screen once two captures agree, or the latest after the
# limit (a capture may come part way through a redraw; a game in play may
# never hold still).
settled() {
	tl_prev=$(screen)
	tl_n=0
	while [ $tl_n -lt "$limit" ]; do
		sleep 0.05
		tl_now=$(screen)
		[ "$tl_now" = "$tl_prev" ] && break
		tl_prev=$tl_now
		tl_n=$((tl_n + 1))
	done
	printf '%s\n' "$tl_prev"
}

# Tests that type command lines into a shell in the pane (weir run, left,
# run again with other options, its exit status read):
#
#   tl_shell COLS ROWS [pid]: the shell (prompt "weir-test$ ", in $tmp,
#     the state file set), and $tmp/run, which runs its arguments and
#     then says weir-status=N (with pid, its first argument is a file
#     that gets the program's process id: ./run "$tmp/pid" weir ...);
#   line TEXT: TEXT typed and Enter;
#   shell_says TEXT: the pane's text, wrapped lines joined, holds TEXT;
#   quit: q y out of a game, the status awaited (TL_QUIT_STATUS, when
#     set, is the one wanted), the screen cleared, TL_QUIT_THEN (a shell
#     line) run when set;
#   resize COLSxROWS: the window's size (and $size, which ok and fail
#     give); the next wait_frame is for a frame since the resize;
#   fresh: no settings, no saved games, no scores.
tl_shell() {
	if [ "${3:-}" = pid ]; then
		cat >"$tmp/run" <<'EOS'
#!/bin/sh
pidfile=$1
shift
sh -c 'echo $$ >"$0"; exec "$@"' "$pidfile" "$@"
echo "weir-status=$?"
EOS
	else
		cat >"$tmp/run" <<'EOS'
#!/bin/sh
"$@"
echo "weir-status=$?"
EOS
	fi
	chmod +x "$tmp/run"
	tm new-session -d -s ui -x "$1" -y "$2" -c "$tmp" \
	    "WEIR_TEST_STATE='$statef' PS1='weir-test\$ ' ENV= exec sh -i" ||
	    fail "tmux would not start"
	wait_for 'weir-test$'
}
line() {
	tm send-keys -t "$pane" -l "$1"
	tm send-keys -t "$pane" Enter
}
shell_says() {
	tm capture-pane -p -J -t "$pane" | grep -F -q -- "$1"
}
quit() {
	keys q
	wait_for "quit? (y/n)"
	keys y
	wait_for "weir-status=${TL_QUIT_STATUS:-}"
	line clear
	[ -n "${TL_QUIT_THEN:-}" ] && eval "$TL_QUIT_THEN"
	return 0
}
fresh() {
	rm -rf "$tmp/config" "$tmp/state" "$tmp/data"
	mkdir -p "$tmp/config" "$tmp/state" "$tmp/data"
}
resize() {
	size=$1
	cols=${size%x*}
	lines=${size#*x}
	tl_mark		# the same size again: no key
	tm resize-window -t "${pane%%:*}" -x "$cols" -y "$lines"
}

# The game's HUD: cursor_is X Y, its cursor line names the cell (the
# editor's foot, "X,Y ..." at the start of a row, as well);
# cursor_line, that line once two captures agree.
cursor_is() {
	screen | grep -E -q "^( \\($1,$2\\)|$1,$2) "
}
cursor_line() {
	tl_prev=$(screen | grep "^ ([0-9]*,[0-9]*) ")
	tl_n=0
	while [ $tl_n -lt 40 ]; do
		sleep 0.05
		tl_now=$(screen | grep "^ ([0-9]*,[0-9]*) ")
		[ "$tl_now" = "$tl_prev" ] && break
		tl_prev=$tl_now
		tl_n=$((tl_n + 1))
	done
	printf '%s\n' "$tl_prev"
}

# tl_press KEY COMMAND: press KEY, then poll (2 s at
# most) until COMMAND's output differs from before the press, so a
# loop of presses never runs ahead of the screen. scroll KEY: the whole
# screen; next_overlay: the title bar's overlay name (v).
tl_press() {
	tl_was=$("$2")
	keys "$1"
	tl_n=0
	while [ "$("$2")" = "$tl_was" ] && [ $tl_n -lt 20 ]; do
		sleep 0.1
		tl_n=$((tl_n + 1))
	done
}
tl_overlay_name() {
	screen | grep -o "overlay: [^|]*" | head -n 1
}
scroll() {
	tl_press "$1" screen
}
next_overlay() {
	tl_press v tl_overlay_name
}
