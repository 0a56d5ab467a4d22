import CourierTesting
import Testing

/// Runs a CPU-heavy test on ``DedicatedThreadExecutor/shared`` rather than on the cooperative pool,
/// where its seconds of computing would hold up the servers and sessions of the tests beside it.
public struct OwnThreadTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(DedicatedThreadExecutor.shared) { try await function() }
    }
}

extension Trait where Self == OwnThreadTrait {
    /// The test computes for long enough that it should not hold one of the cooperative pool's threads.
    public static var ownThread: Self { Self() }
}
