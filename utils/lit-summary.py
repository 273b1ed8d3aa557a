#!/usr/bin/env python3
"""lit-summary.py - The one-line test summary of utils/run-*tests.sh.

usage: lit-summary.py LIT_JSON LIT_STATUS [FUZZ_RESULTS]

Prints "N passed, N failed, N skipped" from lit's JSON results (-o FILE):
PASS, FLAKYPASS and XFAIL count as passed; UNSUPPORTED, SKIPPED and EXCLUDED
as skipped; everything else (FAIL, XPASS, UNRESOLVED, TIMEOUT) as failed. A
non-zero lit exit status without a failed test (a bad configuration, a lit
crash) counts as one failure. FUZZ_RESULTS, from utils/run-fuzzers.sh
--results, adds one test per fuzzer ("PASS|FAIL|SKIP name" lines; a file
without any counts as one failure). Exits 1 if anything failed.
"""

import json
import sys


def main():
    path, lit_status = sys.argv[1], int(sys.argv[2])
    passed = failed = skipped = 0
    try:
        with open(path) as f:
            tests = json.load(f).get("tests", [])
    except (OSError, ValueError):
        tests = []
    for test in tests:
        code = test.get("code")
        if code in ("PASS", "FLAKYPASS", "XFAIL"):
            passed += 1
        elif code in ("UNSUPPORTED", "SKIPPED", "EXCLUDED"):
            skipped += 1
        else:
            failed += 1
    if lit_status != 0 and failed == 0:
        failed = 1
    if len(sys.argv) > 3:
        try:
            with open(sys.argv[3]) as f:
                lines = [line.split() for line in f if line.strip()]
        except OSError:
            lines = []
        # run-fuzzers.sh reports every fuzzer, even skipped ones: no line
        # means it did not run.
        if not lines:
            lines = [["FAIL", "fuzzers"]]
        for status, *_ in lines:
            if status == "PASS":
                passed += 1
            elif status == "SKIP":
                skipped += 1
            else:
                failed += 1
    print("{} passed, {} failed, {} skipped".format(passed, failed, skipped))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
