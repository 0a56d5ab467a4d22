import Foundation
import HTTPTypes

/// The cache's decisions as pure functions of the request, the stored response and the time, in the
/// manner of OkHttp's `CacheStrategy`: no I/O, no clock of its own, so every rule is tested as a table.
///
/// RFC 9111 private-cache semantics for ``CachePolicy/useProtocolCachePolicy``; the other policies bend
/// them as URLSession's do.
enum CacheStrategy {
    /// What to do with one request.
    enum Decision: Sendable {
        /// Answer with the stored response, `age` seconds old, without the network; with
        /// `revalidateInBackground` (stale-while-revalidate) a background request refreshes it.
        case useStored(age: TimeInterval, revalidateInBackground: Bool)
        /// Ask the server whether the stored response is still good with this conditional request.
        case validate(Request)
        /// Load from the network with this request; the stored response (if any) is not used.
        case load(Request)
        /// Neither the cache nor the network may answer.
        case unsatisfiable(Unsatisfiable)
    }

    /// Why a request cannot be answered.
    enum Unsatisfiable: Sendable, Equatable {
        /// ``CachePolicy/returnCacheDataDontLoad`` and nothing usable is stored.
        case offline
        /// The request said `Cache-Control: only-if-cached` and nothing fresh enough is stored (RFC 9111
        /// 5.2.1.7: answered with 504).
        case onlyIfCached
    }

    /// Status codes that are cacheable without explicit freshness (RFC 9110 15.1).
    static let heuristicallyCacheableStatuses: Set<Int> = [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]
    /// The longest heuristic freshness lifetime (24 hours).
    static let maximumHeuristicLifetime: TimeInterval = 24 * 60 * 60
    /// Fields that make a request conditional: such a request is the caller's own and passes through.
    static let conditionalFieldNames: [HTTPField.Name] = [
        .ifNoneMatch, .ifModifiedSince, .ifMatch, .ifUnmodifiedSince, .ifRange,
    ]

    // MARK: Reading the cache

    /// The decision for `request` under `policy`, given the stored response that matches it (already
    /// selected by URL and `Vary`), at time `now`.
    static func decide(request: Request, stored: CacheEntryHead?, policy: CachePolicy, now: Date) -> Decision {
        decide(request: request, eligible: isEligible(request) ? stored : nil, policy: policy, now: now)
    }

    /// Whether a stored response may answer `request` at all: a GET or HEAD without `Range` or
    /// preconditions of its own (those pass through to the server as the caller wrote them).
    static func isEligible(_ request: Request) -> Bool {
        (request.method == .get || request.method == .head) && !request.headerFields.contains(.range)
            && !hasConditions(request)
    }

    /// ``decide(request:stored:policy:now:)`` for a caller that has already checked ``isEligible(_:)``
    /// (`eligible` is `nil` when the request is not).
    static func decide(request: Request, eligible: CacheEntryHead?, policy: CachePolicy, now: Date) -> Decision {
        let requestControl = CacheControl(request.headerFields)
        let readsCache = request.method == .get || request.method == .head
        let candidate = eligible.flatMap { $0.variesOnEverything ? nil : $0 }

        switch policy {
        case .reloadIgnoringLocalCacheData:
            return .load(request)
        case .reloadIgnoringLocalAndRemoteCacheData:
            var reload = request
            reload.headerFields[.cacheControl] = "no-cache"
            reload.headerFields[CacheControl.pragma] = "no-cache"
            return .load(reload)
        case .returnCacheDataElseLoad:
            guard let candidate else { return .load(request) }
            return .useStored(age: currentAge(of: candidate, now: now), revalidateInBackground: false)
        case .returnCacheDataDontLoad:
            guard let candidate else { return .unsatisfiable(.offline) }
            return .useStored(age: currentAge(of: candidate, now: now), revalidateInBackground: false)
        case .reloadRevalidatingCacheData:
            guard let candidate, let conditional = conditionalRequest(request, validating: candidate) else {
                return .load(request)
            }
            return .validate(conditional)
        case .useProtocolCachePolicy:
            break
        }

        guard let candidate else {
            if requestControl.onlyIfCached, readsCache { return .unsatisfiable(.onlyIfCached) }
            return .load(request)
        }
        let responseControl = candidate.freshness.control
        let age = currentAge(of: candidate, now: now)
        if !requestControl.noCache && !responseControl.noCache {
            var lifetime = candidate.freshness.lifetime
            if let requestMaxAge = requestControl.maxAge { lifetime = min(lifetime, TimeInterval(requestMaxAge)) }
            let minFresh = TimeInterval(requestControl.minFresh ?? 0)
            var maxStale: TimeInterval = 0
            if !responseControl.mustRevalidate, let requested = requestControl.maxStale {
                maxStale = requested == Int.max ? .infinity : TimeInterval(requested)
            }
            if age + minFresh < lifetime + maxStale {
                return .useStored(age: age, revalidateInBackground: false)
            }
            // RFC 5861: a stale response may be served while it is revalidated in the background.
            if !responseControl.mustRevalidate, requestControl.maxAge == nil, requestControl.minFresh == nil,
                let window = responseControl.staleWhileRevalidate, age - lifetime <= TimeInterval(window)
            {
                return .useStored(age: age, revalidateInBackground: true)
            }
        }
        if requestControl.onlyIfCached { return .unsatisfiable(.onlyIfCached) }
        if let conditional = conditionalRequest(request, validating: candidate) {
            return .validate(conditional)
        }
        return .load(request)
    }

