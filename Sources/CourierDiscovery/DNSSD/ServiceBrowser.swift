/// A running browse. Read ``events`` (the book's delegate callbacks), ``linkEvents`` (per interface, as
/// `avahi-browse` prints) or ``snapshots`` (the current set whenever `moreComing` is false); ``stop()`` ends all.
///
/// Each stream has one reader and holds up to 4096 events for it. A reader that falls further behind does not lose
/// the oldest events: they are replaced by a fresh snapshot, the `removed` and `found` events that take it from
/// what it has read to the current set (the last with `moreComing: false`), and later events follow.
public final class ServiceBrowser: Sendable {
    /// Found and removed instances, starting with `.willSearch` and ending with `.didStop`.
    public let events: AsyncStream<BrowseEvent>
    /// The same changes per interface and IP version; a slow reader gets a fresh snapshot per interface.
    public let linkEvents: AsyncStream<LinkBrowseEvent>
    /// The whole set of instances after each batch of changes; a slow reader gets the newest.
    public let snapshots: AsyncStream<Set<ServiceIdentity>>
    private let onStop: @Sendable () async -> Void

    init(
        events: AsyncStream<BrowseEvent>, linkEvents: AsyncStream<LinkBrowseEvent>,
        snapshots: AsyncStream<Set<ServiceIdentity>>, onStop: @escaping @Sendable () async -> Void
    ) {
        self.events = events
        self.linkEvents = linkEvents
        self.snapshots = snapshots
        self.onStop = onStop
    }

    /// Stops the queries and finishes the streams.
    public func stop() async {
        await onStop()
    }
}
