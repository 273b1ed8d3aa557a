#!/usr/bin/env bash
#===- utils/report-screenshots.sh - the report pictures of docs/ ------------===#
#
# Builds examples/calc.c with path, context and metric profiling, runs it
# with the time-stamp counter as its metric, writes its HTML report
# (llvm-pathprof report --html) and takes a screenshot of each view in
# headless chromium (utils/js/report-screenshots.js) into
# docs/images/report-{index,function,flamegraph,metrics}.png, the pictures
# docs/UserGuide.md and docs/CommandGuide.md show. The numbers in them are
# times, so they differ from run to run; the paths and counts do not.
#
# Environment:
#   PATHPROF_BUILD_DIR  the build tree (default build/), made by setup.sh,
#                       with build/js holding playwright-core
#   PATHPROF_SCREENSHOT_DIR  where the program, profile and report go
#                       (default $PATHPROF_BUILD_DIR/report-screenshots;
#                       emptied first)
#   PATHPROF_IMAGE_DIR  where the pictures go (default docs/images)
#
#===----------------------------------------------------------------------===#
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${PATHPROF_BUILD_DIR:-$root/build}
work=${PATHPROF_SCREENSHOT_DIR:-$build_dir/report-screenshots}
images=${PATHPROF_IMAGE_DIR:-$root/docs/images}

for need in "$build_dir/bin/llvm-pathprof" "$build_dir/js/node_modules/playwright-core"; do
  if [ ! -e "$need" ]; then
    echo "report-screenshots.sh: error: $need is missing; run utils/setup.sh" >&2
    exit 1
  fi
done

rm -rf "$work"
mkdir -p "$work" "$images"

# Built from the repository's root with a relative name, so the report
# shows examples/calc.c and finds it through --source-root. -O1 keeps the
# parser's functions apart, so the context tree has their recursion.
set -x
(cd "$root" && "$build_dir/bin/pathprof-clang" -O1 -g -fprofile-path-generate \
   -fprofile-path-context -fprofile-path-metrics examples/calc.c -o "$work/calc")
PATHPROF_EVENTS=tsc PATHPROF_FILE="$work/calc.pathraw" "$work/calc" 20000
"$build_dir/bin/llvm-pathprof" merge -o "$work/calc.pathprof" "$work/calc.pathraw"
(cd "$work" && "$build_dir/bin/llvm-pathprof" report --html -o report \
   --source-root="$root" calc.pathprof)
NODE_PATH="$build_dir/js/node_modules" node "$root/utils/js/report-screenshots.js" \
  "$work/report" "$images"
