import Foundation

/// One read-modify-write of a group's store, run while holding the group's file lock: the decrypted
/// contents, the keys that opened them, and the item operations of ``SecureStore``.
struct StoreTransaction {
    let group: String
    let location: StoreLocation
    let machineIdentifierFiles: [String]
    var contents: StoreContents
    /// The key that encrypts the file; nil only while reading a group that has no files yet.
    var fileKey: SecretKey?
    /// The PBKDF2 salt and rounds of a passphrase-derived file key, written into the header.
    var fileKeySalt: Data?
    var fileKeyRounds: Int?
    /// The key for "after unlock" item data, present while the store is unlocked.
    var passphraseKey: SecretKey?
    /// Whether the contents must be written back.
    var changed = false
    private var cachedDeviceKey: SecretKey?

    init(
        group: String,
        location: StoreLocation,
        machineIdentifierFiles: [String],
        contents: StoreContents,
        fileKey: SecretKey?,
        passphraseKey: SecretKey?
    ) {
        self.group = group
        self.location = location
        self.machineIdentifierFiles = machineIdentifierFiles
        self.contents = contents
        self.fileKey = fileKey
        self.passphraseKey = passphraseKey
    }

    // MARK: Operations

    mutating func add(_ item: SecureItem) throws {
        let attributes = try Self.normalized(item.attributes, for: item.itemClass, group: group)
        let key = Self.primaryKey(item.itemClass, attributes)
        var foreign: [Int] = []
        for (index, stored) in contents.items.enumerated()
        where stored.itemClass == item.itemClass && Self.primaryKey(stored.itemClass, stored.attributes) == key {
            guard try !isVisible(stored) else {
                throw SecureStoreError(
                    .duplicateItem,
                    "an item of class \(item.itemClass.rawValue) with the same primary key already exists")
            }
            foreign.append(index)
        }
        // An item bound to another machine is invisible here, so it must not block this one.
        for index in foreign.reversed() {
            contents.items.remove(at: index)
        }
        let id = UUID().uuidString
        var stamped = attributes
        let now = Date()
        stamped.creationDate = now
        stamped.modificationDate = now
        let (payload, tag) = try seal(item.data ?? Data(), accessibility: stamped.accessibility ?? .always, id: id)
        contents.items.append(
            StoredItem(id: id, itemClass: item.itemClass, attributes: stamped, payload: payload, deviceTag: tag)
        )
        changed = true
    }

    mutating func addOrUpdate(_ item: SecureItem) throws -> SecureStoreWriteOutcome {
        let attributes = try Self.normalized(item.attributes, for: item.itemClass, group: group)
        let key = Self.primaryKey(item.itemClass, attributes)
        var existingIndex: Int?
        for (index, stored) in contents.items.enumerated()
        where stored.itemClass == item.itemClass && Self.primaryKey(stored.itemClass, stored.attributes) == key {
            if try isVisible(stored) {
                existingIndex = index
                break
            }
        }
        guard let index = existingIndex else {
            try add(item)
            return .added
        }
        let existing = contents.items[index]
        let existingData = try unseal(existing)
        var merged = existing.attributes.merging(attributes)
        let newData = item.data ?? existingData
        if merged.values == existing.attributes.values && newData == existingData {
            return .unchanged
        }
        merged.modificationDate = Date()
        let (payload, tag) = try seal(newData, accessibility: merged.accessibility ?? .always, id: existing.id)
        contents.items[index] = StoredItem(
            id: existing.id,
            itemClass: existing.itemClass,
            attributes: merged,
            payload: payload,
            deviceTag: tag
        )
        changed = true
        return .updated
    }

    mutating func items(matching query: SecureQuery) throws -> [SecureItem] {
        let indices = try matchingIndices(query)
        let limited = indices.prefix(query.limit)
        guard !limited.isEmpty else {
            throw SecureStoreError(
                .itemNotFound, "no \(query.itemClass.rawValue) item matches the query in group \(group)")
        }
        return try limited.map { try result(for: contents.items[$0], query: query) }
    }

