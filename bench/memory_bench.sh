#!/usr/bin/env bash
# Peak memory of one `folio build` from scratch of the anchor corpus of ANCHORS (default
# ../shared/bench) at N chapters and N quizzes (default 20,000): peak RSS from
# /usr/bin/time %M. Target: under 500 MiB at 20,000, judged at N >= 2 x BENCH_TARGET_N
# (default 10,000); the 300 MiB target at 10,000 is anchor_bench.sh's.
#
# One build only, no Hugo and no floor, to keep it short: generating the corpus takes
# about 1.3 s per 1,000 chapters on the 2-core machine (some 30 s at 20,000), and the build
# about twice as long as at 10,000 (10 s at the 5 s target; more while folio misses it):
# about a minute in all. `make bench` runs it unless BENCH_LARGE=0 (then N is `skip`, and a
# SKIP line says how to run it). It runs last in `make bench`: deleting its 20,000-chapter
# output would slow the file creation of whatever benchmark came next (see anchor_bench.sh).
# Usage: bash bench/memory_bench.sh FOLIO_BINARY [N|skip]
set -euo pipefail
folio=${1:?usage: memory_bench.sh FOLIO_BINARY [N|skip]}
n=${2:-20000}
here=$(cd "$(dirname "$0")" && pwd)
source "$here/settle.sh"
anchors=${ANCHORS:-$here/../../shared/bench}
target_n=${BENCH_TARGET_N:-10000}
limit=500
if [ "$n" = skip ]; then
  echo "SKIP  folio peak memory at 20,000 chapters (run it with make bench BENCH_LARGE=1, or bash bench/memory_bench.sh $folio 20000)"
  python3 "$here/summary.py" add 5b SKIP "peak memory < 500 MiB at 20,000" "not run (make bench BENCH_LARGE=1)"
  exit 0
fi
[ -x "$folio" ] || { echo "no folio binary at $folio (run make release)" >&2; exit 2; }
if [ ! -f "$anchors/gen_corpus.py" ]; then
  echo "anchor benchmark not found at $anchors (set ANCHORS=...): skipped"
  python3 "$here/summary.py" add 5b SKIP "peak memory < 500 MiB at 20,000" "no anchors at $anchors"
  exit 0
fi
work=$(mktemp -d)
trap 'discard "$work"' EXIT

start=$(date +%s.%N)
python3 "$anchors/gen_corpus.py" "$n" "$work/corpus" --spec-only >/dev/null
generated=$(python3 -c "import time; print(f'{time.time() - $start:.1f}')")
if ! /usr/bin/time -f '%e %M' -o "$work/time" "$folio" build "$work/corpus" --output "$work/out" >"$work/log" 2>&1; then
  echo "failed: folio build of $n chapters" >&2; tail -5 "$work/log" >&2; exit 1
fi
read -r seconds kb <"$work/time"
mib=$(( kb / 1024 ))
echo "folio first build of the anchor corpus at N=$n: ${seconds}s, peak memory $mib MiB (corpus generated in ${generated}s; load $(cut -d' ' -f1-3 /proc/loadavg))"
status=0
if (( n < 2 * target_n )); then verdict=info
elif (( mib < limit )); then verdict=PASS
else verdict=FAIL; status=1
fi
echo "$verdict  N=$n folio peak memory (first build): $mib MiB (target < $limit MiB at $(( 2 * target_n )))"
python3 "$here/summary.py" add 5b "$verdict" "peak memory < $limit MiB, N=$n" "$mib MiB (build ${seconds}s)" "" \
  "$(python3 -c "print(f'{$mib / $limit:.2f}x limit')")"
exit $status
