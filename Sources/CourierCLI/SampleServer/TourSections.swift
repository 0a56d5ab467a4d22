import Courier
import CourierCommands
import CourierPayloads
import CourierSampleServer
import CourierSecurity
import Foundation
import HTTPTypes
import Synchronization

/// One section of the tour: a capability, shown with real requests, returning a one-line verdict.
struct TourSection: Sendable {
    var key: String
    var title: String
    var run: @Sendable (TourContext) async throws -> String

    static let all: [TourSection] = [
        TourSection(key: "json", title: "GET and POST JSON", run: json),
        TourSection(key: "query", title: "Query encoding", run: query),
        TourSection(key: "cookies", title: "Cookies set and sent back", run: cookies),
        TourSection(key: "redirects", title: "Redirects", run: redirects),
        TourSection(key: "facade", title: "Façade and service versioning", run: facade),
        TourSection(key: "locator", title: "Service locator: v1 and v2 through service:// URLs", run: locator),
        TourSection(key: "cache", title: "HTTP cache: a hit and a 304 revalidation", run: cache),
        TourSection(key: "auth", title: "Basic and Digest authentication", run: authentication),
        TourSection(key: "download", title: "A download interrupted and resumed", run: download),
        TourSection(key: "upload", title: "Multipart upload", run: upload),
        TourSection(key: "banking", title: "Banking: encrypted, MAC-checked messages", run: banking),
        TourSection(key: "compression", title: "Request and response compression", run: compression),
        TourSection(key: "queue", title: "Command queue rides out an outage", run: commandQueue),
        TourSection(key: "payloads", title: "Feeds and SOAP", run: payloads),
        TourSection(key: "tls", title: "TLS with a pinned certificate", run: tls),
        TourSection(key: "warehouse", title: "Sockets: the warehouse monitor read three ways", run: warehouse),
        TourSection(key: "discovery", title: "Bonjour: publish, browse, resolve, goodbye", run: discovery),
        TourSection(key: "peers", title: "Peer sessions: find, invite, reliable and unreliable messages", run: peers),
        TourSection(key: "links", title: "URL schemes: data in links and single sign-on", run: links),
        TourSection(key: "images", title: "Images: shared downloads, memory and disk caches", run: images),
        TourSection(key: "ftp", title: "FTP: a listing, a broken download resumed, a login", run: ftp),
    ]

    // MARK: Sections

    static func json(_ tour: TourContext) async throws -> String {
        struct Quote: Decodable {
            var symbol: String
            var currentPrice: Double
        }
        let quote = try await tour.get("/api/2.0/stockquote/AAPL").decode(Quote.self)
        try tourCheck(quote.symbol == "AAPL", "the quote is for \(quote.symbol)")
        struct Echo: Decodable {
            struct Body: Decodable {
                var title: String
                var tags: [String]
            }
            var json: Body
        }
        let sent = ["title": "Professional iOS Network Programming"]
        var request = Request(url: tour.url("/anything"), method: .post)
        request.body = .json(["title": sent["title"]!, "tags": "networking"])
        let echo = try await tour.send(request)
        try tourCheck(echo.text?.contains("Professional iOS Network Programming") == true, "the echo lost the title")
        return "decoded a quote (\(quote.currentPrice)) and had a JSON body echoed back"
    }

    static func query(_ tour: TourContext) async throws -> String {
        let items = [("q", "café & crème"), ("tags", "a+b"), ("empty", "")]
        let url = tour.url("/anything").appendingQuery(items.map { ($0.0, Optional($0.1)) })
        let response = try await tour.send(Request(url: url))
        struct Echo: Decodable { var args: [String: String] }
        let args = try response.decode(Echo.self).args
        for (name, value) in items {
            try tourCheck(args[name] == value, "\(name) came back as \(args[name] ?? "nothing")")
        }
        return "\(items.count) items with &, + and non-ASCII survived the round trip"
    }

