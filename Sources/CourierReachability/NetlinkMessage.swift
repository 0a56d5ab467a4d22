import Foundation

/// One rtnetlink message the reachability monitor cares about, parsed from the kernel's bytes.
///
/// The layout (all integers in host byte order, everything 4-byte aligned):
/// `nlmsghdr` (length u32, type u16, flags u16, sequence u32, port u32), then for links an `ifinfomsg`
/// (family u8, pad u8, type u16, index i32, flags u32, change u32) and for addresses an `ifaddrmsg`
/// (family u8, prefix length u8, flags u8, scope u8, index u32), each followed by `rtattr`s
/// (length u16, type u16, value).
enum NetlinkMessage: Equatable, Sendable {
    /// `RTM_NEWLINK`: a link appeared or changed.
    case newLink(Link)
    /// `RTM_DELLINK`: a link went away.
    case deleteLink(index: Int)
    /// `RTM_NEWADDR`: an address was added.
    case newAddress(Address)
    /// `RTM_DELADDR`: an address was removed.
    case deleteAddress(Address)
    /// `NLMSG_DONE`: the end of a dump.
    case done(sequence: UInt32)
    /// `NLMSG_ERROR`: an answer to a request (`code` 0 is an acknowledgement, otherwise `-errno`).
    case error(sequence: UInt32, code: Int32)

    struct Link: Equatable, Sendable {
        var index: Int
        var name: String?
        var flags: UInt32
        var hardwareType: Int
    }

    struct Address: Equatable, Sendable {
        var index: Int
        var address: InterfaceAddress
    }

    // Message types and attributes from <linux/netlink.h>, <linux/rtnetlink.h>, <linux/if_link.h>,
    // <linux/if_addr.h> (not exported to Swift by Glibc).
    static let headerLength = 16
    static let typeError: UInt16 = 2
    static let typeDone: UInt16 = 3
    static let typeNewLink: UInt16 = 16
    static let typeDeleteLink: UInt16 = 17
    static let typeGetLink: UInt16 = 18
    static let typeNewAddress: UInt16 = 20
    static let typeDeleteAddress: UInt16 = 21
    static let typeGetAddress: UInt16 = 22
    static let flagRequest: UInt16 = 0x1
    static let flagDump: UInt16 = 0x300
    static let linkAttributeName: UInt16 = 3  // IFLA_IFNAME
    static let addressAttributeAddress: UInt16 = 1  // IFA_ADDRESS
    static let addressAttributeLocal: UInt16 = 2  // IFA_LOCAL
    static let familyIPv4: UInt8 = 2  // AF_INET
    static let familyIPv6: UInt8 = 10  // AF_INET6
    static let groupLink: UInt32 = 0x1  // RTMGRP_LINK
    static let groupIPv4Address: UInt32 = 0x10  // RTMGRP_IPV4_IFADDR
    static let groupIPv6Address: UInt32 = 0x100  // RTMGRP_IPV6_IFADDR

    /// Parses a datagram of netlink messages. Messages of other types are skipped; a truncated or
    /// inconsistent message ends the parse (what came before it is kept). Never traps on any input.
    static func parse(_ bytes: [UInt8]) -> [NetlinkMessage] {
        let reader = ByteReader(bytes)
        var messages: [NetlinkMessage] = []
        var offset = 0
        while offset + headerLength <= bytes.count {
            guard let length = reader.u32(at: offset).map(Int.init), let type = reader.u16(at: offset + 4),
                let sequence = reader.u32(at: offset + 8), length >= headerLength, length <= bytes.count - offset
            else { break }
            let payload = (offset + headerLength)..<(offset + length)
            if let message = parsePayload(type: type, sequence: sequence, payload: payload, reader: reader) {
                messages.append(message)
            }
            offset += align(length)
        }
        return messages
    }

