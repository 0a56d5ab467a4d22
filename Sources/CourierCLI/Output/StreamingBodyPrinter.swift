import Foundation
import NIOCore
import NIOFoundationCompat

/// Writes a response body chunk by chunk as it arrives, keeping nothing but the line being formatted.
///
/// - Piped or redirected, the bytes go out as they are.
/// - On a terminal, a binary body is counted, not shown (one note at the end says how big it was), and a
///   text body that does not end with a newline gets one, so the prompt starts on a line of its own.
/// - With `--stream`, `text/event-stream` and JSON Lines bodies come out line by line, each line
///   formatted (JSON re-indented and colored as the style says).
struct StreamingBodyPrinter {
    /// The longest line kept for formatting; a longer one is written raw as it comes.
    static let maximumLineLength = 1 << 20

    let printer: ResponsePrinter
    let mimeType: String?
    /// Lines are formatted one by one (`--stream` with an event stream or JSON Lines).
    let formatsLines: Bool
    /// Text written before the first byte of body (the blank line after printed headers, a note).
    var preamble: String

    private(set) var bytesSeen = 0
    private var isBinary: Bool?
    private var endsWithNewline = true
    private var pendingLine: [UInt8] = []
    private var lineOverflowed = false

    init(printer: ResponsePrinter, mimeType: String?, formatsLines: Bool, preamble: String) {
        self.printer = printer
        self.mimeType = mimeType
        self.formatsLines = formatsLines
        self.preamble = preamble
    }

    /// Whether `--stream` formats bodies of this type line by line.
    static func isLineDelimited(_ mimeType: String?) -> Bool {
        guard let essence = mimeType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        else { return false }
        return [
            "text/event-stream", "application/x-ndjson", "application/jsonl", "application/x-jsonlines",
            "application/jsonlines", "application/json-seq",
        ].contains(essence)
    }

    private var io: CLIIO { printer.io }

    mutating func write(_ chunk: ByteBuffer) {
        guard chunk.readableBytes > 0 else { return }
        bytesSeen += chunk.readableBytes
        if isBinary == nil {
            isBinary =
                io.isOutputTerminal
                && (ResponsePrinter.isBinaryType(mimeType) || chunk.readableBytesView.contains(0))
            if isBinary == false { writePreamble() }
        }
        if isBinary == true { return }
        endsWithNewline = chunk.readableBytesView.last == UInt8(ascii: "\n")
        if formatsLines && !lineOverflowed {
            writeLines(chunk)
        } else {
            io.writeOutData(Data(buffer: chunk, byteTransferStrategy: .noCopy))
        }
    }

    /// Ends the body: the last partial line, the binary note, a final newline on a terminal.
    mutating func finish() {
        if isBinary == true {
            writePreamble()
            let type = mimeType.map { ", " + $0 } ?? ""
            printer.printNote(
                "binary data not shown in terminal (\(bytesSeen) bytes\(type)); redirect the output to save it",
                marker: "+")
            return
        }
        if !pendingLine.isEmpty {
            writeLine(pendingLine)
            pendingLine.removeAll()
            endsWithNewline = true
        }
        if io.isOutputTerminal, bytesSeen > 0, !endsWithNewline { io.writeOut("\n") }
    }

    private mutating func writePreamble() {
        guard !preamble.isEmpty else { return }
        io.writeOut(preamble)
        preamble = ""
    }

    private mutating func writeLines(_ chunk: ByteBuffer) {
        let bytes = chunk.readableBytesView
        var start = bytes.startIndex
        while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            pendingLine.append(contentsOf: bytes[start..<newline])
            writeLine(pendingLine)
            pendingLine.removeAll(keepingCapacity: true)
            start = bytes.index(after: newline)
        }
        pendingLine.append(contentsOf: bytes[start...])
        if pendingLine.count > Self.maximumLineLength {
            // Not line-delimited after all: stop formatting and pass the rest through.
            lineOverflowed = true
            io.writeOutData(Data(pendingLine))
            pendingLine.removeAll()
        }
    }

    private func writeLine(_ bytes: [UInt8]) {
        var line = String(decoding: bytes, as: UTF8.self)
        if line.hasSuffix("\r") { line.removeLast() }
        io.writeOut(printer.formatStreamedLine(line, mimeType: mimeType) + "\n")
    }
}
