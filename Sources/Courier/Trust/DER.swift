import Foundation

/// A small ASN.1 reader (DER and the BER that PKCS#12 files sometimes use) and DER writer, for the few
/// structures Courier inspects itself: certificates (subject, validity, SubjectPublicKeyInfo) and PKCS#12
/// containers.
///
/// The reader never traps on bad input: every length is checked against the bytes that are there, nesting
/// is limited, and anything it does not understand is an ``DER/DecodingError``.
enum DER {
    /// Why some bytes are not the ASN.1 expected.
    struct DecodingError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// How deep indefinite-length (BER) elements may nest before the input is refused.
    static let maximumNesting = 32

    enum Tag {
        static let boolean: UInt8 = 0x01
        static let integer: UInt8 = 0x02
        static let bitString: UInt8 = 0x03
        static let octetString: UInt8 = 0x04
        static let null: UInt8 = 0x05
        static let objectIdentifier: UInt8 = 0x06
        static let utf8String: UInt8 = 0x0C
        static let printableString: UInt8 = 0x13
        static let teletexString: UInt8 = 0x14
        static let ia5String: UInt8 = 0x16
        static let utcTime: UInt8 = 0x17
        static let generalizedTime: UInt8 = 0x18
        static let universalString: UInt8 = 0x1C
        static let bmpString: UInt8 = 0x1E
        static let sequence: UInt8 = 0x30
        static let set: UInt8 = 0x31
        static let constructedOctetString: UInt8 = 0x24

        /// `[number]` context-specific and constructed (EXPLICIT tagging).
        static func explicit(_ number: UInt8) -> UInt8 { 0xA0 | number }
    }

    /// One element: its identifier octet, its content, and the bytes of the whole encoding.
    struct Node {
        /// The identifier octet (class, constructed bit and tag number below 31).
        let tag: UInt8
        /// The whole element as encoded (identifier, length, content, end-of-contents).
        let encoded: ArraySlice<UInt8>
        /// The content octets (for indefinite lengths: without the end-of-contents octets).
        let content: ArraySlice<UInt8>
        /// The children, already read, of an indefinite-length element.
        private let indefiniteChildren: [Node]?

        init(tag: UInt8, encoded: ArraySlice<UInt8>, content: ArraySlice<UInt8>, indefiniteChildren: [Node]?) {
            self.tag = tag
            self.encoded = encoded
            self.content = content
            self.indefiniteChildren = indefiniteChildren
        }

        var isConstructed: Bool { tag & 0x20 != 0 }

        /// The elements inside a constructed element.
        func children() throws -> [Node] {
            if let indefiniteChildren { return indefiniteChildren }
            guard isConstructed else { throw DecodingError("a primitive element has no children") }
            return try DER.elements(in: content, depth: 1)
        }

        /// The children, requiring this element to have the given tag.
        func children(expecting expected: UInt8, _ what: String) throws -> [Node] {
            guard tag == expected else { throw DecodingError("\(what) has the wrong type") }
            return try children()
        }

        /// The bytes of an OCTET STRING, primitive or (BER) constructed from pieces.
        func octetStringBytes() throws -> [UInt8] {
            if tag == Tag.octetString { return Array(content) }
            guard tag == Tag.constructedOctetString else { throw DecodingError("expected an OCTET STRING") }
            var bytes: [UInt8] = []
            for piece in try children() {
                bytes += try piece.octetStringBytes()
            }
            return bytes
        }

        /// The value of a non-negative INTEGER that fits in an `Int`.
        func integerValue() throws -> Int {
            guard tag == Tag.integer, !content.isEmpty, content.count <= 8 else {
                throw DecodingError("expected a small INTEGER")
            }
            guard let first = content.first, first & 0x80 == 0 else {
                throw DecodingError("expected a non-negative INTEGER")
            }
            var value = 0
            for byte in content {
                let (shifted, overflow) = value.multipliedReportingOverflow(by: 256)
                guard !overflow else { throw DecodingError("INTEGER too large") }
                value = shifted | Int(byte)
            }
            return value
        }

        /// The content of an OBJECT IDENTIFIER, for comparison with ``DER/OID`` constants.
        func objectIdentifier() throws -> [UInt8] {
            guard tag == Tag.objectIdentifier, !content.isEmpty else {
                throw DecodingError("expected an OBJECT IDENTIFIER")
            }
            return Array(content)
        }
    }

    /// Reads exactly one element filling `bytes`.
    static func parse(_ bytes: ArraySlice<UInt8>) throws -> Node {
        let (node, end) = try element(in: bytes, at: bytes.startIndex, depth: 0)
        guard end == bytes.endIndex else { throw DecodingError("unexpected bytes after the ASN.1 element") }
        return node
    }

    static func parse(_ bytes: [UInt8]) throws -> Node {
        try parse(bytes[...])
    }

