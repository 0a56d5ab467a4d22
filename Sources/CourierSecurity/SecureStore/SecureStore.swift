import Foundation
import Synchronization

/// The keychain on Linux: small secrets (passwords, tokens, keys, certificates, identities) with
/// attributes, kept encrypted at rest, partitioned by access group and shared by every program of the
/// same user that names the same group.
///
/// Each access group is one AES-256-GCM encrypted file, `<group>.store`, in the store directory
/// (`$XDG_DATA_HOME/courier/secure-store` unless the initializer names another). The file key is a
/// random key in a mode-0600 `<group>.key` file, or — with ``SecureStoreOptions/KeySource/passphrase``
/// — PBKDF2-SHA256 of a passphrase. Files readable or writable by other users are refused. Writes go
/// to a temporary file in the same directory, are fsynced and renamed into place, and the directory
/// is fsynced, so a crash leaves the old or the new state, never a torn file. A `flock(2)` on
/// `<group>.lock` serializes read-modify-write across processes; a mutex does so within one.
///
/// Operations follow the book's `SecItem*` calls and status codes: ``add(_:)`` (fails with
/// ``SecureStoreStatus/duplicateItem``), ``addOrUpdate(_:)`` (the book's set, a no-op when nothing
/// changed), ``items(matching:)``, ``update(matching:attributes:data:)`` and ``delete(matching:)``
/// (both act on every match, ``SecureStoreStatus/itemNotFound`` when none). Failures throw
/// ``SecureStoreError`` carrying a ``SecureStoreStatus``.
///
/// ```swift
/// let store = try SecureStore(accessGroup: "com.acme.sso")
/// try store.setPassword(token, service: "com.acme.sso", account: "alice")
/// let token = try store.password(service: "com.acme.sso", account: "alice")
///
/// // another program naming the same group sees the same item
/// let other = try SecureStore(accessGroup: "com.acme.sso")
/// ```
public final class SecureStore: Sendable, CustomStringConvertible {
    /// The access group this instance reads and writes.
    public let accessGroup: String
    /// The directory holding the group's files.
    public let directory: URL
    /// How the files are found and protected.
    public let options: SecureStoreOptions

    private let location: StoreLocation
    private let state: Mutex<KeyCache>

    /// Keys derived from passphrases, kept so PBKDF2 runs once per unlock rather than per operation.
    private struct KeyCache: Sendable {
        var fileKey: DerivedKey?
        var passphraseKey: DerivedKey?
    }

    private struct DerivedKey: Sendable {
        var salt: Data
        var rounds: Int
        var key: SecretKey
    }

    /// Opens (creating on first write) the store of an access group.
    ///
    /// - Parameters:
    ///   - accessGroup: The group; programs naming the same group share items.
    ///   - directory: Where the files live; `$XDG_DATA_HOME/courier/secure-store` by default. Tests
    ///     pass a temporary directory.
    ///   - passphrase: Unlocks ``SecureItemAccessibility/afterUnlock`` items (setting the group's
    ///     passphrase if it has none yet), and is the file key's source with
    ///     ``SecureStoreOptions/KeySource/passphrase``.
    ///   - options: Key source, PBKDF2 rounds, machine identifier files.
    /// - Throws: ``SecureStoreError`` with ``SecureStoreStatus/param`` for an empty or over-long
    ///   group name or a missing passphrase, ``SecureStoreStatus/authFailed`` for a wrong passphrase,
    ///   ``SecureStoreStatus/insecurePermissions`` for files or a directory other users can reach,
    ///   ``SecureStoreStatus/decode`` for a damaged store, ``SecureStoreStatus/io`` for file errors.
    public init(
        accessGroup: String,
        directory: URL? = nil,
        passphrase: String? = nil,
        options: SecureStoreOptions = SecureStoreOptions()
    ) throws {
        guard !accessGroup.isEmpty, accessGroup.utf8.count <= 200, !accessGroup.utf8.contains(0) else {
            throw SecureStoreError(.param, "an access group name must be 1 to 200 bytes without NUL")
        }
        guard options.passphraseRounds >= KeyDerivation.minimumRecommendedRounds else {
            throw SecureStoreError(
                .param,
                "passphraseRounds must be at least \(KeyDerivation.minimumRecommendedRounds), got \(options.passphraseRounds)"
            )
        }
        if options.keySource == .passphrase && passphrase == nil {
            throw SecureStoreError(.param, "a store whose key comes from a passphrase needs the passphrase to open")
        }
        let directoryPath = directory?.standardizedFileURL.path ?? StoreLocation.defaultDirectory()
        self.accessGroup = accessGroup
        self.directory = URL(fileURLWithPath: directoryPath, isDirectory: true)
        self.options = options
        self.location = StoreLocation(directory: directoryPath, group: accessGroup)
        self.state = Mutex(KeyCache())
        try PrivateFile.ensureDirectory(directoryPath)
        if let passphrase {
            if options.keySource == .passphrase {
                try setUpPassphraseFileKey(passphrase)
            }
            try unlock(passphrase: passphrase)
        }
    }

