import ArgumentParser
import CourierPeers

/// `courier peers listen`: advertises, accepts every invitation and prints each message as `from NAME: TEXT`.
struct PeersListenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen", abstract: "Advertise, accept every invitation, print each message received.")

    @Option(name: .customLong("session-id"), help: "The session ID (app protocol and version).")
    var sessionID: String

    @Option(name: .customLong("name"), help: "The display name.")
    var name: String

    @Option(name: .customLong("count"), help: "Exit 0 after this many messages.")
    var count: Int?

    @Option(name: .customLong("timeout"), help: "Exit 0 after this many seconds.")
    var timeout: Double?

    @OptionGroup var network: PeersNetworkOptions

    func validate() throws {
        if let count, count < 1 { throw ValidationError("--count must be at least 1") }
        if let timeout, timeout <= 0 { throw ValidationError("--timeout must be positive") }
    }

    func run() async throws {
        let io = CLIIO.current
        let (discovery, session) = try await network.startSession(sessionID: sessionID, name: name)
        let limit = count
        let deadline = timeout.map { Duration.milliseconds(Int64($0 * 1000)) }
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                var received = 0
                for await event in session.events {
                    switch event {
                    case .invitation(let peer, _):
                        try? await session.accept(peer.id)
                    case .data(let bytes, let peer, _):
                        io.writeOut("from \(peer.displayName): \(String(decoding: bytes, as: UTF8.self))\n")
                        received += 1
                        if let limit, received >= limit { return }
                    default:
                        continue
                    }
                }
            }
            if let deadline {
                group.addTask { try? await Task.sleep(for: deadline) }
            }
            await group.next()
            group.cancelAll()
        }
        await session.disconnect()
        await discovery.shutdown()
    }
}
