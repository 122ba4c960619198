extension Array {
    /// The elements in the order `sorted(by:)` gives them, with their places sorted and each
    /// element copied once at the end: a sort moves an element many times, and moving a large
    /// value (a chapter, a manifest entry) copies every reference it holds. Sorting a large
    /// bundle's manifest entries themselves kept one core busy while the other waited
    /// (docs/development.md, "Measured choices").
    public func sortedByPlace(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows -> [Element] {
        try indices.sorted { try areInIncreasingOrder(self[$0], self[$1]) }.map { self[$0] }
    }
}
