import Foundation
import HTTPTypes

/// A stored response as the cache uses it: head, timing, body and storage details.
struct CacheEntry: Sendable {
    /// Identifies the entry (and names its files on disk).
    var id: UInt64
    var head: CacheEntryHead
    var body: CacheBody
    var storagePolicy: CachedResponse.StoragePolicy
    var userInfo: [String: any Sendable]
    /// When the entry was stored (for ``HTTPCache/removeCachedResponses(since:)``).
    var storedAt: Date

    /// The entry as a ``CachedResponse``.
    func cachedResponse() -> CachedResponse? {
        let data: Data
        switch body {
        case .data(let bytes): data = bytes
        case .file(let reader, _, _):
            guard let mapped = try? Data(contentsOf: reader.url, options: .alwaysMapped) else { return nil }
            data = mapped
        }
        return CachedResponse(
            response: head.response(body: .none), data: data, spool: nil, userInfo: userInfo,
            storagePolicy: storagePolicy, requestDate: head.requestDate, responseDate: head.responseDate)
    }
}

/// The body of a stored response.
enum CacheBody: Sendable {
    /// In memory.
    case data(Data)
    /// In a file of the disk tier, opened and already checked against its length and checksum once.
    case file(CacheFileReader, length: Int64, checksum: UInt32)

    var length: Int64 {
        switch self {
        case .data(let data): return Int64(data.count)
        case .file(_, let length, _): return length
        }
    }
}

/// What the cache keeps of a response besides its body, and of the request that got it.
struct CacheEntryHead: Sendable {
    /// The parts of a head, behind one reference: every lookup, decision and update copies a head, and
    /// copying one reference is one retain instead of one for each part. They never change; a setter
    /// below makes new parts.
    private final class Parts: Sendable {
        let url: URL
        let status: HTTPResponse.Status
        let headerFields: HTTPFields
        let varyingRequestFields: [VaryField]
        let requestDate: Date
        let responseDate: Date
        let freshness: Freshness

        init(
            url: URL, status: HTTPResponse.Status, headerFields: HTTPFields, varyingRequestFields: [VaryField],
            requestDate: Date, responseDate: Date, freshness: Freshness? = nil
        ) {
            self.url = url
            self.status = status
            self.headerFields = headerFields
            self.varyingRequestFields = varyingRequestFields
            self.requestDate = requestDate
            self.responseDate = responseDate
            self.freshness =
                freshness ?? Freshness(status: status, fields: headerFields, responseDate: responseDate)
        }

        /// These parts with some changed; what is parsed from the fields is parsed again unless `reparse`
        /// is false (for a change that does not affect it).
        func with(
            url: URL? = nil, status: HTTPResponse.Status? = nil, headerFields: HTTPFields? = nil,
            varyingRequestFields: [VaryField]? = nil, requestDate: Date? = nil, responseDate: Date? = nil,
            reparse: Bool
        ) -> Parts {
            Parts(
                url: url ?? self.url, status: status ?? self.status, headerFields: headerFields ?? self.headerFields,
                varyingRequestFields: varyingRequestFields ?? self.varyingRequestFields,
                requestDate: requestDate ?? self.requestDate, responseDate: responseDate ?? self.responseDate,
                freshness: reparse ? nil : freshness)
        }
    }

    private var parts: Parts

    var url: URL {
        get { parts.url }
        set { parts = parts.with(url: newValue, reparse: false) }
    }
    var status: HTTPResponse.Status {
        get { parts.status }
        set { parts = parts.with(status: newValue, reparse: true) }
    }
    var headerFields: HTTPFields {
        get { parts.headerFields }
        set { parts = parts.with(headerFields: newValue, reparse: true) }
    }
    /// The request's values of the fields named by the response's `Vary` (lower-cased names; `nil` for a
    /// field the request did not have).
    var varyingRequestFields: [VaryField] {
        get { parts.varyingRequestFields }
        set { parts = parts.with(varyingRequestFields: newValue, reparse: false) }
    }
    /// When the request that got this response was sent, and when the response arrived.
    var requestDate: Date {
        get { parts.requestDate }
        set { parts = parts.with(requestDate: newValue, reparse: false) }
    }
    var responseDate: Date {
        get { parts.responseDate }
        set { parts = parts.with(responseDate: newValue, reparse: true) }
    }
    /// What every lookup reads from the head, parsed when the head is made or changed.
    var freshness: Freshness { parts.freshness }

