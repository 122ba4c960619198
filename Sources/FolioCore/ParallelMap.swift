import Dispatch

/// Maps over an array on all cores, keeping the order of the results.
public enum ParallelMap {
    public static func run<Input, Output>(_ inputs: [Input], _ transform: (Input) -> Output) -> [Output] {
        guard inputs.count > 1 else { return inputs.map(transform) }
        // Each result is made in its place in the array returned, never copied: copying
        // and then releasing every result was work for one thread after all cores were
        // done (docs/development.md, "Measured guards"). `transform` cannot throw, so
        // every place is filled.
        return [Output](unsafeUninitializedCapacity: inputs.count) { buffer, initializedCount in
            // Each index is written by exactly one iteration, so the writes never overlap.
            nonisolated(unsafe) let places = buffer.baseAddress!
            nonisolated(unsafe) let inputs = inputs
            withoutActuallyEscaping(transform) { transform in
                nonisolated(unsafe) let work = transform
                DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
                    (places + index).initialize(to: work(inputs[index]))
                }
            }
            initializedCount = inputs.count
        }
    }
}

extension ParallelMap {
    /// Like ``run(_:_:)``, each input handed over to `transform` on the thread that
    /// transforms it, which lets it go: letting go of every input on the calling thread
    /// once all cores were done was work for one thread (docs/development.md,
    /// "Measured guards").
    public static func run<Input, Output>(taking inputs: consuming [Input], _ transform: (consuming Input) -> Output) -> [Output] {
        let count = inputs.count
        guard count > 0 else { return [] }
        let handed = UnsafeMutableBufferPointer<Input>.allocate(capacity: count)
        // Every input is moved out below, so there is nothing left to release.
        defer { handed.deallocate() }
        var place = count
        while let input = inputs.popLast() {
            place -= 1
            (handed.baseAddress! + place).initialize(to: input)
        }
        return [Output](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            // Each index is read and written by exactly one iteration.
            nonisolated(unsafe) let places = buffer.baseAddress!
            nonisolated(unsafe) let inputs = handed.baseAddress!
            withoutActuallyEscaping(transform) { transform in
                nonisolated(unsafe) let work = transform
                DispatchQueue.concurrentPerform(iterations: count) { index in
                    (places + index).initialize(to: work((inputs + index).move()))
                }
            }
            initializedCount = count
        }
    }

    /// Like ``run(_:_:)`` for work that can fail; the first error is thrown.
    public static func throwing<Input, Output>(_ inputs: [Input], _ transform: (Input) throws -> Output) throws -> [Output] {
        let results = run(inputs) { input in Result { try transform(input) } }
        return try results.map { try $0.get() }
    }

    public static func forEach<Input>(_ inputs: [Input], _ body: (Input) throws -> Void) throws {
        _ = try throwing(inputs, body)
    }
}

extension Array {
    /// Hands each element to `body` in order, moved out of the array, which is left
    /// empty: going through an array of large values made on all cores with `for ... in`
    /// copied each, and let them all go later, work for one thread (docs/development.md,
    /// "Measured guards").
    ///
    /// Inlinable, and reversed through its buffer, so that the elements are moved, not
    /// copied and let go as a generic swap does them.
    @inlinable package mutating func removeEach(_ body: (consuming Element) throws -> Void) rethrows {
        withUnsafeMutableBufferPointer { $0.reverse() }
        while let element = popLast() { try body(element) }
    }
}
