import Foundation
import PackagePlugin

/// Embeds every file under a target's `Assets/` folder in its code, so that `folio`
/// carries them wherever it is copied, while they stay real files that editors, Node.js
/// and the tests read as they are.
///
/// The generated enum is named after the target without its `Folio` prefix (`FolioSite`
/// gets `SiteAssets`, `FolioAuthoring` gets `AuthoringAssets`); its `files` are keyed by
/// the path inside `Assets/` (`site.css`, `Starter/welcome.md`).
@main
struct EmbedAssetFolder: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = target.directoryURL.appendingPathComponent("Assets")
        let paths = try Self.files(under: folder, relativeTo: "")
        let name = (target.name.hasPrefix("Folio") ? String(target.name.dropFirst("Folio".count)) : target.name) + "Assets"
        let inputs = paths.map { folder.appendingPathComponent($0) }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(name).swift")
        return [
            .buildCommand(
                displayName: "Embedding \(paths.count) files of \(target.name)/Assets",
                executable: try context.tool(named: "EmbedAssets").url,
                arguments: [output.path, name, folder.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }

    /// The paths of the files under `folder`, sorted, hidden files and folders left out.
    static func files(under folder: URL, relativeTo prefix: String) throws -> [String] {
        var paths: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where !name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            if isDirectory.boolValue {
                paths += try files(under: url, relativeTo: prefix + name + "/")
            } else {
                paths.append(prefix + name)
            }
        }
        return paths
    }
}
