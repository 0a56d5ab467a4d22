import CourierSecurity
import Foundation
import HTTPTypes
import Synchronization

/// An event monitor that records every exchange a session makes as HAR 1.2 — the format browsers'
/// developer tools import.
///
/// ```swift
/// let recorder = HARRecorder()
/// var configuration = SessionConfiguration.ephemeral
/// configuration.eventMonitors = [recorder]
/// …
/// try recorder.write(to: URL(fileURLWithPath: "run.har"))
/// ```
///
/// Each redirect hop is an entry of its own. The body of the final response is kept (text as text,
/// anything else as base64) up to `maximumBodySize`. Unless `redactingSecrets` is false, these are written
/// as `<redacted>`: the values of secret header fields (the session's
/// ``SessionConfiguration/secretHeaderNames``, `Set-Cookie`, and any `secretHeaderNames` given here), URL
/// passwords, and the values of urlencoded-form and JSON body fields whose names contain `password`,
/// `passwd`, `token`, `secret` or `api_key`/`apikey`.
public final class HARRecorder: EventMonitor, Sendable {
    /// Whether response bodies are kept.
    public let captureBodies: Bool
    /// The largest response body kept; a longer one is truncated and says so in its comment.
    public let maximumBodySize: Int
    /// Whether secrets are written as `<redacted>`.
    public let redactingSecrets: Bool
    /// Header names redacted in addition to each session's ``SessionConfiguration/secretHeaderNames``.
    public let secretHeaderNames: Set<String>

    private struct Pending {
        var body = Data()
        var truncated = false
    }

    private struct State {
        var pending: [ObjectIdentifier: Pending] = [:]
        var entries: [HARDocument.Entry] = []
    }

    private let state = Mutex(State())

    /// Creates a recorder.
    /// - Parameters:
    ///   - captureBodies: Whether response bodies are kept.
    ///   - maximumBodySize: The largest response body kept.
    ///   - redactingSecrets: Whether secrets are written as `<redacted>`.
    ///   - secretHeaderNames: Header names to redact besides each session's secret header names.
    public init(
        captureBodies: Bool = true, maximumBodySize: Int = 1 << 20, redactingSecrets: Bool = true,
        secretHeaderNames: Set<String> = SessionConfiguration.defaultSecretHeaderNames
    ) {
        self.captureBodies = captureBodies
        self.maximumBodySize = maximumBodySize
        self.redactingSecrets = redactingSecrets
        self.secretHeaderNames = Set(secretHeaderNames.map { $0.lowercased() })
    }

    /// Records the event: body bytes (when bodies are captured), then, on completion, one entry per exchange from
    /// the task's metrics.
    public func task(_ task: SessionTask, didEmit event: TaskEvent) {
        let key = ObjectIdentifier(task)
        switch event {
        case .didReceiveData(let data):
            guard captureBodies else { return }
            state.withLock { state in
                var pending = state.pending[key] ?? Pending()
                if pending.body.count + data.count <= maximumBodySize {
                    pending.body.append(data)
                } else {
                    pending.truncated = true
                }
                state.pending[key] = pending
            }
        case .didFinishCollecting(let metrics):
            let pending = state.withLock { $0.pending.removeValue(forKey: key) }
            let secrets = secretHeaderNames.union(task.session.configuration.secretHeaderNames.map { $0.lowercased() })
            let entries = makeEntries(metrics, finalBody: pending, secrets: secrets)
            state.withLock { $0.entries += entries }
        case .didComplete(let error):
            guard let error else { return }
            // A failed task has metrics already recorded; note the error on its last entry.
            state.withLock { state in
                state.pending[key] = nil
                if !state.entries.isEmpty {
                    state.entries[state.entries.count - 1]._error = "\(error.code.name): \(error.message)"
                }
            }
        default:
            break
        }
    }

    /// How many entries were recorded.
    public var entryCount: Int { state.withLock { $0.entries.count } }

    /// The recorded exchanges as a HAR document.
    public var document: HARDocument {
        HARDocument(log: HARDocument.Log(entries: state.withLock { $0.entries }))
    }

