import Crypto
import Foundation

/// `manifest.sig`: an Ed25519 signature over the exact bytes of `manifest.json`. The
/// manifest lists the SHA-256 of every other file, so the signature covers them all.
///
/// ```json
/// {"algorithm":"ed25519","publicKey":"<base64, 32 bytes>","signature":"<base64, 64 bytes>"}
/// ```
///
/// `publicKey` names the key that signed, so an app can say which key it met; it is not
/// trusted for that: only the keys the app pins are (``BundleTrust``).
public struct BundleSignature: Codable, Sendable, Hashable {
    /// The only signature algorithm Folio writes and reads.
    public static let algorithm = "ed25519"
    /// The signature's algorithm as the file names it; a file naming another is refused.
    public var algorithm: String
    /// The signing key's public half, in base64: which key signed, for messages only.
    public var publicKey: String
    /// The 64-byte Ed25519 signature over `manifest.json`'s bytes, in base64.
    public var signature: String

    /// A signature made with the key whose public half is `publicKey`.
    public init(publicKey: BundlePublicKey, signature: Data) {
        algorithm = Self.algorithm
        self.publicKey = publicKey.base64
        self.signature = signature.base64EncodedString()
    }

    /// Reads `manifest.sig`'s bytes, refusing a file that is not a Folio signature or names
    /// another algorithm.
    public static func read(_ data: Data) throws -> BundleSignature {
        guard let signature = try? JSONDecoder().decode(BundleSignature.self, from: data) else {
            throw BundleProblem.badSignature("manifest.sig is not a Folio signature")
        }
        guard signature.algorithm == algorithm else {
            throw BundleProblem.badSignature("manifest.sig uses `\(signature.algorithm)`, not `\(algorithm)`")
        }
        return signature
    }

    /// `date` as a manifest's `signedAt`: UTC, to the second (`2026-11-27T18:00:00Z`).
    /// Timestamps of this one form sort as their times do.
    public static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// The file's bytes: compact JSON with sorted keys and a final newline.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(self)) ?? Data()) + Data("\n".utf8)
    }

    /// Whether this signature is one of the trusted keys' over `manifest`.
    public func verify(_ manifest: Data, trusting keys: [BundlePublicKey]) throws {
        guard let bytes = Data(base64Encoded: signature), bytes.count == 64 else {
            throw BundleProblem.badSignature("the signature is not 64 bytes of base64")
        }
        guard let key = keys.first(where: { $0.base64 == publicKey }) else {
            throw BundleProblem.badSignature("it was made by the key \(publicKey), which this app does not trust")
        }
        guard key.key.isValidSignature(bytes, for: manifest) else {
            throw BundleProblem.badSignature("it does not match manifest.json: the manifest was changed after signing")
        }
    }
}

/// A public key an app pins: the base64 text `folio keygen` prints.
public struct BundlePublicKey: Sendable, Hashable {
    let key: Curve25519.Signing.PublicKey
    /// The key's 32 bytes in base64, as `folio keygen` prints them.
    public let base64: String

    /// Reads a public key from the base64 text `folio keygen` printed; spaces and line
    /// breaks around it are ignored.
    public init(base64 text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let raw = Data(base64Encoded: trimmed), let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw) else {
            throw BundleProblem.badKey("`\(trimmed.prefix(60))` is not an Ed25519 public key in base64 (32 bytes), as `folio keygen` prints it")
        }
        self.key = key
        base64 = raw.base64EncodedString()
    }

    init(_ key: Curve25519.Signing.PublicKey) {
        self.key = key
        base64 = key.rawRepresentation.base64EncodedString()
    }

    /// Two keys are the same when their bytes are.
    public static func == (a: Self, b: Self) -> Bool { a.base64 == b.base64 }
    /// Hashes the key's bytes.
    public func hash(into hasher: inout Hasher) { hasher.combine(base64) }
}

/// A private key that signs bundles (`folio keygen`, `folio build --sign`). Only the
/// build side holds one; apps hold public keys.
public struct BundleSigningKey: Sendable {
    let key: Curve25519.Signing.PrivateKey

    /// A new random signing key.
    public init() { key = Curve25519.Signing.PrivateKey() }

    /// Reads a key file: a comment line or more, then `private-key: <base64>`.
    public init(file text: String) throws {
        let line = text.split(whereSeparator: \.isNewline).first { $0.hasPrefix("private-key:") }
        guard let line, let raw = Data(base64Encoded: line.dropFirst("private-key:".count).trimmingCharacters(in: .whitespaces)),
            let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw)
        else { throw BundleProblem.badKey("this is not a Folio signing key file (made by `folio keygen`)") }
        self.key = key
    }

    /// The public half of this key: what apps pin to trust the bundles it signs.
    public var publicKey: BundlePublicKey { BundlePublicKey(key.publicKey) }

    /// The key file's text.
    public var fileText: String {
        """
        # Folio signing key (Ed25519). Keep it secret: whoever holds it can publish bundles
        # the apps trust. Keep it out of the content folder, the output and version control.
        private-key: \(key.rawRepresentation.base64EncodedString())
        public-key: \(publicKey.base64)

        """
    }

    /// The signature file for `manifest`, the exact bytes written as `manifest.json`.
    public func sign(_ manifest: Data) throws -> BundleSignature {
        BundleSignature(publicKey: publicKey, signature: try key.signature(for: manifest))
    }
}

/// Which bundles an app accepts.
public enum BundleTrust: Sendable, Hashable {
    /// Any bundle whose files match its manifest.
    case unsigned
    /// Only bundles whose manifest one of these keys signed.
    case signed(by: [BundlePublicKey])

    /// Checks the signature (if asked for) over the manifest's bytes.
    public func check(manifest: Data, signature: Data?) throws {
        guard case .signed(let keys) = self else { return }
        guard let signature else { throw BundleProblem.unsigned }
        try BundleSignature.read(signature).verify(manifest, trusting: keys)
    }
}
