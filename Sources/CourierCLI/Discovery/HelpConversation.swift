import NIOCore

/// The Associate Help / Consumer Help exchange of the book's chapter 13: one line each way over TCP.
enum HelpConversation {
    static let serviceType = "_associateHelp._tcp"
    static let request = "A customer needs help."
    static let reply = "On my way!"
    /// A line longer than this is cut: the demo never sends one, and a peer must not make us buffer without end.
    static let maximumLineLength = 4096

    /// Reads one line (without its newline) from `inbound`; `nil` if the peer closed first.
    static func readLine(from inbound: NIOAsyncChannelInboundStream<ByteBuffer>) async throws -> String? {
        var bytes: [UInt8] = []
        for try await var buffer in inbound {
            while let byte = buffer.readInteger(as: UInt8.self) {
                if byte == UInt8(ascii: "\n") || bytes.count >= maximumLineLength {
                    return String(decoding: bytes, as: UTF8.self)
                }
                bytes.append(byte)
            }
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }
}
