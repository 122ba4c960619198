import Foundation

/// The JSON Schema of the bundle's files, as `schema.json` in every bundle (format 1.1
/// on) and at `Sources/FolioModel/bundle.schema.json` in Folio's repository.
public enum BundleSchema {
    /// The schema's path in a bundle's folder.
    public static let path = "schema.json"

    /// The schema's bytes, as shipped with this version.
    public static var data: Data {
        guard let url = Bundle.module.url(forResource: "bundle.schema", withExtension: "json"), let data = try? Data(contentsOf: url) else {
            preconditionFailure("FolioModel's resource bundle.schema.json is missing: the package is incomplete")
        }
        return data
    }
}
