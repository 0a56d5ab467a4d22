import ArgumentParser

/// `courier peers auction`: the book's Game Kit Auctioneer (session `auctioneer1.0`).
struct PeersAuctionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auction", abstract: "The book's auctioneer: host an auction or join one.",
        subcommands: [PeersAuctionHostCommand.self, PeersAuctionJoinCommand.self])

    /// The auctioneer's session ID, with its version as the spec requires.
    static let sessionID = "auctioneer1.0"
    /// Invitees the host accepts (the spec's "up to six").
    static let maximumBidders = 6
}
