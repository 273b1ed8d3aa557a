#!/usr/bin/env bash
#===- utils/run-example.sh - PathProf end to end on examples/calc.c --------===#
#
# Installs and builds PathProf (utils/setup.sh), then runs the whole loop on
# the bundled expression evaluator: build it with path profiling, run it,
# merge its raw profile, show the three hottest paths of each function,
# rebuild it with -fprofile-path-use, check that the rebuilt program prints
# what a plain -O2 build prints, and time both (median of several interleaved
# runs on an input other than the training one).
#
# Environment:
#   PATHPROF_BUILD_DIR    the build tree (default build/)
#   PATHPROF_EXAMPLE_DIR  where everything is written (default
#                         $PATHPROF_BUILD_DIR/examples; emptied first)
#   PATHPROF_SKIP_SETUP=1 use the build tree as it is, without setup.sh
#   PATHPROF_EXAMPLE_RUNS timed runs per build (default 5)
#
#===----------------------------------------------------------------------===#
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${PATHPROF_BUILD_DIR:-$root/build}
out=${PATHPROF_EXAMPLE_DIR:-$build_dir/examples}
runs=${PATHPROF_EXAMPLE_RUNS:-5}

# Training input (the profile) and test input (the timing): calc [N [SEED]].
train_args=(200000)
test_args=(200000 7)

if [ "${PATHPROF_SKIP_SETUP:-}" != 1 ]; then
  bash "$root/utils/setup.sh"
fi

prof_dir=$out/calc-profiles
rm -rf "$out"
mkdir -p "$prof_dir"

step() { printf '\n==> %s\n' "$*"; }
die() {
  echo "run-example.sh: error: $*" >&2
  exit 1
}

step "Build examples/calc.c with path profiling"
(set -x; "$build_dir/bin/pathprof-clang" -O2 -g -fprofile-path-generate="$prof_dir" \
   "$root/examples/calc.c" -o "$out/calc")

step "Run it (the profile goes to $prof_dir)"
(cd "$out" && set -x && ./calc "${train_args[@]}")

step "Merge the raw profile"
shopt -s nullglob
raw=("$prof_dir"/*.pathraw)
[ ${#raw[@]} -gt 0 ] || die "the program wrote no profile in $prof_dir"
(set -x; "$build_dir/bin/llvm-pathprof" merge -o "$out/calc.pathprof" "${raw[@]}")

step "Show the three hottest paths per function"
(set -x; "$build_dir/bin/llvm-pathprof" show --topn=3 "$out/calc.pathprof")

step "Rebuild with the path profile, and a plain -O2 build to compare with"
# The wrapper runs the same clang-19 for both, so the profile is the only
# difference between the two programs.
(set -x; "$build_dir/bin/pathprof-clang" -O2 -g -fprofile-path-use="$out/calc.pathprof" \
   "$root/examples/calc.c" -o "$out/calc-pgo")
(set -x; "$build_dir/bin/pathprof-clang" -O2 -g "$root/examples/calc.c" -o "$out/calc-O2")

step "Check that both print the same on another input: calc ${test_args[*]}"
expected=$("$out/calc-O2" "${test_args[@]}")
actual=$("$out/calc-pgo" "${test_args[@]}")
echo "-O2:                $expected"
echo "-fprofile-path-use: $actual"
[ "$expected" = "$actual" ] || die "the rebuilt program prints something else"
echo "same output"

step "Time both: median of $runs interleaved runs each"
python3 - "$runs" "$out/calc-O2" "$out/calc-pgo" "${test_args[@]}" <<'PY'
import statistics, subprocess, sys, time
runs, plain, pgo, args = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]
times = {plain: [], pgo: []}
for _ in range(runs):
    for binary in (plain, pgo):
        start = time.perf_counter()
        subprocess.run([binary] + args, stdout=subprocess.DEVNULL, check=True)
        times[binary].append(time.perf_counter() - start)
before, after = statistics.median(times[plain]), statistics.median(times[pgo])
print("-O2:                {:.3f} s".format(before))
print("-fprofile-path-use: {:.3f} s ({:.2f}x the -O2 time)".format(
    after, after / before))
PY
