import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// An in-process FTP server on 127.0.0.1 for the handler's tests: enough of RFC 959, 2428 and 3659 to serve
/// files from memory (USER, PASS, TYPE, SIZE, EPSV, PASV, REST, RETR, STOR, MLSD, LIST, QUIT), plus switches
/// for the misbehaviours the tests need. Records every command it receives.
final class FakeFTPServer: Sendable {
    struct Behaviour: Sendable {
        var files: [String: Data] = [:]
        /// Accepted logins; `anonymous` with any password when `allowsAnonymous`.
        var users: [String: String] = [:]
        var allowsAnonymous = true
        var supportsEPSV = true
        var supportsMLSD = true
        /// The host a PASV reply names instead of 127.0.0.1 (an FTP bounce attempt).
        var passiveHost: String?
        /// Lines sent instead of the normal greeting.
        var greeting: [String] = ["220 fake FTP server ready"]
        /// Close the data connection after this many bytes of a RETR (then still answer 226).
        var closeDataAfter: Int?
        /// Accept the data connection of a RETR but never send anything.
        var stallsData = false
        /// Close the data connection of the first RETR only after this many bytes (later ones are whole).
        var closeFirstRetrievalAfter: Int?
        /// What `MDTM` answers for every file (RFC 3659 form, UTC); `nil` makes `MDTM` unknown (502).
        var modificationTime: String? = "20261125184400"
    }

    let port: Int
    private let listener: NIOAsyncChannel<NIOAsyncChannel<String, String>, Never>
    private let serveTask: Task<Void, Never>
    private let log = Mutex<[String]>([])
    let uploads = Mutex<[String: Data]>([:])

    /// The commands received, in order (PASS arguments included; these are test credentials).
    var commands: [String] { log.withLock { $0 } }

    private init(
        port: Int, listener: NIOAsyncChannel<NIOAsyncChannel<String, String>, Never>, serveTask: Task<Void, Never>
    ) {
        self.port = port
        self.listener = listener
        self.serveTask = serveTask
    }

    static func start(_ behaviour: Behaviour) async throws -> FakeFTPServer {
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineDecoder()))
                    try channel.pipeline.syncOperations.addHandler(MessageToByteHandler(LineEncoder()))
                    return try NIOAsyncChannel<String, String>(wrappingChannelSynchronously: channel)
                }
            }
        let port = listener.channel.localAddress?.port ?? 0
        let recorder = CommandRecorder()
        let serveTask = Task<Void, Never> {
            _ = try? await listener.executeThenClose { connections in
                try await withThrowingDiscardingTaskGroup { group in
                    for try await connection in connections {
                        group.addTask {
                            var session = FakeFTPSession(behaviour: behaviour, recorder: recorder)
                            try? await connection.executeThenClose { lines, replies in
                                try await session.run(lines: lines, replies: replies)
                            }
                        }
                    }
                }
            }
        }
        let server = FakeFTPServer(port: port, listener: listener, serveTask: serveTask)
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

    func shutdown() async {
        try? await listener.channel.close()
        serveTask.cancel()
        await serveTask.value
    }
}

/// Lets the sessions record into the server, which exists only after the listener is bound.
final class CommandRecorder: Sendable {
    let server = Mutex<FakeFTPServer?>(nil)

    func record(_ command: String) { server.withLock { $0 }?.record(command) }

    func upload(_ path: String, _ data: Data) { server.withLock { $0 }?.uploads.withLock { $0[path] = data } }

    func countRetrieval() -> Int { server.withLock { $0 }?.countRetrieval() ?? 0 }
}

/// Splits lines on LF, dropping a CR before it.
struct LineDecoder: ByteToMessageDecoder {
    typealias InboundOut = String

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else { return .needMoreData }
        var line = buffer.readString(length: newline - buffer.readerIndex) ?? ""
        buffer.moveReaderIndex(forwardBy: 1)
        if line.hasSuffix("\r") { line.removeLast() }
        context.fireChannelRead(wrapInboundOut(line))
        return .continue
    }
}

/// Writes a line with CR LF.
struct LineEncoder: MessageToByteEncoder {
    typealias OutboundIn = String

    func encode(data: String, out: inout ByteBuffer) throws {
        out.writeString(data + "\r\n")
    }
}
