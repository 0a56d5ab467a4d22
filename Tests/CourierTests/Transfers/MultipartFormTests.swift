import Foundation
import Synchronization
import Testing

@testable import Courier

/// One part as a strict parser of `multipart/form-data` reads it back.
struct ParsedPart: Equatable {
    var headers: [String]
    var content: Data

    /// The raw value of a `Content-Disposition` parameter (`name`, `filename`), still encoded.
    func parameter(_ key: String) -> String? {
        guard let disposition = headers.first(where: { $0.hasPrefix("Content-Disposition: form-data") }) else {
            return nil
        }
        guard let range = disposition.range(of: "; \(key)=\"") else { return nil }
        let rest = disposition[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }

    var contentType: String? {
        headers.first { $0.hasPrefix("Content-Type: ") }.map { String($0.dropFirst("Content-Type: ".count)) }
    }
}

struct MultipartFramingError: Error, CustomStringConvertible {
    var description: String
}

/// Reads a multipart body strictly: `--B\r\n` opens each part, headers end with an empty line, each
/// content is followed by `\r\n--B`, and the body ends with exactly `--B--\r\n`.
func parseMultipart(_ body: Data, boundary: String) throws -> [ParsedPart] {
    let bytes = [UInt8](body)
    // memchr and memcmp keep large bodies quick to check in debug builds, where a Swift byte loop is slow.
    func find(_ needle: String, from start: Int) -> Int? {
        let pattern = Array(needle.utf8)
        return bytes.withUnsafeBytes { haystack -> Int? in
            pattern.withUnsafeBytes { wanted -> Int? in
                guard let base = haystack.baseAddress, let wantedBase = wanted.baseAddress else { return nil }
                var offset = start
                while offset + pattern.count <= haystack.count {
                    guard
                        let hit = memchr(base + offset, Int32(pattern[0]), haystack.count - offset - pattern.count + 1)
                    else { return nil }
                    let index = base.distance(to: UnsafeRawPointer(hit))
                    if memcmp(base + index, wantedBase, pattern.count) == 0 { return index }
                    offset = index + 1
                }
                return nil
            }
        }
    }
    let delimiter = "--\(boundary)"
    guard find(delimiter, from: 0) == 0 else { throw MultipartFramingError(description: "no opening boundary") }
    var position = delimiter.utf8.count
    var parts: [ParsedPart] = []
    while true {
        if bytes[position...].elementsEqual("--\r\n".utf8) { return parts }
        guard bytes.count >= position + 2, bytes[position] == 13, bytes[position + 1] == 10 else {
            throw MultipartFramingError(description: "boundary not followed by CRLF at \(position)")
        }
        position += 2
        guard let headerEnd = find("\r\n\r\n", from: position) else {
            throw MultipartFramingError(description: "headers do not end")
        }
        let headers = String(decoding: bytes[position..<headerEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let contentStart = headerEnd + 4
        guard let next = find("\r\n" + delimiter, from: contentStart) else {
            throw MultipartFramingError(description: "part content does not end with CRLF and a boundary")
        }
        parts.append(ParsedPart(headers: headers, content: Data(bytes[contentStart..<next])))
        position = next + 2 + delimiter.utf8.count
    }
}

/// Reads a whole request body, as the transport would send it.
func collectBody(_ body: RequestBody) async throws -> Data {
    switch body.storage {
    case .empty: return Data()
    case .data(let data): return data
    case .file(let url): return try Data(contentsOf: url)
    case .stream(_, let makeStream):
        var collected = Data()
        for try await chunk in try makeStream() { collected.append(chunk) }
        return collected
    case .json: throw MultipartFramingError(description: "a JSON body")
    }
}

@Suite("Multipart form")
struct MultipartFormTests {
    @Test func framingIsExact() async throws {
        var form = try MultipartForm(boundary: "XyZ")
        form.append("pen", name: "item")
        form.append(Data("hello".utf8), name: "note", filename: "a.txt")
        form.append(Data([0, 1, 2]), name: "raw")
        let expected =
            "--XyZ\r\nContent-Disposition: form-data; name=\"item\"\r\n\r\npen\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"note\"; filename=\"a.txt\"\r\n"
            + "Content-Type: text/plain\r\n\r\nhello\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"raw\"\r\n\r\n\u{0}\u{1}\u{2}\r\n--XyZ--\r\n"
        let body = form.body
        #expect(body.contentType == "multipart/form-data; boundary=XyZ")
        #expect(body.inMemoryData == Data(expected.utf8))
        #expect(form.contentLength == Int64(expected.utf8.count))
        #expect(body.knownLength == form.contentLength)
    }

    @Test func emptyFormIsOnlyTheFinalBoundary() throws {
        let form = try MultipartForm(boundary: "b")
        #expect(form.body.inMemoryData == Data("--b--\r\n".utf8))
        #expect(form.contentLength == 7)
    }

    @Test func filesAreStreamedWithALengthFromTheFileSystem() async throws {
        try await withTemporaryDirectory { directory in
            let pdf = directory.appendingPathComponent("report.pdf")
            let unknown = directory.appendingPathComponent("blob.weird")
            let upper = directory.appendingPathComponent("DATA.JSON")
            let pdfBytes = patternData(count: 300_000)
            try pdfBytes.write(to: pdf)
            try Data("x".utf8).write(to: unknown)
            try Data("{}".utf8).write(to: upper)
            var form = MultipartForm()
            form.append("shipped", name: "status")
            try form.appendFile(at: pdf, name: "userfile[]")
            try form.appendFile(at: unknown, name: "userfile[]", filename: "renamed.bin", contentType: "x/y")
            try form.appendFile(at: upper, name: "meta")
            let body = form.body
            #expect(body.inMemoryData == nil)
            #expect(body.knownLength == form.contentLength)
            let sent = try await collectBody(body)
            #expect(Int64(sent.count) == form.contentLength)
            let parts = try parseMultipart(sent, boundary: form.boundary)
            #expect(parts.map { $0.parameter("name") } == ["status", "userfile[]", "userfile[]", "meta"])
            #expect(parts.map { $0.parameter("filename") } == [nil, "report.pdf", "renamed.bin", "DATA.JSON"])
            #expect(parts.map(\.contentType) == [nil, "application/pdf", "x/y", "application/json"])
            #expect(parts[1].content == pdfBytes)
            // Restartable: a second send produces the same bytes.
            #expect(try await collectBody(body) == sent)
        }
    }

    @Test func contentLengthOfHugeFilesIsComputedWithoutReadingThem() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("huge.iso")
            #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
            let handle = try FileHandle(forWritingTo: file)
            try handle.truncate(atOffset: 5 << 30)  // sparse: no disk used, nothing to read
            try handle.close()
            var form = try MultipartForm(boundary: "B")
            try form.appendFile(at: file, name: "disk")
            let head =
                "--B\r\nContent-Disposition: form-data; name=\"disk\"; filename=\"huge.iso\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n"
            #expect(form.contentLength == Int64(head.utf8.count) + (5 << 30) + 2 + 7)
            #expect(form.body.knownLength == form.contentLength)
        }
    }

    @Test func repeatedAndBracketNamesKeepTheirOrder() async throws {
        var form = MultipartForm()
        for value in ["a", "b", "c"] { form.append(value, name: "tag") }
        form.append("x", name: "ids[]")
        form.append("y", name: "ids[]")
        let parts = try parseMultipart(try await collectBody(form.body), boundary: form.boundary)
        #expect(parts.map { $0.parameter("name") } == ["tag", "tag", "tag", "ids[]", "ids[]"])
        #expect(parts.map { String(decoding: $0.content, as: UTF8.self) } == ["a", "b", "c", "x", "y"])
    }

    @Test func nonASCIINamesAreUTF8WithQuotesAndLineBreaksEscaped() throws {
        var form = try MultipartForm(boundary: "B")
        form.append(Data("1".utf8), name: "füß", filename: "文件 \"q\"\r\n.txt")
        let text = String(decoding: try #require(form.body.inMemoryData), as: UTF8.self)
        #expect(text.contains("name=\"füß\"; filename=\"文件 %22q%22%0D%0A.txt\"\r\n"))
    }

    @Test func percentEncodingIsAvailableForServersThatDecodeIt() throws {
        var form = try MultipartForm(boundary: "B")
        form.nameEncoding = .percentEncoded
        form.append(Data("1".utf8), name: "n", filename: "文 50%\\\".txt")
        let text = String(decoding: try #require(form.body.inMemoryData), as: UTF8.self)
        #expect(text.contains("filename=\"%E6%96%87 50%25%5C%22.txt\"\r\n"))
    }

    @Test func headerValuesCannotBreakOutOfTheirLine() throws {
        var form = try MultipartForm(boundary: "B")
        form.append(Data(), name: "f", filename: "a", contentType: "text/plain\r\nX-Evil: 1")
        let parts = try parseMultipart(try #require(form.body.inMemoryData), boundary: "B")
        #expect(parts[0].headers.count == 2)
        #expect(parts[0].contentType == "text/plainX-Evil: 1")
    }

    @Test func randomBoundariesAreLongAndDifferent() {
        let boundaries = (0..<20).map { _ in MultipartForm().boundary }
        #expect(Set(boundaries).count == 20)
        for boundary in boundaries {
            #expect(boundary.count >= 24 && boundary.count <= 70)
            #expect(boundary.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        }
    }

    @Test func aValueContainingTheBoundaryGetsANewBoundary() async throws {
        var form = try MultipartForm(boundary: "XyZ")
        form.append("before", name: "a")
        form.append("text\r\n--XyZ--\r\nmore", name: "b")
        #expect(form.boundary != "XyZ")
        let fixedBoundary = form.boundary
        form.append(Data("data with \(fixedBoundary) inside".utf8), name: "c", filename: "c.bin")
        #expect(form.boundary != fixedBoundary)
        let parts = try parseMultipart(try await collectBody(form.body), boundary: form.boundary)
        #expect(parts.count == 3)
        #expect(parts[1].content == Data("text\r\n--XyZ--\r\nmore".utf8))
        #expect(parts[2].content == Data("data with \(fixedBoundary) inside".utf8))
    }

    @Test(arguments: ["", "has space", "quote\"", String(repeating: "a", count: 71), "ü"])
    func invalidBoundariesAreRefused(boundary: String) {
        #expect(throws: CourierError.self) { try MultipartForm(boundary: boundary) }
    }

    @Test func manyFieldsStayExactAndLinear() async throws {
        var form = MultipartForm()
        for index in 0..<20_000 { form.append("v\(index)", name: "f\(index % 7)") }
        let body = try await collectBody(form.body)
        #expect(Int64(body.count) == form.contentLength)
        let parts = try parseMultipart(body, boundary: form.boundary)
        #expect(parts.count == 20_000)
        #expect(parts.last.map { String(decoding: $0.content, as: UTF8.self) } == "v19999")
    }

    @Test func streamPartsAreMadeAgainForEachSend() async throws {
        var form = MultipartForm()
        let calls = CallCounter()
        form.appendStream(name: "s", filename: "s.bin", length: 6) {
            calls.increment()
            return AsyncThrowingStream { continuation in
                continuation.yield(Data("abc".utf8))
                continuation.yield(Data("def".utf8))
                continuation.finish()
            }
        }
        let first = try await collectBody(form.body)
        let second = try await collectBody(form.body)
        #expect(first == second)
        #expect(calls.value == 2)
        let parts = try parseMultipart(first, boundary: form.boundary)
        #expect(parts[0].content == Data("abcdef".utf8))
        #expect(Int64(first.count) == form.contentLength)
    }

    @Test(arguments: [4, 8])
    func streamPartsMustDeliverTheirDeclaredLength(declared: Int64) async throws {
        var form = MultipartForm()
        form.appendStream(name: "s", length: declared) {
            AsyncThrowingStream { continuation in
                continuation.yield(Data("abcdef".utf8))
                continuation.finish()
            }
        }
        let error = await #expect(throws: CourierError.self) { try await collectBody(form.body) }
        #expect(error?.code == .requestBodyStreamExhausted)
        #expect(error?.message.contains("declared \(declared) bytes") == true)
    }

    // MARK: Files that change

    @Test func missingDirectoryAndUnreadableFilesAreRefusedWhenAdded() async throws {
        try await withTemporaryDirectory { directory in
            var form = MultipartForm()
            let missing = #expect(throws: CourierError.self) {
                try form.appendFile(at: directory.appendingPathComponent("none.txt"), name: "f")
            }
            #expect(missing?.code == .fileDoesNotExist)
            let folder = #expect(throws: CourierError.self) { try form.appendFile(at: directory, name: "f") }
            #expect(folder?.code == .fileIsDirectory)
            #expect(form.parts.isEmpty)
        }
    }

    @Test(.disabled(if: getuid() == 0, "root reads files whatever their mode"))
    func unreadableFilesAreRefused() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("secret.txt")
            try Data("s".utf8).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file.path)
            var form = MultipartForm()
            let error = #expect(throws: CourierError.self) { try form.appendFile(at: file, name: "f") }
            #expect(error?.code == .noPermissionsToReadFile)
        }
    }

    @Test func fifosAndDevicesAreRefusedBecauseTheirSizeIsUnknown() async throws {
        try await withTemporaryDirectory { directory in
            let fifo = directory.appendingPathComponent("pipe")
            #expect(mkfifo(fifo.path, 0o600) == 0)
            var form = MultipartForm()
            let error = #expect(throws: CourierError.self) { try form.appendFile(at: fifo, name: "f") }
            #expect(error?.code == .noPermissionsToReadFile)
            #expect(error?.message.contains("not a regular file") == true)
            #expect(throws: CourierError.self) { try form.appendFile(at: URL(fileURLWithPath: "/dev/zero"), name: "f") }
        }
    }

    @Test func aReadErrorWhileSendingIsAClearError() async throws {
        // /proc/self/mem is a regular file of size 0 whose read at offset 0 fails with EIO, even for root.
        var form = MultipartForm()
        try form.appendFile(at: URL(fileURLWithPath: "/proc/self/mem"), name: "f")
        let error = await #expect(throws: CourierError.self) { try await collectBody(form.body) }
        #expect(error?.code == .noPermissionsToReadFile)
        #expect(error?.message.contains("reading /proc/self/mem") == true)
    }

    @Test func aFileRemovedAfterBuildingFailsBeforeSending() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("gone.txt")
            try Data("soon gone".utf8).write(to: file)
            var form = MultipartForm()
            try form.appendFile(at: file, name: "f")
            try FileManager.default.removeItem(at: file)
            let error = await #expect(throws: CourierError.self) { try await collectBody(form.body) }
            #expect(error?.code == .fileDoesNotExist)
            #expect(error?.outcome == .notSent)
            #expect(error?.message.contains("gone.txt") == true)
        }
    }

    @Test(arguments: [3, 20])
    func aFileThatChangedSizeFailsBeforeSending(newSize: Int) async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("log.txt")
            try Data(repeating: 65, count: 10).write(to: file)
            var form = MultipartForm()
            try form.appendFile(at: file, name: "f")
            try Data(repeating: 66, count: newSize).write(to: file)
            let error = await #expect(throws: CourierError.self) { try await collectBody(form.body) }
            #expect(error?.code == .requestBodyStreamExhausted)
            #expect(error?.outcome == .notSent)
            #expect(error?.message.contains("changed from 10 bytes to \(newSize) bytes") == true)
        }
    }

    @Test func aFileThatShrinksWhileBeingSentFails() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("shrinks.bin")
            try Data(repeating: 1, count: 100).write(to: file)
            var form = try MultipartForm(boundary: "B")
            try form.appendFile(at: file, name: "f")
            var iterator = MultipartBodyStream(segments: form.makeSegments(), chunkSize: 16).makeAsyncIterator()
            _ = try await iterator.next()  // the part's head
            #expect(try await iterator.next()?.count == 16)
            let handle = try FileHandle(forWritingTo: file)
            try handle.truncate(atOffset: 40)
            try handle.close()
            #expect(try await iterator.next()?.count == 16)
            let error = await #expect(throws: CourierError.self) {
                while try await iterator.next() != nil {}
            }
            #expect(error?.code == .requestBodyStreamExhausted)
            #expect(error?.outcome == .failed)
            #expect(error?.message.contains("changed from 100 bytes to 40 bytes") == true)
        }
    }

    @Test func aFileThatGrowsWhileBeingSentFails() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("grows.bin")
            try Data(repeating: 1, count: 32).write(to: file)
            var form = try MultipartForm(boundary: "B")
            try form.appendFile(at: file, name: "f")
            var iterator = MultipartBodyStream(segments: form.makeSegments(), chunkSize: 16).makeAsyncIterator()
            _ = try await iterator.next()
            #expect(try await iterator.next()?.count == 16)
            let handle = try FileHandle(forWritingTo: file)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(repeating: 2, count: 10))
            try handle.close()
            #expect(try await iterator.next()?.count == 16)
            let error = await #expect(throws: CourierError.self) {
                while try await iterator.next() != nil {}
            }
            #expect(error?.code == .requestBodyStreamExhausted)
        }
    }

    // MARK: Malformed input

    @Test func randomNamesValuesAndFilenamesAlwaysFrameCorrectly() async throws {
        var generator = SeededGenerator(seed: 6)
        let alphabet: [Character] = ["a", "Z", "0", " ", "\"", "\r", "\n", "-", "%", "\\", "ü", "文", ";", "="]
        func randomText(_ maximum: Int) -> String {
            String(
                (0..<Int.random(in: 0...maximum, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator)!
                })
        }
        for _ in 0..<150 {
            var form = MultipartForm()
            var expected: [(String, Data)] = []
            for _ in 0..<Int.random(in: 0...5, using: &generator) {
                let name = randomText(6)
                var value = Data(randomText(12).utf8)
                if Bool.random(using: &generator) { value += Data("\r\n--\(form.boundary)".utf8) }
                form.append(value, name: name, filename: Bool.random(using: &generator) ? randomText(6) : nil)
                expected.append((name, value))
            }
            let parts = try parseMultipart(try await collectBody(form.body), boundary: form.boundary)
            #expect(parts.count == expected.count)
            for (part, (name, value)) in zip(parts, expected) {
                let decodedName = part.parameter("name")?.replacingOccurrences(of: "%22", with: "\"")
                    .replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
                #expect(decodedName == name)
                #expect(part.content == value)
            }
        }
    }
}

/// Counts calls from any thread.
final class CallCounter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
