#!/usr/bin/env bash
# A second language's cost: `folio build` of N generated chapters in English alone against
# the same program with a full Spanish translation beside every chapter and quiz
# (bench/generate_program.py --translate es, marked current first), and the short way
# after one Spanish chapter is edited.
# Usage: bash bench/language_bench.sh FOLIO_BINARY [N] [ROUNDS]   (default 10000 3)
# Targets: the two-language build within 2.2x the one-language build; the rebuild after
# editing one Spanish chapter under 1 s.
set -euo pipefail
folio=${1:?usage: language_bench.sh FOLIO_BINARY [N] [ROUNDS]}
n=${2:-10000}
rounds=${3:-3}
[ -x "$folio" ] || { echo "no folio binary at $folio (run make release)" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
source "$here/settle.sh"
work=$(mktemp -d)
trap 'discard "$work"' EXIT

python3 "$here/generate_program.py" "$n" "$work/one" >/dev/null
python3 "$here/generate_program.py" "$n" "$work/two" --translate es >"$work/generated"
"$folio" translate mark-current es --content "$work/two" >/dev/null 2>&1

# seconds COMMAND...: the wall time of one run, which must succeed.
seconds() {
  local start end
  start=$(date +%s.%N)
  if ! "$@" >"$work/out" 2>"$work/err"; then echo "command failed: $*" >&2; tail -20 "$work/err" >&2; exit 1; fi
  end=$(date +%s.%N)
  python3 -c "print(f'{$end - $start:.3f}')"
}

median() { sort -n | sed -n "$(( (rounds + 1) / 2 ))p"; }

: >"$work/times-one"; : >"$work/times-two"
for run in $(seq "$rounds"); do
  order="one two"; (( run % 2 == 0 )) && order="two one"
  for program in $order; do
    rm -rf "$work/out-$program" "$work/.out-$program".*
    seconds "$folio" build "$work/$program" --output "$work/out-$program" >>"$work/times-$program"
  done
done
one=$(median <"$work/times-one")
two=$(median <"$work/times-two")
ratio=$(python3 -c "print(f'{$two / max($one, 0.001):.2f}')")

# The short way: one Spanish chapter's text edited, built over the output of before.
chapter="$work/two/chapters/00001-chapter-1.es.md"
: >"$work/times-edit"
for run in $(seq "$rounds"); do
  echo "Una frase nueva, número $run." >>"$chapter"
  seconds "$folio" build "$work/two" --output "$work/out-two" >>"$work/times-edit"
done
edit=$(median <"$work/times-edit")

printf '%-8s %12s %12s %8s %16s\n' N one_lang_s two_lang_s ratio edit_es_chapter_s
printf '%-8s %12s %12s %8s %16s\n' "$n" "$one" "$two" "$ratio" "$edit"
echo "         ($(cat "$work/generated"), with a Spanish translation of each chapter and quiz; builds into an empty folder, median of $rounds, interleaved; load $(cut -d' ' -f1-3 /proc/loadavg))"
status=0
verdict=FAIL; python3 -c "import sys; sys.exit(0 if $two <= 2.2 * $one else 1)" && verdict=PASS
echo "$verdict  two languages within 2.2x one: ${ratio}x"
python3 "$here/summary.py" add l1 "$verdict" "two languages, N=$n: within 2.2x one" "${two} s" "one ${one} s" "${ratio}x" || true
[ "$verdict" = PASS ] || status=1
verdict=FAIL; python3 -c "import sys; sys.exit(0 if $edit < 1.0 else 1)" && verdict=PASS
echo "$verdict  rebuild after editing one Spanish chapter under 1 s: ${edit} s"
python3 "$here/summary.py" add l2 "$verdict" "edit one Spanish chapter, N=$n: rebuild < 1 s" "${edit} s" || true
[ "$verdict" = PASS ] || status=1
exit $status
