/// Bounds that keep a hostile or broken YAML file from hanging or exhausting the tool.
public struct YAMLLimits: Sendable {
    /// Deepest nesting of lists and groups. Real content needs about 6 levels.
    public var maxDepth: Int
    /// Most values a file may hold once aliases are expanded; stops "billion laughs".
    public var maxNodes: Int

    public init(maxDepth: Int = 32, maxNodes: Int = 200_000) {
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
    }

    public static let standard = YAMLLimits()
}
