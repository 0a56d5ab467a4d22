import CourierPayloads
import CourierServicesServer
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

import enum Courier.JSONValue
import enum Courier.URLEncoding

/// Chapter 2: the remote façade over simulated third-party upstreams (CSV, XML wrapped in an XML string,
/// two JSON weather shapes), passive versioning (`/api/1.0`, `/api/2.0`), active versioning by
/// `X-Client-Version`, API keys with per-key rate limits, and the service locator — built on the
/// `CourierServicesServer` middleware (``APIKeyMiddleware``, ``RateLimitMiddleware``, ``VersionRouter``) and
/// ``FacadeAggregator``, which fails over between the upstreams of a service.
enum FacadeRoutes {
    struct Quote: Sendable {
        var symbol: String
        var name: String
        var last: Double
        var percentageChange: String
        var open: Double
    }

    struct Weather: Sendable {
        var city: String
        var state: String
        var temperature: Int
        var conditions: String
    }

    static let quotes: [String: Quote] = [
        "AAPL": Quote(symbol: "AAPL", name: "Apple Inc.", last: 530.12, percentageChange: "-2.92%", open: 545.31),
        "GOOG": Quote(symbol: "GOOG", name: "Google Inc.", last: 623.05, percentageChange: "-1.56%", open: 633.00),
        "MSFT": Quote(
            symbol: "MSFT", name: "Microsoft Corporation", last: 29.11, percentageChange: "-0.89%", open: 29.37),
        "AMZN": Quote(symbol: "AMZN", name: "Amazon.com, Inc.", last: 218.85, percentageChange: "-2.37%", open: 224.16),
    ]

    static let weather: [String: Weather] = [
        "23219": Weather(city: "Richmond", state: "Virginia", temperature: 63, conditions: "Mostly Cloudy"),
        "48907": Weather(city: "Lansing", state: "Michigan", temperature: 54, conditions: "Light Rain"),
        "94103": Weather(city: "San Francisco", state: "California", temperature: 66, conditions: "Fair"),
        "10001": Weather(city: "New York", state: "New York", temperature: 71, conditions: "Partly Cloudy"),
    ]

    /// Client version buckets of the active versioning: clients below 2.0 get API 1.0, everything from
    /// 2.0 on (unknown newer versions included) the newest API; a request without a version gets 2.0.
    static let versionBuckets = [
        CompatibilityBucket(from: ClientVersion(0), apiVersion: "1.0"),
        CompatibilityBucket(from: ClientVersion(2, 0), apiVersion: "2.0"),
    ]

    /// How long the façade waits for one upstream before it fails over to the next.
    static let upstreamTimeout: Duration = .seconds(10)

    /// Fails over only when an upstream is unreachable, slow or unreadable (502); a 404 or 400 of the
    /// upstream is the answer, and asking the other upstream would only repeat it.
    static let facade = FacadeAggregator(failsOver: { error in
        (error as? SampleError)?.status == .badGateway
    })

    /// The environments of the service locator.
    static let locatorEnvironments = ["dev", "qa", "production"]

