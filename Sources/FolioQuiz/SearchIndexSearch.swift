import FolioModel

extension SearchIndex {
    /// Searches for what a learner typed, folded as the index's words are.
    public func search(_ query: String) -> [Entry] { search(folded: TextAnswer.normalized(query)) }
}
