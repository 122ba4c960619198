import CGumbo

/// A piece of HTML, parsed by Gumbo (an implementation of the HTML standard's parsing
/// algorithm, so it reads tags exactly as browsers do) and copied into Swift values.
/// The only code that touches Gumbo: its tree is freed before ``parse(_:)`` returns.
public enum HTMLFragment {
    /// One node of a parsed fragment.
    public struct Node: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            /// An element: its lower-case name and its attributes in source order.
            case element(name: String, attributes: [Attribute])
            /// Text, with character references already decoded.
            case text(String)
            /// A comment, a doctype or anything else that is not shown.
            case other
        }
        public var kind: Kind
        public var children: [Node]

        public init(_ kind: Kind, children: [Node] = []) {
            self.kind = kind
            self.children = children
        }
    }

    /// An attribute's lower-case name and decoded value.
    public struct Attribute: Sendable, Hashable {
        public var name: String
        public var value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The result of a parse.
    public struct Parsed: Sendable {
        /// The fragment's top-level nodes.
        public var nodes: [Node]
        /// Whether elements nested deeper than ``maxNesting`` were left out.
        public var cutTooDeep: Bool
    }

    /// Deepest nesting of elements kept; deeper content is left out.
    public static let maxNesting = 64

    /// Parses `html` as the content of a `<div>`, as a browser parses `innerHTML`.
    public static func parse(_ html: String) -> Parsed {
        var options = kGumboDefaultOptions
        options.fragment_context = GUMBO_TAG_DIV
        options.fragment_namespace = GUMBO_NAMESPACE_HTML
        // Parse errors are not reported to authors; recording them only costs memory.
        options.max_errors = 0
        let bytes = Array(html.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> Parsed in
            let start = buffer.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
            guard let start, let output = gumbo_parse_with_options(&options, start, buffer.count) else {
                return Parsed(nodes: [], cutTooDeep: false)
            }
            defer { gumbo_destroy_output(&options, output) }
            var cut = false
            // In fragment parsing the fragment's nodes are the children of the root `html`.
            let nodes = children(of: output.pointee.root, depth: 0, cut: &cut)
            return Parsed(nodes: nodes, cutTooDeep: cut)
        }
    }

    private static func children(of node: UnsafeMutablePointer<GumboNode>, depth: Int, cut: inout Bool) -> [Node] {
        let vector: GumboVector
        switch node.pointee.type {
        case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE: vector = node.pointee.v.element.children
        case GUMBO_NODE_DOCUMENT: vector = node.pointee.v.document.children
        default: return []
        }
        guard vector.length > 0 else { return [] }
        if depth >= maxNesting {
            cut = true
            return []
        }
        var out: [Node] = []
        out.reserveCapacity(Int(vector.length))
        for index in 0..<Int(vector.length) {
            guard let child = vector.data[index]?.assumingMemoryBound(to: GumboNode.self) else { continue }
            out.append(convert(child, depth: depth, cut: &cut))
        }
        return out
    }

    private static func convert(_ node: UnsafeMutablePointer<GumboNode>, depth: Int, cut: inout Bool) -> Node {
        switch node.pointee.type {
        case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
            return Node(.text(node.pointee.v.text.text.map { String(cString: $0) } ?? ""))
        case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE:
            let element = node.pointee.v.element
            var attributes: [Attribute] = []
            for index in 0..<Int(element.attributes.length) {
                guard let attribute = element.attributes.data[index]?.assumingMemoryBound(to: GumboAttribute.self) else { continue }
                attributes.append(
                    Attribute(
                        name: attribute.pointee.name.map { String(cString: $0) }?.lowercased() ?? "",
                        value: attribute.pointee.value.map { String(cString: $0) } ?? ""))
            }
            // Foreign content (SVG, MathML) is named, so that a sanitiser can leave it out.
            var name = tagName(element)
            if element.tag_namespace == GUMBO_NAMESPACE_SVG { name = "svg:" + name }
            if element.tag_namespace == GUMBO_NAMESPACE_MATHML { name = "math:" + name }
            return Node(.element(name: name, attributes: attributes), children: children(of: node, depth: depth + 1, cut: &cut))
        default:
            return Node(.other)
        }
    }

    private static func tagName(_ element: GumboElement) -> String {
        if element.tag != GUMBO_TAG_UNKNOWN, let name = gumbo_normalized_tagname(element.tag) {
            return String(cString: name)
        }
        // An element Gumbo does not know (a custom element): its name as written.
        var piece = element.original_tag
        gumbo_tag_from_original_text(&piece)
        guard let data = piece.data, piece.length > 0 else { return "" }
        let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: piece.length)
        return String(decoding: bytes, as: UTF8.self).lowercased()
    }
}

