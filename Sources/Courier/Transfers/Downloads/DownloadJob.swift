import Foundation
import HTTPTypes
import NIOCore
import Synchronization

/// The file side of one download task: it opens the partial file before the request goes out (so a
/// missing or read-only directory fails at once), adds `Range`/`If-Range` when continuing, decides what a
/// response means for the bytes on disk, streams the body into the file, records validators beside it,
/// and on success renames it into place. On failure it either keeps the partial file as resume data or
/// removes it.
///
/// The rules (the book's VideoDownloader and RFC 9110 sections 13-14):
/// - `2xx`: a fresh entity — the file starts from zero; `206` to a range request: bytes are appended,
///   provided `Content-Range` starts where the file ends.
/// - `416` to a range request: the file is complete when the server's length equals the file's.
/// - Any other status cancels the download and resets progress.
final class DownloadJob: Sendable {
    /// Where the finished file goes.
    let destination: URL
    /// Whether the destination is a temporary file removed after `didFinishDownloading`.
    let isTemporary: Bool
    private let givenResumeData: DownloadResumeData?
    private let allowsResuming: Bool
    /// A limit on the bytes written, to simulate a full disk in tests.
    private let writeBudget: CacheWriteBudget?

    private struct State {
        var file: PartialDownloadFile?
        /// What the record says (validators, length); `nil` until a response head arrived, unless resuming.
        var record: DownloadResumeData?
        /// Bytes kept from before, asked for with `Range: bytes=offset-`.
        var offset: Int64 = 0
        var sentRange = false
        var wantsResumeData = false
        /// Set when a failure leaves the partial file intact and resumable whatever its code.
        var keepsPartialFile = false
        var finished = false
    }

    private let state = Mutex(State())

    init(
        destination: URL?, resumeData: DownloadResumeData?, allowsResuming: Bool = true,
        writeBudget: CacheWriteBudget? = nil
    ) {
        self.destination = destination ?? resumeData?.destination ?? DownloadFiles.temporaryDestination()
        self.isTemporary = destination == nil && resumeData?.destination == nil
        self.givenResumeData = resumeData
        self.allowsResuming = allowsResuming
        self.writeBudget = writeBudget
    }

    /// Asks that a cancellation keeps the partial file and produces resume data.
    func keepPartialFileOnCancel() {
        state.withLock { $0.wantsResumeData = true }
    }

    // MARK: Before the request

    /// Opens the partial file and returns the request to send: the original one, with `Range` and
    /// `If-Range` when there are bytes to continue from.
    /// - Throws: `cannotWriteToFile` when the partial file cannot be created (no such directory, not
    ///   writable).
    func begin(_ request: Request) throws -> Request {
        var request = request
        request.headerFields[.range] = nil
        request.headerFields[.ifRange] = nil
        let usable = usableResumeData(for: request)
        let partialURL = usable?.partialFile ?? DownloadFiles.partialFile(for: destination)
        let file: PartialDownloadFile
        do {
            file = try PartialDownloadFile(url: partialURL, budget: writeBudget)
        } catch var error as CourierError {
            error.outcome = .notSent
            error.request = request
            throw error
        }
        var offset: Int64 = 0
        if let usable, let validator = usable.ifRangeValidator {
            offset = min(file.length, usable.bytesOnDisk)
            if offset > 0 {
                request.headerFields[.range] = "bytes=\(offset)-"
                request.headerFields[.ifRange] = validator
            }
        }
        try file.truncate(to: offset)
        if offset == 0 {
            // A stale record must not describe the new bytes if the process dies before the head arrives.
            DownloadFiles.remove(DownloadFiles.record(for: partialURL))
        }
        var record = usable
        if var kept = record {
            kept.requestHeaderFields = DownloadResumeData.recordedFields(of: request)
            kept.destination = isTemporary ? nil : destination
            record = offset > 0 ? kept : nil
        }
        let opened = file
        let recorded = record
        state.withLock { state in
            state.file = opened
            state.record = recorded ?? self.emptyRecord(for: request, partialFile: partialURL)
            state.offset = offset
            state.sentRange = offset > 0
        }
        return request
    }

    /// The resume data given, when it is about this URL and its partial file is still there; otherwise
    /// the download starts over cleanly.
    private func usableResumeData(for request: Request) -> DownloadResumeData? {
        guard let resumeData = givenResumeData, resumeData.isRecord(of: request.url),
            DownloadFiles.size(of: resumeData.partialFile) != nil
        else { return nil }
        return resumeData
    }

