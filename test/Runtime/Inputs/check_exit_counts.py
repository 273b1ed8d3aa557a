"""Compares what threads.c's looping threads did (the iteration numbers they
stored in a shared file, one u64 per thread) with the path counts of their
loop in the profile (llvm-pathprof show --json on stdin). A thread killed by
exit() may have stored iteration N but not yet counted it, or (were the two
stores reordered) the other way round, so the profile must hold between
sum(N) - threads and sum(N) + threads. Prints one line."""
import json
import struct
import sys

done_file, function = sys.argv[1], sys.argv[2]
data = open(done_file, "rb").read()
done = [n for n in struct.unpack("<%dQ" % (len(data) // 8), data) if n]
doc = json.load(sys.stdin)
total = sum(f["total_count"] for f in doc["functions"]
            if f["name"].endswith(";" + function))
lo, hi = sum(done) - len(done), sum(done) + len(done)
if not done or min(done) < 1000:
    print("threads did not run: %s" % done)
elif lo <= total <= hi:
    print("%d looping threads: every completed path counted" % len(done))
else:
    print("%d looping threads: %d paths counted, %d..%d completed" %
          (len(done), total, lo, hi))
