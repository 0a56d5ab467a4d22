import Courier
import Foundation
import NIOCore
import NIOPosix

/// Loads `ftp://` URLs (RFC 959, with RFC 2428 `EPSV` and RFC 3659 `SIZE`, `REST`, `MLSD`), so that
/// `session.data(for:)`, downloads and uploads work on FTP as on HTTP.
///
/// - `GET` of a file: `RETR` in binary type (`TYPE I`), with `Content-Length` from `SIZE`; a
///   `Range: bytes=N-` header (what a resumed download sends) becomes `REST N` and a `206` answer.
/// - `GET` of a path ending in `/`: the listing from `MLSD` (or `LIST` when the server lacks it), as text
///   whose `Content-Type` names the format; parse it with ``FTPListing``.
/// - `PUT` (or `POST`) with an in-memory body: `STOR`, answered `201`.
/// - Login as the URL's user and password, else the credential stored for the URL's protection space in
///   `credentialStore` (pass the session's ``Courier/SessionConfiguration/urlCredentialStorage``), else
///   `anonymous`.
/// - Passive mode only: `EPSV`, then `PASV`; a `PASV` address on another host is refused (FTP bounce).
/// - Reply codes map to ``Courier/CourierError``: 530 to `userAuthenticationRequired`, 550 to
///   `fileDoesNotExist`, 552/553 to `cannotWriteToFile`, 421 to `networkConnectionLost`, and so on.
///
/// ```swift
/// var configuration = SessionConfiguration.default
/// configuration.protocolHandlers.append(FTPProtocolHandler())
/// let readme = try await Session(configuration: configuration).data(from: URL(string: "ftp://ftp.example.org/README")!)
/// ```
public struct FTPProtocolHandler: ProtocolHandler {
    /// How long one step (connecting, a reply, a chunk of data) may take before the request fails with
    /// `timedOut`; a request's own ``Courier/Request/timeout`` takes precedence.
    public var timeout: TimeInterval
    /// Where logins for `ftp://host:port` are looked up when the URL carries none.
    public var credentialStore: CredentialStore?
    private let group: any EventLoopGroup

    /// Creates a handler.
    /// - Parameters:
    ///   - timeout: The limit of each step; 30 s by default.
    ///   - credentialStore: Where logins are looked up for URLs without a user.
    ///   - eventLoopGroup: Where the connections run; NIO's shared group by default.
    public init(
        timeout: TimeInterval = 30, credentialStore: CredentialStore? = nil,
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) {
        self.timeout = timeout
        self.credentialStore = credentialStore
        self.group = eventLoopGroup
    }

    /// Whether the request is for an `ftp` URL.
    public func canHandle(_ request: Request) -> Bool {
        request.url.scheme?.lowercased() == "ftp"
    }

    /// Loads the request, reporting a ``Courier/CourierError`` through `client` on failure.
    public func startLoading(_ request: Request, client: ProtocolHandlerClient) async {
        do {
            try await load(request, client: client)
            client.didFinishLoading()
        } catch is CancellationError {
            client.didFail(with: CourierError(.cancelled, outcome: .ambiguous, message: "cancelled", request: request))
        } catch {
            client.didFail(with: error)
        }
    }

    private func load(_ request: Request, client: ProtocolHandlerClient) async throws {
        let store = credentialStore ?? client.credentialStore
        let stored = store?.defaultCredential(for: ProtectionSpace(url: request.url))
        let target = try FTPTarget(request, storedCredential: stored)
        let upload = try target.operation == .store ? uploadData(request) : nil
        let step = TimeAmount.nanoseconds(Int64((request.timeout ?? timeout) * 1_000_000_000))
        let control: NIOAsyncChannel<FTPReply, String>
        do {
            control = try await ClientBootstrap(group: group)
                .connectTimeout(step)
                .connect(host: target.host, port: target.port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(FTPReplyDecoder()))
                        try channel.pipeline.syncOperations.addHandler(MessageToByteHandler(FTPCommandEncoder()))
                        return try NIOAsyncChannel<FTPReply, String>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw FTPErrorMapping.connectFailure(
                error, target: "the FTP server \(target.host):\(target.port)", outcome: .notSent, request: request)
        }
        guard let serverAddress = control.channel.remoteAddress else {
            try? await control.executeThenClose { _, _ in }
            throw CourierError(
                .cannotConnectToHost, message: "the FTP connection has no peer address", request: request)
        }
        let watchdog = FTPWatchdog(channel: control.channel, timeout: step)
        try await control.executeThenClose { replies, commands in
            let conversation = FTPConversation(
                replies: replies, commands: commands, watchdog: watchdog, request: request, target: target,
                group: group, serverAddress: serverAddress)
            try await conversation.logIn()
            switch target.operation {
            case .retrieve(let offset): try await conversation.retrieve(from: offset, client: client)
            case .list: try await conversation.list(client: client)
            case .store: try await conversation.store(upload ?? Data(), client: client)
            }
            await conversation.quit()
        }
    }

    /// The bytes to upload: an in-memory body or the contents of a file body.
    private func uploadData(_ request: Request) throws -> Data {
        if let data = request.body.inMemoryData { return data }
        throw CourierError(
            .unsupportedURL, outcome: .notSent,
            message: "FTP uploads take an in-memory body (RequestBody.data or .text)", request: request)
    }
}