    /// The parts of a stored head the cache's decisions read (RFC 9111 section 4.2), parsed once.
    struct Freshness: Sendable {
        /// The response's `Cache-Control` directives.
        var control: CacheControl
        /// `Date`, or when the response arrived when `Date` is missing or invalid.
        var date: Date
        /// Whether `date` is the arrival time, `Date` being missing or invalid.
        var dateIsArrival: Bool
        /// The `Age` field's value in seconds.
        var ageValue: Int?
        /// The freshness lifetime in seconds (``CacheStrategy/freshnessLifetime(of:)``).
        var lifetime: TimeInterval
        /// The lower-cased field names listed by `Vary`.
        var varyNames: [String]

        init(status: HTTPResponse.Status, fields: HTTPFields, responseDate: Date) {
            control = CacheControl(fields)
            let sent = fields.joinedValue(for: .date).flatMap { HTTPDate.parse($0, now: responseDate) }
            date = sent ?? responseDate
            dateIsArrival = sent == nil
            ageValue = fields.joinedValue(for: .age).flatMap { value in
                CacheControl.deltaSeconds(value.split(separator: ",").first.map { $0.trimmingOWS() })
            }
            lifetime = CacheStrategy.freshnessLifetime(
                status: status, fields: fields, control: control, date: date, responseDate: responseDate)
            varyNames = CacheEntryHead.varyNames(in: fields)
        }
    }

    struct VaryField: Sendable, Hashable, Codable {
        var name: String
        var value: String?
    }

    /// Header fields a cache never stores: hop-by-hop fields (RFC 9110 section 7.6.1) and cookies, which
    /// the cookie stage must not see again when a stored response is served.
    static func isUnstored(_ name: HTTPField.Name) -> Bool {
        // By length first: this runs for every field stored and every field of a 304, and most fields
        // then need one comparison or none.
        let name = name.canonicalName
        switch name.utf8.count {
        case 2: return name == "te"
        case 7: return name == "trailer" || name == "upgrade"
        case 10: return name == "connection" || name == "keep-alive" || name == "set-cookie"
        case 11: return name == "set-cookie2"
        case 16: return name == "proxy-connection"
        case 17: return name == "transfer-encoding"
        case 18: return name == "proxy-authenticate"
        case 25: return name == "proxy-authentication-info"
        default: return false
        }
    }

    /// The head of `response` to `request`, ready to store; `bodyLength` (when known) becomes its
    /// `Content-Length`.
    init(response: Response, request: Request, requestDate: Date, responseDate: Date, bodyLength: Int64?) {
        var fields = HTTPFields()
        for field in response.headerFields where !Self.isUnstored(field.name) {
            if field.name == .contentLength { continue }
            fields.append(field)
        }
        if let bodyLength { fields[.contentLength] = String(bodyLength) }
        parts = Parts(
            url: response.url, status: response.status, headerFields: fields,
            varyingRequestFields: Self.varyingFields(of: fields, in: request) ?? [], requestDate: requestDate,
            responseDate: responseDate)
    }

    /// This head received again at new dates, as a `304` that changes none of its fields but `Date` brings
    /// it (`date`: the 304's `Date`, `nil` when it has none and the stored one stays). What was parsed from
    /// the fields still holds, except what depends on the date: the date itself, and the lifetime when it
    /// comes from `Expires` or the heuristic. (Dates in fields are read relative to the arrival time only
    /// for the century of two-digit years, which a later arrival does not change in practice.)
    func receivedAgain(requestDate: Date, responseDate: Date, date newDate: String? = nil) -> CacheEntryHead {
        var freshness = freshness
        var fields = headerFields
        var redated = false
        if let newDate, fields.joinedValue(for: .date) != newDate {
            fields.setValue(newDate, for: .date)
            let sent = HTTPDate.parse(newDate, now: responseDate)
            freshness.date = sent ?? responseDate
            freshness.dateIsArrival = sent == nil
            redated = true
        } else if freshness.dateIsArrival {
            freshness.date = responseDate
            redated = true
        }
        if redated, freshness.control.maxAge == nil {
            freshness.lifetime = CacheStrategy.freshnessLifetime(
                status: status, fields: fields, control: freshness.control, date: freshness.date,
                responseDate: responseDate)
        }
        return CacheEntryHead(
            parts: Parts(
                url: url, status: status, headerFields: fields, varyingRequestFields: varyingRequestFields,
                requestDate: requestDate, responseDate: responseDate, freshness: freshness))
    }

