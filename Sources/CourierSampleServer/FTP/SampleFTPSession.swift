import Foundation
import NIOCore
import NIOPosix

/// One control connection of ``SampleFTPServer``.
struct SampleFTPSession {
    /// The passive listener hands out raw channels with reading off: only the one the session takes is
    /// wrapped in NIO's async channel (a wrapper dropped unclosed traps the process), and reading off keeps
    /// the bytes a fast client sends in the socket until then.
    typealias DataListener = NIOAsyncChannel<any Channel, Never>

    let configuration: SampleFTPServer.Configuration
    let recorder: SampleFTPRecorder
    var user: String?
    var loggedIn = false
    var restOffset = 0
    var dataListener: DataListener?

    init(configuration: SampleFTPServer.Configuration, recorder: SampleFTPRecorder) {
        self.configuration = configuration
        self.recorder = recorder
    }

    mutating func run(
        lines: NIOAsyncChannelInboundStream<String>, replies: NIOAsyncChannelOutboundWriter<String>
    ) async throws {
        do {
            try await converse(lines: lines, replies: replies)
        } catch {
            await closeDataListener()
            throw error
        }
        await closeDataListener()
    }

    private mutating func converse(
        lines: NIOAsyncChannelInboundStream<String>, replies: NIOAsyncChannelOutboundWriter<String>
    ) async throws {
        for line in configuration.greeting { try await replies.write(line) }
        for try await line in lines {
            recorder.record(line)
            let verb = String(line.prefix { $0 != " " }).uppercased()
            let argument = line.count > verb.count ? String(line.dropFirst(verb.count + 1)) : ""
            if verb == "QUIT" {
                try await replies.write("221 bye")
                return
            }
            try await handle(verb: verb, argument: argument, replies: replies)
        }
    }

    private mutating func handle(
        verb: String, argument: String, replies: NIOAsyncChannelOutboundWriter<String>
    ) async throws {
        switch verb {
        case "USER":
            user = argument
            try await replies.write("331 password please")
            return
        case "PASS":
            let valid =
                (user == "anonymous" && configuration.allowsAnonymous)
                || (user.flatMap { configuration.users[$0] } == argument)
            loggedIn = valid
            try await replies.write(valid ? "230 logged in" : "530 Login incorrect.")
            return
        default:
            break
        }
        guard loggedIn else {
            try await replies.write("530 Please login with USER and PASS.")
            return
        }
        switch verb {
        case "TYPE":
            try await replies.write("200 Switching to Binary mode.")
        case "SIZE":
            if let file = configuration.files[argument] {
                try await replies.write("213 \(file.count)")
            } else {
                try await replies.write("550 Could not get file size.")
            }
        case "MDTM":
            if configuration.files[argument] == nil {
                try await replies.write("550 Could not get file modification time.")
            } else if let time = configuration.modificationTime {
                try await replies.write("213 \(time)")
            } else {
                try await replies.write("502 Command not implemented.")
            }
        case "EPSV":
            guard configuration.supportsEPSV else {
                try await replies.write("500 Unknown command.")
                return
            }
            let listener = try await openDataListener()
            try await replies.write(
                "229 Entering Extended Passive Mode (|||\(listener.channel.localAddress?.port ?? 0)|)")
        case "PASV":
            let listener = try await openDataListener()
            let port = listener.channel.localAddress?.port ?? 0
            let host = (configuration.passiveHost ?? "127.0.0.1").replacingOccurrences(of: ".", with: ",")
            try await replies.write("227 Entering Passive Mode (\(host),\(port / 256),\(port % 256)).")
        case "REST":
            restOffset = Int(argument) ?? 0
            try await replies.write("350 Restart position accepted (\(restOffset)).")
        case "RETR":
            guard let file = configuration.files[argument] else {
                try await replies.write("550 Failed to open file.")
                return
            }
            let offset = min(restOffset, file.count)
            restOffset = 0
            try await replies.write("150 Opening BINARY mode data connection.")
            var payload = file.dropFirst(offset)
            if let limit = configuration.closeDataAfter { payload = payload.prefix(limit) }
            if recorder.countRetrieval() == 0, let limit = configuration.closeFirstRetrievalAfter {
                payload = payload.prefix(limit)
            }
            try await sendOnDataConnection(Data(payload))
            try await replies.write("226 Transfer complete.")
        case "STOR":
            try await replies.write("150 Ok to send data.")
            guard let data = try await receiveOnDataConnection() else {
                try await replies.write("552 Upload larger than \(SampleFTPServer.maximumUploadSize) bytes refused.")
                return
            }
            recorder.upload(argument, data)
            try await replies.write("226 Transfer complete.")
        case "MLSD":
            guard configuration.supportsMLSD else {
                try await replies.write("500 Unknown command.")
                return
            }
            try await replies.write("150 Here comes the directory listing.")
            let lines = configuration.files.keys.sorted().map {
                "type=file;size=\(configuration.files[$0]?.count ?? 0); \($0)"
            }
            try await sendOnDataConnection(Data((["type=cdir; ."] + lines).map { $0 + "\r\n" }.joined().utf8))
            try await replies.write("226 Directory send OK.")
        case "LIST":
            try await replies.write("150 Here comes the directory listing.")
            let lines = configuration.files.keys.sorted().map {
                "-rw-r--r--    1 1000     1000     \(configuration.files[$0]?.count ?? 0) Nov 25 18:44 \($0)"
            }
            try await sendOnDataConnection(Data(lines.map { $0 + "\r\n" }.joined().utf8))
            try await replies.write("226 Directory send OK.")
        default:
            try await replies.write("502 Command not implemented.")
        }
    }

