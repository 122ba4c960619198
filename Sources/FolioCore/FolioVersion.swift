/// The one version of Folio: `folio --version`, the `generator` of every bundle's
/// manifest and the `tool` of every JSON document the command line prints. CHANGELOG.md's
/// newest entry names it too (a test checks the two agree).
public enum FolioVersion {
    /// Semantic versioning: the minor number rises for additions a program written for
    /// an earlier 1.x still builds with (CHANGELOG.md names any mistake that became an
    /// error, with its fix), the major number for a change that needs programs rewritten.
    public static let current = "1.1.0"

    /// How a bundle's manifest names the tool that wrote it.
    public static var generator: String { "folio \(current)" }

    /// The version of the JSON documents `--format json` prints (docs/machine-output.md);
    /// raised only when a field is removed or changes its meaning.
    public static let machineOutputFormatVersion = 1
}
