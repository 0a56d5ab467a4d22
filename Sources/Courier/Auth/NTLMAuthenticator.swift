import CourierSecurity
import Foundation

/// NTLMv2 (MS-NLMP) for "Connecting the Enterprise": the Negotiate, Challenge and Authenticate messages
/// and the NTLMv2 response (NT hash with MD4, HMAC-MD5 for NTOWFv2 and NTProofStr).
///
/// NTLM authenticates a connection, not a request, so the handshake runs over one kept-alive HTTP/1.1
/// connection (the transport's dedicated NTLM client). Message integrity (MIC) and signing are not
/// implemented; servers that require a MIC reject the handshake.
enum NTLMAuthenticator {
    static let signature: [UInt8] = Array("NTLMSSP".utf8) + [0]

    struct Flags: OptionSet {
        let rawValue: UInt32
        static let unicode = Flags(rawValue: 0x0000_0001)
        static let oem = Flags(rawValue: 0x0000_0002)
        static let requestTarget = Flags(rawValue: 0x0000_0004)
        static let ntlm = Flags(rawValue: 0x0000_0200)
        static let alwaysSign = Flags(rawValue: 0x0000_8000)
        static let extendedSessionSecurity = Flags(rawValue: 0x0008_0000)
        static let targetInfo = Flags(rawValue: 0x0080_0000)
        static let version = Flags(rawValue: 0x0200_0000)
        static let bits128 = Flags(rawValue: 0x2000_0000)
        static let bits56 = Flags(rawValue: 0x8000_0000)

        static let negotiate: Flags = [
            .unicode, .oem, .requestTarget, .ntlm, .alwaysSign, .extendedSessionSecurity, .targetInfo, .bits128,
            .bits56,
        ]
    }

    /// A malformed message from the server.
    struct MalformedMessage: Error, CustomStringConvertible {
        var description: String
    }

    /// The server's CHALLENGE_MESSAGE.
    struct Challenge: Equatable {
        var flags: UInt32
        var serverChallenge: [UInt8]
        var targetName: [UInt8]
        var targetInfo: [UInt8]

        /// The MsvAvTimestamp of the target information, if the server sent one.
        var timestamp: [UInt8]? {
            var index = 0
            while index + 4 <= targetInfo.count {
                let id = UInt16(targetInfo[index]) | UInt16(targetInfo[index + 1]) << 8
                let length = Int(UInt16(targetInfo[index + 2]) | UInt16(targetInfo[index + 3]) << 8)
                let start = index + 4
                guard start + length <= targetInfo.count else { return nil }
                if id == 0 { return nil }
                if id == 7, length == 8 { return Array(targetInfo[start..<(start + 8)]) }
                index = start + length
            }
            return nil
        }
    }

    // MARK: Messages

    /// NEGOTIATE_MESSAGE (type 1), without domain or workstation.
    static func negotiateMessage() -> [UInt8] {
        var message = signature
        message += le32(1)
        message += le32(Flags.negotiate.rawValue)
        message += [UInt8](repeating: 0, count: 16)  // empty domain and workstation fields
        return message
    }

    /// Parses a CHALLENGE_MESSAGE (type 2), checking every offset.
    static func parseChallenge(_ bytes: [UInt8]) throws -> Challenge {
        guard bytes.count >= 32, Array(bytes[0..<8]) == signature else {
            throw MalformedMessage(description: "not an NTLM message")
        }
        guard readLE32(bytes, 8) == 2 else { throw MalformedMessage(description: "not an NTLM challenge message") }
        let targetName = try field(bytes, at: 12)
        let flags = readLE32(bytes, 20)
        let serverChallenge = Array(bytes[24..<32])
        var targetInfo: [UInt8] = []
        if bytes.count >= 48, flags & Flags.targetInfo.rawValue != 0 {
            targetInfo = try field(bytes, at: 40)
        }
        return Challenge(flags: flags, serverChallenge: serverChallenge, targetName: targetName, targetInfo: targetInfo)
    }

