import FolioTestSupport
import Foundation
import XCTest

/// `folio sync` against a plain static HTTP server on loopback (Python's, through
/// `Tests/Support/static_server.py`, which logs each request it answers), across
/// published versions of the sample program, as an app would update.
final class SyncCommandTests: XCTestCase {
    /// A program folder with its content, a signing key, and a server over its output.
    final class Publisher {
        let folder: URL
        let server: Process
        let log: URL
        let port: String

        init(_ test: XCTestCase, delay: Double = 0) throws {
            folder = try TestFixtures.temporaryFolder(test)
            try FileManager.default.copyItem(at: TestFixtures.sampleContent, to: folder.appendingPathComponent("Content"))
            XCTAssertEqual(try FolioProcess.run(["keygen", "keys/program.key"], in: folder).status, 0)
            log = folder.appendingPathComponent("requests.log")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("Output"), withIntermediateDirectories: true)
            server = Process()
            server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            server.arguments = [
                "python3", FolioProcess.repository.appendingPathComponent("Tests/Support/static_server.py").path, folder.appendingPathComponent("Output").path,
                log.path, String(delay),
            ]
            let output = Pipe()
            server.standardOutput = output
            // A client killed midway makes the server's answer fail: not the test's output.
            server.standardError = FileHandle.nullDevice
            try server.run()
            let line = output.fileHandleForReading.availableData
            port = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let server = server
            test.addTeardownBlock { server.terminate() }
        }

        var url: String { "http://127.0.0.1:\(port)/bundle/" }
        var publicKey: String { folder.appendingPathComponent("keys/program.key.pub").path }

        /// Builds and signs the content into the served output.
        func publish() throws {
            let build = try FolioProcess.run(["build", "--sign", "keys/program.key", "--quiet"], in: folder)
            XCTAssertEqual(build.status, 0, build.stderr)
        }

        /// Edits a chapter's text.
        func edit(_ chapter: String, adding text: String) throws {
            let file = folder.appendingPathComponent("Content/chapters/\(chapter)")
            try (try String(contentsOf: file, encoding: .utf8) + "\n\(text)\n").write(to: file, atomically: true, encoding: .utf8)
        }

