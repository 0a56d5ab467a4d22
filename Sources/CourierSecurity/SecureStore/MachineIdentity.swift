import Foundation

/// The identifier that binds "this device only" items to one machine.
///
/// It is read from `/etc/machine-id` (systemd) or `/var/lib/dbus/machine-id`. When neither exists
/// (containers, minimal systems), a random identifier is created once in the store directory,
/// which binds the items to that directory instead of the machine. The identifier is not secret —
/// the device key is derived from it *and* the store's file key.
enum MachineIdentity {
    static func identifier(files: [String], fallbackPath: String) throws -> Data {
        for file in files {
            if let contents = FileManager.default.contents(atPath: file),
                let text = String(data: contents, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
                !text.isEmpty
            {
                return Data(text.utf8)
            }
        }
        if let existing = try PrivateFile.read(fallbackPath), !existing.isEmpty {
            return existing
        }
        let fresh = Data(Hex.encode(SecureRandom.bytes(count: 16)).utf8)
        if try PrivateFile.createExclusively(fresh, at: fallbackPath) {
            return fresh
        }
        guard let created = try PrivateFile.read(fallbackPath), !created.isEmpty else {
            throw SecureStoreError(.io, "cannot read or create the machine identifier at \(fallbackPath)")
        }
        return created
    }
}
