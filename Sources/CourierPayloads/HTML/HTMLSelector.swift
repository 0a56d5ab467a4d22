/// A CSS selector subset for scraping: type (`p`, `*`), `.class`, `#id`, `[attr]`, `[attr=value]`
/// (value quoted, or unquoted up to `]`), the descendant (space) and child (`>`) combinators, and groups (`a, b`).
///
/// Tag and attribute names compare case-insensitively; ids and attribute values exactly. Classes
/// compare by ``ClassMatching``: whole class tokens (CSS) or, for the book's scraper, a case-insensitive
/// substring of the `class` attribute.
///
/// ```swift
/// let selector = try HTMLSelector("div#story > p.cnn_storypgraphtxt, h1")
/// let paragraphs = selector.select(in: document)
/// ```
public struct HTMLSelector: Hashable, Sendable {
    /// How `.name` matches an element's classes.
    public enum ClassMatching: Hashable, Sendable {
        /// One of the element's space-separated class names equals `name` exactly (CSS semantics).
        case token
        /// The `class` attribute contains `name` ignoring case (`.storypgraph` matches
        /// `class="cnn_StoryPgraphTxt"`), what the book's scraper relies on.
        case containsIgnoringCase
    }

    /// A selector that could not be read, with the position of the problem.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The selector as given.
        public var selector: String
        /// What was wrong.
        public var message: String
        /// The offset in the selector, in characters from 0, where the problem was found.
        public var offset: Int

