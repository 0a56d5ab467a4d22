import NIOCore
import Synchronization

/// What a running test server shares between its connections and its owner: open connections, counts and
/// the request log. Every access goes through one `Mutex`.
final class TestServerState: Sendable {
    private struct Inner {
        var acceptedConnections = 0
        var openConnections: [ObjectIdentifier: any Channel] = [:]
        var requests: [TestServer.Request] = []
        var isShuttingDown = false
    }

    private let inner = Mutex(Inner())

    /// Registers a newly accepted connection and returns its index, or `nil` (after closing it) when the
    /// server is shutting down. The connection unregisters itself when it closes.
    func register(_ channel: any Channel) -> Int? {
        let index: Int? = self.inner.withLock { inner in
            if inner.isShuttingDown {
                return nil
            }
            defer { inner.acceptedConnections += 1 }
            inner.openConnections[ObjectIdentifier(channel)] = channel
            return inner.acceptedConnections
        }
        guard let index else {
            channel.close(promise: nil)
            return nil
        }
        let identifier = ObjectIdentifier(channel)
        channel.closeFuture.whenComplete { _ in
            _ = self.inner.withLock { $0.openConnections.removeValue(forKey: identifier) }
        }
        return index
    }

    func record(_ request: TestServer.Request) {
        self.inner.withLock { $0.requests.append(request) }
    }

    var recordedRequests: [TestServer.Request] {
        self.inner.withLock { $0.requests }
    }

    var connectionCount: Int {
        self.inner.withLock { $0.acceptedConnections }
    }

    /// Refuses further connections and closes every open one.
    func closeAllConnections() {
        let open = self.inner.withLock { inner in
            inner.isShuttingDown = true
            return Array(inner.openConnections.values)
        }
        for channel in open {
            channel.close(promise: nil)
        }
    }
}