    /// Whether the request carries its own preconditions.
    static func hasConditions(_ request: Request) -> Bool {
        // One pass: every precondition field's name starts with "if-" (RFC 9110 section 13.1).
        request.headerFields.contains { field in
            let name = field.name.canonicalName.utf8
            return name.count > 3 && name.first == UInt8(ascii: "i") && name.starts(with: "if-".utf8)
                && conditionalFieldNames.contains(field.name)
        }
    }

    /// `request` with `If-None-Match` (from the stored `ETag`) and `If-Modified-Since` (from the stored
    /// `Last-Modified`, sent as it was received), or `nil` when the stored response has no validator.
    static func conditionalRequest(_ request: Request, validating stored: CacheEntryHead) -> Request? {
        let etag = stored.headerFields.joinedValue(for: .eTag)
        let lastModified = stored.headerFields.joinedValue(for: .lastModified)
        guard etag != nil || lastModified != nil else { return nil }
        // The request has no preconditions of its own (a request with some is never answered from the
        // cache), so the fields are appended.
        var fields = request.headerFields
        if let etag { fields.append(HTTPField(name: .ifNoneMatch, value: etag)) }
        if let lastModified { fields.append(HTTPField(name: .ifModifiedSince, value: lastModified)) }
        var conditional = request
        conditional.headerFields = fields
        return conditional
    }

    // MARK: Age and freshness (RFC 9111 section 4.2)

    /// The freshness lifetime in seconds: `max-age`, else `Expires` − `Date`, else 10 % of `Date` −
    /// `Last-Modified` for heuristically cacheable statuses (at most 24 hours), else 0. `s-maxage` is for
    /// shared caches and ignored here. (Worked out once per head, in ``CacheEntryHead/freshness``.)
    static func freshnessLifetime(of stored: CacheEntryHead) -> TimeInterval {
        stored.freshness.lifetime
    }

    /// ``freshnessLifetime(of:)`` from the parts of a head, its directives and `Date` already parsed.
    static func freshnessLifetime(
        status: HTTPResponse.Status, fields: HTTPFields, control: CacheControl, date: Date, responseDate: Date
    ) -> TimeInterval {
        if let maxAge = control.maxAge { return TimeInterval(maxAge) }
        if let expires = fields.joinedValue(for: .expires) {
            // An invalid Expires (such as "0") means "already expired" (RFC 9111 5.3).
            guard let expiry = HTTPDate.parse(expires, now: responseDate) else { return 0 }
            return max(0, expiry.timeIntervalSince(date))
        }
        if heuristicallyCacheableStatuses.contains(status.code),
            let lastModifiedText = fields.joinedValue(for: .lastModified),
            let lastModified = HTTPDate.parse(lastModifiedText, now: responseDate)
        {
            let sinceModified = date.timeIntervalSince(lastModified)
            if sinceModified > 0 { return min(sinceModified / 10, maximumHeuristicLifetime) }
        }
        return 0
    }

