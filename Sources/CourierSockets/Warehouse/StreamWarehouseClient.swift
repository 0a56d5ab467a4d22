#if canImport(Darwin)
    import Foundation
    import NIOPosix

    /// The warehouse client on Foundation streams (the book's listings 8-5 to 8-7): an `InputStream` from
    /// `Stream.getStreamsToHost`, a delegate on a run loop, reads until `endEncountered`.
    ///
    /// Only built where Foundation has `Stream.getStreamsToHost` (Apple platforms); Linux's Foundation does
    /// not, and there ``WarehouseClientKind/streams`` says so instead.
    public struct StreamWarehouseClient: WarehouseClient {
        /// The server's host name or address.
        public let host: String
        /// The server's port.
        public let port: Int
        /// How long the whole load may take.
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
            let result: Result<[UInt8], WarehouseError>
            do {
                // The run loop blocks its thread, so it runs on the blocking pool, as the book's NSThread does.
                result = try await NIOThreadPool.singleton.runIfActive { client.loadBlocking() }
            } catch {
                throw .cannotAllocateResources
            }
            return try WarehouseStatus(parsing: result.get())
        }

        private func loadBlocking() -> Result<[UInt8], WarehouseError> {
            var input: InputStream?
            var output: OutputStream?
            Stream.getStreamsToHost(withName: host, port: port, inputStream: &input, outputStream: &output)
            output = nil
            guard let input else { return .failure(.cannotAllocateResources) }
            let delegate = ReadDelegate()
            input.delegate = delegate
            input.schedule(in: .current, forMode: .default)
            input.open()
            defer {
                input.remove(from: .current, forMode: .default)
                input.close()
            }
            let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
            let deadline = Date(timeIntervalSinceNow: seconds)
            while delegate.outcome == nil, Date() < deadline {
                _ = RunLoop.current.run(mode: .default, before: min(deadline, Date(timeIntervalSinceNow: 0.1)))
            }
            return delegate.outcome ?? .failure(delegate.isOpen ? .cannotRead : .cannotConnect)
        }

        /// The `StreamDelegate` of listing 8-7; it lives and is called on the one pool thread running the loop.
        private final class ReadDelegate: NSObject, StreamDelegate {
            var received: [UInt8] = []
            var outcome: Result<[UInt8], WarehouseError>?
            var isOpen = false

            func stream(_ stream: Stream, handle eventCode: Stream.Event) {
                switch eventCode {
                case .openCompleted:
                    isOpen = true
                case .hasBytesAvailable:
                    guard let input = stream as? InputStream else { return }
                    var buffer = [UInt8](repeating: 0, count: 1024)
                    let count = buffer.withUnsafeMutableBufferPointer { pointer -> Int in
                        guard let base = pointer.baseAddress else { return -1 }
                        return input.read(base, maxLength: pointer.count)
                    }
                    if count > 0 {
                        received.append(contentsOf: buffer[0..<count])
                        if received.count > WarehouseStatus.maximumResponseLength { outcome = .failure(.cannotParse) }
                    } else if count < 0 {
                        outcome = .failure(.unexpectedReadError)
                    }
                case .errorOccurred:
                    outcome = .failure(Self.failure(for: stream.streamError, isOpen: isOpen))
                case .endEncountered:
                    outcome = received.isEmpty ? .failure(.cannotRead) : .success(received)
                default:
                    break
                }
            }

            /// Before the stream opened, a CFNetwork host error means resolution failed and anything else
            /// means the connect failed; after, the book's "unexpected error while reading".
            static func failure(for error: (any Error)?, isOpen: Bool) -> WarehouseError {
                guard !isOpen else { return .unexpectedReadError }
                if let error = error as NSError?, error.domain == "kCFErrorDomainCFNetwork",
                    error.code == 1 || error.code == 2
                {
                    return .cannotResolveHost
                }
                return .cannotConnect
            }
        }
    }
#endif
