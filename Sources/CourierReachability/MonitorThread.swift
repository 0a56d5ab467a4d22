import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A dedicated thread for a blocking watch (a netlink socket, a polling loop), stopped through a pipe.
///
/// Blocking calls must not run on Swift's cooperative pool; a thread of its own also lets the watch join
/// another network namespace (`setns` changes only the calling thread).
enum MonitorThread {
    /// Runs `body` on a new thread with the read end of a stop pipe; the returned closure stops it.
    static func start(
        name: String, networkNamespace: String?, body: @escaping @Sendable (_ stopSignal: Int32) throws -> Void,
        onExit: @escaping @Sendable ((any Error)?) -> Void
    ) -> @Sendable () -> Void {
        let pipe: StopPipe
        do {
            pipe = try StopPipe()
        } catch {
            onExit(error)
            return {}
        }
        let thread = Thread {
            var failure: (any Error)?
            do {
                if let networkNamespace { try NetworkNamespace.join(networkNamespace) }
                try body(pipe.readEnd)
            } catch {
                failure = error
            }
            pipe.close()
            onExit(failure)
        }
        thread.name = name
        thread.start()
        return { pipe.signal() }
    }

    /// Waits until `descriptor` is readable (`true`), the stop pipe is signalled (`false`), or
    /// `timeout` seconds pass (`nil` when `timeout` is given and nothing happened).
    static func wait(for descriptor: Int32?, stopSignal: Int32, timeout: TimeInterval?) throws -> Bool? {
        var descriptors = [pollfd(fd: stopSignal, events: Int16(POLLIN), revents: 0)]
        if let descriptor { descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
        let milliseconds = timeout.map { Int32(min(max(0, $0 * 1000), Double(Int32.max))) } ?? -1
        while true {
            let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                throw ReachabilityError.posix("poll", errno)
            }
            if ready == 0 { return nil }
            if descriptors[0].revents != 0 { return false }
            return true
        }
    }
}

/// A pipe whose write end stops a monitor thread; closed exactly once, signalled safely afterwards.
private final class StopPipe: Sendable {
    private let descriptors: Mutex<(read: Int32, write: Int32)?>
    let readEnd: Int32

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw ReachabilityError.posix("pipe", errno) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
        descriptors = Mutex((ends[0], ends[1]))
        readEnd = ends[0]
    }

    func signal() {
        descriptors.withLock { ends in
            guard let ends else { return }
            var byte: UInt8 = 1
            _ = write(ends.write, &byte, 1)
        }
    }

    func close() {
        descriptors.withLock { ends in
            guard let open = ends else { return }
            closeDescriptor(open.read)
            closeDescriptor(open.write)
            ends = nil
        }
    }
}

/// Joining another network namespace with `setns(2)` (looked up at run time: Glibc's Swift module does
/// not export it).
enum NetworkNamespace {
    static let cloneNewNet: Int32 = 0x4000_0000

    /// Moves the calling thread into the namespace at `path` (`/var/run/netns/NAME`, `/proc/PID/ns/net`).
    static func join(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ReachabilityError.posix("open \(path)", errno) }
        defer { closeDescriptor(descriptor) }
        guard let symbol = dlsym(nil, "setns") else {
            throw ReachabilityError(.unsupported, message: "this C library has no setns(2)")
        }
        typealias SetNamespace = @convention(c) (Int32, Int32) -> Int32
        let setNamespace = unsafeBitCast(symbol, to: SetNamespace.self)
        guard setNamespace(descriptor, cloneNewNet) == 0 else { throw ReachabilityError.posix("setns \(path)", errno) }
    }
}

/// `close(2)`, callable from types that have a `close()` of their own.
func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
