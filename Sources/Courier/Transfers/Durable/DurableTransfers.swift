import Foundation
import Logging
import Synchronization

/// The durable side of a session made with ``SessionConfiguration/durable(identifier:)``: it records every
/// download and file upload before it starts, marks it finished before reporting it and forgets it once
/// reported, decides when a download that broke off is tried again, and when the session attaches,
/// re-attaches what an earlier process left behind.
final class DurableTransfers: Sendable {
    let store: DurableStore
    private let policy: RetryPolicy
    private let reachability: ReachabilityProvider
    private let logger: Logger
    private let continuation: AsyncStream<DurableEvents.Delivery>.Continuation
    let events: DurableEvents
    private let watcher = Mutex<Task<Void, Never>?>(nil)

    init(store: DurableStore, configuration: SessionConfiguration) {
        self.store = store
        self.policy = configuration.retryPolicy
        self.reachability = ReachabilityProvider(configuration.reachability)
        self.logger = configuration.logger
        let (stream, continuation) = AsyncStream<DurableEvents.Delivery>.makeStream(bufferingPolicy: .unbounded)
        self.continuation = continuation
        self.events = DurableEvents(stream: stream, store: store)
    }

    // MARK: Recording

    /// Writes the record of `task` before it starts (a task re-attached from a record keeps its own).
    /// - Throws: `invalidConfiguration` for an upload that is not from a file; `cannotWriteToFile` when the
    ///   record cannot be written.
    func record(_ task: SessionTask) throws {
        let request = task.originalRequest
        var record = DurableTransferRecord(
            id: task.durableTransferID ?? UUID().uuidString, kind: .download, method: request.method.rawValue,
            url: request.url.removingPassword, headerFields: DownloadResumeData.recordedFields(of: request),
            created: Date())
        if let download = task.downloadJob {
            record.destination = download.destination
            record.partialFile = DownloadFiles.partialFile(for: download.destination)
        } else if task.kind == .upload {
            guard let file = request.body.fileURL else {
                throw CourierError(
                    .invalidConfiguration, outcome: .notSent,
                    message:
                        "a durable session uploads only from files (the body must survive the process); write the data to a file and use upload(for:fromFile:)",
                    request: request)
            }
            record.kind = .upload
            record.uploadFile = file
            record.uploadContentType = request.body.contentType
        } else {
            return
        }
        guard task.durableTransferID == nil else { return }
        try store.write(record)
        task.setDurableTransferID(record.id)
    }

    /// Notes that a recorded transfer finished, so a process that dies before reporting it leaves a record
    /// that says so.
    func markFinished(_ task: SessionTask, response: Response) {
        guard let id = task.durableTransferID,
            let data = CacheFile.read(store.recordFile(id).path), var record = DurableTransferRecord.decode(data)
        else { return }
        record.phase = .finished
        record.statusCode = response.status.code
        do {
            try store.write(record)
        } catch {
            logger.warning("durable session \(store.identifier): cannot mark transfer \(id) finished: \(error)")
        }
    }

    /// Forgets a transfer once its end was reported to the task's waiters and delegate.
    func reported(_ task: SessionTask) {
        guard let id = task.durableTransferID else { return }
        store.remove(id)
    }

    // MARK: Retrying

    /// Whether a download that failed with `failure` is tried again (after waiting out the backoff, or for
    /// the network); the caller then continues from the partial file.
    func retriesDownload(
        after failure: CourierError, task: SessionTask, retries: inout Int, context: TaskContext
    ) async -> Bool {
        let request = task.originalRequest
        guard task.downloadJob != nil, failure.code != .cancelled, retries < policy.maximumRetries,
            policy.shouldRetry(request, after: failure) || failure.code == .cannotFindHost
                || failure.code == .dnsLookupFailed
        else { return false }
        retries += 1
        do {
            let source = reachability.source()
            if await !source.currentStatus().allowsConnection(to: request.url.host) {
                context.emit(.taskIsWaitingForConnectivity)
                try await whileIdleClockPaused(context) {
                    _ = try await source.waitForConnectivity(to: request.url.host)
                }
            } else {
                let delay = policy.backoffDelay(forRetry: retries)
                context.recordRetry()
                policy.onRetry?(
                    RetryAttempt(
                        retry: retries, maximumRetries: policy.maximumRetries, request: request,
                        reason: .error(failure), delay: delay))
                try await whileIdleClockPaused(context) { try await policy.clock.sleep(for: delay) }
            }
        } catch {
            return false
        }
        return !Task.isCancelled && task.state != .canceling && task.state != .completed
    }