    mutating func update(matching query: SecureQuery, changes: SecureItemAttributes, data: Data?) throws -> Int {
        try Self.validate(changes, for: query.itemClass)
        if let changedGroup = changes.accessGroup, changedGroup != group {
            throw SecureStoreError(
                .param, "items cannot move to access group \(changedGroup); add them to that group's store")
        }
        var changesWithoutGroup = changes
        changesWithoutGroup.accessGroup = nil
        let indices = try matchingIndices(query)
        guard !indices.isEmpty else {
            throw SecureStoreError(
                .itemNotFound, "no \(query.itemClass.rawValue) item matches the query in group \(group)")
        }
        var items = contents.items
        let now = Date()
        for index in indices {
            let stored = items[index]
            var merged = stored.attributes.merging(changesWithoutGroup)
            merged.modificationDate = now
            var payload = stored.payload
            var tag = stored.deviceTag
            let accessibility = merged.accessibility ?? .always
            if data != nil || accessibility != stored.accessibility {
                let plaintext: Data
                if let data {
                    plaintext = data
                } else {
                    plaintext = try unseal(stored)
                }
                (payload, tag) = try seal(plaintext, accessibility: accessibility, id: stored.id)
            }
            items[index] = StoredItem(
                id: stored.id,
                itemClass: stored.itemClass,
                attributes: merged,
                payload: payload,
                deviceTag: tag
            )
        }
        try checkUniqueness(items)
        contents.items = items
        changed = true
        return indices.count
    }

    mutating func delete(matching query: SecureQuery) throws -> Int {
        let indices = try matchingIndices(query)
        guard !indices.isEmpty else {
            throw SecureStoreError(
                .itemNotFound, "no \(query.itemClass.rawValue) item matches the query in group \(group)")
        }
        for index in indices.reversed() {
            contents.items.remove(at: index)
        }
        changed = true
        return indices.count
    }

    mutating func exportableItems() throws -> [SecureItem] {
        var exported: [SecureItem] = []
        for stored in contents.items where !stored.accessibility.isThisDeviceOnly {
            var attributes = stored.attributes
            attributes.accessGroup = group
            exported.append(SecureItem(itemClass: stored.itemClass, attributes: attributes, data: try unseal(stored)))
        }
        return exported
    }

    // MARK: Matching

    /// Every visible item that matches, in the order added.
    mutating func matchingIndices(_ query: SecureQuery) throws -> [Int] {
        try Self.validate(query.attributes, for: query.itemClass)
        if let wantedGroup = query.attributes.accessGroup, wantedGroup != group {
            return []
        }
        var wanted = query.attributes
        wanted.accessGroup = nil
        var indices: [Int] = []
        for (index, stored) in contents.items.enumerated() where stored.itemClass == query.itemClass {
            let matches = wanted.values.allSatisfy { name, value in
                stored.attributes.values[name]?.matches(value, caseInsensitive: query.isCaseInsensitive) ?? false
            }
            if matches, try isVisible(stored) {
                indices.append(index)
            }
        }
        return indices
    }

    private mutating func result(for stored: StoredItem, query: SecureQuery) throws -> SecureItem {
        var attributes = query.includesAttributes ? stored.attributes : SecureItemAttributes()
        attributes.accessGroup = group
        let data = query.includesData ? try unseal(stored) : nil
        return SecureItem(itemClass: stored.itemClass, attributes: attributes, data: data)
    }

    private mutating func checkUniqueness(_ items: [StoredItem]) throws {
        var seen: Set<[AttributeValue?]> = []
        for stored in items {
            guard try isVisible(stored) else { continue }
            let key =
                [AttributeValue.string(stored.itemClass.rawValue)]
                + Self.primaryKey(stored.itemClass, stored.attributes)
            guard seen.insert(key).inserted else {
                throw SecureStoreError(
                    .duplicateItem, "the update would give two \(stored.itemClass.rawValue) items the same primary key")
            }
        }
    }

    /// Checks attributes against the class and strips the group; fills in the default accessibility.
    static func normalized(_ attributes: SecureItemAttributes, for itemClass: SecureItemClass, group: String) throws
        -> SecureItemAttributes
    {
        try validate(attributes, for: itemClass)
        if let itemGroup = attributes.accessGroup, itemGroup != group {
            throw SecureStoreError(.param, "this store serves access group \(group), not \(itemGroup)")
        }
        var normalized = attributes
        normalized.accessGroup = nil
        normalized.creationDate = nil
        normalized.modificationDate = nil
        if normalized.accessibility == nil {
            normalized.accessibility = .always
        }
        return normalized
    }