    private func emptyRecord(for request: Request, partialFile: URL) -> DownloadResumeData {
        DownloadResumeData(
            url: request.url, requestHeaderFields: DownloadResumeData.recordedFields(of: request),
            destination: isTemporary ? nil : destination, partialFile: partialFile, bytesOnDisk: 0, entityTag: nil,
            lastModified: nil, expectedLength: nil)
    }

    // MARK: The response

    /// Saves the body of `response` and returns the final response (body: the file, or none for a
    /// temporary download whose file was removed after the callback).
    func receive(_ response: Response, task: SessionTask, context: TaskContext) async throws -> Response {
        var head = response.withoutBody
        let (file, offset, sentRange, record) = state.withLock { ($0.file, $0.offset, $0.sentRange, $0.record) }
        guard let file, var record else {
            throw CourierError(.unknown, message: "the download's file was not opened", response: head)
        }
        let status = head.status.code
        let keep: Int64
        var expectedTotal: Int64?
        var rangeLength: Int64?
        switch status {
        case 206 where sentRange:
            guard let value = head.headerFields.joinedValue(for: .contentRange), let contentRange = ContentRange(value),
                let range = contentRange.range
            else {
                throw badResponse("answered 206 without a valid Content-Range", head: head, keepFile: true)
            }
            guard range.lowerBound == offset else {
                throw badResponse(
                    "sent bytes from \(range.lowerBound) when asked for bytes from \(offset); the partial file was kept as it was",
                    head: head, keepFile: true)
            }
            if let length = head.expectedContentLength, length != contentRange.count {
                throw badResponse(
                    "sent Content-Length \(length) for a range of \(contentRange.count ?? 0) bytes", head: head,
                    keepFile: true)
            }
            keep = offset
            expectedTotal = contentRange.completeLength ?? record.expectedLength
            rangeLength = contentRange.count
        case 416 where sentRange:
            let complete = head.headerFields.joinedValue(for: .contentRange).flatMap(ContentRange.init)?.completeLength
            await response.discardBody()
            guard let complete, complete == offset else {
                throw badResponse(
                    "cannot satisfy a range from byte \(offset) (its entity has \(complete.map(String.init) ?? "an unknown number of") bytes)",
                    head: head, keepFile: false)
            }
            record.expectedLength = complete
            head.headerFields[.contentLength] = String(complete)
            state.withLock { $0.record = record }
            return try finish(file, head: head, context: context)
        case 206:
            await response.discardBody()
            throw badResponse("answered 206 Partial Content to a request without a range", head: head, keepFile: false)
        case 200..<300:
            keep = 0
            expectedTotal = head.expectedContentLength
        default:
            task.resetReceiveProgress()
            await response.discardBody()
            let transient = status == 408 || status == 429 || status >= 500
            state.withLock { $0.keepsPartialFile = sentRange && transient }
            throw CourierError(
                .unacceptableStatusCode, kind: .http(status: status), outcome: .failed,
                message:
                    "\(head.url.hostDescription) answered \(status) \(HTTPStatusText.description(for: status)); the download was cancelled",
                response: head)
        }

        try file.truncate(to: keep)
        let previousTag = record.entityTag
        let previousDate = record.lastModified
        record.entityTag = head.headerFields.joinedValue(for: .eTag) ?? (keep > 0 ? previousTag : nil)
        record.lastModified = head.headerFields.joinedValue(for: .lastModified) ?? (keep > 0 ? previousDate : nil)
        record.expectedLength = expectedTotal
        record.bytesOnDisk = keep
        state.withLock { state in
            state.record = record
            state.offset = keep
        }
        try DownloadFiles.writeRecord(record, for: file.url)
        if keep > 0, context.isObserved {
            context.emit(.didResumeAtOffset(fileOffset: keep, expectedTotalBytes: expectedTotal))
        }

        // A chunked 206 has no Content-Length, but its Content-Range says how long it is.
        let expectedBody = head.expectedContentLength ?? rangeLength
        let received = try await withTaskExecutorPreference(ProducerThreadExecutor.shared) {
            try await save(
                response.stream, to: file, expectedBody: expectedBody, offset: keep, expectedTotal: expectedTotal,
                head: head, task: task, context: context)
        }
        try task.checkCancelled()
        if let expectedBody, received < expectedBody {
            throw CourierError(
                .networkConnectionLost, outcome: .ambiguous,
                message:
                    "the connection to \(head.url.hostDescription) ended after \(received) of \(expectedBody) bytes",
                response: head)
        }
        return try finish(file, head: head, context: context)
    }

