"""Checks that the runtime's files form the stack of layers that
docs/Runtime.md ("The runtime's layers") describes: every object of
libpathprof_rt.a refers only to symbols defined in its own layer or in the
layers below it, but for the few interfaces a lower layer declares and a
higher one implements (listed below, each with its reason). Prints the
layers, each with its files and the layers it uses, then every reference
that goes up (with the object that makes it and the one that defines it)
and a count; exits 1 if there is one, or if an object of the archive is in
no layer (a new file must be given its place here and in the docs).

  runtime_layers.py LIBPATHPROF_RT.A"""
import collections
import re
import subprocess
import sys

# Bottom to top.
LAYERS = [
    ("util", ["PathProfUtil"]),
    ("layout and file",
     ["PathProfFile", "PathProfLoader", "PathProfLayout", "PathProfGuard"]),
    ("segments and slices",
     ["PathProfSegment", "PathProfSlices", "PathProfCompact"]),
    ("counting",
     ["PathProfStorage", "PathProfHash", "PathProfContext", "PathProfMetrics",
      "PathProfValues", "PathProfVerify"]),
    ("life cycle", ["PathProfRuntime", "PathProfControl"]),
]

# References that go up by design.
INTERFACES = {
    # The storage kinds of a counter segment: the segment code folds
    # segments through this table and knows none of their layouts; each
    # kind's fold lives with the counting code that owns the layout.
    "__pathprof_storage_kinds": "the storage kinds' table",
    "__pathprof_num_storage_kinds": "the storage kinds' table",
    # A count made before __pathprof_init (another constructor ran first)
    # that needs a hash table starts the module's life cycle.
    "__pathprof_init_if_idle": "a count before init starts the life cycle",
}


def layer_of(obj):
    stem = re.sub(r"\.c(\.o|\.obj)?$|\.o$", "", obj)
    for i, (_, files) in enumerate(LAYERS):
        if stem in files:
            return i, stem
    return None, stem


def main():
    out = subprocess.run(["llvm-nm", "-A", sys.argv[1]], check=True,
                         stdout=subprocess.PIPE,
                         universal_newlines=True).stdout
    defined, used = {}, collections.defaultdict(set)
    for line in out.splitlines():
        head, _, rest = line.rpartition(": ")
        obj = head.rsplit(":", 1)[-1]
        parts = rest.split()
        if len(parts) == 2 and parts[0] in ("U", "w", "v"):
            used[obj].add(parts[1])
        elif len(parts) == 3 and parts[1] not in ("U", "w", "v"):
            defined.setdefault(parts[2], obj)
    objects = sorted(set(used) | set(defined.values()))
    lost = [o for o in objects if layer_of(o)[0] is None]
    uses = collections.defaultdict(set)
    up = []
    for obj in objects:
        mine, stem = layer_of(obj)
        if mine is None:
            continue
        for sym in sorted(used[obj]):
            other = defined.get(sym)
            if other is None or other == obj:
                continue
            theirs, their_stem = layer_of(other)
            if theirs is None:
                continue
            if theirs > mine and sym not in INTERFACES:
                up.append((stem, sym, their_stem))
            elif theirs < mine:
                uses[mine].add(theirs)
    for i, (name, files) in enumerate(LAYERS):
        below = ", ".join(LAYERS[j][0] for j in sorted(uses[i]))
        print("layer %d, %s: %s; uses: %s" % (i, name, " ".join(files),
                                               below or "none"))
    for obj in lost:
        print("in no layer: %s" % obj)
    for stem, sym, their_stem in up:
        print("up: %s -> %s (%s)" % (stem, sym, their_stem))
    print("%d references up, %d objects in no layer" % (len(up), len(lost)))
    return 1 if up or lost else 0


if __name__ == "__main__":
    sys.exit(main())
