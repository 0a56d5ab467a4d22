import ArgumentParser

/// `courier peers`: Game Kit-style peer sessions (book chapter 12).
struct PeersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peers",
        abstract: "Peer sessions over DNS-SD: listen, send, and the book's auctioneer.",
        subcommands: [PeersListenCommand.self, PeersSendCommand.self, PeersAuctionCommand.self])
}
