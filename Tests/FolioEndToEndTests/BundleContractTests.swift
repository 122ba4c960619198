import FolioTestSupport
import Foundation
import XCTest

/// What `folio build` publishes for apps beyond the bundle's files: the archive for a
/// first download, the signature, and a format that readers of earlier versions read.
final class BundleContractTests: XCTestCase {
    func build(signed: Bool = false) throws -> URL {
        let folder = try TestFixtures.temporaryFolder(self)
        try FileManager.default.copyItem(at: TestFixtures.sampleContent, to: folder.appendingPathComponent("Content"))
        if signed { XCTAssertEqual(try FolioProcess.run(["keygen", "keys/program.key"], in: folder).status, 0) }
        let build = try FolioProcess.run(["build", "--quiet"] + (signed ? ["--sign", "keys/program.key"] : []), in: folder)
        XCTAssertEqual(build.status, 0, build.stderr)
        return folder
    }

    func python(_ arguments: [String]) throws -> (status: Int32, text: String) { try TestFixtures.runTool(["python3"] + arguments) }

    func testTheArchiveHoldsExactlyTheBundleAsBuilt() throws {
        let folder = try build(signed: true)
        let output = folder.appendingPathComponent("Output")
        // Python's zipfile reads it back; every member is the bundle's file, byte for byte.
        let script = """
            import hashlib, os, sys, zipfile
            archive, bundle = sys.argv[1], sys.argv[2]
            with zipfile.ZipFile(archive) as z:
                assert z.testzip() is None
                names = z.namelist()
                for name in names:
                    with open(os.path.join(bundle, name), 'rb') as f:
                        assert z.read(name) == f.read(), name
                on_disk = sorted(os.path.relpath(os.path.join(d, n), bundle) for d, _, ns in os.walk(bundle) for n in ns)
                assert sorted(names) == on_disk, (sorted(names), on_disk)
                print(len(names), 'files;', names[-2], names[-1])
            """
        let result = try python(["-c", script, output.appendingPathComponent("bundle.zip").path, output.appendingPathComponent("bundle").path])
        XCTAssertEqual(result.status, 0, result.text)
        XCTAssertTrue(result.text.hasSuffix("manifest.json manifest.sig\n"), "the manifest and its signature come last: \(result.text)")
    }

    /// A rebuild copies the archive's unchanged members from the output it replaces; the
    /// archive is still byte for byte the one a build from scratch writes.
    func testARebuiltArchiveIsTheArchiveOfABuildFromScratch() throws {
        let folder = try build(signed: true)
        let chapter = folder.appendingPathComponent("Content/chapters/03-feelings.md")
        for round in 1...2 {
            try (try String(contentsOf: chapter, encoding: .utf8) + "\nRound \(round) of edits.\n").write(to: chapter, atomically: true, encoding: .utf8)
            // Signed at one time, as a reproducible build is (SOURCE_DATE_EPOCH): the
            // manifest holds when it was signed.
            let time = ["SOURCE_DATE_EPOCH": String(1_800_000_000 + round)]
            XCTAssertEqual(try FolioProcess.run(["build", "--quiet", "--sign", "keys/program.key"], in: folder, environment: time).status, 0)
            let fresh = try TestFixtures.temporaryFolder(self).appendingPathComponent("fresh")
            XCTAssertEqual(
                try FolioProcess.run(["build", "--quiet", "--sign", "keys/program.key", "--output", fresh.path], in: folder, environment: time).status, 0)
            XCTAssertEqual(
                try Data(contentsOf: folder.appendingPathComponent("Output/bundle.zip")), try Data(contentsOf: fresh.appendingPathComponent("bundle.zip")),
                "round \(round)")
        }
    }

    func testTheKeyNeverLandsInTheOutput() throws {
        let folder = try build(signed: true)
        let key = try String(contentsOf: folder.appendingPathComponent("keys/program.key"), encoding: .utf8)
        let secret = try XCTUnwrap(key.split(separator: "\n").first { $0.hasPrefix("private-key:") }).dropFirst(13)
        for (path, data) in TestFixtures.snapshot(folder.appendingPathComponent("Output")) {
            XCTAssertNil(data.range(of: Data(secret.utf8)), "\(path) holds the private key")
        }
        let mode = try XCTUnwrap(
            try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("keys/program.key").path)[.posixPermissions] as? Int)
        XCTAssertEqual(mode & 0o077, 0, "the key file is readable by its owner only")