    private mutating func openDataListener() async throws -> DataListener {
        await closeDataListener()
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelOption(.autoRead, value: false)
            .bind(host: "127.0.0.1", port: 0) { channel in
                channel.eventLoop.makeSucceededFuture(channel)
            }
        dataListener = listener
        return listener
    }

    /// Closes a listener the session no longer needs, and every connection it accepted that the session
    /// never took (a refused MLSD, a refused bounce).
    mutating func closeDataListener() async {
        guard let listener = dataListener else { return }
        dataListener = nil
        _ = try? await Self.take(from: listener, first: false)
    }

    /// The first connection to the passive port, wrapped for the session. Any other connection to the same
    /// port (a client that connected twice) is closed, and the listener with it.
    private mutating func acceptDataConnection() async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer>? {
        guard let listener = dataListener else { return nil }
        dataListener = nil
        guard let taken = try await Self.take(from: listener, first: true) else { return nil }
        do {
            let connection = try await taken.eventLoop.submit {
                try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: taken)
            }.get()
            // Fails harmlessly when the wrapper's first read already met the end of a short upload and NIO
            // closed the channel: what it read is buffered in the wrapper.
            _ = try? await taken.setOption(.autoRead, value: true).get()
            return connection
        } catch {
            try? await taken.close()
            throw error
        }
    }

    /// Waits for the first connection when `first` is set, then closes the listener and every other
    /// connection it had accepted. The inbound stream can be iterated once, so one iterator does both.
    private static func take(from listener: DataListener, first: Bool) async throws -> (any Channel)? {
        var taken: (any Channel)?
        try await listener.executeThenClose { inbound in
            var connections = inbound.makeAsyncIterator()
            var failure: (any Error)?
            if first {
                do { taken = try await connections.next() } catch { failure = error }
            }
            try? await listener.channel.close()
            while let unused = try? await connections.next() { try? await unused.close() }
            if let failure {
                try? await taken?.close()
                throw failure
            }
        }
        return taken
    }

    private mutating func sendOnDataConnection(_ data: Data) async throws {
        guard let connection = try await acceptDataConnection() else { return }
        let stalls = configuration.stallsData
        try await connection.executeThenClose { inbound, outbound in
            if stalls {
                // Keep the connection open and silent until the client gives up and closes it.
                for try await _ in inbound {}
                return
            }
            try await outbound.write(ByteBuffer(data: data))
        }
    }

    /// The upload's bytes, or `nil` when it grew past ``SampleFTPServer/maximumUploadSize``.
    private mutating func receiveOnDataConnection() async throws -> Data? {
        guard let connection = try await acceptDataConnection() else { return Data() }
        var received = Data()
        var tooLarge = false
        try await connection.executeThenClose { inbound, _ in
            for try await chunk in inbound {
                received.append(contentsOf: chunk.readableBytesView)
                if received.count > SampleFTPServer.maximumUploadSize {
                    tooLarge = true
                    return
                }
            }
        }
        return tooLarge ? nil : received
    }
}
