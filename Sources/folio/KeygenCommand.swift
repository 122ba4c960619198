import ArgumentParser
import FolioClient
import Foundation

/// `folio keygen`: makes the key pair that signs bundles.
struct KeygenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Make a key to sign bundles with, and print the public key apps pin.",
        discussion: """
            Writes the private key to <key-file>, readable by you only, and the public key
            to <key-file>.pub, and prints the public key. Build with
            `folio build --sign <key-file>`; give the public key to the app's developers,
            who build it into the app so that it accepts only bundles you signed.

            Keep the key file secret and out of the content folder, the output folder and
            version control: `folio build` refuses a key inside either folder. If it is
            lost, make a new one and ship an app that trusts the new public key.

            Exit codes: 0 written, 2 the file exists already or cannot be written.

            Examples:
              folio keygen keys/program.key       then: folio build --sign keys/program.key
            """)

    @Argument(help: ArgumentHelp("Where to write the private key.", valueName: "key-file"))
    var keyFile: String

    func run() throws {
        let manager = FileManager.default
        for path in [keyFile, keyFile + ".pub"] where manager.fileExists(atPath: path) {
            throw CommandFailure(
                "`\(path)` exists already; a key is never overwritten (bundles signed with it would no longer verify): choose another name, or remove it yourself"
            )
        }
        let parent = URL(fileURLWithPath: keyFile).deletingLastPathComponent()
        do {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CommandFailure("cannot make the folder `\(parent.path)`: \(error.localizedDescription)")
        }
        let key = BundleSigningKey()
        // Made readable by its owner only before the secret is written into it.
        guard manager.createFile(atPath: keyFile, contents: nil, attributes: [.posixPermissions: 0o600]),
            let handle = FileHandle(forWritingAtPath: keyFile)
        else { throw CommandFailure("cannot write `\(keyFile)`") }
        try handle.write(contentsOf: Data(key.fileText.utf8))
        try handle.close()
        guard manager.createFile(atPath: keyFile + ".pub", contents: Data((key.publicKey.base64 + "\n").utf8)) else {
            throw CommandFailure("cannot write `\(keyFile).pub`")
        }
        print(key.publicKey.base64)
        FileHandle.standardError.write(
            Data(
                """
                wrote the private key to \(keyFile) (keep it secret) and the public key to \(keyFile).pub;
                sign with `folio build --sign \(keyFile)`, and pin the public key above in the app

                """.utf8))
    }
}
