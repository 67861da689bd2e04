#!/bin/sh
# SPDX-License-Identifier: ISC
# Build every fuzz target with clang's libFuzzer (plus AddressSanitizer and
# UndefinedBehaviorSanitizer) and run each for a bounded time, seeded with the
# shipped levels, the test fixtures and every input that once crashed.
#
#   tests/fuzz/run-fuzzers.sh [SECONDS_PER_TARGET] [TARGET...]
#
# Exits 1 on the first crash, leaving the crashing input in the work folder;
# copy it into tests/fuzz/regress/TARGET/ so make check replays it forever.
set -eu
secs=${1:-15}
[ $# -gt 0 ] && shift
src=$(cd "$(dirname "$0")/../.." && pwd)
targets=${*:-$(cd "$src/tests/fuzz" && ls fuzz-*.c | sed -e 's/^fuzz-//' -e 's/\.c$//' | grep -v '^common$')}
work=${FUZZ_WORK:-$(mktemp -d "${TMPDIR:-/tmp}/weir-fuzz.XXXXXX")}
cc=${FUZZ_CC:-clang}
flags="-g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -I$src/src -I$src/src/nav -I$src/tests/fuzz"

if ! command -v "$cc" >/dev/null 2>&1; then
	echo "run-fuzzers: $cc not found" >&2
	exit 1
fi
echo "fuzzing for ${secs}s per target in $work: $targets"
for t in $targets; do
	corpus=$work/corpus-$t
	mkdir -p "$corpus"
	"$cc" $flags -o "$work/fuzz-$t" "$src/tests/fuzz/fuzz-$t.c" \
	    "$src/tests/fuzz/fuzz-common.c" "$src"/src/core/*.c \
	    "$src"/src/nav/*.c -lm
	# Seeds: what the target reads in real use, and past crashes.
	case $t in
	level|edit) seeds="$src/levels $src/tests/data/levels" ;;
	movingai) seeds="$src/tests/data/levels" ;;
	script|save) seeds="$src/tests/data/$t $src/tests/data/game" ;;
	*)	seeds="$src/tests/data/$t" ;;
	esac
	for d in $seeds "$src/tests/fuzz/regress/$t"; do
		[ -d "$d" ] || continue
		find "$d" -type f -exec cp {} "$corpus"/ \;
	done
	if ! "$work/fuzz-$t" -max_total_time="$secs" -max_len=65536 \
	    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
	    -artifact_prefix="$work/crash-$t-" "$corpus" \
	    >"$work/$t.log" 2>&1; then
		tail -n 40 "$work/$t.log"
		echo "run-fuzzers: $t crashed; input(s):" >&2
		ls "$work"/crash-"$t"-* >&2 || true
		exit 1
	fi
	runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work/$t.log" | grep -o '[0-9]*$' || echo '?')
	echo "$t: $runs inputs in ${secs}s, no crash"
done
