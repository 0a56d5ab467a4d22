import Foundation

/// Where a group's files live: `<directory>/<group>.store`, `.key` and `.lock`.
///
/// The default directory follows the XDG base directory specification:
/// `$XDG_DATA_HOME/courier/secure-store`, or `~/.local/share/courier/secure-store`.
struct StoreLocation: Sendable {
    let directory: String
    let stem: String

    init(directory: String, group: String) {
        self.directory = directory
        self.stem = Self.fileStem(for: group)
    }

    var storePath: String { "\(directory)/\(stem).store" }
    var keyPath: String { "\(directory)/\(stem).key" }
    var lockPath: String { "\(directory)/\(stem).lock" }
    var machineIdentifierPath: String { "\(directory)/machine-id" }

    static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return dataHome + "/courier/secure-store"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/share/courier/secure-store"
    }

    /// A file-name-safe form of the group: the name itself when it is plain (letters, digits, `.`,
    /// `_`, `-`, not starting with `.`), otherwise `+` and its base64url, which cannot collide with a
    /// plain name.
    static func fileStem(for group: String) -> String {
        let plain = group.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        }
        if plain && !group.hasPrefix(".") {
            return group
        }
        return "+" + Base64URL.encode(Data(group.utf8))
    }
}
