#!/usr/bin/env bash
# folio build against the anchors of ANCHORS (default ../shared/bench): the same generated
# program built by Hugo doing the whole job, and the single-threaded C floor that only
# parses with libyaml and libcmark and writes one HTML file per chapter.
#
# Usage: bash bench/anchor_bench.sh FOLIO_BINARY [N ...]   (default N: 1000 10000)
#
# For each N, three rounds, the tools interleaved (folio hugo floor, then floor hugo
# folio, then folio hugo floor again); in each round each tool:
#   - builds into an empty folder (first build; peak memory from /usr/bin/time %M);
#   - builds again into that folder, nothing changed (rebuild; folio's files written are
#     counted with find -newer);
#   - folio and Hugo only: builds again after one chapter was edited as an author would,
#     the first sentence of its body rewritten (a different chapter and sentence each
#     round: chapters N/4, N/2 and 3N/4; Hugo's copy of the chapter gets the same bytes);
#   - folio only: edits the next chapter and builds again. The first edit is the first
#     build after one from scratch, when folio has no spare output to write over yet; the
#     second is the steady state of an author editing and building (Hugo's copy gets this
#     edit too, untimed, so that both tools build the same chapters in the next round).
#   After each edit build of folio, the files written are counted (find -newer), the
#   output is hashed before and after (sha1sum of every file) to count the files whose
#   bytes changed, and the output is compared with `diff -r` against a build from scratch
#   of the edited corpus (untimed, into a fresh folder): bundle/, which the target is
#   about, and the whole output (bundle/, bundle.zip, site/, .folio-output), reported
#   beside it.
# Medians, peak memory, and the ratios folio/Hugo and folio/floor from the same run.
#
# Old outputs are moved aside, with the build record and spare folio keeps beside an
# output (so that each first build is one from scratch), never deleted between timed
# runs: on ext4, files created right after many were deleted are slow to create for
# minutes, which would be charged to whichever tool ran next. They are discarded at the
# end of each N (at 10,000 chapters they take some 12 GB of the temporary folder, TMPDIR):
# under `make bench`, moved into a folder deleted when every benchmark has run; alone,
# deleted, then the script waits for the deletion to settle (bench/settle.sh), so that
# neither the next N nor the benchmark that follows pays for it.
#
# Targets, judged at N >= BENCH_TARGET_N (default 10,000; below it the lines say info):
#   first build under 5 s and at most 2.5x the C floor; the rebuild of unchanged content
#   under 1 s, writing no file; the rebuild after one chapter edited under 1 s, writing
#   only the files whose bytes change, with bundle/ identical to a build from scratch;
#   peak memory under 300 MiB; the first build faster than Hugo's. Each is printed as a
#   PASS / FAIL line and recorded for the summary of `make bench` (bench/summary.py).
#   A missed target does not stop the other measurements; the exit status is then 1.
set -euo pipefail
folio=$(realpath "${1:?usage: anchor_bench.sh FOLIO_BINARY [N ...]}")
shift
if [ $# -gt 0 ]; then sizes=("$@"); else sizes=(1000 10000); fi
here=$(cd "$(dirname "$0")" && pwd)
source "$here/settle.sh"
anchors=${ANCHORS:-$here/../../shared/bench}
target_n=${BENCH_TARGET_N:-10000}
if [ ! -f "$anchors/gen_corpus.py" ]; then
  echo "anchor benchmark not found at $anchors (set ANCHORS=...): skipped"
  for key in 1a 1b 2 3a 3b 3c 5a 7a; do python3 "$here/summary.py" add "$key" SKIP "anchor benchmark" "no anchors at $anchors"; done
  exit 0
fi
for tool in hugo cc pkg-config sha1sum /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "missing $tool (make bench installs it)" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; discard "$work"' EXIT
cc -O2 "$anchors/floor.c" $(pkg-config --cflags --libs libcmark yaml-0.1) -o "$work/floor"

# run TOOL N FOLDER: one timed build; leaves "seconds peak_kb" in $work/time.
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
}

# aside FOLDER: moves FOLDER, and the record and spare folio keeps beside it
# (.FOLDER.folio-build, .FOLDER.folio-spare), out of the way.
asides=0
aside() {
  local out=$1 dest p
  asides=$((asides + 1)); dest="$work/aside-$asides"
  mkdir -p "$dest"
  for p in "$out" "$(dirname "$out")/.$(basename "$out").folio-"*; do
    if [ -e "$p" ]; then mv "$p" "$dest/"; fi
  done
}

