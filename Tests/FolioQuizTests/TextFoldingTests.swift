import Foundation
import XCTest

@testable import FolioQuiz

/// TextAnswer against the web engine: `Tests/Conformance/text_folding_check.js` prints how
/// the web engine normalizes some 110,000 inputs (every code point of the first plane and
/// most of the others, every combining mark after a few letters, mixed strings), and each
/// must normalize to the same code points here, and stay the same when normalized again.
///
/// One rule leaves inputs out: those with a code point that one of the three sources of
/// Unicode data in use does not know yet. Node, the Swift standard library (case mapping,
/// General_Category, White_Space) and Foundation (NFKD) each ship their own, of different
/// versions; a character that older data lacks is dropped there as unassigned, or keeps
/// its form for want of its decomposition, while newer data treats it as a letter. That
/// is a difference of data, not of the rule, and goes away as the data are updated. So an
/// input is left out when one of its code points
/// - is assigned in node's data and not in the standard library's, or the other way
///   round (unassigned in both, as noncharacters are, is compared), or
/// - is newer than Foundation's NFKD data and has a decomposition (NFKD changes it in
///   node) or a nonzero canonical combining class (which orders marks in NFKD): without
///   either, NFKD leaves a character as it is whatever the version of its data.
final class TextFoldingTests: XCTestCase {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Conformance/text_folding_check.js")

    typealias Version = (major: Int, minor: Int)

    func testTheWebEngineNormalizesEveryInputAsFolioQuiz() throws {
        guard let node = Self.node() else {
            // `make test` installs Node.js; without it this comparison cannot be made, and
            // passing silently would hide that.
            return XCTFail("node is not on PATH: install Node.js 18 or later (`make test` does) to compare with the web engine")
        }
        let process = Process()
        process.executableURL = node
        process.arguments = [Self.script.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "node \(Self.script.path) failed")

        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        let header = lines.first?.split(separator: " ") ?? []
        guard header.count == 4, header[0] == "folio-text-folding", let count = Int(header[3]) else {
            return XCTFail("not a text folding check: \(lines.first ?? "")")
        }
        XCTAssertEqual(lines.count - 1, count, "inputs")
        let foundation = Self.foundationNormalizationVersion

        var compared = 0, newer: Set<Unicode.Scalar> = [], differences: [String] = []
        for line in lines.dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 4, let input = Self.scalars(fields[0]), let expected = Self.scalars(fields[1]),
                let unassignedInNode = Self.scalars(fields[2]).map(Set.init),
                let decomposedInNode = Self.scalars(fields[3]).map(Set.init)
            else {
                XCTFail("unreadable line: \(line)")
                continue
            }
            let leftOut = input.filter { scalar in
                let properties = scalar.properties
                guard let age = properties.age else { return !unassignedInNode.contains(scalar) }
                if unassignedInNode.contains(scalar) { return true }
                return age > foundation && (decomposedInNode.contains(scalar) || properties.canonicalCombiningClass != .notReordered)
            }
            if !leftOut.isEmpty {
                newer.formUnion(leftOut)
                continue
            }
            var text = String.UnicodeScalarView()
            text.append(contentsOf: input)
            let normalized = TextAnswer.normalized(String(text))
            let scalars = Array(normalized.unicodeScalars)
            compared += 1
            if scalars != expected {
                differences.append("\(Self.hex(input)): web \(Self.hex(expected)), FolioQuiz \(Self.hex(scalars))")
            } else if !TextAnswer.normalized(normalized).unicodeScalars.elementsEqual(normalized.unicodeScalars) {
                differences.append("\(Self.hex(input)): \(Self.hex(scalars)) changes when normalized again")
            }
        }
        // The rule may leave out new characters, never the bulk of the inputs.
        XCTAssertGreaterThan(compared, 100_000, "compared")
        if let first = newer.min(by: { $0.value < $1.value }), let last = newer.max(by: { $0.value < $1.value }) {
            print(
                "text folding: \(count - compared) of \(count) inputs left out for \(newer.count) code points from",
                "\(Self.hex([first])) to \(Self.hex([last])) that node (Unicode \(header[2])), the standard library or",
                "Foundation's NFKD (Unicode \(foundation.major).\(foundation.minor)) does not know")
        }
        XCTAssert(
            differences.isEmpty,
            "\(differences.count) of \(compared) inputs normalize differently; the first ones:\n"
                + differences.prefix(20).joined(separator: "\n"))
    }

    /// The Unicode version of Foundation's NFKD: the newest of these whose character, added
    /// in that version, Foundation decomposes as the standard says.
    static let foundationNormalizationVersion: Version = {
        let probes: [(Version, Unicode.Scalar, Unicode.Scalar)] = [
            ((17, 0), "\u{A7F1}", "S"),  // modifier letter capital S
            ((16, 0), "\u{1CCD6}", "A"),  // outlined Latin capital letter A
            ((15, 0), "\u{1E030}", "\u{0430}"),  // modifier letter Cyrillic small a
            ((14, 0), "\u{A7F2}", "C"),  // modifier letter capital C
            ((13, 0), "\u{1FBF0}", "0"),  // segmented digit zero
        ]
        for (version, character, decomposed) in probes
        where String(Character(character)).decomposedStringWithCompatibilityMapping == String(Character(decomposed)) {
            return version
        }
        return (12, 1)
    }()

    /// `node` from PATH, if it is there.
    static func node() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("node")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Code points written in hex separated by spaces; nil if one is not a scalar.
    static func scalars(_ field: Substring) -> [Unicode.Scalar]? {
        var result: [Unicode.Scalar] = []
        for word in field.split(separator: " ") {
            guard let value = UInt32(word, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
            result.append(scalar)
        }
        return result
    }

    /// "[0041 0301]": code points in hex, as the script writes them.
    static func hex(_ scalars: [Unicode.Scalar]) -> String {
        let values = scalars.map { scalar in
            let digits = String(scalar.value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
        return "[" + values.joined(separator: " ") + "]"
    }
}