    static func register(on router: Router<SampleRoutes.Context>, state: SampleServerState) {
        // The simulated upstreams, each in its own format.
        router.get("/upstream/stock-csv") { request, _ -> Response in
            let quote = try self.quote(SampleHTTP.query(request, "s"))
            let line =
                "\"\(quote.symbol)\",\"\(quote.name)\",\(self.price(quote.last)),\"\(quote.percentageChange)\",\(self.price(quote.open))"
            return SampleHTTP.text(line + "\r\n", contentType: "text/csv; charset=utf-8")
        }
        router.get("/upstream/stock-xml") { request, _ -> Response in
            let quote = try self.quote(SampleHTTP.query(request, "symbol"))
            return SampleHTTP.text(try self.wrappedStockXML(quote), contentType: "text/xml; charset=utf-8")
        }
        router.get("/upstream/weather-a") { request, _ -> Response in
            let weather = try self.weather(SampleHTTP.query(request, "zip"))
            let condition: JSONValue = .object([
                ("code", .string("28")), ("date", .string("Thu, 17 May 2012 4:51 pm EDT")),
                ("temp", .string(String(weather.temperature))), ("text", .string(weather.conditions)),
            ])
            let body: JSONValue = .object([
                (
                    "query",
                    .object([
                        ("count", .number(1)),
                        ("results", .object([("channel", .object([("item", .object([("condition", condition)]))]))])),
                    ])
                )
            ])
            return SampleHTTP.json(body)
        }
        router.get("/upstream/weather-b") { request, _ -> Response in
            let weather = try self.weather(SampleHTTP.query(request, "zip"))
            let body: JSONValue = .object([
                ("units", .object([("temperature", .string("F"))])),
                (
                    "condition",
                    .object([
                        ("temperature", .number(Double(weather.temperature))), ("text", .string(weather.conditions)),
                    ])
                ),
            ])
            return SampleHTTP.json(body)
        }

        // The façade's versioned services, behind API keys and rate limits: callers without a key share the
        // anonymous quota (the books' clients send none), each valid key has its own, an unknown key is 401.
        let configuration = state.configuration
        let api = router.group("api")
            .add(
                middleware: APIKeyMiddleware<SampleRoutes.Context>(
                    policy: APIKeyPolicy(keys: configuration.apiKeys, allowsAnonymous: true))
            )
            .add(
                middleware: RateLimitMiddleware<SampleRoutes.Context>(
                    limiter: state.rateLimiter,
                    anonymous: RateLimitQuota(
                        requests: configuration.anonymousRateLimit, per: configuration.rateLimitPeriod),
                    keyed: RateLimitQuota(requests: configuration.keyedRateLimit, per: configuration.rateLimitPeriod))
            )
        // Passive versioning: the version is in the path.
        api.get("{version}/stockquote/{ticker}") { request, context -> Response in
            let version = try self.apiVersion(context.parameters.get("version"))
            let ticker = try context.parameters.require("ticker")
            let source = SampleHTTP.query(request, "source") ?? "csv"
            let answer = try await self.fetchQuote(ticker: ticker, source: source, state: state)
            return self.answer(self.quoteJSON(answer.value, version: version), version: version, source: answer.source)
        }
        api.get("{version}/weather/{zip}") { request, context -> Response in
            let version = try self.apiVersion(context.parameters.get("version"))
            let zip = try context.parameters.require("zip")
            let source = SampleHTTP.query(request, "source") ?? "a"
            let answer = try await self.fetchWeather(zip: zip, source: source, state: state)
            return self.answer(
                self.weatherJSON(answer.value, version: version), version: version, source: answer.source)
        }
        // Active versioning: X-Client-Version (or ?apiVersion=) picks the API through compatibility buckets.
        let active = api.group()
            .add(middleware: VersionRouter<SampleRoutes.Context>(buckets: self.versionBuckets, defaultVersion: "2.0"))
        active.get("weather/{zip}") { _, context -> Response in
            let version = context.apiVersion ?? "2.0"
            let zip = try context.parameters.require("zip")
            let answer = try await self.fetchWeather(zip: zip, source: "a", state: state)
            return self.answer(
                self.weatherJSON(answer.value, version: version), version: version, source: answer.source)
        }
        active.get("stockquote/{ticker}") { _, context -> Response in
            let version = context.apiVersion ?? "2.0"
            let ticker = try context.parameters.require("ticker")
            let answer = try await self.fetchQuote(ticker: ticker, source: "csv", state: state)
            return self.answer(self.quoteJSON(answer.value, version: version), version: version, source: answer.source)
        }

        // The service locator: every environment lists both versions of both services, as the book's
        // serviceLocator.json does.
        router.get("/locator/{file}") { _, context -> Response in
            let file = try context.parameters.require("file")
            guard file.hasSuffix(".json") else { throw SampleError(.notFound, "locator files end in .json") }
            let environment = String(file.dropLast(5))
            guard self.locatorEnvironments.contains(environment) else {
                throw SampleError(
                    .notFound,
                    "no locator for environment \"\(environment)\" (\(self.locatorEnvironments.joined(separator: ", ")))"
                )
            }
            return SampleHTTP.json(self.locatorDocument(environment: environment, base: state.baseURL))
        }
    }

    /// `{"environment":…,"services":[{"name","url","version","outputFormat"},…]}`.
    static func locatorDocument(environment: String, base: URL) -> JSONValue {
        var services: [JSONValue] = []
        for (name, path) in [("stockQuote", "stockquote"), ("weather", "weather")] {
            for version in [1, 2] {
                services.append(
                    .object([
                        ("name", .string(name)),
                        ("url", .string("\(base.absoluteString)/api/\(version).0/\(path)")),
                        ("version", .number(Double(version))),
                        ("outputFormat", .string("json")),
                    ]))
            }
        }
        return .object([("environment", .string(environment)), ("services", .array(services))])
    }

    /// A contract answer naming its API version and the upstream that supplied it.
    static func answer(_ body: JSONValue, version: String, source: String) -> Response {
        SampleHTTP.json(body, headers: [.apiVersion: version, .facadeSource: source])
    }

    // MARK: Upstream formats

    static func price(_ value: Double) -> String { String(format: "%.2f", value) }

    static func quote(_ symbol: String?) throws -> Quote {
        guard let symbol, !symbol.isEmpty else { throw SampleError.badRequest("missing ticker symbol") }
        guard let quote = self.quotes[symbol.uppercased()] else {
            throw SampleError(.notFound, "unknown ticker symbol \"\(symbol)\"")
        }
        return quote
    }

