#!/usr/bin/env bash
# Times `folio build` against Hugo on the same generated chapters, and measures peak
# memory. Usage: bash bench/run_bench.sh FOLIO_BINARY [N ...]   (default N: 1000 10000)
# Targets at the largest N: folio no slower than Hugo, folio peak memory under 1 GiB.
set -euo pipefail
folio=${1:?usage: run_bench.sh FOLIO_BINARY [N ...]}
shift
if [ $# -gt 0 ]; then sizes=("$@"); else sizes=(1000 10000); fi
[ -x "$folio" ] || { echo "no folio binary at $folio (run make release)" >&2; exit 2; }
for tool in hugo /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "missing $tool (make bench installs it)" >&2; exit 2; }
done
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
runs=3

# Runs a command $runs times; prints the median wall seconds and the largest peak RSS in MiB.
measure() {
  local times=() peak=0
  for _ in $(seq $runs); do
    if ! /usr/bin/time -f '%e %M' -o "$work/time" "$@" >"$work/out" 2>"$work/err"; then
      echo "command failed: $*" >&2; tail -20 "$work/err" >&2; exit 1
    fi
    read -r seconds kb <"$work/time"
    times+=("$seconds")
    (( kb > peak )) && peak=$kb
  done
  local median
  median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
  echo "$median $(( peak / 1024 ))"
}

printf '%-8s %10s %16s %9s %15s %11s\n' N folio_s folio_peak_MiB hugo_s hugo_peak_MiB folio/hugo
last=""
for n in "${sizes[@]}"; do
  program="$work/program-$n" site="$work/hugo-$n"
  python3 "$here/generate_program.py" "$n" "$program" --hugo "$site" >"$work/generated"
  read -r folio_s folio_mib < <(measure "$folio" build "$program" --output "$work/out-$n")
  read -r hugo_s hugo_mib < <(measure hugo --quiet -s "$site" -d "$work/public-$n")
  ratio=$(python3 -c "print(f'{$folio_s / max($hugo_s, 0.001):.2f}')")
  printf '%-8s %10s %16s %9s %15s %11s\n' "$n" "$folio_s" "$folio_mib" "$hugo_s" "$hugo_mib" "$ratio"
  echo "         ($(cat "$work/generated"))"
  last="$folio_s $folio_mib $hugo_s"
  rm -rf "$program" "$site" "$work/out-$n" "$work/public-$n"
done

read -r folio_s folio_mib hugo_s <<<"$last"
status=0
if python3 -c "import sys; sys.exit(0 if $folio_s <= $hugo_s else 1)"; then
  echo "PASS  folio is no slower than Hugo at N=${sizes[-1]} (${folio_s}s vs ${hugo_s}s)"
else
  echo "FAIL  folio is slower than Hugo at N=${sizes[-1]} (${folio_s}s vs ${hugo_s}s)"; status=1
fi
if (( folio_mib < 1024 )); then
  echo "PASS  folio peak memory ${folio_mib} MiB < 1024 MiB"
else
  echo "FAIL  folio peak memory ${folio_mib} MiB >= 1024 MiB"; status=1
fi
exit $status
