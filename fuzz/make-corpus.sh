#!/usr/bin/env bash
#===- fuzz/make-corpus.sh - regenerate the fuzzers' seed corpora -----------===#
#
# Writes small, valid profiles into fuzz/corpus/raw, fuzz/corpus/indexed and
# fuzz/corpus/text:
#
# - synthetic raw profiles from test/tools/Inputs/make-raw-profile.py (dense
#   and hashed functions, a checksum mismatch) and, with per-path metrics in
#   dense and hashed records, from make-raw-v3.py;
# - raw profiles of a real instrumented run of a small program (written here)
#   with dense counters and debug info (dense and compact segments), with
#   hashed counters and none, and
#   with a forked child, and with calling context trees;
# - the indexed profiles llvm-pathprof merge makes of each, and of all of
#   them together;
# - the shipped format fixtures (test/tools/Inputs/v*/);
# - an indexed profile with per-path metrics, from text profiles;
# - the hand-written text profiles of test/tools/Inputs/text/ and the text
#   of every indexed seed.
#
# Seeds only need to be valid and varied; libFuzzer mutates them. Rerun this
# script after any format change and commit the result. It needs a build of
# the tree: PATHPROF_BUILD_DIR (default build/) with the plugin, the runtime
# and llvm-pathprof.
#
#===----------------------------------------------------------------------===#
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${PATHPROF_BUILD_DIR:-$root/build}
plugin=$build_dir/lib/PathProf.so
runtime=$build_dir/lib/libpathprof_rt.a
tool=$build_dir/bin/llvm-pathprof
clang=${PATHPROF_CLANG:-clang-19}
out=$root/fuzz/corpus

# The Python helpers read the format's constants as the build generates
# them (pathprof_layout.py).
export PYTHONPATH=$build_dir/python${PYTHONPATH:+:$PYTHONPATH}

for f in "$plugin" "$runtime" "$tool" "$build_dir/python/pathprof_layout.py"; do
  if [ ! -e "$f" ]; then
    echo "make-corpus.sh: error: $f is missing; build the tree first" >&2
    exit 1
  fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/pathprof-corpus.XXXXXX")
trap 'rm -rf "$work"' EXIT
# Regression seeds (regress-*, added by hand from fuzzer findings) stay.
mkdir -p "$out/raw" "$out/indexed" "$out/text"
find "$out/raw" "$out/indexed" "$out/text" -type f ! -name 'regress-*' -delete

# Synthetic raw profiles: every shape the writer script knows.
inputs=$root/test/tools/Inputs
for desc in program program2 mismatch; do
  python3 "$inputs/make-raw-profile.py" "$inputs/$desc.json" \
    -o "$out/raw/synthetic-$desc.pathraw"
done

# A real program: a loop, a switch, recursion, a function with many paths
# and, when given "fork", a child process that runs instrumented code too.
cat > "$work/seed.c" <<'C'
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static int classify(int X) {
  switch (X % 5) {
  case 0: return 1;
  case 1: return X > 10 ? 2 : 3;
  case 3: return 4;
  default: return 0;
  }
}

static int branchy(int X) {
  int R = 0;
  if (X & 1) R += 1;
  if (X & 2) R += 2;
  if (X & 4) R += 4;
  if (X & 8) R += 8;
  return R;
}

static int fib(int N) { return N < 2 ? N : fib(N - 1) + fib(N - 2); }

static int work(int N) {
  int Sum = 0;
  for (int I = 0; I < N; ++I)
    Sum += classify(I) + branchy(I);
  return Sum + fib(6);
}

int main(int Argc, char **Argv) {
  int Sum = work(20);
  if (Argc > 1 && Argv[1][0] == 'f') {
    pid_t Child = fork();
    if (Child == 0)
      _exit(work(7) == 0);
    waitpid(Child, 0, 0);
  }
  return Sum == 0;
}
C

load=(-Xclang -load -Xclang "$plugin" -fpass-plugin="$plugin")
# -g with a relative file name keeps the CFG descriptions' strings short.
(cd "$work" && "$clang" -O1 -g "${load[@]}" seed.c "$runtime" -o seed-dense)
(cd "$work" && "$clang" -O1 "${load[@]}" -mllvm -pathprof-dense-limit=2 \
   seed.c "$runtime" -o seed-hashed)
# A normal exit leaves packed segments (raw version 10); PATHPROF_COMPACT=0
# keeps the dense counter segments of a running program, so both are seeds.
(cd "$work" && PATHPROF_FILE="$out/raw/real-dense.pathraw" \
   PATHPROF_COMPACT=0 ./seed-dense)
(cd "$work" && PATHPROF_FILE="$out/raw/real-compact.pathraw" ./seed-dense)
(cd "$work" && PATHPROF_FILE="$out/raw/real-hashed.pathraw" \
   PATHPROF_HASH_SIZE=64 ./seed-hashed)
(cd "$work" && PATHPROF_FILE="$out/raw/real-fork.pathraw" ./seed-dense fork)
# With calling context trees (the smallest arena keeps the file small).
(cd "$work" && "$clang" -O1 "${load[@]}" -mllvm -pathprof-context seed.c \
   "$runtime" -o seed-context)
(cd "$work" && PATHPROF_FILE="$out/raw/real-context.pathraw" \
   PATHPROF_CONTEXT_SIZE=4K ./seed-context fork)

# The shipped format fixtures, so every version a reader accepts stays fuzzed.
for dir in "$inputs"/v*/ "$inputs"/calls/; do
  version=$(basename "$dir")
  for f in "$dir"*.pathraw; do
    [ -e "$f" ] && cp "$f" "$out/raw/fixture-$version-$(basename "$f")"
  done
  for f in "$dir"*.pathprof; do
    [ -e "$f" ] && cp "$f" "$out/indexed/pinned-$version-$(basename "$f")"
  done
done

# An indexed profile with per-path metrics, from the hand-written text
# profiles of test/tools/Inputs/text/.
"$tool" merge "$inputs/text/metrics-a.pptext" \
  --weighted-input=3,"$inputs/text/metrics-b.pptext" \
  -o "$out/indexed/text-metrics.pathprof"

# Indexed profiles of each raw profile and of all of them together.
for raw in "$out"/raw/*.pathraw; do
  name=$(basename "$raw" .pathraw)
  "$tool" merge -o "$out/indexed/$name.pathprof" "$raw"
done
# All of them together but the fixture of calls-only contexts, whose
# metrics the others do not measure.
"$tool" merge -o "$out/indexed/all.pathprof" \
  $(ls "$out"/raw/*.pathraw | grep -v /fixture-calls-) 2>/dev/null

# A version 3 raw profile with per-path metrics, dense and hashed records
# (the metric hash table, with a duplicate key and a BUSY slot), written by
# make-raw-v3.py; after all.pathprof, which cannot merge it with the
# profiles without metrics.
python3 "$inputs/make-raw-v3.py" "$inputs/metrics/hashed.json" \
  -o "$out/raw/synthetic-v3-metrics.pathraw"
"$tool" merge -o "$out/indexed/synthetic-v3-metrics.pathprof" \
  "$out/raw/synthetic-v3-metrics.pathraw" 2>/dev/null

# Text profiles: the hand-written ones and the text of each indexed seed.
cp "$inputs"/text/*.pptext "$out/text/"
for indexed in "$out"/indexed/*.pathprof; do
  "$tool" show --text "$indexed" \
    -o "$out/text/$(basename "$indexed" .pathprof).pptext"
done

ls -l "$out/raw" "$out/indexed" "$out/text"
