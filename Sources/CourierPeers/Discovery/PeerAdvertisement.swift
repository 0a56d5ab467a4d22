import CourierDiscovery

/// The TXT record a session advertises: `v`, `sid`, `dn`, `mode`, `u`, then the caller's discovery info.
public struct PeerAdvertisement: Sendable, Hashable {
    /// The wire version.
    public var version: UInt8
    /// The full session ID, compared on receipt so a hash collision cannot join two sessions.
    public var sessionID: String
    /// The display name.
    public var displayName: String
    /// The mode.
    public var mode: PeerSessionMode
    /// The UDP port for unreliable messages.
    public var udpPort: UInt16
    /// The caller's extra pairs.
    public var discoveryInfo: [String: String]

    /// Creates an advertisement.
    public init(
        version: UInt8 = PeerHello.currentVersion, sessionID: String, displayName: String, mode: PeerSessionMode,
        udpPort: UInt16, discoveryInfo: [String: String] = [:]
    ) {
        self.version = version
        self.sessionID = sessionID
        self.displayName = displayName
        self.mode = mode
        self.udpPort = udpPort
        self.discoveryInfo = discoveryInfo
    }

    /// The TXT record.
    ///
    /// - Throws: ``PeersError`` `invalidArgument` for a key containing `=` or empty, a pair over 255 bytes, or a
    ///   record over 400 bytes (MultipeerConnectivity's discoveryInfo rules).
    public func txtRecord() throws(PeersError) -> TXTRecord {
        var pairs: [(String, String)] = [
            ("v", String(version)), ("sid", sessionID), ("dn", displayName), ("mode", mode.name),
            ("u", String(udpPort)),
        ]
        for key in discoveryInfo.keys.sorted() {
            guard key.isEmpty == false, key.contains("=") == false else {
                throw PeersError(.invalidArgument, "discovery info key \"\(key)\" is empty or contains \"=\"")
            }
            pairs.append((key, discoveryInfo[key] ?? ""))
        }
        var record = TXTRecord()
        var total = 0
        for (key, value) in pairs {
            let size = key.utf8.count + 1 + value.utf8.count
            guard size <= 255 else {
                throw PeersError(.invalidArgument, "TXT pair \"\(key)\" has \(size) bytes; limit 255")
            }
            total += size + 1
            do {
                try record.set(key, to: value)
            } catch {
                throw PeersError(.invalidArgument, "TXT pair \"\(key)\": \(error.message)")
            }
        }
        guard total <= 400 else { throw PeersError(.invalidArgument, "TXT record has \(total) bytes; limit 400") }
        return record
    }

    /// Reads an advertisement; `nil` when a required pair is missing or invalid.
    public init?(txt: TXTRecord) {
        guard let versionText = txt["v"], let version = UInt8(versionText), let sessionID = txt["sid"],
            let modeName = txt["mode"], let mode = PeerSessionMode(name: modeName), let portText = txt["u"],
            let udpPort = UInt16(portText)
        else { return nil }
        let reserved: Set<String> = ["v", "sid", "dn", "mode", "u"]
        var info: [String: String] = [:]
        for entry in txt.entries where reserved.contains(entry.key.lowercased()) == false {
            info[entry.key] = entry.value.flatMap { String(validating: $0, as: UTF8.self) } ?? ""
        }
        self.init(
            version: version, sessionID: sessionID, displayName: txt["dn"] ?? "", mode: mode, udpPort: udpPort,
            discoveryInfo: info)
    }
}
