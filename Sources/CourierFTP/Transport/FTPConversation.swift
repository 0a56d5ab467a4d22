import Courier
import Foundation
import HTTPTypes
import NIOCore
import NIOPosix

/// One request's exchange on an FTP control connection: log in, set binary type, open passive data
/// connections, and run `RETR`, `MLSD`/`LIST` or `STOR`, reporting to the ``Courier/ProtocolHandlerClient``.
///
/// Used by one task only. Every reply and every chunk of data is awaited under an ``FTPWatchdog``, so a
/// server that stalls fails the request with `timedOut` within the timeout.
final class FTPConversation {
    private var replies: NIOAsyncChannelInboundStream<FTPReply>.AsyncIterator
    private let commands: NIOAsyncChannelOutboundWriter<String>
    private let watchdog: FTPWatchdog
    private let request: Request
    private let target: FTPTarget
    private let group: any EventLoopGroup
    /// The address of the server as connected: the only host a passive data connection may go to.
    private let serverAddress: SocketAddress

    init(
        replies: NIOAsyncChannelInboundStream<FTPReply>, commands: NIOAsyncChannelOutboundWriter<String>,
        watchdog: FTPWatchdog, request: Request, target: FTPTarget, group: any EventLoopGroup,
        serverAddress: SocketAddress
    ) {
        self.replies = replies.makeAsyncIterator()
        self.commands = commands
        self.watchdog = watchdog
        self.request = request
        self.target = target
        self.group = group
        self.serverAddress = serverAddress
    }

    // MARK: Steps

    /// Reads the greeting and logs in.
    func logIn() async throws {
        var greeting = try await nextReply(after: "connecting")
        // "120 ready in n minutes" may precede the greeting; a server that only ever says that is refused.
        var preliminaries = 0
        while greeting.isPreliminary, preliminaries < 5 {
            greeting = try await nextReply(after: "connecting")
            preliminaries += 1
        }
        try expect(greeting, command: "connecting", codes: [220])
        let user = try await command("USER \(target.user)", loggedAs: "USER")
        if user.code == 331 {
            try expect(
                try await command("PASS \(target.password)", loggedAs: "PASS"), command: "PASS", codes: [230, 202])
        } else {
            try expect(user, command: "USER", codes: [230])
        }
        try expect(try await command("TYPE I"), command: "TYPE I", codes: [200])
    }

    /// The file's modification time from `MDTM` (RFC 3659 §3: `213 YYYYMMDDHHMMSS[.sss]`, in UTC), or `nil`
    /// when the server does not answer it.
    func modificationTime() async throws -> Date? {
        let reply = try await command("MDTM \(target.path)")
        guard reply.code == 213 else { return nil }
        return Self.parseModificationTime(reply.text)
    }

    /// Parses an `MDTM` time value; `nil` for anything but 14 digits, optionally followed by a fraction.
    static func parseModificationTime(_ text: String) -> Date? {
        let value = text.trimmingCharacters(in: .whitespaces)
        let whole = value.prefix { $0 != "." }
        guard whole.count == 14, whole.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let digits = Array(whole)
        func number(_ range: Range<Int>) -> Int { Int(String(digits[range])) ?? 0 }
        var components = DateComponents()
        components.calendar = Calendar(identifier: .gregorian)
        components.timeZone = TimeZone(identifier: "UTC")
        components.year = number(0..<4)
        components.month = number(4..<6)
        components.day = number(6..<8)
        components.hour = number(8..<10)
        components.minute = number(10..<12)
        components.second = number(12..<14)
        guard components.isValidDate, (1..<10000).contains(components.year ?? 0) else { return nil }
        return components.date
    }

