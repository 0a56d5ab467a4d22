import CourierPayloads
import Foundation

/// XML pretty printing for `--pretty`, on Courier's own streaming parser (`XMLStreamParser`): one element
/// per line, indented by depth; an element holding only text stays on one line with its text as it was.
///
/// The parser reports text with references expanded, so the printer escapes it again (`&amp;`, `&lt;`,
/// `&gt;`, and `&quot;` in attributes): what is printed is still XML and means what the server sent.
/// Namespace processing is off, so prefixes and `xmlns` attributes appear exactly as written.
enum XMLText {
    struct Style {
        var tag: String = ""
        var attributeName: String = ""
        var attributeValue: String = ""
        var comment: String = ""
        var reset: String = ""

        static let plain = Style()
        static let colors = Style(
            tag: "\u{1B}[34m", attributeName: "\u{1B}[36m", attributeValue: "\u{1B}[33m", comment: "\u{1B}[2m",
            reset: "\u{1B}[0m")
    }

    /// The document indented by `indentation` per level, or `nil` when it is not well-formed XML (the
    /// caller then prints the body as it came).
    static func pretty(_ data: Data, indentation: String = "    ", style: Style = .plain) -> String? {
        var printer = Printer(indentation: indentation, style: style)
        var parser = XMLStreamParser(processesNamespaces: false)
        do {
            // Fed in chunks, as the parser is meant to be used; a body is at most what the CLI holds.
            var offset = data.startIndex
            while offset < data.endIndex {
                let end = data.index(offset, offsetBy: 64 * 1024, limitedBy: data.endIndex) ?? data.endIndex
                try parser.feed(data[offset..<end]) { printer.handle($0) }
                offset = end
            }
            try parser.finish { printer.handle($0) }
        } catch {
            return nil
        }
        return printer.output
    }

    /// Text content with `&`, `<` and `>` escaped (and a carriage return, which a parser would turn into a line
    /// feed), as ``XMLWriter`` escapes it.
    static func escapeText(_ text: String) -> String {
        XMLWriter.escaped(text, inAttribute: false)
    }

    /// An attribute value for double quotes, as ``XMLWriter`` escapes it.
    static func escapeAttribute(_ text: String) -> String {
        XMLWriter.escaped(text, inAttribute: true)
    }

    /// Turns parser events into indented lines. A start tag is held back until the next event shows
    /// whether the element is empty (`<a/>`), holds only text (`<a>text</a>`) or has children.
    struct Printer {
        let indentation: String
        let style: Style
        private(set) var output = ""
        private var depth = 0
        /// The start tag of the innermost element, not yet written, and the text seen inside it so far.
        private var heldStartTag: String?
        private var heldText = ""
        /// Text between child elements (mixed content), written on its own line when not blank.
        private var pendingText = ""

        init(indentation: String, style: Style) {
            self.indentation = indentation
            self.style = style
        }

        private func indent(_ level: Int) -> String {
            String(repeating: indentation, count: max(0, level))
        }

        private mutating func line(_ text: String, level: Int) {
            if !output.isEmpty { output += "\n" }
            output += indent(level) + text
        }

        /// Writes a held start tag as an open tag (the element has children) and any text it held.
        private mutating func releaseHeldTag() {
            guard let tag = heldStartTag else { return }
            line(tag + color(style.tag, ">"), level: depth - 1)
            heldStartTag = nil
            pendingText = heldText
            heldText = ""
        }

        private mutating func flushPendingText() {
            let trimmed = pendingText.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty { line(escapeText(trimmed), level: depth) }
            pendingText = ""
        }

        private func color(_ code: String, _ text: String) -> String {
            code.isEmpty ? text : code + text + style.reset
        }

        mutating func handle(_ event: XMLEvent) {
            switch event {
            case .startDocument(let version, let encoding, let standalone):
                guard let version else { return }
                var declaration = "<?xml version=\"\(version)\""
                if let encoding { declaration += " encoding=\"\(encoding)\"" }
                if let standalone { declaration += " standalone=\"\(standalone ? "yes" : "no")\"" }
                line(color(style.comment, declaration + "?>"), level: 0)
            case .doctype(let name, let publicID, let systemID):
                var text = "<!DOCTYPE \(name)"
                if let publicID {
                    text += " PUBLIC \"\(publicID)\"" + (systemID.map { " \"\($0)\"" } ?? "")
                } else if let systemID {
                    text += " SYSTEM \"\(systemID)\""
                }
                line(color(style.comment, text + ">"), level: 0)
            case .startElement(let name, let attributes):
                releaseHeldTag()
                flushPendingText()
                var tag = color(style.tag, "<" + name.qualifiedName)
                for attribute in attributes {
                    tag += " " + color(style.attributeName, attribute.name.qualifiedName) + "="
                    tag += color(style.attributeValue, "\"" + escapeAttribute(attribute.value) + "\"")
                }
                heldStartTag = tag
                depth += 1
            case .endElement(let name):
                if heldStartTag == nil { flushPendingText() }
                depth -= 1
                if let tag = heldStartTag {
                    heldStartTag = nil
                    if heldText.isEmpty {
                        line(tag + color(style.tag, "/>"), level: depth)
                    } else {
                        let text = heldText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "" : heldText
                        line(
                            tag + color(style.tag, ">") + escapeText(text)
                                + color(style.tag, "</\(name.qualifiedName)>"),
                            level: depth)
                    }
                    heldText = ""
                } else {
                    line(color(style.tag, "</\(name.qualifiedName)>"), level: depth)
                }
            case .characters(let text):
                if heldStartTag != nil { heldText += text } else { pendingText += text }
            case .cdata(let text):
                releaseHeldTag()
                flushPendingText()
                line("<![CDATA[" + text + "]]>", level: depth)
            case .comment(let text):
                releaseHeldTag()
                flushPendingText()
                line(color(style.comment, "<!--" + text + "-->"), level: depth)
            case .processingInstruction(let target, let data):
                releaseHeldTag()
                flushPendingText()
                line(color(style.comment, "<?\(target)\(data.isEmpty ? "" : " " + data)?>"), level: depth)
            case .startPrefixMapping, .endPrefixMapping, .endDocument:
                break
            }
        }
    }
}
