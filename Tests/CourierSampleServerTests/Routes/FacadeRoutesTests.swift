import Courier
import CourierSampleServer
import Foundation
import HTTPTypes
import Testing

@Suite("Sample server: chapter 2 façade, versioning, locator")
struct FacadeRoutesTests {
    struct QuoteV1: Decodable, Equatable {
        var symbol: String
        var name: String
        var currentPrice: String
    }

    struct QuoteV2: Decodable, Equatable {
        var symbol: String
        var name: String
        var openingPrice: Double
        var currentPrice: Double
        var percentageChange: String
    }

    @Test("the CSV upstream answers the book's line")
    func csvUpstream() async throws {
        try await withSampleServer { server, session in
            let response = try await session.data(for: Request(url: server.url("/upstream/stock-csv?s=AAPL")))
            #expect(response.status == .ok)
            #expect(response.text == "\"AAPL\",\"Apple Inc.\",530.12,\"-2.92%\",545.31\r\n")
        }
    }

    @Test("the XML upstream wraps the quote document in an XML string")
    func xmlUpstream() async throws {
        try await withSampleServer { server, session in
            let response = try await session.data(for: Request(url: server.url("/upstream/stock-xml?symbol=AAPL")))
            let text = try #require(response.text)
            #expect(text.contains("<string xmlns=\"http://www.webserviceX.NET/\">&lt;StockQuotes&gt;"))
            #expect(text.contains("&lt;Last&gt;530.12&lt;/Last&gt;"))
        }
    }