    /// Appends the body to the partial file chunk by chunk, with progress; returns the number of bytes saved.
    /// Chunks are written by a ``DownloadWriter`` while the next ones are received; whatever way this ends,
    /// the queued chunks are on disk (or have failed) before it returns, so the partial file is final.
    private func save(
        _ body: ResponseBody, to file: PartialDownloadFile, expectedBody: Int64?, offset keep: Int64,
        expectedTotal: Int64?, head: Response, task: SessionTask, context: TaskContext
    ) async throws -> Int64 {
        let totalWritten = Atomic<Int64>(keep)
        let writer = DownloadWriter(file: file) { count in
            let (_, total) = totalWritten.add(count, ordering: .relaxed)
            if context.isObserved {
                context.emit(
                    .didWriteData(
                        bytesWritten: count, totalBytesWritten: total, totalBytesExpectedToWrite: expectedTotal)
                )
            }
        }
        var received: Int64 = 0
        do {
            for try await chunk in body {
                await task.waitWhilePaused()
                try task.checkCancelled()
                let count = Int64(chunk.readableBytes)
                if let expectedBody, received + count > expectedBody {
                    throw badResponse(
                        "sent more than the \(expectedBody) bytes it announced", head: head, keepFile: false)
                }
                try await writer.submit(chunk)
                received += count
                task.receivedDownloadBytes(chunk.readableBytes, context: context)
            }
            try await writer.finish()
        } catch {
            // The chunks already queued are written (or fail) before the partial file is judged.
            try? await writer.finish()
            throw error
        }
        return received
    }

    /// Moves the complete file into place, reports it, and for a temporary download removes it after the
    /// delegate had its chance to move it.
    private func finish(_ file: PartialDownloadFile, head: Response, context: TaskContext) throws -> Response {
        file.closeFile()
        do {
            try CacheFile.move(file.url.path, to: destination.path)
        } catch let failure as CacheFile.Failure {
            throw DownloadFiles.writeError(failure, what: "the finished download to \(destination.path)")
        }
        DownloadFiles.remove(DownloadFiles.record(for: file.url))
        state.withLock { $0.finished = true }
        if context.isObserved { context.emit(.didFinishDownloading(to: destination)) }
        var response = head
        if isTemporary {
            DownloadFiles.remove(destination)
            response.body = .none
        } else {
            response.body = .file(destination)
        }
        return response
    }

    private func badResponse(_ what: String, head: Response, keepFile: Bool) -> CourierError {
        state.withLock { $0.keepsPartialFile = keepFile }
        return CourierError(
            .badServerResponse, outcome: .failed, message: "\(head.url.hostDescription) \(what)", response: head)
    }

    // MARK: Failure

    /// The error the task ends with: with resume data when the partial file can be continued (it is kept),
    /// otherwise as given (the partial file and its record are removed).
    func conclude(_ error: CourierError) -> CourierError {
        let (file, record, keepsPartialFile, wantsResumeData, finished) = state.withLock {
            ($0.file, $0.record, $0.keepsPartialFile, $0.wantsResumeData, $0.finished)
        }
        guard !finished, let file else { return error }
        file.closeFile()
        var error = error
        if allowsResuming, var record, record.ifRangeValidator != nil,
            keepsPartialFile || Self.isResumable(error, wantsResumeData: wantsResumeData)
        {
            record.bytesOnDisk = file.length
            record.partialFile = file.url
            error.downloadResumeData = record
            return error
        }
        DownloadFiles.remove(file.url)
        DownloadFiles.remove(DownloadFiles.record(for: file.url))
        return error
    }

    /// Failures after which the bytes on disk are still good: the network went away or was too slow, the
    /// disk filled up, or the caller cancelled asking for resume data.
    static func isResumable(_ error: CourierError, wantsResumeData: Bool) -> Bool {
        if RetryPolicy.isConnectivityFailure(error) { return true }
        switch error.code {
        case .cannotWriteToFile: return true
        case .cancelled: return wantsResumeData
        default: return false
        }
    }
}
