#!/usr/bin/env python3
"""Reads the JSON document report --html embeds in DIR/index.html.

  report-data.py DIR paths      per function (in the page's order): counts,
                                and per path its id, count, metric values
                                and the source lines of its blocks in path
                                order, as the page highlights them
  report-data.py DIR sources    per source file: found (lines) or the error
  report-data.py DIR model SHOW.json REPORT.json...
                                checks that the embedded model is the
                                document show --json wrote and the
                                concentration documents those report --json
                                wrote, and prints what it compared
"""
import json
import re
import sys


def load(directory):
    with open(directory + "/index.html", encoding="utf-8") as f:
        page = f.read()
    m = re.search(r'<script type="application/json" id="pathprof-data">(.*?)</script>',
                  page, re.S)
    if not m:
        sys.exit("report-data.py: no embedded document in " + directory)
    if "</" in m.group(1):
        sys.exit("report-data.py: the document has an unescaped '</'")
    return json.loads(m.group(1))


def lines(function, path):
    out = []
    for block in path["block_ids"]:
        b = function["cfg_blocks"][block]
        if b["line_begin"] == 0:
            out.append(b["name"])
            continue
        for line in range(b["line_begin"], max(b["line_end"], b["line_begin"]) + 1):
            out.append(str(line))
    return out


def paths(data):
    for f in data["profile"]["functions"]:
        print("function %s: executed %d of %d, count %d, entries %d" %
              (f["demangled_name"], f["executed_paths"], f["num_paths"],
               f["total_count"], f["entry_count"]))
        for p in f["paths"]:
            metrics = "".join(" %s=%s" % (k, "N" if v > 0 else "0")
                              for k, v in sorted(p.get("metrics", {}).items()))
            print("  path %d: count %d%s lines %s" %
                  (p["id"], p["count"], metrics, " ".join(lines(f, p))))


def sources(data):
    for name, s in sorted(data["sources"].items()):
        if "text" in s:
            print("source %s: %d lines" % (name, len(s["text"].splitlines())))
        else:
            print("source %s: %s: %s" % (name, s["path"], s["error"]))


def model(data, show, reports):
    with open(show) as f:
        expected = json.load(f)
    if data["profile"] != expected:
        sys.exit("report-data.py: the embedded model differs from " + show)
    got = data["concentration"]
    if len(got) != len(reports):
        sys.exit("report-data.py: %d concentration documents, expected %d" %
                 (len(got), len(reports)))
    for doc, report in zip(got, reports):
        with open(report) as f:
            if doc != json.load(f):
                sys.exit("report-data.py: the concentration of %s differs from %s" %
                         (doc["metric"]["name"], report))
    print("model: %d functions, concentration: %s" %
          (len(data["profile"]["functions"]),
           ", ".join(d["metric"]["name"] for d in got) or "none"))


def main():
    data = load(sys.argv[1])
    what = sys.argv[2]
    if what == "paths":
        paths(data)
    elif what == "sources":
        sources(data)
    elif what == "model":
        model(data, sys.argv[3], sys.argv[4:])
    else:
        sys.exit("report-data.py: unknown request " + what)


if __name__ == "__main__":
    main()
