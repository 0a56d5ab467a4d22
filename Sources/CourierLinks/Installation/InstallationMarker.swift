import CourierSecurity
import Foundation

/// Detects a previous installation the book's way: a flag in storage that survives uninstalling (the
/// secure store, the book's keychain) and one that does not (a per-install file, the book's
/// `NSUserDefaults`). Secure flag present but per-install flag absent means the program was
/// installed before.
///
/// It also keeps values across reinstalls — the book's Birthday example — which the program can keep
/// or discard when it finds one on a reinstall.
///
/// ```swift
/// let marker = try InstallationMarker(identifier: "com.acme.birthday", store: store)
/// let launch = try marker.recordLaunch()
/// if launch.isReinstall, let birthday = try marker.value(forKey: "birthday") {
///     // ask: keep the birthday saved by a previous installation, or discard it?
/// }
/// ```
public struct InstallationMarker: Sendable {
    /// The program's identifier (`com.acme.birthday`), naming its items and its directory.
    public let identifier: String
    /// The store that survives reinstalling.
    public let store: SecureStore
    /// The per-install directory, removed with the program: `$XDG_STATE_HOME/courier/installations/<identifier>`
    /// by default.
    public let installDirectory: URL

    /// Creates a marker.
    ///
    /// - Parameters:
    ///   - identifier: Letters, digits, `.`, `_` and `-`, not starting with `.`.
    ///   - store: The secure store (its access group may be shared with other programs).
    ///   - installDirectory: The per-install directory; derived from `environment` when nil.
    ///   - environment: Where `XDG_STATE_HOME` and `HOME` are read.
    /// - Throws: ``LinkError/Code/storeFailed`` for an identifier that is not a plain name.
    public init(
        identifier: String,
        store: SecureStore,
        installDirectory: URL? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(LinkError) {
        let plain = identifier.utf8.allSatisfy { byte in
            PercentEncoding.isUnreserved(byte) && byte != UInt8(ascii: "~")
        }
        guard !identifier.isEmpty, identifier.utf8.count <= 200, plain, !identifier.hasPrefix(".") else {
            throw LinkError(
                .storeFailed, "the program identifier \"\(identifier)\" must be letters, digits, '.', '_' and '-'")
        }
        self.identifier = identifier
        self.store = store
        if let installDirectory {
            self.installDirectory = installDirectory
        } else {
            let state: String
            if let value = environment["XDG_STATE_HOME"], value.hasPrefix("/") {
                state = value
            } else {
                state = (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.local/state"
            }
            self.installDirectory = URL(fileURLWithPath: state + "/courier/installations/" + identifier)
        }
    }

    /// Records this launch and says what came before: reads both flags, then sets both.
    ///
    /// - Throws: ``LinkError/Code/storeFailed`` when the secure store fails, ``LinkError/Code/io`` when
    ///   the per-install file cannot be written.
    public func recordLaunch() throws(LinkError) -> InstallationState {
        let isFirstLaunch = !FileManager.default.fileExists(atPath: launchedPath)
        let hasPreviousInstall = try readSecure(account: Self.installedAccount) != nil
        if !hasPreviousInstall {
            try writeSecure(ISO8601DateFormatter().string(from: Date()), account: Self.installedAccount)
        }
        if isFirstLaunch {
            try DesktopFile.replace(launchedPath, with: ISO8601DateFormatter().string(from: Date()) + "\n")
        }
        return InstallationState(isFirstLaunch: isFirstLaunch, hasPreviousInstall: hasPreviousInstall && isFirstLaunch)
    }

    /// A value kept across reinstalls (the book's saved birthday), or nil.
    ///
    /// - Throws: ``LinkError/Code/storeFailed`` when the store fails.
    public func value(forKey key: String) throws(LinkError) -> String? {
        try readSecure(account: Self.valuePrefix + key)
    }

    /// Keeps a value across reinstalls.
    ///
    /// - Throws: ``LinkError/Code/storeFailed`` when the store fails.
    public func setValue(_ value: String, forKey key: String) throws(LinkError) {
        try writeSecure(value, account: Self.valuePrefix + key)
    }

    /// Discards a value kept across reinstalls (the book's "Discard" answer).
    ///
    /// - Throws: ``LinkError/Code/storeFailed`` when the store fails.
    public func removeValue(forKey key: String) throws(LinkError) {
        try deleteSecure(account: Self.valuePrefix + key)
    }

    /// What uninstalling does: removes the per-install directory and keeps the secure store.
    ///
    /// - Throws: ``LinkError/Code/io`` when the directory cannot be removed.
    public func removeInstallation() throws(LinkError) {
        guard FileManager.default.fileExists(atPath: installDirectory.path) else {
            return
        }
        do {
            try FileManager.default.removeItem(at: installDirectory)
        } catch {
            throw LinkError(.io, "\(installDirectory.path) could not be removed: \(error.localizedDescription)")
        }
    }

    /// Puts the machine back in the never-installed state (the book's trick for back-to-back testing):
    /// removes the per-install directory, the secure marker and every kept value.
    ///
    /// - Throws: ``LinkError/Code/storeFailed`` or ``LinkError/Code/io``.
    public func reset() throws(LinkError) {
        try removeInstallation()
        try SingleSignOn.unlessMissing("the installation marker could not be deleted") {
            try store.delete(matching: .genericPassword(service: service, matchLimit: .all))
        }
    }

    static let installedAccount = "installed"
    static let valuePrefix = "value."

    private var service: String {
        "courier.installation." + identifier
    }

    private var launchedPath: String {
        installDirectory.path + "/launched"
    }

    private func readSecure(account: String) throws(LinkError) -> String? {
        try SingleSignOn.unlessMissing("the \(account) of \(identifier) could not be read") {
            try store.password(service: service, account: account)
        }
    }

    private func writeSecure(_ value: String, account: String) throws(LinkError) {
        do {
            try store.setPassword(value, service: service, account: account)
        } catch {
            throw SingleSignOn.storeFailure("the \(account) of \(identifier) could not be stored", error)
        }
    }

    private func deleteSecure(account: String) throws(LinkError) {
        try SingleSignOn.unlessMissing("the \(account) of \(identifier) could not be deleted") {
            try store.deletePassword(service: service, account: account)
        }
    }
}
