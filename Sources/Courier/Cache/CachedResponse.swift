import Foundation
import HTTPTypes

/// A response as the HTTP cache keeps it: the head, the body bytes, where it may be stored, and
/// information of your own — what `NSCachedURLResponse` is to `NSURLCache`.
///
/// ``SessionDelegate/session(_:task:willCacheResponse:)`` receives one before a response is stored and may
/// return it unchanged, a changed copy, or `nil` to keep it out of the cache. The URL loading guide's
/// example keeps `https` responses in memory only and notes when each was cached:
///
/// ```swift
/// func session(_ session: Session, task: SessionTask, willCacheResponse proposed: CachedResponse) async
///     -> CachedResponse?
/// {
///     var cached = proposed
///     cached.userInfo["Cached Date"] = Date()
///     if proposed.response.url.scheme == "https" { cached.storagePolicy = .allowedInMemoryOnly }
///     return cached
/// }
/// ```
public struct CachedResponse: Sendable {
    /// Where a cached response may be kept.
    public enum StoragePolicy: String, Sendable, Hashable, CaseIterable {
        /// In memory and on disk.
        case allowed
        /// In memory only (gone when the process ends).
        case allowedInMemoryOnly
        /// Not at all.
        case notAllowed
    }

    /// The response head: status, header fields (as the server sent them, minus hop-by-hop fields and
    /// `Set-Cookie`) and URL. Its body is `.none`; the bytes are in ``data``.
    public var response: Response {
        didSet { response.body = .none }
    }
    /// The body as the server sent it (still compressed when the server compressed it).
    ///
    /// For a body the cache spooled to disk while it streamed, this is a memory-mapped view of the
    /// spooled file, so reading it does not load a large body into memory at once.
    public var data: Data {
        get { storedData }
        set {
            storedData = newValue
            spool = nil
        }
    }
    /// Information of your own, kept with the response. Values of type `String`, `Int`, `Double`, `Bool`,
    /// `Date` and `Data` survive on disk; other values are kept in memory only.
    public var userInfo: [String: any Sendable]
    /// Where the response may be stored.
    public var storagePolicy: StoragePolicy

    private var storedData: Data
    /// The spooled body file `data` maps, while `data` has not been replaced.
    var spool: CacheSpool?
    /// When the request went out and the response arrived (for age calculation).
    var requestDate: Date
    var responseDate: Date

    /// Creates a cached response, for ``HTTPCache/storeCachedResponse(_:for:)``.
    ///
    /// - Parameters:
    ///   - response: The response head; its body is ignored.
    ///   - data: The body bytes.
    ///   - userInfo: Information of your own.
    ///   - storagePolicy: Where it may be kept (default: memory and disk).
    public init(
        response: Response, data: Data, userInfo: [String: any Sendable] = [:],
        storagePolicy: StoragePolicy = .allowed
    ) {
        var head = response
        head.body = .none
        self.response = head
        self.storedData = data
        self.userInfo = userInfo
        self.storagePolicy = storagePolicy
        let now = Date()
        self.requestDate = now
        self.responseDate = now
    }

    init(
        response: Response, data: Data, spool: CacheSpool?, userInfo: [String: any Sendable],
        storagePolicy: StoragePolicy, requestDate: Date, responseDate: Date
    ) {
        self.init(response: response, data: data, userInfo: userInfo, storagePolicy: storagePolicy)
        self.spool = spool
        self.requestDate = requestDate
        self.responseDate = responseDate
    }
}
