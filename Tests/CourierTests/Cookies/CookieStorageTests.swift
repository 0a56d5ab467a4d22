import Foundation
import HTTPTypes
import Testing

@testable import Courier

/// A fresh temporary directory, removed when `body` returns.

/// Collects the next `count` changes of a stream made before the changes happened.
func nextChanges(_ stream: AsyncStream<CookieStorage.Change>, count: Int) async -> [String] {
    var iterator = stream.makeAsyncIterator()
    var result: [String] = []
    for _ in 0..<count {
        switch await iterator.next() {
        case .added(let cookie): result.append("+\(cookie.name)=\(cookie.value)")
        case .removed(let cookie): result.append("-\(cookie.name)")
        case .acceptPolicyChanged(let policy): result.append("policy \(policy)")
        case nil: result.append("end")
        }
    }
    return result
}

@Suite("Cookie jar")
struct CookieStorageTests {
    let site = cookieURL("https://www.example.com/")

    @Test func setReadAndDeleteOne() throws {
        let jar = CookieStorage()
        let cookie = try Cookie(name: "a", value: "1", domain: ".example.com")
        jar.setCookie(cookie)
        jar.setCookie(try Cookie(name: "b", value: "2", domain: "www.example.com", path: "/docs"))
        #expect(jar.cookies.map(\.name) == ["a", "b"])
        #expect(jar.cookies(for: site).map(\.name) == ["a"])
        #expect(jar.cookies(for: cookieURL("https://www.example.com/docs/x")).map(\.name) == ["b", "a"])
        jar.deleteCookie(cookie)
        #expect(jar.cookies.map(\.name) == ["b"])
    }

    @Test func aCookieWithTheSameNameDomainAndPathReplacesTheOldAndKeepsItsCreationDate() throws {
        let clock = CookieTestClock()
        let jar = CookieStorage(now: clock.function)
        receive(["a=1"], from: "https://www.example.com/", in: jar)
        clock.advance(by: 60)
        receive(["a=2"], from: "https://www.example.com/", in: jar)
        receive(["a=other-path; Path=/x"], from: "https://www.example.com/", in: jar)
        let cookies = jar.cookies
        #expect(cookies.count == 2)
        let replaced = try #require(cookies.first { $0.path == "/" })
        #expect(replaced.value == "2")
        #expect(replaced.creationDate == cookieTestNow)
        #expect(replaced.lastAccessDate == cookieTestNow.addingTimeInterval(60))
    }

