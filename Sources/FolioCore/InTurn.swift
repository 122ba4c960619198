extension Array {
    /// The elements of `lists` taken in turn: the first of each list, then the second of
    /// each, and so on, a list that has run out passed over.
    ///
    /// For work handed to the cores in order, so that two cores are most often at work in
    /// different folders: a file system makes or links one file at a time in a folder (it locks
    /// the folder), and two cores linking into the same one spent much of the links' time
    /// waiting for each other on ext4 (docs/development.md, "Measured choices").
    public init(inTurnFrom lists: [[Element]]) {
        self = []
        reserveCapacity(lists.reduce(0) { $0 + $1.count })
        for round in 0..<(lists.map(\.count).max() ?? 0) {
            for list in lists where round < list.count { append(list[round]) }
        }
    }
}
