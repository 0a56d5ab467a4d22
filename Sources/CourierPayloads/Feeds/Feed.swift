import Foundation

/// A news feed read by ``FeedReader``: RSS 2.0 (and 0.9x/1.0) or Atom.
public struct Feed: Hashable, Sendable {
    /// The format the feed was written in.
    public enum Format: Hashable, Sendable {
        /// RSS 2.0, 0.9x or 1.0 (RDF).
        case rss
        /// Atom 1.0.
        case atom
    }

    /// The format, once the root element was seen.
    public var format: Format?
    /// The channel's (or Atom feed's) title.
    public var title: String?
    /// The site the feed belongs to.
    public var link: String?
    /// The channel's description (Atom: subtitle).
    public var description: String?
    /// The items (Atom: entries) in document order.
    public var items: [FeedItem] = []

    /// Creates an empty feed.
    public init() {}
}

/// One item of a ``Feed``.
public struct FeedItem: Hashable, Sendable {
    /// The title.
    public var title: String?
    /// The link (RSS `link`, Atom `link rel="alternate"`).
    public var link: String?
    /// The original link FeedBurner hides behind its tracking `link` (`feedburner:origLink`).
    public var originalLink: String?
    /// The description or Atom summary (often HTML).
    public var summary: String?
    /// The full content (`content:encoded`, Atom `content`), when given.
    public var content: String?
    /// The `guid` or Atom `id`.
    public var id: String?
    /// The author (`author`, `dc:creator`, Atom `author/name`).
    public var author: String?
    /// The publication date as written (`pubDate`, `dc:date`, Atom `published` or else `updated`).
    public var publishedText: String?
    /// ``publishedText`` parsed by ``FeedDate``, or `nil` when it is missing or unreadable.
    public var published: Date?
    /// The attached media (RSS `enclosure`, Atom `link rel="enclosure"`, Media RSS `media:content`).
    public var enclosures: [FeedEnclosure] = []

    /// Creates an empty item.
    public init() {}

    /// The link to open: the original link when FeedBurner gave one, else ``link``.
    public var bestLink: String? { originalLink ?? link }
}

/// A media file attached to a ``FeedItem``.
public struct FeedEnclosure: Hashable, Sendable {
    /// Where the file is.
    public var url: String
    /// Its size in bytes, when the feed says.
    public var length: Int?
    /// Its MIME type, when the feed says.
    public var type: String?

    /// Creates an enclosure.
    public init(url: String, length: Int? = nil, type: String? = nil) {
        self.url = url
        self.length = length
        self.type = type
    }
}
