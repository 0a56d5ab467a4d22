import Foundation

/// The interfaces of the machine as rtnetlink messages (or a polled snapshot) describe them: a pure
/// state machine, fed message by message, so it is tested with synthetic messages.
struct InterfaceTable: Sendable, Equatable {
    private struct Link: Sendable, Equatable {
        var name: String
        var flags: UInt32
        var hardwareType: Int?
    }

    // Flags from <net/if.h>.
    static let flagUp: UInt32 = 0x1
    static let flagLoopback: UInt32 = 0x8
    static let flagRunning: UInt32 = 0x40

    private var links: [Int: Link] = [:]
    private var addresses: [Int: [InterfaceAddress]] = [:]

    /// Applies one message; messages that do not describe interfaces are ignored.
    mutating func apply(_ message: NetlinkMessage) {
        switch message {
        case .newLink(let link):
            let previous = links[link.index]
            let name = link.name ?? previous?.name ?? "if\(link.index)"
            links[link.index] = Link(name: name, flags: link.flags, hardwareType: link.hardwareType)
        case .deleteLink(let index):
            links[index] = nil
            addresses[index] = nil
        case .newAddress(let entry):
            var list = addresses[entry.index] ?? []
            list.removeAll { $0.bytes == entry.address.bytes && $0.family == entry.address.family }
            list.append(entry.address)
            addresses[entry.index] = list
        case .deleteAddress(let entry):
            addresses[entry.index]?.removeAll { $0.bytes == entry.address.bytes && $0.family == entry.address.family }
        case .done, .error:
            break
        }
    }

    /// Replaces everything with a complete list (from polling `getifaddrs`).
    mutating func replace(with interfaces: [NetworkInterface]) {
        links = [:]
        addresses = [:]
        for (position, interface) in interfaces.enumerated() {
            // Interfaces without a known index still need distinct keys.
            let key = interface.index > 0 ? interface.index : -(position + 1)
            var flags: UInt32 = 0
            if interface.isUp { flags |= Self.flagUp }
            if interface.isRunning { flags |= Self.flagRunning }
            if interface.isLoopback { flags |= Self.flagLoopback }
            links[key] = Link(name: interface.name, flags: flags, hardwareType: interface.hardwareType)
            addresses[key] = interface.addresses
        }
    }

    /// The interfaces, ordered by index.
    var interfaces: [NetworkInterface] {
        links.keys.sorted().compactMap { index in
            guard let link = links[index] else { return nil }
            return NetworkInterface(
                name: link.name, index: max(0, index), isUp: link.flags & Self.flagUp != 0,
                isRunning: link.flags & Self.flagRunning != 0, isLoopback: link.flags & Self.flagLoopback != 0,
                hardwareType: link.hardwareType, addresses: addresses[index] ?? [])
        }
    }
}
