import Foundation

/// The book's Game Kit Auctioneer as a pure state machine: the host opens the auction, takes bids, and ends it
/// with a message for each bidder. Packets go through ``PacketCodec`` with ``Auctioneer/PacketType``.
public struct Auctioneer: Sendable {
    /// Listing 12-2's packet types.
    public enum PacketType: UInt32, Sendable, Hashable {
        /// The auction opened; body: the item's name.
        case start = 0
        /// The auction ended; body: the message for the receiver.
        case end = 1
        /// A status line; body: the text.
        case status = 2
        /// A bid; body: the amount in whole dollars, as decimal text.
        case bid = 3
    }

    /// What became of a bid.
    public enum BidOutcome: Sendable, Hashable {
        /// The new high bid; broadcast the status text.
        case accepted(status: String)
        /// Refused; tell the bidder why.
        case refused(reason: String)
    }

    /// The item on sale.
    public let item: String
    /// Whether bids are taken.
    public private(set) var isOpen = false
    /// Whether the auction has ended.
    public private(set) var isClosed = false
    /// The highest bid so far.
    public private(set) var highBid: (amount: Int, bidder: PeerInfo)?

    /// Creates an auction for `item`.
    public init(item: String) {
        self.item = item
    }

    /// Opens the auction; returns the start packet.
    public mutating func start() -> [UInt8] {
        isOpen = true
        return PacketCodec<PacketType>.encode(.start, body: Array(item.utf8))
    }

    /// Takes a bid's text: only while open, only a non-negative whole number (the book's sanity rule), only above
    /// the current high bid.
    public mutating func bid(_ text: String, from bidder: PeerInfo) -> BidOutcome {
        guard isOpen else { return .refused(reason: "the auction is not open") }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let amount = Int(trimmed) else { return .refused(reason: "\"\(trimmed)\" is not a number") }
        guard amount >= 0 else { return .refused(reason: "a bid cannot be negative") }
        if let highBid, amount <= highBid.amount {
            return .refused(reason: "the high bid is already $\(highBid.amount)")
        }
        highBid = (amount, bidder)
        return .accepted(status: "High bid: $\(amount) by \(bidder.displayName)")
    }

    /// Closes the auction; bids are refused from now on.
    public mutating func end() {
        isOpen = false
        isClosed = true
    }

    /// The end message for `peer`: "You won the auction with a bid of $N!", "NAME won the auction with a bid of
    /// $N!", or that nobody bid.
    public func endMessage(for peer: PeerID) -> String {
        guard let highBid else { return "The auction of \(item) ended without bids." }
        if highBid.bidder.id == peer { return "You won the auction with a bid of $\(highBid.amount)!" }
        return "\(highBid.bidder.displayName) won the auction with a bid of $\(highBid.amount)!"
    }
}
