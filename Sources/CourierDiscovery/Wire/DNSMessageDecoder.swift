/// Parses whole mDNS datagrams. A datagram that breaks any rule is refused entirely, so no part of it is acted on;
/// records that are merely unusable (non-UTF-8 names, TXT strings overrunning their rdata) are skipped.
enum DNSMessageDecoder {
    static func decode(_ bytes: [UInt8]) throws(DNSDecodingError) -> DNSMessage {
        guard bytes.count >= 12, bytes.count <= DNSMessage.maximumDatagramSize else {
            throw .badLength(bytes.count)
        }
        var reader = Reader(bytes: bytes, offset: 0)
        let id = try reader.readUInt16()
        let flags = try reader.readUInt16()
        // OPCODE is bits 11–14, RCODE bits 0–3 (RFC 6762 §18.3, §18.11).
        guard flags & 0x7800 == 0, flags & 0x000F == 0 else {
            throw .unsupportedOpcodeOrRcode(flags: flags)
        }
        let questionCount = Int(try reader.readUInt16())
        let answerCount = Int(try reader.readUInt16())
        let authorityCount = Int(try reader.readUInt16())
        let additionalCount = Int(try reader.readUInt16())
        // Each question takes at least 5 bytes and each record 11: counts beyond the data fail before any work.
        let minimum = 12 + questionCount * 5 + (answerCount + authorityCount + additionalCount) * 11
        guard minimum <= bytes.count else {
            throw .truncated(offset: bytes.count)
        }

        var questions: [DNSQuestion] = []
        questions.reserveCapacity(questionCount)
        for _ in 0..<questionCount {
            let name = try reader.readName()
            let type = DNSRecordType(rawValue: try reader.readUInt16())
            let rawClass = try reader.readUInt16()
            if let name {
                questions.append(
                    DNSQuestion(
                        name: name, type: type, recordClass: rawClass & 0x7FFF,
                        unicastResponse: rawClass & 0x8000 != 0))
            }
        }
        let answers = try reader.readRecords(answerCount)
        let authorities = try reader.readRecords(authorityCount)
        let additionals = try reader.readRecords(additionalCount)
        return DNSMessage(
            id: id,
            isResponse: flags & 0x8000 != 0,
            isAuthoritative: flags & 0x0400 != 0,
            isTruncated: flags & 0x0200 != 0,
            questions: questions,
            answers: answers,
            authorities: authorities,
            additionals: additionals
        )
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset: Int

        mutating func readUInt16() throws(DNSDecodingError) -> UInt16 {
            guard offset + 2 <= bytes.count else { throw .truncated(offset: offset) }
            defer { offset += 2 }
            return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
        }

        mutating func readUInt32() throws(DNSDecodingError) -> UInt32 {
            let high = try readUInt16()
            let low = try readUInt16()
            return UInt32(high) << 16 | UInt32(low)
        }

        mutating func readRecords(_ count: Int) throws(DNSDecodingError) -> [DNSResourceRecord] {
            var records: [DNSResourceRecord] = []
            records.reserveCapacity(count)
            for _ in 0..<count {
                if let record = try readRecord() {
                    records.append(record)
                }
            }
            return records
        }

        /// Reads one record; `nil` when it parsed but is unusable and skipped.
        mutating func readRecord() throws(DNSDecodingError) -> DNSResourceRecord? {
            let name = try readName()
            let type = DNSRecordType(rawValue: try readUInt16())
            let rawClass = try readUInt16()
            let rawTTL = try readUInt32()
            let length = Int(try readUInt16())
            let start = offset
            let end = start + length
            guard end <= bytes.count else { throw .truncated(offset: start) }
            let data = try readData(type: type, end: end)
            offset = end
            guard let name, let data else { return nil }
            // A TTL with the top bit set is treated as 0 (RFC 2181 §8).
            let ttl = rawTTL & 0x8000_0000 != 0 ? 0 : rawTTL
            return DNSResourceRecord(
                name: name, ttl: ttl, cacheFlush: rawClass & 0x8000 != 0, recordClass: rawClass & 0x7FFF,
                data: data)
        }

        private mutating func readData(type: DNSRecordType, end: Int) throws(DNSDecodingError) -> DNSRecordData? {
            let length = end - offset
            switch type {
            case .a, .aaaa:
                let expected = type == .a ? 4 : 16
                guard length == expected else { throw .badAddressLength(type: type, length: length) }
                let address = Array(bytes[offset..<end])
                return type == .a ? .a(address) : .aaaa(address)
            case .ptr:
                let target = try readName(limit: end)
                guard offset == end else { throw .badRecordData(type: type, offset: offset) }
                return target.map { .ptr($0) }
            case .srv:
                guard length >= 7 else { throw .badRecordData(type: type, offset: offset) }
                let priority = try readUInt16()
                let weight = try readUInt16()
                let port = try readUInt16()
                let target = try readName(limit: end)
                guard offset == end else { throw .badRecordData(type: type, offset: offset) }
                return target.map { .srv(priority: priority, weight: weight, port: port, target: $0) }
            case .txt:
                var strings: [[UInt8]] = []
                var cursor = offset
                while cursor < end {
                    let count = Int(bytes[cursor])
                    // A string overrunning the rdata makes the record unusable, not the datagram.
                    guard cursor + 1 + count <= end else { return nil }
                    if count > 0 || length > 1 {
                        strings.append(Array(bytes[(cursor + 1)..<(cursor + 1 + count)]))
                    }
                    cursor += 1 + count
                }
                return .txt(strings)
            case .nsec:
                let next = try readName(limit: end)
                var types: Set<DNSRecordType> = []
                var cursor = offset
                while cursor < end {
                    guard cursor + 2 <= end else { throw .badRecordData(type: type, offset: cursor) }
                    let window = Int(bytes[cursor])
                    let count = Int(bytes[cursor + 1])
                    guard count >= 1, count <= 32, cursor + 2 + count <= end else {
                        throw .badRecordData(type: type, offset: cursor)
                    }
                    for index in 0..<count {
                        let byte = bytes[cursor + 2 + index]
                        for bit in 0..<8 where byte & (0x80 >> UInt8(bit)) != 0 {
                            types.insert(DNSRecordType(rawValue: UInt16(window << 8 | (index * 8 + bit))))
                        }
                    }
                    cursor += 2 + count
                }
                return next.map { .nsec(next: $0, types: types) }
            default:
                return .other(type: type, bytes: Array(bytes[offset..<end]))
            }
        }

        /// The label of `count` bytes at `start` as a string, or `nil` when it is not UTF-8. ASCII, the common case,
        /// is copied without the generic validating initializer (which looked up type metadata on every call).
        static func label(_ bytes: [UInt8], from start: Int, count: Int) -> String? {
            bytes.withUnsafeBufferPointer { buffer in
                let slice = UnsafeBufferPointer(rebasing: buffer[start..<(start + count)])
                var isASCII = true
                for byte in slice where byte >= 0x80 {
                    isASCII = false
                    break
                }
                if isASCII { return String(decoding: slice, as: UTF8.self) }
                return String(validating: slice, as: UTF8.self)
            }
        }

        /// Reads a possibly compressed name. Its inline part must end before `limit`; each pointer must point
        /// before the start of the labels it continues, so positions strictly decrease and loops are impossible.
        /// Returns `nil` for a well-formed name with a label that is not UTF-8 (such names are ignored).
        mutating func readName(limit: Int? = nil) throws(DNSDecodingError) -> DNSName? {
            let limit = limit ?? bytes.count
            let nameStart = offset
            var cursor = offset
            var segmentStart = offset
            var jumped = false
            var labels: [String] = []
            labels.reserveCapacity(4)
            var wireLength = 1
            var labelCount = 0
            var valid = true
            while true {
                let bound = jumped ? bytes.count : limit
                guard cursor < bound else { throw .truncated(offset: cursor) }
                let byte = bytes[cursor]
                switch byte {
                case 0:
                    if jumped == false { offset = cursor + 1 }
                    return valid ? DNSName(uncheckedLabels: labels) : nil
                case 1...63:
                    let count = Int(byte)
                    guard cursor + 1 + count <= bound else { throw .truncated(offset: cursor) }
                    wireLength += count + 1
                    labelCount += 1
                    guard wireLength <= DNSName.maximumWireLength, labelCount <= DNSName.maximumLabelCount else {
                        throw .nameTooLong(offset: nameStart)
                    }
                    if valid {
                        if let label = Self.label(bytes, from: cursor + 1, count: count) {
                            labels.append(label)
                        } else {
                            valid = false
                        }
                    }
                    cursor += 1 + count
                case 0xC0...0xFF:
                    guard cursor + 2 <= bound else { throw .truncated(offset: cursor) }
                    let target = Int(byte & 0x3F) << 8 | Int(bytes[cursor + 1])
                    guard target < segmentStart else { throw .badPointer(offset: cursor, target: target) }
                    if jumped == false { offset = cursor + 2 }
                    jumped = true
                    segmentStart = target
                    cursor = target
                default:
                    throw .badLabelType(offset: cursor, byte: byte)
                }
            }
        }
    }
}