    /// AUTHENTICATE_MESSAGE (type 3) with an NTLMv2 response.
    static func authenticateMessage(
        challenge: Challenge, user: String, domain: String, password: String, workstation: String,
        clientChallenge: [UInt8], time: [UInt8]? = nil
    ) -> [UInt8] {
        let responseKey = ntowfv2(password: password, user: user, domain: domain)
        let timestamp = challenge.timestamp ?? time ?? fileTime(Date())
        let blob = temp(time: timestamp, clientChallenge: clientChallenge, targetInfo: challenge.targetInfo)
        let proof = hmacMD5(key: responseKey, challenge.serverChallenge + blob)
        let ntResponse = proof + blob
        // With a server timestamp, the LM response is all zeros (MS-NLMP 3.1.5.1.2).
        let lmResponse =
            challenge.timestamp != nil
            ? [UInt8](repeating: 0, count: 24)
            : hmacMD5(key: responseKey, challenge.serverChallenge + clientChallenge) + clientChallenge
        let domainBytes = utf16LE(domain)
        let userBytes = utf16LE(user)
        let workstationBytes = utf16LE(workstation)
        let headerLength = 64
        var payload: [UInt8] = []
        var fields: [[UInt8]] = []
        for part in [lmResponse, ntResponse, domainBytes, userBytes, workstationBytes, []] {
            fields.append(
                le16(UInt16(part.count)) + le16(UInt16(part.count)) + le32(UInt32(headerLength + payload.count)))
            payload += part
        }
        var message = signature + le32(3)
        for field in fields { message += field }
        let flags = (Flags.negotiate.rawValue & challenge.flags) | Flags.unicode.rawValue | Flags.ntlm.rawValue
        message += le32(flags)
        return message + payload
    }

    // MARK: NTLMv2 response

    /// NTOWFv2 = HMAC-MD5(MD4(UTF-16LE(password)), UTF-16LE(uppercase(user) + domain)).
    static func ntowfv2(password: String, user: String, domain: String) -> [UInt8] {
        let ntHash = Array(Digester.digest(Data(utf16LE(password)), using: .md4).bytes)
        return hmacMD5(key: ntHash, utf16LE(user.uppercased() + domain))
    }

    /// The NTLMv2 client "temp" structure (MS-NLMP 3.3.2).
    static func temp(time: [UInt8], clientChallenge: [UInt8], targetInfo: [UInt8]) -> [UInt8] {
        [1, 1, 0, 0, 0, 0, 0, 0] + time + clientChallenge + [0, 0, 0, 0] + targetInfo + [0, 0, 0, 0]
    }

    static func hmacMD5(key: [UInt8], _ message: [UInt8]) -> [UInt8] {
        // MD5 keys of any length are valid HMAC keys; NTLM uses 16-byte ones.
        guard let secret = try? SecretKey(bytes: key),
            let mac = try? HMACAuthenticator(key: secret, algorithm: .md5, minimumKeyByteCount: 0)
        else { return [] }
        return Array(mac.authenticationCode(for: Data(message)).bytes)
    }

    /// A Windows FILETIME (100 ns intervals since 1601-01-01), little-endian.
    static func fileTime(_ date: Date) -> [UInt8] {
        let intervals = UInt64(max(0, (date.timeIntervalSince1970 + 11_644_473_600) * 10_000_000))
        return (0..<8).map { UInt8(truncatingIfNeeded: intervals >> (8 * $0)) }
    }

    // MARK: Bytes

    static func utf16LE(_ string: String) -> [UInt8] {
        string.utf16.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
    }

    static func le16(_ value: UInt16) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
    }

    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    static func readLE32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }

    /// A (length, max length, offset) field pointing into the message.
    static func field(_ bytes: [UInt8], at position: Int) throws -> [UInt8] {
        guard position + 8 <= bytes.count else { throw MalformedMessage(description: "truncated NTLM message") }
        let length = Int(UInt16(bytes[position]) | UInt16(bytes[position + 1]) << 8)
        let offset = Int(readLE32(bytes, position + 4))
        guard length == 0 || (offset >= 0 && offset <= bytes.count && length <= bytes.count - offset) else {
            throw MalformedMessage(description: "an NTLM field points outside the message")
        }
        return length == 0 ? [] : Array(bytes[offset..<(offset + length)])
    }

    /// The header value that starts the handshake: `NTLM <base64 Negotiate message>`.
    static func negotiateHeader() -> String {
        "NTLM " + Data(negotiateMessage()).base64EncodedString()
    }

    /// The header value that answers a server's `challenge` for `name` (`DOMAIN\user`, `user@domain` or a bare
    /// user): `NTLM <base64 Authenticate message>`, with a fresh random client challenge and this host's
    /// ``workstation`` name.
    static func authenticateHeader(challenge: Challenge, name: String, password: String) -> String {
        let (user, domain) = splitUser(name)
        let message = authenticateMessage(
            challenge: challenge, user: user, domain: domain, password: password, workstation: workstation,
            clientChallenge: Array(SecureRandom.bytes(count: 8)))
        return "NTLM " + Data(message).base64EncodedString()
    }

    /// The workstation name sent in NTLM messages: this host's name up to the first dot.
    static let workstation: String =
        ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? "COURIER"

    /// Splits `DOMAIN\user` (or `user@domain`) into user and domain.
    static func splitUser(_ name: String) -> (user: String, domain: String) {
        if let slash = name.firstIndex(of: "\\") {
            return (String(name[name.index(after: slash)...]), String(name[..<slash]))
        }
        if let at = name.lastIndex(of: "@") {
            return (String(name[..<at]), String(name[name.index(after: at)...]))
        }
        return (name, "")
    }
}
