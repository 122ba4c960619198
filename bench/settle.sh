# Sourced by the benchmarks that delete many files between timed runs.
#
# settle: waits, after many files were deleted, until creating files is no longer slowed
# by it. On ext4 without a journal (as here), a new file is not given the inode of one
# deleted in the last dirty_expire_centisecs (30 s; three times that while the inode
# table is not yet written back), and every file created in that time first looks past
# each of them: a 10,000-chapter build right after deleting the previous benchmark's
# outputs took twice as long. That cost is the benchmark's own doing, charged to
# whichever tool runs next (most to the one that writes the most files), so the timed
# runs wait it out: the deleted inodes are written back, then the window passes.
settle() {
  sync
  local expire
  expire=$(cat /proc/sys/vm/dirty_expire_centisecs 2>/dev/null || echo 3000)
  sleep $(( expire / 100 + 5 ))
}

# discard PATH...: takes a benchmark's files out of the way. Under `make bench`
# (BENCH_TRASH names a folder on the same file system) they are moved into it, and the
# Makefile deletes it once every benchmark has run: waiting 35 s after deleting was not
# always enough on these machines (run_bench.sh's 1,000-chapter build took 2.49 s right
# after the anchor benchmark's 10,000-chapter outputs were deleted, against 1.21 s for
# the same size a few minutes before), and the cost fell on whichever tool wrote the most
# files next. Alone, or with less than 25 GB free, a script deletes them and settles.
discard() {
  local free_kb
  free_kb=$(df -Pk "${BENCH_TRASH:-/}" 2>/dev/null | awk 'NR == 2 { print $4 }')
  if [ -n "${BENCH_TRASH:-}" ] && [ -d "$BENCH_TRASH" ] && [ "${free_kb:-0}" -gt $(( 25 * 1024 * 1024 )) ]; then
    local into
    into=$(mktemp -d "$BENCH_TRASH/discarded-XXXXXX")
    local path index=0
    for path in "$@"; do
      index=$(( index + 1 ))
      if [ -e "$path" ]; then mv "$path" "$into/$index-$(basename "$path")"; fi
    done
  else
    rm -rf "$@"
    settle
  fi
}
