import FolioCore
import FolioModel
import Foundation

/// Reads `manifest.json` into a ``Manifest`` through FolioCore's JSON reader rather than
/// Foundation's decoder: a large program's manifest lists tens of thousands of files, and
/// planning an update reads two of them. This reader, and reading both manifests at once, take
/// well under the decoder's time (bench/update_bench.sh; docs/development.md, "Measured
/// choices"). Fields it does not know are ignored, as the format's rules ask.
enum ManifestReader {
    struct Missing: Error { let description: String }

    static func read(_ data: Data) throws -> Manifest {
        let json: JSONValue
        do { json = try JSONReader.read(data) } catch { throw BundleProblem.notAManifest("it is not JSON: \(error)") }
        guard case .object = json else { throw BundleProblem.notAManifest("the top level is not an object") }
        do {
            let program = try object(json, "program")
            var manifest = Manifest(
                program: ProgramSettings(
                    id: try string(program, "id", in: "program"), idStated: try bool(program, "idStated", in: "program"),
                    title: try string(program, "title", in: "program"), language: try string(program, "language", in: "program"),
                    description: try optionalString(program, "description", in: "program"),
                    baseURL: try optionalString(program, "baseURL", in: "program"),
                    share: try array(program, "share", in: "program").enumerated().map { try text($1, "program.share.\($0)") },
                    contact: try optionalString(program, "contact", in: "program"), allowHTML: try bool(program, "allowHTML", in: "program")),
                chapters: try array(json, "chapters").enumerated().map { index, chapter in
                    .init(
                        id: try string(chapter, "id", in: "chapters.\(index)"), title: try string(chapter, "title", in: "chapters.\(index)"),
                        summary: try optionalString(chapter, "summary", in: "chapters.\(index)"),
                        quiz: try optionalString(chapter, "quiz", in: "chapters.\(index)"))
                },
                decks: try array(json, "decks").enumerated().map { index, deck in
                    let place = "decks.\(index)"
                    return .init(
                        id: try string(deck, "id", in: place), title: try string(deck, "title", in: place), cardCount: try integer(deck, "cardCount", in: place)
                    )
                },
                quizzes: try array(json, "quizzes").enumerated().map { try text($1, "quizzes.\($0)") },
                hasBillOfRights: try bool(json, "hasBillOfRights"),
                entries: try array(json, "entries").enumerated().map { index, entry in
                    .init(
                        path: try string(entry, "path", in: "entries.\(index)"), kind: .init(rawValue: try string(entry, "kind", in: "entries.\(index)")),
                        size: try integer(entry, "size", in: "entries.\(index)"), sha256: try string(entry, "sha256", in: "entries.\(index)"),
                        width: try optionalInteger(entry, "width", in: "entries.\(index)"),
                        height: try optionalInteger(entry, "height", in: "entries.\(index)"),
                        mimeType: try optionalString(entry, "mimeType", in: "entries.\(index)"),
                        language: try optionalString(entry, "language", in: "entries.\(index)"))
                },
                bundleHash: try string(json, "bundleHash"))
            // Since 1.7: whether the program asks for anonymous insights.
            if let insights = program["insights"], insights != .null {
                guard case .object = insights, case .number(let text)? = insights["randomize"], let randomize = Double(text) else {
                    throw wrongType("insights", { "program" })
                }
                manifest.program.insights = InsightsSettings(randomize: randomize, url: try optionalString(insights, "url", in: "program.insights"))
            }
            manifest.format = try string(json, "format")
            manifest.formatVersion = try integer(json, "formatVersion")
            manifest.formatMinorVersion = try optionalInteger(json, "formatMinorVersion", in: "")
            manifest.generator = try optionalString(json, "generator", in: "")
            manifest.revision = try optionalString(json, "revision", in: "")
            manifest.signedAt = try optionalString(json, "signedAt", in: "")
            if let languages = json["languages"], languages != .null {
                manifest.languages = try array(json, "languages").enumerated().map { index, language in
                    let place = "languages.\(index)"
                    return ManifestLanguage(
                        language: try string(language, "language", in: place), isDefault: try optionalBool(language, "default", in: place),
                        fallback: try optionalString(language, "fallback", in: place), interface: try string(language, "interface", in: place),
                        parts: try language["parts"].map { _ in
                            try array(language, "parts", in: place).enumerated().map { partIndex, part in
                                let partPlace = "\(place).parts.\(partIndex)"
                                return TranslatedPartSummary(
                                    kind: .init(rawValue: try string(part, "kind", in: partPlace)), id: try string(part, "id", in: partPlace),
                                    state: try string(part, "state", in: partPlace), path: try optionalString(part, "path", in: partPlace),
                                    title: try optionalString(part, "title", in: partPlace), summary: try optionalString(part, "summary", in: partPlace))
                            }
                        })
                }
            }
            return manifest
        } catch let missing as Missing {
            throw BundleProblem.notAManifest(missing.description)
        }
    }

    private static func place(_ key: String, _ container: String) -> String { container.isEmpty ? key : "\(container).\(key)" }

    private static func value(_ json: JSONValue, _ key: String, in container: @autoclosure () -> String) throws -> JSONValue {
        guard let value = json[key], value != .null else { throw Missing(description: "`\(place(key, container()))` is missing") }
        return value
    }

    private static func wrongType(_ key: String, _ container: () -> String) -> Missing {
        Missing(description: "`\(place(key, container()))` has the wrong type")
    }

    private static func text(_ json: JSONValue, _ place: @autoclosure () -> String) throws -> String {
        guard case .string(let text) = json else { throw Missing(description: "`\(place())` has the wrong type") }
        return text
    }

    private static func string(_ json: JSONValue, _ key: String, in container: @autoclosure () -> String = "") throws -> String {
        guard case .string(let text) = try value(json, key, in: container()) else { throw wrongType(key, container) }
        return text
    }

    private static func optionalString(_ json: JSONValue, _ key: String, in container: @autoclosure () -> String) throws -> String? {
        guard let value = json[key], value != .null else { return nil }
        guard case .string(let text) = value else { throw wrongType(key, container) }
        return text
    }

    private static func bool(_ json: JSONValue, _ key: String, in container: @autoclosure () -> String = "") throws -> Bool {
        guard case .bool(let flag) = try value(json, key, in: container()) else { throw wrongType(key, container) }
        return flag
    }

    private static func optionalBool(_ json: JSONValue, _ key: String, in container: @autoclosure () -> String) throws -> Bool? {
        guard let value = json[key], value != .null else { return nil }
        guard case .bool(let flag) = value else { throw wrongType(key, container) }
        return flag
    }

    private static func integer(_ json: JSONValue, _ key: String, in container: @autoclosure () -> String = "") throws -> Int {
        guard case .number(let text) = try value(json, key, in: container()), let number = Int(text) else { throw wrongType(key, container) }
        return number
    }

    private static func optionalInteger(_ json: JSONValue, _ key: String, in container: @autoclosure () -> String) throws -> Int? {
        guard let value = json[key], value != .null else { return nil }
        guard case .number(let text) = value, let number = Int(text) else { throw wrongType(key, container) }
        return number
    }

    private static func object(_ json: JSONValue, _ key: String) throws -> JSONValue {
        let value = try value(json, key, in: "")
        guard case .object = value else { throw wrongType(key, { "" }) }
        return value
    }

    private static func array(_ json: JSONValue, _ key: String, in container: @autoclosure () -> String = "") throws -> [JSONValue] {
        guard case .array(let items) = try value(json, key, in: container()) else { throw wrongType(key, container) }
        return items
    }
}