    private static func parsePayload(
        type: UInt16, sequence: UInt32, payload: Range<Int>, reader: ByteReader
    ) -> NetlinkMessage? {
        switch type {
        case typeDone:
            return .done(sequence: sequence)
        case typeError:
            guard payload.count >= 4, let code = reader.i32(at: payload.lowerBound) else { return nil }
            return .error(sequence: sequence, code: code)
        case typeNewLink, typeDeleteLink:
            // ifinfomsg: 16 bytes.
            guard payload.count >= 16, let hardwareType = reader.u16(at: payload.lowerBound + 2),
                let index = reader.i32(at: payload.lowerBound + 4), let flags = reader.u32(at: payload.lowerBound + 8),
                index > 0
            else { return nil }
            if type == typeDeleteLink { return .deleteLink(index: Int(index)) }
            var name: String?
            for (attribute, value) in attributes(in: (payload.lowerBound + 16)..<payload.upperBound, reader: reader)
            where attribute == linkAttributeName {
                name = reader.cString(in: value)
            }
            return .newLink(Link(index: Int(index), name: name, flags: flags, hardwareType: Int(hardwareType)))
        case typeNewAddress, typeDeleteAddress:
            // ifaddrmsg: 8 bytes.
            guard payload.count >= 8, let family = reader.u8(at: payload.lowerBound),
                let prefix = reader.u8(at: payload.lowerBound + 1), let index = reader.u32(at: payload.lowerBound + 4),
                index > 0, family == familyIPv4 || family == familyIPv6
            else { return nil }
            var local: [UInt8]?
            var address: [UInt8]?
            for (attribute, value) in attributes(in: (payload.lowerBound + 8)..<payload.upperBound, reader: reader) {
                if attribute == addressAttributeLocal { local = reader.bytes(in: value) }
                if attribute == addressAttributeAddress { address = reader.bytes(in: value) }
            }
            // IFA_LOCAL is the interface's own address on point-to-point links; IFA_ADDRESS otherwise.
            guard let raw = local ?? address,
                let parsed = InterfaceAddress(
                    family: family == familyIPv4 ? .ipv4 : .ipv6, bytes: raw, prefixLength: Int(prefix))
            else { return nil }
            let message = Address(index: Int(index), address: parsed)
            return type == typeNewAddress ? .newAddress(message) : .deleteAddress(message)
        default:
            return nil
        }
    }

    /// The `rtattr`s in `range`: (type, value range). Stops at the first one that does not fit.
    static func attributes(in range: Range<Int>, reader: ByteReader) -> [(UInt16, Range<Int>)] {
        var result: [(UInt16, Range<Int>)] = []
        var offset = range.lowerBound
        while offset + 4 <= range.upperBound {
            guard let length = reader.u16(at: offset).map(Int.init), let type = reader.u16(at: offset + 2),
                length >= 4, length <= range.upperBound - offset
            else { break }
            // The top two bits of the type are flags (NLA_F_NESTED, NLA_F_NET_BYTEORDER).
            result.append((type & 0x3FFF, (offset + 4)..<(offset + length)))
            offset += align(length)
        }
        return result
    }

    static func align(_ length: Int) -> Int { (length + 3) & ~3 }

    /// A dump request (`RTM_GETLINK` or `RTM_GETADDR` with `NLM_F_DUMP`) for all address families.
    static func dumpRequest(type: UInt16, sequence: UInt32) -> [UInt8] {
        // The family header: an ifinfomsg (16 bytes) for links, an ifaddrmsg (8 bytes) for addresses.
        let bodyLength = type == typeGetLink ? 16 : 8
        var bytes: [UInt8] = []
        bytes.reserveCapacity(headerLength + bodyLength)
        appendNative(UInt32(headerLength + bodyLength), to: &bytes)
        appendNative(type, to: &bytes)
        appendNative(flagRequest | flagDump, to: &bytes)
        appendNative(sequence, to: &bytes)
        appendNative(UInt32(0), to: &bytes)
        bytes += [UInt8](repeating: 0, count: bodyLength)
        return bytes
    }

    static func appendNative<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
    }
}

/// Bounds-checked reads of host-order integers from a byte array: out of range gives `nil`, never a trap.
struct ByteReader {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    private func load<T: FixedWidthInteger>(_ type: T.Type, at offset: Int) -> T? {
        let size = MemoryLayout<T>.size
        guard offset >= 0, offset <= bytes.count - size else { return nil }
        return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: T.self) }
    }

    func u8(at offset: Int) -> UInt8? { load(UInt8.self, at: offset) }
    func u16(at offset: Int) -> UInt16? { load(UInt16.self, at: offset) }
    func u32(at offset: Int) -> UInt32? { load(UInt32.self, at: offset) }
    func i32(at offset: Int) -> Int32? { load(Int32.self, at: offset) }

    func bytes(in range: Range<Int>) -> [UInt8]? {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else { return nil }
        return Array(bytes[range])
    }

    /// A NUL-terminated (or range-terminated) UTF-8 string; `nil` when empty or not UTF-8.
    func cString(in range: Range<Int>) -> String? {
        guard let raw = bytes(in: range) else { return nil }
        let text = raw.prefix { $0 != 0 }
        guard !text.isEmpty else { return nil }
        return String(validating: text, as: UTF8.self)
    }
}
