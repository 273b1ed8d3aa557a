#!/usr/bin/env bash
# ===- utils/merge-instructions.sh - Instructions per merged input --------===#
#
# What one more input costs a merge, in instructions (callgrind): runs the
# merge command on the first SMALL and on the first LARGE inputs of a list
# file, under `valgrind --tool=callgrind`, and prints both totals and their
# difference divided by LARGE - SMALL, which leaves out what does not depend
# on the number of inputs (start-up, the first decoding of a description,
# writing the output). The command names the list file as {list}:
#
#   utils/merge-instructions.sh pathraw.list 5 20 \
#       build/bin/llvm-pathprof merge -j1 -f {list} -o /tmp/out.pathprof
#   utils/merge-instructions.sh profraw.list 5 20 \
#       llvm-profdata-19 merge --num-threads=1 -f {list} -o /tmp/out.profdata
#
# ===----------------------------------------------------------------------===#
set -euo pipefail
if [ $# -lt 4 ]; then
  echo "usage: $0 LIST SMALL LARGE COMMAND... (with {list})" >&2
  exit 2
fi
List=$1 Small=$2 Large=$3
shift 3
Dir=$(mktemp -d)
trap 'rm -rf "$Dir"' EXIT

instructions() { # N: the command's instructions on the first N inputs
  head -n "$1" "$List" > "$Dir/list"
  shift
  local Args=() A
  for A in "$@"; do Args+=("${A//\{list\}/$Dir/list}"); done
  valgrind --tool=callgrind --callgrind-out-file="$Dir/out" "${Args[@]}" \
    2> "$Dir/log" > /dev/null
  sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$Dir/log"
}

IS=$(instructions "$Small" "$@")
IL=$(instructions "$Large" "$@")
echo "inputs $Small: $IS instructions"
echo "inputs $Large: $IL instructions"
echo "per input: $(( (IL - IS) / (Large - Small) )) instructions"
