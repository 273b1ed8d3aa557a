"""What the IR-dump helpers (select_weights.py, memop_values.py) share:
the instructions of an IR dump (-print-after) that match a pattern, with
the function each is in and its !prof metadata."""

import re


def profiled(text, pattern, kind):
    """Yields (function, fields) for each line of \\p text matching
    \\p pattern: fields are the words of its !prof metadata node of \\p kind
    ("branch_weights", "VP") after the kind, or None without one."""
    nodes = dict(re.findall(
        r'^(![0-9]+) = !\{!"%s", (.*)\}$' % re.escape(kind), text, re.M))
    function = "?"
    for line in text.splitlines():
        m = re.match(r'define .*@("[^"]+"|[\w.$]+)\(', line)
        if m:
            function = m.group(1)
            continue
        if not re.search(pattern, line):
            continue
        m = re.search(r"!prof (![0-9]+)", line)
        if not m or m.group(1) not in nodes:
            yield function, None
        else:
            yield function, [v.split()[1] for v in nodes[m.group(1)].split(", ")]