    // MARK: Locking

    /// Whether ``SecureItemAccessibility/afterUnlock`` data is unavailable until ``unlock(passphrase:)``.
    public var isLocked: Bool {
        state.withLock { $0.passphraseKey == nil }
    }

    /// Unlocks ``SecureItemAccessibility/afterUnlock`` items. The first passphrase given to a group
    /// becomes its passphrase.
    ///
    /// - Throws: ``SecureStoreStatus/authFailed`` when the passphrase is wrong (the store stays
    ///   locked), and the file errors of ``init(accessGroup:directory:passphrase:options:)``.
    public func unlock(passphrase: String) throws {
        let rounds = options.passphraseRounds
        try transaction(exclusive: true) { transaction, cache in
            let derived: DerivedKey
            if let verifier = transaction.contents.passphrase {
                let key = try Self.derive(passphrase, salt: verifier.salt, rounds: verifier.rounds)
                guard ConstantTime.isEqual(Self.passphraseCheck(key), verifier.check) else {
                    throw SecureStoreError(.authFailed, "the passphrase for access group \(accessGroup) is wrong")
                }
                derived = DerivedKey(salt: verifier.salt, rounds: verifier.rounds, key: key)
            } else {
                let salt = SecureRandom.bytes(count: 16)
                let key = try Self.derive(passphrase, salt: salt, rounds: rounds)
                transaction.contents.passphrase = PassphraseVerifier(
                    salt: salt, rounds: rounds, check: Self.passphraseCheck(key))
                transaction.changed = true
                derived = DerivedKey(salt: salt, rounds: rounds, key: key)
            }
            transaction.passphraseKey = derived.key
            cache.passphraseKey = derived
        }
    }

    /// Forgets the passphrase key: ``SecureItemAccessibility/afterUnlock`` data becomes unavailable
    /// (``SecureStoreStatus/interactionNotAllowed``) until the next ``unlock(passphrase:)``.
    public func lock() {
        state.withLock { $0.passphraseKey = nil }
    }

    /// Replaces the group's passphrase, re-encrypting the data that depends on it.
    ///
    /// "This device only" items that belong to another machine cannot be re-encrypted here; they stay
    /// sealed under the old passphrase and will no longer open on their machine.
    ///
    /// - Throws: ``SecureStoreStatus/authFailed`` when `old` is wrong, ``SecureStoreStatus/param``
    ///   when the group has no passphrase yet (use ``unlock(passphrase:)`` to set one).
    public func changePassphrase(from old: String, to new: String) throws {
        let rounds = options.passphraseRounds
        let keySource = options.keySource
        try transaction(exclusive: true) { transaction, cache in
            guard let verifier = transaction.contents.passphrase else {
                throw SecureStoreError(
                    .param, "access group \(accessGroup) has no passphrase yet; unlock it to set one")
            }
            let oldKey = try Self.derive(old, salt: verifier.salt, rounds: verifier.rounds)
            guard ConstantTime.isEqual(Self.passphraseCheck(oldKey), verifier.check) else {
                throw SecureStoreError(.authFailed, "the current passphrase for access group \(accessGroup) is wrong")
            }
            let salt = SecureRandom.bytes(count: 16)
            let newKey = try Self.derive(new, salt: salt, rounds: rounds)
            transaction.passphraseKey = oldKey
            var plaintexts: [Data?] = []
            for stored in transaction.contents.items {
                let needsResealing = try stored.accessibility.requiresUnlock && transaction.isVisible(stored)
                plaintexts.append(needsResealing ? try transaction.unseal(stored) : nil)
            }
            transaction.passphraseKey = newKey
            for (index, plaintext) in plaintexts.enumerated() {
                guard let plaintext else { continue }
                let stored = transaction.contents.items[index]
                let (payload, tag) = try transaction.seal(plaintext, accessibility: stored.accessibility, id: stored.id)
                transaction.contents.items[index].payload = payload
                transaction.contents.items[index].deviceTag = tag
            }
            transaction.contents.passphrase = PassphraseVerifier(
                salt: salt, rounds: rounds, check: Self.passphraseCheck(newKey))
            if keySource == .passphrase {
                let fileSalt = SecureRandom.bytes(count: 16)
                let fileKey = try Self.derive(new, salt: fileSalt, rounds: rounds)
                transaction.fileKey = fileKey
                transaction.fileKeySalt = fileSalt
                transaction.fileKeyRounds = rounds
                cache.fileKey = DerivedKey(salt: fileSalt, rounds: rounds, key: fileKey)
            }
            transaction.changed = true
            cache.passphraseKey = DerivedKey(salt: salt, rounds: rounds, key: newKey)
        }
    }