        /// The requests answered since the last call, and starts over.
        func requests() throws -> [String] {
            let lines = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: log)
            return lines.split(separator: "\n").map { $0.replacingOccurrences(of: "/bundle/", with: "") }
        }

        func manifest() throws -> [String: String] {
            let data = try Data(contentsOf: folder.appendingPathComponent("Output/bundle/manifest.json"))
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
            let entries = try XCTUnwrap(object["entries"] as? [[String: Any]])
            return Dictionary(uniqueKeysWithValues: entries.map { ($0["path"] as! String, $0["sha256"] as! String) })
        }
    }

    /// Replaces bytes in a file, every other byte kept as it is.
    static func replace(_ old: String, with new: String, in file: URL) throws {
        var bytes = [UInt8](try Data(contentsOf: file))
        let (old, new) = (Array(old.utf8), Array(new.utf8))
        var i = 0
        var found = false
        while i + old.count <= bytes.count {
            if Array(bytes[i..<i + old.count]) == old {
                bytes.replaceSubrange(i..<i + old.count, with: new)
                found = true
                i += new.count
            } else {
                i += 1
            }
        }
        XCTAssertTrue(found, "\(old) in \(file.path)")
        try Data(bytes).write(to: file)
    }

    func sync(_ publisher: Publisher, into folder: URL) throws -> FolioProcess.Output {
        try FolioProcess.run(["sync", publisher.url, folder.path, "--public-key-file", publisher.publicKey])
    }

    func installedVersion(_ folder: URL) -> String? {
        (try? String(contentsOf: folder.appendingPathComponent("current"), encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testAnUpdateRequestsOnlyTheFilesThatChanged() throws {
        let publisher = try Publisher(self)
        try publisher.publish()
        let installed = try TestFixtures.temporaryFolder(self).appendingPathComponent("installed")
        let first = try sync(publisher, into: installed)
        XCTAssertEqual(first.status, 0, first.stderr)
        let version1 = try publisher.manifest()
        XCTAssertEqual(Set(try publisher.requests()), ["manifest.json", "manifest.sig", "/bundle.zip"], "a first sync downloads the archive")

        try publisher.edit("03-feelings.md", adding: "Feelings come and go, like weather.")
        try publisher.publish()
        let version2 = try publisher.manifest()
        let changed = Set(version2.filter { version1[$0.key] != $0.value }.keys)
        // The chapter's Spanish translation is outdated now: Spanish learners read the English
        // chapter, so the Spanish search part changes too, and the Spanish chapter's file goes.
        XCTAssertEqual(
            changed, ["chapters/feelings.json", "search/00.json", "languages/es/search/00.json"],
            "one chapter and the part of each language's search index that has it")
        XCTAssertNil(version2["languages/es/chapters/feelings.json"])
        let second = try sync(publisher, into: installed)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(Set(try publisher.requests()), changed.union(["manifest.json", "manifest.sig"]))
        XCTAssertTrue(second.stderr.contains("fetched 3 of \(version2.count) files"), second.stderr)

        // The runners read what was synced.
        let quiz = try FolioProcess.run(["quiz", "--bundle", installed.path])
        XCTAssertEqual(quiz.status, 0, quiz.stderr)
        XCTAssertTrue(quiz.stdout.contains("feelings"), quiz.stdout)
        let study = try FolioProcess.run(["study", "--bundle", installed.path])
        XCTAssertEqual(study.status, 0, study.stderr)
        XCTAssertTrue(study.stdout.contains("feelings"), study.stdout)

        let third = try sync(publisher, into: installed)
        XCTAssertTrue(third.stderr.contains("already up to date"), third.stderr)
        XCTAssertEqual(try publisher.requests().sorted(), ["manifest.json", "manifest.sig"])
    }

    func testAFirstSyncTakesEveryFileFromTheArchiveBesideTheBundle() throws {
        let publisher = try Publisher(self)
        try publisher.publish()
        let installed = try TestFixtures.temporaryFolder(self).appendingPathComponent("installed")
        let first = try sync(publisher, into: installed)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stderr.contains("took 28 of 28 files"), first.stderr)
        XCTAssertTrue(first.stderr.contains("from bundle.zip"), first.stderr)
        XCTAssertEqual(try publisher.requests().sorted(), ["/bundle.zip", "manifest.json", "manifest.sig"])
        // The installed version is the published bundle, file for file.
        let version = try XCTUnwrap(installedVersion(installed))
        XCTAssertEqual(
            TestFixtures.snapshot(installed.appendingPathComponent("versions/\(version)")),
            TestFixtures.snapshot(publisher.folder.appendingPathComponent("Output/bundle")))
        let quiz = try FolioProcess.run(["quiz", "--bundle", installed.path])
        XCTAssertEqual(quiz.status, 0, quiz.stderr)

        // --no-archive fetches file by file; an archive on its own installs too, its own
        // manifest checked against the key.
        let byFile = try FolioProcess.run(["sync", publisher.url, installed.path + "-by-file", "--no-archive"])
        XCTAssertEqual(byFile.status, 0, byFile.stderr)
        XCTAssertEqual(try publisher.requests().count, 30, "the manifest, its signature and 28 files")
        let alone = try FolioProcess.run([
            "sync", publisher.folder.appendingPathComponent("Output/bundle.zip").path, installed.path + "-alone", "--public-key-file", publisher.publicKey,
        ])
        XCTAssertEqual(alone.status, 0, alone.stderr)
        XCTAssertEqual(installedVersion(URL(fileURLWithPath: installed.path + "-alone")), version)
    }

    /// Rewrites the published archive with Python's zipfile: `tamper` changes a chapter's
    /// words (its manifest kept), `escape` adds a member named outside the bundle, `link`
    /// adds a symbolic link.
    func rewriteArchive(_ publisher: Publisher, _ change: String) throws {
        let archive = publisher.folder.appendingPathComponent("Output/bundle.zip")
        let script = """
            import shutil, sys, zipfile
            path, change = sys.argv[1], sys.argv[2]
            found = False
            with zipfile.ZipFile(path) as old, zipfile.ZipFile(path + '.new', 'w') as new:
                for info in old.infolist():
                    data = old.read(info)
                    if change == 'tamper' and info.filename == 'chapters/friendship.json':
                        found = b'Friends matter a lot' in data
                        data = data.replace(b'Friends matter a lot', b'Friends matter a bit')
                    new.writestr(info, data)
                if change == 'escape':
                    new.writestr('../evil.txt', b'outside the installation')
                    found = True
                if change == 'link':
                    link = zipfile.ZipInfo('media/linked.png')
                    link.create_system = 3
                    link.external_attr = 0o120777 << 16
                    new.writestr(link, '/etc/passwd')
                    found = True
            assert found, change
            shutil.move(path + '.new', path)
            """
        let result = try TestFixtures.runTool(["python3", "-c", script, archive.path, change])
        XCTAssertEqual(result.status, 0, result.text)
    }

    /// Every folder under `folder` that holds nothing.
    func emptyFolders(under folder: URL) -> [String] {
        guard let paths = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] else { return [] }
        return ([""] + paths).filter { path in
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
                && (try? FileManager.default.contentsOfDirectory(atPath: url.path))?.isEmpty == true
        }
    }

    func testAFirstSyncRefusesAnArchiveWithATamperedMember() throws {
        let publisher = try Publisher(self)
        try publisher.publish()
        try rewriteArchive(publisher, "tamper")
        let root = try TestFixtures.temporaryFolder(self)
        let installed = root.appendingPathComponent("installed")
        let refused = try sync(publisher, into: installed)
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("`chapters/friendship.json` does not have the SHA-256 the manifest lists"), refused.stderr)
        XCTAssertNil(installedVersion(installed))
        XCTAssertEqual(emptyFolders(under: root), [], "a failed first sync leaves no empty folder")
        let quiz = try FolioProcess.run(["quiz", "--bundle", installed.path])
        XCTAssertNotEqual(quiz.status, 0, "nothing is installed")

        // The archive put right, the next sync installs, keeping the files already checked.
        try publisher.publish()
        let next = try sync(publisher, into: installed)
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertNotNil(installedVersion(installed))
    }

    func testAFirstSyncRefusesAnArchiveWithAMemberOutsideTheBundleBeforeWritingAnything() throws {
        let publisher = try Publisher(self)
        try publisher.publish()
        let root = try TestFixtures.temporaryFolder(self)
        for change in ["escape", "link"] {
            try publisher.publish()
            try rewriteArchive(publisher, change)
            let installed = root.appendingPathComponent("place/installed")
            let refused = try sync(publisher, into: installed)
            XCTAssertEqual(refused.status, 1, refused.stderr)
            XCTAssertTrue(
                refused.stderr.contains(
                    change == "escape"
                        ? "`../evil.txt` is not a plain path inside the bundle" : "`media/linked.png` is a link, which a bundle's archive never holds"),
                refused.stderr)
            XCTAssertTrue(refused.stderr.contains("nothing was installed from it"), refused.stderr)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path), [], "\(change): not even the folders to install into")
        }
    }

    func testAFailedFirstSyncLeavesNoFolderBehind() throws {
        let publisher = try Publisher(self)
        try publisher.publish()
        let root = try TestFixtures.temporaryFolder(self)
        let wrongKey = try FolioProcess.run(["keygen", root.appendingPathComponent("other.key").path])
        XCTAssertEqual(wrongKey.status, 0, wrongKey.stderr)
        for arguments in [
            ["--public-key-file", root.appendingPathComponent("other.key.pub").path],
            ["--no-archive", "--public-key-file", root.appendingPathComponent("other.key.pub").path],
        ] {
            let refused = try FolioProcess.run(["sync", publisher.url, root.appendingPathComponent("new/installed").path] + arguments)
            XCTAssertEqual(refused.status, 1, refused.stderr)
            XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: root.path)), ["other.key", "other.key.pub"], "\(arguments)")
        }
    }

    func testATamperedFileIsRefusedAndTheInstalledVersionKept() throws {
        let publisher = try Publisher(self)
        try publisher.publish()
        let installed = try TestFixtures.temporaryFolder(self).appendingPathComponent("installed")
        XCTAssertEqual(try sync(publisher, into: installed).status, 0)
        let before = installedVersion(installed)

        try publisher.edit("02-friendship.md", adding: "A good friend listens.")
        try publisher.publish()
        // Someone changes a file on the server after it was signed.
        let file = publisher.folder.appendingPathComponent("Output/bundle/chapters/friendship.json")
        try Self.replace("A good friend listens.", with: "A good friend obeys!!!", in: file)
        let refused = try sync(publisher, into: installed)
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("`chapters/friendship.json` does not have the SHA-256 the manifest lists"), refused.stderr)
        XCTAssertEqual(installedVersion(installed), before)
        let quiz = try FolioProcess.run(["quiz", "--bundle", installed.path])
        XCTAssertEqual(quiz.status, 0, quiz.stderr)

        // A manifest changed after signing is refused too.
        try publisher.publish()
        let manifest = publisher.folder.appendingPathComponent("Output/bundle/manifest.json")
        try Self.replace("Go Grrrls", with: "Go Grrrlz", in: manifest)
        let unsigned = try sync(publisher, into: installed)
        XCTAssertEqual(unsigned.status, 1, unsigned.stderr)
        XCTAssertTrue(unsigned.stderr.contains("changed after signing"), unsigned.stderr)
        XCTAssertEqual(installedVersion(installed), before)
    }

    func testASyncKilledMidwayLeavesAValidBundleAndTheNextFinishesIt() throws {
        let publisher = try Publisher(self, delay: 0.4)
        try publisher.publish()
        let installed = try TestFixtures.temporaryFolder(self).appendingPathComponent("installed")
        XCTAssertEqual(try sync(publisher, into: installed).status, 0)
        let before = installedVersion(installed)
        let version1 = try publisher.manifest()
        _ = try publisher.requests()

        for chapter in ["01-who-am-i.md", "02-friendship.md", "03-feelings.md", "04-body-and-health.md", "05-the-big-move.md"] {
            try publisher.edit(chapter, adding: "One more thing to think about.")
        }
        try publisher.publish()
        let changed = try publisher.manifest().filter { version1[$0.key] != $0.value }.count
        XCTAssertEqual(changed, 7, "five chapters and the search index of each language")

        let process = try FolioProcess.start(["sync", publisher.url, installed.path, "--public-key-file", publisher.publicKey])
        // Killed once a first batch of files has arrived, as an app closed mid-download.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline,
            (try? String(contentsOf: publisher.log, encoding: .utf8))?.split(separator: "\n").filter({ !$0.contains("manifest.") }).count ?? 0 < 4
        {
            Thread.sleep(forTimeInterval: 0.02)
        }
        Thread.sleep(forTimeInterval: 0.1)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(installedVersion(installed), before, "the version in use is the previous one")
        let quiz = try FolioProcess.run(["quiz", "--bundle", installed.path])
        XCTAssertEqual(quiz.status, 0, "the previous bundle is whole: \(quiz.stderr)")
        _ = try publisher.requests()

        let resumed = try sync(publisher, into: installed)
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        let fetched = try publisher.requests().filter { !$0.hasPrefix("manifest.") }
        XCTAssertLessThan(fetched.count, changed, "files the killed sync had checked are not fetched again: \(fetched)")
        XCTAssertTrue(resumed.stderr.contains("already fetched by an earlier sync"), resumed.stderr)
        XCTAssertNotEqual(installedVersion(installed), before)
        let study = try FolioProcess.run(["study", "--bundle", installed.path])
        XCTAssertEqual(study.status, 0, study.stderr)
    }

    func testALinkInALocalBundleFolderIsRefusedWithItsPathAndNeverInstalled() throws {
        let root = try TestFixtures.temporaryFolder(self)
        try FileManager.default.copyItem(at: TestFixtures.sampleContent, to: root.appendingPathComponent("Content"))
        let build = try FolioProcess.run(["build", "--quiet", "--output", "Output"], in: root)
        XCTAssertEqual(build.status, 0, build.stderr)
        // The picture replaced by a link to a file outside with the very same bytes: its
        // digest matches, so only the link itself can give it away.
        let picture = root.appendingPathComponent("Output/bundle/media/sunrise.png")
        let outside = root.appendingPathComponent("outside.png")
        try FileManager.default.moveItem(at: picture, to: outside)
        try FileManager.default.createSymbolicLink(at: picture, withDestinationURL: outside)
        let installed = root.appendingPathComponent("installed")
        let refused = try FolioProcess.run(["sync", root.appendingPathComponent("Output/bundle").path, installed.path, "--no-archive"])
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("`media/sunrise.png` in the bundle's folder is a symbolic link"), refused.stderr)
        let paths = FileManager.default.enumerator(atPath: installed.path)?.allObjects as? [String] ?? []
        let links = paths.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: installed.appendingPathComponent($0).path)) != nil }
        XCTAssertEqual(links, [], "no link was installed")
        XCTAssertNil(installedVersion(installed))
    }

    /// Rewrites the published manifest with Python: `change` is `hash` (a bundleHash that
    /// is not the entries'), `size` (the picture's size changed, its digest kept) or
    /// `names` (two more files, named as a client's temporary files could be).
    func rewriteManifest(_ publisher: Publisher, _ change: String) throws {
        let script = """
            import hashlib, json, os, sys
            bundle, change = sys.argv[1], sys.argv[2]
            path = os.path.join(bundle, 'manifest.json')
            manifest = json.load(open(path))
            entries = manifest['entries']
            if change == 'size':
                picture = next(e for e in entries if e['path'] == 'media/sunrise.png')
                picture['size'] -= 1
            if change == 'names':
                for name, data in [('manifest.json.new', b'an entry, not the manifest'), ('chapters/.friendship.json.part', b'an entry, not a part')]:
                    open(os.path.join(bundle, name), 'wb').write(data)
                    entries.append({'kind': 'media', 'path': name, 'size': len(data), 'sha256': hashlib.sha256(data).hexdigest()})
                entries.sort(key=lambda e: e['path'].encode())
            lines = ''.join(e['path'] + '\\0' + e['sha256'] + '\\n' for e in entries)
            manifest['bundleHash'] = '0' * 64 if change == 'hash' else hashlib.sha256(lines.encode()).hexdigest()
            json.dump(manifest, open(path, 'w'), indent=2, sort_keys=True)
            """
        let result = try TestFixtures.runTool(["python3", "-c", script, publisher.folder.appendingPathComponent("Output/bundle").path, change])
        XCTAssertEqual(result.status, 0, result.text)
    }

    func testAManifestThatCannotMatchItsInstallationIsRefusedAndOneNamingTheClientsFilesInstallsWhole() throws {
        let publisher = try Publisher(self)
        try publisher.publish()
        let installed = try TestFixtures.temporaryFolder(self).appendingPathComponent("installed")
        XCTAssertEqual(try FolioProcess.run(["sync", publisher.url, installed.path, "--no-archive"]).status, 0)
        let before = installedVersion(installed)
        func whole() throws {
            let version = try XCTUnwrap(installedVersion(installed))
            let check = try TestFixtures.runTool([
                "python3", FolioProcess.repository.appendingPathComponent("Tests/Support/check_installed.py").path,
                installed.appendingPathComponent("versions/\(version)").path,
            ])
            XCTAssertEqual(check.status, 0, check.text)
        }

        try publisher.edit("02-friendship.md", adding: "A good friend listens.")
        try publisher.publish()
        try rewriteManifest(publisher, "size")
        let size = try FolioProcess.run(["sync", publisher.url, installed.path])
        XCTAssertNotEqual(size.status, 0, "a picture listed with its digest and another size: \(size.stderr)")
        XCTAssertTrue(size.stderr.contains("`media/sunrise.png`: the reply is larger than the 1471 bytes"), size.stderr)
        XCTAssertEqual(installedVersion(installed), before)
        try whole()

        try publisher.publish()
        try rewriteManifest(publisher, "hash")
        let hash = try FolioProcess.run(["sync", publisher.url, installed.path])
        XCTAssertEqual(hash.status, 1, hash.stderr)
        XCTAssertTrue(hash.stderr.contains("its `bundleHash` is not the hash of the files it lists"), hash.stderr)
        XCTAssertEqual(installedVersion(installed), before)

        try publisher.publish()
        try rewriteManifest(publisher, "names")
        let names = try FolioProcess.run(["sync", publisher.url, installed.path])
        XCTAssertEqual(names.status, 0, names.stderr)
        try whole()
        XCTAssertEqual(
            try String(contentsOf: installed.appendingPathComponent("versions/\(installedVersion(installed)!)/manifest.json.new"), encoding: .utf8),
            "an entry, not the manifest")
    }
}
