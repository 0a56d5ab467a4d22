import Foundation

/// RFC 3986's remove_dot_segments (section 5.2.4), which curl and httpie apply to the path of every URL they
/// send: `/a/b/../c/./d` goes out as `/a/c/d`. `--path-as-is` sends the path as written instead.
enum DotSegments {
    /// The path with `.` and `..` segments resolved. Only literal dots count: `%2E%2E` is data, as in curl.
    static func remove(from path: String) -> String {
        guard path.contains(".") else { return path }
        var input = Substring(path)
        var output: [Substring] = []
        // Each pass moves one segment (with its leading slash) from input to output, or drops it; the input
        // shrinks every time, so the loop ends.
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input = input.dropFirst(3)
            } else if input.hasPrefix("./") {
                input = input.dropFirst(2)
            } else if input.hasPrefix("/./") {
                input = input.dropFirst(2)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") {
                input = input.dropFirst(3)
                if !output.isEmpty { output.removeLast() }
            } else if input == "/.." {
                input = "/"
                if !output.isEmpty { output.removeLast() }
            } else if input == "." || input == ".." {
                input = ""
            } else {
                let start = input.startIndex
                let searchFrom = input.hasPrefix("/") ? input.index(after: start) : start
                let end = input[searchFrom...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[start..<end])
                input = input[end...]
            }
        }
        return output.joined()
    }

    /// `url` with the dot segments of its path removed; the URL itself when it has none.
    static func removing(from url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        let path = components.percentEncodedPath
        let cleaned = remove(from: path)
        guard cleaned != path else { return url }
        components.percentEncodedPath = cleaned
        return components.url ?? url
    }
}
