import ArgumentParser
import FolioArchive
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
            that holds manifest.json), a local bundle folder, or a bundle's archive
            (bundle.zip, its own manifest checked). <folder> is made if needed; each sync
            fetches only the files the installed version does not have, checks each
            one's SHA-256, and switches to the new version at once. A sync that stops
            midway leaves the installed version as it was; the next one picks up where
            it stopped. `folio quiz --bundle <folder>` and `folio study --bundle
            <folder>` read what it installed.

            A first install takes the files from bundle.zip beside the bundle, in one
            download, when there is one (--archive names another, --no-archive fetches
            the files one by one); each file is checked against the manifest published
            beside it, as a file fetched alone is.

            Exit codes: 0 installed or already up to date, 1 the bundle was refused (a
            file does not match its manifest, or the signature is missing or wrong), 2 a
            usage, network or file problem.

            Examples:
              folio sync https://example.org/program/bundle/ Installed
              folio sync Output/bundle Installed --public-key-file keys/program.key.pub
              folio sync Output/bundle Installed --dry-run
              folio sync Output/bundle.zip Installed
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

    @Option(help: "Take a first install's files from this bundle.zip (a file or an http(s) address) rather than the one beside the bundle.")
    var archive: String?

    @Flag(help: "Fetch a first install's files one by one, not from bundle.zip.")
    var noArchive = false

    @Option(help: "Give up a file that, this many seconds after it began, has come at less than 4 KB/s on average.")
    var timeout: Double = TransferPace.standard.grace

    func validate() throws {
        if archive != nil, noArchive { throw ValidationError("--archive and --no-archive cannot go together") }
        if !(timeout > 0) { throw ValidationError("--timeout takes a number of seconds above 0, such as 60") }
    }

    func run() throws { preconditionFailure("run asynchronously") }

    func runAsynchronously() async throws {
        let trust = try self.trust()
        let installation = BundleInstallation(folder: URL(fileURLWithPath: folder))
        let outcome: BundleInstallation.Outcome
        do {
            if let archive = Self.archiveFile(source) {
                if dryRun { throw CommandFailure("--dry-run plans an update from a published bundle, not from an archive") }
                outcome = try await installation.update(fromArchive: ZipBundleArchive(url: archive), trust: trust)
            } else {
                let transport = try Self.transport(source, pace: pace)
                if dryRun { return try await showPlan(installation, transport, trust) }
                let downloaded = FileManager.default.temporaryDirectory.appendingPathComponent("folio-sync-\(UUID().uuidString).zip")
                defer { try? FileManager.default.removeItem(at: downloaded) }
                let archive = installation.currentFolder() == nil && !noArchive ? try await openArchive(downloadingTo: downloaded) : nil
                outcome = try await installation.update(from: transport, archive: archive, trust: trust)
            }
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
            if outcome.fromArchive { parts[0] = parts[0].replacingOccurrences(of: "fetched", with: "took") + " from bundle.zip" }
            message = "\(manifest.program.title): installed bundle \(version) in \(folder): " + parts.joined(separator: ", ")
        }
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// A transport over `address`: an http(s) address or a folder.
    ///
    /// Web addresses are fetched through the curl command, read through a pipe: it stops
    /// at the first byte past a file's limit, where swift-corelibs-foundation's URLSession
    /// (on Linux) keeps reading for a while after it is cancelled. Without curl, the
    /// developer build falls back on URLSessionTransport.
    static func transport(_ address: String, pace: TransferPace = .standard) throws -> any BundleTransport {
        guard address.hasPrefix("http://") || address.hasPrefix("https://") else { return FileTransport(folder: URL(fileURLWithPath: address)) }
        guard let url = URL(string: address) else { throw CommandFailure("`\(address)` is not an address") }
        #if FOLIO_STANDALONE
            return try CurlTransport(base: url.absoluteString, pace: pace)
        #else
            return (try? CurlTransport(base: url.absoluteString, pace: pace)) ?? URLSessionTransport(base: url, pace: pace)
        #endif
    }

    var pace: TransferPace { TransferPace(grace: timeout, minimumBytesPerSecond: TransferPace.standard.minimumBytesPerSecond) }

    /// `source` when it is an archive on disk (a file, not a bundle's folder).
    static func archiveFile(_ source: String) -> URL? {
        var isFolder: ObjCBool = false
        guard !source.hasPrefix("http://"), !source.hasPrefix("https://"), FileManager.default.fileExists(atPath: source, isDirectory: &isFolder),
            !isFolder.boolValue
        else { return nil }
        return URL(fileURLWithPath: source)
    }

    /// The archive a first install takes its files from: the one `--archive` names, or
    /// else `bundle.zip` beside the bundle, as `folio build` writes it, when there is one
    /// that is a ZIP archive (a server may answer anything for a file it lacks). One on
    /// the web is downloaded to `file` first.
    private func openArchive(downloadingTo file: URL) async throws -> ZipBundleArchive? {
        let named = archive != nil
        let place = archive ?? (source.hasSuffix("/") ? source + "../bundle.zip" : source + "/../bundle.zip")
        let url: URL
        if place.hasPrefix("http://") || place.hasPrefix("https://") {
            guard let address = URL(string: place)?.standardized else { throw CommandFailure("`\(place)` is not an address") }
            do {
                try await Self.transport(address.deletingLastPathComponent().absoluteString, pace: pace).download(
                    address.lastPathComponent, to: file, limit: Self.maximumArchiveSize)
            } catch is BundleTransportMissing {
                if named { throw CommandFailure("there is no archive at `\(place)`") }
                return nil
            }
            url = file
        } else {
            url = URL(fileURLWithPath: place).standardizedFileURL
            guard FileManager.default.fileExists(atPath: url.path) else {
                if named { throw CommandFailure("there is no archive at `\(place)`") }
                return nil
            }
        }
        do {
            return try ZipBundleArchive(url: url)
        } catch {
            if named { throw error }
            return nil
        }
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

    /// The largest bundle.zip downloaded for a first install: 16 GB, four times what the
    /// format's Zip64 records begin at.
    static let maximumArchiveSize = 16 << 30

    static func bytes(_ count: Int) -> String {
        count < 1024 ? "\(count) B" : count < 1 << 20 ? String(format: "%.1f KB", Double(count) / 1024) : String(format: "%.1f MB", Double(count) / 1_048_576)
    }
}
