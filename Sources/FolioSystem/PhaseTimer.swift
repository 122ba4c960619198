import Foundation

/// Measures the phases of a run for `--timings`: where a slow build spends its time, the
/// processor time it used on all threads (against the time, how many cores were busy),
/// the process's peak memory at the end of each phase (where it grows), and what it holds
/// then (what the phase left behind).
public final class PhaseTimer: @unchecked Sendable {
    public static let shared = PhaseTimer()
    public var enabled = false
    private var last = DispatchTime.now().uptimeNanoseconds
    private var lastProcessor = SystemCalls.processorSeconds()
    private var phases: [(name: String, seconds: Double, processor: Double, peakBytes: Int, residentBytes: Int)] = []

    /// Records the time since the previous mark (or the start) as the phase `name`.
    /// Called from the main thread only, between the parallel parts.
    public func mark(_ name: String) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        let processor = SystemCalls.processorSeconds()
        phases.append((name, Double(now - last) / 1e9, processor - lastProcessor, SystemCalls.peakMemory(), SystemCalls.residentMemory()))
        last = now
        lastProcessor = processor
    }

    /// Starts over, for a process that builds more than once (`folio serve`).
    public func reset() {
        phases = []
        last = DispatchTime.now().uptimeNanoseconds
        lastProcessor = SystemCalls.processorSeconds()
    }

    /// One line per phase, in order.
    public var report: String {
        phases.map {
            $0.name.padding(toLength: 10, withPad: " ", startingAt: 0)
                + String(
                    format: "%8.3f s  cpu %7.3f s  peak %6.1f MB  now %6.1f MB", $0.seconds, $0.processor, Double($0.peakBytes) / 1_048_576,
                    Double($0.residentBytes) / 1_048_576)
        }
        .joined(separator: "\n") + "\n"
    }
}
