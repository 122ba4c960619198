import Foundation

// Writes a Swift file holding the given files, for the EmbedSiteAssets build plugin:
//   EmbedAssets OUTPUT.swift FILE...
// Each file is stored in base64, which needs no escaping whatever the file holds, and
// decoded once when first used.
let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: EmbedAssets OUTPUT.swift FILE...\n".utf8))
    exit(2)
}
var source = """
    // Made by the EmbedSiteAssets build plugin from Sources/FolioSite/Assets; not edited by hand.
    import Foundation

    /// The site's scripts and stylesheet, by file name.
    enum SiteAssets {
        static let files: [String: String] = {
            var files: [String: String] = [:]

    """
for path in arguments.dropFirst() {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("EmbedAssets: cannot read \(path)\n".utf8))
        exit(1)
    }
    let name = (path as NSString).lastPathComponent
    source += "        files[\"\(name)\"] = String(decoding: Data(base64Encoded: \"\(data.base64EncodedString())\")!, as: UTF8.self)\n"
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
