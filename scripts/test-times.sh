#!/usr/bin/env bash
# Usage: test-times.sh FILE. Prints the phases scripts/timed.sh recorded in FILE, in the order they ended.
awk -F'\t' '{ printf "  %-32s %4d s (%d min %02d s)  %s\n", $1, $2, $2 / 60, $2 % 60, $3 }' "$1"