    // MARK: Items

    /// Adds an item (`SecItemAdd`). An unset accessibility becomes ``SecureItemAccessibility/always``.
    ///
    /// - Throws: ``SecureStoreStatus/duplicateItem`` when an item of the class has the same primary
    ///   key, ``SecureStoreStatus/param`` for attributes the class does not have or another access
    ///   group, ``SecureStoreStatus/interactionNotAllowed`` for an "after unlock" item while locked.
    public func add(_ item: SecureItem) throws {
        try transaction(exclusive: true) { transaction, _ in try transaction.add(item) }
    }

    /// Adds the item, or updates the item with its primary key — and writes nothing when that item
    /// already has the same data and attributes (the book's `setValue:forIdentifier:`).
    ///
    /// A nil ``SecureItem/data`` keeps the existing data; set attributes replace existing ones.
    ///
    /// - Throws: As ``add(_:)``.
    @discardableResult
    public func addOrUpdate(_ item: SecureItem) throws -> SecureStoreWriteOutcome {
        try transaction(exclusive: true) { transaction, _ in try transaction.addOrUpdate(item) }
    }

    /// The items matching a query (`SecItemCopyMatching`), up to its match limit, carrying what it
    /// asks for. A query naming another access group matches nothing.
    ///
    /// - Throws: ``SecureStoreStatus/itemNotFound`` when nothing matches,
    ///   ``SecureStoreStatus/interactionNotAllowed`` when data of an "after unlock" item is asked for
    ///   while locked, ``SecureStoreStatus/param`` for attributes the class does not have.
    public func items(matching query: SecureQuery) throws -> [SecureItem] {
        try transaction(exclusive: false) { transaction, _ in try transaction.items(matching: query) }
    }

    /// The first item matching a query.
    ///
    /// - Throws: As ``items(matching:)``.
    public func item(matching query: SecureQuery) throws -> SecureItem {
        var single = query
        single.matchLimit = .one
        let found = try items(matching: single)
        guard let first = found.first else {
            throw SecureStoreError(.itemNotFound, "no \(query.itemClass.rawValue) item matches the query")
        }
        return first
    }

    /// Changes every item matching the query (`SecItemUpdate`): set attributes replace existing ones,
    /// and non-nil `data` replaces the data. Changing ``SecureItemAttributes/accessibility``
    /// re-encrypts the data.
    ///
    /// - Returns: The number of items changed.
    /// - Throws: ``SecureStoreStatus/itemNotFound`` when nothing matches,
    ///   ``SecureStoreStatus/duplicateItem`` when the change would give two items one primary key
    ///   (nothing is changed then), ``SecureStoreStatus/param``, ``SecureStoreStatus/interactionNotAllowed``.
    @discardableResult
    public func update(
        matching query: SecureQuery,
        attributes changes: SecureItemAttributes = SecureItemAttributes(),
        data: Data? = nil
    ) throws -> Int {
        try transaction(exclusive: true) { transaction, _ in
            try transaction.update(matching: query, changes: changes, data: data)
        }
    }

    /// Deletes every item matching the query (`SecItemDelete`), whatever its match limit.
    ///
    /// - Returns: The number of items deleted.
    /// - Throws: ``SecureStoreStatus/itemNotFound`` when nothing matches.
    @discardableResult
    public func delete(matching query: SecureQuery) throws -> Int {
        try transaction(exclusive: true) { transaction, _ in try transaction.delete(matching: query) }
    }

    /// Every item with its data and attributes, for migration to another machine. "This device only"
    /// items are never exported.
    ///
    /// - Throws: ``SecureStoreStatus/interactionNotAllowed`` when "after unlock" items exist and the
    ///   store is locked.
    public func exportItems() throws -> [SecureItem] {
        try transaction(exclusive: false) { transaction, _ in try transaction.exportableItems() }
    }

    // MARK: Passwords

