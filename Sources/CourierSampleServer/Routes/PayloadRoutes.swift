import CourierPayloads
import CourierServicesServer
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

import enum Courier.HTTPDate
import enum Courier.JSONValue

/// Chapter 4: the news reader's services — the top-stories RSS feed (with `feedburner:origLink`), the
/// article pages it scrapes, the related-items search, the share endpoint (JSON or XML), and a SOAP 1.2
/// weather service.
enum PayloadRoutes {
    struct Article: Sendable {
        var id: Int
        var title: String
        var author: String
        var section: String
        var keywords: [String]
        var paragraphs: [String]
    }

    static let articles: [Article] = [
        Article(
            id: 1, title: "Networks Learn to Heal Themselves", author: "Ada Byte", section: "technology",
            keywords: ["networking", "resilience", "retry"],
            paragraphs: [
                "Engineers are teaching networks to route around failures in milliseconds.",
                "The new protocols retry with backoff & wait for connectivity instead of failing.",
                "\u{201C}It just keeps working,\u{201D} said one operator.",
            ]),
        Article(
            id: 2, title: "Caching Saves the Day at the Stadium", author: "Carl Cache", section: "sport",
            keywords: ["cache", "stadium", "http"],
            paragraphs: [
                "Forty thousand fans refreshed the scores at once; the cache answered most of them.",
                "Revalidation with ETags turned full downloads into tiny 304 responses.",
            ]),
        Article(
            id: 3, title: "Why Your Bank Seals Every Message", author: "Eve Nonce", section: "business",
            keywords: ["security", "banking", "encryption"],
            paragraphs: [
                "Transport security is not the end of the story for a mobile bank.",
                "Each account message is encrypted with AES and signed with an HMAC <before> it leaves.",
            ]),
        Article(
            id: 4, title: "Devices Find Each Other Without a Server", author: "Bonnie Jour", section: "technology",
            keywords: ["bonjour", "discovery", "multicast"],
            paragraphs: [
                "Multicast DNS lets printers, speakers and phones announce themselves on a local network.",
                "No configuration is needed; the services simply appear.",
            ]),
    ]

    static let soapEnvelopeNamespace = "http://www.w3.org/2003/05/soap-envelope"
    static let soap11EnvelopeNamespace = "http://schemas.xmlsoap.org/soap/envelope/"
    static let weatherNamespace = "urn:courier:sample:weather"

    static func register(on router: Router<SampleRoutes.Context>, state: SampleServerState) {
        router.get("/news/topstories.rss") { _, _ -> Response in
            SampleHTTP.text(try self.topStories(base: state.baseURL), contentType: "application/rss+xml; charset=utf-8")
        }
        router.get("/news/articles/{file}") { _, context -> Response in
            let file = try context.parameters.require("file")
            guard file.hasSuffix(".html"), let id = Int(file.dropLast(5)),
                let article = self.articles.first(where: { $0.id == id })
            else { throw SampleError(.notFound, "no article \(file)") }
            return SampleHTTP.text(self.articlePage(article), contentType: "text/html; charset=utf-8")
        }
        router.get("/news/redirect/{id}") { _, context -> Response in
            guard let id = context.parameters.get("id", as: Int.self), self.articles.contains(where: { $0.id == id })
            else {
                throw SampleError(.notFound, "no such article")
            }
            return Response(
                status: .movedPermanently, headers: [.location: "/news/articles/\(id).html", .contentLength: "0"])
        }
        router.get("/news/search.json") { request, _ -> Response in
            let query = try SampleHTTP.requireQuery(request, "q")
            let perPage = SampleHTTP.query(request, "rpp").map { Int($0) } ?? 15
            guard let perPage, (1...100).contains(perPage) else {
                throw SampleError.badRequest("rpp is a count between 1 and 100")
            }
            return SampleHTTP.json(self.search(query: query, perPage: perPage, base: state.baseURL))
        }
        router.post("/share") { request, _ -> Response in
            let format = SampleHTTP.query(request, "format") ?? "json"
            let data = try await SampleHTTP.bodyData(request, limit: state.configuration.bodyLimit)
            let count: Int
            switch format {
            case "json": count = try self.countJSONArticles(data)
            case "xml": count = try self.countXMLArticles(data)
            default: throw SampleError.badRequest("format is json or xml, not \"\(format)\"")
            }
            return SampleHTTP.json(.object([("articleCount", .number(Double(count)))]))
        }
        // The façade in front of the SOAP service: JSON in, a SOAP 1.2 call, JSON out, on
        // CourierServicesServer's input translation. Made per request: the base URL is known once bound.
        router.post("/facade/weather") { request, context -> Response in
            try await self.weatherTranslation(state).respond(to: request, context: context)
        }
        router.post("/soap/weather") { request, _ -> Response in
            let data = try await SampleHTTP.bodyData(request, limit: state.configuration.bodyLimit)
            return try self.soapWeather(data)
        }
    }

