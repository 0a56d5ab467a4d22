/// Writes DNS messages with name compression (RFC 1035 §4.1.4): each name suffix already written is replaced by
/// a pointer to its first occurrence, so pointers only ever point backwards.
struct DNSMessageEncoder {
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []
    /// Offsets of name suffixes already written, keyed by their canonical (lowercased) form.
    private var suffixOffsets: [[UInt8]: Int] = [:]

    init() {
        bytes.reserveCapacity(512)
    }

    mutating func write(_ message: DNSMessage) throws(DiscoveryError) {
        for count in [
            message.questions.count, message.answers.count, message.authorities.count, message.additionals.count,
        ] where count > Int(UInt16.max) {
            throw DiscoveryError(.badArgument, "a DNS message section has \(count) entries; limit 65535")
        }
        writeUInt16(message.id)
        writeUInt16(message.flags)
        writeUInt16(UInt16(message.questions.count))
        writeUInt16(UInt16(message.answers.count))
        writeUInt16(UInt16(message.authorities.count))
        writeUInt16(UInt16(message.additionals.count))
        for question in message.questions {
            write(question)
        }
        for record in message.answers { try write(record) }
        for record in message.authorities { try write(record) }
        for record in message.additionals { try write(record) }
    }

    mutating func write(_ question: DNSQuestion) {
        writeName(question.name, compress: true)
        writeUInt16(question.type.rawValue)
        writeUInt16((question.recordClass & 0x7FFF) | (question.unicastResponse ? 0x8000 : 0))
    }

    mutating func write(_ record: DNSResourceRecord) throws(DiscoveryError) {
        writeName(record.name, compress: true)
        writeUInt16(record.type.rawValue)
        writeUInt16((record.recordClass & 0x7FFF) | (record.cacheFlush ? 0x8000 : 0))
        writeUInt32(record.ttl)
        let lengthOffset = bytes.count
        writeUInt16(0)
        try writeData(record.data, compress: true)
        let length = bytes.count - lengthOffset - 2
        guard length <= Int(UInt16.max) else {
            throw DiscoveryError(.badArgument, "record data has \(length) bytes; limit 65535")
        }
        bytes[lengthOffset] = UInt8(length >> 8)
        bytes[lengthOffset + 1] = UInt8(length & 0xFF)
    }

    /// The rdata of `data` without compression: the form probing tie-breaks compare (RFC 6762 §8.2).
    static func canonicalBytes(of data: DNSRecordData) -> [UInt8] {
        var encoder = DNSMessageEncoder()
        // TXT strings longer than 255 bytes cannot reach here: TXTRecord and the decoder both refuse them.
        try? encoder.writeData(data, compress: false)
        return encoder.bytes
    }

    private mutating func writeData(_ data: DNSRecordData, compress: Bool) throws(DiscoveryError) {
        switch data {
        case .a(let address), .aaaa(let address):
            bytes.append(contentsOf: address)
        case .ptr(let name):
            writeName(name, compress: compress)
        case .srv(let priority, let weight, let port, let target):
            writeUInt16(priority)
            writeUInt16(weight)
            writeUInt16(port)
            writeName(target, compress: compress)
        case .txt(let strings):
            if strings.isEmpty {
                bytes.append(0)
            }
            for string in strings {
                guard string.count <= 255 else {
                    throw DiscoveryError(.badArgument, "TXT string has \(string.count) bytes; limit 255")
                }
                bytes.append(UInt8(string.count))
                bytes.append(contentsOf: string)
            }
        case .nsec(let next, let types):
            writeName(next, compress: compress)
            writeTypeBitmap(types)
        case .other(_, let raw):
            bytes.append(contentsOf: raw)
        }
    }

    /// Writes the NSEC type bitmap (RFC 4034 §4.1.2): one block per 256-type window, trailing zero bytes cut.
    private mutating func writeTypeBitmap(_ types: Set<DNSRecordType>) {
        let byWindow = Dictionary(grouping: types.map(\.rawValue)) { $0 >> 8 }
        for window in byWindow.keys.sorted() {
            var bitmap = [UInt8](repeating: 0, count: 32)
            for type in byWindow[window] ?? [] {
                let low = Int(type & 0xFF)
                bitmap[low / 8] |= 0x80 >> UInt8(low % 8)
            }
            let used = (bitmap.lastIndex { $0 != 0 } ?? 0) + 1
            bytes.append(UInt8(window))
            bytes.append(UInt8(used))
            bytes.append(contentsOf: bitmap[0..<used])
        }
    }

    private mutating func writeName(_ name: DNSName, compress: Bool) {
        let labels = name.labels
        for index in 0..<labels.count {
            if compress {
                let key = DNSName(uncheckedLabels: Array(labels[index...])).canonicalWireBytes
                if let offset = suffixOffsets[key] {
                    writeUInt16(0xC000 | UInt16(offset))
                    return
                }
                // Pointers hold 14 bits; suffixes further into a large packet are simply written out.
                if bytes.count < 0x4000 {
                    suffixOffsets[key] = bytes.count
                }
            }
            let label = labels[index].utf8
            bytes.append(UInt8(label.count))
            bytes.append(contentsOf: label)
        }
        bytes.append(0)
    }

    private mutating func writeUInt16(_ value: UInt16) {
        bytes.append(UInt8(value >> 8))
        bytes.append(UInt8(value & 0xFF))
    }

    private mutating func writeUInt32(_ value: UInt32) {
        writeUInt16(UInt16(value >> 16))
        writeUInt16(UInt16(value & 0xFFFF))
    }
}
