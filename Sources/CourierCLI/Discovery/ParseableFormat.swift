import CourierDiscovery
import Foundation
import NIOCore

/// `avahi-browse -p` line formats: fields separated by `;`, labels escaped as avahi does (`\.`, `\\`, and `\DDD`
/// in decimal for spaces, control and non-ASCII bytes).
enum ParseableFormat {
    static func escape(_ label: String) -> String {
        var text = ""
        for byte in label.utf8 {
            switch byte {
            case UInt8(ascii: "."): text += "\\."
            case UInt8(ascii: "\\"): text += "\\\\"
            case 0...32, 127...255:
                let digits = String(byte)
                text += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
            default: text.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return text
    }

    /// `+;IFACE;IPv4;NAME;TYPE;DOMAIN` or `-;…`.
    static func browseLine(_ event: LinkBrowseEvent) -> String {
        let sign = event.kind == .found ? "+" : "-"
        return [
            sign, event.interface, event.isIPv6 ? "IPv6" : "IPv4", escape(event.identity.name),
            event.identity.type.description, "local",
        ].joined(separator: ";")
    }

    /// `=;IFACE;PROTO;NAME;TYPE;DOMAIN;HOST;ADDRESS;PORT;"k=v" …`, one line per address.
    static func resolvedLines(_ resolved: ResolvedService) -> [String] {
        resolved.addresses.map { address in
            let isIPv6 = address.protocol == .inet6
            var host = resolved.host.description
            if host.hasSuffix(".") { host.removeLast() }
            return [
                "=", resolved.interface, isIPv6 ? "IPv6" : "IPv4", escape(resolved.identity.name),
                resolved.identity.type.description, "local", host, text(of: address, interface: resolved.interface),
                String(resolved.port),
                resolved.txt.description,
            ].joined(separator: ";")
        }
    }

    /// The address as text; a scoped IPv6 address gets `%interface`, as avahi-browse prints it.
    static func text(of address: SocketAddress, interface: String) -> String {
        let ip = address.ipAddress ?? ""
        if case .v6(let v6) = address, v6.address.sin6_scope_id != 0 {
            return ip + "%" + interface
        }
        return ip
    }
}
