import NIOCore

extension NIOLoopBound {
    /// Runs `body` with the value on its event loop: at once when called on that loop, else as a task
    /// enqueued there.
    func runOnLoop(_ body: @escaping @Sendable (Value) -> Void) {
        if eventLoop.inEventLoop {
            body(value)
        } else {
            eventLoop.execute { body(self.value) }
        }
    }
}
