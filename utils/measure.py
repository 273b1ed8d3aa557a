# ===- utils/measure.py - run a program and measure what it costs ----------===#
#
# The two measurements the benchmark scripts take of one run of a program:
# its CPU time (user + system of its process, which leaves out time spent
# waiting for a CPU on a shared machine) and wall-clock time, or the
# instructions it executes under `valgrind --tool=callgrind`, which repeat
# from run to run. Used by benchmark.py and compare-builds.py.
#
# ===----------------------------------------------------------------------===#
import re
import resource
import subprocess
import time


def child_cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_timed(argv, env=None, cwd=None):
    """Runs argv (in cwd); returns (completed process, wall seconds, CPU
    seconds)."""
    # RUSAGE_CHILDREN adds up every child waited for, and this is the only
    # one running, so the difference is this run's.
    start_wall, start_cpu = time.perf_counter(), child_cpu_seconds()
    r = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       env=env, cwd=cwd, universal_newlines=True)
    return (r, time.perf_counter() - start_wall,
            child_cpu_seconds() - start_cpu)


def callgrind_instructions(argv, out_file, env=None):
    """Runs argv under callgrind, writing its output to out_file; returns
    (completed process, instructions executed or None if the run failed)."""
    r = subprocess.run(["valgrind", "--tool=callgrind",
                        "--callgrind-out-file=" + out_file] + argv,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       env=env, universal_newlines=True)
    m = re.search(r"Collected\s*:\s*(\d+)", r.stderr)
    return r, int(m.group(1)) if r.returncode == 0 and m else None
