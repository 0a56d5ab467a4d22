import Courier
import CourierServices
import Foundation

/// The book's Façade Tester: loads the weather and the stock quote in versions 1 and 2 through a service
/// locator (`service://` URLs), decodes each contract, and keeps load errors and parse errors apart.
/// `courier services tester` prints it; the tour's locator section shows it.
struct FacadeTester {
    /// What became of one service and version.
    struct Outcome: Sendable {
        var service: String
        var version: Int
        var url: String
        var result: Result<String, Failure>

        /// "weather v1".
        var label: String { "\(self.service) v\(self.version)" }
    }

    /// The book's two kinds of failure.
    enum Failure: Error, Sendable, CustomStringConvertible {
        /// The service could not be reached, answered an error status, or the locator lists no such version.
        case couldNotLoad(String)
        /// It answered something that is not its contract.
        case couldNotParse(String)

        var description: String {
            switch self {
            case .couldNotLoad(let reason): return "could not load: \(reason)"
            case .couldNotParse(let reason): return "could not parse: \(reason)"
            }
        }
    }

    var locatorURL: URL
    var zip: String = "23219"
    var ticker: String = "AAPL"
    var timeout: TimeInterval = 15

    /// Loads the locator, then the four contracts concurrently, in the order weather v1, v2, stockQuote v1, v2.
    /// - Throws: ``ServiceLocatorError`` when the locator itself could not be loaded or parsed.
    func run() async throws -> [Outcome] {
        var configuration = SessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = self.timeout
        configuration.retryPolicy = .none
        let locatorSession = Session(configuration: configuration)
        do {
            let locator = try ServiceLocator(
                configuration: ServiceLocatorConfiguration(documentURL: self.locatorURL), session: locatorSession)
            try await locator.load()
            configuration.interceptors = [ServiceURLInterceptor(locator: locator)]
            let session = Session(configuration: configuration)
            let outcomes = await self.loadContracts(session: session)
            await session.invalidateAndCancel()
            await locatorSession.invalidateAndCancel()
            return outcomes
        } catch {
            await locatorSession.invalidateAndCancel()
            throw error
        }
    }

    private func loadContracts(session: Session) async -> [Outcome] {
        let zip = URLEncoding.encodeComponent(self.zip)
        let ticker = URLEncoding.encodeComponent(self.ticker)
        let requests: [(String, Int, String)] = [
            ("weather", 1, zip), ("weather", 2, zip), ("stockQuote", 1, ticker), ("stockQuote", 2, ticker),
        ]
        return await withTaskGroup(of: (Int, Outcome).self) { group in
            for (position, (service, version, argument)) in requests.enumerated() {
                group.addTask {
                    let url = "service://\(service)/\(version)/\(argument)"
                    let result = await Self.load(url, service: service, version: version, session: session)
                    return (position, Outcome(service: service, version: version, url: url, result: result))
                }
            }
            var outcomes: [(Int, Outcome)] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    static func load(
        _ address: String, service: String, version: Int, session: Session
    ) async -> Result<String, Failure> {
        guard let url = URL(string: address) else { return .failure(.couldNotLoad("\(address) is not a URL")) }
        let response: Response
        do {
            response = try await session.data(for: Request(url: url))
        } catch let error as CourierError {
            return .failure(.couldNotLoad(error.message))
        } catch {
            return .failure(.couldNotLoad("\(error)"))
        }
        guard (200..<300).contains(response.status.code) else {
            return .failure(
                .couldNotLoad("the service answered \(response.status.code) \(response.status.reasonPhrase)"))
        }
        do {
            return .success(try self.summary(of: response.data, service: service, version: version))
        } catch {
            return .failure(.couldNotParse(Self.describe(error)))
        }
    }

    /// Decodes the contract of `service` at `version` and says what it holds in one line.
    static func summary(of data: Data, service: String, version: Int) throws -> String {
        let decoder = JSONDecoder()
        switch (service, version) {
        case ("weather", 1):
            let weather = try decoder.decode(FacadeContracts.WeatherV1.self, from: data)
            return "\(weather.city), \(weather.state): \(weather.currentTemperature)°F (temperature as a string)"
        case ("weather", _):
            let weather = try decoder.decode(FacadeContracts.WeatherV2.self, from: data)
            let temperature = weather.currentTemperature
            let degrees =
                temperature == temperature.rounded() && abs(temperature) < 1e9
                ? String(Int(temperature)) : String(temperature)
            return "\(weather.city), \(weather.state): \(degrees)°F, \(weather.currentConditions) (a number)"
        case ("stockQuote", 1):
            let quote = try decoder.decode(FacadeContracts.QuoteV1.self, from: data)
            return "\(quote.symbol) \(quote.name): \(quote.currentPrice) (price as a string)"
        default:
            let quote = try decoder.decode(FacadeContracts.QuoteV2.self, from: data)
            return
                "\(quote.symbol) \(quote.name): \(quote.currentPrice), opened at \(quote.openingPrice), \(quote.percentageChange)"
        }
    }

    /// A decoding error in a sentence: which member is missing or of the wrong type.
    static func describe(_ error: any Error) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.isEmpty ? "the body" : codingPath.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            let parent = context.codingPath.isEmpty ? "" : " in \(path(context.codingPath))"
            return "the member \"\(key.stringValue)\" is missing\(parent)"
        case DecodingError.typeMismatch(let type, let context):
            return "\(path(context.codingPath)) is not \(self.typeName(type))"
        case DecodingError.valueNotFound(let type, let context):
            return "\(path(context.codingPath)) is null, not \(self.typeName(type))"
        case DecodingError.dataCorrupted(let context):
            return context.codingPath.isEmpty ? "the body is not JSON" : "\(path(context.codingPath)) is malformed"
        default:
            return "\(error)"
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Double.Type, is Int.Type: return "a number"
        default: return "a \(type)"
        }
    }
}