    /// The response's current age in seconds (RFC 9111 4.2.3), never negative, at most 2147483648.
    static func currentAge(of stored: CacheEntryHead, now: Date) -> TimeInterval {
        let freshness = stored.freshness
        let apparentAge = max(0, stored.responseDate.timeIntervalSince(freshness.date))
        let responseDelay = max(0, stored.responseDate.timeIntervalSince(stored.requestDate))
        let correctedAgeValue = TimeInterval(freshness.ageValue ?? 0) + responseDelay
        let correctedInitialAge = max(apparentAge, correctedAgeValue)
        let residentTime = max(0, now.timeIntervalSince(stored.responseDate))
        let age = correctedInitialAge + residentTime
        guard age.isFinite else { return TimeInterval(CacheControl.maximumDeltaSeconds) }
        return min(age, TimeInterval(CacheControl.maximumDeltaSeconds))
    }

    /// Whether a stale stored response may answer after the network failed or answered 500, 502, 503 or
    /// 504 (RFC 5861 `stale-if-error`, from the response or the request; never with `must-revalidate` or
    /// `no-cache`).
    static func mayServeStaleOnError(_ stored: CacheEntryHead, request: Request, now: Date) -> Bool {
        let responseControl = stored.freshness.control
        if responseControl.mustRevalidate || responseControl.noCache || stored.variesOnEverything { return false }
        let requestControl = CacheControl(request.headerFields)
        guard let window = requestControl.staleIfError ?? responseControl.staleIfError else { return false }
        let staleness = currentAge(of: stored, now: now) - freshnessLifetime(of: stored)
        return staleness <= TimeInterval(window)
    }

    /// Statuses after which `stale-if-error` applies.
    static func isErrorStatus(_ status: Int) -> Bool {
        switch status {
        case 500, 502, 503, 504: return true
        default: return false
        }
    }

    // MARK: Writing the cache

    /// Whether the response to `request` may be stored (RFC 9111 section 3, as a private cache).
    static func isStorable(request: Request, response: Response) -> Bool {
        guard request.method == .get else { return false }
        let status = response.status.code
        guard status >= 200, status != 206, status != 304 else { return false }
        let requestControl = CacheControl(request.headerFields)
        let responseControl = CacheControl(response.headerFields)
        if requestControl.noStore || responseControl.noStore { return false }
        if CacheEntryHead.varyNames(in: response.headerFields).contains("*") { return false }
        if request.headerFields.contains(.authorization),
            !(responseControl.isPublic || responseControl.sharedMaxAge != nil || responseControl.mustRevalidate)
        {
            return false
        }
        if heuristicallyCacheableStatuses.contains(status) { return true }
        return responseControl.maxAge != nil || responseControl.isPublic || response.headerFields.contains(.expires)
    }

    /// Fields a 304 does not replace: they describe the stored body.
    static func isKept(_ name: HTTPField.Name) -> Bool {
        let name = name.canonicalName
        switch name.utf8.count {
        case 12: return name == "content-type"
        case 13: return name == "content-range"
        case 14: return name == "content-length"
        case 16: return name == "content-encoding"
        default: return false
        }
    }

    /// The stored head brought up to date by a `304 Not Modified` (or a 200 to HEAD): the new response's
    /// fields replace the stored ones of the same name, except those that describe the stored body
    /// (RFC 9111 section 3.2, 4.3.4).
    static func merge(_ stored: CacheEntryHead, with update: Response, requestDate: Date, responseDate: Date)
        -> CacheEntryHead
    {
        // The usual 304 repeats the stored validators and directives: nothing to merge or parse again.
        if repeatsStoredFields(stored, update) {
            return stored.receivedAgain(
                requestDate: requestDate, responseDate: responseDate, date: update.headerFields.joinedValue(for: .date))
        }
        return mergingFields(stored, with: update, requestDate: requestDate, responseDate: responseDate)
    }

    /// The stored head brought up to date by a `304` (or a 200 to HEAD), as ``merge(_:with:requestDate:responseDate:)``
    /// makes it, or `nil` when the update is about another representation (``validatorsMatch(_:_:)``).
    static func refreshed(_ stored: CacheEntryHead, by update: Response, requestDate: Date, responseDate: Date)
        -> CacheEntryHead?
    {
        // An update that repeats the stored fields repeats the stored validators too (or has none).
        if repeatsStoredFields(stored, update) {
            return stored.receivedAgain(
                requestDate: requestDate, responseDate: responseDate, date: update.headerFields.joinedValue(for: .date))
        }
        guard validatorsMatch(stored, update) else { return nil }
        return mergingFields(stored, with: update, requestDate: requestDate, responseDate: responseDate)
    }

