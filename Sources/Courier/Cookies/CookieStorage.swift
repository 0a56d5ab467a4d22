import Foundation
import HTTPTypes
import Logging
import Synchronization

/// A cookie jar (RFC 6265's cookie store), like the book's `NSHTTPCookieStorage`: sessions send the
/// cookies it holds and store the ones servers set; your code can read, add and delete them too.
///
/// ```swift
/// let jar = CookieStorage()                          // in memory
/// var configuration = SessionConfiguration.ephemeral
/// configuration.httpCookieStorage = jar
/// let session = Session(configuration: configuration)
/// _ = try await session.data(for: try Request("https://shop.example/login"))
/// for cookie in jar.cookies(for: URL(string: "https://shop.example/")!) { print(cookie.name) }
/// jar.deleteCookies(named: "JSESSIONID", for: URL(string: "https://shop.example/")!)
/// ```
///
/// - Matching and sending follow RFC 6265 section 5.4: host-only cookies go to their host alone, domain
///   cookies to the domain and its subdomains (the book's table 3-2), Secure cookies only over https,
///   longer paths first, then older cookies; expired cookies are dropped, never sent.
/// - Storing follows section 5.3: a new cookie with the name, domain and path of an old one replaces it
///   and keeps its creation date; an expiry in the past deletes; a cookie for a public suffix (`com`,
///   `co.uk`) is refused; an http response cannot set or overwrite a Secure cookie (RFC 6265bis).
/// - Limits (``Limits``): at most 180 cookies per registrable domain and 3300 in all by default; when a
///   limit is passed, expired cookies go first, then the least recently used (oldest last access).
/// - Persistence: a jar made with ``init(persistentFile:acceptPolicy:limits:logger:now:)`` (what
///   ``SessionConfiguration/default`` uses, under `$XDG_DATA_HOME/courier/`) writes its non-session
///   cookies to that file after every change, crash-safely; session cookies live as long as the jar.
///   ``write(to:includingSessionCookies:)`` and ``load(contentsOf:)`` save and restore a jar whole.
///
/// All methods are thread-safe; ``cookieHeader(for:)``, which every request calls, takes one lock and
/// looks up one dictionary entry per label of the host.
public final class CookieStorage: Sendable {
    /// What changed in a jar, delivered by ``changes``.
    public enum Change: Sendable, Hashable {
        /// A cookie was stored, new or replacing one with the same name, domain and path.
        case added(Cookie)
        /// A cookie was deleted, expired, replaced by an expired one, or evicted by a limit.
        case removed(Cookie)
        /// ``cookieAcceptPolicy`` changed.
        case acceptPolicyChanged(Cookie.AcceptPolicy)
    }

    /// How many cookies a jar keeps (RFC 6265 section 6.1 asks for at least 50 per domain, 3000 in all
    /// and 4096 bytes per cookie; the defaults are the ones browsers use).
    public struct Limits: Sendable, Hashable {
        /// The most cookies per registrable domain (`example.co.uk` and all its hosts), default 180.
        public var maximumCookiesPerDomain: Int
        /// The most cookies in the jar, default 3300.
        public var maximumCookieCount: Int
        /// The most bytes of name and value per cookie, default (and at most) 4096.
        public var maximumCookieSize: Int

        /// Creates limits; each value is at least 1, and the cookie size at most 4096 bytes.
        public init(maximumCookiesPerDomain: Int = 180, maximumCookieCount: Int = 3300, maximumCookieSize: Int = 4096) {
            self.maximumCookiesPerDomain = max(1, maximumCookiesPerDomain)
            self.maximumCookieCount = max(1, maximumCookieCount)
            self.maximumCookieSize = min(max(1, maximumCookieSize), Cookie.maximumNameValueSize)
        }
    }

    private struct Entry {
        var cookie: Cookie
        /// Order of first storage, to break ties between equal dates.
        var sequence: UInt64
    }

    private struct Bucket {
        /// The registrable domain the cookies count against.
        var site: String
        var entries: [Entry]
    }

