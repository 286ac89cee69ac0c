#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make-check.sh: make behaves (make test, "checks make.behaviour"): a wrong
# BOARD, EX, UNIT or ABI stops with the valid choices, a build-only board
# refuses to run, and make help names every .PHONY target and every board.
# Prints what is wrong; exit status 0 only if nothing is.
set -u
m() { make --no-print-directory "$@" 2>&1; }
bad=0
fail() {
  echo "$1"
  bad=1
}
# expect_refusal "WHAT" "TEXT THE MESSAGE MUST CONTAIN" MAKE ARGS...
expect_refusal() {
  local what=$1 want=$2 out
  shift 2
  if out=$(m "$@"); then
    fail "$what: make $* exited 0"
  elif [[ $out != *"$want"* ]]; then
    fail "$what: make $* did not say '$want': $(printf '%s' "$out" | tail -2)"
  fi
}
expect_refusal "unknown board" "qemu-virt-rv64" BOARD=no-such-board lib
expect_refusal "unknown example" "safesu_profile" run-example EX=no-such-example
expect_refusal "no example" "safesu_profile" run-example
expect_refusal "unknown host unit" "safesu" host-run UNIT=no-such-unit
expect_refusal "unknown ABI" "rv64gc-lp64d" BOARD=qemu-virt-rv64 ABI=no-such-abi lib
expect_refusal "build-only board runs" "build-only" BOARD=selene-noelv run-example EX=safesu_profile
expect_refusal "build-only board runs its suites" "build-only" BOARD=selene-noelv qemu-run

help=$(m help)
boards=$(m -s print-ALL_BOARDS)
for b in $boards; do
  [[ $help == *"$b"* ]] || fail "make help does not name board $b"
done
# Every .PHONY target of the Makefile and mk/ (mk/package.mk is a makefile
# of its own; names made by functions, package-<x>, are internal).
files=$(ls Makefile mk/*.mk | grep -v '^mk/package.mk$')
# shellcheck disable=SC2086  # a list of files
targets=$(awk '/\\$/ {sub(/\\$/, ""); printf "%s", $0; next} {print}' $files | sed -n 's/^\.PHONY://p' |
          tr ' ' '\n' | grep -v '\$\|^$' | sort -u)
[ -n "$targets" ] || fail "no .PHONY targets found"
for t in $targets; do
  case $t in test-*) t=test-;; esac
  grep -q -- "$t" <<< "$help" || fail "make help does not name target $t"
done
exit $bad