    /// Reads the consecutive elements filling `bytes`.
    static func elements(in bytes: ArraySlice<UInt8>, depth: Int) throws -> [Node] {
        var nodes: [Node] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let (node, end) = try element(in: bytes, at: index, depth: depth)
            nodes.append(node)
            index = end
        }
        return nodes
    }

    private static func element(in bytes: ArraySlice<UInt8>, at start: Int, depth: Int) throws -> (Node, Int) {
        guard depth <= maximumNesting else { throw DecodingError("ASN.1 nested too deeply") }
        var index = start
        guard index < bytes.endIndex else { throw DecodingError("truncated ASN.1 element") }
        let tag = bytes[index]
        guard tag & 0x1F != 0x1F else { throw DecodingError("multi-byte ASN.1 tags are not supported") }
        index += 1
        guard index < bytes.endIndex else { throw DecodingError("truncated ASN.1 length") }
        let first = bytes[index]
        index += 1
        if first == 0x80 {
            // BER indefinite length: children until the end-of-contents octets 00 00.
            guard tag & 0x20 != 0 else { throw DecodingError("an indefinite length on a primitive element") }
            var children: [Node] = []
            let contentStart = index
            while true {
                guard index + 1 < bytes.endIndex else { throw DecodingError("missing end-of-contents octets") }
                if bytes[index] == 0, bytes[index + 1] == 0 { break }
                let (child, end) = try element(in: bytes, at: index, depth: depth + 1)
                children.append(child)
                index = end
            }
            let node = Node(
                tag: tag, encoded: bytes[start..<(index + 2)], content: bytes[contentStart..<index],
                indefiniteChildren: children)
            return (node, index + 2)
        }
        var length = 0
        if first & 0x80 == 0 {
            length = Int(first)
        } else {
            let count = Int(first & 0x7F)
            guard count <= 4 else { throw DecodingError("ASN.1 length too large") }
            guard bytes.endIndex - index >= count else { throw DecodingError("truncated ASN.1 length") }
            for _ in 0..<count {
                length = length << 8 | Int(bytes[index])
                index += 1
            }
        }
        guard bytes.endIndex - index >= length else { throw DecodingError("truncated ASN.1 content") }
        let content = bytes[index..<(index + length)]
        return (
            Node(tag: tag, encoded: bytes[start..<(index + length)], content: content, indefiniteChildren: nil),
            index + length
        )
    }

    // MARK: Writing

    /// One element with a definite length.
    static func encode(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        var bytes = [tag]
        let count = content.count
        if count < 0x80 {
            bytes.append(UInt8(count))
        } else {
            var lengthBytes: [UInt8] = []
            var remaining = count
            while remaining > 0 {
                lengthBytes.insert(UInt8(remaining & 0xFF), at: 0)
                remaining >>= 8
            }
            bytes.append(0x80 | UInt8(lengthBytes.count))
            bytes += lengthBytes
        }
        return bytes + content
    }

    static func sequence(_ parts: [[UInt8]]) -> [UInt8] {
        encode(Tag.sequence, parts.flatMap { $0 })
    }

    static func set(_ parts: [[UInt8]]) -> [UInt8] {
        encode(Tag.set, parts.flatMap { $0 })
    }

    static func integer(_ value: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var remaining = value
        repeat {
            bytes.insert(UInt8(remaining & 0xFF), at: 0)
            remaining >>= 8
        } while remaining > 0
        if let first = bytes.first, first & 0x80 != 0 { bytes.insert(0, at: 0) }
        return encode(Tag.integer, bytes)
    }

    static func octetString(_ bytes: [UInt8]) -> [UInt8] {
        encode(Tag.octetString, bytes)
    }

    static func objectIdentifier(_ content: [UInt8]) -> [UInt8] {
        encode(Tag.objectIdentifier, content)
    }

    static func bitString(_ bytes: [UInt8]) -> [UInt8] {
        encode(Tag.bitString, [0] + bytes)
    }

    static func explicit(_ number: UInt8, _ content: [UInt8]) -> [UInt8] {
        encode(Tag.explicit(number), content)
    }

    /// An `UTCTime` (years 1950–2049).
    static func utcTime(_ date: Date) -> [UInt8] {
        let (year, month, day, hour, minute, second) = civil(from: Int(date.timeIntervalSince1970.rounded(.down)))
        let text = [year % 100, month, day, hour, minute, second].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined()
        return encode(Tag.utcTime, Array((text + "Z").utf8))
    }

    // MARK: Object identifiers

    /// Object identifiers as their encoded content bytes.
    enum OID {
        static let data: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]
        static let encryptedData: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x06]
        static let keyBag: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x0C, 0x0A, 0x01, 0x01]
        static let shroudedKeyBag: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x0C, 0x0A, 0x01, 0x02]
        static let certBag: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x0C, 0x0A, 0x01, 0x03]
        static let x509Certificate: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x09, 0x16, 0x01]
        static let sha1: [UInt8] = [0x2B, 0x0E, 0x03, 0x02, 0x1A]
        static let sha224: [UInt8] = [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x04]
        static let sha256: [UInt8] = [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01]
        static let sha384: [UInt8] = [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x02]
        static let sha512: [UInt8] = [0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x03]
        static let ecPublicKey: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]
        static let prime256v1: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
        static let ecdsaWithSHA256: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x02]
        static let commonName: [UInt8] = [0x55, 0x04, 0x03]

        /// Short names of the attribute types a distinguished name usually has (RFC 4514's, plus the
        /// e-mail address).
        static let attributeNames: [[UInt8]: String] = [
            [0x55, 0x04, 0x03]: "CN",
            [0x55, 0x04, 0x06]: "C",
            [0x55, 0x04, 0x07]: "L",
            [0x55, 0x04, 0x08]: "ST",
            [0x55, 0x04, 0x09]: "STREET",
            [0x55, 0x04, 0x0A]: "O",
            [0x55, 0x04, 0x0B]: "OU",
            [0x55, 0x04, 0x05]: "serialNumber",
            [0x09, 0x92, 0x26, 0x89, 0x93, 0xF2, 0x2C, 0x64, 0x01, 0x19]: "DC",
            [0x09, 0x92, 0x26, 0x89, 0x93, 0xF2, 0x2C, 0x64, 0x01, 0x01]: "UID",
            [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x09, 0x01]: "emailAddress",
        ]

        /// Dotted-decimal text of an encoded OID, for messages.
        static func dotted(_ content: [UInt8]) -> String {
            var values: [Int] = []
            var value = 0
            for byte in content {
                guard value <= Int.max >> 7 else { return "?" }
                value = value << 7 | Int(byte & 0x7F)
                if byte & 0x80 == 0 {
                    values.append(value)
                    value = 0
                }
            }
            guard let first = values.first else { return "?" }
            let head = first < 80 ? [first / 40, first % 40] : [2, first - 80]
            return (head + values.dropFirst()).map(String.init).joined(separator: ".")
        }
    }

    // MARK: Text and time values

    /// The text of a directory string, or `nil` for a type that is not one.
    static func string(_ node: Node) -> String? {
        let bytes = Array(node.content)
        switch node.tag {
        case Tag.utf8String, Tag.printableString, Tag.ia5String:
            return String(decoding: bytes, as: UTF8.self)
        case Tag.teletexString:
            return String(bytes.map { Character(Unicode.Scalar($0)) })
        case Tag.bmpString:
            guard bytes.count % 2 == 0 else { return nil }
            let units = stride(from: 0, to: bytes.count, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
            return String(decoding: units, as: UTF16.self)
        case Tag.universalString:
            guard bytes.count % 4 == 0 else { return nil }
            var text = ""
            for offset in stride(from: 0, to: bytes.count, by: 4) {
                let value =
                    UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
                    | UInt32(bytes[offset + 3])
                guard let scalar = Unicode.Scalar(value) else { return nil }
                text.unicodeScalars.append(scalar)
            }
            return text
        default:
            return nil
        }
    }

    /// The date of an `UTCTime` or `GeneralizedTime` (fractions of a second are dropped).
    static func date(_ node: Node) throws -> Date {
        let text = String(decoding: node.content, as: UTF8.self)
        var digits = Array(text.utf8)
        guard digits.last == UInt8(ascii: "Z") else { throw DecodingError("a certificate time is not in UTC") }
        digits.removeLast()
        if let dot = digits.firstIndex(of: UInt8(ascii: ".")), node.tag == Tag.generalizedTime {
            digits = Array(digits[..<dot])
        }
        guard digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { throw DecodingError("a malformed time") }
        func number(_ range: Range<Int>) -> Int {
            digits[range].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        let year: Int
        let rest: Int
        switch (node.tag, digits.count) {
        case (Tag.utcTime, 12):
            let short = number(0..<2)
            year = short < 50 ? 2000 + short : 1900 + short
            rest = 2
        case (Tag.generalizedTime, 14):
            year = number(0..<4)
            rest = 4
        default:
            throw DecodingError("a malformed certificate time")
        }
        let month = number(rest..<(rest + 2))
        let day = number((rest + 2)..<(rest + 4))
        let hour = number((rest + 4)..<(rest + 6))
        let minute = number((rest + 6)..<(rest + 8))
        let second = number((rest + 8)..<(rest + 10))
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else {
            throw DecodingError("a malformed certificate time")
        }
        let days = CivilDate.days(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86400 + hour * 3600 + minute * 60 + second))
    }

    /// The civil date and time of seconds since 1970 (UTC).
    static func civil(from seconds: Int) -> (Int, Int, Int, Int, Int, Int) {
        let (days, secondOfDay) = CivilDate.split(seconds: seconds)
        let (year, month, day) = CivilDate.date(fromDays: days)
        return (year, month, day, secondOfDay / 3600, secondOfDay % 3600 / 60, secondOfDay % 60)
    }
}
