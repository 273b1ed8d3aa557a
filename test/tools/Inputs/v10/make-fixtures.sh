#!/bin/sh
# How Inputs/v10/ was made, with the build tree of the commit that introduced
# raw format version 10 (packed segments). Do not rerun it to "update" the
# fixtures: they pin the format (format-v10.test); a new format version gets
# fixtures of its own.
#
#   sh make-fixtures.sh BUILD_DIR     (run in this directory)
#
# The runs of Inputs/v3/make-fixtures.sh and Inputs/v6/make-fixtures.sh (the
# version 2 fixture's program at -O0, every function of more than 3 paths
# hashed, hash tables of 16 entries, three runs into one merge pool with
# two, one and no forked children), now with packed segments: the file is
# the module's description and the counts of all six processes, both
# packed.
set -e
B=$1
cp ../v2/fixture.c fixture.c
clang-19 -O0 -g -Xclang -load -Xclang "$B/lib/PathProf.so" \
  -fpass-plugin="$B/lib/PathProf.so" -mllvm -pathprof-dense-limit=3 \
  fixture.c "$B/lib/libpathprof_rt.a" -o fixture.tmp
rm -f v10_*.pathraw
PATHPROF_HASH_SIZE=16 PATHPROF_FILE='v10_%m.pathraw' ./fixture.tmp 2
PATHPROF_HASH_SIZE=16 PATHPROF_FILE='v10_%m.pathraw' ./fixture.tmp 1
PATHPROF_HASH_SIZE=16 PATHPROF_FILE='v10_%m.pathraw' ./fixture.tmp 0
mv v10_*.pathraw v10.pathraw
rm fixture.tmp fixture.c