    /// Downloads the file from `offset`, sending a 200 (or 206 when resuming) response with the size from
    /// `SIZE` and a `Last-Modified` from `MDTM` when the server answers them.
    ///
    /// A resumed download carries `If-Range` with the `Last-Modified` it saw first: when the file's
    /// modification time differs now (or the server cannot say), the whole file is sent again with a 200, as
    /// an HTTP server does, so the kept bytes are never spliced onto another version of the file.
    func retrieve(from requestedOffset: Int64, client: ProtocolHandlerClient) async throws {
        let sizeReply = try await command("SIZE \(target.path)")
        let size = sizeReply.code == 213 ? Int64(sizeReply.text.trimmingCharacters(in: .whitespaces)) : nil
        let modified = try await modificationTime()
        var offset = requestedOffset
        if offset > 0, let validator = request.headerFields[.ifRange], validator != modified.map(HTTPDate.format) {
            offset = 0
        }
        if let size, offset > size {
            throw CourierError(
                .resourceUnavailable, outcome: .notSent,
                message: "cannot resume at byte \(offset): the file has \(size) bytes", request: request)
        }
        let data = try await openDataConnection()
        // Every step after the data connection opens runs inside executeThenClose, which closes it on any
        // error; REST must come right before RETR (RFC 3659 §5.3).
        try await data.executeThenClose { inbound, _ in
            if offset > 0 {
                try expect(try await command("REST \(offset)"), command: "REST", codes: [350])
            }
            let opened = try await command("RETR \(target.path)")
            try expect(opened, command: "RETR", codes: [125, 150])
            var fields = HTTPFields()
            fields[.contentType] = "application/octet-stream"
            // A resumed transfer is partial content; its range is known only when SIZE answered.
            let status: HTTPResponse.Status = offset > 0 ? .partialContent : .ok
            if let modified { fields[.lastModified] = HTTPDate.format(modified) }
            if let size {
                fields[.contentLength] = String(size - offset)
                if offset > 0 { fields[.contentRange] = "bytes \(offset)-\(max(offset, size - 1))/\(size)" }
            }
            client.didReceive(Response(status: status, headerFields: fields, url: request.url))
            let dataWatchdog = FTPWatchdog(channel: data.channel, timeout: watchdog.timeout)
            var received: Int64 = 0
            var chunks = inbound.makeAsyncIterator()
            while let chunk = try await readChunk(&chunks, watchdog: dataWatchdog) {
                received += Int64(chunk.readableBytes)
                await client.didLoad(Data(buffer: chunk))
                if client.isCancelled { throw CancellationError() }
            }
            try expect(try await nextReply(after: "RETR"), command: "RETR", codes: [226, 250])
            if let size, received != size - offset {
                throw CourierError(
                    .networkConnectionLost, kind: .transport, outcome: .failed,
                    message: "the FTP data connection closed after \(received) of \(size - offset) bytes",
                    request: request)
            }
        }
    }

    /// Lists the directory with `MLSD`, or `LIST` when the server does not know `MLSD`.
    func list(client: ProtocolHandlerClient) async throws {
        let argument = target.path.isEmpty ? "" : " \(target.path)"
        let mlsd = try await openDataConnection()
        let listed = try await mlsd.executeThenClose { inbound, _ in
            let opened = try await command("MLSD" + argument)
            if [500, 502, 504].contains(opened.code) { return false }
            try await receiveListing(opened, format: .mlsd, from: mlsd.channel, inbound: inbound, client: client)
            return true
        }
        guard !listed else { return }
        let list = try await openDataConnection()
        try await list.executeThenClose { inbound, _ in
            let opened = try await command("LIST" + argument)
            try await receiveListing(opened, format: .list, from: list.channel, inbound: inbound, client: client)
        }
    }

    /// Streams a listing from the data connection once `opened` (the reply to `MLSD` or `LIST`) says it comes.
    private func receiveListing(
        _ opened: FTPReply, format: FTPListing.Format, from channel: any Channel,
        inbound: NIOAsyncChannelInboundStream<ByteBuffer>, client: ProtocolHandlerClient
    ) async throws {
        let name = format.rawValue.uppercased()
        try expect(opened, command: name, codes: [125, 150])
        var fields = HTTPFields()
        fields[.contentType] = "text/plain; charset=utf-8; x-ftp-listing=\(format.rawValue)"
        client.didReceive(Response(status: .ok, headerFields: fields, url: request.url))
        let dataWatchdog = FTPWatchdog(channel: channel, timeout: watchdog.timeout)
        var chunks = inbound.makeAsyncIterator()
        while let chunk = try await readChunk(&chunks, watchdog: dataWatchdog) {
            await client.didLoad(Data(buffer: chunk))
            if client.isCancelled { throw CancellationError() }
        }
        try expect(try await nextReply(after: name), command: name, codes: [226, 250])
    }

    /// Uploads `body` with `STOR`.
    func store(_ body: Data, client: ProtocolHandlerClient) async throws {
        let data = try await openDataConnection()
        try await data.executeThenClose { _, outbound in
            try expect(try await command("STOR \(target.path)"), command: "STOR", codes: [125, 150])
            let dataWatchdog = FTPWatchdog(channel: data.channel, timeout: watchdog.timeout)
            try await dataWatchdog.guarding { try await outbound.write(ByteBuffer(data: body)) }
        }
        try expect(try await nextReply(after: "STOR"), command: "STOR", codes: [226, 250])
        client.didReceive(Response(status: .created, url: request.url))
    }

    /// Ends the session politely without waiting for the answer: the work is done, and a server slow to say
    /// goodbye must not delay the response.
    func quit() async {
        try? await watchdog.guarding { try await commands.write("QUIT") }
    }

    // MARK: Passive mode

