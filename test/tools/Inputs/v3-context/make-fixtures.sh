#!/bin/sh
# How Inputs/v3-context/ was made, with the build tree of the last commit that
# wrote raw format version 3 (01b1b37, before call-site locations: its
# context profiles name call sites by index only). Do not rerun it to
# "update" the fixtures: they pin the format (format-v4.test).
#
#   sh make-fixtures.sh BUILD_DIR     (run in this directory)
#
# fixture.c (a copy of ../context-small.c), built at -O2 with calling
# contexts, runs once with a 4K tree (a small file); llvm-pathprof merge makes the indexed profile
# (version 2, with its context section) and show --text the text profile
# (version 1, with its :context part).
set -e
B=$1
"$B/bin/pathprof-clang" -O2 -g -fprofile-path-generate -fprofile-path-context \
  fixture.c -o fixture.tmp
PATHPROF_CONTEXT_SIZE=4K PATHPROF_FILE=ctx.pathraw ./fixture.tmp
rm fixture.tmp
"$B/bin/llvm-pathprof" merge -o ctx.pathprof ctx.pathraw
"$B/bin/llvm-pathprof" show --text -o ctx.pptext ctx.pathraw
