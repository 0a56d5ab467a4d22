import NIOCore

/// Writes a command line followed by CR LF.
struct FTPCommandEncoder: MessageToByteEncoder {
    typealias OutboundIn = String

    func encode(data: String, out: inout ByteBuffer) throws {
        out.writeString(data)
        out.writeString("\r\n")
    }
}
