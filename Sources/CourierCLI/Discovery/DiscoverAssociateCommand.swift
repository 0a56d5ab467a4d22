import ArgumentParser
import CourierDiscovery
import NIOCore
import NIOPosix

/// `courier discover associate`: the book's Associate Help app. It publishes itself over `_associateHelp._tcp`
/// (TXT `version=1.0`) on a port the kernel picks, unpublishes while helping a consumer, and publishes again after.
struct DiscoverAssociateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "associate",
        abstract: "Run the book's Associate Help demo: wait for consumers to ask for help.",
        discussion: "Run `courier discover consumer` elsewhere on the link. Ctrl-C stops and sends goodbyes.")

    @Option(help: "The associate's name as published.")
    var name = "Associate"

    @Option(help: ArgumentHelp("Stop after this many seconds.", visibility: .hidden), transform: SecondsOption.parse)
    var timeout: Double?

    @OptionGroup var discoveryOptions: DiscoveryOptions

    func validate() throws {
        do {
            _ = try ServiceIdentity(name: name, type: HelpConversation.serviceType)
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() async throws {
        let io = CLIIO.current
        let discovery = discoveryOptions.makeDiscovery()
        let identity = try ServiceIdentity(name: name, type: HelpConversation.serviceType)
        let server: NIOAsyncChannel<NIOAsyncChannel<ByteBuffer, ByteBuffer>, Never>
        do {
            try await discovery.start()
            server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .bind(host: discoveryOptions.loopbackOnly ? "127.0.0.1" : "0.0.0.0", port: 0) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            await discovery.shutdown()
            io.writeError("courier: error: cannot start the associate: \(error)\n")
            throw CLIExit(status: 1)
        }
        let port = server.channel.localAddress?.port ?? 0
        let timeout = self.timeout.map(SecondsOption.duration)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await Self.serve(server: server, identity: identity, port: port, discovery: discovery, io: io)
            }
            group.addTask { await TerminationSignal.wait(timeout: timeout) }
            await group.next()
            group.cancelAll()
        }
        await discovery.shutdown()
    }

    private static func serve(
        server: NIOAsyncChannel<NIOAsyncChannel<ByteBuffer, ByteBuffer>, Never>, identity: ServiceIdentity, port: Int,
        discovery: Discovery, io: CLIIO
    ) async {
        var registration = await publish(identity: identity, port: port, discovery: discovery, io: io)
        try? await server.executeThenClose { inbound in
            for try await connection in inbound {
                // The associate is busy: withdraw the service while helping, as the book's app does.
                await registration?.stop()
                registration = nil
                let peer = connection.channel.remoteAddress?.description ?? "unknown"
                io.writeOut("helping consumer at \(peer)\n")
                try? await connection.executeThenClose { requests, replies in
                    if let line = try await HelpConversation.readLine(from: requests) {
                        io.writeOut("consumer asks: \(line)\n")
                    }
                    try await replies.write(ByteBuffer(string: HelpConversation.reply + "\n"))
                }
                registration = await publish(identity: identity, port: port, discovery: discovery, io: io)
            }
        }
        await registration?.stop()
    }

    private static func publish(identity: ServiceIdentity, port: Int, discovery: Discovery, io: CLIIO) async
        -> Registration?
    {
        do {
            let registration = try await discovery.publish(identity, port: port, txt: ["version": "1.0"])
            for await event in registration.events {
                switch event {
                case .didPublish(let final):
                    io.writeOut("published \"\(final.name)\" \(final.type) \(port)\n")
                    return registration
                case .didNotPublish(let error):
                    io.writeError("courier: error: \(error.message)\n")
                    return nil
                default:
                    continue
                }
            }
            return registration
        } catch {
            io.writeError("courier: error: \(error.message)\n")
            return nil
        }
    }
}
