#!/usr/bin/env bash
#===- utils/run-fuzzers.sh - build and run the profile reader fuzzers ------===#
#
# Builds the libFuzzer targets of fuzz/ in their own build directory and runs
# each one, one after the other on one core, for a fixed time:
#
#   utils/run-fuzzers.sh [--results FILE] [FUZZER...]
#
# FUZZER is raw, indexed, text or perf-script (default: all four). Each fuzzer starts from the seed
# corpus in fuzz/corpus/<name>/ (read only) plus the inputs earlier runs in
# the same build directory found (BUILD/fuzz-corpus/<name>/), so repeated runs
# keep going where the last one stopped. A fuzzer passes when it runs for the
# whole time without a crash, sanitizer report, leak, timeout or out-of-memory
# (docs/Testing.md); otherwise the input that did it is in
# BUILD/fuzz-artifacts/ and the log in BUILD/fuzz-logs/.
#
# Output: one line per fuzzer ("PASS: raw (60 s, 3541749 runs)"), then
# "N passed, N failed, N skipped". With --results FILE, the summary line is
# left out and FILE gets one "PASS|FAIL|SKIP name" line per fuzzer, for
# utils/run-tests.sh. The exit status is non-zero if a fuzzer failed.
#
# Environment:
#   PATHPROF_FUZZ_SECONDS    time per fuzzer (default 60; 0 skips them all)
#   PATHPROF_FUZZ_BUILD_DIR  build directory (default build-fuzz/)
#   PATHPROF_FUZZ_ARGS       extra libFuzzer arguments
#
#===----------------------------------------------------------------------===#
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${PATHPROF_FUZZ_BUILD_DIR:-$root/build-fuzz}
seconds=${PATHPROF_FUZZ_SECONDS:-60}
results=

usage() {
  echo "usage: run-fuzzers.sh [--results FILE] [raw|indexed|text|perf-script]..." >&2
  exit 2
}

fuzzers=()
while [ $# -gt 0 ]; do
  case $1 in
    --results) [ $# -ge 2 ] || usage; results=$2; shift 2 ;;
    raw|indexed|text|perf-script) fuzzers+=("$1"); shift ;;
    *) usage ;;
  esac
done
[ ${#fuzzers[@]} -gt 0 ] || fuzzers=(raw indexed text perf-script)
case $seconds in
  ''|*[!0-9]*)
    echo "run-fuzzers.sh: error: PATHPROF_FUZZ_SECONDS must be a number of seconds, not '$seconds'" >&2
    exit 2 ;;
esac

[ -z "$results" ] || : > "$results"
passed=0 failed=0 skipped=0
record() { # STATUS NAME MESSAGE
  echo "$1: $2 ($3)"
  [ -z "$results" ] || echo "$1 $2" >> "$results"
  case $1 in
    PASS) passed=$((passed + 1)) ;;
    FAIL) failed=$((failed + 1)) ;;
    SKIP) skipped=$((skipped + 1)) ;;
  esac
}

finish() {
  [ -n "$results" ] || echo "$passed passed, $failed failed, $skipped skipped"
  [ "$failed" = 0 ]
  exit
}

if [ "$seconds" = 0 ]; then
  for name in "${fuzzers[@]}"; do record SKIP "$name" "PATHPROF_FUZZ_SECONDS=0"; done
  finish
fi

echo "run-fuzzers.sh: building the fuzzers in $build_dir"
mkdir -p "$build_dir"
if ! { cmake -G Ninja -S "$root" -B "$build_dir" \
         -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
         -DPATHPROF_BUILD_FUZZERS=ON > "$build_dir/configure.log" 2>&1 &&
       cmake --build "$build_dir" --target pathprof-fuzzers; }; then
  echo "run-fuzzers.sh: error: the fuzzers did not build (configure log: $build_dir/configure.log)" >&2
  for name in "${fuzzers[@]}"; do record FAIL "$name" "not built"; done
  finish
fi

mkdir -p "$build_dir/fuzz-artifacts" "$build_dir/fuzz-logs"
read -r -a extra <<< "${PATHPROF_FUZZ_ARGS:-}"
for name in "${fuzzers[@]}"; do
  corpus=$build_dir/fuzz-corpus/$name
  log=$build_dir/fuzz-logs/$name.log
  mkdir -p "$corpus"
  # The binary formats' magics and sizes; the text format's keywords.
  dict=$root/fuzz/pathprof.dict
  [ "$name" = text ] && dict=$root/fuzz/text.dict
  [ "$name" = perf-script ] && dict=$root/fuzz/perf-script.dict
  echo "run-fuzzers.sh: running $name for $seconds s (log: $log)"
  # In-process, so one core; new inputs go to the first corpus directory,
  # never to the seeds in the tree.
  "$build_dir/bin/pathprof-fuzz-$name" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
    -dict="$dict" -print_final_stats=1 \
    -artifact_prefix="$build_dir/fuzz-artifacts/$name-" \
    "${extra[@]}" "$corpus" "$root/fuzz/corpus/$name" > "$log" 2>&1
  status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  if [ $status = 0 ]; then
    record PASS "$name" "$seconds s, ${runs:-?} runs"
  else
    tail -n 40 "$log" >&2
    record FAIL "$name" "exit status $status; see $log and $build_dir/fuzz-artifacts/"
  fi
done
finish
