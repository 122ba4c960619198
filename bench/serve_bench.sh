#!/usr/bin/env bash
# Times `folio serve` from saving one chapter to the changed page, on the sample program
# and on a generated 1,000-chapter program. Target: median under 200 ms at 1,000 chapters.
# Usage: bash bench/serve_bench.sh FOLIO_BINARY [CONTENT_FOLDER]
set -euo pipefail
folio=${1:?usage: serve_bench.sh FOLIO_BINARY [CONTENT_FOLDER]}
sample=${2:-Content}
[ -x "$folio" ] || { echo "no folio binary at $folio (run make release)" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/serve_bench.py" "$folio" "$sample" sample 20
python3 "$here/generate_program.py" 1000 "$work/program-1000" >/dev/null
python3 "$here/serve_bench.py" "$folio" "$work/program-1000" "1,000 chapters" 30 200
