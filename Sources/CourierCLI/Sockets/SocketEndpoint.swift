import ArgumentParser

/// A `HOST:PORT` argument: `localhost:8081`, `127.0.0.1:8081`, `[::1]:8081`.
struct SocketEndpoint: ExpressibleByArgument, Sendable, Hashable {
    var host: String
    var port: Int

    init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    init?(argument: String) {
        let host: Substring
        let port: Substring
        if argument.hasPrefix("[") {
            // An IPv6 literal is bracketed so that its colons do not read as the port separator.
            guard let close = argument.firstIndex(of: "]") else { return nil }
            host = argument[argument.index(after: argument.startIndex)..<close]
            let rest = argument[argument.index(after: close)...]
            guard rest.first == ":" else { return nil }
            port = rest.dropFirst()
        } else {
            guard let colon = argument.lastIndex(of: ":") else { return nil }
            host = argument[..<colon]
            port = argument[argument.index(after: colon)...]
            if host.contains(":") { return nil }
        }
        guard !host.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }),
            let number = Int(port), (1...65535).contains(number)
        else { return nil }
        self.init(host: String(host), port: number)
    }

    static var defaultValueDescription: String { "HOST:PORT" }
}