    static func weatherTranslation(_ state: SampleServerState) -> SOAPTranslation<WeatherQuery, FacadeWeather> {
        SOAPTranslation<WeatherQuery, FacadeWeather>(
            endpoint: state.baseURL.appendingPathComponent("soap/weather"), session: state.upstream.session,
            bodyLimit: state.configuration.bodyLimit,
            call: { query in
                guard !query.zip.isEmpty else { throw SOAPTranslationRefusal("the field \"zip\" is empty") }
                return SOAPOperation(
                    name: "GetWeather", namespaceURI: self.weatherNamespace,
                    parameters: [SOAPParameter("zip", .string(query.zip))])
            },
            answer: { result in
                guard let city = result["city"]?.stringValue, let stateName = result["state"]?.stringValue,
                    let temperature = result["temperature"]?.intValue,
                    let conditions = result["conditions"]?.stringValue
                else { throw SOAPTranslationRefusal("the SOAP answer lacks a field") }
                return FacadeWeather(
                    city: city, state: stateName, currentTemperature: temperature, currentConditions: conditions)
            })
    }

    // MARK: Feed, pages, search

    static func topStories(base: URL) throws -> String {
        var writer = XMLWriter(indentation: "  ")
        try writer.writeDeclaration()
        try writer.startElement(
            "rss",
            attributes: [
                .init("version", "2.0"), .init("xmlns:feedburner", "http://rssnamespace.org/feedburner/ext/1.0"),
            ])
        try writer.startElement("channel")
        try writer.element("title", text: "Courier News - Top Stories")
        try writer.element("link", text: base.absoluteString + "/news/")
        try writer.element("description", text: "The sample back end's top stories")
        for article in self.articles {
            let url = base.absoluteString + "/news/articles/\(article.id).html"
            try writer.startElement("item")
            try writer.element("title", text: article.title)
            try writer.element("guid", attributes: [.init("isPermaLink", "false")], text: "courier-news-\(article.id)")
            try writer.element("link", text: base.absoluteString + "/news/redirect/\(article.id)")
            try writer.element("description", text: article.paragraphs[0])
            try writer.element(
                "pubDate",
                text: HTTPDate.format(Date(timeIntervalSince1970: 1_355_000_000 + Double(article.id) * 3600))
                    .replacingOccurrences(of: "GMT", with: "EST"))
            try writer.element("feedburner:origLink", text: url)
            try writer.endElement()
        }
        try writer.endElement()
        try writer.endElement()
        return writer.string
    }

    /// `text` escaped for an HTML page's text or a double-quoted attribute.
    static func escapeHTML(_ text: String) -> String {
        XMLWriter.escaped(text, inAttribute: true)
    }

