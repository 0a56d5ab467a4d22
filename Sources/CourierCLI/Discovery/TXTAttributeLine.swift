import CourierDiscovery

/// One line of TXT attributes as `courier discover publish --txt-from-stdin` reads it: attributes separated by
/// spaces or tabs, an attribute in double quotes when it holds spaces (`"note=two words"`), with `\"` and `\\`
/// inside the quotes. The quoted form is also what `avahi-browse -p` prints, so its TXT column can be fed back.
enum TXTAttributeLine {
    /// The attributes of `line`, in order; an empty or blank line has none.
    ///
    /// - Throws: ``DiscoveryError`` `badArgument` for a quote that is not closed.
    static func attributes(of line: String) throws(DiscoveryError) -> [String] {
        var attributes: [String] = []
        var current = ""
        var inAttribute = false
        var quoted = false
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if quoted {
                switch character {
                case "\\": escaped = true
                case "\"": quoted = false
                default: current.append(character)
                }
            } else {
                switch character {
                case " ", "\t":
                    if inAttribute { attributes.append(current) }
                    current = ""
                    inAttribute = false
                case "\"":
                    quoted = true
                    inAttribute = true
                default:
                    current.append(character)
                    inAttribute = true
                }
            }
        }
        guard quoted == false else {
            throw DiscoveryError(.badArgument, "TXT line has an unclosed double quote: \(line)")
        }
        if inAttribute { attributes.append(current) }
        return attributes
    }
}
