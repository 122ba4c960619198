import FolioQuiz
import Foundation

/// The group's true rate of one bit (how many missed a question on the first try, say),
/// estimated from randomized reports (``InsightsRule``), with its 95% confidence interval.
///
/// A report's bit is the truth with probability 1 − r/2 and its opposite with r/2, so the
/// share q of reports saying yes is, on average, (1 − r)·π + r/2 for a true rate π. Each
/// report therefore gives the unbiased value (x − r/2)/(1 − r); the estimate is their
/// mean, and its standard error their standard deviation over √n. With one setting r for
/// every report this is π̂ = (q̂ − r/2)/(1 − r), and the interval is
/// π̂ ± 1.96 · √(q̂(1 − q̂)/n) / (1 − r): at r = 0.3 and n = 1,000, about ±0.044 at most.
/// The interval shown is kept within 0 and 1, where every true rate is.
public struct RateEstimate: Sendable, Equatable, Codable {
    /// How many reports the estimate comes from.
    public var count: Int
    /// The estimated rate, kept within 0 and 1.
    public var rate: Double
    /// The 95% confidence interval, kept within 0 and 1.
    public var lower: Double
    public var upper: Double
    /// The estimate and interval before they are kept within 0 and 1.
    public var unclipped: Double
    public var halfWidth: Double

    /// z for a two-sided 95% interval.
    public static let z = 1.959963984540054

    /// The estimate from `bits`, each with the setting it was randomized with; nil when
    /// there are none.
    public init?(_ bits: [(bit: Bool, randomize: Double)]) {
        guard !bits.isEmpty else { return nil }
        let n = Double(bits.count)
        let unbiased = bits.map { (($0.bit ? 1.0 : 0.0) - $0.randomize / 2) / (1 - $0.randomize) }
        let mean = unbiased.reduce(0, +) / n
        let variance = unbiased.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / n
        count = bits.count
        unclipped = mean
        halfWidth = Self.z * (variance / n).squareRoot()
        rate = min(1, max(0, mean))
        lower = min(1, max(0, mean - halfWidth))
        upper = min(1, max(0, mean + halfWidth))
    }

    /// Whether `value` is inside the interval.
    public func covers(_ value: Double) -> Bool { unclipped - halfWidth <= value && value <= unclipped + halfWidth }
}
