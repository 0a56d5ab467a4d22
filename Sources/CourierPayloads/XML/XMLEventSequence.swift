import Courier
import NIOCore

/// The ``XMLEvent``s of a document that arrives as byte chunks, available while the download is
/// still running.
///
/// ```swift
/// let response = try await session.bytes(for: request)
/// for try await event in response.stream.xmlEvents() {
///     if case .startElement(let name, _) = event, name.localName == "item" { count += 1 }
/// }
/// ```
///
/// Iteration throws ``CourierError`` with code `cannotParseResponse` and kind `.payload` when the
/// document is malformed; its `underlyingError` is the ``XMLParseError`` with line and column.
/// Errors of the underlying body are rethrown unchanged.
public struct XMLEventSequence<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable
where Base.Element == ByteBuffer {
    /// Each element is one parsing event (start and end of an element, text, and so on).
    public typealias Element = XMLEvent

    let base: Base
    let processesNamespaces: Bool
    let limits: XMLStreamParser.Limits

    /// Parses the chunks of `base`.
    public init(
        _ base: Base, processesNamespaces: Bool = true, limits: XMLStreamParser.Limits = XMLStreamParser.Limits()
    ) {
        self.base = base
        self.processesNamespaces = processesNamespaces
        self.limits = limits
    }

    /// Starts parsing; each iterator parses the body from its start.
    public func makeAsyncIterator() -> Iterator {
        Iterator(
            chunks: base.makeAsyncIterator(),
            parser: XMLStreamParser(processesNamespaces: processesNamespaces, limits: limits))
    }

    /// Feeds chunks to the parser as the events of the previous one run out.
    public struct Iterator: AsyncIteratorProtocol {
        var chunks: Base.AsyncIterator
        var parser: XMLStreamParser
        var pending: [XMLEvent] = []
        var nextIndex = 0
        var finished = false

        /// The next event, reading more chunks as needed; `nil` after `endDocument`.
        /// - Throws: `CourierError` (`cannotParseResponse`) for malformed XML, or the body's errors.
        public mutating func next() async throws -> XMLEvent? {
            while nextIndex == pending.count {
                if finished { return nil }
                var events: [XMLEvent] = []
                do {
                    if let chunk = try await chunks.next() {
                        try parser.feed(chunk.readableBytesView) { events.append($0) }
                    } else {
                        finished = true
                        try parser.finish { events.append($0) }
                    }
                } catch let error as XMLParseError {
                    finished = true
                    throw CourierError(
                        .cannotParseResponse, kind: .payload, message: "the XML response is malformed: \(error)",
                        underlyingError: error)
                }
                pending = events
                nextIndex = 0
            }
            defer { nextIndex += 1 }
            return pending[nextIndex]
        }
    }
}

extension ResponseBody {
    /// The body parsed as XML while it streams. See ``XMLEventSequence``.
    public func xmlEvents(
        processesNamespaces: Bool = true, limits: XMLStreamParser.Limits = XMLStreamParser.Limits()
    ) -> XMLEventSequence<ResponseBody> {
        XMLEventSequence(self, processesNamespaces: processesNamespaces, limits: limits)
    }
}
