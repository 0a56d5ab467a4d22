import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The warehouse client on BSD sockets (the book's listing 8-2): `getaddrinfo`, `socket`, `connect`,
/// `recv` in 1 024-byte chunks until the server closes, `close`.
///
/// The calls block, so they run on NIO's blocking thread pool, never on the caller's executor.
/// `getaddrinfo` replaces the book's `gethostbyname`, which is obsolete and IPv4-only.
public struct POSIXWarehouseClient: WarehouseClient {
    /// The server's host name or address.
    public let host: String
    /// The server's port.
    public let port: Int
    /// How long the connect, and then each `recv`, may wait.
    public let timeout: Duration

    /// Creates a client.
    public init(host: String, port: Int, timeout: Duration = .seconds(10)) {
        self.host = host
        self.port = port
        self.timeout = timeout
    }

    /// Connects, reads until the server closes and parses.
    ///
    /// - Throws: ``WarehouseError`` with the book's message for each failure.
    public func loadStatus() async throws(WarehouseError) -> WarehouseStatus {
        let client = self
        let result: Result<WarehouseStatus, WarehouseError>
        do {
            result = try await NIOThreadPool.singleton.runIfActive { client.loadBlocking() }
        } catch {
            throw .cannotAllocateResources
        }
        return try result.get()
    }

    /// The blocking body, on a pool thread.
    private func loadBlocking() -> Result<WarehouseStatus, WarehouseError> {
        let descriptor: Int32
        switch connectToFirstAddress() {
        case .success(let connected): descriptor = connected
        case .failure(let error): return .failure(error)
        }
        defer { close(descriptor) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while received.count <= WarehouseStatus.maximumResponseLength {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received.append(contentsOf: buffer[0..<count])
            } else if count == 0 {
                break
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                return .failure(received.isEmpty ? .cannotRead : .unexpectedReadError)
            } else {
                return .failure(.unexpectedReadError)
            }
        }
        guard !received.isEmpty else { return .failure(.cannotRead) }
        return Result { () throws(WarehouseError) in try WarehouseStatus(parsing: received) }
    }

    /// Resolves the host and connects to the first address that accepts, IPv6 or IPv4.
    private func connectToFirstAddress() -> Result<Int32, WarehouseError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Self.streamType
        var list: UnsafeMutablePointer<addrinfo>? = nil
        guard (0...65535).contains(port), getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            return .failure(.cannotResolveHost)
        }
        defer { freeaddrinfo(first) }
        var failure = WarehouseError.cannotConnect
        var current: UnsafeMutablePointer<addrinfo>? = first
        var attempts = 0
        while let info = current, attempts < 16 {
            attempts += 1
            current = info.pointee.ai_next
            // Close-on-exec, so a process spawned meanwhile does not inherit (and hold open) the socket.
            let descriptor = socket(
                info.pointee.ai_family,
                info.pointee.ai_socktype | Self.closeOnExec,
                info.pointee.ai_protocol
            )
            guard descriptor >= 0 else {
                failure = .cannotAllocateResources
                continue
            }
            if connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen, timeout: timeout) {
                setReceiveTimeout(descriptor)
                return .success(descriptor)
            }
            failure = .cannotConnect
            close(descriptor)
        }
        return .failure(failure)
    }

    /// `connect` with a deadline: non-blocking connect, `poll` for writability, then `SO_ERROR`.
    private func connect(
        _ descriptor: Int32,
        _ address: UnsafeMutablePointer<sockaddr>?,
        _ length: socklen_t,
        timeout: Duration
    ) -> Bool {
        let flags = fcntl(descriptor, F_GETFL, 0)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else { return false }
        defer { _ = fcntl(descriptor, F_SETFL, flags) }
        #if canImport(Glibc)
            let result = Glibc.connect(descriptor, address, length)
        #else
            let result = Darwin.connect(descriptor, address, length)
        #endif
        if result == 0 { return true }
        guard errno == EINPROGRESS else { return false }
        var target = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        let milliseconds = Int32(
            clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        var ready: Int32
        repeat {
            ready = poll(&target, 1, milliseconds)
        } while ready < 0 && errno == EINTR
        guard ready == 1 else { return false }
        var socketError: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &socketError, &size) == 0 else { return false }
        return socketError == 0
    }

    /// Makes a silent server fail the read instead of blocking for ever.
    private func setReceiveTimeout(_ descriptor: Int32) {
        let (seconds, attoseconds) = timeout.components
        var value = timeval(tv_sec: .init(seconds), tv_usec: .init(attoseconds / 1_000_000_000_000))
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    #if canImport(Glibc)
        private static let streamType = Int32(SOCK_STREAM.rawValue)
        private static let closeOnExec = Int32(SOCK_CLOEXEC.rawValue)
    #else
        private static let streamType = SOCK_STREAM
        private static let closeOnExec: Int32 = 0
    #endif
}