    /// Stores a generic password (the UTF-8 bytes of `password`), adding or updating it.
    @discardableResult
    public func setPassword(
        _ password: String,
        service: String,
        account: String,
        accessibility: SecureItemAccessibility = .always
    ) throws -> SecureStoreWriteOutcome {
        try addOrUpdate(
            .genericPassword(service: service, account: account, password: password, accessibility: accessibility)
        )
    }

    /// The generic password for a service and account.
    ///
    /// - Throws: ``SecureStoreStatus/itemNotFound``, ``SecureStoreStatus/interactionNotAllowed``, or
    ///   ``SecureStoreStatus/decode`` when the data is not UTF-8.
    public func password(service: String, account: String) throws -> String {
        let item = try item(matching: .genericPassword(service: service, account: account))
        guard let password = item.dataString else {
            throw SecureStoreError(.decode, "the stored password for \(account) at \(service) is not UTF-8 text")
        }
        return password
    }

    /// Deletes the generic password for a service and account.
    ///
    /// - Throws: ``SecureStoreStatus/itemNotFound``.
    public func deletePassword(service: String, account: String) throws {
        try delete(matching: .genericPassword(service: service, account: account))
    }

    /// `"SecureStore(<group> at <directory>, locked|unlocked)"`.
    public var description: String {
        "SecureStore(\(accessGroup) at \(directory.path), \(isLocked ? "locked" : "unlocked"))"
    }

    // MARK: Transactions

    /// Runs `body` on the group's decrypted contents under the mutex and the file lock (exclusive for
    /// changes), and writes the contents back if `body` changed them.
    private func transaction<Result: Sendable>(
        exclusive: Bool,
        _ body: (inout StoreTransaction, inout KeyCache) throws -> Result
    ) throws -> Result {
        try state.withLock { cache in
            try FileLock.withLock(location.lockPath, exclusive: exclusive) {
                var transaction = try load(cache: &cache, exclusive: exclusive)
                var updatedCache = cache
                let result = try body(&transaction, &updatedCache)
                if transaction.changed {
                    try save(transaction)
                }
                cache = updatedCache
                return result
            }
        }
    }

    private func load(cache: inout KeyCache, exclusive: Bool) throws -> StoreTransaction {
        let parsed = try PrivateFile.read(location.storePath).map {
            try StoreFileFormat.parse($0, path: location.storePath)
        }
        var fileKey: SecretKey?
        var fileKeySalt: Data?
        var fileKeyRounds: Int?
        switch options.keySource {
        case .keyFile:
            if let header = parsed?.header, header.keySource != "keyFile" {
                throw SecureStoreError(
                    .authFailed,
                    "access group \(accessGroup) is protected by a passphrase; open it with keySource .passphrase"
                )
            }
            fileKey = try loadKeyFile(create: exclusive, storeExists: parsed != nil)
        case .passphrase:
            guard let cached = cache.fileKey else {
                throw SecureStoreError(.interactionNotAllowed, "the store's passphrase has not been given")
            }
            if let header = parsed?.header {
                guard header.keySource == "passphrase" else {
                    throw SecureStoreError(
                        .authFailed,
                        "access group \(accessGroup) is protected by a key file; open it with keySource .keyFile"
                    )
                }
                guard header.salt == cached.salt, header.rounds == cached.rounds else {
                    cache.fileKey = nil
                    cache.passphraseKey = nil
                    throw SecureStoreError(
                        .authFailed,
                        "the passphrase of access group \(accessGroup) was changed elsewhere; open the store again"
                    )
                }
            }
            fileKey = cached.key
            fileKeySalt = cached.salt
            fileKeyRounds = cached.rounds
        }
        var contents = StoreContents()
        if let parsed {
            guard parsed.header.group == accessGroup else {
                throw StoreFileFormat.corrupt(location.storePath, "it belongs to access group \(parsed.header.group)")
            }
            guard let fileKey, ConstantTime.isEqual(StoreFileFormat.keyCheck(for: fileKey), parsed.header.keyCheck)
            else {
                throw SecureStoreError(
                    .authFailed,
                    options.keySource == .passphrase
                        ? "the passphrase for access group \(accessGroup) is wrong"
                        : "the key file \(location.keyPath) does not match the store \(location.storePath)"
                )
            }
            contents = try StoreFileFormat.decodeContents(
                prefix: parsed.prefix,
                sealedBody: parsed.sealedBody,
                fileKey: fileKey,
                path: location.storePath
            )
        }
        // Another process may have changed the passphrase; a stale key would fail to decrypt.
        if let cached = cache.passphraseKey, contents.passphrase?.salt != cached.salt {
            cache.passphraseKey = nil
        }
        var transaction = StoreTransaction(
            group: accessGroup,
            location: location,
            machineIdentifierFiles: options.machineIdentifierFiles,
            contents: contents,
            fileKey: fileKey,
            passphraseKey: cache.passphraseKey?.key
        )
        transaction.fileKeySalt = fileKeySalt
        transaction.fileKeyRounds = fileKeyRounds
        return transaction
    }