    @Test func deleteByNameForAURLIsTheBooksDeleteCookie() throws {
        let jar = CookieStorage()
        receive(["JSESSIONID=1; Path=/shop", "theme=dark"], from: "https://shop.example.com/shop/cart", in: jar)
        receive(["JSESSIONID=2"], from: "https://other.example.net/", in: jar)
        jar.deleteCookies(named: "JSESSIONID", for: cookieURL("https://shop.example.com/shop/cart"))
        #expect(
            jar.cookies.map { "\($0.name)@\($0.domain)" }.sorted() == [
                "JSESSIONID@other.example.net", "theme@shop.example.com",
            ])
    }

    @Test func deleteAllAndDeleteSinceADate() throws {
        let clock = CookieTestClock()
        let jar = CookieStorage(now: clock.function)
        receive(["old=1"], from: "https://example.com/", in: jar)
        clock.advance(by: 100)
        receive(["new=2"], from: "https://example.com/", in: jar)
        receive(["newer=3"], from: "https://example.org/", in: jar)
        jar.removeCookies(since: cookieTestNow.addingTimeInterval(50))
        #expect(jar.cookies.map(\.name) == ["old"])
        jar.deleteAllCookies()
        #expect(jar.cookies.isEmpty)
    }

    @Test func acceptPolicyNeverStoresNothing() throws {
        let jar = CookieStorage(acceptPolicy: .never)
        jar.setCookie(try Cookie(name: "a", value: "1", domain: "example.com"))
        jar.setCookies(
            [try Cookie(name: "b", value: "2", domain: "example.com")], for: cookieURL("https://example.com/"),
            mainDocumentURL: nil)
        #expect(jar.cookies.isEmpty)
        jar.cookieAcceptPolicy = .always
        jar.setCookie(try Cookie(name: "a", value: "1", domain: "example.com"))
        #expect(jar.cookies.count == 1)
    }

    @Test func onlyFromMainDocumentDomainComparesRegistrableDomains() throws {
        let jar = CookieStorage(acceptPolicy: .onlyFromMainDocumentDomain)
        let main = cookieURL("https://www.example.co.uk/index.html")
        let sameSite = try Cookie(name: "same", value: "1", domain: "static.example.co.uk")
        let thirdParty = try Cookie(name: "ads", value: "1", domain: "tracker.test")
        jar.setCookies([sameSite], for: cookieURL("https://static.example.co.uk/app.js"), mainDocumentURL: main)
        jar.setCookies([thirdParty], for: cookieURL("https://tracker.test/pixel"), mainDocumentURL: main)
        // Without a main document URL the request is its own main document.
        let topLevel = try Cookie(name: "top", value: "1", domain: "tracker.test")
        jar.setCookies([topLevel], for: cookieURL("https://tracker.test/"), mainDocumentURL: nil)
        #expect(jar.cookies.map(\.name) == ["same", "top"])
        // A suffix of the host name is not enough: notexample.co.uk is another site.
        #expect(!CookieStorage.isSameSite(cookieURL("https://notexample.co.uk/"), main))
    }

    @Test func setCookiesForAURLTakesOnlyCookiesThatHostMayHold() throws {
        let jar = CookieStorage()
        let mine = try Cookie(name: "mine", value: "1", domain: ".example.com")
        let foreign = try Cookie(name: "foreign", value: "1", domain: "other.com")
        let secure = try Cookie(name: "secure", value: "1", domain: ".example.com", isSecure: true)
        jar.setCookies([mine, foreign, secure], for: cookieURL("http://www.example.com/"), mainDocumentURL: nil)
        #expect(jar.cookies.map(\.name) == ["mine"])
    }

    @Test func changesAreStreamed() async throws {
        let jar = CookieStorage()
        let changes = jar.changes
        let cookie = try Cookie(name: "a", value: "1", domain: "example.com")
        jar.setCookie(cookie)
        jar.setCookie(try Cookie(name: "a", value: "2", domain: "example.com"))
        jar.cookieAcceptPolicy = .onlyFromMainDocumentDomain
        jar.cookieAcceptPolicy = .onlyFromMainDocumentDomain  // no change, no event
        jar.deleteCookie(cookie)
        jar.cookieAcceptPolicy = .always
        #expect(
            await nextChanges(changes, count: 5) == [
                "+a=1", "+a=2", "policy onlyFromMainDocumentDomain", "-a", "policy always",
            ])
    }

    @Test func eachChangesStreamIsIndependentAndEndsWithTheJar() async throws {
        var jar: CookieStorage? = CookieStorage()
        let first = try #require(jar?.changes)
        let second = try #require(jar?.changes)
        jar?.setCookie(try Cookie(name: "a", value: "1", domain: "example.com"))
        jar = nil
        #expect(await nextChanges(first, count: 2) == ["+a=1", "end"])
        #expect(await nextChanges(second, count: 2) == ["+a=1", "end"])
    }

    @Test func perDomainLimitEvictsTheLeastRecentlyUsedAcrossTheRegistrableDomain() throws {
        let clock = CookieTestClock()
        let jar = CookieStorage(limits: .init(maximumCookiesPerDomain: 3, maximumCookieCount: 100), now: clock.function)
        receive(["a=1"], from: "https://www.example.com/", in: jar)
        clock.advance(by: 1)
        receive(["b=2"], from: "https://api.example.com/", in: jar)
        clock.advance(by: 1)
        receive(["c=3; Domain=example.com"], from: "https://www.example.com/", in: jar)
        clock.advance(by: 1)
        // Using a makes b the least recently used.
        _ = jar.cookieHeader(for: cookieURL("https://www.example.com/"))
        clock.advance(by: 1)
        receive(["d=4"], from: "https://shop.example.com/", in: jar)
        receive(["other=1"], from: "https://example.org/", in: jar)
        #expect(jar.cookies.map(\.name).sorted() == ["a", "c", "d", "other"])
    }

    @Test func totalLimitEvictsExpiredCookiesFirstThenTheOldest() throws {
        let clock = CookieTestClock()
        let jar = CookieStorage(limits: .init(maximumCookiesPerDomain: 10, maximumCookieCount: 3), now: clock.function)
        receive(["a=1"], from: "https://a.test/", in: jar)
        clock.advance(by: 1)
        receive(["b=1; Max-Age=5"], from: "https://b.test/", in: jar)
        clock.advance(by: 1)
        receive(["c=1"], from: "https://c.test/", in: jar)
        clock.advance(by: 10)  // b has expired
        receive(["d=1"], from: "https://d.test/", in: jar)
        #expect(jar.cookies.map(\.name) == ["a", "c", "d"])
        clock.advance(by: 1)
        receive(["e=1"], from: "https://e.test/", in: jar)
        #expect(jar.cookies.map(\.name) == ["c", "d", "e"])
    }

    @Test func limitsMeetTheRFCMinimumsByDefault() {
        let limits = CookieStorage.Limits()
        #expect(limits.maximumCookiesPerDomain >= 50)
        #expect(limits.maximumCookieCount >= 3000)
        #expect(limits.maximumCookieSize == 4096)
    }

    @Test func cookiesOver4096BytesCannotBeMade() {
        #expect(throws: CourierError.self) {
            try Cookie(name: "n", value: String(repeating: "v", count: 4096), domain: "example.com")
        }
        let jar = CookieStorage(limits: .init(maximumCookieSize: 100))
        receive(["big=" + String(repeating: "v", count: 200)], from: "https://example.com/", in: jar)
        #expect(jar.cookies.isEmpty)
    }

    @Test(arguments: [
        ("a=b", "value"), ("a;b", "value"), (" a", "value"), ("a", "v;x"), ("a", "v\nx"), ("", ""), ("", "x=y"),
    ])
    func invalidCookiesCannotBeMade(name: String, value: String) {
        #expect(throws: CourierError.self) { try Cookie(name: name, value: value, domain: "example.com") }
    }

    @Test func invalidDomainsAndPathsCannotBeMade() {
        #expect(throws: CourierError.self) { try Cookie(name: "a", value: "1", domain: "") }
        #expect(throws: CourierError.self) { try Cookie(name: "a", value: "1", domain: ".") }
        #expect(throws: CourierError.self) { try Cookie(name: "a", value: "1", domain: "exa mple.com") }
        #expect(throws: CourierError.self) { try Cookie(name: "a", value: "1", domain: "example.com", path: "docs") }
    }

    @Test func cookiesAreCodableAndCheckedWhenDecoded() throws {
        let cookie = try Cookie(
            name: "a", value: "1", domain: ".example.com", path: "/x", expiresDate: cookieTestNow, isSecure: true,
            isHTTPOnly: true, sameSite: .strict, comment: "c", commentURL: cookieURL("https://example.com/c"),
            version: 1, creationDate: cookieTestNow)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let data = try encoder.encode(cookie)
        #expect(try JSONDecoder().decode(Cookie.self, from: data) == cookie)
        let tampered = Data(
            String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"/x\"", with: "\"x\"").utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Cookie.self, from: tampered) }
    }

    // MARK: Persistence

    @Test func persistentJarsKeepNonSessionCookiesAcrossRestarts() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("cookies.json")
            let clock = CookieTestClock()
            let first = CookieStorage(persistentFile: file, now: clock.function)
            receive(
                ["session=1", "kept=2; Max-Age=3600", "short=3; Max-Age=60"], from: "https://example.com/", in: first)
            #expect(first.cookies.count == 3)

            // A new process: the session cookie is gone, the others are back with their dates.
            let second = CookieStorage(persistentFile: file, now: clock.function)
            #expect(second.cookies.map(\.name) == ["kept", "short"])
            #expect(second.cookies.first?.creationDate == cookieTestNow)

            // Expired while "the process was not running": not loaded.
            clock.advance(by: 120)
            let third = CookieStorage(persistentFile: file, now: clock.function)
            #expect(third.cookies.map(\.name) == ["kept"])

            // Deleting is persisted too.
            third.deleteAllCookies()
            #expect(CookieStorage(persistentFile: file, now: clock.function).cookies.isEmpty)

            // The file is private and no temporary files are left behind.
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["cookies.json"])
        }
    }

    @Test(arguments: ["torn", "garbage", "empty", "other-format", "bad-entry"])
    func aDamagedFileIsIgnoredWithAWarningNeverACrash(damage: String) async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("cookies.json")
            let writer = CookieStorage(persistentFile: file, now: { cookieTestNow })
            receive(["a=1; Max-Age=3600", "b=2; Max-Age=3600"], from: "https://example.com/", in: writer)
            let valid = try Data(contentsOf: file)
            let damaged: Data
            switch damage {
            case "torn": damaged = valid.prefix(valid.count / 2)
            case "garbage": damaged = Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
            case "empty": damaged = Data()
            case "other-format": damaged = Data(#"{"format":"something-else","version":1,"cookies":[]}"#.utf8)
            default:
                damaged = Data(
                    String(decoding: valid, as: UTF8.self).replacingOccurrences(of: "\"a\"", with: "\"a;b\"").utf8)
            }
            try damaged.write(to: file)
            let reader = CookieStorage(persistentFile: file, now: { cookieTestNow })
            if damage == "bad-entry" {
                // Only the entry that does not decode is lost.
                #expect(reader.cookies.map(\.name) == ["b"])
            } else {
                #expect(reader.cookies.isEmpty)
                #expect(FileManager.default.fileExists(atPath: file.appendingPathExtension("damaged").path))
            }
            receive(["c=3; Max-Age=3600"], from: "https://example.com/", in: reader)
            #expect(CookieStorage(persistentFile: file, now: { cookieTestNow }).cookies.map(\.name).contains("c"))
        }
    }

    @Test func aJarCanBeSavedWholeWithSessionCookies() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("jar.json")
            let jar = CookieStorage(now: { cookieTestNow })
            receive(["session=1", "kept=2; Max-Age=3600"], from: "https://example.com/", in: jar)
            try jar.write(to: file)
            let restored = CookieStorage(now: { cookieTestNow })
            try restored.load(contentsOf: file)
            #expect(restored.cookies.map(\.name) == ["session", "kept"])
            #expect(restored.cookieHeader(for: cookieURL("https://example.com/")) == "session=1; kept=2")

            try jar.write(to: file, includingSessionCookies: false)
            let persistentOnly = CookieStorage(now: { cookieTestNow })
            try persistentOnly.load(contentsOf: file)
            #expect(persistentOnly.cookies.map(\.name) == ["kept"])

            let missing = CookieStorage()
            try missing.load(contentsOf: directory.appendingPathComponent("none.json"))
            #expect(missing.cookies.isEmpty)
            try Data("{".utf8).write(to: file)
            #expect(throws: CourierError.self) { try missing.load(contentsOf: file) }
        }
    }

    @Test func onePersistentJarPerDirectory() async throws {
        try await withTemporaryDirectory { directory in
            let first = CookieStorage.persistent(directory: directory)
            let second = CookieStorage.persistent(directory: directory.appendingPathComponent("."))
            #expect(first === second)
            first.setCookie(try Cookie(name: "a", value: "1", domain: "example.com", expiresDate: .distantFuture))
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("cookies.json").path))
        }
    }

    @Test func theDefaultDirectoryFollowsXDG() {
        #expect(
            CookieStorage.defaultDirectory(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"]).path
                == "/data/courier")
        #expect(
            CookieStorage.defaultDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"]).path
                == "/home/u/.local/share/courier")
        #expect(CookieStorage.defaultDirectory(environment: ["HOME": "/home/u"]).path == "/home/u/.local/share/courier")
    }

    @Test func configurationsChooseTheirJar() throws {
        let ephemeral = SessionConfiguration.ephemeral
        let jar = try #require(ephemeral.httpCookieStorage)
        #expect(ephemeral.httpCookieStorage === jar)  // the same jar every time it is asked
        #expect(SessionConfiguration.ephemeral.httpCookieStorage !== jar)  // a new configuration, a new jar
        var none = SessionConfiguration.ephemeral
        none.httpCookieStorage = nil
        #expect(none.httpCookieStorage == nil)
        #expect(CookieStorageChoice.chosen(jar).storage(for: .default) === jar)
    }
}