    static func cookies(_ tour: TourContext) async throws -> String {
        let set = try await tour.get("/cookies/set?flavor=oatmeal&session=tour&HttpOnly=1")
        try tourCheck(set.headerFields[values: .setCookie].count == 2, "expected two Set-Cookie fields")
        let echoed = try await tour.get("/cookies")
        try tourCheck(echoed.text?.contains("\"session\":\"tour\"") == true, "the jar did not send the cookie back")
        _ = try await tour.get("/cookies/delete?flavor")
        let after = try await tour.get("/cookies")
        try tourCheck(after.text?.contains("flavor") == false, "the deleted cookie came back")
        return "the session's jar stored, sent and forgot cookies"
    }

    static func redirects(_ tour: TourContext) async throws -> String {
        let response = try await tour.get("/redirect/3")
        try tourCheck(response.redirectChain.count == 3, "followed \(response.redirectChain.count) redirects")
        for hop in response.redirectChain { tour.log("  ↪ \(hop.statusCode) → \(hop.location.path)") }
        return "followed 3 redirects to \(response.url.path)"
    }

    static func facade(_ tour: TourContext) async throws -> String {
        _ = try await tour.get("/api/1.0/stockquote/AAPL?source=xml")
        var versions: [String] = []
        for client in ["1.3", "2.1"] {
            var request = Request(url: tour.url("/api/weather/23219"))
            try request.setValue(client, forHTTPHeaderField: "X-Client-Version")
            let response = try await tour.send(request)
            versions.append("client \(client) → API \(response.value(forHTTPHeaderField: "X-API-Version") ?? "?")")
        }
        try tourCheck(versions == ["client 1.3 → API 1.0", "client 2.1 → API 2.0"], versions.joined(separator: ", "))
        return versions.joined(separator: ", ")
    }

    static func cache(_ tour: TourContext) async throws -> String {
        func fetchType(_ response: Response) -> TransactionMetrics.ResourceFetchType? {
            response.metrics?.transactionMetrics.last?.resourceFetchType
        }
        let first = try await tour.get("/cache/max-age/60")
        let second = try await tour.get("/cache/max-age/60")
        try tourCheck(fetchType(first) == .networkLoad, "the first fetch did not use the network")
        try tourCheck(fetchType(second) == .localCache, "the second fetch was not a cache hit")
        try tourCheck(first.data == second.data, "the cached body differs")
        tour.log("  second answer: from the local cache, no request sent")
        _ = try await tour.get("/cache/etag/tour")
        let revalidated = try await tour.get("/cache/etag/tour")
        try tourCheck(fetchType(revalidated) == .conditionalCacheHit, "the ETag fetch was not revalidated with a 304")
        tour.log("  second answer: the server said 304 Not Modified; the cached body was used")
        return "one hit without a request, one 304 revalidation"
    }

    static func authentication(_ tour: TourContext) async throws -> String {
        var configuration = SessionConfiguration.ephemeral
        configuration.retryPolicy = .none
        configuration.allowsBasicAuthenticationOverHTTP = true
        let store = CredentialStore()
        try store.setDefaultCredential(
            .user("courier", password: "courier"), for: ProtectionSpace(url: tour.server.baseURL))
        configuration.urlCredentialStorage = store
        let session = Session(configuration: configuration)
        defer { Task { await session.invalidateAndCancel() } }
        let basic = try await tour.send(Request(url: tour.url("/auth/basic")), session: session)
        let digest = try await tour.send(Request(url: tour.url("/auth/digest/auth/SHA-256")), session: session)
        let retries = [basic, digest].map { ($0.metrics?.transactionMetrics.count ?? 1) }
        tour.log(
            "  each answered a 401 challenge with the stored credential (\(retries.map(String.init).joined(separator: ", ")) exchanges)"
        )
        return "Basic and Digest (SHA-256, qop=auth) challenges answered"
    }