    private struct State {
        /// Cookies by domain without the leading dot: a host finds its cookies under itself and each of
        /// its parent domains.
        var buckets: [String: Bucket] = [:]
        var count = 0
        var siteCounts: [String: Int] = [:]
        var nextSequence: UInt64 = 0
        var acceptPolicy: Cookie.AcceptPolicy
        var subscribers: [Int: AsyncStream<Change>.Continuation] = [:]
        var nextSubscriber = 0
        /// Bumped whenever a non-session cookie is added or removed (what the persistent file holds).
        var persistentGeneration: UInt64 = 0
    }

    /// The file a persistent jar writes, and the generation last written there.
    private final class PersistentFile: Sendable {
        let url: URL
        let writtenGeneration = Mutex<UInt64>(0)
        init(url: URL) { self.url = url }
    }

    private let state: Mutex<State>
    private let persistentFile: PersistentFile?
    private let clock: @Sendable () -> Date
    private let logger: Logger
    /// The limits this jar enforces.
    public let limits: Limits

    // MARK: Creating jars

    /// An in-memory jar.
    ///
    /// - Parameters:
    ///   - acceptPolicy: Which cookies ``setCookie(_:)`` and ``setCookies(_:for:mainDocumentURL:)`` accept
    ///     (sessions use their configuration's ``SessionConfiguration/httpCookieAcceptPolicy``).
    ///   - now: The clock used for expiry and access times (tests inject one).
    public init(
        acceptPolicy: Cookie.AcceptPolicy = .always, limits: Limits = Limits(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.state = Mutex(State(acceptPolicy: acceptPolicy))
        self.persistentFile = nil
        self.clock = now
        self.logger = Logger(label: "courier.cookies")
        self.limits = limits
    }

    /// A jar that keeps its non-session cookies in `persistentFile`: they are read now and written back,
    /// crash-safely, after every change. A damaged file is moved aside (`.damaged`) with a logged warning
    /// and the jar starts empty; it never fails.
    ///
    /// Two jars on one file in one process would overwrite each other's changes: use
    /// ``persistent(directory:)``, which hands out one jar per directory. Two processes sharing a file
    /// see each other's cookies at start, and the last one to write wins.
    public init(
        persistentFile: URL, acceptPolicy: Cookie.AcceptPolicy = .always, limits: Limits = Limits(),
        logger: Logger = Logger(label: "courier.cookies"), now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.state = Mutex(State(acceptPolicy: acceptPolicy))
        self.persistentFile = PersistentFile(url: persistentFile)
        self.clock = now
        self.logger = logger
        self.limits = limits
        do {
            let cookies = try CookieFile.read(persistentFile)
            restore(cookies.filter { !$0.isSessionOnly }, persisting: false)
            // What was just read is what the file holds: no write until something changes.
            let generation = state.withLock { $0.persistentGeneration }
            self.persistentFile?.writtenGeneration.withLock { $0 = generation }
        } catch {
            logger.warning(
                "ignoring the cookie jar file: \(error); it was moved aside and the jar starts empty",
                metadata: ["file": "\(persistentFile.path)"])
            CookieFile.quarantine(persistentFile)
        }
    }

    private static let persistentJars = Mutex<[String: CookieStorage]>([:])

    /// The persistent jar for a directory (its file is `cookies.json` there), one per directory for the
    /// whole process, so every session that uses it shares it — the way `.default` sessions share
    /// ``defaultDirectory``'s jar, like the book's shared `NSHTTPCookieStorage`.
    public static func persistent(directory: URL) -> CookieStorage {
        let key = directory.standardizedFileURL.path
        return persistentJars.withLock { jars in
            if let jar = jars[key] { return jar }
            let jar = CookieStorage(persistentFile: directory.appendingPathComponent("cookies.json"))
            jars[key] = jar
            return jar
        }
    }

    /// Where `.default` sessions keep cookies: `$XDG_DATA_HOME/courier`, or `~/.local/share/courier`.
    public static var defaultDirectory: URL { defaultDirectory(environment: ProcessInfo.processInfo.environment) }

    static func defaultDirectory(environment: [String: String]) -> URL {
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return URL(fileURLWithPath: dataHome, isDirectory: true).appendingPathComponent(
                "courier", isDirectory: true)
        }
        let home =
            environment["HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0, isDirectory: true) : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/share/courier", isDirectory: true)
    }

