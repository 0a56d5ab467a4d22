import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// The sample back end's FTP server: enough of RFC 959, 2428 and 3659 to serve files from memory (`USER`,
/// `PASS`, `TYPE`, `SIZE`, `MDTM`, `EPSV`, `PASV`, `REST`, `RETR`, `STOR`, `MLSD`, `LIST`, `QUIT`) to anonymous
/// users and to the logins configured. The tour's FTP section and the `CourierFTP` tests run against it;
/// its ``Configuration`` also has switches for the misbehaviours a client must survive (a bounce address in
/// `PASV`, a data connection that breaks off or stalls, a server without `EPSV`, `MLSD` or `MDTM`). It
/// records every command it receives (passwords included: it is a test and demonstration server), and keeps
/// uploads in memory, at most ``maximumUploadSize`` bytes each.
///
/// ```swift
/// let ftp = try await SampleFTPServer.start(.init(files: ["README": Data("hello\n".utf8)]))
/// // ftp://127.0.0.1:\(ftp.port)/README
/// await ftp.shutdown()
/// ```
public final class SampleFTPServer: Sendable {
    /// What the server serves and how it behaves.
    public struct Configuration: Sendable {
        /// The files, by path relative to the root (`pub/big.bin`).
        public var files: [String: Data]
        /// Accepted logins, user to password; `anonymous` with any password when ``allowsAnonymous``.
        public var users: [String: String]
        /// Whether `anonymous` may log in.
        public var allowsAnonymous: Bool
        /// Whether `EPSV` is answered (otherwise clients must fall back to `PASV`).
        public var supportsEPSV = true
        /// Whether `MLSD` is answered (otherwise clients must fall back to `LIST`).
        public var supportsMLSD = true
        /// The host a `PASV` reply names instead of 127.0.0.1: an FTP bounce attempt, to be refused.
        public var passiveHost: String?
        /// The lines of the greeting.
        public var greeting: [String] = ["220 Courier sample FTP server ready"]
        /// Close every `RETR`'s data connection after this many bytes (and still answer 226).
        public var closeDataAfter: Int?
        /// Accept the data connection of a `RETR` but never send anything.
        public var stallsData = false
        /// Close the data connection of the first `RETR` only after this many bytes; later ones are whole
        /// (an interrupted download, then its resumption).
        public var closeFirstRetrievalAfter: Int?
        /// What `MDTM` answers for every file (RFC 3659 form, UTC); `nil` makes `MDTM` unknown (502).
        public var modificationTime: String? = "20261125184400"

        /// Creates a configuration serving `files`.
        public init(files: [String: Data] = [:], users: [String: String] = [:], allowsAnonymous: Bool = true) {
            self.files = files
            self.users = users
            self.allowsAnonymous = allowsAnonymous
        }
    }

    /// The largest upload kept; a larger `STOR` is refused with 552.
    public static let maximumUploadSize = 16 << 20

    /// The port the server listens on.
    public let port: Int
    private let listener: NIOAsyncChannel<NIOAsyncChannel<String, String>, Never>
    private let serveTask: Task<Void, Never>
    private let log = Mutex<[String]>([])
    let uploadStore = Mutex<[String: Data]>([:])

    /// The files uploaded with `STOR`, by path.
    public var uploads: [String: Data] { uploadStore.withLock { $0 } }

    /// The commands received, in order (`PASS` arguments included).
    public var commands: [String] { log.withLock { $0 } }

    private init(
        port: Int, listener: NIOAsyncChannel<NIOAsyncChannel<String, String>, Never>, serveTask: Task<Void, Never>
    ) {
        self.port = port
        self.listener = listener
        self.serveTask = serveTask
    }

    /// Starts the server on 127.0.0.1.
    /// - Parameters:
    ///   - configuration: What to serve.
    ///   - port: The port, 0 for any free one (see ``port``).
    /// - Throws: NIO's error when the port cannot be bound.
    public static func start(_ configuration: Configuration, port: Int = 0) async throws -> SampleFTPServer {
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(FTPServerLineDecoder()))
                    try channel.pipeline.syncOperations.addHandler(MessageToByteHandler(FTPServerLineEncoder()))
                    return try NIOAsyncChannel<String, String>(wrappingChannelSynchronously: channel)
                }
            }
        let port = listener.channel.localAddress?.port ?? 0
        let recorder = SampleFTPRecorder()
        let serveTask = Task<Void, Never> {
            _ = try? await listener.executeThenClose { connections in
                try await withThrowingDiscardingTaskGroup { group in
                    for try await connection in connections {
                        group.addTask {
                            var session = SampleFTPSession(configuration: configuration, recorder: recorder)
                            try? await connection.executeThenClose { lines, replies in
                                try await session.run(lines: lines, replies: replies)
                            }
                        }
                    }
                }
            }
        }
        let server = SampleFTPServer(port: port, listener: listener, serveTask: serveTask)
        recorder.server.withLock { $0 = server }
        return server
    }

    func record(_ command: String) { log.withLock { $0.append(command) } }

    private let retrievals = Mutex(0)

    /// Counts a `RETR` and returns how many came before it.
    func countRetrieval() -> Int {
        retrievals.withLock { count in
            defer { count += 1 }
            return count
        }
    }

    /// Stops listening and ends every session.
    public func shutdown() async {
        try? await listener.channel.close()
        serveTask.cancel()
        await serveTask.value
    }
}

/// Lets the sessions record into the server, which exists only after the listener is bound.
final class SampleFTPRecorder: Sendable {
    let server = Mutex<SampleFTPServer?>(nil)

    func record(_ command: String) { server.withLock { $0 }?.record(command) }

    func upload(_ path: String, _ data: Data) { server.withLock { $0 }?.uploadStore.withLock { $0[path] = data } }

    func countRetrieval() -> Int { server.withLock { $0 }?.countRetrieval() ?? 0 }
}

/// Splits lines on LF, dropping a CR before it.
struct FTPServerLineDecoder: ByteToMessageDecoder {
    typealias InboundOut = String

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
            // A command line is short; a peer that sends kilobytes without a line end is not speaking FTP.
            if buffer.readableBytes > 4096 { throw SampleFTPLineTooLong() }
            return .needMoreData
        }
        var line = buffer.readString(length: newline - buffer.readerIndex) ?? ""
        buffer.moveReaderIndex(forwardBy: 1)
        if line.hasSuffix("\r") { line.removeLast() }
        context.fireChannelRead(wrapInboundOut(line))
        return .continue
    }
}

struct SampleFTPLineTooLong: Error {}

/// Writes a line with CR LF.
struct FTPServerLineEncoder: MessageToByteEncoder {
    typealias OutboundIn = String

    func encode(data: String, out: inout ByteBuffer) throws {
        out.writeString(data + "\r\n")
    }
}
