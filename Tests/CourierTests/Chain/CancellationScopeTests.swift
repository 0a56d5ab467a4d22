import Synchronization
import Testing

@testable import Courier

/// The scope keeps its first handler inline and the rest in a list: cancelling must still reach every linked
/// scope that is linked at that moment, innermost first, and none that was unlinked.
@Suite struct CancellationScopeTests {
    @Test func cancellingRunsTheHandlersOfTheWaitsInProgressInnermostFirst() async {
        let scope = CancellationScope()
        let order = Recorder()
        await CancellationScope.withCancellationHandler(scope) {
            await CancellationScope.withCancellationHandler(scope) {
                await CancellationScope.withCancellationHandler(scope) {
                    scope.cancel()
                } onCancel: {
                    order.append(2)
                }
            } onCancel: {
                order.append(1)
            }
        } onCancel: {
            order.append(0)
        }
        #expect(order.values == [2, 1, 0])
    }

    @Test func anUnlinkedScopeIsNotCancelledWhereverItSat() {
        for removed in 0..<3 {
            let parent = CancellationScope()
            let children = (0..<3).map { _ in CancellationScope() }
            let ids = children.map { parent.link($0) }
            parent.unlink(ids[removed])
            parent.cancel()
            for (index, child) in children.enumerated() {
                #expect(child.isCancelled == (index != removed), "removed \(removed), child \(index)")
            }
        }
    }

    @Test func aSlotFreedByUnlinkingIsUsedAgain() {
        let parent = CancellationScope()
        let first = CancellationScope()
        let second = CancellationScope()
        parent.unlink(parent.link(first))
        parent.unlink(parent.link(second))
        let third = CancellationScope()
        _ = parent.link(third)
        parent.cancel()
        #expect(!first.isCancelled)
        #expect(!second.isCancelled)
        #expect(third.isCancelled)
    }

    @Test func linkingToACancelledScopeCancelsAtOnceAndRegistersNothing() {
        let parent = CancellationScope()
        parent.cancel()
        let child = CancellationScope()
        #expect(parent.link(child) == nil)
        #expect(child.isCancelled)
        parent.cancel()  // a second cancel finds nothing to run
    }

    @Test func aWaitEndsWhenItsScopeIsCancelledAndLeavesNoHandlerBehind() async {
        let scope = CancellationScope()
        let calls = Atomic<Int>(0)
        let value = await CancellationScope.withCancellationHandler(scope) {
            42
        } onCancel: {
            calls.add(1, ordering: .relaxed)
        }
        #expect(value == 42)
        scope.cancel()
        let count = calls.load(ordering: .relaxed)
        #expect(count == 0)
    }

    private final class Recorder: Sendable {
        private let storage = Mutex<[Int]>([])
        func append(_ value: Int) { storage.withLock { $0.append(value) } }
        var values: [Int] { storage.withLock { $0 } }
    }
}
