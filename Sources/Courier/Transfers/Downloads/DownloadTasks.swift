import Foundation

extension Session {
    /// A download task saving the body of `request` to `destination`, suspended: call
    /// ``SessionTask/resume()``.
    ///
    /// The body streams to `<destination>.part` (never whole in memory) with `Accept-Encoding: identity`;
    /// when the response head arrives a record of the URL and validators is written beside it
    /// (`<destination>.part.json`, a ``DownloadResumeData``). Progress comes as
    /// ``TaskEvent/didWriteData(bytesWritten:totalBytesWritten:totalBytesExpectedToWrite:)``. On success the
    /// file is renamed to `destination` (replacing an old one), then
    /// ``TaskEvent/didFinishDownloading(to:)`` fires and ``SessionTask/value`` is the response with body
    /// ``Response/Body-swift.enum/file(_:)``.
    ///
    /// A status outside 2xx cancels the download (`unacceptableStatusCode`, progress reset). A failure that
    /// can be recovered from (lost connection, timeout, full disk, ``SessionTask/cancelProducingResumeData()``)
    /// keeps the partial file and carries ``CourierError/downloadResumeData``; any other failure removes it.
    ///
    /// - Parameters:
    ///   - request: The request (GET, usually).
    ///   - destination: Where the file goes; its directory must exist. `nil` saves to a temporary file that
    ///     is handed to ``SessionDelegate/session(_:downloadTask:didFinishDownloadingTo:)`` and removed as
    ///     soon as that returns (URLSession's rule): move it there.
    ///   - resumeData: Bytes from an earlier attempt to continue from. Resume data of another URL, or whose
    ///     partial file is gone, is ignored and the download starts over.
    public func makeDownloadTask(
        with request: Request, to destination: URL?, resumingFrom resumeData: DownloadResumeData? = nil
    ) -> SessionTask {
        makeDownloadTask(with: request, to: destination, resumingFrom: resumeData, writeBudget: nil)
    }

    /// A download task with a limit on the bytes it may write (a full disk, in tests).
    func makeDownloadTask(
        with request: Request, to destination: URL?, resumingFrom resumeData: DownloadResumeData?,
        writeBudget: CacheWriteBudget?
    ) -> SessionTask {
        // A durable download needs a place that outlives the process, not a temporary file.
        let target =
            destination ?? durable.map { $0.store.downloadsDirectory.appendingPathComponent(UUID().uuidString) }
        let job = DownloadJob(destination: target, resumeData: resumeData, writeBudget: writeBudget)
        return makeTask(request, kind: .download, delivery: .collect, download: job)
    }

    /// A download task continuing from resume data (URLSession's `downloadTask(withResumeData:)`): it asks
    /// the recorded URL with `Range: bytes=N-` and `If-Range`. A `206` appends to the partial file
    /// (``TaskEvent/didResumeAtOffset(fileOffset:expectedTotalBytes:)``); a `200` means the entity changed
    /// and the download starts over; a `416` for a file that is already whole finishes it; a
    /// `Content-Range` that does not start at N is an error (`badServerResponse`) that leaves the partial
    /// file untouched.
    ///
    /// - Parameter destination: Where the file goes; `nil` for the destination recorded in `resumeData`.
    public func makeDownloadTask(withResumeData resumeData: DownloadResumeData, to destination: URL? = nil)
        -> SessionTask
    {
        makeDownloadTask(with: resumeData.resumingRequest, to: destination, resumingFrom: resumeData)
    }

    /// Downloads `request` to `destination` and returns the response (body: ``Response/Body-swift.enum/file(_:)``)
    /// once the file is in place. See ``makeDownloadTask(with:to:resumingFrom:)`` for the rules.
    ///
    /// ```swift
    /// let target = URL(fileURLWithPath: "/tmp/big.iso")
    /// do {
    ///     try await session.download(for: try Request("https://example.com/big.iso"), to: target)
    /// } catch let error as CourierError {
    ///     if let resumeData = error.downloadResumeData {
    ///         try await session.download(resumingWith: resumeData)
    ///     }
    /// }
    /// ```
    /// - Throws: ``CourierError``: `unacceptableStatusCode` for a non-2xx answer, `cannotWriteToFile` when
    ///   the file cannot be written (missing or read-only directory, full disk), transport errors (with
    ///   ``CourierError/downloadResumeData`` when the download can be continued), `cancelled`.
    @discardableResult
    public func download(for request: Request, to destination: URL) async throws -> Response {
        try await run(makeDownloadTask(with: request, to: destination))
    }

    /// Continues a download from resume data (from ``CourierError/downloadResumeData``,
    /// ``SessionTask/cancelProducingResumeData()`` or ``DownloadResumeData/init(partialDownloadFor:)``).
    /// - Parameter destination: Where the file goes; `nil` for the one recorded in `resumeData`.
    /// - Throws: As ``download(for:to:)``.
    @discardableResult
    public func download(resumingWith resumeData: DownloadResumeData, to destination: URL? = nil) async throws
        -> Response
    {
        guard let target = destination ?? resumeData.destination else {
            throw CourierError(
                .invalidConfiguration, outcome: .notSent,
                message:
                    "the resume data is of a download to a temporary file; pass a destination or resume it with makeDownloadTask(withResumeData:)"
            )
        }
        return try await run(makeDownloadTask(withResumeData: resumeData, to: target))
    }
}

extension SessionTask {
    /// Cancels a download task and returns what it takes to continue it later, keeping the partial file
    /// (URLSession's `cancel(byProducingResumeData:)`). `nil` when the task is not a download, already
    /// finished, or cannot be continued (the server gave no `ETag` or `Last-Modified` to check the bytes
    /// against); the partial file is then removed.
    public func cancelProducingResumeData() async -> DownloadResumeData? {
        guard let download = downloadJob else {
            cancel()
            return nil
        }
        download.keepPartialFileOnCancel()
        cancel()
        do {
            _ = try await value
            return nil
        } catch let error as CourierError {
            return error.downloadResumeData
        } catch {
            return nil
        }
    }

    /// Cancels a download task and hands its resume data to `completionHandler` (see
    /// ``cancelProducingResumeData()``).
    public func cancel(byProducingResumeData completionHandler: @escaping @Sendable (DownloadResumeData?) -> Void) {
        Task { completionHandler(await cancelProducingResumeData()) }
    }
}
