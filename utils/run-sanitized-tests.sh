#!/usr/bin/env bash
#===- utils/run-sanitized-tests.sh - tool and runtime tests under ASan+UBSan -===#
#
# Builds the tree with AddressSanitizer and UndefinedBehaviorSanitizer
# (-DPATHPROF_SANITIZE=address,undefined: llvm-pathprof, its profile library
# and the runtime library are instrumented, the plugin is not) in its own
# build directory, and runs the lit suites of the tool (test/tools) and of the
# runtime (test/Runtime) against it. Any sanitizer report fails the test it
# happens in. Ends, like utils/run-tests.sh, with one summary line:
#
#   N passed, N failed, N skipped
#
# and a non-zero exit status if anything failed. Extra arguments go to lit.
#
# Environment:
#   PATHPROF_SANITIZE_BUILD_DIR  build directory (default build-asan/)
#   PATHPROF_SANITIZE            sanitizers (default address,undefined)
#
#===----------------------------------------------------------------------===#
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${PATHPROF_SANITIZE_BUILD_DIR:-$root/build-asan}
sanitize=${PATHPROF_SANITIZE:-address,undefined}
lit=/usr/lib/llvm-19/build/utils/lit/lit.py

# setup.sh installs what this needs (libclang-rt-19-dev has the sanitizer
# runtimes) and builds; configuring first, when the tools are already there,
# makes that one sanitized build rather than a plain one and then another.
cache_args=(-G Ninja -S "$root" -B "$build_dir" -DCMAKE_C_COMPILER=clang-19
            -DCMAKE_CXX_COMPILER=clang++-19 -DPATHPROF_SANITIZE="$sanitize")
cmake "${cache_args[@]}" > /dev/null 2>&1 || true
if ! PATHPROF_BUILD_DIR=$build_dir bash "$root/utils/setup.sh" ||
   ! cmake "${cache_args[@]}" > /dev/null ||
   ! cmake --build "$build_dir"; then
  echo "run-sanitized-tests.sh: error: the sanitized build failed; no tests were run" >&2
  echo "0 passed, 1 failed, 0 skipped"
  exit 1
fi

results=$(mktemp "${TMPDIR:-/tmp}/pathprof-lit.XXXXXX.json")
trap 'rm -f "$results"' EXIT

python3 "$lit" -sv --no-progress-bar -o "$results" "$@" \
  "$build_dir/test/tools" "$build_dir/test/Runtime"
lit_status=$?

python3 "$root/utils/lit-summary.py" "$results" "$lit_status"
