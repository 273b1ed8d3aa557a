#!/bin/sh
# How Inputs/v3/ was made, with the build tree of the commit that introduced
# raw format version 3. Do not rerun it to "update" the fixtures: they pin
# the format (format-v3.test); a new format version gets fixtures of its own.
#
#   sh make-fixtures.sh BUILD_DIR     (run in this directory)
#
# The version 2 fixture's program (copied here, so that its source file is
# fixture.c as in the version 2 profile), built at -O0 with every function of
# more than 3 paths hashed, runs three times in merge mode (%m) with hash tables of 16 entries: with
# two forked children (the module's description segment and three counter
# segments), with one (the two dead child segments are folded into the first
# one, and the parent and the child each reuse one of them), and alone (it
# folds both into the first segment, reuses one and leaves the other FREE).
# The description is written once, by the first run. Then llvm-pathprof
# merge makes the indexed profile.
set -e
B=$1
cp ../v2/fixture.c fixture.c
clang-19 -O0 -g -Xclang -load -Xclang "$B/lib/PathProf.so" \
  -fpass-plugin="$B/lib/PathProf.so" -mllvm -pathprof-dense-limit=3 \
  fixture.c "$B/lib/libpathprof_rt.a" -o fixture.tmp
rm -f v3_*.pathraw
PATHPROF_HASH_SIZE=16 PATHPROF_FILE='v3_%m.pathraw' ./fixture.tmp 2
PATHPROF_HASH_SIZE=16 PATHPROF_FILE='v3_%m.pathraw' ./fixture.tmp 1
PATHPROF_HASH_SIZE=16 PATHPROF_FILE='v3_%m.pathraw' ./fixture.tmp 0
mv v3_*.pathraw v3.pathraw
rm fixture.tmp fixture.c
"$B/bin/llvm-pathprof" merge -o v3.pathprof v3.pathraw