    static func download(_ tour: TourContext) async throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-tour-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("intro.mp4")
        let size = 600_000
        let task = tour.session.makeDownloadTask(
            with: Request(url: tour.url("/media/intro.mp4?size=\(size)&pauseAt=100000")), to: destination)
        tour.log("→ GET /media/intro.mp4 (the server stops sending after 100 000 bytes)")
        task.resume()
        // Wait until those bytes are on disk, however loaded the machine is: the server holds the rest back, so
        // the download cannot finish before it is cancelled.
        let partial = destination.path + ".part"
        for _ in 0..<1500 {
            let size = (try? FileManager.default.attributesOfItem(atPath: partial)[.size] as? Int) ?? 0
            if size >= 100_000 { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        guard let resumeData = await task.cancelProducingResumeData() else {
            throw TourFailure("cancelling gave no resume data")
        }
        tour.log("  cancelled with \(resumeData.bytesOnDisk) bytes on disk; resuming with Range and If-Range")
        let response = try await tour.session.download(resumingWith: resumeData, to: destination)
        tour.log("← \(response.status.code) \(response.status.reasonPhrase)")
        let file = try Data(contentsOf: destination)
        let reference = try await tour.session.data(for: Request(url: tour.url("/media/intro.mp4?size=\(size)"))).data
        try tourCheck(file == reference, "the resumed file differs from the original")
        return "\(resumeData.bytesOnDisk) + \(size - Int(resumeData.bytesOnDisk)) bytes, identical to the original"
    }

    static func upload(_ tour: TourContext) async throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-tour-\(UUID().uuidString).txt")
        let contents = Data((0..<2000).map { "line \($0) of the tour's upload\n" }.joined().utf8)
        try contents.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var form = MultipartForm()
        form.append("tour", name: "status")
        try form.appendFile(at: file, name: "userfile", filename: "tour-notes.txt", contentType: "text/plain")
        var request = Request(url: tour.url("/textbook/upload"), method: .post)
        request.body = form.body
        let response = try await tour.send(request)
        let digest = Digester.digest(contents, using: .sha256).hex
        try tourCheck(response.text?.contains(digest) == true, "the server's SHA-256 of the file differs")
        return "\(contents.count) bytes streamed as multipart/form-data; the server's SHA-256 matches"
    }

    static func banking(_ tour: TourContext) async throws -> String {
        try await TourBanking.run(tour)
    }

    static func compression(_ tour: TourContext) async throws -> String {
        let text = String(repeating: "Courier compresses request bodies when the server accepts them. ", count: 40)
        var request = Request(url: tour.url("/echo/decompress"), method: .post)
        request.body = .text(text)
        request.compressesBody = true
        let response = try await tour.send(request)
        try tourCheck(response.text == "Body=" + text, "the server did not decode the gzip body")
        let sent = response.metrics?.totalRequestBodyBytesSent ?? 0
        tour.log("  sent \(sent) gzip bytes for \(text.utf8.count) bytes of text")
        let page = try await tour.get("/news/articles/1.html")
        let received = page.metrics?.totalResponseBodyBytesReceived ?? 0
        tour.log("  the article page came gzipped: \(received) bytes on the wire for \(page.data.count)")
        return "request body gzipped \(text.utf8.count) → \(sent) bytes; response decoded transparently"
    }

