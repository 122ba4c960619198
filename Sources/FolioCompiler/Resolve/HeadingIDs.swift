import FolioCore
import FolioModel
import FolioProgram

/// Gives every heading of a body an id, once its body is decided (HTML the program
/// allows may hold headings too): the heading's text made an id as ``ContentID``
/// makes ids, `section` when nothing is left of it, and `-2`, `-3` after a repeat.
enum HeadingIDs {
    /// `blocks` with their headings' ids set, and the headings in reading order.
    static func assign(_ blocks: [BodyNode]) -> (blocks: [BodyNode], headings: [Heading]) {
        var ids = Assigner()
        var headings: [Heading] = []
        func visit(_ nodes: [BodyNode]) -> [BodyNode] {
            nodes.map { node in
                switch node {
                case .heading(let level, _, let children):
                    let text = Self.text(children)
                    let id = ids.id(for: text)
                    headings.append(Heading(level: level, text: text, id: id))
                    return .heading(level: level, id: id, children)
                case .blockQuote(let children): return .blockQuote(visit(children))
                case .list(let list, let items): return .list(list, items: items.map(visit))
                case .element(var element):
                    element.children = visit(element.children)
                    return .element(element)
                default: return node
                }
            }
        }
        let result = visit(blocks)
        return (result, headings)
    }

    /// The ids of one page's headings, given in reading order.
    struct Assigner {
        private var taken: [String: Int] = [:]

        /// The id of the next heading, whose text is `text`.
        mutating func id(for text: String) -> String {
            let base = ContentID.make(from: text) ?? "section"
            var id = base
            if let count = taken[base] {
                var next = count + 1
                while taken["\(base)-\(next)"] != nil { next += 1 }
                id = "\(base)-\(next)"
                taken[base] = next
            }
            taken[id] = taken[id] ?? 1
            return id
        }
    }

    /// A heading's text without markup: its words and code, a picture's description,
    /// a space for a line break; videos and left-out HTML are not text.
    static func text(_ nodes: [BodyNode]) -> String {
        var out = ""
        for node in nodes {
            switch node {
            case .text(let text), .code(let text): out += text
            case .softBreak, .lineBreak: out += " "
            case .image(_, let alt, _): out += alt
            case .emphasis(let children), .strong(let children), .link(_, _, let children): out += text(children)
            case .element(let element): out += text(element.children)
            default: break
            }
        }
        return out
    }
}
