/// Waiting for an event with a time limit, as the discovery and peers commands and the tour do.
enum FirstEvent {
    /// What `pick` makes of the first event of `events` it accepts (returns non-`nil` for), or `nil` when the stream
    /// ends, `timeout` passes or the task is cancelled first. The stream's consumer is cancelled when this returns.
    static func first<Event: Sendable, Value: Sendable>(
        in events: AsyncStream<Event>, within timeout: Duration, _ pick: @escaping @Sendable (Event) -> Value?
    ) async -> Value? {
        await withTaskGroup(of: Value?.self) { group in
            group.addTask {
                for await event in events {
                    if let value = pick(event) { return value }
                }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
