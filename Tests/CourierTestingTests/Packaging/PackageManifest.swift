import Foundation

/// The products and targets of a `Package.swift`, read from its text: enough to follow target dependencies
/// without running `swift package dump-package` (which takes seconds).
///
/// It reads the `Package(...)` call's `products:` and `targets:` arrays: each product's name and targets,
/// and each target's name and the dependencies that name a target of this package (a bare string,
/// `.target(name:)` or `.byName(name:)`); `.product(name:package:)` names another package's product and is
/// left out. Comments are skipped; string literals are read without escapes, as manifests write them.
struct PackageManifest {
    /// A text that is not a manifest this reader understands.
    struct ReadError: Error, CustomStringConvertible {
        var description: String
    }

    /// Product name → the targets it is made of.
    var products: [String: [String]] = [:]
    /// Target name → the names of the package's own targets it depends on.
    var dependencies: [String: [String]] = [:]

    init(text: String) throws {
        let bytes = Self.strippingComments(Array(text.utf8))
        let scanner = Scanner(bytes: bytes)
        guard let package = scanner.packageCall() else { throw ReadError(description: "no Package(...) call") }
        guard let products = scanner.argument("products", in: package),
            let targets = scanner.argument("targets", in: package)
        else { throw ReadError(description: "Package(...) has no products: or no targets: array") }
        for call in scanner.calls(in: try scanner.arrayContents(products), named: ["library", "executable", "plugin"]) {
            let name = try scanner.name(of: call)
            let members = try scanner.argument("targets", in: call.arguments).map {
                scanner.strings(in: try scanner.arrayContents($0))
            }
            self.products[name] = members ?? []
        }
        let kinds: Set<String> = [
            "target", "executableTarget", "testTarget", "systemLibrary", "binaryTarget", "plugin", "macro",
        ]
        for call in scanner.calls(in: try scanner.arrayContents(targets), named: kinds) {
            let name = try scanner.name(of: call)
            var names: [String] = []
            if let list = scanner.argument("dependencies", in: call.arguments) {
                let contents = try scanner.arrayContents(list)
                names += scanner.strings(in: contents)
                for reference in scanner.calls(in: contents, named: ["target", "byName"]) {
                    names.append(try scanner.name(of: reference))
                }
            }
            self.dependencies[name] = names
        }
    }

    /// The chain of targets by which `product` depends on `target` (the product's own target first, `target`
    /// last), or `nil` when it does not.
    func dependencyPath(from product: String, to target: String) -> [String]? {
        var cameFrom: [String: String] = [:]
        var queue = self.products[product] ?? []
        var seen = Set(queue)
        while !queue.isEmpty {
            let current = queue.removeFirst()
            if current == target {
                var path = [current]
                while let previous = cameFrom[path[0]] { path.insert(previous, at: 0) }
                return path
            }
            for next in self.dependencies[current] ?? [] where !seen.contains(next) {
                seen.insert(next)
                cameFrom[next] = current
                queue.append(next)
            }
        }
        return nil
    }