extension HTMLFragment {
    /// An element of a whole document as written, with the UTF-8 byte offset of its `<`.
    public struct PlacedElement: Sendable, Hashable {
        /// The name as written (`foreignObject`, `x:script`), its case kept.
        public var name: String
        public var offset: Int
        public var attributes: [PlacedAttribute]
    }

    /// An attribute as written: its name (case kept), its decoded value, and the UTF-8
    /// byte offset of its name.
    public struct PlacedAttribute: Sendable, Hashable {
        public var name: String
        public var value: String
        public var offset: Int
    }

    /// Text the HTML parser read as text although it holds a `<` as written: the content
    /// of an element such as `<textarea>` or `<style>` outside SVG, which an XML parser
    /// reads as elements instead.
    public struct MarkupInText: Sendable, Hashable {
        /// The byte offset of the text's first `<`.
        public var offset: Int
        /// The name of the element that holds it, as written.
        public var parent: String
    }

    /// What a whole document holds, for checking a file rather than showing it.
    public struct Scan: Sendable {
        /// Every element, in the order of the document's tree.
        public var elements: [PlacedElement] = []
        public var markupInText: [MarkupInText] = []
    }

    /// Parses `bytes` as a whole HTML document, as a browser does, and lists every element
    /// with its attributes and where each is written. A tree of any depth is walked
    /// without recursion, so that a file nested thousands of elements deep is read whole.
    public static func scanDocument(_ bytes: [UInt8]) -> Scan {
        var options = kGumboDefaultOptions
        options.max_errors = 0
        return bytes.withUnsafeBufferPointer { buffer -> Scan in
            var scan = Scan()
            let start = buffer.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
            guard let start, let output = gumbo_parse_with_options(&options, start, buffer.count) else { return scan }
            defer { gumbo_destroy_output(&options, output) }
            let base = UnsafeRawPointer(start)
            func offset(of piece: GumboStringPiece, or position: GumboSourcePosition) -> Int {
                guard let data = piece.data, piece.length > 0 else { return Int(position.offset) }
                return UnsafeRawPointer(data) - base
            }
            var pending: [(node: UnsafeMutablePointer<GumboNode>, parent: String)] = [(output.pointee.document, "")]
            while let (node, parent) = pending.popLast() {
                let vector: GumboVector
                var name = parent
                switch node.pointee.type {
                case GUMBO_NODE_DOCUMENT:
                    vector = node.pointee.v.document.children
                case GUMBO_NODE_ELEMENT, GUMBO_NODE_TEMPLATE:
                    let element = node.pointee.v.element
                    name = writtenName(element)
                    var attributes: [PlacedAttribute] = []
                    for index in 0..<Int(element.attributes.length) {
                        guard let attribute = element.attributes.data[index]?.assumingMemoryBound(to: GumboAttribute.self) else { continue }
                        let piece = attribute.pointee.original_name
                        let written = piece.data.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: piece.length), as: UTF8.self) }
                        attributes.append(
                            PlacedAttribute(
                                name: written ?? attribute.pointee.name.map { String(cString: $0) } ?? "",
                                value: attribute.pointee.value.map { String(cString: $0) } ?? "",
                                offset: offset(of: piece, or: attribute.pointee.name_start)))
                    }
                    scan.elements.append(PlacedElement(name: name, offset: offset(of: element.original_tag, or: element.start_pos), attributes: attributes))
                    vector = element.children
                case GUMBO_NODE_TEXT:
                    let piece = node.pointee.v.text.original_text
                    if let data = piece.data, piece.length > 0,
                        let less = UnsafeRawBufferPointer(start: data, count: piece.length).firstIndex(of: UInt8(ascii: "<"))
                    {
                        scan.markupInText.append(MarkupInText(offset: UnsafeRawPointer(data) - base + less, parent: parent))
                    }
                    continue
                default:
                    continue
                }
                // Pushed last to first, so that they are taken in the document's order.
                for index in stride(from: Int(vector.length) - 1, through: 0, by: -1) {
                    if let child = vector.data[index]?.assumingMemoryBound(to: GumboNode.self) { pending.append((child, name)) }
                }
            }
            return scan
        }
    }

    /// An element's name as its start tag writes it, or Gumbo's name for an element the
    /// parser added (`<body>` around a fragment).
    private static func writtenName(_ element: GumboElement) -> String {
        var piece = element.original_tag
        gumbo_tag_from_original_text(&piece)
        if let data = piece.data, piece.length > 0 {
            return String(decoding: UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: piece.length), as: UTF8.self)
        }
        return tagName(element)
    }
}