    /// An article page as real sites write them: meta tags in the head, story paragraphs marked by class
    /// among navigation, scripts and unclosed tags.
    static func articlePage(_ article: Article) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang=en>
            <head>
            <meta charset="utf-8">
            <title>\(self.escapeHTML(article.title)) - Courier News</title>
            <meta name="keywords" content="\(self.escapeHTML(article.keywords.joined(separator: ", ")))">
            <meta name="author" content="\(self.escapeHTML(article.author))">
            <meta name="section" content="\(article.section)">
            <script>var layout = "<p class='cnn_storypgraphtxt'>not a paragraph</p>";</script>
            <style>p.cnn_storypgraphtxt { margin: 0 }</style>
            </head>
            <body class=story>
            <div id=nav><ul><li><a href=/news/>Home<li><a href=/news/search.json?q=top>Search</ul></div>
            <div id="story-body">
            <h1>\(self.escapeHTML(article.title))</h1>
            <p class=byline>By \(self.escapeHTML(article.author))

            """
        for paragraph in article.paragraphs {
            html += "<p class=\"cnn_storypgraphtxt\">\(self.escapeHTML(paragraph))</p>\n"
        }
        html += """
            <p class="footer">&copy; Courier News &mdash; all rights reserved
            </div>
            </body>
            </html>

