import Courier
import Foundation

/// Reads RSS 2.0 (also 0.9x and 1.0/RDF) and Atom feeds from ``XMLStreamParser`` events, as they
/// stream: items are collected while the document arrives and nothing else is kept.
///
/// ```swift
/// let feed = try FeedReader.read(bytes)
/// for item in feed.items {
///     print(item.title ?? "", item.bestLink ?? "", item.published as Any)
/// }
/// // or while downloading:
/// let feed = try await FeedReader.read(response.stream)
/// ```
public struct FeedReader: Sendable {
    static let atomNamespace = "http://www.w3.org/2005/Atom"
    static let rss10Namespace = "http://purl.org/rss/1.0/"
    static let feedburnerNamespace = "http://rssnamespace.org/feedburner/ext/1.0"
    static let dublinCoreNamespace = "http://purl.org/dc/elements/1.1/"
    static let contentNamespace = "http://purl.org/rss/1.0/modules/content/"
    static let mediaNamespace = "http://search.yahoo.com/mrss/"

    /// The feed read so far.
    public private(set) var feed = Feed()
    private var openElements: [XMLName] = []
    private var text = ""
    private var item: FeedItem?
    private var updatedText: String?

    /// Creates a reader; give it events with ``add(_:)``.
    public init() {}

    /// Reads a whole feed document.
    /// - Throws: ``XMLParseError`` when the document is not well-formed XML.
    public static func read(_ document: some Collection<UInt8>) throws -> Feed {
        var reader = FeedReader()
        var parser = XMLStreamParser()
        try parser.feed(document) { reader.add($0) }
        try parser.finish { reader.add($0) }
        return reader.feed
    }

    /// Reads a feed from a response body while it downloads.
    /// - Throws: `CourierError` (`cannotParseResponse`) when the body is not well-formed XML, or the
    ///   body's own errors.
    public static func read(_ body: ResponseBody) async throws -> Feed {
        var reader = FeedReader()
        for try await event in body.xmlEvents() { reader.add(event) }
        return reader.feed
    }

    /// Adds one parser event.
    public mutating func add(_ event: XMLEvent) {
        switch event {
        case .startElement(let name, let attributes):
            start(name, attributes)
        case .endElement(let name):
            // Events from a caller's own source may be unbalanced; ignore a stray end.
            guard openElements.popLast() != nil else { return }
            end(name, text.trimmingCharacters(in: .whitespacesAndNewlines))
            text = ""
        case .characters(let content), .cdata(let content):
            text += content
        default:
            break
        }
    }

    private static func isPlain(_ name: XMLName) -> Bool {
        name.namespaceURI == nil || name.namespaceURI == atomNamespace || name.namespaceURI == rss10Namespace
    }

    private static func value(_ attributes: [XMLAttribute], _ name: String) -> String? {
        attributes.first { $0.name.localName == name && $0.name.namespaceURI == nil }?.value
    }

    private mutating func start(_ name: XMLName, _ attributes: [XMLAttribute]) {
        text = ""
        defer { openElements.append(name) }
        if openElements.isEmpty {
            feed.format = name.localName == "feed" && name.namespaceURI == Self.atomNamespace ? .atom : .rss
        }
        if Self.isPlain(name) && (name.localName == "item" || name.localName == "entry") {
            item = FeedItem()
            updatedText = nil
            return
        }
        let isEnclosure = Self.isPlain(name) && name.localName == "enclosure"
        let isMedia = name.namespaceURI == Self.mediaNamespace && name.localName == "content"
        if isEnclosure || isMedia, item != nil, let url = Self.value(attributes, "url") {
            let length = Self.value(attributes, isMedia ? "fileSize" : "length").flatMap { Int($0) }
            item?.enclosures.append(FeedEnclosure(url: url, length: length, type: Self.value(attributes, "type")))
            return
        }
        if name.namespaceURI == Self.atomNamespace && name.localName == "link",
            let href = Self.value(attributes, "href")
        {
            let relation = Self.value(attributes, "rel") ?? "alternate"
            if relation == "enclosure", item != nil {
                let length = Self.value(attributes, "length").flatMap { Int($0) }
                item?.enclosures.append(FeedEnclosure(url: href, length: length, type: Self.value(attributes, "type")))
            } else if relation == "alternate" {
                if item != nil {
                    if item?.link == nil { item?.link = href }
                } else if feed.link == nil {
                    feed.link = href
                }
            }
        }
    }

    private mutating func end(_ name: XMLName, _ value: String) {
        let parent = openElements.last
        if var current = item {
            if Self.isPlain(name) && (name.localName == "item" || name.localName == "entry") {
                if current.publishedText == nil, let updatedText {
                    current.publishedText = updatedText
                    current.published = FeedDate.parse(updatedText)
                }
                feed.items.append(current)
                item = nil
                return
            }
            let inItem = parent.map { Self.isPlain($0) && ($0.localName == "item" || $0.localName == "entry") } ?? false
            switch (name.namespaceURI, name.localName) {
            case (Self.feedburnerNamespace, "origLink"):
                current.originalLink = value
            case (Self.dublinCoreNamespace, "creator"):
                if current.author == nil { current.author = value }
            case (Self.dublinCoreNamespace, "date"):
                setPublished(&current, value)
            case (Self.contentNamespace, "encoded"):
                current.content = value
            case (_, "name") where parent?.localName == "author" && parent?.namespaceURI == Self.atomNamespace:
                current.author = value
            case (_, let local) where inItem && Self.isPlain(name):
                switch local {
                case "title": current.title = value
                case "link" where name.namespaceURI != Self.atomNamespace && !value.isEmpty: current.link = value
                case "description", "summary": current.summary = value
                case "content": current.content = value
                case "guid", "id": current.id = value
                case "author" where name.namespaceURI != Self.atomNamespace: current.author = value
                case "pubDate", "published": setPublished(&current, value)
                case "updated": updatedText = value
                default: break
                }
            default:
                break
            }
            item = current
            return
        }
        guard let parent, Self.isPlain(name), Self.isPlain(parent),
            parent.localName == "channel" || (parent.localName == "feed" && feed.format == .atom)
        else { return }
        switch name.localName {
        case "title": feed.title = value
        case "link" where name.namespaceURI != Self.atomNamespace && !value.isEmpty: feed.link = value
        case "description", "subtitle": feed.description = value
        default: break
        }
    }

    private func setPublished(_ item: inout FeedItem, _ value: String) {
        guard item.publishedText == nil else { return }
        item.publishedText = value
        item.published = FeedDate.parse(value)
    }
}
