import Dispatch

/// A value made on another thread while this one goes on; ``value`` waits for it.
package final class MadeBeside<Value: Sendable>: @unchecked Sendable {
    // Written by the other thread before it leaves `finished`, read only after waiting.
    private var made: Value?
    private let finished = DispatchGroup()

    package init(_ make: @escaping @Sendable () -> Value) {
        finished.enter()
        DispatchQueue.global().async {
            self.made = make()
            self.finished.leave()
        }
    }

    package var value: Value {
        finished.wait()
        return made!
    }
}
