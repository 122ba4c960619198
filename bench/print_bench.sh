#!/usr/bin/env bash
# The printed outputs' cost: `folio build` of N generated chapters with the facilitator's
# guide and without it (`--no-facilitator-guide`), and the short way after one chapter's
# text is edited (which replaces that chapter's part of the workbook and of the guide).
# The workbook is part of the site and has no switch: its cost, and the guide's, against a
# build without either is measured against the executable before them with
# `make bench-compare` (docs/development.md, "Measured guards").
# Usage: bash bench/print_bench.sh FOLIO_BINARY [N] [ROUNDS]   (default 10000 3)
# Targets: the build with the guide within 1.3x the build without it; the rebuild after an
# edit under 1 s.
set -euo pipefail
folio=${1:?usage: print_bench.sh FOLIO_BINARY [N] [ROUNDS]}
n=${2:-10000}
rounds=${3:-3}
[ -x "$folio" ] || { echo "no folio binary at $folio (run make release)" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
source "$here/settle.sh"
work=$(mktemp -d)
trap 'discard "$work"' EXIT

python3 "$here/generate_program.py" "$n" "$work/program" >"$work/generated"

# seconds COMMAND...: the wall time of one run, which must succeed.
seconds() {
  local start end
  start=$(date +%s.%N)
  if ! "$@" >"$work/out" 2>"$work/err"; then echo "command failed: $*" >&2; tail -20 "$work/err" >&2; exit 1; fi
  end=$(date +%s.%N)
  python3 -c "print(f'{$end - $start:.3f}')"
}

median() { sort -n | sed -n "$(( (rounds + 1) / 2 ))p"; }

: >"$work/times-with"; : >"$work/times-without"
for run in $(seq "$rounds"); do
  order="with without"; (( run % 2 == 0 )) && order="without with"
  for way in $order; do
    rm -rf "$work/out-$way" "$work/.out-$way".*
    option=(); [ "$way" = without ] && option=(--no-facilitator-guide)
    seconds "$folio" build "$work/program" --output "$work/out-$way" "${option[@]}" >>"$work/times-$way"
  done
done
with=$(median <"$work/times-with")
without=$(median <"$work/times-without")
ratio=$(python3 -c "print(f'{$with / max($without, 0.001):.2f}')")

# The short way: one chapter's text edited, built over the output with the guide.
chapter=$(ls "$work/program/chapters" | sed -n "$((n / 2))p")
: >"$work/times-edit"
for run in $(seq "$rounds"); do
  echo "A new sentence, number $run." >>"$work/program/chapters/$chapter"
  seconds "$folio" build "$work/program" --output "$work/out-with" >>"$work/times-edit"
done
edit=$(median <"$work/times-edit")
grep -q "A new sentence, number $rounds." "$work/out-with/site/workbook.html" || { echo "the workbook does not hold the edit" >&2; exit 1; }

printf '%-8s %12s %12s %8s %12s\n' N with_guide_s without_s ratio edit_s
printf '%-8s %12s %12s %8s %12s\n' "$n" "$with" "$without" "$ratio" "$edit"
echo "         ($(cat "$work/generated"); builds into an empty folder, median of $rounds, interleaved; load $(cut -d' ' -f1-3 /proc/loadavg))"
status=0
verdict=FAIL; python3 -c "import sys; sys.exit(0 if $with <= 1.3 * $without else 1)" && verdict=PASS
echo "$verdict  the build with the facilitator's guide within 1.3x the build without: ${ratio}x"
python3 "$here/summary.py" add p1 "$verdict" "facilitator's guide, N=$n: within 1.3x without" "${with} s" "without ${without} s" "${ratio}x" || true
[ "$verdict" = PASS ] || status=1
verdict=FAIL; python3 -c "import sys; sys.exit(0 if $edit < 1.0 else 1)" && verdict=PASS
echo "$verdict  rebuild after editing one chapter, with the workbook and the guide, under 1 s: ${edit} s"
python3 "$here/summary.py" add p2 "$verdict" "edit one chapter with workbook and guide, N=$n: rebuild < 1 s" "${edit} s" || true
[ "$verdict" = PASS ] || status=1
exit $status
