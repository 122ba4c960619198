#!/usr/bin/env bash
# folio build against the anchors of ANCHORS (default ../shared/bench): the same generated
# program built by Hugo doing the whole job, and the single-threaded C floor that only
# parses with libyaml and libcmark and writes one HTML file per chapter.
#
# Usage: bash bench/anchor_bench.sh FOLIO_BINARY [N ...]   (default N: 1000 10000)
#
# For each N: first builds into an empty folder and rebuilds into the folder of the
# previous run, three rounds, the tools interleaved (folio hugo floor, then floor hugo
# folio, then folio hugo floor again); medians, peak memory, and the ratios folio/Hugo
# and folio/floor from the same run. Old outputs are moved aside, never deleted between
# timed runs: on ext4, files created right after many were deleted are slow to create
# for minutes, which would be charged to whichever tool ran next. They are deleted at
# the end. Prints figures, and one target: a rebuild of unchanged content at 10,000
# chapters takes under 1 s and writes no file (the other targets live in run_bench.sh).
set -euo pipefail
folio=$(realpath "${1:?usage: anchor_bench.sh FOLIO_BINARY [N ...]}")
shift
if [ $# -gt 0 ]; then sizes=("$@"); else sizes=(1000 10000); fi
here=$(cd "$(dirname "$0")" && pwd)
anchors=${ANCHORS:-$here/../../shared/bench}
if [ ! -f "$anchors/gen_corpus.py" ]; then
  echo "anchor benchmark not found at $anchors (set ANCHORS=...): skipped"
  exit 0
fi
for tool in hugo cc pkg-config /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "missing $tool (make bench installs it)" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O2 "$anchors/floor.c" $(pkg-config --cflags --libs libcmark yaml-0.1) -o "$work/floor"

# run TOOL N FOLDER: one timed build; prints "seconds peak_kb".
run() {
  local tool=$1 n=$2 out=$3 cmd
  case $tool in
    folio) cmd=("$folio" build "$work/corpus-$n" --output "$out") ;;
    hugo) cmd=(hugo --quiet -s "$work/hugo-$n" -d "$out") ;;
    floor) mkdir -p "$out"; cmd=("$work/floor" all "$work/corpus-$n" "$out") ;;
  esac
  if ! /usr/bin/time -f '%e %M' -o "$work/time" "${cmd[@]}" >"$work/log" 2>&1; then
    echo "failed: ${cmd[*]}" >&2; tail -5 "$work/log" >&2; exit 1
  fi
  cat "$work/time"
}

median() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
ratio() { python3 -c "print(f'{$1 / max($2, 0.001):.2f}')"; }

status=0
printf '%-7s %-8s %9s %9s %9s %10s %11s %11s\n' N build folio_s hugo_s floor_s folio_MiB folio/hugo folio/floor
for n in "${sizes[@]}"; do
  python3 "$anchors/gen_corpus.py" "$n" "$work/corpus-$n" --spec-only >/dev/null
  bash "$anchors/make_hugo_site.sh" "$work/corpus-$n" "$work/hugo-$n" >/dev/null 2>&1
  declare -A first=() again=() peak=() written=()
  for tool in folio hugo floor; do first[$tool]=""; again[$tool]=""; peak[$tool]=0; done
  for round in 1 2 3; do
    order="folio hugo floor"; [ "$round" = 2 ] && order="floor hugo folio"
    for tool in $order; do
      out="$work/out-$tool-$n"
      [ -e "$out" ] && mv "$out" "$work/aside-$tool-$n-$round"
      read -r s kb < <(run "$tool" "$n" "$out")
      first[$tool]="${first[$tool]} $s"
      (( kb > peak[$tool] )) && peak[$tool]=$kb
      touch "$work/before-rebuild"
      read -r s kb < <(run "$tool" "$n" "$out")
      again[$tool]="${again[$tool]} $s"
      if [ "$tool" = folio ]; then
        written[$round]=$(find "$out" -type f -newer "$work/before-rebuild" | wc -l)
      fi
    done
  done
  for label in first rebuild; do
    if [ $label = first ]; then
      f=$(median ${first[folio]}) h=$(median ${first[hugo]}) c=$(median ${first[floor]})
    else
      f=$(median ${again[folio]}) h=$(median ${again[hugo]}) c=$(median ${again[floor]})
    fi
    printf '%-7s %-8s %9s %9s %9s %10s %11s %11s\n' "$n" "$label" "$f" "$h" "$c" "$(( peak[folio] / 1024 ))" "$(ratio "$f" "$h")" "$(ratio "$f" "$c")"
  done
  echo "        (peak MiB: hugo $(( peak[hugo] / 1024 )), floor $(( peak[floor] / 1024 )); $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
  # The rebuild of unchanged content: under 1 s at 10,000 chapters, writing no file.
  f=$(median ${again[folio]})
  most=$(printf '%s\n' "${written[@]}" | sort -n | tail -1)
  verdict=PASS
  if (( n >= 10000 )) && { python3 -c "import sys; sys.exit(0 if $f >= 1 else 1)" || (( most > 0 )); }; then verdict=FAIL; status=1; fi
  (( n >= 10000 )) || verdict=info
  echo "$verdict  N=$n folio rebuild of unchanged content: ${f}s (target < 1 s at 10,000), files written $most (target 0); Hugo ${h}s ($(ratio "$f" "$h")x)"
  rm -rf "$work"/out-* "$work"/aside-* "$work/corpus-$n" "$work/hugo-$n"
done
exit $status
