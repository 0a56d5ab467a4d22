import NIOCore

/// Cuts frames out of accumulated bytes: the pure state machine behind ``FrameDecoder``.
///
/// The parser remembers how far it has already scanned for a terminator, so feeding a long line byte by
/// byte stays linear, and it refuses a frame as soon as it is known to be over the maximum, so the
/// buffer it is fed never needs to hold more than one maximum frame plus a terminator.
struct FrameParser {
    /// Where the parser is inside the current frame.
    enum State: Equatable {
        /// Looking for a terminator or a header; `scanned` bytes at the front are known not to end a frame.
        case searching(scanned: Int)
        /// A length prefix was read; `length` payload bytes are expected.
        case awaitingPayload(length: Int)
    }

    let framing: Framing
    private(set) var state: State = .searching(scanned: 0)

    init(framing: Framing) {
        self.framing = framing
    }

    /// Takes the next complete frame from the front of `buffer`, or returns nil when more bytes are needed.
    ///
    /// - Throws: ``SocketError`` with ``SocketError/Code/dataLengthExceedsMaximum`` when the frame being
    ///   received is over the maximum.
    mutating func nextFrame(from buffer: inout ByteBuffer) throws(SocketError) -> ByteBuffer? {
        switch framing {
        case .bytes:
            return buffer.readableBytes > 0 ? buffer.readSlice(length: buffer.readableBytes) : nil
        case .lines(let maximumLength, _):
            return try nextDelimited(from: &buffer, delimiter: [0x0A], maximumLength: maximumLength, stripsCR: true)
        case .delimiter(let delimiter, let maximumLength):
            return try nextDelimited(from: &buffer, delimiter: delimiter, maximumLength: maximumLength, stripsCR: false)
        case .fixedSize(let size):
            return buffer.readSlice(length: size)
        case .lengthPrefixed(let width, let byteOrder, let maximumLength):
            return try nextLengthPrefixed(
                from: &buffer, width: width, byteOrder: byteOrder, maximumLength: maximumLength)
        }
    }

    /// Called when the stream ended: returns a last frame if the framing allows an unterminated one.
    ///
    /// - Throws: ``SocketError`` with ``SocketError/Code/networkConnectionLost`` when the stream ended
    ///   inside a frame that cannot be delivered partially.
    mutating func finish(remaining buffer: inout ByteBuffer) throws(SocketError) -> ByteBuffer? {
        let pending = buffer.readableBytes
        if case .awaitingPayload(let length) = state {
            throw Self.endedInsideFrame(received: pending, expected: length)
        }
        guard pending > 0 else { return nil }
        switch framing {
        case .bytes:
            return buffer.readSlice(length: pending)
        case .lines:
            // A last line without a newline is still a line (as `nc` sends it when its input ends).
            state = .searching(scanned: 0)
            var line = buffer.readSlice(length: pending) ?? ByteBuffer()
            if line.readableBytesView.last == 0x0D { line.moveWriterIndex(to: line.writerIndex - 1) }
            return line
        case .delimiter, .fixedSize, .lengthPrefixed:
            throw Self.endedInsideFrame(received: pending, expected: nil)
        }
    }

    private static func endedInsideFrame(received: Int, expected: Int?) -> SocketError {
        let of = expected.map { " of \($0)" } ?? ""
        return SocketError(
            code: .networkConnectionLost,
            message: "The connection ended inside a frame (\(received)\(of) bytes received)."
        )
    }

    private mutating func nextDelimited(
        from buffer: inout ByteBuffer,
        delimiter: [UInt8],
        maximumLength: Int,
        stripsCR: Bool
    ) throws(SocketError) -> ByteBuffer? {
        guard case .searching(let scanned) = state else { return nil }
        let view = buffer.readableBytesView
        let start = view.startIndex
        var position = start + max(0, scanned - (delimiter.count - 1))
        var found: Int? = nil
        while position + delimiter.count <= view.endIndex {
            if view[position] == delimiter[0] {
                var matches = true
                for offset in 1..<delimiter.count where view[position + offset] != delimiter[offset] {
                    matches = false
                    break
                }
                if matches {
                    found = position - start
                    break
                }
            }
            position += 1
        }
        guard let frameLength = found else {
            // A CR may still be followed by its LF, so a line may hold one byte more than its maximum.
            let allowance = stripsCR ? 1 : 0
            if view.count > maximumLength + allowance {
                throw SocketError.frameTooLarge(length: view.count, maximum: maximumLength)
            }
            state = .searching(scanned: view.count)
            return nil
        }
        var payloadLength = frameLength
        if stripsCR, payloadLength > 0, view[start + payloadLength - 1] == 0x0D { payloadLength -= 1 }
        if payloadLength > maximumLength {
            throw SocketError.frameTooLarge(length: payloadLength, maximum: maximumLength)
        }
        state = .searching(scanned: 0)
        let frame = buffer.getSlice(at: buffer.readerIndex, length: payloadLength)
        buffer.moveReaderIndex(forwardBy: frameLength + delimiter.count)
        return frame
    }

    private mutating func nextLengthPrefixed(
        from buffer: inout ByteBuffer,
        width: Framing.PrefixWidth,
        byteOrder: Endianness,
        maximumLength: Int
    ) throws(SocketError) -> ByteBuffer? {
        if case .searching = state {
            let announced: UInt64?
            switch width {
            case .one: announced = buffer.readInteger(endianness: byteOrder, as: UInt8.self).map(UInt64.init)
            case .two: announced = buffer.readInteger(endianness: byteOrder, as: UInt16.self).map(UInt64.init)
            case .four: announced = buffer.readInteger(endianness: byteOrder, as: UInt32.self).map(UInt64.init)
            case .eight: announced = buffer.readInteger(endianness: byteOrder, as: UInt64.self)
            }
            guard let announced else { return nil }
            guard announced <= UInt64(maximumLength) else {
                throw SocketError(
                    code: .dataLengthExceedsMaximum,
                    message: "A frame of \(announced) bytes was announced; the maximum is \(maximumLength) bytes."
                )
            }
            state = .awaitingPayload(length: Int(announced))
        }
        guard case .awaitingPayload(let length) = state, let frame = buffer.readSlice(length: length) else {
            return nil
        }
        state = .searching(scanned: 0)
        return frame
    }
}
