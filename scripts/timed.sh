#!/usr/bin/env bash
# Usage: timed.sh NAME COMMAND [ARGS...]
# Runs one phase of `make test` and prints its wall time; with TEST_TIMES set, also appends
# "NAME<TAB>SECONDS<TAB>STATUS" to that file for the summary. Keeps the command's exit status.
name=$1
shift
start=$(date +%s)
"$@"
status=$?
seconds=$(($(date +%s) - start))
outcome=ok
[ "$status" -eq 0 ] || outcome="failed (exit $status)"
printf '== %s: %d s, %s\n' "$name" "$seconds" "$outcome"
[ -z "${TEST_TIMES:-}" ] || printf '%s\t%d\t%s\n' "$name" "$seconds" "$outcome" >>"$TEST_TIMES"
exit "$status"
