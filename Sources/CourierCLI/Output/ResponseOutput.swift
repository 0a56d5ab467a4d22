import Courier
import Foundation
import NIOCore
import NIOFoundationCompat

/// Prints one exchange whose response body is still streaming: the request (H, B), the notes of `-v`, the
/// response head (h), the body (b) and the metrics (m).
///
/// A body is only held in memory to be formatted or colored, and only up to ``formatLimit``: piped output,
/// `--stream` and `--pretty=none` write each chunk as it arrives, so memory stays flat whatever the size. A body
/// that fails midway is printed as far as it came before the error is thrown.
struct ResponseOutput {
    /// The largest body held to be pretty-printed; a bigger one is written raw as it arrives, with a note.
    static let formatLimit = 4 << 20

    let printer: ResponsePrinter
    let recorder: ExchangeRecorder
    /// Chunks are written as they arrive (`--stream`, or no formatting wanted).
    let streams: Bool
    /// `--stream`: line-delimited bodies are formatted line by line.
    let formatsLines: Bool
    let verbose: Bool
    /// Cache notes are printed without `-v` (a session's cache answered, on a terminal).
    let notesCacheHits: Bool
    /// The exchanges as they went over the wire: their heads as received, their protocol.
    let wire: WireRecorder
    /// `--all`: every exchange is printed (redirects, challenges), not only the last.
    let printsAllExchanges: Bool
    var formatLimit = Self.formatLimit

    /// Prints the exchange and returns the response with its final metrics.
    /// - Throws: The error that ended the body midway (a ``CourierError``), after what arrived was printed.
    func print(_ response: Response) async throws -> Response {
        var chunks = response.stream.makeAsyncIterator()
        var collected = ByteBuffer()
        var failure: (any Error)?
        if !streams {
            do {
                while let chunk = try await chunks.next() {
                    var chunk = chunk
                    collected.writeBuffer(&chunk)
                    if collected.readableBytes > formatLimit { break }
                }
            } catch {
                failure = error
            }
            if failure == nil, collected.readableBytes <= formatLimit {
                return await printWhole(response, body: Data(buffer: collected))
            }
        }

        printRequestAndRedirects(first: recorder.firstRequest ?? response.request)
        printer.printResponseHead(response, wire: wire.exchange(for: response))
        var preamble = printer.parts.contains("h") ? "\n" : ""
        if collected.readableBytes > formatLimit {
            preamble += printer.noteText(
                "the body is over \(formatLimit >> 20) MiB: shown as it arrives, not formatted")
        }
        let printsBody = printer.parts.contains("b")
        var body = StreamingBodyPrinter(
            printer: printer, mimeType: response.headerFields[.contentType],
            formatsLines: formatsLines && StreamingBodyPrinter.isLineDelimited(response.headerFields[.contentType]),
            preamble: preamble)
        if printsBody { body.write(collected) }
        collected = ByteBuffer()
        if failure == nil {
            // Read to the end even when the body is not printed, so the exchange completes (and a HAR has it).
            do {
                while let chunk = try await chunks.next() {
                    if printsBody { body.write(chunk) }
                }
            } catch {
                failure = error
            }
        }
        if printsBody { body.finish() }
        if let failure { throw failure }

        var finished = response
        finished.metrics = await recorder.finalMetrics()
        printCacheNotes(finished)
        if printer.parts.contains("m"), let metrics = finished.metrics { printer.printMetrics(metrics) }
        return finished
    }

    /// A body that fitted in memory: printed as before streaming existed, every part in order.
    private func printWhole(_ response: Response, body: Data) async -> Response {
        var whole = response
        whole.body = body.isEmpty ? .none : .data(body)
        whole.metrics = await recorder.finalMetrics()
        let first = whole.metrics?.transactionMetrics.first?.request ?? recorder.firstRequest ?? response.request
        printRequestAndRedirects(first: first)
        printCacheNotes(whole)
        printer.printResponse(whole, wire: wire.exchange(for: whole))
        return whole
    }

    private func printRequestAndRedirects(first: Request?) {
        let exchanges = wire.exchanges
        if printsAllExchanges, exchanges.count > 1 {
            // httpie's --all: each exchange before the last, its request (H, B) and its response (h, b).
            for exchange in exchanges.dropLast() {
                printer.printRequest(exchange.request, force: false, protocolName: exchange.protocolName)
                printer.printResponseHead(exchange.response, wire: exchange)
                if printer.parts.contains("b"), let body = exchange.redirectBody, !body.isEmpty {
                    if printer.parts.contains("h") { printer.io.writeOut("\n") }
                    printer.printBody(body, mimeType: exchange.response.headerFields[.contentType])
                }
                printer.io.writeOut("\n")
            }
            if let last = exchanges.last {
                printer.printRequest(last.request, force: false, protocolName: last.protocolName)
            }
        } else if let first {
            printer.printRequest(first, force: false, protocolName: exchanges.first?.protocolName)
        }
        if verbose {
            for note in recorder.redirectNotes { printer.printNote(note) }
        }
    }

    private func printCacheNotes(_ response: Response) {
        if verbose || (notesCacheHits && CacheOptions.isCacheHit(response)) {
            for note in CacheOptions.notes(for: response) { printer.printNote(note) }
        }
    }
}