    private static func mergingFields(
        _ stored: CacheEntryHead, with update: Response, requestDate: Date, responseDate: Date
    ) -> CacheEntryHead {
        // One pass over each list: the stored fields the update does not replace, then the update's.
        var replacing: [HTTPField.Name] = []
        for field in update.headerFields where !replacing.contains(field.name) {
            if isKept(field.name) || CacheEntryHead.isUnstored(field.name) { continue }
            replacing.append(field.name)
        }
        var fields = stored.headerFields
        if !replacing.isEmpty {
            fields = HTTPFields()
            fields.reserveCapacity(stored.headerFields.count + update.headerFields.count)
            for field in stored.headerFields where !replacing.contains(field.name) { fields.append(field) }
            for field in update.headerFields where replacing.contains(field.name) { fields.append(field) }
        }
        return CacheEntryHead(
            url: stored.url, status: stored.status, headerFields: fields,
            varyingRequestFields: stored.varyingRequestFields, requestDate: requestDate, responseDate: responseDate)
    }

    /// Whether a `304` (or a HEAD response) repeats the stored values of every field it would replace but
    /// `Date`, of which it has at most one, so that merging it changes only the head's dates (and the
    /// `Date` field, which a server sends anew with every response).
    static func repeatsStoredFields(_ stored: CacheEntryHead, _ update: Response) -> Bool {
        var dates = 0
        for field in update.headerFields where !isKept(field.name) && !CacheEntryHead.isUnstored(field.name) {
            if field.name == .date {
                dates += 1
                continue
            }
            guard sameValues(of: field.name, stored.headerFields, update.headerFields) else { return false }
        }
        return dates <= 1
    }

    /// Whether two lists have the same values, in the same order, for fields named `name` (without making
    /// arrays or joined strings of them: this runs for every 304).
    static func sameValues(of name: HTTPField.Name, _ first: HTTPFields, _ second: HTTPFields) -> Bool {
        var left = first.startIndex
        var right = second.startIndex
        while true {
            while left < first.endIndex, first[left].name != name { left += 1 }
            while right < second.endIndex, second[right].name != name { right += 1 }
            guard left < first.endIndex, right < second.endIndex else {
                return left == first.endIndex && right == second.endIndex
            }
            guard first[left].value == second[right].value else { return false }
            left += 1
            right += 1
        }
    }

    /// Whether a `304` (or a HEAD response) is about the stored response: its strong `ETag` (or, without
    /// one, its `Last-Modified`) must equal the stored one when both are present (RFC 9111 4.3.4).
    static func validatorsMatch(_ stored: CacheEntryHead, _ update: Response) -> Bool {
        if let newTag = update.headerFields.joinedValue(for: .eTag) {
            guard let storedTag = stored.headerFields.joinedValue(for: .eTag) else { return false }
            return newTag == storedTag || weakComparable(newTag) == weakComparable(storedTag)
        }
        if let newModified = update.headerFields.joinedValue(for: .lastModified),
            let storedModified = stored.headerFields.joinedValue(for: .lastModified)
        {
            return newModified == storedModified
        }
        return true
    }

    /// An entity tag without its weakness prefix, for the weak comparison a 304 is checked with.
    private static func weakComparable(_ tag: String) -> String {
        let trimmed = tag.trimmingOWS()
        return trimmed.hasPrefix("W/") ? String(trimmed.dropFirst(2)) : trimmed
    }

    // MARK: Invalidation (RFC 9111 section 4.4)

    /// The URLs whose stored responses a response to an unsafe request invalidates: none unless the
    /// method is unsafe and the status is 2xx or 3xx; then the target URI and the same-origin `Location`
    /// and `Content-Location`.
    static let safeMethods: Set<HTTPRequest.Method> = [.get, .head, .options, .trace]

    static func invalidatedURLs(request: Request, response: Response) -> [URL] {
        guard !safeMethods.contains(request.method), (200..<400).contains(response.status.code) else { return [] }
        var urls = [request.url]
        for name in [HTTPField.Name.location, .contentLocation] {
            guard let value = response.headerFields.joinedValue(for: name),
                let target = URL(string: value.trimmingOWS(), relativeTo: response.url)?.absoluteURL,
                target.isSameOrigin(as: request.url)
            else { continue }
            urls.append(target)
        }
        return urls
    }
}
