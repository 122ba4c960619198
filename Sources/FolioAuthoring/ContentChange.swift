/// A change to a content folder, planned in full (and refused as a whole) before
/// anything is written: files to create, and existing files to change.
public struct ContentChange: Sendable, Equatable {
    /// A file to create; it must not exist.
    public struct NewFile: Sendable, Equatable {
        /// The path inside the content folder.
        public var path: String
        public var text: String

        public init(path: String, text: String) {
            self.path = path
            self.text = text
        }
    }

    /// An existing file to change, only if it still holds what was read.
    public struct Edit: Sendable, Equatable {
        /// The path inside the content folder.
        public var path: String
        /// The file's bytes when the change was planned.
        public var original: [UInt8]
        public var text: String

        public init(path: String, original: [UInt8], text: String) {
            self.path = path
            self.original = original
            self.text = text
        }
    }

    public var newFiles: [NewFile] = []
    public var edits: [Edit] = []

    public init(newFiles: [NewFile] = [], edits: [Edit] = []) {
        self.newFiles = newFiles
        self.edits = edits
    }
}
