import NIOCore

/// The `attach` frame that opens a resource or a stream on a connection of its own, in place of an invitation:
/// `u8 what (0 resource, 1 stream) | u64 length (a resource's byte count; 0 for a stream) | u8 n | name[n]`, the
/// name 1…255 bytes of UTF-8.
public struct PeerAttach: Sendable, Hashable {
    /// What follows.
    public enum What: UInt8, Sendable, Hashable {
        /// A file of a known length, stored by the receiver.
        case resource = 0
        /// A byte stream handed to the receiver's application.
        case stream = 1
    }

    /// What follows.
    public let what: What
    /// A resource's length in bytes; 0 for a stream.
    public let length: UInt64
    /// The name the sender gave it.
    public let name: String

    /// Creates an attach body.
    ///
    /// - Throws: ``PeersError`` `invalidArgument` for a name outside 1…255 UTF-8 bytes.
    public init(what: What, length: UInt64, name: String) throws(PeersError) {
        guard (1...255).contains(name.utf8.count) else {
            throw PeersError(
                .invalidArgument, "a resource or stream name must have 1…255 bytes; \"\(name)\" has \(name.utf8.count)")
        }
        self.what = what
        self.length = length
        self.name = name
    }

    /// The body's bytes.
    public func encoded() -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeInteger(what.rawValue)
        buffer.writeInteger(length)
        buffer.writeInteger(UInt8(name.utf8.count))
        buffer.writeString(name)
        return buffer
    }

    /// Parses a body.
    ///
    /// - Throws: ``PeersError`` `malformed` for a short body, an unknown kind, a bad name or trailing bytes.
    public init(decoding body: ByteBuffer) throws(PeersError) {
        var buffer = body
        guard let rawWhat = buffer.readInteger(as: UInt8.self), let length = buffer.readInteger(as: UInt64.self),
            let nameLength = buffer.readInteger(as: UInt8.self),
            let nameBytes = buffer.readBytes(length: Int(nameLength))
        else { throw PeersError(.malformed, "the attach frame is too short") }
        guard let what = What(rawValue: rawWhat) else {
            throw PeersError(.malformed, "the attach frame names unknown content \(rawWhat)")
        }
        guard buffer.readableBytes == 0 else {
            throw PeersError(.malformed, "the attach frame has \(buffer.readableBytes) trailing bytes")
        }
        guard nameBytes.isEmpty == false, let name = String(validating: nameBytes, as: UTF8.self) else {
            throw PeersError(.malformed, "the attach frame's name must be 1…255 bytes of UTF-8")
        }
        self.what = what
        self.length = length
        self.name = name
    }
}
