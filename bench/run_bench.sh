#!/usr/bin/env bash
# Times `folio build` against Hugo on the same generated chapters (bench/generate_program.py),
# and measures peak memory. Usage: bash bench/run_bench.sh FOLIO_BINARY [N ...]   (default N: 1000 10000)
# Targets at the largest N: folio faster than Hugo, folio peak memory under 1 GiB.
#
# Each tool builds into an empty folder, three times, interleaved (folio hugo, hugo folio,
# folio hugo); medians of wall time, the largest peak RSS. Old outputs are moved aside,
# with the build record and spare folio keeps beside its output (so that every build is
# one from scratch), and deleted only after the timed runs of each N (see anchor_bench.sh:
# on ext4, files created right after many were deleted are slow to create).
set -euo pipefail
folio=${1:?usage: run_bench.sh FOLIO_BINARY [N ...]}
shift
if [ $# -gt 0 ]; then sizes=("$@"); else sizes=(1000 10000); fi
[ -x "$folio" ] || { echo "no folio binary at $folio (run make release)" >&2; exit 2; }
for tool in hugo /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "missing $tool (make bench installs it)" >&2; exit 2; }
done
here=$(cd "$(dirname "$0")" && pwd)
source "$here/settle.sh"
work=$(mktemp -d)
trap 'discard "$work"' EXIT
runs=3

# timed COMMAND...: one run; appends "seconds kb" to $work/times-$tool.
timed() {
  if ! /usr/bin/time -f '%e %M' -o "$work/time" "$@" >"$work/out" 2>"$work/err"; then
    echo "command failed: $*" >&2; tail -20 "$work/err" >&2; exit 1
  fi
  cat "$work/time" >>"$work/times-$tool"
}

# summary TOOL: prints the median wall seconds and the largest peak RSS in MiB.
summary() {
  local median peak
  median=$(cut -d' ' -f1 "$work/times-$1" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
  peak=$(cut -d' ' -f2 "$work/times-$1" | sort -n | tail -1)
  echo "$median $(( peak / 1024 ))"
}

printf '%-8s %10s %16s %9s %15s %11s\n' N folio_s folio_peak_MiB hugo_s hugo_peak_MiB folio/hugo
last=""
for n in "${sizes[@]}"; do
  program="$work/program-$n" site="$work/hugo-$n"
  python3 "$here/generate_program.py" "$n" "$program" --hugo "$site" >"$work/generated"
  rm -f "$work"/times-*
  for run in $(seq $runs); do
    order="folio hugo"; (( run % 2 == 0 )) && order="hugo folio"
    for tool in $order; do
      out="$work/out-$tool-$n-$run"
      case $tool in
        folio) timed "$folio" build "$program" --output "$out" ;;
        hugo) timed hugo --quiet -s "$site" -d "$out" ;;
      esac
    done
  done
  read -r folio_s folio_mib < <(summary folio)
  read -r hugo_s hugo_mib < <(summary hugo)
  ratio=$(python3 -c "print(f'{$folio_s / max($hugo_s, 0.001):.2f}')")
  printf '%-8s %10s %16s %9s %15s %11s\n' "$n" "$folio_s" "$folio_mib" "$hugo_s" "$hugo_mib" "$ratio"
  echo "         ($(cat "$work/generated"); each a build into an empty folder, median of $runs, interleaved; load $(cut -d' ' -f1-3 /proc/loadavg))"
  last="$folio_s $folio_mib $hugo_s $hugo_mib $ratio"
  if [ "$n" = 1000 ]; then
    # The search index stays small enough for a phone to load offline: the site's search
    # page (its index inside) and the bundle's parts, at 1,000 chapters.
    page=$(stat -c %s "$work/out-folio-$n-1/site/search.html")
    parts=$(du -sb "$work/out-folio-$n-1/bundle/search" | cut -f1)
    gz=$(gzip -9c "$work/out-folio-$n-1/site/search.html" | wc -c)
    verdict=FAIL; (( page < 1024 * 1024 )) && verdict=PASS
    echo "$verdict  search page at N=1000: $page bytes ($gz gzipped), bundle search parts $parts bytes (target: page < 1 MiB)"
    python3 "$here/summary.py" add s1 "$verdict" "search index size, N=1000: site page < 1 MiB" "$(( page / 1024 )) KiB" "gzip $(( gz / 1024 )) KiB" "bundle parts $(( parts / 1024 )) KiB"
    [ "$verdict" = PASS ] || search_status=1
  fi
  discard "$program" "$site" "$work"/out-* "$work"/.out-*  # before the next size's runs (bench/settle.sh)
done

read -r folio_s folio_mib hugo_s hugo_mib ratio <<<"$last"
n=${sizes[-1]}
status=${search_status:-0}
if python3 -c "import sys; sys.exit(0 if $folio_s < $hugo_s else 1)"; then
  echo "PASS  folio is faster than Hugo at N=$n (${folio_s}s vs ${hugo_s}s)"; verdict=PASS
else
  echo "FAIL  folio is not faster than Hugo at N=$n (${folio_s}s vs ${hugo_s}s)"; verdict=FAIL; status=1
fi
python3 "$here/summary.py" add 7b "$verdict" "faster than Hugo: run_bench.sh, N=$n" "${folio_s}s" "Hugo ${hugo_s}s" "${ratio}x"
if (( folio_mib < 1024 )); then
  echo "PASS  folio peak memory ${folio_mib} MiB < 1024 MiB"; verdict=PASS
else
  echo "FAIL  folio peak memory ${folio_mib} MiB >= 1024 MiB"; verdict=FAIL; status=1
fi
python3 "$here/summary.py" add x2 "$verdict" "run_bench.sh peak memory < 1 GiB, N=$n" "$folio_mib MiB" "Hugo $hugo_mib MiB" \
  "$(python3 -c "print(f'{$folio_mib / max($hugo_mib, 1):.2f}x')")"
exit $status
