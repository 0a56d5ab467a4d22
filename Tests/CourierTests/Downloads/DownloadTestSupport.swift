import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Synchronization

/// An entity a test server serves with `ETag`, `Last-Modified` and byte ranges (`Range` honoured only
/// while `If-Range` matches, as RFC 9110 says). The test can change it between requests.
final class RangedEntity: Sendable {
    private let current: Mutex<(data: Data, entityTag: String)>

    init(_ data: Data, entityTag: String = "\"v1\"") {
        current = Mutex((data, entityTag))
    }

    var data: Data { current.withLock { $0.data } }
    var entityTag: String { current.withLock { $0.entityTag } }

    func replace(with data: Data, entityTag: String) {
        current.withLock { $0 = (data, entityTag) }
    }

    static let lastModified = "Sat, 21 Nov 2026 10:00:00 GMT"

    /// The answer to `request`: `206` for a satisfiable range whose `If-Range` matches, `416` beyond the
    /// end, else the whole entity with `200`.
    func respond(to request: TestServer.Request) -> TestServer.Response {
        let (data, entityTag) = current.withLock { $0 }
        var headers: HTTPFields = [
            .eTag: entityTag, .lastModified: Self.lastModified, .acceptRanges: "bytes",
            .contentType: "application/octet-stream",
        ]
        let ifRange = request.headers[.ifRange]
        if let range = request.headers[.range], ifRange == nil || ifRange == entityTag,
            let start = Self.rangeStart(range)
        {
            guard start < data.count else {
                return TestServer.Response(
                    status: 416, headers: [.contentRange: "bytes */\(data.count)", .contentLength: "0"])
            }
            headers[.contentRange] = "bytes \(start)-\(data.count - 1)/\(data.count)"
            return .data(data.subdata(in: start..<data.count), status: 206, headers: headers)
        }
        return .data(data, headers: headers)
    }

    /// `N` from `bytes=N-`.
    static func rangeStart(_ value: String) -> Int? {
        guard value.hasPrefix("bytes="), value.hasSuffix("-") else { return nil }
        return Int(value.dropFirst(6).dropLast())
    }
}

/// Deterministic bytes that are not all alike, so a misplaced range shows.
func patternedData(count: Int, seed: UInt8 = 0) -> Data {
    var bytes = [UInt8](repeating: 0, count: count)
    for index in 0..<count {
        bytes[index] = UInt8(truncatingIfNeeded: index &* 31 &+ (index >> 10)) &+ seed
    }
    return Data(bytes)
}

/// A response body the test releases piece by piece.
final class GatedBody: Sendable {
    let stream: AsyncStream<Data>
    let continuation: AsyncStream<Data>.Continuation

    init() {
        (stream, continuation) = AsyncStream<Data>.makeStream(bufferingPolicy: .unbounded)
    }
}

/// Files in `directory`, by name.
func fileNames(in directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
}

/// Runs `body` with a test server, a session and an empty directory, and always cleans up all three.
func withDownloadServer<Result>(
    delegate: (any SessionDelegate)? = nil,
    handler: @escaping TestServer.Handler,
    _ body: (TestServer, Session, URL) async throws -> Result
) async throws -> Result {
    try await withTemporaryDirectory { directory in
        try await withServer(delegate: delegate, handler: handler) { server, session in
            try await body(server, session, directory)
        }
    }
}

enum DownloadResumeDataFile {
    /// The size of a file, or `nil`.
    static func size(of file: URL) -> Int64? {
        (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value
    }
}
