import ArgumentParser
import CourierPeers
import Foundation

/// `courier peers send`: finds the session's peers, invites those found within 2 s of the first, sends the text
/// (or, with `--file`, the file as a resource) to all that accept.
struct PeersSendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send", abstract: "Find the session's peers, invite them and send them a message.")

    @OptionGroup var sessionOptions: PeersSessionOptions

    @Option(name: .customLong("message"), help: "The text to send.")
    var message: String?

    @Option(
        name: .customLong("file"),
        help: ArgumentHelp(
            "Send this file as a resource, on a connection of its own (the listener keeps it), instead of a message.",
            valueName: "PATH"))
    var file: String?

    @Flag(name: .customLong("unreliable"), help: "Send over UDP, once (exit once sent).")
    var unreliable = false

    @Option(
        name: .customLong("timeout"), help: "Give up finding peers after this many seconds (default 10).",
        transform: SecondsOption.parse)
    var timeout: Double = 10

    @OptionGroup var network: PeersNetworkOptions

    func validate() throws {
        guard (message == nil) != (file == nil) else { throw ValidationError("give either --message or --file") }
        if let message, message.utf8.count > PeerLimits.maximumMessageSize {
            throw ValidationError("--message has \(message.utf8.count) bytes; limit \(PeerLimits.maximumMessageSize)")
        }
        if let file {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory),
                isDirectory.boolValue == false,
                FileManager.default.isReadableFile(atPath: file)
            else { throw ValidationError("--file \(file) is not a readable file") }
            if unreliable { throw ValidationError("--unreliable sends messages; a file always goes reliably") }
        }
    }

    func run() async throws {
        let io = CLIIO.current
        let (discovery, session) = try await network.startSession(sessionOptions)
        let found = await Self.findPeers(session, timeout: SecondsOption.duration(timeout))
        guard found.isEmpty == false else {
            await session.disconnect()
            await discovery.shutdown()
            io.writeError(
                "courier: error: no peer of session \"\(sessionOptions.sessionID)\" found within \(timeout) s\n")
            throw CLIExit(status: 1)
        }
        var accepted: [PeerInfo] = []
        await withTaskGroup(of: PeerInfo?.self) { group in
            for peer in found {
                group.addTask {
                    do {
                        return try await session.connect(peer: peer.id, timeout: .seconds(10))
                    } catch {
                        io.writeError("courier: \(peer.displayName): \(error)\n")
                        return nil
                    }
                }
            }
            for await peer in group { if let peer { accepted.append(peer) } }
        }
        guard accepted.isEmpty == false else {
            await session.disconnect()
            await discovery.shutdown()
            io.writeError("courier: error: no peer accepted the invitation\n")
            throw CLIExit(status: 1)
        }
        do {
            if let file {
                let url = URL(fileURLWithPath: file)
                for peer in accepted {
                    try await session.sendResource(at: url, name: url.lastPathComponent, to: peer.id)
                }
            } else {
                try await session.send(
                    Array((message ?? "").utf8), to: accepted.map(\.id), mode: unreliable ? .unreliable : .reliable)
            }
        } catch {
            await session.disconnect()
            await discovery.shutdown()
            io.writeError("courier: error: \(error)\n")
            throw CLIExit(status: 1)
        }
        // Disconnecting says goodbye after the message and waits for each peer to close: reliable means delivered.
        await session.disconnect()
        await discovery.shutdown()
        let names = accepted.map(\.displayName).sorted().joined(separator: ", ")
        io.writeOut("\(unreliable ? "sent" : "delivered") to \(accepted.count) peer(s): \(names)\n")
    }

    /// The peers available 2 s after the first one appears; empty when none appears before `timeout`. The
    /// session's event stream ends here (its consumer is cancelled), which this command no longer needs.
    static func findPeers(_ session: PeerSession, timeout: Duration) async -> [PeerInfo] {
        let sawOne = await FirstEvent.first(in: session.events, within: timeout) { event in
            if case .stateChanged(_, .available) = event { return true }
            return nil
        }
        guard sawOne != nil else { return [] }
        try? await Task.sleep(for: .seconds(2))
        return await session.availablePeers
    }
}
