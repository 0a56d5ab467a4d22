/// The façade's contracts as the book's Façade Tester reads them: version 1 sends numbers as strings,
/// version 2 sends numbers and more fields. Decoding a contract with the other version's type fails, which
/// is how the tester tells a parse error from a load error.
enum FacadeContracts {
    /// `{"city","state","currentTemperature":"63"}`.
    struct WeatherV1: Decodable {
        var city: String
        var state: String
        var currentTemperature: String
    }

    /// `{"city","state","currentTemperature":63,"currentConditions"}`.
    struct WeatherV2: Decodable {
        var city: String
        var state: String
        var currentTemperature: Double
        var currentConditions: String
    }

    /// `{"symbol","name","currentPrice":"530.12"}`.
    struct QuoteV1: Decodable {
        var symbol: String
        var name: String
        var currentPrice: String
    }

    /// `{"symbol","name","openingPrice":545.31,"currentPrice":530.12,"percentageChange":"-2.92%"}`.
    struct QuoteV2: Decodable {
        var symbol: String
        var name: String
        var openingPrice: Double
        var currentPrice: Double
        var percentageChange: String
    }
}
