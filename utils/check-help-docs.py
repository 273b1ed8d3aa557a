#!/usr/bin/env python3
"""Checks that the --help of each llvm-pathprof subcommand and the options
documented for it in docs/CommandGuide.md name the same options, or, with
--driver, that `pathprof-clang --pathprof-help` and the flag table of the
user guide's "The wrapper drivers" section do.

Usage: check-help-docs.py LLVM_PATHPROF COMMAND_GUIDE
       check-help-docs.py --driver PATHPROF_CLANG USER_GUIDE

For every "## <subcommand>" section of the guide, the options it documents
are the "--name" words at the start of its option list items ("- `--name...`"
and "- `-x <v>`, `--name=<v>`"); the options --help lists are those under
"llvm-pathprof options:". Prints one line per difference and "OK <n>
subcommands" when there is none; exits 1 on a difference.
"""

import re
import subprocess
import sys


def help_options(tool, command):
    out = subprocess.run([tool, command, "--help"], check=True,
                         capture_output=True, text=True).stdout
    opts = set()
    in_ours = False
    for line in out.splitlines():
        if line.strip() == "llvm-pathprof options:":
            in_ours = True
            continue
        if in_ours:
            m = re.match(r"^  (--?[A-Za-z][\w-]*)", line)
            if m:
                opts.add(m.group(1))
    return opts


def doc_sections(path):
    sections = {}
    name = None
    for line in open(path, encoding="utf-8"):
        m = re.match(r"^## (\w+)\s*$", line)
        if m:
            name = m.group(1)
            sections[name] = set()
            continue
        if name and line.startswith("- `-"):
            for opt in re.findall(r"`(--?[A-Za-z][\w-]*)", line):
                sections[name].add(opt)
    return sections


def report(who, help_flag, helped, documented):
    """Prints each option only one side names; returns how many."""
    for opt in sorted(helped - documented):
        print(f"{who}: {opt} is in {help_flag} but not in the guide")
    for opt in sorted(documented - helped):
        print(f"{who}: {opt} is in the guide but not in {help_flag}")
    return len(helped ^ documented)


def flag_name(text):
    """-fprofile-path-generate=DIR -> -fprofile-path-generate=; --launcher X
    -> --launcher."""
    m = re.match(r"(--?[A-Za-z][\w-]*=?)", text)
    return m.group(1) if m else None


def check_driver(driver, guide):
    out = subprocess.run([driver, "--pathprof-help"], check=True,
                         capture_output=True, text=True).stdout
    helped = {flag_name(line.strip()) for line in out.splitlines()
              if re.match(r"^  -", line)}
    documented = set()
    in_section = False
    for line in open(guide, encoding="utf-8"):
        if line.startswith("## "):
            in_section = line.strip() == "## The wrapper drivers"
            continue
        m = re.match(r"^\| `([^`]+)`", line)
        if in_section and m:
            documented.add(flag_name(m.group(1)))
    if report(driver, "--pathprof-help", helped, documented):
        return 1
    print(f"OK {len(helped)} driver flags")
    return 0


def main():
    if sys.argv[1] == "--driver":
        return check_driver(sys.argv[2], sys.argv[3])
    tool, guide = sys.argv[1], sys.argv[2]
    sections = doc_sections(guide)
    commands = [c for c in sections if c[0].islower()]
    bad = 0
    for command in commands:
        bad += report(command, "--help", help_options(tool, command),
                      sections[command])
    if bad:
        return 1
    print(f"OK {len(commands)} subcommands")
    return 0


if __name__ == "__main__":
    sys.exit(main())
