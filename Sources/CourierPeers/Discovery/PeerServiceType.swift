import Crypto

/// The DNS-SD service type of a session: `_cp-<h>._tcp`, `<h>` the first 11 characters of lower-case base32 of
/// SHA-256(session ID), or an explicit name checked by MultipeerConnectivity's rules.
public enum PeerServiceType {
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567")

    /// The hashed service type for `sessionID`, e.g. `_cp-xxxxxxxxxxx._tcp`.
    public static func hashed(sessionID: String) -> String {
        let digest = Array(SHA256.hash(data: Array(sessionID.utf8)))
        var characters: [Character] = []
        var bits = 0
        var value = 0
        for byte in digest where characters.count < 11 {
            value = (value << 8) | Int(byte)
            bits += 8
            while bits >= 5, characters.count < 11 {
                bits -= 5
                characters.append(alphabet[(value >> bits) & 31])
            }
        }
        return "_cp-\(String(characters))._tcp"
    }

    /// Checks an explicit service name (without `_` and `._tcp`) and returns the full type.
    ///
    /// - Throws: ``PeersError`` `invalidArgument` unless it has 1–15 characters of lower-case letters, digits and
    ///   hyphens, at least one letter, and no hyphen at either end or beside another.
    public static func explicit(_ name: String) throws(PeersError) -> String {
        let scalars = Array(name.unicodeScalars)
        guard (1...15).contains(scalars.count) else {
            throw PeersError(.invalidArgument, "service type \"\(name)\" must have 1…15 characters")
        }
        let allowed = scalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        guard allowed, scalars.contains(where: { ("a"..."z").contains($0) }) else {
            throw PeersError(
                .invalidArgument,
                "service type \"\(name)\" may hold only lower-case letters, digits and hyphens, with a letter")
        }
        guard scalars.first != "-", scalars.last != "-", name.contains("--") == false else {
            throw PeersError(.invalidArgument, "service type \"\(name)\" has a hyphen at an end or beside another")
        }
        return "_\(name)._tcp"
    }
}
