#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The one place a result line is printed: "PASS|FAIL|SKIP <where> <what>
# [(<why>)]", the form `make test` counts.
#
# Sourced:  . tools/verdict.sh; verdict PASS|FAIL|SKIP WHERE WHAT [WHY...]
#           (returns 1 for FAIL, else 0)
# Command:  tools/verdict.sh WHERE WHAT CMD...
#           runs CMD; PASS if it exits 0, else its output (indented) and FAIL;
#           exits like CMD.
verdict() {
  local status=$1 where=$2 what=$3
  shift 3
  echo "$status $where $what${*:+ ($*)}"
  [ "$status" != FAIL ]
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  where=$1 what=$2
  shift 2
  out=$("$@" 2>&1)
  rc=$?
  if [ $rc -eq 0 ]; then
    verdict PASS "$where" "$what"
  else
    [ -n "$out" ] && printf '%s\n' "$out" | tail -40 | sed 's/^/  | /'
    verdict FAIL "$where" "$what" "exit $rc"
  fi
  exit $rc
fi