        // A key kept inside the output or the content folder is refused, as is overwriting one.
        for place in ["Output/program.key", "Content/media/program.key"] {
            try FileManager.default.copyItem(at: folder.appendingPathComponent("keys/program.key"), to: folder.appendingPathComponent(place))
            let refused = try FolioProcess.run(["build", "--sign", place], in: folder)
            XCTAssertEqual(refused.status, 2, refused.stderr)
            XCTAssertTrue(refused.stderr.contains("where it could be published"), refused.stderr)
            try FileManager.default.removeItem(at: folder.appendingPathComponent(place))
        }
        let again = try FolioProcess.run(["keygen", "keys/program.key"], in: folder)
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("a key is never overwritten"), again.stderr)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("keys/program.key"), encoding: .utf8), key)
    }

    /// The format version the reference and the overview name is the one a build writes,
    /// and the reference says what that version added.
    func testTheDocsNameTheFormatVersionABuildWrites() throws {
        let manifest = try Data(contentsOf: try build().appendingPathComponent("Output/bundle/manifest.json"))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: manifest) as? [String: Any])
        let major = try XCTUnwrap(object["formatVersion"] as? Int)
        let minor = try XCTUnwrap(object["formatMinorVersion"] as? Int)
        let built = "\(major).\(minor)"

        let docs = FolioProcess.repository.appendingPathComponent("docs")
        let reference = try String(contentsOf: docs.appendingPathComponent("bundle.md"), encoding: .utf8)
        let overview = try String(contentsOf: docs.appendingPathComponent("output.md"), encoding: .utf8)
        func found(_ pattern: String, in text: String) -> [String] {
            let expression = try! NSRegularExpression(pattern: pattern)
            return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
                (1..<match.numberOfRanges).map { String(text[Range(match.range(at: $0), in: text)!]) }.joined(separator: ".")
            }
        }
        XCTAssertEqual(
            found(#"described here is \*\*version (\d+)\.(\d+)\*\*"#, in: reference), [built], "docs/bundle.md's opening names the version")
        XCTAssertEqual(
            found(#"\(`formatVersion` (\d+), `formatMinorVersion` (\d+)\)"#, in: reference), [built], "docs/bundle.md's opening gives both fields")
        XCTAssertEqual(found(#"\| `formatMinorVersion` \| `(\d+)`"#, in: reference), ["\(minor)"], "docs/bundle.md's manifest table")
        XCTAssertEqual(found(#"manifest\.json +format (\d+)\.(\d+)"#, in: overview), [built], "docs/output.md's list of the bundle's files")
        XCTAssertTrue(reference.contains("\(built) added"), "docs/bundle.md's Versions says what \(built) added")
    }

    /// A bundle written now is read by the reading rules of format 1.0, the first
    /// published: what 1.1 adds is only additions.
    func testABundleOfThisVersionIsReadByTheRulesOfVersion10() throws {
        let folder = try build()
        let rules = FolioProcess.repository.appendingPathComponent("Tests/Fixtures/bundle-format/1.0/bundle.schema.json").path
        let checker = FolioProcess.repository.appendingPathComponent("Tests/Support/check_reader_rules.py").path
        let bundle = folder.appendingPathComponent("Output/bundle")
        let result = try python([checker, rules, bundle.path])
        XCTAssertEqual(result.status, 0, result.text)
        XCTAssertTrue(result.text.contains("compatible (14 files read)"), result.text)

        // A field 1.0 requires, renamed, is not an addition: the check says so.
        let chapter = bundle.appendingPathComponent("chapters/feelings.json")
        var json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: chapter)) as? [String: Any])
        json["text"] = json.removeValue(forKey: "plainText")
        try JSONSerialization.data(withJSONObject: json).write(to: chapter)
        let broken = try python([checker, rules, bundle.path])
        XCTAssertEqual(broken.status, 1, broken.text)
        XCTAssertTrue(broken.text.contains("chapters/feelings.json: : 'plainText' is a required property"), broken.text)
    }

    /// A picture in a quiz means the same file in the bundle as in a chapter, and the site
    /// reaches it from the chapter's page; pictures carry their sizes everywhere.
    func testMediaPathsMeanTheSameEverywhereAndPicturesHaveSizes() throws {
        let folder = try TestFixtures.temporaryFolder(self)
        try FileManager.default.copyItem(at: TestFixtures.sampleContent, to: folder.appendingPathComponent("Content"))
        let quiz = folder.appendingPathComponent("Content/quizzes/who-am-i.yaml")
        try Data(
            try String(contentsOf: quiz, encoding: .utf8)
                .replacingOccurrences(of: "prompt: What is *self-esteem*?", with: "prompt: \"![A sunrise](../media/sunrise.png) What is *self-esteem*?\"").utf8
        ).write(to: quiz)
        let build = try FolioProcess.run(["build", "--quiet"], in: folder)
        XCTAssertEqual(build.status, 0, build.stderr)
        let output = folder.appendingPathComponent("Output")

        let bundleQuiz = try String(contentsOf: output.appendingPathComponent("bundle/quizzes/who-am-i.json"), encoding: .utf8)
        XCTAssertTrue(bundleQuiz.contains(#"<img src=\"media/sunrise.png\" alt=\"A sunrise\" />"#), "the bundle's path, as in chapters")
        XCTAssertFalse(bundleQuiz.contains(#"src=\"../media"#), "the Markdown keeps what the author wrote; the HTML does not")
        let page = try String(contentsOf: output.appendingPathComponent("site/chapters/who-am-i.html"), encoding: .utf8)
        XCTAssertTrue(page.contains(#"<img src="../media/sunrise.png" alt="A sunrise" />"#), "the page is a folder down")
        XCTAssertTrue(page.contains(#""html":"\u003cimg src=\"../media/sunrise.png\""#), "so is the quiz the page's script grades")

        let chapter = try String(contentsOf: output.appendingPathComponent("site/chapters/body-and-health.html"), encoding: .utf8)
        XCTAssertTrue(chapter.contains(#"alt="A sunrise over green hills: a new day starts with good sleep" width="320" height="180" />"#))
        let manifest = try String(contentsOf: output.appendingPathComponent("bundle/manifest.json"), encoding: .utf8)
        XCTAssertTrue(manifest.contains(#""height" : 180,"#) && manifest.contains(#""width" : 320"#), manifest)
    }
}