    private func whileIdleClockPaused(_ context: TaskContext, _ body: () async throws -> Void) async throws {
        let timer = context.timer
        timer.setPaused(true)
        defer { timer.setPaused(context.task.state == .suspended) }
        try await body()
    }

    // MARK: Re-attaching

    /// Reports the finished transfers found on disk, starts the unfinished ones again, and once all of
    /// them have been reported sends ``DurableEvent/didFinishEvents``.
    func reattach(_ session: Session) {
        var resumed: [SessionTask] = []
        for record in store.records() {
            if record.phase == .finished {
                continuation.yield(.init(event: .transferCompleted(Self.report(record)), acknowledges: record.id))
                continue
            }
            if record.kind == .upload, !policy.isSafeToRetry(record.request) {
                // The earlier process may have sent it: a non-idempotent request is never sent twice.
                var report = Self.report(record)
                report.error = CourierError(
                    .networkConnectionLost, outcome: .ambiguous,
                    message:
                        "the process ended during the upload to \(record.url.hostDescription); it may have reached the server, so it was not sent again",
                    request: record.request)
                continuation.yield(.init(event: .transferCompleted(report), acknowledges: record.id))
                continue
            }
            let task = session.makeReattachedTask(record)
            resumed.append(task)
            continuation.yield(.init(event: .transferResumed(task), acknowledges: nil))
        }
        for task in resumed { task.resume() }
        let continuation = self.continuation
        let watch = Task { [weak session] in
            await withTaskGroup(of: DurableTransferReport.self) { group in
                for task in resumed {
                    group.addTask {
                        var failure: CourierError?
                        do {
                            _ = try await task.value
                        } catch {
                            failure = error as? CourierError
                        }
                        return DurableTransferReport(
                            id: task.durableTransferID ?? "", kind: task.kind, url: task.originalRequest.url,
                            destination: task.downloadJob?.destination, statusCode: task.response?.status.code,
                            error: failure)
                    }
                }
                for await report in group {
                    continuation.yield(.init(event: .transferCompleted(report), acknowledges: nil))
                }
            }
            continuation.yield(.init(event: .didFinishEvents, acknowledges: nil))
            if let session { session.delegate?.sessionDidFinishEvents(forDurableSession: session) }
        }
        watcher.withLock { $0 = watch }
    }

    static func report(_ record: DurableTransferRecord) -> DurableTransferReport {
        DurableTransferReport(
            id: record.id, kind: record.kind == .download ? .download : .upload, url: record.url,
            destination: record.destination, statusCode: record.statusCode, error: nil)
    }

    /// Waits for the backlog to be reported, ends ``events`` and releases the identifier.
    func close() async {
        let watch = watcher.withLock { $0 }
        await watch?.value
        continuation.finish()
        store.releaseLock()
    }

    /// Ends ``events`` at once (a session that could not attach).
    func finishEvents() {
        continuation.finish()
    }
}

extension RequestBody {
    /// The file a body is read from, when it is one.
    var fileURL: URL? {
        if case .file(let url) = storage { return url }
        return nil
    }
}

extension Session {
    /// A task for a transfer an earlier process recorded and did not finish: a download continues from
    /// its partial file when the record beside it (validators) is still there, else starts over; an
    /// upload is sent again from its file.
    func makeReattachedTask(_ record: DurableTransferRecord) -> SessionTask {
        let request = record.request
        let task: SessionTask
        switch record.kind {
        case .download:
            let destination =
                record.destination
                ?? (durable?.store.downloadsDirectory ?? FileManager.default.temporaryDirectory)
                .appendingPathComponent(record.id)
            var resumeData = try? DownloadResumeData(partialDownloadFor: destination)
            if resumeData?.isRecord(of: record.url) != true { resumeData = nil }
            task = makeTask(
                request, kind: .download, delivery: .collect,
                download: DownloadJob(destination: destination, resumeData: resumeData))
        case .upload:
            task = makeTask(request, kind: .upload, delivery: .collect)
        }
        task.setDurableTransferID(record.id)
        return task
    }
}
