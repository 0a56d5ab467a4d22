import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Interface changes from the Linux kernel: an rtnetlink socket subscribed to the link and IPv4/IPv6
/// address groups (`RTMGRP_LINK`, `RTMGRP_IPV4_IFADDR`, `RTMGRP_IPV6_IFADDR`), read on a thread of its
/// own. It first dumps the current links and addresses, then reports each change as the kernel sends it.
/// When the kernel drops messages (`ENOBUFS`) it starts over with a fresh dump.
///
/// ```swift
/// let reachability = Reachability(source: NetlinkRouteSource())
/// // Watch another network namespace (needs CAP_SYS_ADMIN):
/// let inside = Reachability(source: NetlinkRouteSource(networkNamespace: "/var/run/netns/lab"))
/// ```
public struct NetlinkRouteSource: NetworkChangeSource {
    /// A network namespace to watch instead of the process's (`/var/run/netns/NAME` or
    /// `/proc/PID/ns/net`); the source's thread joins it before it opens the socket.
    public var networkNamespace: String?

    /// Creates a source for the process's network namespace, or for `networkNamespace`.
    public init(networkNamespace: String? = nil) {
        self.networkNamespace = networkNamespace
    }

    /// Listens on a netlink route socket and yields a change for every link or address message the kernel
    /// sends; the stream ends with the error when the socket fails.
    public func changes() -> AsyncThrowingStream<NetworkChangeEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: NetworkChangeEvent.self, bufferingPolicy: .unbounded)
        let stop = MonitorThread.start(
            name: "courier.reachability.netlink", networkNamespace: networkNamespace,
            body: { stopSignal in try Self.watch(stopSignal: stopSignal, continuation: continuation) },
            onExit: { error in continuation.finish(throwing: error) })
        continuation.onTermination = { _ in stop() }
        return stream
    }

    #if os(Linux)
        private static func watch(
            stopSignal: Int32, continuation: AsyncThrowingStream<NetworkChangeEvent, any Error>.Continuation
        ) throws {
            let socket = try NetlinkSocket(
                groups: NetlinkMessage.groupLink | NetlinkMessage.groupIPv4Address | NetlinkMessage.groupIPv6Address)
            defer { socket.close() }

            enum Dump {
                case links(UInt32)
                case addresses(UInt32)
            }
            var sequence: UInt32 = 0
            func request(_ type: UInt16) throws -> UInt32 {
                sequence &+= 1
                try socket.send(NetlinkMessage.dumpRequest(type: type, sequence: sequence))
                return sequence
            }
            var dump: Dump? = .links(try request(NetlinkMessage.typeGetLink))
            var startOverAfterDump = false
            var buffer = [UInt8](repeating: 0, count: 256 * 1024)

            while true {
                guard try MonitorThread.wait(for: socket.descriptor, stopSignal: stopSignal, timeout: nil) == true
                else { return }
                let received: Int
                do {
                    received = try socket.receive(into: &buffer)
                } catch is NetlinkSocket.Overrun {
                    // The kernel dropped messages: what we know may be stale. Start over.
                    if dump == nil {
                        continuation.yield(.reset)
                        dump = .links(try request(NetlinkMessage.typeGetLink))
                    } else {
                        startOverAfterDump = true
                    }
                    continue
                }
                guard received > 0 else { continue }
                let datagram = Array(buffer[0..<received])
                continuation.yield(.netlinkMessages(datagram))
                for message in NetlinkMessage.parse(datagram) {
                    switch (message, dump) {
                    case (.done(let done), .links(let expected)?) where done == expected:
                        dump = .addresses(try request(NetlinkMessage.typeGetAddress))
                    case (.done(let done), .addresses(let expected)?) where done == expected:
                        if startOverAfterDump {
                            startOverAfterDump = false
                            continuation.yield(.reset)
                            dump = .links(try request(NetlinkMessage.typeGetLink))
                        } else {
                            dump = nil
                            continuation.yield(.synchronized)
                        }
                    case (.error(let failed, let code), .links(let expected)?) where failed == expected && code != 0,
                        (.error(let failed, let code), .addresses(let expected)?) where failed == expected && code != 0:
                        throw ReachabilityError.posix("the rtnetlink dump", -code)
                    default:
                        break
                    }
                }
            }
        }
    #else
        private static func watch(
            stopSignal: Int32, continuation: AsyncThrowingStream<NetworkChangeEvent, any Error>.Continuation
        ) throws {
            throw ReachabilityError(.unsupported, message: "rtnetlink exists only on Linux")
        }
    #endif
}

#if os(Linux)
    /// An `AF_NETLINK`/`NETLINK_ROUTE` socket bound to multicast groups.
    private struct NetlinkSocket {
        /// The kernel dropped messages for this socket (`ENOBUFS`).
        struct Overrun: Error {}

        let descriptor: Int32

        init(groups: UInt32) throws {
            let descriptor = socket(AF_NETLINK, Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { throw ReachabilityError.posix("socket(AF_NETLINK)", errno) }
            var receiveBuffer: Int32 = 1 << 20
            _ = setsockopt(
                descriptor, SOL_SOCKET, SO_RCVBUF, &receiveBuffer, socklen_t(MemoryLayout<Int32>.size))
            // struct sockaddr_nl { sa_family_t nl_family; unsigned short nl_pad; __u32 nl_pid; __u32 nl_groups; }
            let bound = Self.withAddress(groups: groups) { address, length in bind(descriptor, address, length) }
            guard bound == 0 else {
                let code = errno
                closeDescriptor(descriptor)
                throw ReachabilityError.posix("bind(AF_NETLINK)", code)
            }
            self.descriptor = descriptor
        }

        static func withAddress<Result>(
            groups: UInt32, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
        ) -> Result {
            var bytes: [UInt8] = []
            NetlinkMessage.appendNative(UInt16(AF_NETLINK), to: &bytes)
            NetlinkMessage.appendNative(UInt16(0), to: &bytes)
            NetlinkMessage.appendNative(UInt32(0), to: &bytes)
            NetlinkMessage.appendNative(groups, to: &bytes)
            return withUnsafeTemporaryAllocation(byteCount: 16, alignment: 8) { raw in
                raw.initializeMemory(as: UInt8.self, repeating: 0)
                raw.copyBytes(from: bytes)
                return body(raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(bytes.count))
            }
        }

        func send(_ message: [UInt8]) throws {
            let sent = Self.withAddress(groups: 0) { kernel, length in
                message.withUnsafeBytes { sendto(descriptor, $0.baseAddress, $0.count, 0, kernel, length) }
            }
            guard sent == message.count else { throw ReachabilityError.posix("sendto(AF_NETLINK)", errno) }
        }

        /// Reads one datagram; 0 when there was nothing after all.
        func receive(into buffer: inout [UInt8]) throws -> Int {
            let count = buffer.count
            let received = buffer.withUnsafeMutableBytes {
                recv(descriptor, $0.baseAddress, count, Int32(MSG_DONTWAIT))
            }
            if received >= 0 { return received }
            switch errno {
            case EINTR, EAGAIN: return 0
            case ENOBUFS: throw Overrun()
            default: throw ReachabilityError.posix("recv(AF_NETLINK)", errno)
            }
        }

        func close() {
            closeDescriptor(descriptor)
        }
    }
#endif
