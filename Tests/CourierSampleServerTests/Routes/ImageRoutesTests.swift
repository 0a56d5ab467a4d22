import Courier
import CourierSampleServer
import Foundation
import HTTPTypes
import Testing

@Suite("Sample server: generated images for the resource loader")
struct ImageRoutesTests {
    @Test("each format's header carries the size in the name, padded to ?bytes=, cacheable with an ETag")
    func headers() async throws {
        try await withSampleServer { server, session in
            let png = try await session.data(for: Request(url: server.url("/images/icon-300x200.png")))
            #expect(png.status == .ok)
            #expect(png.mimeType == "image/png")
            #expect(png.data.count == 4096)
            #expect(Array(png.data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            #expect(Array(png.data[16..<24]) == [0, 0, 0x01, 0x2C, 0, 0, 0, 0xC8])
            #expect(png.value(forHTTPHeaderField: "Cache-Control")?.contains("max-age") == true)

            let jpeg = try await session.data(
                for: Request(url: server.url("/images/photo-640x480.jpg?bytes=100000")))
            #expect(jpeg.mimeType == "image/jpeg")
            #expect(jpeg.data.count == 100_000)
            #expect(Array(jpeg.data.prefix(2)) == [0xFF, 0xD8])
            let sof = try #require(jpeg.data.firstRange(of: Data([0xFF, 0xC0])))
            #expect(Array(jpeg.data[(sof.lowerBound + 5)..<(sof.lowerBound + 9)]) == [0x01, 0xE0, 0x02, 0x80])

            let gif = try await session.data(for: Request(url: server.url("/images/banner-728x90.gif")))
            #expect(gif.mimeType == "image/gif")
            #expect(Array(gif.data.prefix(10)) == Array("GIF89a".utf8) + [0xD8, 0x02, 0x5A, 0x00])
        }
    }

    @Test("the same name is the same body; If-None-Match with its ETag is a 304")
    func stableAndRevalidated() async throws {
        try await withSampleServer { server, session in
            let url = server.url("/images/avatar-128x128.png")
            let first = try await session.data(for: Request(url: url))
            let second = try await session.data(for: Request(url: url))
            #expect(first.data == second.data)
            let tag = try #require(first.value(forHTTPHeaderField: "ETag"))
            var conditional = Request(url: url)
            try conditional.setValue(tag, forHTTPHeaderField: "If-None-Match")
            #expect(try await session.data(for: conditional).status == .notModified)
        }
    }

    @Test("a name not of the form is a 404, a bad size a 400, broken.png a 500")
    func refusals() async throws {
        try await withSampleServer { server, session in
            for name in ["photo.png", "photo-0x10.png", "photo-10x10.bmp", "photo-99999x1.png", "-x.png"] {
                let response = try await session.data(for: Request(url: server.url("/images/\(name)")))
                #expect(response.status == .notFound, "\(name)")
            }
            let tiny = try await session.data(for: Request(url: server.url("/images/a-1x1.png?bytes=10")))
            #expect(tiny.status == .badRequest)
            let broken = try await session.data(for: Request(url: server.url("/images/broken.png")))
            #expect(broken.status == .internalServerError)
        }
    }
}
