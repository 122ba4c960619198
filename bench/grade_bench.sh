#!/usr/bin/env bash
# Times `folio grade` on one core: attempts graded per second.
# Usage: bash bench/grade_bench.sh FOLIO_BINARY [ATTEMPTS]   (default 300000)
# Target: over 100,000 attempts a second.
set -euo pipefail
folio=${1:?usage: grade_bench.sh FOLIO_BINARY [ATTEMPTS]}
attempts=${2:-300000}
[ -x "$folio" ] || { echo "no folio binary at $folio (run make release)" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
runs=3

"$folio" build "$here/../Content" --output "$work/out" 2>/dev/null
python3 "$here/make_attempts.py" "$attempts" "$work/attempts.jsonl"
# One core, as the target says; `folio grade` grades in one thread anyway.
pin=(); command -v taskset >/dev/null && pin=(taskset -c 0)

times=()
for _ in $(seq $runs); do
  /usr/bin/time -f '%e' -o "$work/time" "${pin[@]}" "$folio" grade who-am-i --responses "$work/attempts.jsonl" \
    --bundle "$work/out/bundle" >"$work/graded.jsonl"
  times+=("$(cat "$work/time")")
done
lines=$(wc -l <"$work/graded.jsonl")
[ "$lines" -eq "$attempts" ] || { echo "FAIL  $lines result lines for $attempts attempts"; exit 1; }
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
rate=$(python3 -c "print(int($attempts / max($median, 0.001)))")
size=$(du -m "$work/attempts.jsonl" | cut -f1)
echo "folio grade: $attempts attempts (${size} MB of JSON Lines) in ${median}s (median of $runs, one core): $rate attempts/s"
if (( rate > 100000 )); then
  echo "PASS  grading rate $rate/s > 100,000/s"
else
  echo "FAIL  grading rate $rate/s <= 100,000/s"; exit 1
fi
