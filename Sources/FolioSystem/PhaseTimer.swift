import Foundation

/// Measures the phases of a run for `--timings`: where a slow build spends its time, and
/// the process's peak memory at the end of each phase (where it grows), and what it
/// holds then (what the phase left behind).
public final class PhaseTimer: @unchecked Sendable {
    public static let shared = PhaseTimer()
    public var enabled = false
    private var last = DispatchTime.now().uptimeNanoseconds
    private var phases: [(name: String, seconds: Double, peakBytes: Int, residentBytes: Int)] = []

    /// Records the time since the previous mark (or the start) as the phase `name`.
    /// Called from the main thread only, between the parallel parts.
    public func mark(_ name: String) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        phases.append((name, Double(now - last) / 1e9, SystemCalls.peakMemory(), SystemCalls.residentMemory()))
        last = now
    }

    /// Starts over, for a process that builds more than once (`folio serve`).
    public func reset() {
        phases = []
        last = DispatchTime.now().uptimeNanoseconds
    }

    /// One line per phase, in order.
    public var report: String {
        phases.map {
            $0.name.padding(toLength: 10, withPad: " ", startingAt: 0)
                + String(
                    format: "%8.3f s  peak %6.1f MB  now %6.1f MB", $0.seconds, Double($0.peakBytes) / 1_048_576, Double($0.residentBytes) / 1_048_576)
        }
        .joined(separator: "\n") + "\n"
    }
}
