import Foundation

/// The bytes of a ``MultipartForm`` with files and streams in it, produced while the body is sent.
///
/// Files are read in chunks and checked against the sizes the form's `Content-Length` was computed from:
/// a file that was removed, shrank or grew fails the upload with a clear error instead of sending a body
/// that does not match its length (or waiting for bytes that never come). Stream parts must deliver
/// exactly their declared length.
struct MultipartBodyStream: AsyncSequence, Sendable {
    typealias Element = Data
    let segments: [MultipartForm.Segment]
    var chunkSize = 256 * 1024

    func makeAsyncIterator() -> Iterator { Iterator(segments: segments, chunkSize: chunkSize) }

    /// Checks before anything is sent that every file is still there with the size the form recorded.
    /// - Throws: `fileDoesNotExist`, `fileIsDirectory`, `noPermissionsToReadFile` or
    ///   `requestBodyStreamExhausted` (size changed), all `.notSent`.
    static func checkFiles(_ segments: [MultipartForm.Segment]) throws {
        for case .file(let url, let size, let name) in segments {
            let current: Int64
            do {
                current = try MultipartForm.sizeOfReadableFile(url)
            } catch var error as CourierError {
                error.message += " (file of the multipart part \"\(name)\", added to the form before it was removed)"
                throw error
            }
            if current != size {
                throw sizeChanged(url, name: name, expected: size, now: current, outcome: .notSent)
            }
        }
    }

    static func sizeChanged(
        _ url: URL, name: String, expected: Int64, now: Int64?, outcome: CourierError.Outcome
    ) -> CourierError {
        let now = now.map { "\($0) bytes" } ?? "a different size"
        return CourierError(
            .requestBodyStreamExhausted, kind: .payload, outcome: outcome,
            message:
                "the file \(url.path) of the multipart part \"\(name)\" changed from \(expected) bytes to \(now) after the form was built; build the form again"
        )
    }

    struct Iterator: AsyncIteratorProtocol {
        let segments: [MultipartForm.Segment]
        let chunkSize: Int
        var index = 0
        var file: OpenFile?
        var stream: OpenStream?

        struct OpenFile {
            let box: FileHandleBox
            let url: URL
            let name: String
            let size: Int64
            var remaining: Int64
        }

        struct OpenStream {
            var base: any AsyncIteratorProtocol<Data, any Error>
            let name: String
            let length: Int64
            var received: Int64 = 0
        }

        init(segments: [MultipartForm.Segment], chunkSize: Int) {
            self.segments = segments
            self.chunkSize = chunkSize
        }

        mutating func next() async throws -> Data? {
            while true {
                if file != nil {
                    if let chunk = try readFile() { return chunk }
                    continue
                }
                if stream != nil {
                    if let chunk = try await readStream() { return chunk }
                    continue
                }
                guard index < segments.count else { return nil }
                let segment = segments[index]
                index += 1
                switch segment {
                case .bytes(let data):
                    if !data.isEmpty { return data }
                case .file(let url, let size, let name):
                    file = try Self.open(url, size: size, name: name)
                case .stream(let length, let name, let makeStream):
                    let base: RequestBody.Stream
                    do {
                        base = try makeStream()
                    } catch {
                        throw CourierError(
                            .requestBodyStreamExhausted, kind: .payload, outcome: .failed,
                            message: "the stream of the multipart part \"\(name)\" could not be created: \(error)",
                            underlyingError: error)
                    }
                    stream = OpenStream(base: base.makeAsyncIterator(), name: name, length: length)
                }
            }
        }

        static func open(_ url: URL, size: Int64, name: String) throws -> OpenFile {
            let handle: FileHandle
            do {
                handle = try FileHandle(forReadingFrom: url)
            } catch {
                throw CourierError(
                    .fileDoesNotExist, kind: .payload, outcome: .failed,
                    message:
                        "could not open \(url.path), the file of the multipart part \"\(name)\": \(error.localizedDescription)",
                    underlyingError: error)
            }
            let box = FileHandleBox(handle)
            // The size of the file actually opened (it may have been replaced since the form was built).
            let current = try? handle.seekToEnd()
            try? handle.seek(toOffset: 0)
            if let current, Int64(current) != size {
                throw MultipartBodyStream.sizeChanged(
                    url, name: name, expected: size, now: Int64(current), outcome: .failed)
            }
            return OpenFile(box: box, url: url, name: name, size: size, remaining: size)
        }

        /// The next chunk of the open file, or `nil` when it is done (then closed).
        mutating func readFile() throws -> Data? {
            guard var open = file else { return nil }
            do {
                if open.remaining == 0 {
                    // Exactly the recorded size was sent; more bytes now means the file grew meanwhile.
                    let extra = try open.box.handle.read(upToCount: 1)
                    file = nil
                    if let extra, !extra.isEmpty {
                        throw MultipartBodyStream.sizeChanged(
                            open.url, name: open.name, expected: open.size, now: nil, outcome: .failed)
                    }
                    return nil
                }
                let data = try open.box.handle.read(upToCount: Int(Swift.min(Int64(chunkSize), open.remaining)))
                guard let data, !data.isEmpty else {
                    file = nil
                    throw MultipartBodyStream.sizeChanged(
                        open.url, name: open.name, expected: open.size, now: open.size - open.remaining,
                        outcome: .failed)
                }
                open.remaining -= Int64(data.count)
                file = open
                return data
            } catch let error as CourierError {
                throw error
            } catch {
                file = nil
                throw CourierError(
                    .noPermissionsToReadFile, kind: .payload, outcome: .failed,
                    message:
                        "reading \(open.url.path), the file of the multipart part \"\(open.name)\", failed: \(error.localizedDescription)",
                    underlyingError: error)
            }
        }

        /// The next chunk of the open stream part, or `nil` when it is done.
        mutating func readStream() async throws -> Data? {
            guard var open = stream else { return nil }
            stream = nil
            guard let data = try await open.base.next() else {
                if open.received != open.length {
                    throw CourierError(
                        .requestBodyStreamExhausted, kind: .payload, outcome: .failed,
                        message:
                            "the stream of the multipart part \"\(open.name)\" ended after \(open.received) of its declared \(open.length) bytes"
                    )
                }
                return nil
            }
            open.received += Int64(data.count)
            if open.received > open.length {
                throw CourierError(
                    .requestBodyStreamExhausted, kind: .payload, outcome: .failed,
                    message:
                        "the stream of the multipart part \"\(open.name)\" produced more than its declared \(open.length) bytes"
                )
            }
            stream = open
            return data
        }
    }
}
