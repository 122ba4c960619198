#!/usr/bin/env python3
"""The summary table `make bench` prints at its end: one row per target of the
performance issue, with folio's figure, the Hugo or C floor figure from the same run,
their ratio and PASS / FAIL.

  python3 bench/summary.py add KEY VERDICT TARGET FIGURE [REFERENCE] [RATIO]
      Appends one row to the file named by $BENCH_SUMMARY; does nothing when it is
      unset, so each script also runs alone. VERDICT is PASS, FAIL, SKIP or info
      (measured below the size the target is set at). A key recorded twice keeps the
      last row.
  python3 bench/summary.py print FILE "LOAD AT START"
      Prints the table: every target in the order of the issue, MISSING for a target
      no script recorded (its script stopped early), then the extra checks, and the
      load average at the start and now. Exits 1 if a row is FAIL or MISSING.

The bench scripts judge a target at N >= BENCH_TARGET_N (default 10000, the size the
targets are set at); a smaller BENCH_TARGET_N only serves to try the scripts quickly.
"""
import os
import sys

# The targets of the performance issue, in its order, by key.
TARGETS = {
    "1a": "first build < 5 s",
    "1b": "first build <= 2.5x C floor",
    "2": "rebuild, nothing changed: < 1 s, 0 files written",
    "3a": "one chapter edited, rebuild < 1 s",
    "3b": "  ...writes only files whose bytes change",
    "3c": "  ...bundle/ identical to a build from scratch",
    "4": "folio serve: save to changed page < 150 ms",
    "5a": "peak memory < 300 MiB at 10,000",
    "5b": "peak memory < 500 MiB at 20,000",
    "6": "folio grade >= 1,000,000 attempts/s, one core",
    "7a": "faster than Hugo: anchor first build",
    "7b": "faster than Hugo: run_bench.sh",
}


def target_n():
    return int(os.environ.get("BENCH_TARGET_N", "10000"))


def add(key, verdict, target, figure, reference="", ratio=""):
    """Records one row (the Python benchmarks call this directly)."""
    path = os.environ.get("BENCH_SUMMARY")
    if not path:
        return
    clean = [str(v).replace("\t", " ").replace("\n", " ") for v in (key, verdict, target, figure, reference, ratio)]
    with open(path, "a") as f:
        f.write("\t".join(clean) + "\n")


def show(path, load_start):
    rows = {}
    if os.path.exists(path):
        for line in open(path):
            fields = line.rstrip("\n").split("\t")
            if len(fields) == 6:
                rows[fields[0]] = fields[1:]
    table = []
    for key, target in TARGETS.items():
        table.append([key] + [rows[key][1], rows[key][2], rows[key][3], rows[key][4], rows[key][0]] if key in rows
                     else [key, target, "-", "-", "-", "MISSING"])
    extras = sorted(k for k in rows if k not in TARGETS)
    header = ["#", "target", "folio", "Hugo / C floor, same run", "ratio", "result"]
    widths = [max(len(r[i]) for r in table + [header] + [[k] + rows[k][1:] + [rows[k][0]] for k in extras])
              for i in range(6)]

    def line(r):
        return "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip()

    print()
    print("Summary of the performance targets (anchor corpus: N chapters + N quizzes)")
    print(line(header))
    print(line(["-" * w for w in widths]))
    for r in table:
        print(line(r))
    if extras:
        print(line(["-" * w for w in widths]))
        print("other checks of make bench")
        for k in extras:
            print(line([k] + rows[k][1:] + [rows[k][0]]))
    print(f"load average at start: {load_start}")
    print(f"load average at end:   {open('/proc/loadavg').read().strip()}")
    print(f"{os.cpu_count()} cores")
    results = [r[5] for r in table] + [rows[k][0] for k in extras]
    failed = sum(r in ("FAIL", "MISSING") for r in results)
    print(f"{results.count('PASS')} PASS, {results.count('FAIL')} FAIL, {results.count('MISSING')} MISSING, "
          f"{results.count('SKIP')} SKIP, {results.count('info')} info")
    return 1 if failed else 0


def main(argv):
    if len(argv) >= 5 and argv[1] == "add":
        add(*argv[2:8])
        return 0
    if len(argv) == 4 and argv[1] == "print":
        return show(argv[2], argv[3])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