    @Test("v1 and v2 stock quotes from both upstreams keep their contracts")
    func stockQuoteContracts() async throws {
        try await withSampleServer { server, session in
            for source in ["csv", "xml"] {
                let v1 = try await session.data(
                    for: Request(url: server.url("/api/1.0/stockquote/AAPL?source=\(source)")))
                #expect(v1.status == .ok)
                #expect(
                    try v1.decode(QuoteV1.self) == QuoteV1(symbol: "AAPL", name: "Apple Inc.", currentPrice: "530.12"))
                #expect(v1.value(forHTTPHeaderField: "X-API-Version") == "1.0")
                let v2 = try await session.data(
                    for: Request(url: server.url("/api/2.0/stockquote/aapl?source=\(source)")))
                #expect(
                    try v2.decode(QuoteV2.self)
                        == QuoteV2(
                            symbol: "AAPL", name: "Apple Inc.", openingPrice: 545.31, currentPrice: 530.12,
                            percentageChange: "-2.92%"))
            }
            // The v1 contract's numbers are strings, exactly as the book's first version.
            let raw = try await session.data(for: Request(url: server.url("/api/1.0/stockquote/AAPL")))
            #expect(raw.text == #"{"symbol":"AAPL","name":"Apple Inc.","currentPrice":"530.12"}"#)
        }
    }

    @Test("weather from both JSON shapes; v1 temperature is a string, v2 a number with conditions")
    func weatherContracts() async throws {
        try await withSampleServer { server, session in
            for source in ["a", "b"] {
                let v1 = try await session.data(
                    for: Request(url: server.url("/api/1.0/weather/23219?source=\(source)")))
                #expect(v1.text == #"{"city":"Richmond","state":"Virginia","currentTemperature":"63"}"#)
                let v2 = try await session.data(
                    for: Request(url: server.url("/api/2.0/weather/23219?source=\(source)")))
                #expect(
                    v2.text
                        == #"{"city":"Richmond","state":"Virginia","currentTemperature":63,"currentConditions":"Mostly Cloudy"}"#
                )
            }
        }
    }

    @Test("bad input: unknown ticker 404, bad source 400, bad zip 400, unknown API version 404 — all JSON")
    func badInput() async throws {
        try await withSampleServer { server, session in
            let cases: [(String, Int)] = [
                ("/api/1.0/stockquote/NOPE", 404), ("/api/1.0/stockquote/AAPL?source=yql", 400),
                ("/api/2.0/weather/12?source=a", 400), ("/api/3.0/weather/23219", 404),
                ("/api/1.0/weather/99999", 404), ("/upstream/stock-csv", 400),
            ]
            for (path, status) in cases {
                let response = try await session.data(for: Request(url: server.url(path)))
                #expect(response.status.code == status, "\(path)")
                #expect(response.text?.hasPrefix("{\"error\":") == true, "\(path)")
            }
        }
    }

    @Test("active versioning maps X-Client-Version to compatibility buckets; newer unknown → newest")
    func activeVersioning() async throws {
        try await withSampleServer { server, session in
            let expectations: [(String?, String)] = [
                ("1.0", "1.0"), ("1.3", "1.0"), ("1.9.9", "1.0"), ("2.0", "2.0"), ("2.4", "2.0"), ("17.1", "2.0"),
                (nil, "2.0"),
            ]
            for (clientVersion, api) in expectations {
                var request = Request(url: server.url("/api/weather/23219"))
                if let clientVersion { try request.setValue(clientVersion, forHTTPHeaderField: "X-Client-Version") }
                let response = try await session.data(for: request)
                #expect(response.status == .ok)
                #expect(response.value(forHTTPHeaderField: "X-API-Version") == api, "client \(clientVersion ?? "none")")
            }
            var bad = Request(url: server.url("/api/weather/23219"))
            try bad.setValue("one.two", forHTTPHeaderField: "X-Client-Version")
            #expect(try await session.data(for: bad).status == .badRequest)
        }
    }

    @Test("API keys: unknown key 401; over the quota 429 with Retry-After; a valid key has its own, higher quota")
    func apiKeysAndRateLimits() async throws {
        // Token buckets refill continuously (one token per period / limit); an hour-long period keeps a token
        // from coming back while the test counts, however slow the machine.
        try await withSampleServer(configure: {
            $0.anonymousRateLimit = 3
            $0.keyedRateLimit = 5
            $0.rateLimitPeriod = .seconds(3600)
        }) { server, session in
            var unknown = Request(url: server.url("/api/1.0/stockquote/AAPL"))
            try unknown.setValue("stolen", forHTTPHeaderField: "X-API-Key")
            #expect(try await session.data(for: unknown).status == .unauthorized)

            for _ in 0..<3 {
                #expect(try await session.data(for: Request(url: server.url("/api/1.0/stockquote/AAPL"))).status == .ok)
            }
            let limited = try await session.data(for: Request(url: server.url("/api/1.0/stockquote/AAPL")))
            #expect(limited.status == .tooManyRequests)
            let retryAfter = try #require(limited.value(forHTTPHeaderField: "Retry-After").flatMap { Int($0) })
            // One token of 3 per hour comes back every 1200 s.
            #expect((1...1200).contains(retryAfter))
            #expect(limited.text?.hasPrefix("{\"error\":") == true)

            var keyed = Request(url: server.url("/api/1.0/stockquote/AAPL"))
            try keyed.setValue("courier-demo-key", forHTTPHeaderField: "X-API-Key")
            for _ in 0..<5 { #expect(try await session.data(for: keyed).status == .ok) }
            #expect(try await session.data(for: keyed).status == .tooManyRequests)
        }
    }

    @Test("the locator lists v1 and v2 of both services in every environment; an unknown environment is 404")
    func locator() async throws {
        struct Locator: Decodable {
            struct Service: Decodable {
                var name: String
                var url: String
                var version: Int
            }
            var services: [Service]
        }
        try await withSampleServer { server, session in
            for environment in ["dev", "qa", "production"] {
                let document = try await session.data(
                    for: Request(url: server.url("/locator/\(environment).json"))
                ).decode(Locator.self)
                #expect(
                    document.services.map { "\($0.name) \($0.version)" }
                        == ["stockQuote 1", "stockQuote 2", "weather 1", "weather 2"], "\(environment)")
                // Every located URL works and answers in its version.
                for service in document.services {
                    let argument = service.name == "weather" ? "23219" : "AAPL"
                    let url = try #require(URL(string: service.url + "/" + argument))
                    let response = try await session.data(for: Request(url: url))
                    #expect(response.status == .ok, "\(service.url)")
                    #expect(response.value(forHTTPHeaderField: "X-API-Version") == "\(service.version).0")
                }
            }
            #expect(try await session.data(for: Request(url: server.url("/locator/staging.json"))).status == .notFound)
        }
    }

    @Test("active versioning also reads the apiVersion query item; the answer names the upstream that supplied it")
    func apiVersionQueryItemAndSource() async throws {
        try await withSampleServer { server, session in
            let response = try await session.data(for: Request(url: server.url("/api/weather/23219?apiVersion=1.2")))
            #expect(response.status == .ok)
            #expect(response.value(forHTTPHeaderField: "X-API-Version") == "1.0")
            #expect(response.value(forHTTPHeaderField: "X-Facade-Source") == "a")
            let quote = try await session.data(for: Request(url: server.url("/api/2.0/stockquote/AAPL?source=xml")))
            #expect(quote.value(forHTTPHeaderField: "X-Facade-Source") == "xml")
            #expect(quote.value(forHTTPHeaderField: "X-RateLimit-Limit") == "60")
        }
    }
}
