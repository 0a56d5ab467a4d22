/// A session's view of ``PeerSessionConfiguration/clock``: time elapsed since the session was made, and sleeping,
/// with the clock's own type hidden so the session need not be generic over it.
struct SessionClock: Sendable {
    /// Time since this value was made, on the clock.
    let elapsed: @Sendable () -> Duration
    /// Sleeps for a duration of the clock's time.
    let sleep: @Sendable (Duration) async throws -> Void

    init(_ clock: some Clock<Duration>) {
        let start = clock.now
        elapsed = { start.duration(to: clock.now) }
        sleep = { duration in try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil) }
    }
}
