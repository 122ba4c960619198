import Dispatch

/// Maps over an array on all cores, keeping the order of the results.
public enum ParallelMap {
    public static func run<Input, Output>(_ inputs: [Input], _ transform: (Input) -> Output) -> [Output] {
        guard inputs.count > 1 else { return inputs.map(transform) }
        let results = UnsafeMutableBufferPointer<Output?>.allocate(capacity: inputs.count)
        results.initialize(repeating: nil)
        // The results are copied out below; each must be released before the memory is.
        defer {
            results.deinitialize()
            results.deallocate()
        }
        // Each index is written by exactly one iteration, so the writes never overlap.
        nonisolated(unsafe) let shared = results
        nonisolated(unsafe) let inputs = inputs
        withoutActuallyEscaping(transform) { transform in
            nonisolated(unsafe) let work = transform
            DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
                shared[index] = work(inputs[index])
            }
        }
        return results.map { $0! }
    }
}

extension ParallelMap {
    /// Like ``run(_:_:)`` for work that can fail; the first error is thrown.
    public static func throwing<Input, Output>(_ inputs: [Input], _ transform: (Input) throws -> Output) throws -> [Output] {
        let results = run(inputs) { input in Result { try transform(input) } }
        return try results.map { try $0.get() }
    }

    public static func forEach<Input>(_ inputs: [Input], _ body: (Input) throws -> Void) throws {
        _ = try throwing(inputs, body)
    }
}
