# -*- Python -*-
# lit configuration for PathProf: finds the build tree's plugin, runtime and
# tools, and defines substitutions that hide the long plugin flags.
import os
import lit.formats

config.name = "PathProf"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".ll", ".c", ".cpp", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.pathprof_obj_root, "test")

# Keep profiles of the tests out of the source tree and the environment of the
# person running them.
for var in ["PATHPROF_FILE", "LLVM_PROFILE_FILE", "PATHPROF_HASH_SIZE"]:
    config.environment.pop(var, None)

config.environment["PATH"] = os.pathsep.join(
    [os.path.join(config.pathprof_obj_root, "bin"), config.llvm_tools_dir,
     config.environment.get("PATH", "")])

# A sanitized build (PATHPROF_SANITIZE, docs/Testing.md) instruments the
# runtime and llvm-pathprof, so test programs are built with the flags that
# link the sanitizer runtime (the wrapper drivers add the same ones): the
# AddressSanitizer runtime, with the programs' own code left uninstrumented
# (cmake/PathProfSanitizers.cmake), so that their CFGs, path counts and page
# faults are the ones the tests expect. The runtime takes SIGBUS on its
# counter pages itself (PathProfGuard.c), and a program's SIGBUS must do what
# it does without PathProf, so AddressSanitizer does not handle it; nor does
# it give the runtime's functions frames of its own heap (stack-use-after-
# return detection), whose first use faults in pages the page-fault metric
# tests would count as the program's.
if getattr(config, "pathprof_sanitize", ""):
    flags = " {0} -fno-sanitize-recover=all".format(
        config.pathprof_runtime_link_flags)
    config.clang += flags
    config.clangxx += flags
    config.available_features.add("sanitized")
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1"
    config.environment["ASAN_OPTIONS"] = (
        "handle_sigbus=0:detect_stack_use_after_return=0")

plugin = os.path.join(config.pathprof_obj_root, "lib", "PathProf.so")
runtime = os.path.join(config.pathprof_obj_root, "lib", "libpathprof_rt.a")
bindir = os.path.join(config.pathprof_obj_root, "bin")
load = "-Xclang -load -Xclang {0} -fpass-plugin={0}".format(plugin)

config.substitutions.append(("%pathprof_plugin", plugin))
config.substitutions.append(("%pathprof_rt", runtime))
# The versions of the formats this build writes, from the one place each is
# defined, for tests that print them (FileCheck -DRAW_VERSION=%raw_version)
# or make a newer file (%raw_version_next, ...).
def format_versions():
    import re
    include = os.path.join(config.pathprof_src_root, "include", "PathProf")
    values = {}
    for header in ("ProfileFormat.h", "ProfileReader.h", "TextProfile.h"):
        with open(os.path.join(include, header)) as f:
            for m in re.finditer(
                    r"(?:#define\s+(\w+)\s+(\w+?)(?:ULL)?\s*$|"
                    r"constexpr uint64_t (\w+) = (\w+);)", f.read(), re.M):
                name, value = (m.group(1), m.group(2)) if m.group(1) else \
                    (m.group(3), m.group(4))
                values[name] = values.get(value, value)
    return {"%raw_version": values["PATHPROF_RAW_VERSION"],
            "%data_version": values["PATHPROF_DATA_VERSION"],
            "%indexed_version": values["IndexedProfileVersion"],
            "%text_version": values["TextProfileVersion"]}


for name, value in sorted(format_versions().items(), reverse=True):
    config.substitutions.append((name + "_next", str(int(value) + 1)))
    config.substitutions.append((name, value))
config.substitutions.append(("%pathprof_src", config.pathprof_src_root))
config.substitutions.append(("%pathprof_obj", config.pathprof_obj_root))
config.substitutions.append(("%pathprof_include",
                             os.path.join(config.pathprof_src_root, "include")))
config.substitutions.append(
    ("%opt_pathprof",
     "{0} -load-pass-plugin={1}".format(
         os.path.join(config.llvm_tools_dir, "opt"), plugin)))
config.substitutions.append(
    ("%clangxx_pathprof", "{0} {1}".format(config.clangxx, load)))
config.substitutions.append(
    ("%clang_pathprof", "{0} {1}".format(config.clang, load)))
config.substitutions.append(("%clangxx", config.clangxx))
config.substitutions.append(("%clang", config.clang))
config.substitutions.append(
    ("%llvm-pathprof", os.path.join(bindir, "llvm-pathprof")))
config.substitutions.append(
    ("%llvm-profdata", os.path.join(config.llvm_tools_dir, "llvm-profdata")))
config.substitutions.append(
    ("%llvm-objdump", os.path.join(config.llvm_tools_dir, "llvm-objdump")))
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(
    ("%utils", os.path.join(config.pathprof_src_root, "utils")))

# The Python helpers read raw files with the format's constants as the
# build generates them (pathprof_layout.py, test/CMakeLists.txt).
config.environment["PYTHONPATH"] = os.pathsep.join(
    [os.path.join(config.pathprof_obj_root, "python")] +
    ([config.environment["PYTHONPATH"]]
     if config.environment.get("PYTHONPATH") else []))

# Node.js finds the packages utils/setup.sh installs (utils/js); browser
# tests start chromium through %utils/js/chromium.js.
config.environment["NODE_PATH"] = os.path.join(
    config.pathprof_obj_root, "js", "node_modules")

if os.access("/proc/self/fd", os.R_OK):
    config.available_features.add("linux")

# Tests that mount a small tmpfs (a disk that fills) need root and a
# kernel that lets it mount one (a container may not): tried once here.
def _can_mount_tmpfs():
    import subprocess
    import tempfile
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return False
    with tempfile.TemporaryDirectory() as mnt:
        try:
            r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k",
                                "tmpfs", mnt], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
        except OSError:
            return False
        if r.returncode != 0:
            return False
        subprocess.run(["umount", mnt], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        return True


if _can_mount_tmpfs():
    config.available_features.add("mount-tmpfs")


def _hardware_cycles_open():
    """Whether perf_event_open gives this process a hardware cycle counter
    (user mode only), as the metrics runtime asks for it: virtual machines
    usually refuse it (ENOENT)."""
    import ctypes
    import platform
    import struct
    if platform.machine() != "x86_64":
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError:
        return False
    # struct perf_event_attr (PERF_ATTR_SIZE_VER0): type HARDWARE, config
    # CPU_CYCLES, exclude_kernel and exclude_hv set.
    attr = struct.pack("IIQQQQQ", 0, 64, 0, 0, 0, 0, (1 << 5) | (1 << 6))
    buf = ctypes.create_string_buffer(attr + bytes(64 - len(attr)), 64)
    fd = libc.syscall(298, buf, 0, -1, -1, 0)  # SYS_perf_event_open
    if fd < 0:
        return False
    os.close(fd)
    return True


# Tests of refused hardware events need a machine without them, tests of
# the rdpmc path one with them.
config.available_features.add(
    "hw-counters" if _hardware_cycles_open() else "no-hw-counters")