        /// The selector, the offset and the message, as one line.
        public var description: String { "invalid selector \"\(selector)\" at \(offset): \(message)" }
    }

    struct AttributeTest: Hashable, Sendable {
        var name: String
        var value: String?
    }

    struct Compound: Hashable, Sendable {
        var tag: String?
        var ids: [String] = []
        var classes: [String] = []
        var attributes: [AttributeTest] = []
    }

    enum Combinator: Hashable, Sendable {
        case descendant
        case child
    }

    /// One complex selector: compounds from left to right, each (after the first) with the combinator
    /// that relates it to the previous one.
    struct Complex: Hashable, Sendable {
        var compounds: [Compound]
        var combinators: [Combinator]
    }

    let groups: [Complex]
    /// How classes are compared.
    public let classMatching: ClassMatching

    /// Reads a selector.
    /// - Throws: ``ParseError`` for anything outside the supported subset.
    public init(_ text: String, classMatching: ClassMatching = .token) throws {
        var parser = Parser(text: text)
        groups = try parser.parse()
        self.classMatching = classMatching
    }

    /// The elements of `document` that match, in document order.
    public func select(in document: HTMLDocument) -> [HTMLElement] {
        var result: [HTMLElement] = []
        for index in 1..<document.records.count where groups.contains(where: { matches($0, index, in: document) }) {
            result.append(HTMLElement(document: document, index: index))
        }
        return result
    }

    /// Whether `element` matches.
    public func matches(_ element: HTMLElement) -> Bool {
        element.index > 0 && groups.contains { matches($0, element.index, in: element.document) }
    }

    private func matches(_ complex: Complex, _ index: Int, in document: HTMLDocument) -> Bool {
        matches(complex, position: complex.compounds.count - 1, index, in: document)
    }

    /// Matches from right to left; a descendant combinator tries each ancestor (the tree's depth is bounded).
    private func matches(_ complex: Complex, position: Int, _ index: Int, in document: HTMLDocument) -> Bool {
        guard matches(complex.compounds[position], document.records[index]) else { return false }
        guard position > 0 else { return true }
        switch complex.combinators[position - 1] {
        case .child:
            guard let parent = document.records[index].parent, parent > 0 else { return false }
            return matches(complex, position: position - 1, parent, in: document)
        case .descendant:
            var current = document.records[index].parent
            while let ancestor = current, ancestor > 0 {
                if matches(complex, position: position - 1, ancestor, in: document) { return true }
                current = document.records[ancestor].parent
            }
            return false
        }
    }

    private func matches(_ compound: Compound, _ record: HTMLDocument.Record) -> Bool {
        if let tag = compound.tag, tag != record.name { return false }
        func value(_ name: String) -> String? { record.attributes.first { $0.name == name }?.value }
        for id in compound.ids where value("id") != id { return false }
        if !compound.classes.isEmpty {
            let classAttribute = value("class") ?? ""
            switch classMatching {
            case .token:
                let tokens = classAttribute.split(whereSeparator: { " \t\n\r\u{0C}".contains($0) })
                for name in compound.classes where !tokens.contains(where: { $0 == name }) { return false }
            case .containsIgnoringCase:
                let lowered = classAttribute.lowercased()
                for name in compound.classes where !lowered.contains(name.lowercased()) { return false }
            }
        }
        for test in compound.attributes {
            guard let actual = value(test.name) else { return false }
            if let expected = test.value, expected != actual { return false }
        }
        return true
    }

    private struct Parser {
        let text: String
        let characters: [Character]
        var index = 0

        init(text: String) {
            self.text = text
            self.characters = Array(text)
        }

        func error(_ message: String) -> ParseError {
            ParseError(selector: text, message: message, offset: index)
        }

        mutating func parse() throws -> [Complex] {
            var groups: [Complex] = []
            while true {
                groups.append(try parseComplex())
                guard index < characters.count else { break }
                index += 1  // the comma
            }
            return groups
        }

        private mutating func skipSpaces() -> Bool {
            let start = index
            while index < characters.count, characters[index].isWhitespace { index += 1 }
            return index > start
        }

        private mutating func parseComplex() throws -> Complex {
            var compounds: [Compound] = []
            var combinators: [Combinator] = []
            _ = skipSpaces()
            while true {
                compounds.append(try parseCompound())
                let sawSpace = skipSpaces()
                guard index < characters.count, characters[index] != "," else { break }
                if characters[index] == ">" {
                    index += 1
                    _ = skipSpaces()
                    combinators.append(.child)
                } else if sawSpace {
                    combinators.append(.descendant)
                } else {
                    throw error("unexpected \"\(characters[index])\"")
                }
            }
            return Complex(compounds: compounds, combinators: combinators)
        }

        private mutating func parseCompound() throws -> Compound {
            var compound = Compound()
            var empty = true
            if index < characters.count, characters[index] == "*" {
                index += 1
                empty = false
            } else if index < characters.count, Self.isNameCharacter(characters[index]) {
                compound.tag = parseName().lowercased()
                empty = false
            }
            loop: while index < characters.count {
                switch characters[index] {
                case ".":
                    index += 1
                    let name = parseName()
                    guard !name.isEmpty else { throw error("a class name is missing after \".\"") }
                    compound.classes.append(name)
                case "#":
                    index += 1
                    let name = parseName()
                    guard !name.isEmpty else { throw error("an id is missing after \"#\"") }
                    compound.ids.append(name)
                case "[":
                    index += 1
                    compound.attributes.append(try parseAttribute())
                default:
                    break loop
                }
                empty = false
            }
            if empty {
                throw error(index < characters.count ? "unexpected \"\(characters[index])\"" : "a selector is missing")
            }
            return compound
        }

        private mutating func parseAttribute() throws -> AttributeTest {
            _ = skipSpaces()
            let name = parseName().lowercased()
            guard !name.isEmpty else { throw error("an attribute name is missing after \"[\"") }
            _ = skipSpaces()
            guard index < characters.count else { throw error("\"]\" is missing") }
            if characters[index] == "]" {
                index += 1
                return AttributeTest(name: name, value: nil)
            }
            guard characters[index] == "=" else { throw error("only [name] and [name=value] are supported") }
            index += 1
            _ = skipSpaces()
            var value = ""
            if index < characters.count, characters[index] == "\"" || characters[index] == "'" {
                let quote = characters[index]
                index += 1
                while index < characters.count, characters[index] != quote {
                    value.append(characters[index])
                    index += 1
                }
                guard index < characters.count else { throw error("an unterminated quoted value") }
                index += 1
            } else {
                // Unquoted values are read up to "]" or a space, so [src=a.png] works as people write it.
                while index < characters.count, characters[index] != "]", !characters[index].isWhitespace {
                    value.append(characters[index])
                    index += 1
                }
                guard !value.isEmpty else { throw error("an attribute value is missing after \"=\"") }
            }
            _ = skipSpaces()
            guard index < characters.count, characters[index] == "]" else { throw error("\"]\" is missing") }
            index += 1
            return AttributeTest(name: name, value: value)
        }

        private mutating func parseName() -> String {
            let start = index
            while index < characters.count, Self.isNameCharacter(characters[index]) { index += 1 }
            return String(characters[start..<index])
        }

        static func isNameCharacter(_ character: Character) -> Bool {
            character.isLetter || character.isNumber || character == "-" || character == "_"
                || !(character.isASCII)
        }
    }
}
