import ArgumentParser
import CourierSecurity
import Foundation
import Synchronization

/// Where the CLI reads and writes, replaceable in tests.
public struct CLIIO: Sendable {
    /// Writes text to standard output.
    public var writeOut: @Sendable (String) -> Void
    /// Writes bytes to standard output as they are (bodies that are not text, piped output).
    public var writeOutData: @Sendable (Data) -> Void
    /// Writes text to standard error (progress, warnings, error messages).
    public var writeError: @Sendable (String) -> Void
    /// Reads standard input to its end (a request body piped in).
    public var readStandardInput: @Sendable () -> Data
    /// Standard input line by line, as each line arrives (without its line break); the stream finishes at the end
    /// of input. By default the lines of ``readStandardInput``, read when the stream is made.
    public var standardInputLines: @Sendable () -> AsyncStream<String>
    /// Whether standard output is a terminal: then the CLI prints the status line, headers and a formatted,
    /// colored body; otherwise the body alone, as it came.
    public var isOutputTerminal: Bool
    /// Whether standard error is a terminal: progress lines and colors on standard error only then.
    public var isErrorTerminal: Bool
    /// The environment variables the commands read (such as `NO_COLOR`, proxy settings, `XDG_*` directories).
    public var environment: [String: String]
    /// Whether questions may be asked: standard input and standard error are a terminal. Never true for
    /// a capture, so tests cannot block on a prompt.
    public var isInteractive = false
    /// Whether standard input is a terminal (and so never the request body). True unless set, so an IO
    /// made without thinking of input never blocks on reading it.
    public var isInputTerminal = true

    /// Creates an IO from its parts; ``isInteractive`` starts `false` and ``isInputTerminal`` `true`.
    public init(
        writeOut: @escaping @Sendable (String) -> Void,
        writeOutData: @escaping @Sendable (Data) -> Void,
        writeError: @escaping @Sendable (String) -> Void,
        readStandardInput: @escaping @Sendable () -> Data,
        isOutputTerminal: Bool,
        isErrorTerminal: Bool,
        environment: [String: String]
    ) {
        self.writeOut = writeOut
        self.writeOutData = writeOutData
        self.writeError = writeError
        self.readStandardInput = readStandardInput
        self.standardInputLines = {
            let lines = Self.lines(of: readStandardInput())
            return AsyncStream { continuation in
                for line in lines { continuation.yield(line) }
                continuation.finish()
            }
        }
        self.isOutputTerminal = isOutputTerminal
        self.isErrorTerminal = isErrorTerminal
        self.environment = environment
    }

    /// The process's standard streams.
    public static var standard: CLIIO {
        var io = CLIIO(
            writeOut: { StandardStream.output.write(Data($0.utf8)) },
            writeOutData: { StandardStream.output.write($0) },
            writeError: { StandardStream.error.write(Data($0.utf8)) },
            readStandardInput: { FileHandle.standardInput.readDataToEndOfFile() },
            isOutputTerminal: isatty(STDOUT_FILENO) == 1,
            isErrorTerminal: isatty(STDERR_FILENO) == 1,
            environment: ProcessInfo.processInfo.environment
        )
        io.isInteractive = isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1
        io.isInputTerminal = isatty(STDIN_FILENO) == 1
        io.standardInputLines = {
            let (lines, continuation) = AsyncStream.makeStream(of: String.self)
            // A blocking read needs a thread of its own; it ends at the end of input (or with the process).
            Thread.detachNewThread {
                while let line = readLine(strippingNewline: true) {
                    continuation.yield(line.hasSuffix("\r") ? String(line.dropLast()) : line)
                }
                continuation.finish()
            }
            return lines
        }
        return io
    }

    /// The lines of `data` without their line breaks (`\n` or `\r\n`); text after the last break is a line too.
    static func lines(of data: Data) -> [String] {
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
    }

    /// Captures everything written, for tests.
    public final class Capture: Sendable {
        private let out = Mutex(Data())
        private let error = Mutex("")
        /// Creates an empty capture.
        public init() {}
        /// Everything written to standard output so far, decoded as UTF-8.
        public var standardOutput: String { String(decoding: out.withLock { $0 }, as: UTF8.self) }
        /// Everything written to standard output so far, as bytes.
        public var standardOutputData: Data { out.withLock { $0 } }
        /// Everything written to standard error so far.
        public var standardError: String { error.withLock { $0 } }

        /// An IO writing into this capture.
        public func io(
            input: Data = Data(), terminal: Bool = false, environment: [String: String] = [:]
        ) -> CLIIO {
            var io = CLIIO(
                writeOut: { text in self.out.withLock { $0.append(Data(text.utf8)) } },
                writeOutData: { data in self.out.withLock { $0.append(data) } },
                writeError: { text in self.error.withLock { $0 += text } },
                readStandardInput: { input },
                isOutputTerminal: terminal,
                isErrorTerminal: terminal,
                environment: environment
            )
            // The given input is what a pipe would bring (empty: /dev/null).
            io.isInputTerminal = false
            return io
        }
    }

    /// This IO with standard output going to a new (or emptied) file instead, as a redirection would send it.
    /// - Throws: A `ValidationError` naming the file when it cannot be created.
    func writingOutput(toFile path: String) throws -> CLIIO {
        let expanded = (path as NSString).expandingTildeInPath
        guard FileManager.default.createFile(atPath: expanded, contents: nil),
            let handle = FileHandle(forWritingAtPath: expanded)
        else {
            throw ValidationError(
                "-o \(path): cannot create the file (does its directory exist and may it be written?)")
        }
        var io = self
        io.writeOut = { text in try? handle.write(contentsOf: Data(text.utf8)) }
        io.writeOutData = { data in try? handle.write(contentsOf: data) }
        io.isOutputTerminal = false
        return io
    }

    @TaskLocal static var current: CLIIO = .standard
}

/// Standard output or error, written with `write(2)`. When the reader has gone (`courier URL | head -c 10`,
/// `| true`), the write fails with `EPIPE` (SIGPIPE is ignored): the stream is marked closed and later writes
/// are dropped, so the command finishes quietly, as httpie does, instead of trapping in `FileHandle.write`.
final class StandardStream: Sendable {
    static let output = StandardStream(descriptor: STDOUT_FILENO)
    static let error = StandardStream(descriptor: STDERR_FILENO)

    private let descriptor: Int32
    private let closed = Atomic<Bool>(false)

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Whether a write found the reader gone.
    var isClosed: Bool { closed.load(ordering: .relaxed) }

    func write(_ data: Data) {
        guard !isClosed else { return }
        if data.withUnsafeBytes({ DescriptorWrite.all($0, to: descriptor) }) != nil {
            // EPIPE (the reader left) or another failure: nothing more can be shown.
            closed.store(true, ordering: .relaxed)
        }
    }
}
