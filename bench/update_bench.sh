#!/usr/bin/env bash
# Delta updates at scale: builds the anchor corpus of N chapters (and N quizzes), installs
# its bundle with `folio sync`, edits one chapter, builds again, and reports what the
# update costs: the time to plan it (both manifests read, target under 100 ms), the bytes
# it fetches against the whole bundle and its archive, and the update itself.
# Usage: bash bench/update_bench.sh FOLIO_BINARY [N]   (default N: 10000; ANCHORS=../shared/bench)
set -euo pipefail
folio=${1:?usage: update_bench.sh FOLIO_BINARY [N]}
n=${2:-10000}
here=$(cd "$(dirname "$0")" && pwd)
source "$here/settle.sh"
anchors=${ANCHORS:-$here/../../shared/bench}
[ -x "$folio" ] || { echo "no folio binary at $folio (run make release)" >&2; exit 2; }
[ -f "$anchors/gen_corpus.py" ] || { echo "no anchor benchmark at $anchors (set ANCHORS)" >&2; exit 2; }
work=$(mktemp -d)
trap 'discard "$work"' EXIT

python3 "$anchors/gen_corpus.py" "$n" "$work/program" --spec-only >/dev/null
build() { "$folio" build "$work/program" --output "$work/out" --quiet 2>"$work/build.txt" || { cat "$work/build.txt" >&2; exit 1; }; }
build
"$folio" sync "$work/out/bundle" "$work/installed" 2>/dev/null
# One chapter edited: a paragraph added to the middle chapter.
chapter=$(ls "$work/program/chapters" | sed -n "$(( n / 2 ))p")
printf '\nA paragraph added by the update benchmark.\n' >>"$work/program/chapters/$chapter"
build

times=()
for _ in 1 2 3 4 5; do
  line=$("$folio" sync "$work/out/bundle" "$work/installed" --dry-run | head -1)
  times+=("$(sed -E 's/.*planned in ([0-9.]+) ms/\1/' <<<"$line")")
done
plan_ms=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 3p)
read -r files total_files fetch_bytes total_bytes < <(sed -E 's/would fetch ([0-9]+) of ([0-9]+) files \(([0-9]+) of ([0-9]+) bytes\).*/\1 \2 \3 \4/' <<<"$line")
zip_bytes=$(stat -c %s "$work/out/bundle.zip")
fetched=$("$folio" sync "$work/out/bundle" "$work/installed" --dry-run | sed -n '2,$p' | tr '\n' ';')
start=$(date +%s.%N)
"$folio" sync "$work/out/bundle" "$work/installed" 2>"$work/sync.txt"
sync_s=$(python3 -c "import time; print(f'{time.time() - $start:.2f}')")

echo "update of a bundle of $n chapters and $n quizzes, one chapter edited:"
printf '  planning (median of 5, manifests of %s files): %s ms\n' "$total_files" "$plan_ms"
printf '  files to fetch: %s of %s:%s\n' "$files" "$total_files" "$fetched"
python3 - "$fetch_bytes" "$total_bytes" "$zip_bytes" <<'PY'
import sys
fetch, total, archive = map(int, sys.argv[1:])
print(f"  bytes to fetch: {fetch:,} of {total:,} ({100 * fetch / total:.2f}% of the bundle; bundle.zip is {archive:,})")
PY
echo "  the update itself (local files): ${sync_s} s: $(cat "$work/sync.txt")"
if python3 -c "import sys; sys.exit(0 if $plan_ms < 100 else 1)"; then verdict=PASS; else verdict=FAIL; fi
echo "$verdict planning an update of $n chapters: $plan_ms ms (target < 100 ms)"
python3 "$here/summary.py" add x3 "$verdict" "update: planning < 100 ms, N=$n" "$plan_ms ms (fetches $files of $total_files files)"
[ "$verdict" = PASS ]
