import Foundation

/// httpie 3's nested JSON: data items whose names are paths build objects and arrays.
///
/// `a[b]=c` is `{"a": {"b": "c"}}`, `a[]:=1` appends to an array, `a[2]=x` sets an index (padding with
/// `null`), `[]:=1` makes the body a top-level array, `x[y][z]=v` nests as deep as it is written, and `\[`
/// writes a literal bracket. A path that treats a value as what it is not (`a=1 a[b]=2`) is an error with
/// httpie's wording. Objects keep the order in which their keys first appeared.
enum NestedJSON: Equatable {
    case object([(String, NestedJSON)])
    case array([NestedJSON?])
    /// A value given as JSON text.
    case value(String)

    static func == (lhs: NestedJSON, rhs: NestedJSON) -> Bool { lhs.text == rhs.text }

    /// One step of a path.
    enum Step: Equatable {
        case key(String)
        case index(Int)
        case append

        var kind: String {
            switch self {
            case .key: "key"
            case .index: "index"
            case .append: "append"
            }
        }

        /// The step as written (`a`, `[b]`, `[0]`, `[]`); the root key is written bare.
        func written(isRoot: Bool) -> String {
            switch self {
            case .key(let key): isRoot ? key : "[\(key)]"
            case .index(let index): "[\(index)]"
            case .append: "[]"
            }
        }
    }

    struct PathError: Error, CustomStringConvertible {
        var path: String
        var message: String
        var description: String { "'\(path)': \(message)" }
    }

    /// The body for the given members (name as written, value as JSON text), in order.
    /// - Throws: ``PathError`` for a malformed path or one that conflicts with an earlier item.
    static func build(_ members: [(name: String, json: String)]) throws -> NestedJSON {
        var root: NestedJSON?
        for member in members {
            let steps = try parse(member.name)
            try set(.value(member.json), at: steps, in: &root, path: member.name, depth: 0)
        }
        return root ?? .object([])
    }

    /// Splits a name into steps: a root (`name`, `[n]` or `[]`), then `[key]`, `[n]` or `[]` any number of
    /// times. A backslash makes the next character literal (`\[`, `\]`, `\\`, and `\1` for a key made of
    /// digits).
    static func parse(_ name: String) throws -> [Step] {
        enum Token: Equatable {
            case open, close
            case text(String, escaped: Bool)
        }
        var tokens: [Token] = []
        var buffer = ""
        var escaped = false
        func flush() {
            if !buffer.isEmpty || escaped { tokens.append(.text(buffer, escaped: escaped)) }
            buffer = ""
            escaped = false
        }
        var characters = name.makeIterator()
        while let character = characters.next() {
            switch character {
            case "\\":
                if let next = characters.next() {
                    if "[]\\".contains(next) || next.isNumber {
                        escaped = true
                    } else {
                        buffer.append("\\")
                    }
                    buffer.append(next)
                } else {
                    buffer.append("\\")
                }
            case "[":
                flush()
                tokens.append(.open)
            case "]":
                flush()
                tokens.append(.close)
            default:
                buffer.append(character)
            }
        }
        flush()

        func fail(_ expected: String) -> PathError {
            PathError(path: name, message: "expecting \(expected) (nested JSON is written a[b], a[0], a[])")
        }
        func bracketed(_ tokens: inout ArraySlice<Token>, allowsKey: Bool) throws -> Step {
            guard let first = tokens.popFirst() else {
                throw fail(allowsKey ? "text, a number or ']'" : "a number or ']'")
            }
            switch first {
            case .close:
                return .append
            case .text(let text, let escaped):
                if !escaped, let index = Int(text), text.allSatisfy(\.isNumber) {
                    guard tokens.popFirst() == .close else { throw fail("']'") }
                    return .index(index)
                }
                guard allowsKey else { throw fail("a number or ']'") }
                guard tokens.popFirst() == .close else { throw fail("']'") }
                return .key(text)
            case .open:
                throw fail(allowsKey ? "text, a number or ']'" : "a number or ']'")
            }
        }

        var remaining = tokens[...]
        var steps: [Step] = []
        switch remaining.popFirst() {
        case .text(let text, _):
            steps.append(.key(text))
        case .open:
            steps.append(try bracketed(&remaining, allowsKey: false))
        case .close, nil:
            throw fail("text or '['")
        }
        while let token = remaining.popFirst() {
            guard token == .open else { throw fail("'['") }
            steps.append(try bracketed(&remaining, allowsKey: true))
        }
        return steps
    }

    private static func container(for step: Step) -> NestedJSON {
        if case .key = step { return .object([]) }
        return .array([])
    }

    private var typeName: String {
        switch self {
        case .object: "object"
        case .array: "array"
        case .value(let text):
            switch text.trimmingCharacters(in: .whitespacesAndNewlines).first {
            case "\"": "string"
            case "t", "f": "boolean"
            case "n": "null"
            default: "number"
            }
        }
    }

    private static func set(
        _ value: NestedJSON, at steps: [Step], in node: inout NestedJSON?, path: String, depth: Int
    ) throws {
        let step = steps[depth]
        if node == nil { node = container(for: step) }
        let isLast = depth == steps.count - 1
        func typeError(_ required: String) -> PathError {
            let prefix = steps[..<depth].enumerated().map { $0.element.written(isRoot: $0.offset == 0) }.joined()
            return PathError(
                path: path,
                message:
                    "cannot perform '\(step.kind)' based access on '\(prefix)' which has a type of '\(node?.typeName ?? "null")' but this operation requires a type of '\(required)'"
            )
        }
        switch (step, node) {
        case (.key(let key), .some(.object(var members))):
            node = nil
            if let position = members.firstIndex(where: { $0.0 == key }) {
                var child: NestedJSON? = members[position].1
                if isLast {
                    child = value
                } else {
                    try set(value, at: steps, in: &child, path: path, depth: depth + 1)
                }
                members[position].1 = child ?? .value("null")
            } else {
                var child: NestedJSON? = isLast ? value : nil
                if !isLast { try set(value, at: steps, in: &child, path: path, depth: depth + 1) }
                members.append((key, child ?? .value("null")))
            }
            node = .object(members)
        case (.index(let index), .some(.array(var elements))):
            node = nil
            if elements.count <= index { elements += Array(repeating: nil, count: index - elements.count + 1) }
            if isLast {
                elements[index] = value
            } else {
                var child = elements[index]
                try set(value, at: steps, in: &child, path: path, depth: depth + 1)
                elements[index] = child
            }
            node = .array(elements)
        case (.append, .some(.array(var elements))):
            node = nil
            var child: NestedJSON? = isLast ? value : nil
            if !isLast { try set(value, at: steps, in: &child, path: path, depth: depth + 1) }
            elements.append(child)
            node = .array(elements)
        case (.key, _):
            throw typeError("object")
        case (.index, _), (.append, _):
            throw typeError("array")
        }
    }

    /// The JSON text, in the CLI's compact style (`{"a": 1, "b": [true, null]}`).
    var text: String {
        switch self {
        case .object(let members):
            "{" + members.map { JSONText.quote($0.0) + ": " + $0.1.text }.joined(separator: ", ") + "}"
        case .array(let elements):
            "[" + elements.map { $0?.text ?? "null" }.joined(separator: ", ") + "]"
        case .value(let json):
            json
        }
    }
}
