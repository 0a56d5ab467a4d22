import ArgumentParser
import Courier
import Foundation

/// One response body saved to a file, as `courier download` and the request form's `-d/--download` save it:
/// where it goes (never over an unrelated file unless asked), the progress line, the error report and the
/// summary line.
struct FileDownload {
    /// The file the task writes (through `FILE.part`).
    var destination: URL
    /// Whether `-o` named the file itself: it is then written whatever is there, and Content-Disposition
    /// does not rename it.
    var namedByUser: Bool
    /// `--overwrite`: a name taken from the URL or Content-Disposition replaces a file of that name.
    var overwrite: Bool

    /// The highest `-N` suffix tried before giving up on finding a free name.
    static let maximumSuffix = 9_999

    /// Where to save `url`: `-o FILE` as given; otherwise the name from the URL, in the directory `-o` names
    /// or the current one, with `-1`, `-2`… appended (httpie's `a.mp4-1`) when a file of that name exists,
    /// unless `overwrite`. With `continuing`, a name whose `.part` file exists is taken, so that a continued
    /// download finds the partial file an earlier run left under a suffixed name.
    /// - Throws: A `ValidationError` when every suffix up to ``maximumSuffix`` is taken.
    static func choose(output: String?, for url: URL, continuing: Bool, overwrite: Bool) throws -> FileDownload {
        let fromURL = Response(status: .ok, url: url).suggestedFilename
        var directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        if let output {
            let expanded = NSString(string: output).expandingTildeInPath
            var isDirectory: ObjCBool = false
            let namesDirectory =
                output.hasSuffix("/")
                || (FileManager.default.fileExists(atPath: expanded, isDirectory: &isDirectory)
                    && isDirectory.boolValue)
            guard namesDirectory else {
                return FileDownload(destination: URL(fileURLWithPath: expanded), namedByUser: true, overwrite: true)
            }
            directory = URL(fileURLWithPath: expanded, isDirectory: true)
        }
        let proposed = directory.appendingPathComponent(fromURL)
        let destination = overwrite ? proposed : try freeName(for: proposed, continuing: continuing)
        return FileDownload(destination: destination, namedByUser: false, overwrite: overwrite)
    }

    /// `file`, or `file-1`, `file-2`… : the first that does not exist (with `continuing`, the first whose
    /// partial file exists, if one comes before).
    /// - Throws: A `ValidationError` when every suffix up to ``maximumSuffix`` is taken.
    static func freeName(for file: URL, continuing: Bool) throws -> URL {
        let directory = file.deletingLastPathComponent()
        for suffix in 0...maximumSuffix {
            let name = suffix == 0 ? file.lastPathComponent : "\(file.lastPathComponent)-\(suffix)"
            let candidate = directory.appendingPathComponent(name)
            if continuing, FileManager.default.fileExists(atPath: candidate.path + ".part") { return candidate }
            if !FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        throw ValidationError(
            "\(file.path) and its -1 to -\(maximumSuffix) variants all exist; name the file with -o or pass --overwrite"
        )
    }

    /// The record of a partial download of `url` at `destination`, or `nil` (with a note) to start over.
    static func partialDownload(at destination: URL, of url: URL, io: CLIIO) -> DownloadResumeData? {
        let found: DownloadResumeData
        do {
            found = try DownloadResumeData(partialDownloadFor: destination)
        } catch {
            io.writeError("courier: note: no partial download of \(destination.path) to continue; starting over\n")
            return nil
        }
        guard found.isRecord(of: url) else {
            io.writeError(
                "courier: note: \(destination.lastPathComponent).part holds \(found.url.absoluteString), not this URL; starting over\n"
            )
            return nil
        }
        return found
    }

    /// Runs `task` (a download task to ``destination``) to its end with a progress line on standard error;
    /// then renames the file as the server's Content-Disposition says (unless the user named it), waits for
    /// `session` to count the task done, and prints the summary (`saved FILE (146.5 KiB)`).
    /// - Parameters:
    ///   - keptBytes: What an earlier run already saved, for the summary.
    ///   - onHead: Called with the final response head when it arrives, before the body is saved.
    /// - Returns: Where the file was saved.
    /// - Throws: What ``report(_:io:)`` makes of a failed transfer; a file system error when the rename fails.
    func run(
        _ task: SessionTask, session: Session, keptBytes: Int64, io: CLIIO,
        onHead: (@Sendable (Response) -> Void)? = nil
    ) async throws -> URL {
        let events = task.events
        let watcher = Task {
            var line = DownloadProgressLine(terminal: io.isErrorTerminal)
            var resumedAt: Int64 = 0
            for await event in events {
                switch event {
                case .didReceiveResponse(let head):
                    onHead?(head)
                case .didResumeAtOffset(let offset, _):
                    resumedAt = offset
                    line.resumed(at: offset)
                case .didWriteData(_, let total, let expected):
                    if let text = line.update(written: total, expected: expected) { io.writeError(text) }
                default:
                    break
                }
            }
            if let end = line.finish() { io.writeError(end) }
            return resumedAt
        }
        task.resume()
        let response: Response
        do {
            response = try await task.value
        } catch let error as CourierError {
            _ = await watcher.value
            throw report(error, io: io)
        }
        let resumedAt = max(await watcher.value, keptBytes)
        // Wait until the session has counted the task done: a durable transfer's record is removed only
        // then, and the process must not exit before that.
        await session.finishTasksAndInvalidate()

        var saved = destination
        if !namedByUser, response.value(forHTTPHeaderField: "Content-Disposition") != nil {
            let proposed = destination.deletingLastPathComponent().appendingPathComponent(response.suggestedFilename)
            if proposed != destination {
                let named = overwrite ? proposed : try Self.freeName(for: proposed, continuing: false)
                if overwrite { _ = try? FileManager.default.removeItem(at: named) }
                try FileManager.default.moveItem(at: destination, to: named)
                saved = named
            }
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: saved.path)[.size] as? Int64) ?? nil
        var summary = "saved \(saved.path)"
        if let size { summary += " (\(DownloadProgressLine.byteCount(size))" }
        if resumedAt > 0 { summary += ", continued from byte \(resumedAt)" }
        if size != nil { summary += ")" }
        io.writeError(summary + "\n")
        return saved
    }

    /// The error to end with, after saying what happened to the partial file: 3, 4 or 5 for an HTTP status
    /// (httpie's `--download` exits so), 1 with a `--continue` hint when bytes were kept.
    func report(_ error: CourierError, io: CLIIO) -> any Error {
        if case .http(let status) = error.kind {
            io.writeError("courier: error: \(error.description)\n")
            switch status {
            case 300..<400: return CLIExit(status: CourierCLI.ExitStatus.redirect3xx)
            case 400..<500: return CLIExit(status: CourierCLI.ExitStatus.clientError4xx)
            case 500..<600: return CLIExit(status: CourierCLI.ExitStatus.serverError5xx)
            default: return CLIExit(status: CourierCLI.ExitStatus.failure)
            }
        }
        if let resumeData = error.downloadResumeData {
            io.writeError(
                "courier: error: \(error.description)\ncourier: \(resumeData.bytesOnDisk) bytes are kept in \(resumeData.partialFile.path); run the same command with --continue to resume\n"
            )
            return CLIExit(status: CourierCLI.ExitStatus.failure)
        }
        return error
    }
}