    static func validate(_ attributes: SecureItemAttributes, for itemClass: SecureItemClass) throws {
        let misplaced = attributes.setNames.subtracting(SecureItemAttributes.allowedNames(for: itemClass))
        guard misplaced.isEmpty else {
            let names = misplaced.map(\.rawValue).sorted().joined(separator: ", ")
            throw SecureStoreError(.param, "\(itemClass.rawValue) items have no attribute \(names)")
        }
        if let port = attributes.port, !(0...65_535).contains(port) {
            throw SecureStoreError(.param, "port \(port) is outside 0...65535")
        }
    }

    static func primaryKey(_ itemClass: SecureItemClass, _ attributes: SecureItemAttributes) -> [AttributeValue?] {
        let names: [SecureItemAttributes.Name]
        switch itemClass {
        case .genericPassword:
            names = [.account, .service]
        case .internetPassword:
            names = [.account, .securityDomain, .server, .internetProtocol, .authenticationType, .port, .path]
        case .key:
            names = [.applicationLabel, .applicationTag, .keyType, .keySizeInBits, .effectiveKeySize]
        case .certificate, .identity:
            names = [.issuer, .serialNumber, .label]
        }
        return names.map { attributes[$0] }
    }

    // MARK: Item data protection

    mutating func isVisible(_ stored: StoredItem) throws -> Bool {
        guard stored.accessibility.isThisDeviceOnly else { return true }
        return stored.deviceTag == (try deviceTag())
    }

    private mutating func deviceKey() throws -> SecretKey {
        if let cachedDeviceKey { return cachedDeviceKey }
        guard let fileKey else {
            throw SecureStoreError(.interactionNotAllowed, "the store has no key yet")
        }
        let machine = try MachineIdentity.identifier(
            files: machineIdentifierFiles,
            fallbackPath: location.machineIdentifierPath
        )
        do {
            let key = try KeyDerivation.hkdf(
                from: fileKey,
                salt: machine,
                info: Data("courier-secure-store this-device-only v1".utf8),
                byteCount: 32
            )
            cachedDeviceKey = key
            return key
        } catch {
            throw SecureStoreError(.param, "the device key could not be derived: \(error)")
        }
    }

    private mutating func deviceTag() throws -> Data {
        let key = try deviceKey()
        let hmac = try? HMACAuthenticator(key: key, algorithm: .sha256)
        return hmac?.authenticationCode(for: "courier-secure-store device-tag v1").bytes.prefix(16) ?? Data()
    }

    /// The key that seals data of this accessibility, or nil when the file key alone protects it.
    private mutating func sealingKey(for accessibility: SecureItemAccessibility) throws -> SecretKey? {
        var passphrase: SecretKey?
        if accessibility.requiresUnlock {
            guard let passphraseKey else {
                throw SecureStoreError(
                    .interactionNotAllowed,
                    "the item is only available after the store is unlocked with its passphrase"
                )
            }
            passphrase = passphraseKey
        }
        guard accessibility.isThisDeviceOnly else { return passphrase }
        let device = try deviceKey()
        guard let passphrase else { return device }
        var material = Data()
        passphrase.withUnsafeBytes { material.append(contentsOf: $0) }
        device.withUnsafeBytes { material.append(contentsOf: $0) }
        do {
            return try KeyDerivation.hkdf(
                from: SecretKey(bytes: material),
                salt: Data(),
                info: Data("courier-secure-store unlock-and-device v1".utf8),
                byteCount: 32
            )
        } catch {
            throw SecureStoreError(.param, "the item key could not be derived: \(error)")
        }
    }

    mutating func seal(_ data: Data, accessibility: SecureItemAccessibility, id: String) throws -> (Data, Data?) {
        let tag = accessibility.isThisDeviceOnly ? try deviceTag() : nil
        guard let key = try sealingKey(for: accessibility) else { return (data, tag) }
        do {
            return (try AESGCMCipher(key: key).seal(data, authenticating: Data(id.utf8)), tag)
        } catch {
            throw SecureStoreError(.param, "the item could not be encrypted: \(error)")
        }
    }

    mutating func unseal(_ stored: StoredItem) throws -> Data {
        guard let key = try sealingKey(for: stored.accessibility) else { return stored.payload }
        do {
            return try AESGCMCipher(key: key).open(stored.payload, authenticating: Data(stored.id.utf8))
        } catch {
            throw SecureStoreError(
                .decode, "the data of a \(stored.itemClass.rawValue) item is damaged and cannot be decrypted")
        }
    }
}
