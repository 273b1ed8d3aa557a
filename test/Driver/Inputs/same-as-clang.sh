#!/usr/bin/env bash
#===- same-as-clang.sh - a wrapper command must do what clang does ---------===#
#
# Usage: same-as-clang.sh DRIVER CLANG ARGS...
#
# Runs `DRIVER MODE ARGS` for every wrapper mode MODE (none,
# -fprofile-path-generate, =DIR, -fprofile-update=atomic, -fprofile-path-use
# with and without -Wno-profile-path-mismatch) and `CLANG ARGS` (with
# -fprofile-update=atomic where the mode has it, as that flag is clang's
# too), each in a fresh directory, and fails unless they print the same on
# stdout and stderr, exit with the same status and leave the same files with
# the same contents. Masked: the program name at the start of clang's
# diagnostics (clang++ vs clang++-19) and the random part of temporary file
# names. Commands run in a subdirectory: the test directory's files are
# ../NAME. Each command gets a copy of the standard input.
#
#===----------------------------------------------------------------------===#
set -u

driver=$1
clang=$2
shift 2

mask() {
  sed -E -e 's/^(clang|clang\+\+)(-19)?: /CLANG: /' \
         -e 's/-[0-9a-f]{6}\.([A-Za-z]+)/-XXXXXX.\1/g'
}

# run COMMAND...: the command's output, status and files, masked. Every
# command runs in a fresh directory of the same name, which clang's -###
# output and debug information show.
run() {
  rm -rf run && mkdir run
  (cd run && "$@" < ../run.stdin > ../run.stdout 2> ../run.stderr
   echo "status $?" > ../run.status)
  {
    echo "== stdout"; cat run.stdout
    echo "== stderr"; cat run.stderr
    cat run.status
    (cd run && find . -type f | LC_ALL=C sort | while read -r f; do
      echo "== file $f $(cksum < "$f")"
    done)
  } | mask
  rm -rf run run.stdout run.stderr run.status
}

# Every command reads the same standard input.
cat > run.stdin

# clang's answer, once without and once with -fprofile-update=atomic.
run "$clang" "$@" > ref.out
run "$clang" -fprofile-update=atomic "$@" > ref-atomic.out

fail=0
for m in none generate dir atomic use use-nowarn; do
  ref=ref.out
  case $m in
    none) mode=() ;;
    generate) mode=(-fprofile-path-generate) ;;
    dir) mode=(-fprofile-path-generate=prof) ;;
    atomic) mode=(-fprofile-path-generate -fprofile-update=atomic); ref=ref-atomic.out ;;
    use) mode=(-fprofile-path-use=missing.pathprof) ;;
    use-nowarn) mode=(-fprofile-path-use=missing.pathprof -Wno-profile-path-mismatch) ;;
  esac
  run "$driver" ${mode[@]+"${mode[@]}"} "$@" > wrapped.out
  if ! diff -u "$ref" wrapped.out > diff.out; then
    echo "same-as-clang.sh: '$driver ${mode[*]} $*' differs from $clang's answer:"
    head -c 4000 diff.out
    fail=1
  fi
done
exit $fail