    static func weather(_ zip: String?) throws -> Weather {
        guard let zip, !zip.isEmpty else { throw SampleError.badRequest("missing zip code") }
        guard zip.count == 5, zip.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw SampleError.badRequest("a zip code is five digits, not \"\(zip)\"")
        }
        guard let weather = self.weather[zip] else { throw SampleError(.notFound, "no weather station for \(zip)") }
        return weather
    }

    static func wrappedStockXML(_ quote: Quote) throws -> String {
        var inner = XMLWriter()
        try inner.startElement("StockQuotes")
        try inner.startElement("Stock")
        try inner.element("Symbol", text: quote.symbol)
        try inner.element("Last", text: self.price(quote.last))
        try inner.element("Date", text: "5/17/2012")
        try inner.element("Time", text: "4:00pm")
        try inner.element("Open", text: self.price(quote.open))
        try inner.element("PercentageChange", text: quote.percentageChange)
        try inner.element("Name", text: quote.name)
        try inner.endElement()
        try inner.endElement()
        var outer = XMLWriter()
        try outer.writeDeclaration()
        try outer.startElement("string", attributes: [.init("xmlns", "http://www.webserviceX.NET/")])
        try outer.text(inner.string)
        try outer.endElement()
        return outer.string
    }

    // MARK: The façade: fetch an upstream over HTTP and parse its format

    /// The quote from the upstream `source` names, failing over to the other one when it is unreachable,
    /// slow or unreadable.
    static func fetchQuote(
        ticker: String, source: String, state: SampleServerState
    ) async throws -> FacadeAnswer<Quote> {
        try await self.failOver(preferring: source, of: ["csv", "xml"]) { name in
            try await self.quote(ticker: ticker, from: name, state: state)
        }
    }

    /// The weather from the upstream `source` names (`a` or `b`), failing over to the other one.
    static func fetchWeather(
        zip: String, source: String, state: SampleServerState
    ) async throws -> FacadeAnswer<Weather> {
        let known = try self.weather(zip)
        return try await self.failOver(preferring: source, of: ["a", "b"]) { name in
            try await self.weather(known: known, zip: zip, from: name, state: state)
        }
    }

    /// The first answer of the upstreams `names` (two, such as `csv` and `xml`), asking `source` first.
    ///
    /// - Throws: 400 when `source` is not one of `names`; as ``firstAvailable(_:)`` when none answered.
    static func failOver<Value: Sendable>(
        preferring source: String, of names: [String],
        _ fetch: @escaping @Sendable (String) async throws -> Value
    ) async throws -> FacadeAnswer<Value> {
        guard names.contains(source) else {
            throw SampleError.badRequest("source is \(names.joined(separator: " or ")), not \"\(source)\"")
        }
        let order = [source] + names.filter { $0 != source }
        return try await self.firstAvailable(
            order.map { name in
                FacadeSource(name: name, timeout: self.upstreamTimeout) { try await fetch(name) }
            })
    }

    /// The first upstream's answer; 502 naming every upstream's failure when none answered.
    static func firstAvailable<Value: Sendable>(_ sources: [FacadeSource<Value>]) async throws -> FacadeAnswer<Value> {
        do {
            return try await self.facade.firstAvailable(sources)
        } catch let error as FacadeUnavailableError {
            throw SampleError(.badGateway, "\(error)")
        }
    }

    static func quote(ticker: String, from source: String, state: SampleServerState) async throws -> Quote {
        let base = state.baseURL
        if source == "xml" {
            let response = try await self.upstream(
                base.appendingPathComponent("upstream/stock-xml").appendingQuery([("symbol", ticker)]), state: state)
            guard let quote = self.parseWrappedXMLQuote(response.data) else {
                throw SampleError(.badGateway, "the XML upstream answered something unreadable")
            }
            return quote
        }
        let response = try await self.upstream(
            base.appendingPathComponent("upstream/stock-csv").appendingQuery([("s", ticker)]), state: state)
        guard let line = response.text, let quote = self.parseCSVQuote(line) else {
            throw SampleError(.badGateway, "the CSV upstream answered something unreadable")
        }
        return quote
    }

    static func weather(known: Weather, zip: String, from source: String, state: SampleServerState) async throws
        -> Weather
    {
        let path = source == "b" ? "upstream/weather-b" : "upstream/weather-a"
        let response = try await self.upstream(
            state.baseURL.appendingPathComponent(path).appendingQuery([("zip", zip)]), state: state)
        guard let object = try? JSONSerialization.jsonObject(with: response.data) as? [String: Any] else {
            throw SampleError(.badGateway, "the weather upstream answered something that is not JSON")
        }
        let condition: [String: Any]?
        if source == "a" {
            let query = object["query"] as? [String: Any]
            let results = query?["results"] as? [String: Any]
            let channel = results?["channel"] as? [String: Any]
            let item = channel?["item"] as? [String: Any]
            condition = item?["condition"] as? [String: Any]
        } else {
            condition = object["condition"] as? [String: Any]
        }
        guard let condition, let text = condition["text"] as? String else {
            throw SampleError(.badGateway, "the weather upstream's answer has no condition")
        }
        let temperature: Int?
        if let value = condition["temp"] as? String {
            temperature = Int(value)
        } else if let value = condition["temperature"] as? NSNumber {
            temperature = value.intValue
        } else {
            temperature = nil
        }
        guard let temperature else {
            throw SampleError(.badGateway, "the weather upstream's answer has no temperature")
        }
        return Weather(city: known.city, state: known.state, temperature: temperature, conditions: text)
    }

    /// GETs an upstream through Courier (the façade is a client of its upstreams), mapping its failures.
    static func upstream(_ url: URL, state: SampleServerState) async throws -> UpstreamResponse {
        let response: UpstreamResponse
        do {
            response = try await state.upstream.get(url)
        } catch {
            throw SampleError(.badGateway, "the upstream could not be reached: \(error)")
        }
        if response.status == 404 {
            throw SampleError(.notFound, response.errorMessage ?? "not found upstream")
        }
        if response.status == 400 {
            throw SampleError.badRequest(response.errorMessage ?? "the upstream refused the request")
        }
        guard response.status == 200 else {
            throw SampleError(.badGateway, "the upstream answered \(response.status)")
        }
        return response
    }

    /// `"AAPL","Apple Inc.",530.12,"-2.92%",545.31`
    static func parseCSVQuote(_ line: String) -> Quote? {
        var fields: [String] = []
        var current = ""
        var quoted = false
        for character in line.trimmingCharacters(in: .whitespacesAndNewlines) {
            switch character {
            case "\"": quoted.toggle()
            case "," where !quoted:
                fields.append(current)
                current = ""
            default: current.append(character)
            }
        }
        fields.append(current)
        guard fields.count == 5, let last = Double(fields[2]), let open = Double(fields[4]) else { return nil }
        return Quote(symbol: fields[0], name: fields[1], last: last, percentageChange: fields[3], open: open)
    }

    /// Parses the outer document, takes the text of `<string>`, and parses that as the quote document.
    static func parseWrappedXMLQuote(_ data: Data) -> Quote? {
        guard let outer = try? XMLTree(parsing: data), outer.root.name.localName == "string",
            let inner = try? XMLTree(parsing: Array(outer.root.text.utf8)),
            let stock = inner.first("/StockQuotes/Stock"),
            let symbol = stock.first("Symbol")?.text, let name = stock.first("Name")?.text,
            let last = stock.first("Last").flatMap({ Double($0.text) }),
            let open = stock.first("Open").flatMap({ Double($0.text) }),
            let change = stock.first("PercentageChange")?.text
        else { return nil }
        return Quote(symbol: symbol, name: name, last: last, percentageChange: change, open: open)
    }

    // MARK: Contracts

    static func apiVersion(_ text: String?) throws -> String {
        switch text {
        case "1.0": return "1.0"
        case "2.0": return "2.0"
        default: throw SampleError(.notFound, "unknown API version \"\(text ?? "")\" (1.0 or 2.0)")
        }
    }

    static func quoteJSON(_ quote: Quote, version: String) -> JSONValue {
        if version == "1.0" {
            return .object([
                ("symbol", .string(quote.symbol)), ("name", .string(quote.name)),
                ("currentPrice", .string(self.price(quote.last))),
            ])
        }
        return .object([
            ("symbol", .string(quote.symbol)), ("name", .string(quote.name)), ("openingPrice", .number(quote.open)),
            ("currentPrice", .number(quote.last)), ("percentageChange", .string(quote.percentageChange)),
        ])
    }

    static func weatherJSON(_ weather: Weather, version: String) -> JSONValue {
        if version == "1.0" {
            return .object([
                ("city", .string(weather.city)), ("state", .string(weather.state)),
                ("currentTemperature", .string(String(weather.temperature))),
            ])
        }
        return .object([
            ("city", .string(weather.city)), ("state", .string(weather.state)),
            ("currentTemperature", .number(Double(weather.temperature))),
            ("currentConditions", .string(weather.conditions)),
        ])
    }
}

extension HTTPField.Name {
    static let apiVersion = HTTPField.Name("X-API-Version")!
    /// Which upstream supplied a façade answer (after a failover, not the one asked for).
    static let facadeSource = HTTPField.Name("X-Facade-Source")!
}
