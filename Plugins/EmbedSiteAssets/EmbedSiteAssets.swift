import Foundation
import PackagePlugin

/// Embeds the files of a target's `Assets/` folder (the site's scripts and stylesheet)
/// in its code, so that `folio` carries them wherever it is copied, while they stay real
/// files that Node.js and the browser tests read as they are.
@main
struct EmbedSiteAssets: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = target.directoryURL.appendingPathComponent("Assets")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        let inputs = names.map { folder.appendingPathComponent($0) }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("SiteAssets.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(names.count) site assets",
                executable: try context.tool(named: "EmbedAssets").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
