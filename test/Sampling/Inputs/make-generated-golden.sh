#!/bin/sh
# Remakes generated-perf-6.1.script, the generator's output that the parser
# tests of issue 25 read, from loop.elf-x86-64 (clang-19 -O1 loop.c work.s),
# run from /tmp/loop.elf-x86-64 so that the file names no build tree. Its
# library addresses are those of Debian 12's loader and libc under
# qemu-x86_64 7.2. Usage: make-generated-golden.sh BUILD_DIR
set -eu
inputs=$(cd "$(dirname "$0")" && pwd)
cp "$inputs/loop.elf-x86-64" /tmp/loop.elf-x86-64
"$1/bin/pathprof-branch-sampler" --depth=16 --period=1000 --seed=1 \
  -o "$inputs/generated-perf-6.1.script" /tmp/loop.elf-x86-64 > /dev/null 2>&1
rm /tmp/loop.elf-x86-64
