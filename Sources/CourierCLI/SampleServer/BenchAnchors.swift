import Foundation

/// The Foundation anchors of `courier bench` (URLSession, `XMLParser`), measured by the `courier-bench-anchors`
/// executable in a process of its own: linking FoundationNetworking (and libcurl with it) and FoundationXML into
/// `courier` would add about 9 MB to the resident memory of every command, for a comparison few runs need.
struct BenchAnchors {
    /// The `courier-bench-anchors` executable.
    let executable: String

    /// How to get the anchors when they are missing.
    static let missingNote =
        "URLSession and XMLParser anchors skipped: build them with "
        + "`swift build -c release --product courier-bench-anchors` (they are found beside `courier`, or through "
        + "COURIER_BENCH_ANCHORS)"

    /// The executable named by `COURIER_BENCH_ANCHORS`, or the one beside this process's executable; `nil` when
    /// neither exists.
    static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> BenchAnchors? {
        var candidates: [String] = []
        if let given = environment["COURIER_BENCH_ANCHORS"], !given.isEmpty { candidates.append(given) }
        if let executable = Bundle.main.executableURL {
            candidates.append(
                executable.deletingLastPathComponent().appendingPathComponent("courier-bench-anchors").path)
        }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return nil
        }
        return BenchAnchors(executable: found)
    }

    /// `count` URLSession GETs of `url` per round, `rounds` times, after one to warm the connection.
    func urlSession(_ url: URL, count: Int, rounds: Int) throws -> [BenchMeasurement] {
        try lines(["urlsession", url.absoluteString, String(count), String(rounds)]).map { fields in
            BenchMeasurement(perSecond: fields[0], cpuMicroseconds: fields[1])
        }
    }

    /// Foundation's `XMLParser` over `file`, `rounds` times: MB/s and the elements it counted, per round.
    func xmlParser(_ file: URL, rounds: Int) throws -> [(megabytesPerSecond: Double, elements: Int)] {
        try lines(["xml", file.path, String(rounds)]).map { fields in (fields[0], Int(fields[1])) }
    }

    /// Runs the anchors and reads one line of two numbers per round.
    private func lines(_ arguments: [String]) throws -> [[Double]] {
        let errorFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-bench-anchors-\(UUID().uuidString).err").path
        defer { try? FileManager.default.removeItem(atPath: errorFile) }
        let result = try ChildProcess.run(executable, arguments, captureOutput: true, errorFile: errorFile)
        guard result.status == 0 else {
            // Its own last line says why (for example the URLSession error); the status alone says nothing.
            let said =
                (try? String(contentsOfFile: errorFile, encoding: .utf8))?
                .split(separator: "\n").last.map { ": " + $0 } ?? ""
            throw TourFailure("courier-bench-anchors \(arguments[0]) failed with status \(result.status)\(said)")
        }
        let rows = result.output.split(separator: "\n").map { line in
            line.split(separator: " ").compactMap { Double($0) }
        }
        guard !rows.isEmpty, rows.allSatisfy({ $0.count == 2 }) else {
            throw TourFailure("courier-bench-anchors \(arguments[0]) printed something unexpected: \(result.output)")
        }
        return rows
    }
}
