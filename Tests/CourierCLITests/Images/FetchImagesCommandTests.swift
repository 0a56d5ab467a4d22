import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

@testable import CourierCLI

/// `courier fetch-images` against an in-process server: one line per URL, repeated URLs sharing one
/// download, a summary, and a second run served from the disk cache.
@Suite("courier fetch-images", .timeLimit(.minutes(1)))
struct FetchImagesCommandTests {
    /// A PNG header (signature and IHDR) for a `width`×`height` image, padded to `size` bytes.
    static func png(width: UInt32, height: UInt32, size: Int) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8)
        for value in [width, height] { bytes += withUnsafeBytes(of: value.bigEndian, Array.init) }
        bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
        return Data(bytes + [UInt8](repeating: 0x42, count: max(0, size - bytes.count)))
    }

    static let wide = png(width: 640, height: 480, size: 3_000)
    static let icon = png(width: 16, height: 16, size: 500)

    static let handler: TestServer.Handler = { request in
        switch request.path {
        case "/wide.png": return .data(wide, headers: [.contentType: "image/png", .cacheControl: "max-age=600"])
        case "/icon.png": return .data(icon, headers: [.contentType: "image/png", .cacheControl: "max-age=600"])
        case "/notes.txt": return .text("not an image")
        default: return .text("not here", status: 404)
        }
    }

    func run(_ arguments: [String]) async -> (status: Int32, out: String, error: String) {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: arguments, io: capture.io())
        return (status, capture.standardOutput, capture.standardError)
    }

    func withServerAndCache(_ body: (TestServer, URL) async throws -> Void) async throws {
        let server = try await TestServer.start(handler: Self.handler)
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("courier-images-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        do {
            try await body(server, cache)
            try await server.shutdown()
        } catch {
            try? await server.shutdown()
            throw error
        }
    }

    func requests(_ server: TestServer, _ path: String) -> Int {
        server.recordedRequests.filter { $0.path == path }.count
    }

    @Test func printsALinePerURLAndServesTheSecondRunFromDisk() async throws {
        try await withServerAndCache { server, cache in
            let wide = server.url("/wide.png").absoluteString
            let icon = server.url("/icon.png").absoluteString
            let arguments = ["fetch-images", wide, icon, wide, "--cache-dir", cache.path]

            let first = await run(arguments)
            #expect(first.status == 0, "\(first.error)")
            let lines = first.out.split(separator: "\n").map(String.init)
            #expect(lines.count == 4, "\(first.out)")
            #expect(lines.first == "\(wide) png 640x480 3000 network")
            #expect(lines.dropFirst().first == "\(icon) png 16x16 500 network")
            #expect(lines.dropFirst(2).first?.hasPrefix("\(wide) png 640x480 3000 ") == true)
            #expect(lines.last?.hasPrefix("3 loaded, 0 failed, 6500 bytes;") == true, "\(first.out)")
            #expect(lines.last?.hasSuffix("; png 3") == true, "\(first.out)")
            // The repeated URL shared the first download.
            #expect(requests(server, "/wide.png") == 1)
            #expect(requests(server, "/icon.png") == 1)

            let second = await run(arguments)
            #expect(second.status == 0, "\(second.error)")
            let again = second.out.split(separator: "\n").map(String.init)
            // The two loads of one URL run at once: whichever reads the disk first leaves it in memory.
            for index in [0, 2] {
                let line = again.dropFirst(index).first ?? ""
                #expect(line.hasPrefix("\(wide) png 640x480 3000 "), "\(second.out)")
                #expect(line.hasSuffix(" disk") || line.hasSuffix(" memory"), "\(second.out)")
            }
            #expect(again.dropFirst().first == "\(icon) png 16x16 500 disk", "\(second.out)")
            #expect(again.last?.contains("network 0") == true, "\(second.out)")
            #expect(requests(server, "/wide.png") == 1)
            #expect(requests(server, "/icon.png") == 1)
        }
    }

    @Test func aResourceThatIsNotAnImageIsListedWithDashes() async throws {
        try await withServerAndCache { server, cache in
            let notes = server.url("/notes.txt").absoluteString
            let result = await run(["fetch-images", notes, "--cache-dir", cache.path])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.out.hasPrefix("\(notes) - - 12 network\n"), "\(result.out)")
            #expect(result.out.contains("other 1"), "\(result.out)")
        }
    }

    @Test func aFailedURLIsAnErrorLineAndExitStatusOne() async throws {
        try await withServerAndCache { server, cache in
            let icon = server.url("/icon.png").absoluteString
            let missing = server.url("/missing.png").absoluteString
            let result = await run(["fetch-images", icon, missing, "--cache-dir", cache.path])
            #expect(result.status == 1)
            #expect(result.out.contains("\(icon) png 16x16 500 network"), "\(result.out)")
            #expect(result.out.contains("1 loaded, 1 failed"), "\(result.out)")
            #expect(result.error.hasPrefix("courier: error: "), "\(result.error)")
            #expect(result.error.contains("missing.png"), "\(result.error)")
        }
    }

    @Test func refusesAnythingButURLsItCanFetch() async throws {
        let result = await run(["fetch-images", "not a url"])
        #expect(result.status != 0)
        #expect(result.error.contains("not a url"), "\(result.error)")
    }
}
