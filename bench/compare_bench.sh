#!/usr/bin/env bash
# Two folio executables, before and after a change, on the anchor benchmark's program in
# one run, with Hugo and the C floor beside them: the figures a change's guard is judged
# by ("within 3% of before").
#
# Usage: bash bench/compare_bench.sh BEFORE_BINARY AFTER_BINARY [N] [ROUNDS]
#        (default N 10000, ROUNDS 5)
#
# Each round builds, into an empty folder, with each tool in turn, the order reversed
# every other round (before after floor hugo, then hugo floor after before): a first
# build; then, for the two folios, the same chapter edited as an author would and built
# again into that output (the rebuild after an edit). Old outputs are moved aside, never
# deleted between timed runs (see anchor_bench.sh), and deleted at the end of each round,
# outside every timing: at 10,000 chapters the outputs of a run of five rounds no longer
# fit in /dev/shm. Prints the median of each, and the ratios after/before, after/Hugo and
# after/floor.
set -euo pipefail
before=$(realpath "${1:?usage: compare_bench.sh BEFORE AFTER [N] [ROUNDS]}")
after=$(realpath "${2:?usage: compare_bench.sh BEFORE AFTER [N] [ROUNDS]}")
n=${3:-10000}
rounds=${4:-5}
here=$(cd "$(dirname "$0")" && pwd)
anchors=${ANCHORS:-$here/../../shared/bench}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cc -O2 "$anchors/floor.c" $(pkg-config --cflags --libs libcmark yaml-0.1) -o "$work/floor"
python3 "$anchors/gen_corpus.py" "$n" "$work/corpus" --spec-only >/dev/null
bash "$anchors/make_hugo_site.sh" "$work/corpus" "$work/hugo" >/dev/null
chapter=$(ls "$work/corpus/chapters" | sed -n "$((n / 2))p")

# time_of COMMAND...: the seconds the command took, or exits when it failed.
time_of() {
  if ! /usr/bin/time -f '%e' -o "$work/time" "$@" >"$work/log" 2>&1; then
    echo "failed: $*" >&2; tail -5 "$work/log" >&2; exit 1
  fi
  cat "$work/time"
}

declare -A first edit
count=0
for round in $(seq 1 "$rounds"); do
  order=(before after floor hugo)
  if [ $((round % 2)) = 0 ]; then order=(hugo floor after before); fi
  for tool in "${order[@]}"; do
    count=$((count + 1)); out="$work/out-$count"
    case $tool in
      before | after)
        binary=$before; [ "$tool" = after ] && binary=$after
        first[$tool]+="$(time_of "$binary" build "$work/corpus" --output "$out") "
        # The same edit for both, undone afterwards: each builds the corpus it first built.
        cp "$work/corpus/chapters/$chapter" "$work/chapter.saved"
        printf '\nThis sentence was added to time a rebuild.\n' >>"$work/corpus/chapters/$chapter"
        edit[$tool]+="$(time_of "$binary" build "$work/corpus" --output "$out") "
        cp "$work/chapter.saved" "$work/corpus/chapters/$chapter"
        ;;
      floor) mkdir -p "$out"; first[floor]+="$(time_of "$work/floor" all "$work/corpus" "$out") " ;;
      hugo) first[hugo]+="$(time_of hugo --quiet -s "$work/hugo" -d "$out") " ;;
    esac
    mkdir -p "$work/aside"; mv "$out" "$work/aside/" 2>/dev/null || true
    for spare in "$work"/.out-"$count".folio-*; do [ -e "$spare" ] && mv "$spare" "$work/aside/"; done
  done
  rm -rf "$work/aside"
done

python3 - "$n" "$rounds" "${first[before]}" "${first[after]}" "${first[floor]}" "${first[hugo]}" "${edit[before]}" "${edit[after]}" <<'PY'
import statistics, sys
n, rounds = sys.argv[1], sys.argv[2]
before, after, floor, hugo, edit_before, edit_after = ([float(x) for x in arg.split()] for arg in sys.argv[3:])
m = statistics.median
print(f"N={n}, {rounds} rounds, medians (all runs):")
print(f"  first build   before {m(before):6.2f} s  after {m(after):6.2f} s  after/before {m(after) / m(before):.3f}")
print(f"                C floor {m(floor):6.2f} s  after/floor {m(after) / m(floor):.2f}x")
print(f"                Hugo   {m(hugo):6.2f} s  after/Hugo {m(after) / m(hugo):.2f}x")
print(f"  edit rebuild  before {m(edit_before):6.2f} s  after {m(edit_after):6.2f} s  after/before {m(edit_after) / m(edit_before):.3f}")
for name, values in [("before", before), ("after", after), ("floor", floor), ("hugo", hugo), ("edit before", edit_before), ("edit after", edit_after)]:
    print(f"    {name:12} " + " ".join(f"{v:.2f}" for v in values))
PY