    static func commandQueue(_ tour: TourContext) async throws -> String {
        let asked = AskCounter()
        let queue = CommandQueue(
            context: CommandContext(session: tour.session),
            serverErrors: ServerErrorListener { prompt in
                // The user taps Retry twice, then gives up (the tour must end even if the server never recovers).
                guard asked.increment() <= 2 else {
                    tour.log("  the server failed (\(Self.shortError(prompt.error))); the user taps Cancel")
                    return .cancelAll
                }
                tour.log("  the server failed (\(Self.shortError(prompt.error))); the user taps Retry")
                return .retryAll
            },
            authentication: AuthenticationListener { _ in
                tour.log("  401: the queue logs in and resubmits the feed")
                return .login(LoginCommand(baseURL: tour.server.baseURL, username: "courier", password: "courier"))
            })
        tour.log("→ an outage: the next two requests fail with 500")
        let outage = try await queue.run(ProbeCommand(url: tour.url("/faults/500-then-ok?n=2&key=tour-queue")))
        try tourCheck(outage.status == .ok, "the probe ended with \(outage.status.code)")
        let feed = try await queue.run(FeedCommand(baseURL: tour.server.baseURL))
        try tourCheck(feed.status == .ok, "the feed ended with \(feed.status.code)")
        return "retried through \(asked.value) failures, then logged in for the protected feed"
    }

    static func shortError(_ error: any Error) -> String {
        if let error = error as? CourierError, let status = error.response?.status { return "HTTP \(status.code)" }
        return "\(error)"
    }

    static func payloads(_ tour: TourContext) async throws -> String {
        let feed = try FeedReader.read(try await tour.get("/news/topstories.rss").data)
        try tourCheck(!feed.items.isEmpty, "the feed has no items")
        tour.log(
            "  \(feed.items.count) stories; first: \"\(feed.items[0].title ?? "")\" → \(feed.items[0].bestLink ?? "")")
        let envelope = """
            <?xml version="1.0" encoding="UTF-8"?>
            <env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope"><env:Body>\
            <w:GetWeather xmlns:w="urn:courier:sample:weather"><w:zip>23219</w:zip></w:GetWeather>\
            </env:Body></env:Envelope>
            """
        var request = Request(url: tour.url("/soap/weather"), method: .post)
        request.body = .data(Data(envelope.utf8), contentType: "application/soap+xml; charset=utf-8")
        let response = try await tour.send(request)
        let tree = try XMLTree(parsing: response.data)
        let city = tree.first("//GetWeatherResponse/city")?.text ?? "?"
        let temperature = tree.first("//GetWeatherResponse/temperature")?.text ?? "?"
        try tourCheck(city == "Richmond", "the SOAP answer names \(city)")
        return "RSS with feedburner links parsed; SOAP 1.2 says \(city) is \(temperature)°F"
    }

    static func tls(_ tour: TourContext) async throws -> String {
        guard let tlsURL = tour.server.tlsURL, let pem = tour.server.serverCertificatePEM else {
            throw TourFailure("the sample server has no TLS listener")
        }
        var pinned = SessionConfiguration.ephemeral
        pinned.serverTrustPolicy = try .pinnedCertificates(pem: pem, includeSystemRoots: false)
        let session = Session(configuration: pinned)
        defer { Task { await session.invalidateAndCancel() } }
        let url = URL(string: tlsURL.absoluteString + "/headers")!
        _ = try await tour.send(Request(url: url), session: session)
        let strict = Session(configuration: .ephemeral)
        defer { Task { await strict.invalidateAndCancel() } }
        tour.log("→ GET \(url.path) again, trusting only the system store")
        do {
            _ = try await strict.data(for: Request(url: url))
            throw TourFailure("a self-signed certificate was trusted without the pin")
        } catch let error as CourierError {
            tour.log("← refused: \(error.code)")
        }
        return "the pinned self-signed certificate was accepted; without the pin it was refused"
    }
}

/// A command that GETs one URL and fails on an error status (so the queue's listeners see it).
struct ProbeCommand: Command {
    let id: CommandID = .unique("probe")
    var url: URL

    func run(in context: CommandContext) async throws -> Response {
        try await context.send(Request(url: self.url))
    }
}

final class AskCounter: Sendable {
    private let count = Mutex(0)
    func increment() -> Int {
        self.count.withLock {
            $0 += 1
            return $0
        }
    }
    var value: Int { self.count.withLock { $0 } }
}
