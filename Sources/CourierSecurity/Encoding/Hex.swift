import Foundation

/// Lowercase hexadecimal encoding of bytes, as digests and MACs are usually printed.
///
/// ```swift
/// Hex.encode(Data([0xde, 0xad]))        // "dead"
/// try Hex.decode("DEAD")                // 2 bytes; either case is accepted
/// ```
public enum Hex {
    private static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Encodes bytes as lowercase hex, two characters per byte.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes hex text (upper or lower case) into bytes.
    ///
    /// - Throws: ``SecurityError/Code/invalidEncoding`` when the text has an odd length or a
    ///   character outside `0-9a-fA-F`.
    public static func decode(_ text: some StringProtocol) throws -> Data {
        let utf8 = Array(text.utf8)
        guard utf8.count.isMultiple(of: 2) else {
            throw SecurityError(.invalidEncoding, "hex text has an odd number of characters (\(utf8.count))")
        }
        var output = Data(capacity: utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = value(of: utf8[index]), let low = value(of: utf8[index + 1]) else {
                throw SecurityError(.invalidEncoding, "hex text has a character outside 0-9a-f at offset \(index)")
            }
            output.append(high << 4 | low)
            index += 2
        }
        return output
    }

    /// The value of one hex digit (upper or lower case), or `nil` for any other character.
    package static func value(of character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