    private func save(_ transaction: StoreTransaction) throws {
        guard let fileKey = transaction.fileKey else {
            throw SecureStoreError(.io, "the store has no key to write with")
        }
        let header = StoreFileFormat.Header(
            group: accessGroup,
            keySource: options.keySource == .passphrase ? "passphrase" : "keyFile",
            salt: transaction.fileKeySalt,
            rounds: transaction.fileKeyRounds,
            keyCheck: StoreFileFormat.keyCheck(for: fileKey)
        )
        let bytes = try StoreFileFormat.encode(header: header, contents: transaction.contents, fileKey: fileKey)
        PrivateFile.removeTemporaries(for: location.storePath)
        try PrivateFile.writeAtomically(bytes, to: location.storePath)
    }

    private func loadKeyFile(create: Bool, storeExists: Bool) throws -> SecretKey? {
        if let bytes = try PrivateFile.read(location.keyPath) {
            guard bytes.count == 32, let key = try? SecretKey(bytes: bytes) else {
                throw SecureStoreError(.decode, "the key file \(location.keyPath) is damaged (it must hold 32 bytes)")
            }
            return key
        }
        if storeExists {
            throw SecureStoreError(
                .authFailed,
                "the key file \(location.keyPath) is missing, so the store \(location.storePath) cannot be opened"
            )
        }
        guard create else { return nil }
        let fresh = SecureRandom.bytes(count: 32)
        if try PrivateFile.createExclusively(fresh, at: location.keyPath) {
            return try SecretKey(bytes: fresh)
        }
        return try loadKeyFile(create: false, storeExists: false)
    }

    /// Derives the file key from the passphrase, reading the salt from an existing store or creating
    /// an empty store with a fresh salt.
    private func setUpPassphraseFileKey(_ passphrase: String) throws {
        let rounds = options.passphraseRounds
        try state.withLock { cache in
            try FileLock.withLock(location.lockPath, exclusive: true) {
                if let file = try PrivateFile.read(location.storePath) {
                    let header = try StoreFileFormat.parse(file, path: location.storePath).header
                    guard header.keySource == "passphrase", let salt = header.salt, let storedRounds = header.rounds
                    else {
                        throw SecureStoreError(
                            .authFailed,
                            "access group \(accessGroup) is protected by a key file; open it with keySource .keyFile"
                        )
                    }
                    let key = try Self.derive(passphrase, salt: salt, rounds: storedRounds)
                    guard ConstantTime.isEqual(StoreFileFormat.keyCheck(for: key), header.keyCheck) else {
                        throw SecureStoreError(.authFailed, "the passphrase for access group \(accessGroup) is wrong")
                    }
                    cache.fileKey = DerivedKey(salt: salt, rounds: storedRounds, key: key)
                } else {
                    let salt = SecureRandom.bytes(count: 16)
                    let key = try Self.derive(passphrase, salt: salt, rounds: rounds)
                    var transaction = StoreTransaction(
                        group: accessGroup,
                        location: location,
                        machineIdentifierFiles: options.machineIdentifierFiles,
                        contents: StoreContents(),
                        fileKey: key,
                        passphraseKey: nil
                    )
                    transaction.fileKeySalt = salt
                    transaction.fileKeyRounds = rounds
                    try save(transaction)
                    cache.fileKey = DerivedKey(salt: salt, rounds: rounds, key: key)
                }
            }
        }
    }

    private static func derive(_ passphrase: String, salt: Data, rounds: Int) throws -> SecretKey {
        do {
            return try KeyDerivation.pbkdf2(
                password: passphrase,
                salt: salt,
                algorithm: .sha256,
                rounds: rounds,
                byteCount: 32,
                allowingFewerRounds: true
            )
        } catch {
            throw SecureStoreError(.decode, "the store's PBKDF2 parameters are invalid: \(error)")
        }
    }

    private static func passphraseCheck(_ key: SecretKey) -> Data {
        let hmac = try? HMACAuthenticator(key: key, algorithm: .sha256)
        return hmac?.authenticationCode(for: "courier-secure-store passphrase-check v1").bytes ?? Data()
    }
}
