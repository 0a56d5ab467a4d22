import NIOCore
import NIOPosix

/// The warehouse client on ``TCPClient``: the same reading (until the server closes) and parsing as the
/// others, with SwiftNIO doing resolution (IPv4 and IPv6), the connect and the reads.
public struct NIOWarehouseClient: WarehouseClient {
    /// The server's host name or address.
    public let host: String
    /// The server's port.
    public let port: Int
    /// How long the connect, and then the wait for each chunk, may take.
    public let timeout: Duration
    private let eventLoopGroup: any EventLoopGroup

    /// Creates a client.
    public init(
        host: String,
        port: Int,
        timeout: Duration = .seconds(10),
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) {
        self.host = host
        self.port = port
        self.timeout = timeout
        self.eventLoopGroup = eventLoopGroup
    }

    /// Connects, reads until the server closes and parses.
    ///
    /// - Throws: ``WarehouseError`` with the book's message for each failure.
    public func loadStatus() async throws(WarehouseError) -> WarehouseStatus {
        let configuration = TCPConfiguration(framing: .bytes, connectTimeout: timeout, idleReadTimeout: timeout)
        let connection: TCPConnection
        do {
            connection = try await TCPClient.connect(
                host: host,
                port: port,
                configuration: configuration,
                eventLoopGroup: eventLoopGroup
            )
        } catch let error as SocketError where error.code == .cannotFindHost {
            throw .cannotResolveHost
        } catch let error as SocketError where error.code == .invalidConfiguration {
            throw .cannotResolveHost
        } catch {
            throw .cannotConnect
        }
        let received: Result<[UInt8], WarehouseError>
        do {
            received = try await connection.run { reader, _ in
                var bytes: [UInt8] = []
                do {
                    for try await chunk in reader.frames {
                        bytes.append(contentsOf: chunk.readableBytesView)
                        // The status is one short line: more than the maximum cannot be one.
                        if bytes.count > WarehouseStatus.maximumResponseLength { return .failure(.cannotParse) }
                    }
                } catch {
                    return .failure(
                        bytes.isEmpty && (error as? SocketError)?.code == .timedOut ? .cannotRead : .unexpectedReadError
                    )
                }
                return bytes.isEmpty ? .failure(.cannotRead) : .success(bytes)
            }
        } catch {
            throw .unexpectedReadError
        }
        return try WarehouseStatus(parsing: received.get())
    }
}