# edit_chapter FILE ROUND: rewrites the first sentence of the chapter's body, as an
# author would; the same file and round always give the same bytes.
edit_chapter() {
  python3 - "$1" "$2" <<'PY'
import re, sys
path, number = sys.argv[1], sys.argv[2]
text = open(path, encoding="utf-8").read()
end = text.index("\n---\n", 3) + 5  # the end of the front matter
sentence = f"This first sentence was rewritten in round {number} of the benchmark."
body, count = re.subn(r"\A(\s*)(.+?[.?!])(?=\s)", lambda m: m.group(1) + sentence, text[end:], count=1, flags=re.S)
if count != 1:
    sys.exit(f"{path}: no sentence to rewrite")
open(path, "w", encoding="utf-8", newline="\n").write(text[:end] + body)
PY
}

# hashes FOLDER FILE: the SHA-1 of every file of FOLDER, sorted by path.
hashes() { find "$1" -type f -print0 | xargs -0 -r sha1sum | sort -k 2 >"$2"; }

# compare BEFORE AFTER WRITTEN OUT: prints "changed needless unstamped example...": the
# number of files whose bytes changed (or that appeared or went), of files written with
# the same bytes as before, of files whose bytes changed though they are not newer than
# the stamp, and a few of the needless ones (relative to OUT).
compare() {
  python3 - "$@" <<'PY'
import os, sys
def read(path):
    return dict(reversed(line.rstrip("\n").split("  ", 1)) for line in open(path) if line.strip())
before, after = read(sys.argv[1]), read(sys.argv[2])
written = {line.rstrip("\n") for line in open(sys.argv[3]) if line.strip()}
changed = {p for p in before.keys() | after.keys() if before.get(p) != after.get(p)}
needless = {p for p in written if p in before and before[p] == after.get(p)}
unstamped = {p for p in changed if p in after and p not in written}
examples = [os.path.relpath(p, sys.argv[4]) for p in sorted(needless, key=lambda p: (p.count("/"), p))[:3]]
print(len(changed), len(needless), len(unstamped), *examples)
PY
}

# edit_build TOOL N OUT CHAPTER LABEL: rewrites a sentence of CHAPTER in TOOL's source
# (LABEL makes the edit differ from every other), then one timed build into OUT, its
# seconds left in s. For folio: counts the files written and those whose bytes changed,
# and compares the output with a build from scratch of the edited corpus.
edit_build() {
  local tool=$1 n=$2 out=$3 chapter=$4 label=$5 kb changed same stale examples reference
  if [ "$tool" = folio ]; then
    edit_chapter "$work/corpus-$n/chapters/$chapter" "$label"
    hashes "$out" "$work/hashes-before"
  else
    edit_chapter "$work/hugo-$n/content/chapters/$chapter" "$label"
  fi
  touch "$work/before-edit"
  run "$tool" "$n" "$out"; read -r s kb <"$work/time"
  [ "$tool" = folio ] || return 0
  find "$out" -type f -newer "$work/before-edit" >"$work/written"
  edit_written+=("$(wc -l <"$work/written")")
  hashes "$out" "$work/hashes-after"
  read -r changed same stale examples < <(compare "$work/hashes-before" "$work/hashes-after" "$work/written" "$out")
  edit_changed+=("$changed"); needless=$((needless + same)); unstamped=$((unstamped + stale))
  (( same == 0 )) || notes+=("$label: $same files written with unchanged bytes, such as $examples")
  # The same edited corpus built from scratch (untimed) into a fresh folder.
  reference="$work/reference"
  "$folio" build "$work/corpus-$n" --output "$reference" >/dev/null 2>&1 || { echo "failed: folio build into $reference" >&2; exit 1; }
  compared=$((compared + 1))
  if diff -r -q "$out/bundle" "$reference/bundle" >"$work/diff" 2>&1; then bundle_same=$((bundle_same + 1))
  else echo "$label: bundle/ differs from a build from scratch:" >&2; head -5 "$work/diff" >&2; fi
  if diff -r -q "$out" "$reference" >"$work/diff" 2>&1; then whole_same=$((whole_same + 1))
  else echo "$label: the output differs from a build from scratch:" >&2; head -5 "$work/diff" >&2; fi
  aside "$reference"
}

median() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
ratio() { python3 -c "print(f'{$1 / max($2, 0.001):.2f}')"; }
below() { python3 -c "import sys; sys.exit(0 if $1 < $2 else 1)"; }
# judge N CONDITION...: sets v to PASS or FAIL by the condition (a command) at the target
# size, to info below it; a FAIL sets the exit status.
judge() {
  local n=$1; shift
  if (( n < target_n )); then v=info
  elif "$@"; then v=PASS
  else v=FAIL; status=1
  fi
}
record() { python3 "$here/summary.py" add "$@"; }

status=0
printf '%-7s %-8s %9s %9s %9s %10s %11s %11s\n' N build folio_s hugo_s floor_s folio_MiB folio/hugo folio/floor
for n in "${sizes[@]}"; do
  python3 "$anchors/gen_corpus.py" "$n" "$work/corpus-$n" --spec-only >/dev/null
  bash "$anchors/make_hugo_site.sh" "$work/corpus-$n" "$work/hugo-$n" >/dev/null 2>&1
  mapfile -t chapters < <(ls "$work/corpus-$n/chapters")
  declare -A first=() again=() edited=() peak=()
  written=() edit_written=() edit_changed=() needless=0 unstamped=0 compared=0 bundle_same=0 whole_same=0 edited2="" notes=()
  for tool in folio hugo floor; do first[$tool]=""; again[$tool]=""; edited[$tool]=""; peak[$tool]=0; done
  for round in 1 2 3; do
    order="folio hugo floor"; [ "$round" = 2 ] && order="floor hugo folio"
    index=$(( n * round / 4 )); (( index >= 1 )) || index=1
    chapter=${chapters[$((index - 1))]} second=${chapters[$((index % n))]}
    for tool in $order; do
      out="$work/out-$tool-$n"
      aside "$out"
      run "$tool" "$n" "$out"; read -r s kb <"$work/time"
      first[$tool]="${first[$tool]} $s"
      (( kb > peak[$tool] )) && peak[$tool]=$kb
      touch "$work/before-rebuild"
      run "$tool" "$n" "$out"; read -r s kb <"$work/time"
      again[$tool]="${again[$tool]} $s"
      [ "$tool" = folio ] && written[$round]=$(find "$out" -type f -newer "$work/before-rebuild" | wc -l)
      [ "$tool" = floor ] && continue
      # One chapter edited, then a build into the existing output; folio then edits a
      # second chapter and builds again (Hugo's copy gets the same edit, untimed).
      edit_build "$tool" "$n" "$out" "$chapter" "round $round"
      edited[$tool]="${edited[$tool]} $s"
      if [ "$tool" = folio ]; then
        edit_build folio "$n" "$out" "$second" "round $round (a second edit)"
        edited2="$edited2 $s"
      else
        edit_chapter "$work/hugo-$n/content/chapters/$second" "round $round (a second edit)"
      fi
    done
    for file in "$chapter" "$second"; do
      cmp -s "$work/corpus-$n/chapters/$file" "$work/hugo-$n/content/chapters/$file" \
        || { echo "round $round: the edited chapter $file differs between folio's corpus and Hugo's site" >&2; exit 1; }
    done
  done
  f1=$(median ${first[folio]}) h1=$(median ${first[hugo]}) c1=$(median ${first[floor]})
  f2=$(median ${again[folio]}) h2=$(median ${again[hugo]}) c2=$(median ${again[floor]})
  f3=$(median ${edited[folio]}) h3=$(median ${edited[hugo]}) f4=$(median $edited2)
  mib=$(( peak[folio] / 1024 )) hugo_mib=$(( peak[hugo] / 1024 ))
  printf '%-7s %-8s %9s %9s %9s %10s %11s %11s\n' "$n" first "$f1" "$h1" "$c1" "$mib" "$(ratio "$f1" "$h1")" "$(ratio "$f1" "$c1")"
  printf '%-7s %-8s %9s %9s %9s %10s %11s %11s\n' "$n" rebuild "$f2" "$h2" "$c2" "$mib" "$(ratio "$f2" "$h2")" "$(ratio "$f2" "$c2")"
  printf '%-7s %-8s %9s %9s %9s %10s %11s %11s\n' "$n" edit "$f3" "$h3" - "$mib" "$(ratio "$f3" "$h3")" -
  printf '%-7s %-8s %9s %9s %9s %10s %11s %11s\n' "$n" edit2 "$f4" - - "$mib" - -
  echo "        (edit: one chapter edited after the first build and the rebuild; edit2: a second chapter edited right after)"
  echo "        (peak MiB: hugo $hugo_mib, floor $(( peak[floor] / 1024 )); $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg))"
  at="(target at N >= $target_n)"

  # 1. The first build: under 5 s, and at most 2.5x the C floor.
  judge "$n" below "$f1" 5
  echo "$v  N=$n folio first build: ${f1}s (target < 5 s) $at"
  record 1a "$v" "first build < 5 s, N=$n" "${f1}s" "Hugo ${h1}s" "$(ratio "$f1" 5)x limit"
  folio_floor=$(ratio "$f1" "$c1")
  judge "$n" python3 -c "import sys; sys.exit(0 if $folio_floor <= 2.5 else 1)"
  echo "$v  N=$n folio first build: ${folio_floor}x the C floor (${f1}s vs ${c1}s; target <= 2.5x)"
  record 1b "$v" "first build <= 2.5x C floor, N=$n" "${f1}s" "floor ${c1}s" "${folio_floor}x"

  # 2. The rebuild of unchanged content: under 1 s, writing no file.
  most=$(printf '%s\n' "${written[@]}" | sort -n | tail -1)
  judge "$n" eval "below $f2 1 && (( most == 0 ))"
  echo "$v  N=$n folio rebuild of unchanged content: ${f2}s (target < 1 s at 10,000), files written $most (target 0); Hugo ${h2}s ($(ratio "$f2" "$h2")x)"
  record 2 "$v" "rebuild, nothing changed: < 1 s, 0 files written, N=$n" "${f2}s, $most files written" "Hugo ${h2}s" "$(ratio "$f2" "$h2")x"

  # 3. One chapter edited: under 1 s, only the files whose bytes change written, bundle/
  #    as a build from scratch makes it; judged on both edits of each round.
  judge "$n" eval "below $f3 1 && below $f4 1"
  echo "$v  N=$n folio rebuild after one chapter edited: ${f3}s, after a second edit ${f4}s (target < 1 s);" \
    "Hugo after the same edit ${h3}s ($(ratio "$f3" "$h3")x)"
  record 3a "$v" "one chapter edited, rebuild < 1 s, N=$n" "${f3}s (second edit ${f4}s)" "Hugo ${h3}s" "$(ratio "$f3" "$h3")x"
  pairs=""
  for i in "${!edit_written[@]}"; do pairs="$pairs ${edit_written[$i]}/${edit_changed[$i]}"; done
  counts="written/changed:$pairs"
  judge "$n" eval "(( needless == 0 && compared > 0 ))"
  echo "$v  N=$n files written after one chapter edited (the first and second edit of rounds 1-3), against the files whose" \
    "bytes changed:$pairs; written with unchanged bytes: $needless (target 0)$( (( unstamped == 0 )) || echo "; changed but not newer than the stamp: $unstamped")"
  for note in "${notes[@]}"; do echo "        ($note)"; done
  record 3b "$v" "  ...writes only files whose bytes change" "$counts; $needless needless" "" ""
  judge "$n" eval "(( compared > 0 && bundle_same == compared ))"
  echo "$v  N=$n bundle/ after an edit identical to a build from scratch in $bundle_same of $compared edit builds" \
    "(the whole output in $whole_same of $compared)"
  record 3c "$v" "  ...bundle/ identical to a build from scratch" "$bundle_same/$compared edit builds (whole output $whole_same/$compared)" "" ""

  # 5. Peak memory of the first build under 300 MiB.
  judge "$n" eval "(( mib < 300 ))"
  echo "$v  N=$n folio peak memory (first build): $mib MiB (target < 300 MiB); Hugo $hugo_mib MiB"
  record 5a "$v" "peak memory < 300 MiB, N=$n" "$mib MiB" "Hugo $hugo_mib MiB" "$(ratio "$mib" "$hugo_mib")x"

  # 7. Faster than Hugo on the anchor benchmark (first build).
  judge "$n" below "$f1" "$h1"
  echo "$v  N=$n folio first build faster than Hugo's: ${f1}s vs ${h1}s ($(ratio "$f1" "$h1")x)"
  record 7a "$v" "faster than Hugo: anchor first build, N=$n" "${f1}s" "Hugo ${h1}s" "$(ratio "$f1" "$h1")x"

  chmod -R u+w "$work"
  # Before the next size's runs, or the benchmark after this one (bench/settle.sh).
  discard "$work"/out-* "$work"/.out-* "$work"/aside-* "$work/corpus-$n" "$work/hugo-$n"
  unset first again edited peak
done
exit $status
