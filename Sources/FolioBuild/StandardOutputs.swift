import FolioBundle
import FolioClient
import FolioOutput
import FolioSite

/// The outputs `folio build` writes and `folio serve` shows: the bundle for apps, its
/// archive, the learner's site, and the facilitator's guide. Adding an output to Folio is adding its renderer here
/// (docs/architecture.md, "Adding an output").
public enum StandardOutputs {
    /// The renderers, signing the bundle with `signingKey` at `signedAt` when given; the
    /// facilitator's guide unless `facilitatorGuide` is false (`--no-facilitator-guide`).
    public static func renderers(signingKey: BundleSigningKey? = nil, signedAt: String? = nil, facilitatorGuide: Bool = true) -> [any OutputRenderer] {
        [BundleRenderer(signingKey: signingKey, signedAt: signedAt), BundleArchiveRenderer()]
            + (facilitatorGuide ? [FacilitatorGuideOutput()] : []) + [SiteOutput()]
    }
}
