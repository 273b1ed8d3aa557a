#!/bin/sh
# How Inputs/calls/ was made, with the build tree of the commit that
# introduced -fprofile-path-context=calls (raw profile version 4 with
# call-site tables, indexed profile version 4, text profile version 3). Do not rerun it to "update" the fixtures: they pin the
# formats of profiles that count calls only (calls-format.test).
#
#   sh make-fixtures.sh BUILD_DIR     (run in this directory)
#
# context-args.c (copied here, so that its source file is context-args.c),
# built at -O2 with -fprofile-path-context=calls and one metric, runs twice
# in merge mode (%m) counting the time-stamp counter, with the smallest
# arena: a description segment and two counter segments, whose trees and
# costs the reader adds up. Then llvm-pathprof merge makes the indexed
# profile, and show --text the text profile.
set -e
B=$1
cp ../context-args.c context-args.c
"$B/bin/pathprof-clang" -O2 -fprofile-path-generate \
  -fprofile-path-context=calls -fprofile-path-metrics=1 context-args.c \
  -o args.tmp
rm -f calls_*.pathraw
PATHPROF_EVENTS=tsc PATHPROF_CONTEXT_SIZE=4K \
  PATHPROF_FILE='calls_%m.pathraw' ./args.tmp 5
PATHPROF_EVENTS=tsc PATHPROF_CONTEXT_SIZE=4K \
  PATHPROF_FILE='calls_%m.pathraw' ./args.tmp 4
mv calls_*.pathraw calls.pathraw
rm args.tmp context-args.c
"$B/bin/llvm-pathprof" merge -o calls.pathprof calls.pathraw
"$B/bin/llvm-pathprof" show --text -o calls.pptext calls.pathraw
