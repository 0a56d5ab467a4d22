import Courier
import CourierPayloads
import CourierSampleServer
import Foundation
import HTTPTypes
import Testing

@Suite("Sample server: chapter 4 news feed, articles, search, share, SOAP")
struct PayloadRoutesTests {
    @Test("top stories parse as RSS 2.0 with feedburner:origLink pointing at the article pages")
    func topStories() async throws {
        try await withSampleServer { server, session in
            let feed = try await FeedReader.read(
                session.data(for: Request(url: server.url("/news/topstories.rss"))).data)
            #expect(feed.items.count == 4)
            let item = try #require(feed.items.first)
            #expect(item.originalLink == server.baseURL.absoluteString + "/news/articles/1.html")
            #expect(item.published != nil)
            // The plain link is the feed's redirecting one; Courier follows it to the same page.
            let link = try #require(item.link)
            let viaRedirect = try await session.data(for: Request(url: try #require(URL(string: link))))
            #expect(viaRedirect.url.path == "/news/articles/1.html")
        }
    }

    @Test("article pages carry the meta tags and story paragraphs the scraper reads; unknown articles 404")
    func articles() async throws {
        try await withSampleServer { server, session in
            let page = try await session.data(for: Request(url: server.url("/news/articles/3.html")))
            #expect(page.mimeType == "text/html")
            let html = try #require(page.text)
            #expect(html.contains(#"<meta name="keywords" content="security, banking, encryption">"#))
            #expect(html.contains(#"<meta name="author" content="Eve Nonce">"#))
            #expect(html.components(separatedBy: #"<p class="cnn_storypgraphtxt">"#).count == 3)
            #expect(html.contains("HMAC &lt;before&gt; it leaves"))
            #expect(try await session.data(for: Request(url: server.url("/news/articles/99.html"))).status == .notFound)
        }
    }

    @Test("search answers the book's Twitter-shaped results, limited by rpp; missing q is 400")
    func search() async throws {
        struct Results: Decodable {
            struct Tweet: Decodable {
                var id_str: String
                var from_user: String
                var text: String
            }
            var results: [Tweet]
        }
        try await withSampleServer { server, session in
            let response = try await session.data(
                for: Request(url: server.url("/news/search.json?q=cache,%20http&rpp=2")))
            let results = try response.decode(Results.self).results
            #expect(results.count == 2)
            #expect(results.allSatisfy { $0.text.contains("Caching") })
            #expect(try await session.data(for: Request(url: server.url("/news/search.json"))).status == .badRequest)
            #expect(
                try await session.data(for: Request(url: server.url("/news/search.json?q=x&rpp=0"))).status
                    == .badRequest)
        }
    }

    @Test("share counts articles in the JSON and in the XML document; malformed ones are 400")
    func share() async throws {
        try await withSampleServer { server, session in
            let json = #"{"articles":[{"title":"A","url":"http://x/1"},{"title":"B","url":"http://x/2"}]}"#
            let jsonResponse = try await session.data(
                for: Request(
                    url: server.url("/share?format=json"), method: .post,
                    body: .data(Data(json.utf8), contentType: "application/json")))
            #expect(jsonResponse.text == #"{"articleCount":2}"#)

            let xml =
                #"<?xml version="1.0" encoding="UTF-8"?><articles><article><title>A</title></article><article><title>B</title></article><article><title>C</title></article></articles>"#
            let xmlResponse = try await session.data(
                for: Request(
                    url: server.url("/share?format=xml"), method: .post,
                    body: .data(Data(xml.utf8), contentType: "application/xml")))
            #expect(xmlResponse.text == #"{"articleCount":3}"#)

            let badCases: [(String, String)] = [
                ("json", "{\"articles\":3}"), ("json", "[1,2]"), ("xml", "<articles><article>"), ("xml", "<posts/>"),
                ("yaml", "articles: []"),
            ]
            for (format, body) in badCases {
                let response = try await session.data(
                    for: Request(
                        url: server.url("/share?format=\(format)"), method: .post,
                        body: .data(Data(body.utf8), contentType: "text/plain")))
                #expect(response.status == .badRequest, "\(format): \(body)")
            }
        }
    }

    static func envelope(namespace: String = "http://www.w3.org/2003/05/soap-envelope", body: String) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <env:Envelope xmlns:env="\(namespace)"><env:Body>\(body)</env:Body></env:Envelope>
            """.utf8)
    }

    static func soapRequest(_ server: RunningSampleServer, _ data: Data) -> Request {
        Request(
            url: server.url("/soap/weather"), method: .post,
            body: .data(data, contentType: "application/soap+xml; charset=utf-8"))
    }

    @Test("SOAP 1.2 weather: a GetWeather envelope gets typed values back")
    func soapWeather() async throws {
        try await withSampleServer { server, session in
            let call = Self.envelope(
                body: #"<w:GetWeather xmlns:w="urn:courier:sample:weather"><w:zip>23219</w:zip></w:GetWeather>"#)
            let response = try await session.data(for: Self.soapRequest(server, call))
            #expect(response.status == .ok)
            #expect(response.mimeType == "application/soap+xml")
            let tree = try XMLTree(parsing: response.data)
            let result = try #require(tree.first("//GetWeatherResponse"))
            #expect(result.first("city")?.text == "Richmond")
            #expect(result.first("temperature")?.text == "63")
            #expect(result.first("temperature")?[attribute: "xsi:type"] == "xsd:int")
        }
    }

    @Test("SOAP faults: unknown zip (Sender, 400), SOAP 1.1 envelope (VersionMismatch, 500), not XML (400)")
    func soapFaults() async throws {
        try await withSampleServer { server, session in
            let unknown = try await session.data(
                for: Self.soapRequest(
                    server,
                    Self.envelope(
                        body: #"<w:GetWeather xmlns:w="urn:courier:sample:weather"><w:zip>00000</w:zip></w:GetWeather>"#
                    )))
            #expect(unknown.status == .badRequest)
            let fault = try #require(try XMLTree(parsing: unknown.data).first("//Fault"))
            #expect(fault.first("Code/Value")?.text == "env:Sender")
            #expect(fault.first("Code/Subcode/Value")?.text == "w:UnknownZip")

            let soap11 = try await session.data(
                for: Self.soapRequest(
                    server,
                    Self.envelope(
                        namespace: "http://schemas.xmlsoap.org/soap/envelope/",
                        body: #"<w:GetWeather xmlns:w="urn:courier:sample:weather"><w:zip>23219</w:zip></w:GetWeather>"#
                    )))
            #expect(soap11.status == .internalServerError)
            #expect(soap11.text?.contains("env:VersionMismatch") == true)

            let garbage = try await session.data(for: Self.soapRequest(server, Data("<env:Envelope".utf8)))
            #expect(garbage.status == .badRequest)
        }
    }

    @Test("the JSON façade calls the SOAP service with Courier's SOAP client and answers JSON; faults become 400")
    func jsonToSOAPFacade() async throws {
        try await withSampleServer { server, session in
            let ok = try await session.data(
                for: Request(url: server.url("/facade/weather"), method: .post, body: .json(["zip": "48907"])))
            #expect(ok.status == .ok)
            #expect(
                ok.text
                    == #"{"city":"Lansing","currentConditions":"Light Rain","currentTemperature":54,"source":"soap","state":"Michigan"}"#
            )
            let unknown = try await session.data(
                for: Request(url: server.url("/facade/weather"), method: .post, body: .json(["zip": "00000"])))
            #expect(unknown.status == .badRequest)
            #expect(unknown.text?.contains("UnknownZip") == true)
            let missing = try await session.data(
                for: Request(url: server.url("/facade/weather"), method: .post, body: .json(["city": "Richmond"])))
            #expect(missing.status == .badRequest)
        }
    }
}
