import Foundation

/// A child of the benchmark (this executable run as `child ROLE …`), with its standard output read line by line on a
/// thread of its own.
final class BenchProcess {
    private let process = Process()
    private var lines: AsyncStream<String>.AsyncIterator

    init(_ arguments: [String]) throws {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["child"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        lines = stream.makeAsyncIterator()
        let descriptor = output.fileHandleForReading.fileDescriptor
        try process.run()
        Thread.detachNewThread {
            var pending: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                pending.append(contentsOf: chunk[..<count])
                while let newline = pending.firstIndex(of: 10) {
                    continuation.yield(String(decoding: pending[..<newline], as: UTF8.self))
                    pending.removeSubrange(...newline)
                }
            }
            continuation.finish()
        }
    }

    /// The fields of the next line that starts with `word` (lines before it are skipped).
    func expect(_ word: String) async throws -> [String] {
        while let line = await lines.next() {
            let fields = line.split(separator: " ").map(String.init)
            if fields.first == word { return Array(fields.dropFirst()) }
            if fields.first == "timeout" || fields.first == "unknown" { break }
        }
        throw BenchFailure("the child (\(process.arguments?.joined(separator: " ") ?? "")) ended without \"\(word)\"")
    }

    /// The port in the child's `ready` line.
    func port() async throws -> Int {
        guard let port = try await expect("ready").first.flatMap({ Int($0) }) else {
            throw BenchFailure("the child's ready line has no port")
        }
        return port
    }

    /// The count and receipt time of the child's `done` line.
    func done() async throws -> (count: Int, last: UInt64) {
        let fields = try await expect("done")
        guard fields.count == 2, let count = Int(fields[0]), let last = UInt64(fields[1]) else {
            throw BenchFailure("the child's done line is malformed: \(fields)")
        }
        return (count, last)
    }

    deinit {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