    /// The HAR document as JSON.
    public func harData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(document)
    }

    /// Writes the HAR document to a file, atomically and readable by its owner only (mode 0600 from its
    /// first byte: a HAR file can hold secrets that were not redacted, such as response bodies).
    public func write(to url: URL) throws {
        try AtomicFile.write(harData(), to: url)
    }

    // MARK: Building entries

    private static let dateStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    private func makeEntries(_ metrics: TaskMetrics, finalBody: Pending?, secrets: Set<String>) -> [HARDocument.Entry] {
        metrics.transactionMetrics.enumerated().map { index, transaction in
            makeEntry(
                transaction, body: index == metrics.transactionMetrics.count - 1 ? finalBody : nil, secrets: secrets)
        }
    }

    private func milliseconds(_ from: Date?, _ to: Date?) -> Double {
        guard let from, let to else { return -1 }
        return max(0, (to.timeIntervalSince(from) * 1000 * 1000).rounded() / 1000)
    }

    private func headers(_ fields: HTTPFields, secrets: Set<String>) -> [HARDocument.NameValue] {
        fields.map { field in
            let redact = redactingSecrets && Request.isSecretField(field.name, secretHeaderNames: secrets)
            return HARDocument.NameValue(name: field.name.rawName, value: redact ? "<redacted>" : field.value)
        }
    }

    private func makeEntry(_ transaction: TransactionMetrics, body: Pending?, secrets: Set<String>) -> HARDocument.Entry
    {
        let request = transaction.request
        let httpVersion =
            transaction.networkProtocolName.map { $0 == "h2" ? "HTTP/2" : $0.uppercased() } ?? "HTTP/1.1"
        let url = redactingSecrets ? request.url.redactingCredentials.absoluteString : request.url.absoluteString
        let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        var postData: HARDocument.PostData?
        if let data = request.body.inMemoryData, !data.isEmpty {
            let mimeType =
                request.headerFields.joinedValue(for: .contentType) ?? request.body.contentType
                ?? "application/octet-stream"
            if MIMEType.isText(mimeType), let text = String(data: data, encoding: .utf8) {
                let shown = redactingSecrets ? SecretBodyFields.redacting(text, mimeType: mimeType) : text
                postData = HARDocument.PostData(mimeType: mimeType, text: shown)
            } else {
                postData = HARDocument.PostData(
                    mimeType: mimeType, text: data.base64EncodedString(), _encoding: "base64")
            }
        }
        let harRequest = HARDocument.HTTPRequestRecord(
            method: request.method.rawValue, url: url, httpVersion: httpVersion,
            headers: headers(request.headerFields, secrets: secrets),
            queryString: query.map { HARDocument.NameValue(name: $0.name, value: $0.value ?? "") },
            postData: postData, headersSize: transaction.requestHeaderBytesSent,
            bodySize: transaction.requestBodyBytesSent)

        var harResponse = HARDocument.HTTPResponseRecord(
            status: 0, statusText: "", httpVersion: httpVersion, headers: [],
            content: HARDocument.Content(size: 0, mimeType: "x-unknown"), redirectURL: "", headersSize: -1,
            bodySize: -1)
        if let response = transaction.response {
            let mimeType = response.headerFields.joinedValue(for: .contentType) ?? "x-unknown"
            var content = HARDocument.Content(size: transaction.responseBodyBytesReceived, mimeType: mimeType)
            if let body, captureBodies, !body.body.isEmpty {
                if MIMEType.isText(mimeType), let text = String(data: body.body, encoding: .utf8) {
                    content.text = text
                } else {
                    content.text = body.body.base64EncodedString()
                    content.encoding = "base64"
                }
                if body.truncated { content.comment = "truncated to \(maximumBodySize) bytes" }
            }
            harResponse = HARDocument.HTTPResponseRecord(
                status: response.status.code, statusText: response.status.reasonPhrase, httpVersion: httpVersion,
                headers: headers(response.headerFields, secrets: secrets), content: content,
                redirectURL: response.headerFields.joinedValue(for: .location) ?? "",
                headersSize: transaction.responseHeaderBytesReceived,
                bodySize: transaction.responseBodyBytesReceived)
        }
        let requestEnd = transaction.requestEndDate ?? transaction.responseStartDate
        var timings = HARDocument.Timings(
            send: max(0, milliseconds(transaction.requestStartDate, requestEnd)),
            wait: max(0, milliseconds(requestEnd ?? transaction.requestStartDate, transaction.responseStartDate)),
            receive: max(0, milliseconds(transaction.responseStartDate, transaction.responseEndDate)))
        // HAR 1.2: -1 where a phase did not happen (a reused connection); `connect` includes `ssl`.
        if let start = transaction.domainLookupStartDate, let end = transaction.domainLookupEndDate {
            timings.dns = max(0, milliseconds(start, end))
        }
        if let start = transaction.connectStartDate {
            let end = transaction.secureConnectionEndDate ?? transaction.connectEndDate
            if let end { timings.connect = max(0, milliseconds(start, end)) }
        }
        if let start = transaction.secureConnectionStartDate, let end = transaction.secureConnectionEndDate {
            timings.ssl = max(0, milliseconds(start, end))
        }
        let total = milliseconds(
            transaction.fetchStartDate, transaction.responseEndDate ?? transaction.responseStartDate)
        return HARDocument.Entry(
            startedDateTime: Self.dateStyle.format(transaction.fetchStartDate),
            time: max(0, total), request: harRequest, response: harResponse, timings: timings,
            _resourceFetchType: transaction.resourceFetchType == .networkLoad
                ? nil : transaction.resourceFetchType.rawValue)
    }
}
