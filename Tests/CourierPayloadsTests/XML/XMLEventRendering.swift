import CourierPayloads

/// Renders events as short strings for exact comparisons, joining adjacent `characters` events
/// (the parser may split text anywhere).
func render(_ events: [XMLEvent]) -> [String] {
    var lines: [String] = []
    var text: String?
    func flush() {
        if let pending = text { lines.append("t:" + pending) }
        text = nil
    }
    for event in events {
        if case .characters(let chunk) = event {
            text = (text ?? "") + chunk
            continue
        }
        flush()
        switch event {
        case .startDocument(let version, let encoding, let standalone):
            var line = "start"
            if let version { line += " v=\(version)" }
            if let encoding { line += " e=\(encoding)" }
            if let standalone { line += " s=\(standalone)" }
            lines.append(line)
        case .doctype(let name, let publicID, let systemID):
            lines.append("doctype \(name) \(publicID ?? "-") \(systemID ?? "-")")
        case .startPrefixMapping(let prefix, let uri):
            lines.append("ns \(prefix)=\(uri)")
        case .endPrefixMapping(let prefix):
            lines.append("/ns \(prefix)")
        case .startElement(let name, let attributes):
            var line = "<" + renderName(name)
            for attribute in attributes { line += " \(renderName(attribute.name))=\(attribute.value)" }
            lines.append(line + ">")
        case .endElement(let name):
            lines.append("</" + renderName(name) + ">")
        case .cdata(let content):
            lines.append("cdata:" + content)
        case .comment(let content):
            lines.append("!" + content)
        case .processingInstruction(let target, let data):
            lines.append("?\(target) \(data)")
        case .endDocument:
            lines.append("end")
        case .characters:
            break
        }
    }
    flush()
    return lines
}

private func renderName(_ name: XMLName) -> String {
    guard let uri = name.namespaceURI else { return name.qualifiedName }
    return "\(name.qualifiedName)@\(uri)"
}

/// What parsing a document produced: its rendered events and the error that stopped it, if any.
struct ParseOutcome: Equatable, CustomStringConvertible {
    var events: [String]
    var error: XMLParseError?

    var description: String {
        "events: \(events)" + (error.map { ", error: \($0)" } ?? "")
    }
}

/// Parses `bytes` fed as the given chunks (split at `cuts`, ascending offsets).
func parse(
    _ bytes: [UInt8], cuts: [Int] = [], processesNamespaces: Bool = true,
    limits: XMLStreamParser.Limits = XMLStreamParser.Limits()
) -> ParseOutcome {
    var parser = XMLStreamParser(processesNamespaces: processesNamespaces, limits: limits)
    var events: [XMLEvent] = []
    var start = 0
    do {
        for cut in cuts + [bytes.count] {
            try parser.feed(bytes[start..<cut]) { events.append($0) }
            start = cut
        }
        try parser.finish { events.append($0) }
        return ParseOutcome(events: render(events), error: nil)
    } catch let error as XMLParseError {
        return ParseOutcome(events: render(events), error: error)
    } catch {
        return ParseOutcome(events: render(events), error: nil)
    }
}
