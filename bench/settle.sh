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
