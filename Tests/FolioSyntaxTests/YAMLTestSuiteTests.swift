import FolioCore
import Foundation
import XCTest

@testable import FolioSyntax

/// The YAML reader against the YAML test suite, expecting libyaml 0.2.5's recorded
/// behaviour (`shared/external/yaml-test-suite/manifest.json`): Folio adds rules of its
/// own on top of libyaml, but never accepts what libyaml rejects nor crashes.
final class YAMLTestSuiteTests: XCTestCase {
    struct Manifest: Decodable {
        struct Case: Decodable {
            struct Libyaml: Decodable { var result: String; var message: String? }
            var id: String
            var expect: String
            var files: [String]
            var libyaml_0_2_5: Libyaml
        }
        var cases: [Case]
    }

    /// Codes for rules Folio adds to what libyaml checks.
    static let folioOwnRules: Set<DiagnosticCode> = [.yamlMultipleDocuments, .yamlDuplicateKey, .yamlComplexKey]
    static let syntaxCodes: Set<DiagnosticCode> = [.yamlSyntax, .yamlTab, .yamlUnclosedQuote, .fileNotUTF8]

    let suite = TestPaths.external.appendingPathComponent("yaml-test-suite")

    func loadCases() throws -> [Manifest.Case] {
        let data = try Data(contentsOf: suite.appendingPathComponent("manifest.json"))
        return try JSONDecoder().decode(Manifest.self, from: data).cases
    }

    func directories(of testCase: Manifest.Case) -> [URL] {
        let root = suite.appendingPathComponent("cases/\(testCase.id)")
        if FileManager.default.fileExists(atPath: root.appendingPathComponent("in.yaml").path) { return [root] }
        let subdirectories = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return subdirectories.sorted().map { root.appendingPathComponent($0) }
    }

    func testEveryCaseFollowsLibyamlsVerdict() throws {
        let cases = try loadCases()
        XCTAssertEqual(cases.count, 244)
        var checked = 0
        for testCase in cases {
            let libyamlAccepts =
                (testCase.expect == "valid" && testCase.libyaml_0_2_5.result != "rejects-valid-input")
                || (testCase.expect == "error" && testCase.libyaml_0_2_5.result == "accepts-invalid-input")
            for directory in directories(of: testCase) {
                let input = directory.appendingPathComponent("in.yaml")
                guard let data = FileManager.default.contents(atPath: input.path) else { continue }
                let text = String(decoding: data, as: UTF8.self)
                let result = YAMLReader().read(text, file: "in.yaml")
                let codes = Set(result.diagnostics.map(\.code))
                let name = "\(testCase.id) (\(directory.lastPathComponent))"
                if libyamlAccepts {
                    XCTAssertTrue(codes.isSubset(of: Self.folioOwnRules), "\(name): libyaml accepts it, Folio said \(result.diagnostics.map(\.message))")
                } else {
                    XCTAssertEqual(result.diagnostics.count, 1, "\(name): expected one error, got \(result.diagnostics.map(\.message))")
                    XCTAssertTrue(codes.isSubset(of: Self.syntaxCodes), "\(name): \(codes)")
                    if let message = testCase.libyaml_0_2_5.message, let diagnostic = result.diagnostics.first {
                        // libyaml names the problem line and, often, the line where the
                        // construct began; Folio reports one of them, or the line where the
                        // mistake was made (a forgotten `:` above) with a note at libyaml's.
                        let lines = Self.lineNumbers(in: message)
                        let noted = diagnostic.notes.contains { lines.contains($0.location.line) }
                        XCTAssertTrue(
                            lines.isEmpty || lines.contains(diagnostic.location.line) || noted || diagnostic.code == .yamlTab,
                            "\(name): Folio says line \(diagnostic.location.line), libyaml says \(message)")
                    }
                }
                checked += 1
            }
        }
        XCTAssertEqual(checked, 244, "every case and subcase of the subset was read")
    }

    /// Valid single-document cases load to the same values as the suite's `in.json`.
    func testValidDocumentsLoadToTheSuitesJSON() throws {
        var compared = 0
        for testCase in try loadCases() where testCase.expect == "valid" && testCase.libyaml_0_2_5.result == "as-expected" {
            for directory in directories(of: testCase) {
                guard let yaml = FileManager.default.contents(atPath: directory.appendingPathComponent("in.yaml").path),
                    let json = FileManager.default.contents(atPath: directory.appendingPathComponent("in.json").path),
                    let expected = try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])
                else { continue }
                let result = YAMLReader().read(String(decoding: yaml, as: UTF8.self), file: "in.yaml")
                guard result.diagnostics.isEmpty else { continue }  // several documents, or duplicate keys
                let loaded: Any = result.root.map(Self.jsonValue) ?? NSNull()
                XCTAssertTrue(Self.same(loaded, expected), "\(testCase.id): loaded \(loaded), expected \(expected)")
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 100, "too few cases compared")
    }

    static func lineNumbers(in message: String) -> [Int] {
        var lines: [Int] = []
        var rest = Substring(message)
        while let range = rest.range(of: "line ") {
            rest = rest[range.upperBound...]
            lines.append(Int(rest.prefix { $0.isNumber }) ?? -1)
        }
        return lines
    }

    /// The JSON value a node stands for under the YAML 1.2 core schema.
    static func jsonValue(_ node: YAMLNode) -> Any {
        switch node.kind {
        case .scalar(let text, let style):
            guard style == .plain else { return text }
            if YAMLScalar.isNull(text) { return NSNull() }
            if let bool = YAMLScalar.bool(text) { return bool }
            if let int = Int(text) { return int }
            if let double = Double(text), text.contains(where: \.isNumber) { return double }
            return text
        case .sequence(let items): return items.map(jsonValue)
        case .mapping(let pairs):
            var object: [String: Any] = [:]
            for pair in pairs { object[pair.key] = jsonValue(pair.value) }
            return object
        }
    }

    static func same(_ a: Any, _ b: Any) -> Bool {
        switch (a, b) {
        case (is NSNull, is NSNull): return true
        case (let x as [Any], let y as [Any]): return x.count == y.count && zip(x, y).allSatisfy { same($0, $1) }
        case (let x as [String: Any], let y as [String: Any]):
            return x.count == y.count && x.allSatisfy { key, value in y[key].map { same(value, $0) } ?? false }
        case (let x as String, let y as String): return x == y
        case (let x as Bool, let y as NSNumber): return (y as? Bool) == x
        case (let x as Int, let y as NSNumber): return Double(x) == y.doubleValue
        case (let x as Double, let y as NSNumber): return x == y.doubleValue
        default: return false
        }
    }
}
