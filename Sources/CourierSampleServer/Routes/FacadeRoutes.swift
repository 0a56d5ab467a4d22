import CourierPayloads
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

import enum Courier.JSONValue
import enum Courier.URLEncoding

/// Chapter 2: the remote façade over simulated third-party upstreams (CSV, XML wrapped in an XML string,
/// two JSON weather shapes), passive versioning (`/api/1.0`, `/api/2.0`), active versioning by
/// `X-Client-Version`, API keys with per-key rate limits, and the service locator.
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
    /// 2.0 on (unknown newer versions included) the newest API.
    static let versionBuckets: [(minimum: [Int], api: String)] = [([0], "1.0"), ([2, 0], "2.0")]

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

        // The façade's versioned services, behind API keys and rate limits.
        let api = router.group("api").add(middleware: APIKeyMiddleware(state: state))
        api.get("{version}/stockquote/{ticker}") { request, context -> Response in
            let version = try self.apiVersion(context.parameters.get("version"))
            let ticker = try context.parameters.require("ticker")
            let source = SampleHTTP.query(request, "source") ?? "csv"
            let quote = try await self.fetchQuote(ticker: ticker, source: source, state: state)
            return SampleHTTP.json(self.quoteJSON(quote, version: version), headers: [.apiVersion: version])
        }
        api.get("{version}/weather/{zip}") { request, context -> Response in
            let version = try self.apiVersion(context.parameters.get("version"))
            let zip = try context.parameters.require("zip")
            let source = SampleHTTP.query(request, "source") ?? "a"
            let weather = try await self.fetchWeather(zip: zip, source: source, state: state)
            return SampleHTTP.json(self.weatherJSON(weather, version: version), headers: [.apiVersion: version])
        }
        api.get("weather/{zip}") { request, context -> Response in
            let version = try self.activeVersion(clientVersion: request.headers[.xClientVersion])
            let zip = try context.parameters.require("zip")
            let weather = try await self.fetchWeather(zip: zip, source: "a", state: state)
            return SampleHTTP.json(self.weatherJSON(weather, version: version), headers: [.apiVersion: version])
        }
        api.get("stockquote/{ticker}") { request, context -> Response in
            let version = try self.activeVersion(clientVersion: request.headers[.xClientVersion])
            let ticker = try context.parameters.require("ticker")
            let quote = try await self.fetchQuote(ticker: ticker, source: "csv", state: state)
            return SampleHTTP.json(self.quoteJSON(quote, version: version), headers: [.apiVersion: version])
        }

        // The service locator.
        router.get("/locator/{file}") { _, context -> Response in
            let file = try context.parameters.require("file")
            guard file.hasSuffix(".json") else { throw SampleError(.notFound, "locator files end in .json") }
            let environment = String(file.dropLast(5))
            let versions = ["dev": 2, "qa": 2, "production": 1]
            guard let version = versions[environment] else {
                throw SampleError(.notFound, "no locator for environment \"\(environment)\" (dev, qa, production)")
            }
            let base = state.baseURL.absoluteString
            let services: [JSONValue] = [
                ("stockQuote", "stockquote"), ("weather", "weather"),
            ].map { name, path in
                .object([
                    ("name", .string(name)), ("url", .string("\(base)/api/\(version).0/\(path)")),
                    ("version", .number(Double(version))),
                ])
            }
            return SampleHTTP.json(.object([("environment", .string(environment)), ("services", .array(services))]))
        }
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

    static func fetchQuote(ticker: String, source: String, state: SampleServerState) async throws -> Quote {
        let base = state.baseURL
        switch source {
        case "csv":
            let response = try await self.upstream(
                base.appendingPathComponent("upstream/stock-csv").appendingQuery([("s", ticker)]), state: state)
            guard let line = response.text, let quote = self.parseCSVQuote(line) else {
                throw SampleError(.badGateway, "the CSV upstream answered something unreadable")
            }
            return quote
        case "xml":
            let response = try await self.upstream(
                base.appendingPathComponent("upstream/stock-xml").appendingQuery([("symbol", ticker)]), state: state)
            guard let quote = self.parseWrappedXMLQuote(response.data) else {
                throw SampleError(.badGateway, "the XML upstream answered something unreadable")
            }
            return quote
        default:
            throw SampleError.badRequest("source is csv or xml, not \"\(source)\"")
        }
    }

    static func fetchWeather(zip: String, source: String, state: SampleServerState) async throws -> Weather {
        _ = try self.weather(zip)
        let base = state.baseURL
        let path: String
        switch source {
        case "a": path = "upstream/weather-a"
        case "b": path = "upstream/weather-b"
        default: throw SampleError.badRequest("source is a or b, not \"\(source)\"")
        }
        let response = try await self.upstream(
            base.appendingPathComponent(path).appendingQuery([("zip", zip)]), state: state)
        guard let object = try? JSONSerialization.jsonObject(with: response.data) as? [String: Any] else {
            throw SampleError(.badGateway, "the weather upstream answered something that is not JSON")
        }
        let known = self.weather[zip]!
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

    static func activeVersion(clientVersion: String?) throws -> String {
        guard let clientVersion else { return self.versionBuckets.last!.api }
        let parts = clientVersion.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !parts.isEmpty, parts.count <= 4, parts.allSatisfy({ $0 != nil && $0! >= 0 }) else {
            throw SampleError.badRequest("X-Client-Version is a dotted version such as 1.3, not \"\(clientVersion)\"")
        }
        let version = parts.map { $0! }
        var chosen = self.versionBuckets[0].api
        for bucket in self.versionBuckets where !version.lexicographicallyPrecedes(bucket.minimum) {
            chosen = bucket.api
        }
        return chosen
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

/// API keys and per-caller rate limits for `/api/…`: no key → the anonymous quota, a known key → the
/// keyed quota, an unknown key → 401. Over the quota: 429 with `Retry-After`.
struct APIKeyMiddleware<Context: RequestContext>: RouterMiddleware {
    let state: SampleServerState

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let caller: String
        let limit: Int
        if let key = request.headers[.xAPIKey] {
            guard self.state.configuration.apiKeys.contains(key) else {
                throw SampleError(.unauthorized, "unknown API key")
            }
            caller = "key:" + key
            limit = self.state.configuration.keyedRateLimit
        } else {
            caller = "anonymous"
            limit = self.state.configuration.anonymousRateLimit
        }
        if let retryAfter = self.state.consumeRate(caller: caller, limit: limit) {
            throw SampleError(
                .tooManyRequests, "rate limit of \(limit) requests per minute exceeded",
                headers: [.retryAfter: String(retryAfter)])
        }
        var response = try await next(request, context)
        response.headers[.rateLimitLimit] = String(limit)
        return response
    }
}

extension HTTPField.Name {
    static let apiVersion = HTTPField.Name("X-API-Version")!
    static let rateLimitLimit = HTTPField.Name("X-RateLimit-Limit")!
}
