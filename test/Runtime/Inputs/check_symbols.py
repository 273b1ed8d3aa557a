"""Reads `llvm-readelf -s --wide` of the runtime archive on stdin and prints
the default-visibility symbols it defines, after checking that every global
symbol it defines is named __pathprof_* and that it needs nothing from the
C++ runtime (a failed check prints a BAD line)."""
import sys

CXX_PREFIXES = ("_Z", "__cxa_", "__gxx_", "_Unwind_", "__dynamic_cast")
exported = set()
for line in sys.stdin:
    f = line.split()
    if len(f) < 8 or not f[0].endswith(":") or not f[0][:-1].isdigit():
        continue
    bind, vis, ndx, name = f[4], f[5], f[6], f[7]
    if bind not in ("GLOBAL", "WEAK"):
        continue
    if ndx == "UND":
        if name.startswith(CXX_PREFIXES):
            print("BAD: needs C++ runtime symbol " + name)
        continue
    if not name.startswith("__pathprof_"):
        print("BAD: defines " + name)
    if vis == "DEFAULT":
        exported.add(name)
for name in sorted(exported):
    print("exported: " + name)
