/// A parsed path query of ``XMLTree`` (steps, `//`, `*`, `[@a]`, `[@a='v']`, `[n]`).
struct XMLPath: Sendable {
    enum Predicate: Sendable {
        case hasAttribute(String)
        case attributeEquals(String, String)
        case position(Int)
        /// A predicate the syntax does not support: matches nothing.
        case invalid
    }

    struct Step: Sendable {
        var name: String
        var anyDepth: Bool
        var predicates: [Predicate]
    }

    var isAbsolute = false
    var steps: [Step] = []

    init(_ text: String) {
        var rest = Substring(text)
        if rest.hasPrefix("/") && !rest.hasPrefix("//") {
            isAbsolute = true
            rest = rest.dropFirst()
        }
        var anyDepth = false
        while !rest.isEmpty {
            if rest.hasPrefix("//") {
                anyDepth = true
                rest = rest.dropFirst(2)
                continue
            }
            if rest.hasPrefix("/") {
                rest = rest.dropFirst()
                continue
            }
            var nameEnd = rest.startIndex
            while nameEnd < rest.endIndex && rest[nameEnd] != "/" && rest[nameEnd] != "[" {
                nameEnd = rest.index(after: nameEnd)
            }
            var step = Step(name: String(rest[..<nameEnd]), anyDepth: anyDepth, predicates: [])
            rest = rest[nameEnd...]
            while rest.hasPrefix("[") {
                guard let close = rest.firstIndex(of: "]") else {
                    step.predicates.append(.invalid)
                    rest = rest[rest.endIndex...]
                    break
                }
                step.predicates.append(Self.predicate(rest[rest.index(after: rest.startIndex)..<close]))
                rest = rest[rest.index(after: close)...]
            }
            steps.append(step)
            anyDepth = false
        }
    }

    private static func predicate(_ text: Substring) -> Predicate {
        let body = text.trimmingSpaces
        if let position = Int(body), position > 0 { return .position(position) }
        guard body.hasPrefix("@") else { return .invalid }
        let attribute = body.dropFirst()
        guard let equals = attribute.firstIndex(of: "=") else { return .hasAttribute(String(attribute)) }
        let name = attribute[..<equals].trimmingSpaces
        var value = attribute[attribute.index(after: equals)...].trimmingSpaces
        guard let quote = value.first, quote == "'" || quote == "\"", value.count >= 2, value.last == quote else {
            return .invalid
        }
        value = value.dropFirst().dropLast()
        return .attributeEquals(String(name), String(value))
    }

    /// Applies the steps to the children (or, for `//`, descendants) of the context elements.
    func select(from context: [XMLTree.Element]) -> [XMLTree.Element] {
        var current = context
        for step in steps {
            var next: [XMLTree.Element] = []
            for element in current {
                var candidates: [XMLTree.Element] = []
                if step.anyDepth {
                    Self.collectDescendants(of: element, into: &candidates)
                } else {
                    candidates = element.elements
                }
                next += Self.filter(candidates.filter { Self.matches($0, step.name) }, step.predicates)
            }
            current = next
        }
        return current
    }

    /// For absolute paths: the first step matches the root element itself.
    func select(fromDocumentRoot root: XMLTree.Element) -> [XMLTree.Element] {
        guard let first = steps.first else { return [root] }
        var start: [XMLTree.Element]
        if first.anyDepth {
            var all = [root]
            Self.collectDescendants(of: root, into: &all)
            start = all.filter { Self.matches($0, first.name) }
        } else {
            start = Self.matches(root, first.name) ? [root] : []
        }
        start = Self.filter(start, first.predicates)
        var rest = self
        rest.steps.removeFirst()
        return rest.select(from: start)
    }

    private static func collectDescendants(of element: XMLTree.Element, into result: inout [XMLTree.Element]) {
        for child in element.elements {
            result.append(child)
            collectDescendants(of: child, into: &result)
        }
    }

    private static func matches(_ element: XMLTree.Element, _ name: String) -> Bool {
        if name == "*" { return true }
        if name.contains(":") { return element.name.qualifiedName == name }
        return element.name.localName == name
    }

    private static func filter(_ elements: [XMLTree.Element], _ predicates: [Predicate]) -> [XMLTree.Element] {
        var result = elements
        for predicate in predicates {
            switch predicate {
            case .hasAttribute(let name):
                result = result.filter { $0[attribute: name] != nil }
            case .attributeEquals(let name, let value):
                result = result.filter { $0[attribute: name] == value }
            case .position(let position):
                result = position <= result.count ? [result[position - 1]] : []
            case .invalid:
                result = []
            }
        }
        return result
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var result = self
        while result.first == " " { result = result.dropFirst() }
        while result.last == " " { result = result.dropLast() }
        return result
    }
}
