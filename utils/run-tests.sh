#!/usr/bin/env bash
#===- utils/run-tests.sh - build PathProf and run its lit tests ------------===#
#
# Runs utils/setup.sh (install + build), then every lit suite under
# build/test, and ends with one summary line:
#
#   N passed, N failed, N skipped
#
# counted from lit's JSON results: XFAIL counts as passed; XPASS, UNRESOLVED
# and TIMEOUT as failed; UNSUPPORTED as skipped. A failed setup or build
# counts as one failure. The exit status is non-zero if anything failed.
# Extra arguments go to lit (for example --filter Driver).
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
trap 'rm -f "$results"' EXIT

python3 "$lit" -sv --no-progress-bar -o "$results" "$@" "$build_dir/test"
lit_status=$?

python3 - "$results" "$lit_status" <<'PY'
import json, sys

path, lit_status = sys.argv[1], int(sys.argv[2])
passed = failed = skipped = 0
try:
    with open(path) as f:
        tests = json.load(f).get("tests", [])
except (OSError, ValueError):
    tests = []
for test in tests:
    code = test.get("code")
    if code in ("PASS", "FLAKYPASS", "XFAIL"):
        passed += 1
    elif code in ("UNSUPPORTED", "SKIPPED", "EXCLUDED"):
        skipped += 1
    else:
        failed += 1
# lit itself failing without reporting a failed test (bad config, crash)
# must not read as success.
if lit_status != 0 and failed == 0:
    failed = 1
print("{} passed, {} failed, {} skipped".format(passed, failed, skipped))
sys.exit(1 if failed else 0)
PY
