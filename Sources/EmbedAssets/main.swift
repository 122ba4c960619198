import Foundation

// Writes a Swift file holding the given files, for the EmbedAssetFolder build plugin:
//   EmbedAssets OUTPUT.swift ENUM FOLDER FILE...
// Each FILE is keyed by its path inside FOLDER. Files are stored in base64, which needs
// no escaping whatever a file holds, and decoded once when first used.
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: EmbedAssets OUTPUT.swift ENUM FOLDER FILE...\n".utf8))
    exit(2)
}
let (output, name, folder) = (arguments[0], arguments[1], arguments[2])

/// `text` as a Swift string literal.
func literal(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}

var source = """
    // Made by the EmbedAssetFolder build plugin from \((folder as NSString).lastPathComponent)/; not edited by hand.
    import Foundation

    /// The files of the target's `Assets/` folder, by their path inside it.
    enum \(name) {
        static let files: [String: String] = {
            var files: [String: String] = [:]

    """
for path in arguments.dropFirst(3) {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("EmbedAssets: cannot read \(path)\n".utf8))
        exit(1)
    }
    let key = path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : (path as NSString).lastPathComponent
    source += "        files[\(literal(key))] = String(decoding: Data(base64Encoded: \"\(data.base64EncodedString())\")!, as: UTF8.self)\n"
}
source += """
            return files
        }()
    }

    """
do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
} catch {
    FileHandle.standardError.write(Data("EmbedAssets: cannot write \(output): \(error)\n".utf8))
    exit(1)
}
