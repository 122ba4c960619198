import ArgumentParser
import FolioClient
import Foundation

/// `folio sync`: installs or updates a published bundle in a folder, as an app does,
/// through FolioClient.
struct SyncCommand: ParsableCommand, AsynchronousCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Install or update a published bundle in a folder, fetching only what changed.",
        discussion: """
            <source> is the published bundle's address (http:// or https://, the folder
            that holds manifest.json) or a local bundle folder. <folder> is made if
            needed; each sync fetches only the files the installed version does not
            have, checks each one's SHA-256, and switches to the new version at once. A
            sync that stops midway leaves the installed version as it was; the next one
            picks up where it stopped. `folio quiz --bundle <folder>` and
            `folio study --bundle <folder>` read what it installed.

            Exit codes: 0 installed or already up to date, 1 the bundle was refused (a
            file does not match its manifest, or the signature is missing or wrong), 2 a
            usage, network or file problem.

            Examples:
              folio sync https://example.org/program/bundle/ Installed
              folio sync Output/bundle Installed --public-key-file keys/program.key.pub
              folio sync Output/bundle Installed --dry-run
            """)

    @Argument(help: "The published bundle: an http(s) address or a folder.")
    var source: String

    @Argument(help: "The folder to install into.")
    var folder: String

    @Option(help: "Accept only a bundle signed by this public key (base64, as `folio keygen` prints it).")
    var publicKey: String?

    @Option(help: "Accept only a bundle signed by the public key in this file (`<key-file>.pub`).")
    var publicKeyFile: String?

    @Flag(help: "Say what an update would fetch and remove, and how long planning it took; fetch nothing but the manifest.")
    var dryRun = false

    func run() throws { preconditionFailure("run asynchronously") }

    func runAsynchronously() async throws {
        let trust = try self.trust()
        let transport: any BundleTransport
        if source.hasPrefix("http://") || source.hasPrefix("https://") {
            guard let url = URL(string: source) else { throw CommandFailure("`\(source)` is not an address") }
            #if FOLIO_STANDALONE
                transport = try CurlTransport(base: url.absoluteString)
            #else
                transport = URLSessionTransport(base: url)
            #endif
        } else {
            transport = FileTransport(folder: URL(fileURLWithPath: source))
        }
        let installation = BundleInstallation(folder: URL(fileURLWithPath: folder))
        let outcome: BundleInstallation.Outcome
        do {
            if dryRun { return try await showPlan(installation, transport, trust) }
            outcome = try await installation.update(from: transport, trust: trust)
        } catch let problem as BundleProblem {
            switch problem {
            case .fetchFailed, .notAnInstallation, .noBundle:
                throw CommandFailure("\(problem); the installed bundle, if any, is unchanged")
            default:
                FileHandle.standardError.write(Data("error: the bundle was refused: \(problem); the installed bundle, if any, is unchanged\n".utf8))
                throw ExitCode(1)
            }
        } catch is BundleTransportMissing {
            throw CommandFailure("there is no bundle at `\(source)` (no manifest.json)")
        }
        let manifest = outcome.reader.manifest
        let version = String(manifest.bundleHash.prefix(12))
        let message: String
        if !outcome.switched {
            message = "\(manifest.program.title): already up to date (bundle \(version))"
        } else {
            let plan = outcome.plan
            var parts = [
                "fetched \(outcome.fetchedFiles) of \(manifest.entries.count) files (\(Self.bytes(outcome.fetchedBytes)) of \(Self.bytes(plan.totalBytes)))"
            ]
            if outcome.resumedFiles > 0 { parts.append("\(outcome.resumedFiles) already fetched by an earlier sync") }
            if !plan.remove.isEmpty { parts.append("\(plan.remove.count) removed") }
            message = "\(manifest.program.title): installed bundle \(version) in \(folder): " + parts.joined(separator: ", ")
        }
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// The plan, and the time it took from the manifest's first byte to the plan,
    /// both manifests read: what `make bench` reports.
    private func showPlan(_ installation: BundleInstallation, _ transport: any BundleTransport, _ trust: BundleTrust) async throws {
        let start = DispatchTime.now().uptimeNanoseconds
        let plan = try await installation.plan(from: transport, trust: trust)
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        let count = plan.published.entries.count
        print(
            "would fetch \(plan.fetch.count) of \(count) files (\(plan.bytesToFetch) of \(plan.totalBytes) bytes), keep \(plan.reuse.count), "
                + "remove \(plan.remove.count); planned in \(String(format: "%.1f", milliseconds)) ms")
        for entry in plan.fetch.prefix(20) { print("  fetch \(entry.path) (\(entry.size) bytes)") }
        if plan.fetch.count > 20 { print("  and \(plan.fetch.count - 20) more") }
    }

    private func trust() throws -> BundleTrust {
        var keys: [BundlePublicKey] = []
        do {
            if let publicKey { keys.append(try BundlePublicKey(base64: publicKey)) }
            if let publicKeyFile {
                guard let text = try? String(contentsOfFile: publicKeyFile, encoding: .utf8) else {
                    throw CommandFailure("cannot read the public key file `\(publicKeyFile)`")
                }
                keys.append(try BundlePublicKey(base64: text))
            }
        } catch let problem as BundleProblem {
            throw CommandFailure("\(problem)")
        }
        return keys.isEmpty ? .unsigned : .signed(by: keys)
    }

    static func bytes(_ count: Int) -> String {
        count < 1024 ? "\(count) B" : count < 1 << 20 ? String(format: "%.1f KB", Double(count) / 1024) : String(format: "%.1f MB", Double(count) / 1_048_576)
    }
}
