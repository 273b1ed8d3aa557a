#!/usr/bin/env bash
#===- utils/setup.sh - install PathProf's dependencies and build it --------===#
#
# On a fresh Debian 12 machine (as root) installs LLVM 19 and the other build
# dependencies from Debian's archive, then configures and builds the tree in
# build/. When every package is already there, apt is skipped, so a non-root
# user can run it too. With CI=true the build treats warnings as errors.
#
# Environment: PATHPROF_BUILD_DIR overrides the build directory (default
# build/ in the repository; scripts and CI rely on that default).
#
#===----------------------------------------------------------------------===#
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${PATHPROF_BUILD_DIR:-$root/build}

# libclang-rt-19-dev also holds libFuzzer and the sanitizer runtimes that
# utils/run-fuzzers.sh and utils/run-sanitized-tests.sh use. lld-19,
# binutils (ld.bfd, ld.gold) and llvm-19-linker-tools (LLVMgold.so, for LTO
# through ld.bfd and gold) are the linkers the link tests run; meson is the
# second build system the driver tests build through; gcc and g++ build
# PathProf itself and a CMake-package project in the toolchain tests;
# chromium is the browser the report and export tests drive; qemu-user's
# qemu-x86_64 runs programs under pathprof-branch-sampler's plugin
# (docs/Sampling.md).
packages=(clang-19 llvm-19 llvm-19-dev llvm-19-tools llvm-19-linker-tools lld-19
          binutils libclang-rt-19-dev libpfm4-dev cmake ninja-build make python3
          valgrind meson gcc g++ chromium qemu-user)

missing=()
for pkg in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null || true)
  [ "$status" = installed ] || missing+=("$pkg")
done

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "setup.sh: error: missing packages: ${missing[*]}" >&2
    echo "setup.sh: run this script as root once to install them" >&2
    exit 1
  fi
  echo "setup.sh: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y --no-install-recommends "${packages[@]}"
fi

cmake_args=(-G Ninja -S "$root" -B "$build_dir"
            -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19)
if [ "${CI:-}" = true ]; then
  cmake_args+=(-DPATHPROF_WERROR=ON)
fi

cmake "${cmake_args[@]}"
cmake --build "$build_dir"

# The tests' JavaScript packages (utils/js/package.json: an independent pprof
# decoder, a flame-graph viewer, a browser driver) go into the build tree,
# installed again only when the package list changes. They need the machine's
# Node.js and npm, which Debian's archive does not provide in this version.
js_dir=$build_dir/js
if ! command -v npm >/dev/null; then
  echo "setup.sh: error: npm not found; install Node.js 20 and npm" >&2
  exit 1
fi
if ! cmp -s "$root/utils/js/package-lock.json" "$js_dir/package-lock.json" ||
   [ ! -d "$js_dir/node_modules" ]; then
  mkdir -p "$js_dir"
  cp "$root/utils/js/package.json" "$root/utils/js/package-lock.json" "$js_dir/"
  (cd "$js_dir" && npm ci --no-audit --no-fund --loglevel=error)
fi
