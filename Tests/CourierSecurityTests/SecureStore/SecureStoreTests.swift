import CourierTestSupport
import Foundation
import Testing

@testable import CourierSecurity

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("SecureStore", .ownThread)
struct SecureStoreTests {
    let directory: TemporaryDirectory
    let machineIDFile: URL

    init() throws {
        directory = try TemporaryDirectory()
        machineIDFile = directory.file("machine-id-a")
        try Data("machine-a\n".utf8).write(to: machineIDFile)
    }

    func makeStore(
        group: String = "com.acme.sso",
        passphrase: String? = nil,
        keySource: SecureStoreOptions.KeySource = .keyFile,
        machineIDFile: URL? = nil
    ) throws -> SecureStore {
        try SecureStore(
            accessGroup: group,
            directory: directory.url,
            passphrase: passphrase,
            options: SecureStoreOptions(
                keySource: keySource,
                machineIdentifierFiles: [(machineIDFile ?? self.machineIDFile).path]
            )
        )
    }

    func mode(of path: String) -> mode_t {
        var status = stat()
        stat(path, &status)
        return status.st_mode & 0o777
    }

    // MARK: Basic operations

    @Test("add, get, duplicate, add-or-update, update and delete follow the keychain's rules")
    func lifecycle() throws {
        defer { directory.remove() }
        let store = try makeStore()
        try store.add(.genericPassword(service: "api", account: "alice", password: "s3cret"))
        #expect(try store.password(service: "api", account: "alice") == "s3cret")
        #expect(
            storeStatus { try store.add(.genericPassword(service: "api", account: "alice", password: "other")) }
                == .duplicateItem)
        #expect(try store.setPassword("s3cret", service: "api", account: "alice") == .unchanged)
        #expect(try store.setPassword("n3w", service: "api", account: "alice") == .updated)
        #expect(try store.setPassword("bob's", service: "api", account: "bob") == .added)
        #expect(try store.password(service: "api", account: "alice") == "n3w")
        #expect(
            try store.update(matching: .genericPassword(service: "api"), attributes: SecureItemAttributes(label: "API"))
                == 2)
        let labelled = try store.items(
            matching: .genericPassword(service: "api", matchLimit: .all, returning: .attributes))
        #expect(labelled.map(\.attributes.label) == ["API", "API"])
        #expect(try store.delete(matching: .genericPassword(service: "api")) == 2)
        #expect(storeStatus { _ = try store.password(service: "api", account: "alice") } == .itemNotFound)
        #expect(storeStatus { try store.delete(matching: .genericPassword(service: "api")) } == .itemNotFound)
        #expect(
            storeStatus { try store.update(matching: .genericPassword(service: "api"), data: Data()) } == .itemNotFound)
    }

    @Test("add-or-update with the same value writes nothing")
    func unchangedWritesNothing() throws {
        defer { directory.remove() }
        let store = try makeStore()
        try store.setPassword("token", service: "sso", account: "alice")
        let path = directory.file("com.acme.sso.store").path
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(try store.setPassword("token", service: "sso", account: "alice") == .unchanged)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test("queries match attributes, honour match limits and return data, attributes or both")
    func queries() throws {
        defer { directory.remove() }
        let store = try makeStore()
        for (account, port) in [("alice", 443), ("bob", 443), ("carol", 8443)] {
            try store.add(
                .internetPassword(
                    server: "api.example.com",
                    account: account,
                    password: "pw-\(account)",
                    protocol: .https,
                    port: port,
                    path: "/v1",
                    authenticationType: .httpBasic
                )
            )
        }
        var https = SecureItemAttributes()
        https.server = "api.example.com"
        https.port = 443
        let all = try store.items(
            matching: SecureQuery(
                itemClass: .internetPassword, attributes: https, matchLimit: .all, returning: .dataAndAttributes)
        )
        #expect(all.map(\.attributes.account) == ["alice", "bob"])
        #expect(all.map(\.dataString) == ["pw-alice", "pw-bob"])
        #expect(all.allSatisfy { $0.attributes.accessGroup == "com.acme.sso" && $0.attributes.creationDate != nil })
        let one = try store.items(matching: SecureQuery(itemClass: .internetPassword, attributes: https))
        #expect(one.count == 1)
        #expect(one[0].data == Data("pw-alice".utf8))
        #expect(one[0].attributes.account == nil)
        let attributesOnly = try store.items(
            matching: .internetPassword(server: "api.example.com", matchLimit: .upTo(2), returning: .attributes))
        #expect(attributesOnly.count == 2)
        #expect(attributesOnly.allSatisfy { $0.data == nil && $0.attributes.internetProtocol == .https })
        var shouting = SecureItemAttributes(account: "ALICE")
        shouting.server = "API.EXAMPLE.COM"
        #expect(
            storeStatus {
                _ = try store.items(matching: SecureQuery(itemClass: .internetPassword, attributes: shouting))
            } == .itemNotFound)
        let insensitive = try store.items(
            matching: SecureQuery(itemClass: .internetPassword, attributes: shouting, isCaseInsensitive: true)
        )
        #expect(insensitive.first?.dataString == "pw-alice")
        #expect(
            storeStatus { _ = try store.items(matching: .genericPassword(service: "api.example.com")) } == .itemNotFound
        )
    }

    @Test("attributes that do not belong to the class are param errors")
    func classAttributes() throws {
        defer { directory.remove() }
        let store = try makeStore()
        var wrong = SecureItemAttributes(account: "alice")
        wrong.server = "example.com"
        #expect(
            storeStatus { try store.add(SecureItem(itemClass: .genericPassword, attributes: wrong, data: Data())) }
                == .param)
        #expect(
            storeStatus { _ = try store.items(matching: SecureQuery(itemClass: .genericPassword, attributes: wrong)) }
                == .param)
        var badPort = SecureItemAttributes()
        badPort.port = 70_000
        #expect(storeStatus { try store.add(SecureItem(itemClass: .internetPassword, attributes: badPort)) } == .param)
        var key = SecureItemAttributes()
        key.applicationTag = Data("com.acme.key".utf8)
        key.keyType = "EC"
        key.keySizeInBits = 256
        key.canSign = true
        try store.add(SecureItem(itemClass: .key, attributes: key, data: P256SigningKey().rawRepresentation))
        var certificate = SecureItemAttributes()
        certificate.serialNumber = Data([1, 2, 3])
        certificate.issuer = Data("CN=Acme CA".utf8)
        certificate.canSign = true
        #expect(storeStatus { try store.add(SecureItem(itemClass: .certificate, attributes: certificate)) } == .param)
        certificate.canSign = nil
        try store.add(SecureItem(itemClass: .certificate, attributes: certificate, data: Data([0x30])))
        certificate.canSign = true
        try store.add(SecureItem(itemClass: .identity, attributes: certificate, data: Data([0x30, 0x82])))
        #expect(try store.item(matching: SecureQuery(itemClass: .key, attributes: key)).data?.count == 32)
        #expect(storeStatus { try store.add(SecureItem(itemClass: .key, attributes: key)) } == .duplicateItem)
    }

    @Test("an update that would create two items with one primary key is refused and changes nothing")
    func updateDuplicates() throws {
        defer { directory.remove() }
        let store = try makeStore()
        try store.setPassword("1", service: "s", account: "a")
        try store.setPassword("2", service: "s", account: "b")
        #expect(
            storeStatus {
                try store.update(
                    matching: .genericPassword(service: "s", account: "b"),
                    attributes: SecureItemAttributes(account: "a"))
            }
                == .duplicateItem
        )
        #expect(try store.password(service: "s", account: "b") == "2")
    }

    // MARK: Access groups

    @Test("two store instances naming the same group share items; another group sees nothing")
    func sharedAccessGroup() throws {
        defer { directory.remove() }
        let records = try makeStore(group: "com.acme.sso")
        let directoryApp = try makeStore(group: "com.acme.sso")
        let other = try makeStore(group: "com.acme.records")
        try records.setPassword("token-1", service: "sso", account: "alice")
        #expect(try directoryApp.password(service: "sso", account: "alice") == "token-1")
        try directoryApp.setPassword("token-2", service: "sso", account: "alice")
        #expect(try records.password(service: "sso", account: "alice") == "token-2")
        #expect(storeStatus { _ = try other.password(service: "sso", account: "alice") } == .itemNotFound)
        var wrongGroup = SecureItemAttributes(account: "alice", service: "sso")
        wrongGroup.accessGroup = "com.acme.records"
        #expect(
            storeStatus {
                _ = try records.items(matching: SecureQuery(itemClass: .genericPassword, attributes: wrongGroup))
            } == .itemNotFound)
        #expect(
            storeStatus { try records.add(SecureItem(itemClass: .genericPassword, attributes: wrongGroup)) } == .param)
        let odd = try makeStore(group: "team/α")
        try odd.setPassword("x", service: "s", account: "a")
        #expect(try makeStore(group: "team/α").password(service: "s", account: "a") == "x")
    }

    @Test("concurrent writers in two instances never lose an update")
    func concurrentWriters() async throws {
        defer { directory.remove() }
        let first = try makeStore()
        let second = try makeStore()
        // On the pool, not the suite's one dedicated thread, so that the writers really overlap.
        try await withTaskExecutorPreference(globalConcurrentExecutor) {
            try await writeConcurrently(first, second)
        }
        let items = try first.items(
            matching: .genericPassword(service: "load", matchLimit: .all, returning: .attributes))
        #expect(items.count == 40)
    }

    func writeConcurrently(_ first: SecureStore, _ second: SecureStore) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                let store = index.isMultiple(of: 2) ? first : second
                group.addTask {
                    try store.setPassword("value-\(index)", service: "load", account: "account-\(index)")
                }
            }
            try await group.waitForAll()
        }
    }

    // MARK: Crash safety and damage

    @Test("a torn temporary file from a writer killed mid-write leaves the old state readable and is cleaned up")
    func tornWrite() throws {
        defer { directory.remove() }
        let store = try makeStore()
        try store.setPassword("old", service: "s", account: "a")
        let storePath = directory.file("com.acme.sso.store").path
        let complete = try Data(contentsOf: URL(fileURLWithPath: storePath))
        let torn = directory.file(".com.acme.sso.store.tmp-deadbeef")
        try complete.prefix(complete.count / 2).write(to: torn)
        chmod(torn.path, 0o600)

        let reopened = try makeStore()
        #expect(try reopened.password(service: "s", account: "a") == "old")
        try reopened.setPassword("new", service: "s", account: "a")
        #expect(!FileManager.default.fileExists(atPath: torn.path))
        #expect(try store.password(service: "s", account: "a") == "new")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.contains(".tmp-")
        }
        #expect(leftovers.isEmpty)
    }

    @Test(
        "a damaged store file is a decode error, never a crash",
        arguments: ["flip", "truncate", "garbage", "header", "empty"])
    func damagedStore(damage: String) throws {
        defer { directory.remove() }
        let store = try makeStore()
        try store.setPassword("secret", service: "s", account: "a")
        let url = directory.file("com.acme.sso.store")
        var bytes = try Data(contentsOf: url)
        switch damage {
        case "flip": bytes[bytes.count - 20] ^= 0x01
        case "truncate": bytes = bytes.prefix(bytes.count - 5)
        case "garbage": bytes = SecureRandom.bytes(count: 300)
        case "header": bytes[10] ^= 0xff
        default: bytes = Data()
        }
        try bytes.write(to: url)
        chmod(url.path, 0o600)
        #expect(storeStatus { _ = try store.password(service: "s", account: "a") } == .decode)
        #expect(storeStatus { try store.setPassword("x", service: "s", account: "b") } == .decode)
    }

    @Test("random single-byte damage anywhere in the store file is decode or authFailed, never wrong data")
    func randomDamage() throws {
        defer { directory.remove() }
        let store = try makeStore()
        try store.setPassword("secret", service: "s", account: "a")
        let url = directory.file("com.acme.sso.store")
        let original = try Data(contentsOf: url)
        var generator = SeededGenerator(seed: 0xdead)
        for _ in 0..<200 {
            var damaged = original
            let index = Int.random(in: 0..<damaged.count, using: &generator)
            damaged[index] ^= UInt8.random(in: 1...255, using: &generator)
            try damaged.write(to: url)
            chmod(url.path, 0o600)
            let status = storeStatus { _ = try store.password(service: "s", account: "a") }
            #expect(status == .decode || status == .authFailed, "byte \(index)")
        }
        try original.write(to: url)
        chmod(url.path, 0o600)
        #expect(try store.password(service: "s", account: "a") == "secret")
    }

    @Test("a damaged or foreign key file is refused")
    func damagedKeyFile() throws {
        defer { directory.remove() }
        let store = try makeStore()
        try store.setPassword("secret", service: "s", account: "a")
        let keyURL = directory.file("com.acme.sso.key")
        try SecureRandom.bytes(count: 32).write(to: keyURL)
        chmod(keyURL.path, 0o600)
        #expect(storeStatus { _ = try store.password(service: "s", account: "a") } == .authFailed)
        try Data(count: 5).write(to: keyURL)
        #expect(storeStatus { _ = try store.password(service: "s", account: "a") } == .decode)
        try FileManager.default.removeItem(at: keyURL)
        #expect(storeStatus { _ = try store.password(service: "s", account: "a") } == .authFailed)
    }

    // MARK: Permissions

    @Test("key and store files are created 0600 in a 0700 directory")
    func createdPermissions() throws {
        defer { directory.remove() }
        let nested = directory.file("nested/store")
        let store = try SecureStore(
            accessGroup: "g",
            directory: nested,
            options: SecureStoreOptions(machineIdentifierFiles: [machineIDFile.path])
        )
        try store.setPassword("v", service: "s", account: "a")
        #expect(mode(of: nested.appendingPathComponent("g.key").path) == 0o600)
        #expect(mode(of: nested.appendingPathComponent("g.store").path) == 0o600)
        #expect(mode(of: nested.path) == 0o700)
    }

    @Test("files readable by other users are refused with a clear error", arguments: ["g.store", "g.key"])
    func refusesOpenPermissions(file: String) throws {
        defer { directory.remove() }
        let store = try SecureStore(accessGroup: "g", directory: directory.url)
        try store.setPassword("v", service: "s", account: "a")
        let path = directory.file(file).path
        chmod(path, 0o644)
        var message = ""
        do {
            _ = try store.password(service: "s", account: "a")
        } catch let error as SecureStoreError {
            #expect(error.status == .insecurePermissions)
            message = error.message
        }
        #expect(message.contains("chmod 600"))
        chmod(path, 0o640)
        #expect(storeStatus { _ = try store.password(service: "s", account: "a") } == .insecurePermissions)
        chmod(path, 0o600)
        #expect(try store.password(service: "s", account: "a") == "v")
    }

    @Test("a directory other users can write to is refused")
    func refusesOpenDirectory() throws {
        defer { directory.remove() }
        let shared = directory.file("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        chmod(shared.path, 0o777)
        #expect(storeStatus { _ = try SecureStore(accessGroup: "g", directory: shared) } == .insecurePermissions)
    }

    // MARK: Passphrases and accessibility

    @Test("a passphrase-keyed store opens with the right passphrase and fails cleanly with the wrong one")
    func passphraseKeySource() throws {
        defer { directory.remove() }
        let store = try makeStore(passphrase: "correct horse", keySource: .passphrase)
        try store.setPassword("v", service: "s", account: "a")
        #expect(!FileManager.default.fileExists(atPath: directory.file("com.acme.sso.key").path))
        let before = try Data(contentsOf: directory.file("com.acme.sso.store"))
        #expect(storeStatus { _ = try makeStore(passphrase: "battery staple", keySource: .passphrase) } == .authFailed)
        #expect(try Data(contentsOf: directory.file("com.acme.sso.store")) == before)
        #expect(
            try makeStore(passphrase: "correct horse", keySource: .passphrase).password(service: "s", account: "a")
                == "v")
        #expect(storeStatus { _ = try makeStore(keySource: .passphrase) } == .param)
        #expect(storeStatus { _ = try makeStore().password(service: "s", account: "a") } == .authFailed)
    }

    @Test("after-unlock items need the passphrase; a wrong one is authFailed; attributes stay visible while locked")
    func afterUnlockItems() throws {
        defer { directory.remove() }
        let unlocked = try makeStore(passphrase: "open sesame")
        #expect(!unlocked.isLocked)
        try unlocked.setPassword("vault", service: "bank", account: "alice", accessibility: .whenUnlocked)
        try unlocked.setPassword("plain", service: "bank", account: "bob")

        let locked = try makeStore()
        #expect(locked.isLocked)
        #expect(storeStatus { _ = try locked.password(service: "bank", account: "alice") } == .interactionNotAllowed)
        #expect(try locked.password(service: "bank", account: "bob") == "plain")
        let attributes = try locked.item(
            matching: .genericPassword(service: "bank", account: "alice", returning: .attributes))
        #expect(attributes.attributes.accessibility == .afterUnlock)
        #expect(
            storeStatus { try locked.setPassword("x", service: "bank", account: "carol", accessibility: .afterUnlock) }
                == .interactionNotAllowed)
        #expect(storeStatus { try locked.unlock(passphrase: "wrong") } == .authFailed)
        #expect(locked.isLocked)
        #expect(storeStatus { _ = try makeStore(passphrase: "wrong") } == .authFailed)
        try locked.unlock(passphrase: "open sesame")
        #expect(try locked.password(service: "bank", account: "alice") == "vault")
        locked.lock()
        #expect(storeStatus { _ = try locked.password(service: "bank", account: "alice") } == .interactionNotAllowed)
    }

    @Test("changing the passphrase re-encrypts after-unlock data")
    func changePassphrase() throws {
        defer { directory.remove() }
        let store = try makeStore(passphrase: "one")
        try store.setPassword("vault", service: "bank", account: "alice", accessibility: .afterUnlockThisDeviceOnly)
        #expect(storeStatus { try store.changePassphrase(from: "wrong", to: "two") } == .authFailed)
        try store.changePassphrase(from: "one", to: "two")
        #expect(try store.password(service: "bank", account: "alice") == "vault")
        #expect(storeStatus { _ = try makeStore(passphrase: "one") } == .authFailed)
        #expect(try makeStore(passphrase: "two").password(service: "bank", account: "alice") == "vault")
    }

    @Test("this-device-only items are invisible on another machine and never exported")
    func thisDeviceOnly() throws {
        defer { directory.remove() }
        let here = try makeStore()
        try here.setPassword("bound", service: "device", account: "a", accessibility: .alwaysThisDeviceOnly)
        try here.setPassword("portable", service: "device", account: "b")
        #expect(try here.password(service: "device", account: "a") == "bound")
        let exported = try here.exportItems()
        #expect(exported.map(\.dataString) == ["portable"])

        let otherMachine = directory.file("machine-id-b")
        try Data("machine-b".utf8).write(to: otherMachine)
        let there = try makeStore(machineIDFile: otherMachine)
        #expect(storeStatus { _ = try there.password(service: "device", account: "a") } == .itemNotFound)
        #expect(try there.password(service: "device", account: "b") == "portable")
        #expect(try there.items(matching: .genericPassword(service: "device", matchLimit: .all)).count == 1)
        try there.setPassword("rebound", service: "device", account: "a", accessibility: .alwaysThisDeviceOnly)
        #expect(try there.password(service: "device", account: "a") == "rebound")
    }

    @Test("without a machine-id file a random identifier is kept in the store directory")
    func machineIdentifierFallback() throws {
        defer { directory.remove() }
        let store = try makeStore(machineIDFile: directory.file("missing"))
        try store.setPassword("bound", service: "d", account: "a", accessibility: .alwaysThisDeviceOnly)
        #expect(mode(of: directory.file("machine-id").path) == 0o600)
        #expect(try makeStore(machineIDFile: directory.file("missing")).password(service: "d", account: "a") == "bound")
    }

    @Test("the default directory follows XDG_DATA_HOME, then ~/.local/share")
    func defaultDirectory() {
        #expect(StoreLocation.defaultDirectory(environment: ["XDG_DATA_HOME": "/data"]) == "/data/courier/secure-store")
        #expect(
            StoreLocation.defaultDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"])
                == "/home/u/.local/share/courier/secure-store"
        )
        #expect(StoreLocation.fileStem(for: "com.acme.sso") == "com.acme.sso")
        #expect(StoreLocation.fileStem(for: "../x").hasPrefix("+"))
        #expect(StoreLocation.fileStem(for: ".hidden").hasPrefix("+"))
        directory.remove()
    }

    @Test("bad group names and weak PBKDF2 settings are param errors")
    func badParameters() {
        defer { directory.remove() }
        #expect(storeStatus { _ = try SecureStore(accessGroup: "", directory: directory.url) } == .param)
        #expect(
            storeStatus {
                _ = try SecureStore(accessGroup: String(repeating: "g", count: 201), directory: directory.url)
            } == .param)
        #expect(
            storeStatus {
                _ = try SecureStore(
                    accessGroup: "g", directory: directory.url, options: SecureStoreOptions(passphraseRounds: 1_000))
            } == .param
        )
    }

    @Test("item data never appears in descriptions or dumps, and status codes match the keychain's")
    func redactionAndCodes() {
        defer { directory.remove() }
        let item = SecureItem.genericPassword(service: "s", account: "alice", password: "hunter2")
        for text in [String(describing: item), String(reflecting: item), dumped(item)] {
            #expect(!text.contains("hunter2"))
            #expect(!text.contains(Base64.encode("hunter2")))
        }
        #expect(SecureStoreStatus.itemNotFound.rawValue == -25_300)
        #expect(SecureStoreStatus.duplicateItem.rawValue == -25_299)
        #expect(SecureStoreStatus.authFailed.rawValue == -25_293)
        #expect(SecureStoreStatus.interactionNotAllowed.rawValue == -25_308)
        #expect(SecureStoreStatus.decode.rawValue == -26_275)
        #expect(SecureStoreStatus.param.rawValue == -50)
        #expect(SecureStoreStatus.success.description == "errSecSuccess")
    }
}