    deinit {
        let subscribers = state.withLock { $0.subscribers.values }
        for subscriber in subscribers { subscriber.finish() }
    }

    // MARK: Policy and changes

    /// Which cookies ``setCookie(_:)`` and ``setCookies(_:for:mainDocumentURL:)`` accept; a change is
    /// announced on ``changes``. (A session's own requests follow its configuration's
    /// ``SessionConfiguration/httpCookieAcceptPolicy``, as URLSession's do.)
    public var cookieAcceptPolicy: Cookie.AcceptPolicy {
        get { state.withLock { $0.acceptPolicy } }
        set {
            let subscribers: [AsyncStream<Change>.Continuation] = state.withLock { state in
                guard state.acceptPolicy != newValue else { return [] }
                state.acceptPolicy = newValue
                return Array(state.subscribers.values)
            }
            for subscriber in subscribers { subscriber.yield(.acceptPolicyChanged(newValue)) }
        }
    }

    /// A new stream of this jar's changes from now on, for as long as you iterate it (it ends when the jar
    /// is released). Each access makes a separate stream; a slow reader keeps the newest 1024 changes.
    public var changes: AsyncStream<Change> {
        let (stream, continuation) = AsyncStream.makeStream(of: Change.self, bufferingPolicy: .bufferingNewest(1024))
        let identifier = state.withLock { state in
            defer { state.nextSubscriber += 1 }
            return state.nextSubscriber
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: identifier) }
        }
        state.withLock { $0.subscribers[identifier] = continuation }
        return stream
    }

    // MARK: Reading

    /// Every cookie in the jar that has not expired, in the order they were first stored.
    public var cookies: [Cookie] {
        let now = clock()
        return mutate { state, changes in
            Self.removeExpired(from: &state, now: now, changes: &changes)
            return state.buckets.values.flatMap(\.entries).sorted { $0.sequence < $1.sequence }.map(\.cookie)
        }
    }

    /// The cookies a request to `url` would send, in sending order (longer paths first, then older
    /// cookies); their last-access dates become now. Expired cookies are removed instead.
    public func cookies(for url: URL) -> [Cookie] {
        lookUp(url, touch: true)
    }

    /// The `Cookie` header value a request to `url` gets (`a=1; b=2`), or `nil` when no cookie matches.
    /// This is what sessions call for every request (see the cookie benchmark in docs/BENCHMARKS.md).
    public func cookieHeader(for url: URL) -> String? {
        let cookies = lookUp(url, touch: true)
        guard !cookies.isEmpty else { return nil }
        var header = ""
        header.reserveCapacity(cookies.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 3 })
        for cookie in cookies {
            if !header.isEmpty { header += "; " }
            if !cookie.name.isEmpty {
                header += cookie.name
                header += "="
            }
            header += cookie.value
        }
        return header
    }

    private func lookUp(_ url: URL, touch: Bool) -> [Cookie] {
        // An empty jar (the common case for API clients) costs one uncontended lock.
        if state.withLock({ $0.count == 0 }) { return [] }
        guard let host = CookieRules.canonicalHost(of: url) else { return [] }
        let path = CookieRules.requestPath(of: url)
        let isSecure = CookieRules.isSecureScheme(url)
        let now = clock()
        let isAddress = CookieRules.isIPAddress(host)
        var found: [Entry] = []
        mutate { state, changes in
            guard state.count > 0 else { return }
            var key = Substring(host)
            while true {
                if let position = state.buckets.index(forKey: String(key)) {
                    var expiredAny = false
                    // Index through the dictionary so touching an entry does not copy the bucket.
                    for index in state.buckets.values[position].entries.indices {
                        let entry = state.buckets.values[position].entries[index]
                        if entry.cookie.isExpired(at: now) {
                            expiredAny = true
                        } else if entry.cookie.matches(host: host, path: path, isSecureScheme: isSecure) {
                            if touch { state.buckets.values[position].entries[index].cookie.lastAccessDate = now }
                            found.append(entry)
                        }
                    }
                    if expiredAny {
                        Self.removeExpired(inBucket: String(key), from: &state, now: now, changes: &changes)
                    }
                }
                guard !isAddress, let dot = key.firstIndex(of: ".") else { break }
                key = key[key.index(after: dot)...]
            }
        }
        if found.count > 1 {
            found.sort { lhs, rhs in
                let lhsLength = lhs.cookie.path.utf8.count
                let rhsLength = rhs.cookie.path.utf8.count
                if lhsLength != rhsLength { return lhsLength > rhsLength }
                if lhs.cookie.creationDate != rhs.cookie.creationDate {
                    return lhs.cookie.creationDate < rhs.cookie.creationDate
                }
                return lhs.sequence < rhs.sequence
            }
        }
        return found.map(\.cookie)
    }

    // MARK: Storing

    /// Stores a cookie unless the policy is `.never` (or it is refused: a domain cookie for a public
    /// suffix, a broken `__Secure-`/`__Host-` prefix, too large). One with an expiry in the past deletes
    /// the stored cookie with its name, domain and path.
    public func setCookie(_ cookie: Cookie) {
        guard cookieAcceptPolicy != .never else { return }
        store([cookie], fromSecureOrigin: true)
    }

    /// Stores cookies received from `url`, the way `HTTPCookieStorage.setCookies(_:for:mainDocumentURL:)`
    /// does: subject to ``cookieAcceptPolicy`` (with `.onlyFromMainDocumentDomain`, `url` must share the
    /// registrable domain of `mainDocumentURL`), and only cookies that `url`'s host may hold.
    public func setCookies(_ cookies: [Cookie], for url: URL?, mainDocumentURL: URL?) {
        let policy = cookieAcceptPolicy
        guard policy != .never else { return }
        guard let url else {
            store(cookies, fromSecureOrigin: true)
            return
        }
        guard let host = CookieRules.canonicalHost(of: url) else { return }
        if policy == .onlyFromMainDocumentDomain && !Self.isSameSite(url, mainDocumentURL) { return }
        let secure = CookieRules.isSecureScheme(url)
        let allowed = cookies.filter { cookie in
            let domainAllowed =
                cookie.isHostOnly
                ? cookie.domain == host : CookieRules.domainMatches(host: host, domain: cookie.matchDomain)
            return domainAllowed && (secure || !cookie.isSecure)
        }
        store(allowed, fromSecureOrigin: secure)
    }

    /// Stores the cookies of the `Set-Cookie` fields of a response from `url` under `policy` (what the
    /// session's cookie stage calls for every response, redirects included).
    func storeCookies(
        from fields: HTTPFields, for url: URL, mainDocumentURL: URL?, policy: Cookie.AcceptPolicy
    ) {
        guard policy != .never else { return }
        var received: [Cookie] = []
        var now: Date?
        for field in fields where field.name == .setCookie {
            let time = now ?? clock()
            now = time
            if let cookie = SetCookieHeader.parse(field.value)?.cookie(for: url, now: time) {
                received.append(cookie)
            }
        }
        guard !received.isEmpty else { return }
        if policy == .onlyFromMainDocumentDomain && !Self.isSameSite(url, mainDocumentURL) { return }
        store(received, fromSecureOrigin: CookieRules.isSecureScheme(url))
    }

    /// Whether `url` shares its registrable domain with the main document (no main document: it is one).
    static func isSameSite(_ url: URL, _ mainDocumentURL: URL?) -> Bool {
        guard let mainDocumentURL else { return true }
        guard let host = CookieRules.canonicalHost(of: url),
            let mainHost = CookieRules.canonicalHost(of: mainDocumentURL)
        else { return false }
        return CookieRules.site(of: host) == CookieRules.site(of: mainHost)
    }

    private func store(_ cookies: [Cookie], fromSecureOrigin: Bool) {
        guard !cookies.isEmpty else { return }
        let now = clock()
        mutate { state, changes in
            for cookie in cookies {
                insert(cookie, into: &state, now: now, fromSecureOrigin: fromSecureOrigin, changes: &changes)
            }
        }
    }

    /// Whether the jar takes this cookie at all (section 5.3 step 5 for cookies made in code, prefixes,
    /// size).
    private func admits(_ cookie: Cookie) -> Bool {
        if cookie.name.utf8.count + cookie.value.utf8.count > limits.maximumCookieSize { return false }
        if !cookie.isHostOnly && PublicSuffixList.shared.isPublicSuffix(String(cookie.matchDomain)) { return false }
        return cookie.satisfiesPrefixRules
    }

    private func insert(
        _ incoming: Cookie, into state: inout State, now: Date, fromSecureOrigin: Bool, changes: inout [Change]
    ) {
        guard admits(incoming) else { return }
        if !fromSecureOrigin && Self.wouldOverwriteSecureCookie(incoming, in: state) { return }
        var cookie = incoming
        let key = String(cookie.matchDomain)
        let identity = cookie.identity
        var sequence: UInt64?
        if let position = state.buckets.index(forKey: key),
            let index = state.buckets.values[position].entries.firstIndex(where: { $0.cookie.identity == identity })
        {
            let old = state.buckets.values[position].entries[index]
            cookie.creationDate = old.cookie.creationDate
            sequence = old.sequence
            removeEntry(at: index, inBucket: key, from: &state)
            if !old.cookie.isSessionOnly { state.persistentGeneration += 1 }
            if cookie.isExpired(at: now) { changes.append(.removed(old.cookie)) }
        }
        guard !cookie.isExpired(at: now) else { return }
        cookie.lastAccessDate = now
        let entrySequence = sequence ?? state.nextSequence
        if sequence == nil { state.nextSequence += 1 }
        let site = CookieRules.site(of: key)
        state.buckets[key, default: Bucket(site: site, entries: [])].entries.append(
            Entry(cookie: cookie, sequence: entrySequence))
        state.count += 1
        state.siteCounts[site, default: 0] += 1
        if !cookie.isSessionOnly { state.persistentGeneration += 1 }
        changes.append(.added(cookie))
        enforceLimits(site: site, in: &state, now: now, changes: &changes)
    }

    /// RFC 6265bis "leave Secure cookies alone": an insecure response may not set a cookie whose name
    /// matches a stored Secure cookie for an overlapping domain and path.
    private static func wouldOverwriteSecureCookie(_ cookie: Cookie, in state: State) -> Bool {
        let domain = String(cookie.matchDomain)
        for bucket in state.buckets.values {
            for entry in bucket.entries where entry.cookie.isSecure && entry.cookie.name == cookie.name {
                let existing = String(entry.cookie.matchDomain)
                let overlaps =
                    CookieRules.domainMatches(host: domain, domain: existing)
                    || CookieRules.domainMatches(host: existing, domain: domain)
                if overlaps && CookieRules.pathMatches(requestPath: cookie.path, cookiePath: entry.cookie.path) {
                    return true
                }
            }
        }
        return false
    }

    /// Evicts when a limit is passed: expired cookies first, then the least recently used.
    private func enforceLimits(site: String, in state: inout State, now: Date, changes: inout [Change]) {
        if state.siteCounts[site, default: 0] > limits.maximumCookiesPerDomain {
            Self.removeExpired(from: &state, now: now, changes: &changes) { $0.site == site }
            let excess = state.siteCounts[site, default: 0] - limits.maximumCookiesPerDomain
            if excess > 0 { evictLeastRecentlyUsed(excess, from: &state, changes: &changes) { $0.site == site } }
        }
        if state.count > limits.maximumCookieCount {
            Self.removeExpired(from: &state, now: now, changes: &changes)
            let excess = state.count - limits.maximumCookieCount
            if excess > 0 { evictLeastRecentlyUsed(excess, from: &state, changes: &changes) { _ in true } }
        }
    }

    private func evictLeastRecentlyUsed(
        _ count: Int, from state: inout State, changes: inout [Change], where include: (Bucket) -> Bool
    ) {
        var candidates: [(key: String, entry: Entry)] = []
        for (key, bucket) in state.buckets where include(bucket) {
            for entry in bucket.entries { candidates.append((key, entry)) }
        }
        candidates.sort { lhs, rhs in
            if lhs.entry.cookie.lastAccessDate != rhs.entry.cookie.lastAccessDate {
                return lhs.entry.cookie.lastAccessDate < rhs.entry.cookie.lastAccessDate
            }
            return lhs.entry.sequence < rhs.entry.sequence
        }
        for candidate in candidates.prefix(count) {
            guard
                let index = state.buckets[candidate.key]?.entries.firstIndex(where: {
                    $0.sequence == candidate.entry.sequence
                })
            else { continue }
            removeEntry(at: index, inBucket: candidate.key, from: &state)
            if !candidate.entry.cookie.isSessionOnly { state.persistentGeneration += 1 }
            changes.append(.removed(candidate.entry.cookie))
        }
    }

    // MARK: Deleting

    /// Deletes the stored cookie with this cookie's name, domain and path.
    public func deleteCookie(_ cookie: Cookie) {
        let identity = cookie.identity
        mutate { state, changes in
            Self.remove(from: &state, changes: &changes) { $0.identity == identity }
        }
    }

    /// Deletes the cookies named `name` that a request to `url` would send (the book's `deleteCookie:url:`;
    /// names are unique only per domain and path, so this may delete several).
    public func deleteCookies(named name: String, for url: URL) {
        let doomed = Set(lookUp(url, touch: false).filter { $0.name == name }.map(\.identity))
        guard !doomed.isEmpty else { return }
        mutate { state, changes in
            Self.remove(from: &state, changes: &changes) { doomed.contains($0.identity) }
        }
    }

    /// Deletes every cookie.
    public func deleteAllCookies() {
        mutate { state, changes in
            Self.remove(from: &state, changes: &changes) { _ in true }
        }
    }

    /// Deletes the cookies first stored at or after `date` (`HTTPCookieStorage.removeCookies(since:)`).
    public func removeCookies(since date: Date) {
        mutate { state, changes in
            Self.remove(from: &state, changes: &changes) { $0.creationDate >= date }
        }
    }

    private static func remove(from state: inout State, changes: inout [Change], where doomed: (Cookie) -> Bool) {
        for key in Array(state.buckets.keys) {
            guard let bucket = state.buckets[key] else { continue }
            for index in bucket.entries.indices.reversed() where doomed(bucket.entries[index].cookie) {
                let cookie = bucket.entries[index].cookie
                removeEntry(at: index, inBucket: key, from: &state)
                if !cookie.isSessionOnly { state.persistentGeneration += 1 }
                changes.append(.removed(cookie))
            }
        }
    }

    private static func removeExpired(
        from state: inout State, now: Date, changes: inout [Change], where include: (Bucket) -> Bool = { _ in true }
    ) {
        for (key, bucket) in state.buckets where include(bucket) {
            if bucket.entries.contains(where: { $0.cookie.isExpired(at: now) }) {
                removeExpired(inBucket: key, from: &state, now: now, changes: &changes)
            }
        }
    }

    private static func removeExpired(inBucket key: String, from state: inout State, now: Date, changes: inout [Change])
    {
        guard let bucket = state.buckets[key] else { return }
        for index in bucket.entries.indices.reversed() where bucket.entries[index].cookie.isExpired(at: now) {
            let cookie = bucket.entries[index].cookie
            removeEntry(at: index, inBucket: key, from: &state)
            if !cookie.isSessionOnly { state.persistentGeneration += 1 }
            changes.append(.removed(cookie))
        }
    }

    private func removeEntry(at index: Int, inBucket key: String, from state: inout State) {
        Self.removeEntry(at: index, inBucket: key, from: &state)
    }

    private static func removeEntry(at index: Int, inBucket key: String, from state: inout State) {
        guard let position = state.buckets.index(forKey: key) else { return }
        let site = state.buckets.values[position].site
        state.buckets.values[position].entries.remove(at: index)
        if state.buckets.values[position].entries.isEmpty { state.buckets.remove(at: position) }
        state.count -= 1
        let remaining = state.siteCounts[site, default: 1] - 1
        state.siteCounts[site] = remaining > 0 ? remaining : nil
    }

    // MARK: Saving and loading whole jars

    /// Writes the jar to `file` crash-safely (mode 0600), session cookies included unless told otherwise —
    /// what the CLI's `--session` does between runs, like httpie and curl's cookie jars.
    ///
    /// - Throws: ``CourierError`` `cannotWriteToFile`.
    public func write(to file: URL, includingSessionCookies: Bool = true) throws {
        let cookies = self.cookies.filter { includingSessionCookies || !$0.isSessionOnly }
        try CookieFile.save(try CookieFile.encode(cookies), to: file)
    }

    /// Adds the cookies saved in `file` by ``write(to:includingSessionCookies:)`` (expired ones are
    /// skipped; the accept policy does not apply, the limits do). A missing file adds nothing.
    ///
    /// - Throws: ``CourierError`` `cannotDecodeRawData` for a damaged file (the jar is unchanged).
    public func load(contentsOf file: URL) throws {
        let cookies = try CookieFile.read(file)
        restore(cookies)
    }

    private func restore(_ cookies: [Cookie], persisting: Bool = true) {
        let now = clock()
        mutate(persisting: persisting) { state, changes in
            for cookie in cookies where !cookie.isExpired(at: now) {
                let lastAccess = cookie.lastAccessDate
                insert(cookie, into: &state, now: now, fromSecureOrigin: true, changes: &changes)
                // Keep the saved access time, so eviction order survives a restart.
                let key = String(cookie.matchDomain)
                if let position = state.buckets.index(forKey: key),
                    let index = state.buckets.values[position].entries.firstIndex(where: {
                        $0.cookie.identity == cookie.identity
                    })
                {
                    state.buckets.values[position].entries[index].cookie.lastAccessDate = lastAccess
                }
            }
        }
    }

    // MARK: Mutation and persistence

    /// Runs a change under the lock, then tells subscribers and writes the persistent file if needed.
    @discardableResult
    private func mutate<Result>(persisting: Bool = true, _ body: (inout State, inout [Change]) -> Result) -> Result {
        var changes: [Change] = []
        let (result, subscribers, generation) = state.withLock { state in
            let result = body(&state, &changes)
            let subscribers = changes.isEmpty ? [] : Array(state.subscribers.values)
            return (result, subscribers, state.persistentGeneration)
        }
        for change in changes {
            for subscriber in subscribers { subscriber.yield(change) }
        }
        if persisting, let persistentFile, !changes.isEmpty {
            persist(to: persistentFile, generation: generation)
        }
        return result
    }

    /// Writes the non-session cookies when they changed since the last write. Writers queue on the file's
    /// lock; each takes the newest snapshot, so the file never goes back to an older state.
    private func persist(to file: PersistentFile, generation: UInt64) {
        file.writtenGeneration.withLock { written in
            guard generation != written else { return }
            let now = clock()
            let (current, snapshot) = state.withLock { state in
                (
                    state.persistentGeneration,
                    state.buckets.values.flatMap(\.entries).sorted { $0.sequence < $1.sequence }.map(\.cookie)
                        .filter { !$0.isSessionOnly && !$0.isExpired(at: now) }
                )
            }
            guard current != written else { return }
            do {
                try CookieFile.save(try CookieFile.encode(snapshot), to: file.url)
                written = current
            } catch {
                logger.warning("cannot save cookies: \(error)", metadata: ["file": "\(file.url.path)"])
            }
        }
    }
}
