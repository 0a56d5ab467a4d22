import ArgumentParser
import Courier
import Foundation

/// `--cache POLICY` and `--compress`, and where the HTTP cache lives: with `--session`, in a `cache`
/// directory beside the session's `session.json`, so a second run can be a cache hit or a 304
/// revalidation; without it, in memory for this run only (nothing is stored, like curl and httpie).
struct CacheOptions: ParsableArguments {
    @Option(
        name: .customLong("cache"),
        help: ArgumentHelp(
            "The cache policy: protocol, reload, reload-all, else-load, only, revalidate (or a full name such as reloadIgnoringLocalCacheData).",
            valueName: "POLICY"))
    var policyName: String?

    @Flag(
        name: .customLong("compress"), help: "Gzip the request body (Content-Encoding: gzip; text, JSON and XML only).")
    var compress = false

    /// The memory and disk sizes of a `--session` cache.
    static let sessionMemoryCapacity = 1024 * 1024
    static let sessionDiskCapacity = 64 * 1024 * 1024

    func validate() throws {
        if let policyName, CachePolicy(name: policyName) == nil {
            throw ValidationError(
                "--cache takes protocol, reload, reload-all, else-load, only or revalidate (or a full policy name), not '\(policyName)'"
            )
        }
    }

    /// Sets the request's cache policy and compression, and the session's cache: persistent in
    /// `sessionCache` (beside the session's file) when given.
    func apply(to configuration: inout SessionConfiguration, request: inout Request, sessionCache: URL?) {
        if let policyName, let policy = CachePolicy(name: policyName) { request.cachePolicy = policy }
        if compress { request.compressesBody = true }
        if let sessionCache {
            configuration.urlCache = HTTPCache(
                memoryCapacity: Self.sessionMemoryCapacity, diskCapacity: Self.sessionDiskCapacity,
                directory: sessionCache)
        }
    }

    /// Whether the response was served from the cache without a request.
    static func isCacheHit(_ response: Response) -> Bool {
        response.metrics?.transactionMetrics.contains { $0.resourceFetchType == .localCache } ?? false
    }

    /// What `-v` says about the cache: a hit, a revalidation, or a miss.
    static func notes(for response: Response) -> [String] {
        guard let transactions = response.metrics?.transactionMetrics, !transactions.isEmpty,
            response.url.scheme == "http" || response.url.scheme == "https"
        else { return [] }
        if transactions.contains(where: { $0.resourceFetchType == .localCache }) {
            let age = response.value(forHTTPHeaderField: "Age").map { ", age \($0) s" } ?? ""
            return ["cache: hit (served from the cache without a request\(age))"]
        }
        if transactions.contains(where: { $0.resourceFetchType == .conditionalCacheHit }) {
            return ["cache: revalidated (304 Not Modified; the stored body was used)"]
        }
        let method = transactions.last?.request.method.rawValue ?? "GET"
        return method == "GET" || method == "HEAD" ? ["cache: miss"] : []
    }
}