    /// The manifest's bytes with `//` and `/* */` comments blanked out, string literals kept.
    private static func strippingComments(_ bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index = Scanner.endOfString(bytes, from: index)
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") {
                    result[index] = UInt8(ascii: " ")
                    index += 1
                }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                while index < bytes.count
                    && !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count
                        && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    result[index] = UInt8(ascii: " ")
                    index += 1
                }
                for end in index..<min(index + 2, bytes.count) { result[end] = UInt8(ascii: " ") }
                index += 2
            default:
                index += 1
            }
        }
        return result
    }

    /// A call such as `.target(name: "X", ...)`: its name and the range of its arguments, between the
    /// parentheses.
    struct Call {
        var name: String
        var arguments: Range<Int>
    }

    /// Reads calls, arguments, arrays and string literals in ranges of the manifest: the elements of an
    /// argument list or an array literal are its top-level, comma-separated segments.
    struct Scanner {
        var bytes: [UInt8]

        /// The index after the string literal that starts at `start`.
        static func endOfString(_ bytes: [UInt8], from start: Int) -> Int {
            var index = start + 1
            while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            return index + 1
        }

        /// The arguments of `Package(...)`.
        func packageCall() -> Range<Int>? {
            let marker = Array("Package(".utf8)
            guard marker.count <= bytes.count else { return nil }
            for index in 0...(bytes.count - marker.count)
            where bytes[index..<index + marker.count].elementsEqual(marker)
                && (index == 0 || !Self.isIdentifier(bytes[index - 1]))
            {
                let open = index + marker.count - 1
                return open + 1..<self.matchingClose(open)
            }
            return nil
        }

        /// The index of the bracket that closes the one at `open`, or the end.
        func matchingClose(_ open: Int) -> Int {
            var index = open + 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    return index
                default:
                    index = self.endOfGroup(at: index) ?? index + 1
                }
            }
            return bytes.count
        }

        /// The index after the string literal or bracketed group that starts at `index`, or `nil` when none
        /// starts there.
        func endOfGroup(at index: Int) -> Int? {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                return Self.endOfString(bytes, from: index)
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                return self.matchingClose(index) + 1
            default:
                return nil
            }
        }

        /// The comma-separated parts of `range` outside strings and brackets, without surrounding white
        /// space; empty parts (after a trailing comma) left out.
        func segments(of range: Range<Int>) -> [Range<Int>] {
            var parts: [Range<Int>] = []
            var start = range.lowerBound
            var index = range.lowerBound
            while index < range.upperBound {
                if let end = self.endOfGroup(at: index) {
                    index = end
                    continue
                }
                if bytes[index] == UInt8(ascii: ",") {
                    parts.append(start..<index)
                    start = index + 1
                }
                index += 1
            }
            parts.append(start..<range.upperBound)
            return parts.map(self.trimmed).filter { !$0.isEmpty }
        }

        /// `range` without white space at either end.
        func trimmed(_ range: Range<Int>) -> Range<Int> {
            var lower = range.lowerBound
            var upper = range.upperBound
            while lower < upper && Self.isSpace(bytes[lower]) { lower += 1 }
            while upper > lower && Self.isSpace(bytes[upper - 1]) { upper -= 1 }
            return lower..<upper
        }

        /// The elements of `range` that are calls `.name(...)` with a name in `names`.
        func calls(in range: Range<Int>, named names: Set<String>) -> [Call] {
            self.segments(of: range).compactMap { segment in
                guard bytes[segment.lowerBound] == UInt8(ascii: ".") else { return nil }
                var end = segment.lowerBound + 1
                while end < segment.upperBound && Self.isIdentifier(bytes[end]) { end += 1 }
                guard end < segment.upperBound, bytes[end] == UInt8(ascii: "(") else { return nil }
                let name = String(decoding: bytes[segment.lowerBound + 1..<end], as: UTF8.self)
                guard names.contains(name) else { return nil }
                return Call(name: name, arguments: end + 1..<self.matchingClose(end))
            }
        }

        /// The value of the argument `label:` among the arguments in `range`.
        func argument(_ label: String, in range: Range<Int>) -> Range<Int>? {
            let prefix = Array(label.utf8)
            for segment in self.segments(of: range) {
                let labelEnd = segment.lowerBound + prefix.count
                guard labelEnd < segment.upperBound, bytes[segment.lowerBound..<labelEnd].elementsEqual(prefix)
                else { continue }
                let colon = self.trimmed(labelEnd..<segment.upperBound).lowerBound
                guard colon < segment.upperBound, bytes[colon] == UInt8(ascii: ":") else { continue }
                return self.trimmed(colon + 1..<segment.upperBound)
            }
            return nil
        }

        /// The inside of the array literal `range`.
        func arrayContents(_ range: Range<Int>) throws -> Range<Int> {
            guard !range.isEmpty, bytes[range.lowerBound] == UInt8(ascii: "[") else {
                throw ReadError(description: "not an array literal: \(self.text(range))")
            }
            return range.lowerBound + 1..<self.matchingClose(range.lowerBound)
        }

        /// The elements of `range` that are string literals, in order.
        func strings(in range: Range<Int>) -> [String] {
            self.segments(of: range).compactMap { segment in
                guard bytes[segment.lowerBound] == UInt8(ascii: "\""),
                    Self.endOfString(bytes, from: segment.lowerBound) == segment.upperBound
                else { return nil }
                return String(decoding: bytes[segment.lowerBound + 1..<segment.upperBound - 1], as: UTF8.self)
            }
        }

        /// The string given as the `name:` argument of a call.
        func name(of call: Call) throws -> String {
            guard let value = self.argument("name", in: call.arguments), let name = self.strings(in: value).first
            else { throw ReadError(description: ".\(call.name)(\(self.text(call.arguments))) has no name") }
            return name
        }

        func text(_ range: Range<Int>) -> String {
            String(decoding: bytes[range.clamped(to: 0..<bytes.count)], as: UTF8.self)
        }

        static func isIdentifier(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
                return true
            default:
                return false
            }
        }

        static func isSpace(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
                || byte == UInt8(ascii: "\r")
        }
    }
}
