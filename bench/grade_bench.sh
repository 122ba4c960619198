#!/usr/bin/env bash
# Times `folio grade` on one core: attempts graded per second.
# Usage: bash bench/grade_bench.sh FOLIO_BINARY [ATTEMPTS]   (default 1000000)
# Target: 1,000,000 attempts a second or more, on one core. The command is pinned to one
# core with taskset (it grades in one thread anyway), and its CPU time (user + system) is
# printed beside the wall time: with the pin, it cannot be more.
# The timed runs write their results to /dev/null: the results of 1,000,000 attempts
# are about 900 MB, and writing that much into a file costs this machine's kernel about
# 2 s on its own, whoever writes it. So one more run writes into a file, and `cat`
# writing the same bytes into a file is timed beside it: the floor for that figure.
set -euo pipefail
folio=${1:?usage: grade_bench.sh FOLIO_BINARY [ATTEMPTS]}
attempts=${2:-1000000}
[ -x "$folio" ] || { echo "no folio binary at $folio (run make release)" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
runs=3
target=1000000

"$folio" build "$here/../Content" --output "$work/out" 2>/dev/null
python3 "$here/make_attempts.py" "$attempts" "$work/attempts.jsonl" "$work/out/bundle"
# One core, as the target says.
pin=(); pinned="one core"
if command -v taskset >/dev/null; then pin=(taskset -c 0); else pinned="NOT pinned: no taskset"; fi

grade=("${pin[@]}" "$folio" grade who-am-i --responses "$work/attempts.jsonl" --bundle "$work/out/bundle")
# Into a file, once: the results are counted, and this is the figure with the file's cost.
/usr/bin/time -f '%e' -o "$work/time" "${grade[@]}" >"$work/graded.jsonl"
file_wall=$(cat "$work/time")
/usr/bin/time -f '%e' -o "$work/time" cat "$work/graded.jsonl" >"$work/copy.jsonl"
copy_wall=$(cat "$work/time")
rm -f "$work/copy.jsonl"
times=() cpus=()
for _ in $(seq $runs); do
  /usr/bin/time -f '%e %U %S' -o "$work/time" "${grade[@]}" >/dev/null
  read -r wall user system <"$work/time"
  times+=("$wall")
  cpus+=("$(python3 -c "print(f'{$user + $system:.2f}')")")
done
lines=$(wc -l <"$work/graded.jsonl")
if [ "$lines" -ne "$attempts" ]; then
  echo "FAIL  $lines result lines for $attempts attempts"
  python3 "$here/summary.py" add 6 FAIL "folio grade >= 1,000,000 attempts/s, one core" "$lines result lines for $attempts attempts"
  exit 1
fi
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
cpu=$(printf '%s\n' "${cpus[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
rate=$(python3 -c "print(int($attempts / max($median, 0.001)))")
size=$(du -m "$work/attempts.jsonl" | cut -f1)
out_size=$(du -m "$work/graded.jsonl" | cut -f1)
echo "folio grade: $attempts attempts (${size} MB of JSON Lines) in ${median}s (median of $runs, $pinned, results to /dev/null; CPU time ${cpu}s): $rate attempts/s"
echo "  into a file: ${file_wall}s for ${out_size} MB of results; cat writing the same bytes into a file: ${copy_wall}s"
verdict=PASS sign=">="
(( rate >= target )) || { verdict=FAIL sign="<"; }
echo "$verdict  grading rate $rate/s $sign 1,000,000/s ($pinned)"
python3 "$here/summary.py" add 6 "$verdict" "folio grade >= 1,000,000 attempts/s, one core" \
  "$rate/s ($pinned, ${median}s wall, ${cpu}s CPU, results to /dev/null; into a file ${file_wall}s, cat of the same ${out_size} MB ${copy_wall}s)" \
  "" "$(python3 -c "print(f'{$rate / $target:.2f}x target')")"
[ "$verdict" = PASS ]
