#!/bin/sh
# Runs the test program $1 with no arguments and with three, printing each
# exit status; the raw profiles go to $2.1.raw and $2.4.raw.
PATHPROF_FILE="$2.1.raw" "$1"
echo "status=$?"
PATHPROF_FILE="$2.4.raw" "$1" x y z
echo "status=$?"
