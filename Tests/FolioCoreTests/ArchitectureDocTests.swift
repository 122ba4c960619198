import Foundation
import XCTest

/// docs/architecture.md's table of modules says what each module depends on; this holds
/// it to what the modules import and to what Package.swift declares, so that the table a
/// newcomer reads first stays true.
final class ArchitectureDocTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The modules of `Sources/` written in Swift (not the C libraries' module maps, nor
    /// the build tools).
    func swiftModules() throws -> [String] {
        let sources = Self.repository.appendingPathComponent("Sources")
        return try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { name in
            name.hasPrefix("Folio") || name == "folio"
        }.filter { name in
            (FileManager.default.enumerator(atPath: sources.appendingPathComponent(name).path)?.allObjects as? [String] ?? []).contains {
                $0.hasSuffix(".swift")
            }
        }.sorted()
    }

    /// The Folio modules a module's files import.
    func imports(of module: String, among modules: Set<String>) throws -> Set<String> {
        let folder = Self.repository.appendingPathComponent("Sources/" + module)
        var found = Set<String>()
        for case let path as String in FileManager.default.enumerator(atPath: folder.path)! where path.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let at = words.firstIndex(of: "import"), at + 1 < words.count, words[..<at].allSatisfy({ $0.hasPrefix("@") }) else { continue }
                let name = String(words[at + 1])
                if modules.contains(name), name != module { found.insert(name) }
            }
        }
        return found
    }

    /// The Folio modules each target of Package.swift depends on, by name.
    func declaredDependencies() throws -> [String: Set<String>] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A scratch folder of its own: the test runs under `swift test`, which holds the
        // package's own build folder locked.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("folio-dump-package-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        process.arguments = ["swift", "package", "--package-path", Self.repository.path, "--scratch-path", scratch.path, "dump-package"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "swift package dump-package failed")
        let package = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var dependencies: [String: Set<String>] = [:]
        for target in package["targets"] as? [[String: Any]] ?? [] {
            guard let name = target["name"] as? String else { continue }
            var names = Set<String>()
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                for key in ["byName", "target"] {
                    if let value = dependency[key] as? [Any], let first = value.first as? String { names.insert(first) }
                }
            }
            dependencies[name] = names
        }
        return dependencies
    }

    /// The table's rows: a module, and the Folio modules its last column names
    /// (`Core` for `FolioCore`; `all` for every other module).
    func tableRows(modules: Set<String>) throws -> [String: Set<String>] {
        let text = try String(contentsOf: Self.repository.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "| module | what it is | depends on |"))
        var rows: [String: Set<String>] = [:]
        for line in text[start.upperBound...].split(separator: "\n").dropFirst() {
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4 else { continue }
            let module = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let named = cells[cells.count - 2].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            if named == ["all"] {
                rows[module] = modules.subtracting([module])
            } else {
                rows[module] = Set(named.compactMap { word in modules.contains("Folio" + word) ? "Folio" + word : nil })
            }
        }
        return rows
    }

    func testTheModuleTableIsWhatTheModulesImportAndThePackageDeclares() throws {
        let modules = try swiftModules()
        let known = Set(modules)
        let rows = try tableRows(modules: known)
        let declared = try declaredDependencies()
        for module in modules where module != "folio" && module != "folio-fuzz" {
            guard let row = rows[module] else {
                XCTFail("docs/architecture.md's table of modules has no row for \(module)")
                continue
            }
            let imported = try imports(of: module, among: known)
            XCTAssertEqual(row.sorted(), imported.sorted(), "\(module): the table's row against the imports of its files")
            let package = (declared[module] ?? []).intersection(known)
            XCTAssertEqual(package.sorted(), imported.sorted(), "\(module): Package.swift's dependencies against the imports of its files")
        }
    }
}