            """
        return html
    }

    static func search(query: String, perPage: Int, base: URL) -> JSONValue {
        let terms = query.lowercased().split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        var results: [JSONValue] = []
        var index = 0
        for article in self.articles {
            let matched = terms.contains { term in
                article.keywords.contains(term) || article.title.lowercased().contains(term)
            }
            guard matched || terms.isEmpty else { continue }
            for (offset, keyword) in article.keywords.enumerated() where results.count < perPage {
                index += 1
                results.append(
                    .object([
                        ("id_str", .string(String(100_000 + article.id * 10 + offset))),
                        ("from_user", .string("courier_reader\(index)")),
                        ("from_user_name", .string("Courier Reader \(index)")),
                        ("profile_image_url", .string(base.absoluteString + "/media/avatar\(index).png")),
                        ("text", .string("Reading \"\(article.title)\" #\(keyword)")),
                        ("created_at", .string("Thu, 06 Dec 2012 1\(offset):00:00 +0000")),
                    ]))
            }
        }
        return .object([
            ("query", .string(query)), ("results_per_page", .number(Double(perPage))), ("results", .array(results)),
        ])
    }

    // MARK: Share

    static func countJSONArticles(_ data: Data) throws -> Int {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw SampleError.badRequest("the body is not a JSON object")
        }
        guard let articles = object["articles"] as? [Any] else {
            throw SampleError.badRequest("missing field \"articles\" (an array)")
        }
        guard articles.allSatisfy({ $0 is [String: Any] }) else {
            throw SampleError.badRequest("every article is an object")
        }
        return articles.count
    }

    static func countXMLArticles(_ data: Data) throws -> Int {
        let tree: XMLTree
        do {
            tree = try XMLTree(parsing: data)
        } catch {
            throw SampleError.badRequest("the body is not well-formed XML: \(error)")
        }
        guard tree.root.name.localName == "articles" else {
            throw SampleError.badRequest("the root element is <articles>, not <\(tree.root.name.localName)>")
        }
        return tree.root.elements.filter { $0.name.localName == "article" }.count
    }

    // MARK: SOAP 1.2

    static func soapWeather(_ data: Data) throws -> Response {
        let tree: XMLTree
        do {
            tree = try XMLTree(parsing: data)
        } catch {
            return try self.soapFault(
                code: "env:Sender", subcode: nil, reason: "the envelope is not well-formed XML", status: .badRequest)
        }
        guard tree.root.name.localName == "Envelope" else {
            return try self.soapFault(
                code: "env:Sender", subcode: nil, reason: "the root element is not an Envelope", status: .badRequest)
        }
        guard tree.root.name.namespaceURI == self.soapEnvelopeNamespace else {
            return try self.soapFault(
                code: "env:VersionMismatch", subcode: nil,
                reason: "this service speaks SOAP 1.2 (\(self.soapEnvelopeNamespace))", status: .internalServerError)
        }
        guard let body = tree.root.elements.first(where: { $0.name.localName == "Body" }),
            let operation = body.elements.first
        else {
            return try self.soapFault(
                code: "env:Sender", subcode: nil, reason: "the envelope has no Body operation", status: .badRequest)
        }
        guard operation.name.localName == "GetWeather", operation.name.namespaceURI == self.weatherNamespace else {
            return try self.soapFault(
                code: "env:Sender", subcode: "w:UnknownOperation",
                reason: "unknown operation \(operation.name.localName); this service has GetWeather",
                status: .badRequest)
        }
        guard let zip = operation.elements.first(where: { $0.name.localName == "zip" })?.text, !zip.isEmpty else {
            return try self.soapFault(
                code: "env:Sender", subcode: "w:MissingZip", reason: "GetWeather needs a zip", status: .badRequest)
        }
        guard let weather = FacadeRoutes.weather[zip.trimmingCharacters(in: .whitespaces)] else {
            return try self.soapFault(
                code: "env:Sender", subcode: "w:UnknownZip", reason: "no weather station for \(zip)",
                status: .badRequest,
                detail: zip)
        }
        var writer = XMLWriter()
        try writer.writeDeclaration()
        try self.startEnvelope(&writer)
        try writer.startElement("env:Body")
        try writer.startElement("w:GetWeatherResponse", attributes: [.init("xmlns:w", self.weatherNamespace)])
        try writer.element("w:city", attributes: [.init("xsi:type", "xsd:string")], text: weather.city)
        try writer.element("w:state", attributes: [.init("xsi:type", "xsd:string")], text: weather.state)
        try writer.element(
            "w:temperature", attributes: [.init("xsi:type", "xsd:int")], text: String(weather.temperature))
        try writer.element("w:conditions", attributes: [.init("xsi:type", "xsd:string")], text: weather.conditions)
        try writer.element("w:celsius", attributes: [.init("xsi:type", "xsd:boolean")], text: "false")
        try writer.endElement()
        try writer.endElement()
        try writer.endElement()
        return SampleHTTP.text(writer.string, contentType: "application/soap+xml; charset=utf-8")
    }

    static func startEnvelope(_ writer: inout XMLWriter) throws {
        try writer.startElement(
            "env:Envelope",
            attributes: [
                .init("xmlns:env", self.soapEnvelopeNamespace), .init("xmlns:xsd", "http://www.w3.org/2001/XMLSchema"),
                .init("xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance"),
            ])
    }

    static func soapFault(
        code: String, subcode: String?, reason: String, status: HTTPResponse.Status, detail: String? = nil
    ) throws -> Response {
        var writer = XMLWriter()
        try writer.writeDeclaration()
        try self.startEnvelope(&writer)
        try writer.startElement("env:Body")
        try writer.startElement("env:Fault", attributes: [.init("xmlns:w", self.weatherNamespace)])
        try writer.startElement("env:Code")
        try writer.element("env:Value", text: code)
        if let subcode {
            try writer.startElement("env:Subcode")
            try writer.element("env:Value", text: subcode)
            try writer.endElement()
        }
        try writer.endElement()
        try writer.startElement("env:Reason")
        try writer.element("env:Text", attributes: [.init("xml:lang", "en")], text: reason)
        try writer.endElement()
        if let detail {
            try writer.startElement("env:Detail")
            try writer.element("w:zip", text: detail)
            try writer.endElement()
        }
        try writer.endElement()
        try writer.endElement()
        try writer.endElement()
        return SampleHTTP.text(writer.string, contentType: "application/soap+xml; charset=utf-8", status: status)
    }
}

/// The JSON the weather façade accepts.
struct WeatherQuery: Decodable, Sendable {
    var zip: String
}

/// The JSON the weather façade answers, translated from the SOAP service's `GetWeatherResponse`.
struct FacadeWeather: Encodable, Sendable {
    var city: String
    var state: String
    var currentTemperature: Int
    var currentConditions: String
    var source = "soap"
}
