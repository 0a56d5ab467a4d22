import Foundation

/// The HAR 1.2 format (what browsers' developer tools export and import), as Codable values.
public struct HARDocument: Codable, Sendable {
    public var log: Log

    public struct Log: Codable, Sendable {
        public var version = "1.2"
        public var creator = Creator(name: "Courier", version: CourierVersion.string)
        public var pages: [Page] = []
        public var entries: [Entry]
    }

    public struct Creator: Codable, Sendable {
        public var name: String
        public var version: String
    }

    public struct Page: Codable, Sendable {
        public var startedDateTime: String
        public var id: String
        public var title: String
    }

    public struct NameValue: Codable, Sendable, Hashable {
        public var name: String
        public var value: String
    }

    public struct Entry: Codable, Sendable {
        public var startedDateTime: String
        public var time: Double
        public var request: HTTPRequestRecord
        public var response: HTTPResponseRecord
        public var cache: Cache = Cache()
        public var timings: Timings
        public var comment: String?
        // Custom fields start with an underscore, as HAR allows.
        public var _error: String?
        public var _resourceFetchType: String?
    }

    public struct HTTPRequestRecord: Codable, Sendable {
        public var method: String
        public var url: String
        public var httpVersion: String
        public var cookies: [NameValue] = []
        public var headers: [NameValue]
        public var queryString: [NameValue]
        public var postData: PostData?
        public var headersSize: Int64
        public var bodySize: Int64
    }

    public struct PostData: Codable, Sendable {
        public var mimeType: String
        public var text: String
        public var _encoding: String?
    }

    public struct HTTPResponseRecord: Codable, Sendable {
        public var status: Int
        public var statusText: String
        public var httpVersion: String
        public var cookies: [NameValue] = []
        public var headers: [NameValue]
        public var content: Content
        public var redirectURL: String
        public var headersSize: Int64
        public var bodySize: Int64
    }

    public struct Content: Codable, Sendable {
        public var size: Int64
        public var mimeType: String
        public var text: String?
        public var encoding: String?
        public var comment: String?
    }

    public struct Cache: Codable, Sendable {}

    public struct Timings: Codable, Sendable {
        public var blocked: Double = -1
        public var dns: Double = -1
        public var connect: Double = -1
        public var ssl: Double = -1
        public var send: Double
        public var wait: Double
        public var receive: Double
    }
}
