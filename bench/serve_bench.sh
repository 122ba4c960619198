#!/usr/bin/env bash
# Times `folio serve` from saving one chapter to the changed page, on the sample program,
# on a generated 1,000-chapter program (target: median under 200 ms), and on the anchor
# corpus of ANCHORS (default ../shared/bench) at N chapters and N quizzes (default 10,000;
# target: median under 150 ms, judged at N >= BENCH_TARGET_N, default 10,000).
# Usage: bash bench/serve_bench.sh FOLIO_BINARY [CONTENT_FOLDER] [N]
# Every part runs; the exit status is 1 if a part missed its target.
set -euo pipefail
folio=${1:?usage: serve_bench.sh FOLIO_BINARY [CONTENT_FOLDER] [N]}
sample=${2:-Content}
n=${3:-10000}
[ -x "$folio" ] || { echo "no folio binary at $folio (run make release)" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
source "$here/settle.sh"
anchors=${ANCHORS:-$here/../../shared/bench}
work=$(mktemp -d)
trap 'discard "$work"' EXIT
status=0
python3 "$here/serve_bench.py" "$folio" "$sample" sample 20 || status=1
python3 "$here/generate_program.py" 1000 "$work/program-1000" >/dev/null
python3 "$here/serve_bench.py" "$folio" "$work/program-1000" "1,000 chapters" 30 200 x1 || status=1
rm -rf "$work/program-1000"
if [ -f "$anchors/gen_corpus.py" ]; then
  python3 "$anchors/gen_corpus.py" "$n" "$work/anchor-$n" --spec-only >/dev/null
  python3 "$here/serve_bench.py" "$folio" "$work/anchor-$n" "anchor corpus, $n chapters" 30 150 4 "${BENCH_TARGET_N:-10000}" \
    || status=1
else
  echo "anchor benchmark not found at $anchors (set ANCHORS=...): serve at $n chapters skipped"
  python3 "$here/summary.py" add 4 SKIP "folio serve: save to changed page < 150 ms" "no anchor corpus at $anchors"
fi
exit $status
