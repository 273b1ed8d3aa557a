#!/usr/bin/env bash
#===- utils/run-example.sh - PathProf end to end on examples/calc.c --------===#
#
# Installs and builds PathProf (utils/setup.sh), then runs the whole loop on
# the bundled expression evaluator: build it with path profiling (with
# calling contexts and per-path time-stamp counter metrics), run it, merge
# its raw profile, show the three hottest paths of each function, write the
# HTML report (llvm-pathprof report --html),
# rebuild it with -fprofile-path-use, check that the rebuilt program prints
# what a plain -O2 build and clang's own -fprofile-use build print, and
# compare the three on an input other than the training one
# (utils/compare-builds.py: instructions executed under callgrind when
# valgrind is installed, and the median CPU time of interleaved runs).
#
# Environment:
#   PATHPROF_BUILD_DIR    the build tree (default build/)
#   PATHPROF_EXAMPLE_DIR  where everything is written (default
#                         $PATHPROF_BUILD_DIR/examples; emptied first)
#   PATHPROF_SKIP_SETUP=1 use the build tree as it is, without setup.sh
#   PATHPROF_EXAMPLE_RUNS timed runs per build (default 7)
#
#===----------------------------------------------------------------------===#
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${PATHPROF_BUILD_DIR:-$root/build}
out=${PATHPROF_EXAMPLE_DIR:-$build_dir/examples}
runs=${PATHPROF_EXAMPLE_RUNS:-7}

# Training input (the profile) and test input (the timing): calc [N [SEED]].
# CPU time is measured on a longer run of the test input, so that it is well
# above the timer's resolution and the start-up cost.
train_args=(200000)
test_args=(200000 7)
time_args=(1000000 7)

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

step "Build examples/calc.c with path profiling, calling contexts and per-path times"
(set -x; "$build_dir/bin/pathprof-clang" -O2 -g -fprofile-path-generate="$prof_dir" \
   -fprofile-path-context -fprofile-path-metrics "$root/examples/calc.c" -o "$out/calc")

step "Run it (the profile goes to $prof_dir)"
(cd "$out" && set -x && ./calc "${train_args[@]}")

step "Merge the raw profile"
shopt -s nullglob
raw=("$prof_dir"/*.pathraw)
[ ${#raw[@]} -gt 0 ] || die "the program wrote no profile in $prof_dir"
(set -x; "$build_dir/bin/llvm-pathprof" merge -o "$out/calc.pathprof" "${raw[@]}")

step "Show the three hottest paths per function"
(set -x; "$build_dir/bin/llvm-pathprof" show --topn=3 "$out/calc.pathprof")

step "Write the HTML report (hot paths on the source, the calling context flame graph)"
(set -x; "$build_dir/bin/llvm-pathprof" report --html -o "$out/calc-report" "$out/calc.pathprof")

step "Rebuild with the path profile; -O2 and clang's own -fprofile-use to compare with"
# The wrapper runs the same clang-19 for every build, so the profile is the
# only difference between the programs. clang's edge profile is trained on the
# same input.
(set -x; "$build_dir/bin/pathprof-clang" -O2 -gdwarf-4 -fprofile-path-use="$out/calc.pathprof" \
   "$root/examples/calc.c" -o "$out/calc-pgo")
(set -x; "$build_dir/bin/pathprof-clang" -O2 -gdwarf-4 "$root/examples/calc.c" -o "$out/calc-O2")
profdata=$("$build_dir/bin/pathprof-clang" -print-prog-name=llvm-profdata)
(set -x; "$build_dir/bin/pathprof-clang" -O2 -fprofile-generate="$out/calc-edge" \
   "$root/examples/calc.c" -o "$out/calc-edge-gen")
(cd "$out" && ./calc-edge-gen "${train_args[@]}" > /dev/null)
(set -x; "$profdata" merge -o "$out/calc.profdata" "$out"/calc-edge/*.profraw)
(set -x; "$build_dir/bin/pathprof-clang" -O2 -gdwarf-4 -fprofile-use="$out/calc.profdata" \
   "$root/examples/calc.c" -o "$out/calc-edge-use")

step "Check that all three print the same on another input: calc ${test_args[*]}"
expected=$("$out/calc-O2" "${test_args[@]}")
actual=$("$out/calc-pgo" "${test_args[@]}")
edge=$("$out/calc-edge-use" "${test_args[@]}")
echo "-O2:                $expected"
echo "-fprofile-use:      $edge"
echo "-fprofile-path-use: $actual"
[ "$expected" = "$actual" ] || die "the rebuilt program prints something else"
[ "$expected" = "$edge" ] || die "clang's -fprofile-use build prints something else"
echo "same output"

step "Before and after"
python3 "$root/utils/compare-builds.py" --runs "$runs" \
  --build="-O2=$out/calc-O2" --build="-fprofile-use=$out/calc-edge-use" \
  --build="-fprofile-path-use=$out/calc-pgo" \
  --instructions-args="${test_args[*]}" --time-args="${time_args[*]}"

echo
echo "Report: file://$out/calc-report/index.html"
