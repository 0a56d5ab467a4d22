/// A route such as `acme-directory://employee/{id:int}` or
/// `acme-records://addimage/{employeeId:int}/{data:data}`: a scheme, a host (the book's view
/// identifier), and path segments that are literal text or typed placeholders.
///
/// Placeholders are `{name}` (text), `{name:int}`, `{name:string}`, and `{name:data}` or
/// `{name:base64url}` (bytes in base64url). A placeholder fills a whole segment.
///
/// ```swift
/// let pattern = try RoutePattern("acme-directory://employee/{id:int}")
/// pattern.scheme.name   // "acme-directory"
/// pattern.host          // "employee"
/// ```
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    /// One path segment of a pattern.
    public enum Segment: Sendable, Hashable {
        /// Text that must appear as it is.
        case literal(String)
        /// A typed value, stored under its name.
        case parameter(name: String, type: RouteParameterType)
    }

    /// The scheme the route answers.
    public let scheme: URLScheme
    /// The host (view identifier), lower-cased.
    public let host: String
    /// The path segments after the host.
    public let segments: [Segment]

    /// Parses a pattern.
    ///
    /// - Throws: ``LinkError/Code/invalidRoute`` when the pattern has no `scheme://host`, a bad
    ///   scheme, an unknown placeholder type, a placeholder that does not fill a whole segment, or
    ///   two placeholders with the same name.
    public init(_ pattern: String) throws(LinkError) {
        guard let separator = pattern.range(of: "://") else {
            throw LinkError(.invalidRoute, "the route \"\(pattern)\" must look like scheme://host/segment/{name:type}")
        }
        do {
            scheme = try URLScheme(String(pattern[..<separator.lowerBound]))
        } catch {
            throw LinkError(.invalidRoute, "the route \"\(pattern)\" has a bad scheme: \(error.message)")
        }
        var parts = pattern[separator.upperBound...].split(separator: "/", omittingEmptySubsequences: false)
        if parts.count > 1, parts.last?.isEmpty == true {
            parts.removeLast()
        }
        guard let hostPart = parts.first, !hostPart.isEmpty, !hostPart.contains("{") else {
            throw LinkError(.invalidRoute, "the route \"\(pattern)\" needs a literal host after ://")
        }
        host = hostPart.lowercased()
        var names: Set<String> = []
        var segments: [Segment] = []
        for part in parts.dropFirst() {
            if part.hasPrefix("{") && part.hasSuffix("}") && part.count > 2 {
                let inside = part.dropFirst().dropLast()
                let pieces = inside.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(pieces[0])
                let type: RouteParameterType
                if pieces.count == 2 {
                    guard let parsed = RouteParameterType(placeholderName: pieces[1]) else {
                        throw LinkError(
                            .invalidRoute,
                            "the route \"\(pattern)\" has an unknown placeholder type \"\(pieces[1])\"; use int, string or data"
                        )
                    }
                    type = parsed
                } else {
                    type = .string
                }
                guard !name.isEmpty, !name.contains("{"), !name.contains("}") else {
                    throw LinkError(.invalidRoute, "the route \"\(pattern)\" has a placeholder without a name")
                }
                guard names.insert(name).inserted else {
                    throw LinkError(
                        .invalidRoute, "the route \"\(pattern)\" uses the placeholder name \"\(name)\" twice")
                }
                segments.append(.parameter(name: name, type: type))
            } else {
                guard !part.isEmpty, !part.contains("{"), !part.contains("}") else {
                    throw LinkError(
                        .invalidRoute,
                        "the route \"\(pattern)\" has an empty segment or a placeholder that does not fill its segment")
                }
                segments.append(.literal(String(part)))
            }
        }
        self.segments = segments
    }

    /// The pattern as text, in canonical form (`acme-directory://employee/{id:int}`).
    public var description: String {
        let path = segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .parameter(let name, let type): "{\(name):\(type)}"
            }
        }
        return ([scheme.name + "://" + host] + path).joined(separator: "/")
    }
}
