import Foundation

/// Media types by file extension, for request bodies, multipart parts and `file:` responses.
public enum MIMEType {
    static let byExtension: [String: String] = [
        "txt": "text/plain", "text": "text/plain", "html": "text/html", "htm": "text/html",
        "css": "text/css", "csv": "text/csv", "xml": "application/xml", "js": "text/javascript",
        "mjs": "text/javascript", "json": "application/json", "jsonl": "application/jsonl",
        "ndjson": "application/x-ndjson", "md": "text/markdown", "rss": "application/rss+xml",
        "atom": "application/atom+xml", "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg",
        "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp", "ico": "image/vnd.microsoft.icon",
        "bmp": "image/bmp", "tif": "image/tiff", "tiff": "image/tiff", "heic": "image/heic",
        "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip",
        "tgz": "application/gzip", "tar": "application/x-tar", "bz2": "application/x-bzip2",
        "xz": "application/x-xz", "7z": "application/x-7z-compressed", "mp3": "audio/mpeg",
        "m4a": "audio/mp4", "wav": "audio/wav", "ogg": "audio/ogg", "mp4": "video/mp4", "m4v": "video/mp4",
        "mov": "video/quicktime", "webm": "video/webm", "avi": "video/x-msvideo", "mkv": "video/x-matroska",
        "m3u8": "application/vnd.apple.mpegurl", "ts": "video/mp2t", "woff": "font/woff",
        "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf", "wasm": "application/wasm",
        "plist": "application/x-plist", "yaml": "application/yaml", "yml": "application/yaml",
        "doc": "application/msword", "xls": "application/vnd.ms-excel",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "bin": "application/octet-stream", "iso": "application/octet-stream",
        "p12": "application/x-pkcs12", "pem": "application/x-pem-file", "cer": "application/pkix-cert",
        "der": "application/pkix-cert",
    ]

    /// The media type for a path extension (case-insensitive), or `application/octet-stream`.
    public static func guess(forPathExtension pathExtension: String) -> String {
        byExtension[pathExtension.lowercased()] ?? "application/octet-stream"
    }

    /// The type and subtype of a media type, lowercased, without parameters (`text/html; charset=utf-8` is
    /// `text/html`).
    public static func essence(of mediaType: String) -> String {
        mediaType.split(separator: ";").first.map { $0.trimmingOWS().lowercased() } ?? ""
    }

    /// Whether a media type is textual (so it can be shown and recorded as text).
    public static func isText(_ mediaType: String) -> Bool {
        let type = essence(of: mediaType)
        return type.hasPrefix("text/") || type.hasSuffix("+json") || type.hasSuffix("+xml")
            || [
                "application/json", "application/xml", "application/javascript", "application/x-www-form-urlencoded",
                "application/jsonl", "application/x-ndjson", "application/yaml", "application/problem+json",
            ].contains(type)
    }
}
