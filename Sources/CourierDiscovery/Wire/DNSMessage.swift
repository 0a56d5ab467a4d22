import NIOCore

/// A DNS message as mDNS uses it: header fields and the four sections.
///
/// ```swift
/// let query = DNSMessage.query([DNSQuestion(name: try DNSName("_http._tcp.local."), type: .ptr)])
/// let bytes = try query.encoded()
/// let again = try DNSMessage(decoding: bytes)
/// ```
public struct DNSMessage: Hashable, Sendable {
    /// The largest datagram mDNS accepts, headers included (RFC 6762 §17).
    public static let maximumDatagramSize = 9000

    /// The query ID: 0 in mDNS except in replies to legacy unicast queries, which echo it.
    public var id: UInt16
    /// QR: a response rather than a query.
    public var isResponse: Bool
    /// AA: set on every mDNS response.
    public var isAuthoritative: Bool
    /// TC: in a query, more known answers follow in another packet.
    public var isTruncated: Bool
    /// The question section.
    public var questions: [DNSQuestion]
    /// The answer section.
    public var answers: [DNSResourceRecord]
    /// The authority section: a prober's proposed records.
    public var authorities: [DNSResourceRecord]
    /// The additional section.
    public var additionals: [DNSResourceRecord]

    /// Creates a message from its parts.
    public init(
        id: UInt16 = 0,
        isResponse: Bool,
        isAuthoritative: Bool = false,
        isTruncated: Bool = false,
        questions: [DNSQuestion] = [],
        answers: [DNSResourceRecord] = [],
        authorities: [DNSResourceRecord] = [],
        additionals: [DNSResourceRecord] = []
    ) {
        self.id = id
        self.isResponse = isResponse
        self.isAuthoritative = isAuthoritative
        self.isTruncated = isTruncated
        self.questions = questions
        self.answers = answers
        self.authorities = authorities
        self.additionals = additionals
    }

    /// A multicast query (flags `0000`) with optional known answers.
    public static func query(_ questions: [DNSQuestion], knownAnswers: [DNSResourceRecord] = []) -> DNSMessage {
        DNSMessage(isResponse: false, questions: questions, answers: knownAnswers)
    }

    /// An mDNS response (flags `8400`): no questions, answers and additionals only.
    public static func response(answers: [DNSResourceRecord], additionals: [DNSResourceRecord] = []) -> DNSMessage {
        DNSMessage(isResponse: true, isAuthoritative: true, answers: answers, additionals: additionals)
    }

    /// The 16-bit flags word as it goes on the wire (opcode and rcode are always 0 in mDNS).
    public var flags: UInt16 {
        (isResponse ? 0x8000 : 0) | (isAuthoritative ? 0x0400 : 0) | (isTruncated ? 0x0200 : 0)
    }

    /// Every record of the answer, authority and additional sections, in order.
    public var allRecords: [DNSResourceRecord] { answers + authorities + additionals }

    /// Decodes a whole datagram; nothing is returned unless every section parses.
    ///
    /// - Throws: ``DNSDecodingError`` naming the first rule the datagram breaks.
    public init(decoding buffer: ByteBuffer) throws(DNSDecodingError) {
        self = try DNSMessageDecoder.decode(Array(buffer.readableBytesView))
    }

    /// Decodes a whole datagram from bytes.
    ///
    /// - Throws: ``DNSDecodingError`` naming the first rule the datagram breaks.
    public init(decoding bytes: [UInt8]) throws(DNSDecodingError) {
        self = try DNSMessageDecoder.decode(bytes)
    }

    /// Encodes the message with name compression.
    ///
    /// - Throws: ``DiscoveryError`` `badArgument` when a section has more than 65 535 entries or a TXT string is
    ///   longer than 255 bytes.
    public func encoded() throws(DiscoveryError) -> [UInt8] {
        var encoder = DNSMessageEncoder()
        try encoder.write(self)
        return encoder.bytes
    }

    /// Encodes the message into a `ByteBuffer`.
    ///
    /// - Throws: ``DiscoveryError`` as ``encoded()`` does.
    public func encodedBuffer(allocator: ByteBufferAllocator = ByteBufferAllocator()) throws(DiscoveryError)
        -> ByteBuffer
    {
        let bytes = try encoded()
        var buffer = allocator.buffer(capacity: bytes.count)
        buffer.writeBytes(bytes)
        return buffer
    }
}