    private init(parts: Parts) {
        self.parts = parts
    }

    init(
        url: URL, status: HTTPResponse.Status, headerFields: HTTPFields, varyingRequestFields: [VaryField],
        requestDate: Date, responseDate: Date
    ) {
        parts = Parts(
            url: url, status: status, headerFields: headerFields, varyingRequestFields: varyingRequestFields,
            requestDate: requestDate, responseDate: responseDate)
    }

    /// The stored head as a response to serve.
    func response(body: Response.Body, request: Request? = nil) -> Response {
        Response(status: status, headerFields: headerFields, url: url, request: request, body: body)
    }

    /// Whether the response says `Vary: *` (it can never be served from the cache).
    var variesOnEverything: Bool {
        freshness.varyNames.contains("*")
    }

    /// Whether this stored response may answer `request` as far as `Vary` is concerned (RFC 9111 4.1).
    func matchesVary(of request: Request) -> Bool {
        let names = freshness.varyNames
        if names.isEmpty { return true }
        if names.contains("*") { return false }
        for name in names {
            let stored = varyingRequestFields.first { $0.name == name }?.value
            if stored != Self.normalizedValue(named: name, in: request.headerFields) { return false }
        }
        return true
    }

    /// The lower-cased field names listed by `Vary`.
    static func varyNames(in fields: HTTPFields) -> [String] {
        var names: [String] = []
        for field in fields where field.name == .vary {
            for part in field.value.split(separator: ",") {
                let name = part.trimmingOWS().lowercased()
                if !name.isEmpty, !names.contains(name) { names.append(name) }
            }
        }
        return names
    }

    /// The request's values for the response's `Vary` names; `nil` when the response varies on `*`.
    static func varyingFields(of responseFields: HTTPFields, in request: Request) -> [VaryField]? {
        let names = varyNames(in: responseFields)
        if names.contains("*") { return nil }
        return names.map { VaryField(name: $0, value: normalizedValue(named: $0, in: request.headerFields)) }
    }

    /// A request field's value with repeated fields joined and white space around commas removed, so
    /// `gzip,deflate` and `gzip, deflate` match (RFC 9111 4.1 allows such normalization).
    static func normalizedValue(named name: String, in fields: HTTPFields) -> String? {
        guard let fieldName = HTTPField.Name(name), let joined = fields.joinedValue(for: fieldName) else { return nil }
        return joined.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingOWS() }
            .joined(separator: ",")
    }
}

/// `userInfo` values that can be written to disk.
enum CacheUserInfoValue: Codable, Sendable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case date(Date)
    case data(Data)

    init?(_ value: any Sendable) {
        switch value {
        case let value as String: self = .string(value)
        case let value as Int: self = .int(value)
        case let value as Double: self = .double(value)
        case let value as Bool: self = .bool(value)
        case let value as Date: self = .date(value)
        case let value as Data: self = .data(value)
        default: return nil
        }
    }

    var value: any Sendable {
        switch self {
        case .string(let value): return value
        case .int(let value): return value
        case .double(let value): return value
        case .bool(let value): return value
        case .date(let value): return value
        case .data(let value): return value
        }
    }

    static func encodable(_ userInfo: [String: any Sendable]) -> [String: CacheUserInfoValue] {
        var result: [String: CacheUserInfoValue] = [:]
        for (key, value) in userInfo {
            if let encoded = CacheUserInfoValue(value) { result[key] = encoded }
        }
        return result
    }
}
