import Foundation

/// JSON as text: building objects that keep the items' order, and pretty printing that keeps the
/// document's order (JSONSerialization would sort or shuffle keys).
enum JSONText {
    /// A JSON string literal.
    static func quote(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                if scalar.value < 0x20 {
                    result += String(format: "\\u%04x", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Whether text is one valid JSON value.
    static func isValid(_ text: String) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil
    }

    /// An object from ordered members whose values are already JSON text.
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { quote($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
    }

    struct Style {
        var key: String = ""
        var string: String = ""
        var number: String = ""
        var literal: String = ""
        var reset: String = ""

        static let plain = Style()
        static let colors = Style(
            key: "\u{1B}[34m", string: "\u{1B}[33m", number: "\u{1B}[36m", literal: "\u{1B}[35m", reset: "\u{1B}[0m")
    }

    /// JSON text with colors and nothing else changed (`--pretty=colors`); `nil` when the text is not JSON.
    static func colorize(_ text: String, style: Style = .colors) -> String? {
        guard isValid(text) else { return nil }
        var output = ""
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "\"":
                let (literal, end) = stringLiteral(in: scalars, at: index)
                // A string followed by a colon is a key.
                var next = end
                while next < scalars.count, [" ", "\n", "\r", "\t"].contains(scalars[next]) { next += 1 }
                let isKey = next < scalars.count && scalars[next] == ":"
                output += (isKey ? style.key : style.string) + literal + style.reset
                index = end
            case "{", "}", "[", "]", ",", ":", " ", "\n", "\r", "\t":
                output.unicodeScalars.append(scalar)
                index += 1
            default:
                let (token, next) = bareValue(in: scalars, at: index, style: style)
                output += token
                index = next
            }
        }
        return output
    }

    /// Re-indents JSON text (4 spaces), keeping key order; `nil` when the text is not JSON.
    static func pretty(_ text: String, style: Style = .plain) -> String? {
        guard isValid(text) else { return nil }
        var output = ""
        var indent = 0
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var expectingKey = false
        var containerStack: [Character] = []

        func newline() {
            output += "\n" + String(repeating: " ", count: indent * 4)
        }

        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case " ", "\n", "\r", "\t":
                index += 1
            case "{", "[":
                // Empty containers stay on one line.
                var lookahead = index + 1
                while lookahead < scalars.count, [" ", "\n", "\r", "\t"].contains(scalars[lookahead]) { lookahead += 1 }
                let closing: Unicode.Scalar = scalar == "{" ? "}" : "]"
                if lookahead < scalars.count, scalars[lookahead] == closing {
                    output += String(scalar) + String(closing)
                    index = lookahead + 1
                    expectingKey = false
                    continue
                }
                output.unicodeScalars.append(scalar)
                containerStack.append(Character(scalar))
                indent += 1
                newline()
                expectingKey = scalar == "{"
                index += 1
            case "}", "]":
                indent -= 1
                containerStack.removeLast()
                newline()
                output.unicodeScalars.append(scalar)
                index += 1
            case ",":
                output += ","
                newline()
                expectingKey = containerStack.last == "{"
                index += 1
            case ":":
                output += ": "
                expectingKey = false
                index += 1
            case "\"":
                let (literal, end) = stringLiteral(in: scalars, at: index)
                output += (expectingKey ? style.key : style.string) + literal + style.reset
                index = end
            default:
                let (token, next) = bareValue(in: scalars, at: index, style: style)
                output += token
                index = next
            }
        }
        return output
    }

    /// The string literal that starts at `index`, quotes included, and the index after it.
    private static func stringLiteral(in scalars: [Unicode.Scalar], at index: Int) -> (String, next: Int) {
        var end = index + 1
        while end < scalars.count, scalars[end] != "\"" {
            end += scalars[end] == "\\" ? 2 : 1
        }
        return (String(String.UnicodeScalarView(scalars[index...min(end, scalars.count - 1)])), end + 1)
    }

    /// The number, `true`, `false` or `null` that starts at `index`, in its color, and the index after it.
    private static func bareValue(in scalars: [Unicode.Scalar], at index: Int, style: Style) -> (String, next: Int) {
        var end = index
        while end < scalars.count, !",}] \n\r\t".unicodeScalars.contains(scalars[end]) { end += 1 }
        let token = String(String.UnicodeScalarView(scalars[index..<end]))
        let color = ["true", "false", "null"].contains(token) ? style.literal : style.number
        return (color + token + style.reset, end)
    }
}
