/// `%XX` escapes, for Courier's `URLEncoding` and the links module's `PercentEncoding`, which differ in which bytes
/// they keep and in how they report a malformed escape.
package enum PercentCoding {
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Appends `byte` as `%XX`, with upper-case hex.
    package static func appendEscape(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "%"))
        output.append(hexDigits[Int(byte >> 4)])
        output.append(hexDigits[Int(byte & 0x0F)])
    }

    /// Escapes every byte of `bytes` as `%XX` except those `keep` accepts.
    package static func encode(_ bytes: some Sequence<UInt8>, keeping keep: (UInt8) -> Bool) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.underestimatedCount * 3)
        for byte in bytes {
            if keep(byte) {
                output.append(byte)
            } else {
                appendEscape(byte, to: &output)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// A `%` that is not followed by two hex digits.
    package struct MalformedEscape: Error {
        /// The offset of the `%` in the input's UTF-8.
        package let offset: Int
    }

    /// Decodes the `%XX` escapes of `utf8` into bytes; with `plusAsSpace`, a `+` becomes a space (HTML forms).
    ///
    /// - Throws: ``MalformedEscape`` for a `%` not followed by two hex digits.
    package static func decode(_ utf8: [UInt8], plusAsSpace: Bool = false) throws(MalformedEscape) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < utf8.count, let high = Hex.value(of: utf8[index + 1]),
                    let low = Hex.value(of: utf8[index + 2])
                else { throw MalformedEscape(offset: index) }
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return output
    }
}
