import Foundation

/// One `ITEM` of the request command line, in httpie's syntax.
enum RequestItem: Equatable {
    /// `Header:Value`; `Header:` sends nothing for that header (removes a default).
    case header(name: String, value: String)
    /// `Header;`: the header sent with an empty value.
    case emptyHeader(name: String)
    /// `name==value`: a query parameter.
    case query(name: String, value: String)
    /// `field=value`: a JSON string field (or form field with `--form`).
    case dataField(name: String, value: String)
    /// `field:=json`: a raw JSON value.
    case jsonField(name: String, json: String)
    /// `field=@path`: a string field read from a file.
    case dataFieldFromFile(name: String, path: String)
    /// `field:=@path`: a raw JSON value read from a file.
    case jsonFieldFromFile(name: String, path: String)
    /// `field@path`: a file to upload (multipart).
    case file(name: String, path: String)
    /// `@path`: the raw body from a file.
    case rawBodyFile(path: String)
    /// `-`: the raw body from standard input.
    case rawBodyStandardInput

    /// Separators, longest first at any one position. A backslash escapes a separator character; before
    /// any other character it stays, for the nested JSON syntax (`a\[b]`) to read.
    static let separators = [":=@", "=@", ":=", "==", "=", "@", ":"]

    /// Parses one item.
    /// - Throws: `RequestItemError` naming the item and the expected forms.
    static func parse(_ text: String) throws -> RequestItem {
        if text == "-" { return .rawBodyStandardInput }
        if text.hasPrefix("@") && text.count > 1 { return .rawBodyFile(path: String(text.dropFirst())) }
        let characters = Array(text)
        var name = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\\", index + 1 < characters.count {
                if !":=@;".contains(characters[index + 1]) { name.append(character) }
                name.append(characters[index + 1])
                index += 2
                continue
            }
            // `Header;` (only at the end: `a;b=c` is the field "a;b").
            if character == ";", index == characters.count - 1, !name.isEmpty {
                return .emptyHeader(name: name)
            }
            if let separator = separators.first(where: { matches($0, characters, at: index) }) {
                let value = String(characters[(index + separator.count)...])
                return try make(name: name, separator: separator, value: value, original: text)
            }
            name.append(character)
            index += 1
        }
        throw RequestItemError(item: text)
    }

    private static func matches(_ separator: String, _ characters: [Character], at index: Int) -> Bool {
        let pattern = Array(separator)
        guard index + pattern.count <= characters.count else { return false }
        return Array(characters[index..<(index + pattern.count)]) == pattern
    }

    private static func make(name: String, separator: String, value: String, original: String) throws -> RequestItem {
        guard !name.isEmpty else { throw RequestItemError(item: original) }
        switch separator {
        case ":": return .header(name: name, value: value.trimmingCharacters(in: .whitespaces))
        case "==": return .query(name: name, value: value)
        case "=": return .dataField(name: name, value: value)
        case ":=": return .jsonField(name: name, json: value)
        case "=@": return .dataFieldFromFile(name: name, path: value)
        case ":=@": return .jsonFieldFromFile(name: name, path: value)
        case "@": return .file(name: name, path: value)
        default: throw RequestItemError(item: original)
        }
    }

    var isDataItem: Bool {
        switch self {
        case .header, .emptyHeader, .query: return false
        default: return true
        }
    }
}

struct RequestItemError: Error, CustomStringConvertible {
    var item: String
    var description: String {
        "'\(item)' is not a request item; use Header:Value, Header;, name==value, field=value, field:=json, field@file, @file or -"
    }
}
