import ArgumentParser
import CourierPeers
import Foundation

/// `courier peers auction join`: finds the host, joins, sends each line of standard input as a bid, prints the
/// status lines and the end message, and exits 0 when the auction ends.
struct PeersAuctionJoinCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "join", abstract: "Join an auction; each line of standard input is a bid in dollars.")

    @Option(name: .customLong("name"), help: "The bidder's display name (default: the host name).")
    var name: String?

    @Option(
        name: .customLong("timeout"), help: "Give up finding the host after this many seconds (default 10).",
        transform: SecondsOption.parse)
    var timeout: Double = 10

    @OptionGroup var network: PeersNetworkOptions

    func run() async throws {
        let io = CLIIO.current
        let (discovery, session) = try await network.startSession(
            sessionID: PeersAuctionCommand.sessionID, name: name, discoveryInfo: ["role": "bidder"])
        let clock = ContinuousClock()
        let giveUp = clock.now + SecondsOption.duration(timeout)
        var host: PeerInfo?
        while host == nil, clock.now < giveUp {
            for peer in await session.availablePeers where await session.discoveryInfo(of: peer.id)?["role"] == "host" {
                host = try? await session.connect(peer: peer.id, timeout: .seconds(10))
                if host != nil { break }
            }
            if host == nil { try? await Task.sleep(for: .milliseconds(200)) }
        }
        guard let host else {
            await session.disconnect()
            await discovery.shutdown()
            io.writeError("courier: error: no auction host found within \(timeout) s\n")
            throw CLIExit(status: 1)
        }
        io.writeOut("joined \(host.displayName)'s auction\n")
        let stream = session.events
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await event in stream {
                    if case .stateChanged(let peer, .disconnected) = event, peer.id == host.id { return }
                    guard case .data(let bytes, _, _) = event,
                        let packet = try? PacketCodec<Auctioneer.PacketType>.decode(bytes)
                    else { continue }
                    let text = String(decoding: packet.body, as: UTF8.self)
                    switch packet.type {
                    case .start: io.writeOut("auction of \(text) started; type a bid and press return\n")
                    case .status: io.writeOut("\(text)\n")
                    case .end:
                        io.writeOut("\(text)\n")
                        return
                    case .bid: continue
                    }
                }
            }
            group.addTask {
                // Read by a thread of its own: a blocking read on a concurrency thread could not be cancelled when
                // the auction ends, and the command would wait for one more line.
                for await line in StandardInputLines.stream() {
                    let bid = line.trimmingCharacters(in: .whitespaces)
                    guard bid.isEmpty == false else { continue }
                    try? await session.send(
                        PacketCodec<Auctioneer.PacketType>.encode(.bid, body: Array(bid.utf8)), to: [host.id])
                }
                // Standard input ended: keep waiting for the end message.
                try? await Task.sleep(for: .seconds(3600))
            }
            await group.next()
            group.cancelAll()
        }
        await session.disconnect()
        await discovery.shutdown()
    }
}
