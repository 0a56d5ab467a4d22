import Foundation
import NIOCore
import NIOPosix

/// One control connection of ``SampleFTPServer``.
struct SampleFTPSession {
    let configuration: SampleFTPServer.Configuration
    let recorder: SampleFTPRecorder
    var user: String?
    var loggedIn = false
    var restOffset = 0
    var dataListener: SampleFTPDataListener?

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
                "229 Entering Extended Passive Mode (|||\(listener.port)|)")
        case "PASV":
            let listener = try await openDataListener()
            let port = listener.port
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

    private mutating func openDataListener() async throws -> SampleFTPDataListener {
        await closeDataListener()
        let listener = try await SampleFTPDataListener.open()
        dataListener = listener
        return listener
    }

    /// Closes a listener the session no longer needs, and every connection it accepted (a refused MLSD, a
    /// refused bounce).
    mutating func closeDataListener() async {
        guard let listener = dataListener else { return }
        dataListener = nil
        await listener.close()
    }

    /// The first connection to the passive port. Any other connection to the same port (a client that connected
    /// twice) is closed, and the listener with it.
    private mutating func acceptDataConnection() async throws -> (any Channel)? {
        guard let listener = dataListener else { return nil }
        dataListener = nil
        let taken: (any Channel)?
        do {
            taken = try await listener.take()
        } catch {
            await listener.close()
            throw error
        }
        await listener.close(keeping: taken)
        return taken
    }

    private mutating func sendOnDataConnection(_ data: Data) async throws {
        guard let connection = try await acceptDataConnection() else { return }
        if configuration.stallsData {
            // Keep the connection open and silent until the client gives up and closes it.
            await SampleFTPDataListener.waitForClientClose(connection)
            return
        }
        try await SampleFTPDataListener.send(data, on: connection)
    }

    /// The upload's bytes, or `nil` when it grew past ``SampleFTPServer/maximumUploadSize``.
    private mutating func receiveOnDataConnection() async throws -> Data? {
        guard let connection = try await acceptDataConnection() else { return Data() }
        return try await SampleFTPDataListener.receive(on: connection)
    }
}
