import Foundation
import HTTPTypes
import Testing

@testable import Courier

/// The cache's decisions as tables, without a network: request, stored response and time in, decision out
/// (OkHttp's `CacheStrategyTest` in spirit).
@Suite("Cache strategy")
struct CacheStrategyTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    static let url = URL(string: "https://api.test/items")!

    /// What a decision should be, comparably.
    enum Expected: Equatable, Sendable {
        case hit
        case hitRevalidatingInBackground
        case validate(ifNoneMatch: String?, ifModifiedSince: String?)
        case load
        case loadAskingIntermediariesNotToCache
        case offline
        case onlyIfCached
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var policy: CachePolicy = .useProtocolCachePolicy
        var method: HTTPRequest.Method = .get
        var requestHeaders: [(String, String)] = []
        var status = 200
        /// The stored response's fields; `nil` means nothing is stored.
        var storedHeaders: [(String, String)]? = []
        /// How long ago the stored response arrived.
        var storedAgo: TimeInterval = 0
        var expected: Expected

        var testDescription: String { name }
    }

    static func date(_ secondsAgo: TimeInterval) -> String { HTTPDate.format(now.addingTimeInterval(-secondsAgo)) }

    static let cases: [Case] = [
        // Freshness.
        Case(name: "fresh by max-age", storedHeaders: [("Cache-Control", "max-age=60")], storedAgo: 30, expected: .hit),
        Case(
            name: "stale by max-age, ETag", storedHeaders: [("Cache-Control", "max-age=60"), ("ETag", "\"v1\"")],
            storedAgo: 61, expected: .validate(ifNoneMatch: "\"v1\"", ifModifiedSince: nil)),
        Case(
            name: "stale, Last-Modified only",
            storedHeaders: [("Cache-Control", "max-age=1"), ("Last-Modified", "Sun, 06 Nov 1994 08:49:37 GMT")],
            storedAgo: 5, expected: .validate(ifNoneMatch: nil, ifModifiedSince: "Sun, 06 Nov 1994 08:49:37 GMT")),
        Case(
            name: "stale, both validators",
            storedHeaders: [
                ("Cache-Control", "max-age=1"), ("ETag", "W/\"w\""), ("Last-Modified", "Sun, 06 Nov 1994 08:49:37 GMT"),
            ], storedAgo: 5,
            expected: .validate(ifNoneMatch: "W/\"w\"", ifModifiedSince: "Sun, 06 Nov 1994 08:49:37 GMT")
        ),
        Case(
            name: "stale without validators", storedHeaders: [("Cache-Control", "max-age=1")], storedAgo: 5,
            expected: .load),
        Case(
            name: "no freshness at all", storedHeaders: [("ETag", "\"a\"")], storedAgo: 0,
            expected: .validate(ifNoneMatch: "\"a\"", ifModifiedSince: nil)),
        Case(
            name: "Expires in the future", storedHeaders: [("Date", date(10)), ("Expires", date(-3600))], storedAgo: 10,
            expected: .hit),
        Case(
            name: "Expires in the past", storedHeaders: [("Date", date(10)), ("Expires", date(5)), ("ETag", "\"e\"")],
            storedAgo: 10, expected: .validate(ifNoneMatch: "\"e\"", ifModifiedSince: nil)),
        Case(
            name: "Expires 0 means already expired", storedHeaders: [("Expires", "0"), ("ETag", "\"e\"")],
            expected: .validate(ifNoneMatch: "\"e\"", ifModifiedSince: nil)),
        Case(
            name: "Expires in asctime format",
            storedHeaders: [("Date", date(0)), ("Expires", "Sun Nov  6 08:49:37 2095")],
            expected: .hit),
        Case(
            name: "max-age wins over Expires",
            storedHeaders: [("Cache-Control", "max-age=0"), ("Expires", date(-3600)), ("ETag", "\"m\"")],
            expected: .validate(ifNoneMatch: "\"m\"", ifModifiedSince: nil)),
        Case(
            name: "heuristic freshness: 10 % of 10 days is capped at 24 h",
            storedHeaders: [("Date", date(43200)), ("Last-Modified", date(43200 + 864_000))], storedAgo: 43200,
            expected: .hit),
        Case(
            name: "heuristic freshness runs out",
            storedHeaders: [("Date", date(7200)), ("Last-Modified", date(7200 + 36000))], storedAgo: 7200,
            expected: .validate(ifNoneMatch: nil, ifModifiedSince: date(7200 + 36000))),
        Case(
            name: "no heuristic for a status that is not heuristically cacheable", status: 302,
            storedHeaders: [("Date", date(60)), ("Last-Modified", date(864_000))], storedAgo: 60,
            expected: .validate(ifNoneMatch: nil, ifModifiedSince: date(864_000))),
        // no-cache, must-revalidate, request directives.
        Case(
            name: "no-cache response always revalidates",
            storedHeaders: [("Cache-Control", "max-age=600, no-cache"), ("ETag", "\"n\"")],
            expected: .validate(ifNoneMatch: "\"n\"", ifModifiedSince: nil)),
        Case(
            name: "no-cache response without validators loads", storedHeaders: [("Cache-Control", "no-cache")],
            expected: .load),
        Case(
            name: "request no-cache revalidates", requestHeaders: [("Cache-Control", "no-cache")],
            storedHeaders: [("Cache-Control", "max-age=600"), ("ETag", "\"r\"")],
            expected: .validate(ifNoneMatch: "\"r\"", ifModifiedSince: nil)),
        Case(
            name: "request Pragma: no-cache revalidates", requestHeaders: [("Pragma", "no-cache")],
            storedHeaders: [("Cache-Control", "max-age=600"), ("ETag", "\"p\"")],
            expected: .validate(ifNoneMatch: "\"p\"", ifModifiedSince: nil)),
        Case(
            name: "request max-age=0 revalidates", requestHeaders: [("Cache-Control", "max-age=0")],
            storedHeaders: [("Cache-Control", "max-age=600"), ("ETag", "\"z\"")], storedAgo: 1,
            expected: .validate(ifNoneMatch: "\"z\"", ifModifiedSince: nil)),
        Case(
            name: "request max-stale without a value accepts any staleness",
            requestHeaders: [("Cache-Control", "max-stale")],
            storedHeaders: [("Cache-Control", "max-age=1")], storedAgo: 100_000, expected: .hit),
        Case(
            name: "request max-stale=100 accepts 50 s of staleness",
            requestHeaders: [("Cache-Control", "max-stale=100")],
            storedHeaders: [("Cache-Control", "max-age=10")], storedAgo: 60, expected: .hit),
        Case(
            name: "request max-stale=10 refuses 50 s of staleness", requestHeaders: [("Cache-Control", "max-stale=10")],
            storedHeaders: [("Cache-Control", "max-age=10"), ("ETag", "\"s\"")], storedAgo: 60,
            expected: .validate(ifNoneMatch: "\"s\"", ifModifiedSince: nil)),
        Case(
            name: "must-revalidate overrides max-stale", requestHeaders: [("Cache-Control", "max-stale")],
            storedHeaders: [("Cache-Control", "max-age=10, must-revalidate"), ("ETag", "\"mr\"")], storedAgo: 60,
            expected: .validate(ifNoneMatch: "\"mr\"", ifModifiedSince: nil)),
        Case(
            name: "request min-fresh wants more freshness than is left",
            requestHeaders: [("Cache-Control", "min-fresh=100")],
            storedHeaders: [("Cache-Control", "max-age=120"), ("ETag", "\"f\"")], storedAgo: 60,
            expected: .validate(ifNoneMatch: "\"f\"", ifModifiedSince: nil)),
        // Age.
        Case(
            name: "Age counts towards the current age",
            storedHeaders: [("Cache-Control", "max-age=100"), ("Age", "90"), ("ETag", "\"a\"")],
            storedAgo: 20, expected: .validate(ifNoneMatch: "\"a\"", ifModifiedSince: nil)),
        Case(
            name: "garbage Age is ignored", storedHeaders: [("Cache-Control", "max-age=100"), ("Age", "abc")],
            storedAgo: 20, expected: .hit),
        Case(
            name: "negative Age is ignored", storedHeaders: [("Cache-Control", "max-age=100"), ("Age", "-5")],
            storedAgo: 20, expected: .hit),
        Case(
            name: "a huge Age is clamped and stale",
            storedHeaders: [("Cache-Control", "max-age=100"), ("Age", "99999999999999999999999"), ("ETag", "\"h\"")],
            expected: .validate(ifNoneMatch: "\"h\"", ifModifiedSince: nil)),
        Case(
            name: "Date in the future does not make an age negative",
            storedHeaders: [("Cache-Control", "max-age=100"), ("Date", date(-100_000))], storedAgo: 10, expected: .hit),
        Case(
            name: "garbage Date is ignored",
            storedHeaders: [("Cache-Control", "max-age=100"), ("Date", "yesterday-ish")], storedAgo: 10, expected: .hit),
        Case(
            name: "Date far in the past makes it stale",
            storedHeaders: [("Cache-Control", "max-age=100"), ("Date", date(500)), ("ETag", "\"d\"")],
            storedAgo: 10, expected: .validate(ifNoneMatch: "\"d\"", ifModifiedSince: nil)),
        // Garbage Cache-Control.
        Case(
            name: "max-age=abc counts as stale", storedHeaders: [("Cache-Control", "max-age=abc"), ("ETag", "\"g\"")],
            expected: .validate(ifNoneMatch: "\"g\"", ifModifiedSince: nil)),
        Case(
            name: "quoted max-age is understood", storedHeaders: [("Cache-Control", "max-age=\"60\"")], storedAgo: 30,
            expected: .hit),
        Case(
            name: "the first of two max-age wins", storedHeaders: [("Cache-Control", "max-age=3600, max-age=0")],
            storedAgo: 30, expected: .hit),
        Case(
            name: "unknown directives are ignored",
            storedHeaders: [("Cache-Control", "foo, bar=\"x,y\", max-age=60,,")], storedAgo: 30, expected: .hit),
        Case(
            name: "upper-case directives", storedHeaders: [("Cache-Control", "MAX-AGE=60")], storedAgo: 30,
            expected: .hit),
        // stale-while-revalidate.
        Case(
            name: "stale-while-revalidate serves and refreshes",
            storedHeaders: [("Cache-Control", "max-age=10, stale-while-revalidate=100"), ("ETag", "\"w\"")],
            storedAgo: 50, expected: .hitRevalidatingInBackground),
        Case(
            name: "stale-while-revalidate window passed",
            storedHeaders: [("Cache-Control", "max-age=10, stale-while-revalidate=100"), ("ETag", "\"w\"")],
            storedAgo: 200, expected: .validate(ifNoneMatch: "\"w\"", ifModifiedSince: nil)),
        Case(
            name: "stale-while-revalidate with must-revalidate",
            storedHeaders: [
                ("Cache-Control", "max-age=10, stale-while-revalidate=100, must-revalidate"), ("ETag", "\"w\""),
            ],
            storedAgo: 50, expected: .validate(ifNoneMatch: "\"w\"", ifModifiedSince: nil)),
        // What is not read from the cache.
        Case(
            name: "Vary: * is never served", storedHeaders: [("Cache-Control", "max-age=600"), ("Vary", "*")],
            expected: .load),
        Case(
            name: "a Range request goes to the network", requestHeaders: [("Range", "bytes=0-9")],
            storedHeaders: [("Cache-Control", "max-age=600")], expected: .load),
        Case(
            name: "the caller's own conditional request passes through",
            requestHeaders: [("If-None-Match", "\"mine\"")],
            storedHeaders: [("Cache-Control", "max-age=600")], expected: .load),
        Case(name: "POST is loaded", method: .post, storedHeaders: [("Cache-Control", "max-age=600")], expected: .load),
        Case(
            name: "HEAD is answered from a stored GET", method: .head,
            storedHeaders: [("Cache-Control", "max-age=600")], expected: .hit),
        Case(name: "nothing stored", storedHeaders: nil, expected: .load),
        Case(
            name: "only-if-cached and nothing stored", requestHeaders: [("Cache-Control", "only-if-cached")],
            storedHeaders: nil, expected: .onlyIfCached),
        Case(
            name: "only-if-cached and stale", requestHeaders: [("Cache-Control", "only-if-cached")],
            storedHeaders: [("Cache-Control", "max-age=1"), ("ETag", "\"o\"")], storedAgo: 10, expected: .onlyIfCached),
        Case(
            name: "only-if-cached and fresh", requestHeaders: [("Cache-Control", "only-if-cached")],
            storedHeaders: [("Cache-Control", "max-age=100")], storedAgo: 10, expected: .hit),
        // The other policies.
        Case(
            name: "reload ignores a fresh response", policy: .reloadIgnoringLocalCacheData,
            storedHeaders: [("Cache-Control", "max-age=600")], expected: .load),
        Case(
            name: "reload-all also asks intermediaries", policy: .reloadIgnoringLocalAndRemoteCacheData,
            storedHeaders: [("Cache-Control", "max-age=600")], expected: .loadAskingIntermediariesNotToCache),
        Case(
            name: "else-load uses a stale response", policy: .returnCacheDataElseLoad,
            storedHeaders: [("Cache-Control", "max-age=1")], storedAgo: 1e6, expected: .hit),
        Case(
            name: "else-load ignores no-cache", policy: .returnCacheDataElseLoad,
            storedHeaders: [("Cache-Control", "no-cache")], expected: .hit),
        Case(
            name: "else-load loads when nothing is stored", policy: .returnCacheDataElseLoad, storedHeaders: nil,
            expected: .load),
        Case(
            name: "else-load never serves Vary: *", policy: .returnCacheDataElseLoad, storedHeaders: [("Vary", "*")],
            expected: .load),
        Case(
            name: "only uses a stale response", policy: .returnCacheDataDontLoad, storedHeaders: [("Expires", "0")],
            storedAgo: 1e6, expected: .hit),
        Case(
            name: "only fails when nothing is stored", policy: .returnCacheDataDontLoad, storedHeaders: nil,
            expected: .offline),
        Case(
            name: "only fails for POST", policy: .returnCacheDataDontLoad, method: .post,
            storedHeaders: [("Cache-Control", "max-age=600")], expected: .offline),
        Case(
            name: "revalidate checks even a fresh response", policy: .reloadRevalidatingCacheData,
            storedHeaders: [("Cache-Control", "max-age=600"), ("ETag", "\"rv\"")],
            expected: .validate(ifNoneMatch: "\"rv\"", ifModifiedSince: nil)),
        Case(
            name: "revalidate without validators loads", policy: .reloadRevalidatingCacheData,
            storedHeaders: [("Cache-Control", "max-age=600")], expected: .load),
    ]

    static func fields(_ pairs: [(String, String)]) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in pairs { fields.append(HTTPField(name: HTTPField.Name(name)!, value: value)) }
        return fields
    }

    static func stored(_ headers: [(String, String)], status: Int = 200, ago: TimeInterval) -> CacheEntryHead {
        CacheEntryHead(
            url: url, status: HTTPResponse.Status(code: status), headerFields: fields(headers),
            varyingRequestFields: [],
            requestDate: now.addingTimeInterval(-ago), responseDate: now.addingTimeInterval(-ago))
    }

    @Test(arguments: cases)
    func decision(_ row: Case) {
        let request = Request(url: Self.url, method: row.method, headerFields: Self.fields(row.requestHeaders))
        let stored = row.storedHeaders.map { Self.stored($0, status: row.status, ago: row.storedAgo) }
        let decision = CacheStrategy.decide(request: request, stored: stored, policy: row.policy, now: Self.now)
        let actual: Expected
        switch decision {
        case .useStored(_, let background): actual = background ? .hitRevalidatingInBackground : .hit
        case .validate(let conditional):
            actual = .validate(
                ifNoneMatch: conditional.headerFields[.ifNoneMatch],
                ifModifiedSince: conditional.headerFields[.ifModifiedSince])
        case .load(let load):
            actual =
                load.headerFields[.cacheControl] == "no-cache" && row.requestHeaders.isEmpty
                ? .loadAskingIntermediariesNotToCache : .load
            if actual == .loadAskingIntermediariesNotToCache {
                #expect(load.headerFields[HTTPField.Name("Pragma")!] == "no-cache")
            }
        case .unsatisfiable(.offline): actual = .offline
        case .unsatisfiable(.onlyIfCached): actual = .onlyIfCached
        }
        #expect(actual == row.expected)
    }

    // MARK: Storability

    struct StoreCase: Sendable, CustomTestStringConvertible {
        var name: String
        var method: HTTPRequest.Method = .get
        var requestHeaders: [(String, String)] = []
        var status = 200
        var responseHeaders: [(String, String)] = []
        var storable: Bool
        var testDescription: String { name }
    }

    static let storeCases: [StoreCase] = [
        StoreCase(name: "plain 200", storable: true),
        StoreCase(name: "404 is heuristically cacheable", status: 404, storable: true),
        StoreCase(name: "301", status: 301, storable: true),
        StoreCase(name: "201 without explicit freshness", status: 201, storable: false),
        StoreCase(
            name: "201 with max-age", status: 201, responseHeaders: [("Cache-Control", "max-age=5")], storable: true),
        StoreCase(
            name: "302 with Expires", status: 302, responseHeaders: [("Expires", "Sun, 06 Nov 2094 08:49:37 GMT")],
            storable: true),
        StoreCase(name: "500 without freshness", status: 500, storable: false),
        StoreCase(name: "206 never", status: 206, responseHeaders: [("Cache-Control", "max-age=60")], storable: false),
        StoreCase(name: "304 never", status: 304, storable: false),
        StoreCase(name: "response no-store", responseHeaders: [("Cache-Control", "no-store")], storable: false),
        StoreCase(name: "request no-store", requestHeaders: [("Cache-Control", "no-store")], storable: false),
        StoreCase(
            name: "private is fine in a private cache", responseHeaders: [("Cache-Control", "private, max-age=60")],
            storable: true),
        StoreCase(
            name: "no-cache is stored (and revalidated)", responseHeaders: [("Cache-Control", "no-cache")],
            storable: true),
        StoreCase(name: "Vary: * is not stored", responseHeaders: [("Vary", "*")], storable: false),
        StoreCase(
            name: "POST is not stored", method: .post, responseHeaders: [("Cache-Control", "max-age=60")],
            storable: false),
        StoreCase(name: "HEAD is not stored", method: .head, storable: false),
        StoreCase(
            name: "Authorization without permission", requestHeaders: [("Authorization", "Bearer x")], storable: false),
        StoreCase(
            name: "Authorization with public", requestHeaders: [("Authorization", "Bearer x")],
            responseHeaders: [("Cache-Control", "public")], storable: true),
        StoreCase(
            name: "Authorization with s-maxage", requestHeaders: [("Authorization", "Bearer x")],
            responseHeaders: [("Cache-Control", "s-maxage=60")], storable: true),
        StoreCase(
            name: "Authorization with must-revalidate", requestHeaders: [("Authorization", "Bearer x")],
            responseHeaders: [("Cache-Control", "must-revalidate")], storable: true),
        StoreCase(
            name: "garbage Cache-Control", responseHeaders: [("Cache-Control", "==,,;;\"max-age")], storable: true),
    ]

    @Test(arguments: storeCases)
    func storability(_ row: StoreCase) {
        let request = Request(url: Self.url, method: row.method, headerFields: Self.fields(row.requestHeaders))
        let response = Response(
            status: HTTPResponse.Status(code: row.status), headerFields: Self.fields(row.responseHeaders), url: Self.url
        )
        #expect(CacheStrategy.isStorable(request: request, response: response) == row.storable)
    }

    // MARK: Age and lifetime values

    @Test func aHeadIsReparsedWhenItChanges() {
        var head = CacheEntryHead(
            url: Self.url, status: .ok, headerFields: Self.fields([("Cache-Control", "max-age=60")]),
            varyingRequestFields: [], requestDate: Self.now, responseDate: Self.now)
        #expect(CacheStrategy.freshnessLifetime(of: head) == 60)
        head.headerFields = Self.fields([("Cache-Control", "max-age=5, must-revalidate"), ("Vary", "Accept")])
        #expect(CacheStrategy.freshnessLifetime(of: head) == 5)
        #expect(head.freshness.control.mustRevalidate)
        #expect(head.freshness.varyNames == ["accept"])
        // Without max-age, the heuristic lifetime follows the status and the dates.
        head.headerFields = Self.fields([("Date", Self.date(0)), ("Last-Modified", Self.date(1000))])
        #expect(CacheStrategy.freshnessLifetime(of: head) == 100)
        head.status = .created
        #expect(CacheStrategy.freshnessLifetime(of: head) == 0)
    }

    @Test func theSchemeFlagFollowsTheURL() throws {
        var request = try Request("https://example.com/")
        #expect(request.isHTTP)
        let copy = request
        request.url = URL(string: "file:///tmp/x")!
        #expect(!request.isHTTP)
        #expect(copy.isHTTP)
        request.url = URL(string: "HTTP://example.com/")!
        #expect(request.isHTTP)
    }

    @Test func currentAgeFollowsRFC9111() {
        // Sent at now-12, received at now-10 with Date now-15 and Age 3: apparent age 5, corrected age
        // value 3 + 2 = 5, initial age 5, plus 10 s resident.
        let head = CacheEntryHead(
            url: Self.url, status: .ok, headerFields: Self.fields([("Date", Self.date(15)), ("Age", "3")]),
            varyingRequestFields: [], requestDate: Self.now.addingTimeInterval(-12),
            responseDate: Self.now.addingTimeInterval(-10))
        #expect(CacheStrategy.currentAge(of: head, now: Self.now) == 15)
        #expect(CacheStrategy.currentAge(of: head, now: Self.now.addingTimeInterval(-100)) == 5)
    }

    @Test(arguments: [
        ("max-age=60", 60.0), ("max-age=0", 0), ("s-maxage=99", 0), ("max-age=99999999999999", 2_147_483_648),
        ("max-age=-1", 0), ("no-store", 0),
    ])
    func freshnessLifetime(cacheControl: String, lifetime: Double) {
        let head = Self.stored([("Cache-Control", cacheControl)], ago: 0)
        #expect(CacheStrategy.freshnessLifetime(of: head) == lifetime)
    }

    // MARK: Errors, merging, invalidation

    @Test(arguments: [
        ("max-age=10, stale-if-error=100", [(String, String)](), 50.0, true),
        ("max-age=10, stale-if-error=100", [], 200, false),
        ("max-age=10", [("Cache-Control", "stale-if-error=100")], 50, true),
        ("max-age=10", [], 50, false),
        ("max-age=10, stale-if-error=100, must-revalidate", [], 50, false),
        ("max-age=10, stale-if-error=100, no-cache", [], 50, false),
    ])
    func staleIfError(responseControl: String, requestHeaders: [(String, String)], ago: Double, allowed: Bool) {
        let head = Self.stored([("Cache-Control", responseControl)], ago: ago)
        let request = Request(url: Self.url, headerFields: Self.fields(requestHeaders))
        #expect(CacheStrategy.mayServeStaleOnError(head, request: request, now: Self.now) == allowed)
    }

    @Test func notModifiedUpdatesTheHeadButNotTheBodyFields() {
        let stored = Self.stored(
            [
                ("Content-Type", "application/json"), ("Content-Length", "10"), ("Content-Encoding", "gzip"),
                ("ETag", "\"1\""), ("Cache-Control", "max-age=1"), ("X-Old", "kept"),
            ], ago: 100)
        let update = Response(
            status: .notModified,
            headerFields: Self.fields([
                ("Cache-Control", "max-age=600"), ("Content-Length", "0"), ("Content-Type", "text/plain"),
                ("ETag", "\"1\""), ("X-New", "added"), ("Connection", "keep-alive"),
            ]), url: Self.url)
        let merged = CacheStrategy.merge(stored, with: update, requestDate: Self.now, responseDate: Self.now)
        #expect(merged.headerFields[.cacheControl] == "max-age=600")
        #expect(merged.headerFields[.contentLength] == "10")
        #expect(merged.headerFields[.contentType] == "application/json")
        #expect(merged.headerFields[.contentEncoding] == "gzip")
        #expect(merged.headerFields[HTTPField.Name("X-Old")!] == "kept")
        #expect(merged.headerFields[HTTPField.Name("X-New")!] == "added")
        #expect(merged.headerFields[.connection] == nil)
        #expect(merged.status == .ok)
        #expect(merged.responseDate == Self.now)
    }

    @Test(arguments: [
        ([("ETag", "a"), ("X", "1")], [("ETag", "a")], true),
        (
            [("X", "1"), ("Cache-Control", "a"), ("Cache-Control", "b")],
            [("Cache-Control", "a"), ("Cache-Control", "b")], true
        ),
        ([("Cache-Control", "a"), ("Cache-Control", "b")], [("Cache-Control", "a")], false),
        ([("Cache-Control", "a")], [("Cache-Control", "a"), ("Cache-Control", "b")], false),
        ([("Cache-Control", "b"), ("Cache-Control", "a")], [("Cache-Control", "a"), ("Cache-Control", "b")], false),
        ([("X", "1")], [("Cache-Control", "a")], false),
        ([("Cache-Control", "a")], [(String, String)](), false),
    ])
    func sameValuesComparesEveryFieldOfTheNameInOrder(
        stored: [(String, String)], update: [(String, String)], same: Bool
    ) {
        let name = update.first.map { HTTPField.Name($0.0)! } ?? .cacheControl
        #expect(CacheStrategy.sameValues(of: name, Self.fields(stored), Self.fields(update)) == same)
    }

    @Test func fieldsAreSortedIntoKeptUnstoredAndOthersByTheirWholeName() {
        let unstored = [
            "Connection", "Keep-Alive", "Proxy-Connection", "TE", "Trailer", "Transfer-Encoding", "Upgrade",
            "Proxy-Authenticate", "Proxy-Authentication-Info", "Set-Cookie", "Set-Cookie2",
        ]
        let kept = ["Content-Length", "Content-Encoding", "Content-Type", "Content-Range"]
        // Names of the same lengths as those above, which are neither.
        let others = [
            "Tk", "Expires", "Warning", "Connectiox", "Set-Cookie3", "Content-Base", "Cache-Control",
            "Last-Modified", "Accept-Language", "Content-Location", "Proxy-Connectiom", "Transfer-Encodinh",
            "X-Authenticate-Me", "Proxy-Authentication-Inf0", "ETag", "Date", "Age", "Vary",
        ]
        for name in unstored {
            #expect(CacheEntryHead.isUnstored(HTTPField.Name(name)!), "\(name)")
            #expect(!CacheStrategy.isKept(HTTPField.Name(name)!), "\(name)")
        }
        for name in kept {
            #expect(CacheStrategy.isKept(HTTPField.Name(name)!), "\(name)")
            #expect(!CacheEntryHead.isUnstored(HTTPField.Name(name)!), "\(name)")
        }
        for name in others {
            #expect(!CacheStrategy.isKept(HTTPField.Name(name)!), "\(name)")
            #expect(!CacheEntryHead.isUnstored(HTTPField.Name(name)!), "\(name)")
        }
    }

    @Test(arguments: [
        [("Date", "Sun, 06 Nov 1994 08:49:37 GMT"), ("ETag", "\"1\""), ("Cache-Control", "max-age=60")],
        [("ETag", "\"1\""), ("Cache-Control", "max-age=60")],
        [("Date", "Sun, 06 Nov 1994 08:49:37 GMT"), ("Expires", "Sun, 06 Nov 1994 09:49:37 GMT"), ("ETag", "\"1\"")],
        [("Date", "nonsense"), ("Last-Modified", "Sat, 05 Nov 1994 08:49:37 GMT"), ("ETag", "\"1\"")],
        [("Date", "Sun, 06 Nov 1994 08:49:37 GMT"), ("Age", "30"), ("Vary", "Accept"), ("ETag", "\"1\"")],
    ])
    func aNotModifiedThatRepeatsTheStoredFieldsAgreesWithParsingAfresh(headers: [(String, String)]) {
        let stored = Self.stored(headers, ago: 100)
        let arrival = Self.now.addingTimeInterval(3)
        // The 304 repeats every field it carries (and a Content-Length, which never replaces the stored one).
        let update = Response(
            status: .notModified, headerFields: Self.fields(headers + [("Content-Length", "0")]), url: Self.url)
        let merged = CacheStrategy.merge(stored, with: update, requestDate: Self.now, responseDate: arrival)
        #expect(merged.headerFields == stored.headerFields)
        Self.expectParsedAsAfresh(merged, fields: stored.headerFields, arrival: arrival)
    }

    /// Expects a head merged by the short path to hold what parsing `fields` afresh, received at `arrival`
    /// for a request sent at `now`, gives.
    static func expectParsedAsAfresh(_ merged: CacheEntryHead, fields: HTTPFields, arrival: Date) {
        let afresh = CacheEntryHead(
            url: url, status: .ok, headerFields: fields, varyingRequestFields: [], requestDate: now,
            responseDate: arrival)
        #expect((merged.requestDate, merged.responseDate) == (now, arrival))
        #expect(merged.freshness.date == afresh.freshness.date)
        #expect(merged.freshness.dateIsArrival == afresh.freshness.dateIsArrival)
        #expect(merged.freshness.lifetime == afresh.freshness.lifetime)
        #expect(merged.freshness.ageValue == afresh.freshness.ageValue)
        #expect(merged.freshness.varyNames == afresh.freshness.varyNames)
        #expect(
            CacheStrategy.currentAge(of: merged, now: arrival.addingTimeInterval(5))
                == CacheStrategy.currentAge(of: afresh, now: arrival.addingTimeInterval(5)))
    }

    static let earlier = "Sun, 06 Nov 1994 08:49:37 GMT"
    static let later = "Sun, 06 Nov 1994 08:51:37 GMT"

    static let newDateCases: [([(String, String)], String)] = [
        ([("Date", earlier), ("ETag", "\"1\""), ("Cache-Control", "max-age=60")], later),
        ([("ETag", "\"1\""), ("Cache-Control", "max-age=60")], later),
        ([("Date", earlier), ("Expires", "Sun, 06 Nov 1994 09:49:37 GMT"), ("ETag", "\"1\"")], later),
        ([("Date", earlier), ("Last-Modified", "Sat, 05 Nov 1994 08:49:37 GMT"), ("ETag", "\"1\"")], later),
        ([("Date", earlier), ("Last-Modified", "Sat, 05 Nov 1994 08:49:37 GMT"), ("ETag", "\"1\"")], "nonsense"),
        ([("Date", "nonsense"), ("Expires", "Sun, 06 Nov 1994 09:49:37 GMT"), ("ETag", "\"1\"")], later),
        ([("Date", earlier), ("Date", earlier), ("Age", "5"), ("ETag", "\"1\"")], later),
    ]

    @Test(arguments: newDateCases)
    func aNotModifiedWithANewDateAgreesWithParsingAfresh(stored headers: [(String, String)], date: String) {
        let stored = Self.stored(headers, ago: 100)
        let arrival = Self.now.addingTimeInterval(3)
        // A real server's 304: the stored fields again, with the Date of now.
        let others = headers.filter { $0.0 != "Date" }
        let update = Response(
            status: .notModified, headerFields: Self.fields(others + [("Date", date), ("Content-Length", "0")]),
            url: Self.url)
        #expect(CacheStrategy.repeatsStoredFields(stored, update))
        let merged = CacheStrategy.merge(stored, with: update, requestDate: Self.now, responseDate: arrival)
        let expectedFields = Self.fields(others + [("Date", date)])
        #expect(merged.headerFields == expectedFields)
        Self.expectParsedAsAfresh(merged, fields: expectedFields, arrival: arrival)
    }

    @Test func aNotModifiedWithTwoDatesOrAChangedFieldIsMergedInFull() {
        let stored = Self.stored([("Date", Self.earlier), ("ETag", "\"1\""), ("X-Version", "1")], ago: 100)
        let twoDates = Response(
            status: .notModified, headerFields: Self.fields([("Date", Self.later), ("Date", Self.later)]),
            url: Self.url)
        let changed = Response(
            status: .notModified, headerFields: Self.fields([("Date", Self.later), ("X-Version", "2")]), url: Self.url)
        #expect(!CacheStrategy.repeatsStoredFields(stored, twoDates))
        #expect(!CacheStrategy.repeatsStoredFields(stored, changed))
        let merged = CacheStrategy.merge(stored, with: changed, requestDate: Self.now, responseDate: Self.now)
        #expect(merged.headerFields[.date] == Self.later)
        #expect(merged.headerFields[HTTPField.Name("X-Version")!] == "2")
        #expect(merged.headerFields[.eTag] == "\"1\"")
    }

    @Test(arguments: [
        ([("ETag", "\"1\"")], [("ETag", "\"1\"")], true),
        ([("ETag", "\"1\"")], [("ETag", "W/\"1\"")], true),
        ([("ETag", "\"1\"")], [("ETag", "\"2\"")], false),
        ([], [("ETag", "\"2\"")], false),
        ([("Last-Modified", "a")], [("Last-Modified", "a")], true),
        ([("Last-Modified", "a")], [("Last-Modified", "b")], false),
        ([("ETag", "\"1\"")], [(String, String)](), true),
    ])
    func validatorsMatch(stored: [(String, String)], update: [(String, String)], matches: Bool) {
        let response = Response(status: .notModified, headerFields: Self.fields(update), url: Self.url)
        #expect(CacheStrategy.validatorsMatch(Self.stored(stored, ago: 0), response) == matches)
        // The 304 path checks the validators through refreshed(_:by:...), whose shortcut for a 304 that
        // repeats the stored fields must agree.
        let refreshed = CacheStrategy.refreshed(
            Self.stored(stored, ago: 0), by: response, requestDate: Self.now, responseDate: Self.now)
        #expect((refreshed != nil) == matches)
    }

    @Test func unsafeRequestsInvalidateTheirTargetAndSameOriginLocations() {
        let post = Request(url: Self.url, method: .post)
        let created = Response(
            status: .created,
            headerFields: Self.fields([
                ("Location", "/items/7"), ("Content-Location", "https://other.test/items/7"),
            ]), url: Self.url)
        let urls = CacheStrategy.invalidatedURLs(request: post, response: created).map(\.absoluteString)
        #expect(urls == ["https://api.test/items", "https://api.test/items/7"])

        let failed = Response(status: .internalServerError, url: Self.url)
        #expect(CacheStrategy.invalidatedURLs(request: post, response: failed).isEmpty)
        let get = Request(url: Self.url)
        #expect(CacheStrategy.invalidatedURLs(request: get, response: created).isEmpty)
        for method in [HTTPRequest.Method.put, .delete, .patch] {
            #expect(
                CacheStrategy.invalidatedURLs(request: Request(url: Self.url, method: method), response: created).count
                    == 2)
        }
    }

    @Test func varyMatchesNormalizedRequestValues() {
        var head = Self.stored([("Vary", "Accept-Encoding, accept-language")], ago: 0)
        let request = Request(url: Self.url, headerFields: Self.fields([("Accept-Encoding", "gzip,  deflate")]))
        head.varyingRequestFields = CacheEntryHead.varyingFields(of: head.headerFields, in: request) ?? []
        #expect(
            head.matchesVary(
                of: Request(url: Self.url, headerFields: Self.fields([("Accept-Encoding", "gzip, deflate")]))))
        #expect(
            !head.matchesVary(of: Request(url: Self.url, headerFields: Self.fields([("Accept-Encoding", "identity")]))))
        #expect(
            !head.matchesVary(
                of: Request(
                    url: Self.url,
                    headerFields: Self.fields([("Accept-Encoding", "gzip, deflate"), ("Accept-Language", "da")]))))
        #expect(!Self.stored([("Vary", "*")], ago: 0).matchesVary(of: request))
    }
}
