#!/bin/sh
# SPDX-License-Identifier: ISC
# The shipped recordings verify on other machines: weir's core and engine
# with the headless verifier (verify.c), cross-compiled for aarch64
# (fused multiply-add by default there) and s390x (big-endian), static,
# run under qemu-user. Each plays The Hive, The Floodgate, The Great Hunt,
# the daily and the fuzzers' seeds again and must say "ok" as the native
# build does; a copy of The Hive's with one command moved must not. Run
# from the top of the source tree; ARCHS picks the machines (default
# "aarch64 s390x"). Needs gcc-ARCH-linux-gnu and qemu-user (CI installs
# them; skipped, 77, where one is missing).
set -u
archs=${ARCHS:-aarch64 s390x}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cross.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
recs="tests/data/proof/hive.rec tests/data/proof/floodgate.rec
    tests/data/proof/great-hunt.rec tests/data/proof/daily-2026-12-03.rec
    tests/data/record/hero.rec tests/data/record/tiny.rec"
for a in $archs; do
	command -v "$a-linux-gnu-gcc" >/dev/null &&
	    command -v "qemu-$a" >/dev/null ||
	    { echo "cross: no $a-linux-gnu-gcc or qemu-$a: skipped"; exit 77; }
done
# The forged copy: the first command a tick later.
awk 'c == 1 { $1 = $1 + 1; c = 2 } /^commands / && !c { c = 1 } { print }' \
    tests/data/proof/hive.rec >"$tmp/moved.rec"

# Build and verify, one machine a job, both at once.
for a in $archs; do
	(
		"$a-linux-gnu-gcc" -O2 -static -ffp-contract=off \
		    -fno-tree-slp-vectorize -Isrc -Isrc/nav \
		    -DLEVELDIR='"/nonexistent"' -o "$tmp/verify-$a" \
		    tests/cross/verify.c src/core/*.c src/nav/*.c -lm \
		    >"$tmp/build-$a" 2>&1 || { echo build >"$tmp/fail-$a"; exit; }
		# shellcheck disable=SC2086
		"qemu-$a" "$tmp/verify-$a" $recs >"$tmp/out-$a" 2>&1 ||
		    echo verify >"$tmp/fail-$a"
		if "qemu-$a" "$tmp/verify-$a" "$tmp/moved.rec" \
		    >"$tmp/moved-$a" 2>&1; then
			echo forged >"$tmp/fail-$a"
		fi
	) &
done
wait
status=0
for a in $archs; do
	if [ -f "$tmp/fail-$a" ]; then
		status=1
		case $(cat "$tmp/fail-$a") in
		build) echo "FAIL $a: the build failed"; cat "$tmp/build-$a" ;;
		verify) echo "FAIL $a: a recording does not verify"
		    cat "$tmp/out-$a" ;;
		forged) echo "FAIL $a: the moved command verifies"
		    cat "$tmp/moved-$a" ;;
		esac
	else
		sed "s/^/ok $a: /" "$tmp/out-$a"
		echo "ok $a: a command moved a tick: $(cat "$tmp/moved-$a")"
	fi
done
exit $status
