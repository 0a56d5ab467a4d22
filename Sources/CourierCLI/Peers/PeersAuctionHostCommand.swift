import ArgumentParser
import CourierPeers
import Foundation

/// `courier peers auction host --item NAME`: opens an auction, takes bids from up to six bidders, and ends it
/// after `--duration` seconds, or at SIGINT or SIGTERM, with "You won…" / "NAME won…" messages.
struct PeersAuctionHostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "host", abstract: "Host an auction.")

    @Option(name: .customLong("item"), help: "What is on sale.")
    var item: String

    @Option(name: .customLong("name"), help: "The host's display name.")
    var name = "Auctioneer"

    @Option(
        name: .customLong("duration"),
        help: "Seconds from the first bidder joining to the end (default 60); Ctrl-C ends it at once.",
        transform: SecondsOption.parse)
    var duration: Double = 60

    @OptionGroup var network: PeersNetworkOptions

    func run() async throws {
        let io = CLIIO.current
        let (discovery, session) = try await network.startSession(
            sessionID: PeersAuctionCommand.sessionID, name: name, discoveryInfo: ["role": "host"])
        // SIGINT or SIGTERM ends the auction at once, winner announced; armed before the auction is said to be open.
        let signals = SignalWaiter(signals: [SIGINT, SIGTERM])
        defer { signals.cancel() }
        await signals.waitUntilArmed()
        io.writeOut("auction of \(item) open; waiting for bidders\n")
        var auction = Auctioneer(item: item)
        let startPacket = auction.start()
        let length = SecondsOption.duration(duration)
        // Session events and the end of the auction arrive through one stream, so the state stays in this task.
        let (inputs, input) = AsyncStream.makeStream(of: PeerEvent?.self)
        let forwarder = Task {
            for await event in session.events { input.yield(event) }
        }
        let interrupt = Task {
            await signals.wait()
            if Task.isCancelled == false { input.yield(nil) }
        }
        var timer: Task<Void, Never>?
        loop: for await next in inputs {
            guard let event = next else { break loop }
            switch event {
            case .invitation(let peer, _):
                if await session.connectedPeers.count < PeersAuctionCommand.maximumBidders {
                    try? await session.accept(peer.id)
                } else {
                    try? await session.deny(peer.id)
                }
            case .stateChanged(let peer, .connected):
                io.writeOut("\(peer.displayName) joined\n")
                try? await session.send(startPacket, to: [peer.id])
                if timer == nil {
                    timer = Task {
                        try? await Task.sleep(for: length)
                        input.yield(nil)
                    }
                }
            case .data(let bytes, let peer, _):
                guard let packet = try? PacketCodec<Auctioneer.PacketType>.decode(bytes), packet.type == .bid
                else { continue }
                switch auction.bid(String(decoding: packet.body, as: UTF8.self), from: peer) {
                case .accepted(let status):
                    io.writeOut("\(status)\n")
                    try? await session.send(
                        PacketCodec<Auctioneer.PacketType>.encode(.status, body: Array(status.utf8)))
                case .refused(let reason):
                    let text = "Bid refused: \(reason)"
                    try? await session.send(
                        PacketCodec<Auctioneer.PacketType>.encode(.status, body: Array(text.utf8)), to: [peer.id])
                }
            default:
                continue
            }
        }
        forwarder.cancel()
        interrupt.cancel()
        timer?.cancel()
        auction.end()
        for peer in await session.connectedPeers {
            let message = auction.endMessage(for: peer.id)
            try? await session.send(
                PacketCodec<Auctioneer.PacketType>.encode(.end, body: Array(message.utf8)), to: [peer.id])
        }
        io.writeOut("\(auction.endMessage(for: session.peerID))\n")
        await session.disconnect()
        await discovery.shutdown()
    }
}
