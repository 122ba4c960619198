/// How serious a diagnostic is. Errors stop a build; warnings do not.
public enum Severity: String, Sendable, Codable, Comparable {
    case warning
    case error

    public static func < (a: Severity, b: Severity) -> Bool {
        a == .warning && b == .error
    }
}
