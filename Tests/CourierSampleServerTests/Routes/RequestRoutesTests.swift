import Courier
import CourierPayloads
import CourierSampleServer
import Foundation
import HTTPTypes
import Testing

@Suite("Sample server: chapter 3 feed, media, cookies, headers, redirects, slow and broken bodies")
struct RequestRoutesTests {
    @Test("the video feed parses with Courier's FeedReader and its enclosures download")
    func videoFeed() async throws {
        try await withSampleServer { server, session in
            let response = try await session.data(for: Request(url: server.url("/feeds/videos.rss")))
            let feed = try FeedReader.read(response.data)
            #expect(feed.items.count == 5)
            let enclosure = try #require(feed.items.first?.enclosures.first)
            #expect(enclosure.type == "video/mp4")
            let media = try await session.data(for: Request(url: try #require(URL(string: enclosure.url))))
            #expect(media.status == .ok)
            #expect(media.data.count == server.configuration.mediaSize)
        }
    }

    @Test("media: validators, 304 on If-None-Match, ranges 206, a range past the end 416, If-Range mismatch → 200")
    func mediaRanges() async throws {
        try await withSampleServer { server, session in
            let url = server.url("/media/intro.mp4?size=100000")
            let full = try await session.data(for: Request(url: url))
            let etag = try #require(full.value(forHTTPHeaderField: "ETag"))
            #expect(full.value(forHTTPHeaderField: "Accept-Ranges") == "bytes")
            #expect(full.value(forHTTPHeaderField: "Last-Modified") != nil)
            #expect(full.data.count == 100_000)

            var conditional = Request(url: url)
            try conditional.setValue(etag, forHTTPHeaderField: "If-None-Match")
            #expect(try await session.data(for: conditional).status == .notModified)

            var ranged = Request(url: url)
            try ranged.setValue("bytes=1000-1999", forHTTPHeaderField: "Range")
            let part = try await session.data(for: ranged)
            #expect(part.status == .partialContent)
            #expect(part.value(forHTTPHeaderField: "Content-Range") == "bytes 1000-1999/100000")
            #expect(part.data == full.data[1000..<2000])

            var suffix = Request(url: url)
            try suffix.setValue("bytes=-10", forHTTPHeaderField: "Range")
            #expect(try await session.data(for: suffix).data == full.data.suffix(10))

            var beyond = Request(url: url)
            try beyond.setValue("bytes=200000-", forHTTPHeaderField: "Range")
            let unsatisfiable = try await session.data(for: beyond)
            #expect(unsatisfiable.status == .rangeNotSatisfiable)
            #expect(unsatisfiable.value(forHTTPHeaderField: "Content-Range") == "bytes */100000")

            var stale = Request(url: url)
            try stale.setValue("bytes=10-", forHTTPHeaderField: "Range")
            try stale.setValue("\"old-etag\"", forHTTPHeaderField: "If-Range")
            let restarted = try await session.data(for: stale)
            #expect(restarted.status == .ok)
            #expect(restarted.data.count == 100_000)
        }
    }

    @Test("a media download interrupted by cancel resumes with Courier's resume data and matches byte for byte")
    func mediaResume() async throws {
        try await withSampleServer { server, session in
            try await withTemporaryDirectory { directory in
                let url = server.url("/media/downloads.mp4?size=400000")
                let reference = try await session.data(for: Request(url: url)).data
                let destination = directory.appendingPathComponent("video.mp4")
                let task = session.makeDownloadTask(
                    with: Request(url: server.url("/media/downloads.mp4?size=400000&rate=200000")), to: destination)
                let events = task.events
                task.resume()
                // Cancel once the first bytes are on disk.
                for await event in events {
                    if case .didWriteData = event { break }
                }
                let resumeData = try #require(await task.cancelProducingResumeData())
                #expect(resumeData.bytesOnDisk > 0 && resumeData.bytesOnDisk < 400_000)
                try await session.download(resumingWith: resumeData)
                #expect(try Data(contentsOf: destination) == reference)
            }
        }
    }

    @Test("cookies: set with attributes, echoed back by the session's jar, deleted")
    func cookies() async throws {
        try await withSampleServer { server, session in
            let set = try await session.data(
                for: Request(url: server.url("/cookies/set?flavor=oatmeal&size=large&HttpOnly=1")))
            let setCookies = set.headerFields[values: .setCookie]
            #expect(setCookies.count == 2)
            #expect(setCookies.allSatisfy { $0.contains("HttpOnly") && $0.contains("Path=/") })
            let echoed = try await session.data(for: Request(url: server.url("/cookies")))
            #expect(echoed.text == #"{"cookies":{"flavor":"oatmeal","size":"large"}}"#)
            _ = try await session.data(for: Request(url: server.url("/cookies/delete?flavor")))
            let after = try await session.data(for: Request(url: server.url("/cookies")))
            #expect(after.text == #"{"cookies":{"size":"large"}}"#)
            #expect(try await session.data(for: Request(url: server.url("/cookies/set"))).status == .badRequest)
        }
    }

    @Test("headers are echoed; /anything echoes method, query, JSON and form bodies")
    func echo() async throws {
        try await withSampleServer { server, session in
            var request = Request(url: server.url("/headers"))
            try request.setValue("yes", forHTTPHeaderField: "X-Courier-Test")
            let headers = try await session.data(for: request)
            #expect(headers.text?.contains("\"X-Courier-Test\":\"yes\"") == true)

            let json = try await session.data(
                for: Request(
                    url: server.url("/anything?q=caf%C3%A9"), method: .post, body: .json(["name": "Courier"])))
            let text = try #require(json.text)
            #expect(text.contains("\"method\":\"POST\""))
            #expect(text.contains("\"args\":{\"q\":\"café\"}"))
            #expect(text.contains("\"json\":{\"name\":\"Courier\"}"))

            let form = try await session.data(
                for: Request(url: server.url("/anything"), method: .put, body: .form([("a", "1 2")])))
            #expect(form.text?.contains("\"form\":{\"a\":\"1 2\"}") == true)

            let broken = try await session.data(
                for: Request(
                    url: server.url("/anything"), method: .post,
                    body: .data(Data("{nope".utf8), contentType: "application/json")))
            #expect(broken.status == .badRequest)
        }
    }

    @Test("status codes, redirect chains (followed by Courier), redirect-to, and their bad input")
    func statusAndRedirects() async throws {
        try await withSampleServer { server, session in
            #expect(try await session.data(for: Request(url: server.url("/status/418"))).status.code == 418)
            #expect(try await session.data(for: Request(url: server.url("/status/204"))).status.code == 204)
            #expect(try await session.data(for: Request(url: server.url("/status/99"))).status == .badRequest)
            let chain = try await session.data(for: Request(url: server.url("/redirect/3")))
            #expect(chain.status == .ok)
            #expect(chain.redirectChain.count == 3)
            #expect(chain.url.path == "/anything")
            let to = try await session.data(for: Request(url: server.url("/redirect-to?url=/headers&status=307")))
            #expect(to.url.path == "/headers")
            #expect(try await session.data(for: Request(url: server.url("/redirect/0"))).status == .badRequest)
            #expect(
                try await session.data(for: Request(url: server.url("/redirect-to?url=/x&status=200"))).status
                    == .badRequest)
        }
    }

    @Test("delay and drip are slow as asked; Courier's timeout fires on a long delay")
    func slowResponses() async throws {
        try await withSampleServer { server, session in
            let clock = ContinuousClock()
            let started = clock.now
            let drip = try await session.data(for: Request(url: server.url("/drip?bytes=20&duration=0.4")))
            #expect(drip.data.count == 20)
            #expect(clock.now - started >= .milliseconds(300))

            var request = Request(url: server.url("/delay/5"))
            request.timeout = 0.3
            await #expect(throws: CourierError.self) { _ = try await session.data(for: request) }
            #expect(try await session.data(for: Request(url: server.url("/delay/31"))).status == .badRequest)
        }
    }

    @Test("close-mid-body drops the connection: Courier reports a lost connection, not a short success")
    func closeMidBody() async throws {
        try await withSampleServer { server, session in
            _ = await #expect(throws: CourierError.self) {
                _ = try await session.data(for: Request(url: server.url("/close-mid-body?bytes=100000")))
            }
        }
    }
}