    /// Opens a passive data connection: `EPSV` first, then `PASV` when the server refuses it. A `PASV`
    /// address on another host than the control connection's is refused (the FTP bounce attack).
    private func openDataConnection() async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer> {
        let port: Int
        let extended = try await command("EPSV")
        if extended.code == 229 {
            port = try parse { () throws(FTPProtocolError) in try FTPPassiveAddress.parseExtended(extended).port }
        } else {
            let passive = try await command("PASV")
            try expect(passive, command: "PASV", codes: [227])
            let address = try parse { () throws(FTPProtocolError) in try FTPPassiveAddress.parse(passive) }
            guard address.host == serverAddress.ipAddress else {
                throw CourierError(
                    .badServerResponse, kind: .transport,
                    message: "refused the PASV address \(address.host ?? "?"):\(address.port): it is not the "
                        + "server's address \(serverAddress.ipAddress ?? "?") (an FTP bounce)",
                    request: request)
            }
            port = address.port
        }
        var dataAddress = serverAddress
        do {
            dataAddress = try SocketAddress(ipAddress: serverAddress.ipAddress ?? target.host, port: port)
        } catch {
            throw CourierError(.cannotConnectToHost, message: "no data address for the server", request: request)
        }
        do {
            return try await ClientBootstrap(group: group)
                .connectTimeout(watchdog.timeout)
                .connect(to: dataAddress) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw FTPErrorMapping.connectFailure(
                error, target: "the FTP data port \(port)", outcome: .failed, request: request)
        }
    }

    // MARK: Replies

    private func command(_ line: String, loggedAs name: String? = nil) async throws -> FTPReply {
        let name = name ?? String(line.prefix { $0 != " " })
        try await watchdog.guarding { try await commands.write(line) }
        return try await nextReply(after: name)
    }

    private func nextReply(after command: String) async throws -> FTPReply {
        do {
            let reply = try await watchdog.guarding { try await replies.next() }
            guard let reply else {
                throw CourierError(
                    watchdog.hasFired ? .timedOut : .networkConnectionLost, kind: .transport, outcome: .ambiguous,
                    message: watchdog.hasFired
                        ? "the FTP server did not answer \(command) within \(Self.seconds(watchdog.timeout)) s"
                        : "the FTP server closed the control connection after \(command)",
                    request: request)
            }
            return reply
        } catch let error as FTPProtocolError {
            throw FTPErrorMapping.error(for: error, request: request)
        } catch let error as CourierError {
            throw error
        } catch {
            throw CourierError(
                watchdog.hasFired ? .timedOut : .networkConnectionLost, kind: .transport, outcome: .ambiguous,
                message: watchdog.hasFired
                    ? "the FTP server did not answer \(command) within \(Self.seconds(watchdog.timeout)) s"
                    : "the FTP control connection failed after \(command): \(error)",
                request: request, underlyingError: error)
        }
    }

    /// The next chunk of the data connection, `nil` at its end.
    /// - Throws: `timedOut` when no byte came within the timeout (a stalled transfer), `networkConnectionLost`
    ///   when the connection failed.
    private func readChunk(
        _ chunks: inout NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator, watchdog: FTPWatchdog
    ) async throws -> ByteBuffer? {
        let chunk: ByteBuffer?
        do {
            chunk = try await watchdog.guarding { try await chunks.next() }
        } catch {
            throw dataError(watchdog: watchdog, underlying: error)
        }
        if chunk == nil, watchdog.hasFired { throw dataError(watchdog: watchdog, underlying: nil) }
        return chunk
    }

    private func dataError(watchdog: FTPWatchdog, underlying: (any Error)?) -> CourierError {
        if watchdog.hasFired {
            return CourierError(
                .timedOut, kind: .transport, outcome: .ambiguous,
                message: "the FTP data connection sent nothing for \(Self.seconds(watchdog.timeout)) s",
                request: request, underlyingError: underlying)
        }
        return CourierError(
            .networkConnectionLost, kind: .transport, outcome: .ambiguous,
            message: "the FTP data connection failed: \(underlying.map { "\($0)" } ?? "closed")", request: request,
            underlyingError: underlying)
    }

    private func expect(_ reply: FTPReply, command: String, codes: Set<Int>) throws {
        guard codes.contains(reply.code) else {
            throw FTPErrorMapping.error(for: reply, command: command, request: request)
        }
    }

    private func parse<Value>(_ body: () throws(FTPProtocolError) -> Value) throws -> Value {
        do {
            return try body()
        } catch {
            throw FTPErrorMapping.error(for: error, request: request)
        }
    }

    private static func seconds(_ amount: TimeAmount) -> Int { Int(amount.nanoseconds / 1_000_000_000) }
}
