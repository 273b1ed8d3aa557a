#!/usr/bin/env bash
#===- utils/run-tests.sh - build PathProf and run its lit tests ------------===#
#
# Runs utils/setup.sh (install + build), then every lit suite under
# build/test, then each profile-reader fuzzer for PATHPROF_FUZZ_SECONDS
# (default 60; 0 skips them) through utils/run-fuzzers.sh, and ends with one
# summary line:
#
#   N passed, N failed, N skipped
#
# counted by utils/lit-summary.py from lit's JSON results (XFAIL counts as
# passed; XPASS, UNRESOLVED and TIMEOUT as failed; UNSUPPORTED as skipped)
# plus one test per fuzzer. A failed setup or build counts as one failure.
# The exit status is non-zero if anything failed. Extra arguments go to lit
# (for example --filter Driver).
#
#===----------------------------------------------------------------------===#
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${PATHPROF_BUILD_DIR:-$root/build}
lit=/usr/lib/llvm-19/build/utils/lit/lit.py

if ! bash "$root/utils/setup.sh"; then
  echo "run-tests.sh: error: setup or build failed; no tests were run" >&2
  echo "0 passed, 1 failed, 0 skipped"
  exit 1
fi

results=$(mktemp "${TMPDIR:-/tmp}/pathprof-lit.XXXXXX.json")
fuzz_results=$(mktemp "${TMPDIR:-/tmp}/pathprof-fuzz.XXXXXX")
trap 'rm -f "$results" "$fuzz_results"' EXIT

python3 "$lit" -sv --no-progress-bar -o "$results" "$@" "$build_dir/test"
lit_status=$?

bash "$root/utils/run-fuzzers.sh" --results "$fuzz_results"

python3 "$root/utils/lit-summary.py" "$results" "$lit_status" "$fuzz_results"
