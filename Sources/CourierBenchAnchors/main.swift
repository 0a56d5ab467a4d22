import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(FoundationXML)
    import FoundationXML
#endif
#if canImport(Glibc)
    import Glibc
#endif

// `courier-bench-anchors`: the Foundation anchors of `courier bench`, in a process of their own, so that the
// `courier` binary links neither FoundationNetworking (and libcurl with it) nor FoundationXML, which would add
// about 9 MB to the resident memory of every `courier` command.
//
//   courier-bench-anchors urlsession URL COUNT ROUNDS   one line per round: requests/s and CPU µs per request
//   courier-bench-anchors xml FILE ROUNDS               one line per round: MB/s and the elements counted
//
// Exit status 0 on success, 1 when a measurement failed, 2 for bad arguments; errors are one line on stderr.

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("courier-bench-anchors: error: \(message)\n".utf8))
    exit(status)
}

func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// Counts start tags, as `XMLStreamParser`'s side of the comparison does.
final class ElementCounter: NSObject, XMLParserDelegate {
    var elements = 0
    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String]
    ) {
        elements += 1
    }
}

func measureURLSession(url: URL, count: Int, rounds: Int) async {
    let session = URLSession(configuration: .ephemeral)
    func get() async throws {
        let (_, response) = try await session.data(from: url)
        guard let status = (response as? HTTPURLResponse)?.statusCode, status == 200 else {
            throw URLError(.badServerResponse)
        }
    }
    do {
        try await get()  // warm the connection
        for _ in 0..<rounds {
            let cpuStart = cpuSeconds()
            let started = ContinuousClock.now
            for _ in 0..<count { try await get() }
            let wall = seconds(since: started)
            let cpu = cpuSeconds() - cpuStart
            print(String(format: "%.3f %.3f", Double(count) / wall, cpu / Double(count) * 1e6))
        }
    } catch {
        fail("URLSession failed: \(error)", status: 1)
    }
    session.invalidateAndCancel()
}

func measureXML(file: URL, rounds: Int) {
    guard let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil else {
        fail("cannot read \(file.path)", status: 1)
    }
    for _ in 0..<rounds {
        // From a stream, as the payload benchmark reads it (XMLParser(data:) refuses large documents here).
        guard let stream = InputStream(url: file) else { fail("cannot read \(file.path)", status: 1) }
        let counter = ElementCounter()
        let parser = XMLParser(stream: stream)
        parser.delegate = counter
        let started = ContinuousClock.now
        guard parser.parse() else {
            fail("Foundation's XMLParser failed: \(String(describing: parser.parserError))", status: 1)
        }
        print(String(format: "%.3f %d", Double(size) / seconds(since: started) / 1e6, counter.elements))
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "urlsession":
    guard arguments.count == 4, let url = URL(string: arguments[1]), let count = Int(arguments[2]), count > 0,
        let rounds = Int(arguments[3]), rounds > 0
    else { fail("usage: courier-bench-anchors urlsession URL COUNT ROUNDS", status: 2) }
    await measureURLSession(url: url, count: count, rounds: rounds)
case "xml":
    guard arguments.count == 3, let rounds = Int(arguments[2]), rounds > 0 else {
        fail("usage: courier-bench-anchors xml FILE ROUNDS", status: 2)
    }
    measureXML(file: URL(fileURLWithPath: arguments[1]), rounds: rounds)
default:
    fail("usage: courier-bench-anchors urlsession URL COUNT ROUNDS | xml FILE ROUNDS", status: 2)
}
