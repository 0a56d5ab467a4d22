import ArgumentParser
import Courier
import CourierFTP
import Foundation

/// `courier download URL [-o FILE] [--continue]`: saves a URL to a file through a download task, so the
/// bytes stream to `FILE.part` with a record of the validators beside it and can be continued later.
struct DownloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "download",
        abstract: "Save a URL to a file, resumably.",
        discussion: """
            The body streams to FILE.part, with FILE.part.json recording the URL and the server's \
            validators (ETag, Last-Modified), and is renamed to FILE when complete. If the transfer is \
            interrupted (or the process killed), run the same command with --continue: only the missing \
            bytes are fetched (Range + If-Range), or everything again if the file changed on the server.

            Without -o, the file is named from the URL (or the server's Content-Disposition), made safe, \
            in the current directory; an existing file of that name is kept and the download gets a -1, -2… \
            suffix (a.mp4-1, as httpie does), unless --overwrite. -o FILE names the file and replaces it. \
            Redirects are followed.

            Examples:
              courier download https://example.com/big.iso
              courier download https://example.com/big.iso -o /tmp/big.iso --continue
              courier download :8080/files/report.pdf -o ~/Downloads/
              courier download https://example.com/big.iso --durable

            With --durable the transfer runs in a durable session named after FILE (records under \
            $XDG_DATA_HOME/courier/durable/): it retries network failures by itself, waits for the \
            network to come back, and if the process is killed, running the same command again \
            re-attaches to the transfer and fetches only the missing bytes.
            """
    )

    @Argument(help: "The URL to download (:8080/path and host/path shorthands as for requests).")
    var url: String

    @Option(
        name: [.customShort("o"), .long],
        help: "The file to write, or an existing directory to write into (default: the current directory).")
    var output: String?

    @Flag(
        name: [.customShort("c"), .customLong("continue")],
        help: "Continue a partial download of the same URL left in FILE.part.")
    var continuePartial = false

    @Flag(
        help:
            "Replace an existing file of the name taken from the URL or Content-Disposition (by default a -1, -2… suffix keeps it, as httpie does)."
    )
    var overwrite = false

    @Flag(help: "Run in a durable session named after FILE: retries by itself, survives a crash (rerun to continue).")
    var durable = false

    // `.unconditional`: `--timeout -1` reads -1 as the value and is named, not reported as a missing value.
    @Option(parsing: .unconditional, help: "The idle timeout in seconds (default 30; 0 for none).")
    var timeout: Double?

    @Flag(help: "Use https:// for URLs without a scheme.")
    var https = false

    @Flag(
        name: .customLong("path-as-is"),
        help: "Send the URL's path as written; by default . and .. segments are resolved, as curl and httpie do.")
    var pathAsIs = false

    @OptionGroup var retryOptions: RetryOptions

    func validate() throws {
        if let timeout, !(timeout >= 0) {
            throw ValidationError(
                "--timeout must be 0 or more (0: no idle timeout), not \(RequestCommand.format(timeout))")
        }
        if output?.isEmpty == true { throw ValidationError("-o needs a file or directory name") }
        if durable && continuePartial { throw ValidationError("--durable continues by itself; leave out --continue") }
    }

    func run() async throws {
        let io = CLIIO.current
        InterruptExit.install()
        let url = try resolveURL(self.url)
        // A durable transfer continues by itself, so it looks for its partial file as --continue does.
        let chosen = try FileDownload.choose(
            output: output, for: url, continuing: continuePartial || durable, overwrite: overwrite)
        let destination = chosen.destination
        let resumeData = continuePartial ? FileDownload.partialDownload(at: destination, of: url, io: io) : nil

        var configuration =
            durable ? SessionConfiguration.durable(identifier: Self.durableIdentifier(for: destination)) : .ephemeral
        if durable {
            // Only the transfer is durable: cookies, credentials and cache stay in memory, as without it.
            let ephemeral = SessionConfiguration.ephemeral
            configuration.httpCookieStorage = ephemeral.httpCookieStorage
            configuration.urlCredentialStorage = ephemeral.urlCredentialStorage
            configuration.urlCache = nil
        }
        // A durable session retries until its resource timeout unless --retry caps it.
        if !durable || retryOptions.retries > 0 { retryOptions.apply(to: &configuration, verbose: false, io: io) }
        configuration.userAgent = RequestCommand.userAgent
        configuration.protocolHandlers.append(FTPProtocolHandler())
        // 0 turns the idle timeout off, as in httpie.
        if let timeout { configuration.timeoutIntervalForRequest = timeout == 0 ? .infinity : timeout }
        // What an earlier durable run kept, read before the session re-attaches and appends to it.
        let keptBytes = durable ? (try? DownloadResumeData(partialDownloadFor: destination))?.bytesOnDisk ?? 0 : 0
        let session: Session
        do {
            session = try Session(attaching: configuration)
        } catch let error as CourierError {
            io.writeError("courier: error: \(error.message)\n")
            throw CLIExit(status: CourierCLI.ExitStatus.failure)
        }
        var invalidated = false
        defer { if !invalidated { Task { await session.finishTasksAndInvalidate() } } }

        var reattached: (task: SessionTask?, keptBytes: Int64)?
        if durable {
            reattached = await reattachedDownload(of: url, in: session, to: destination, keptBytes: keptBytes)
            if let found = reattached, found.task == nil {
                io.writeError("saved \(destination.path) (finished before the earlier run ended)\n")
                return
            }
        }
        let task =
            reattached?.task
            ?? session.makeDownloadTask(with: Request(url: url), to: destination, resumingFrom: resumeData)
        _ = try await chosen.run(task, session: session, keptBytes: reattached?.keptBytes ?? 0, io: io)
        invalidated = true
    }

    // MARK: Durable

    /// The durable session's name for a download to `destination`: its file name made safe, and a hash of
    /// the whole path so that two directories do not share one.
    static func durableIdentifier(for destination: URL) -> String {
        let path = destination.standardizedFileURL.path
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let name = String(
            destination.lastPathComponent.unicodeScalars.prefix(64).map { scalar in
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "." || scalar == "-")
                    ? Character(scalar) : "_"
            })
        return "download-\(name)-\(String(hash, radix: 16))"
    }

    /// What an earlier run of the same durable download left: its task, started again by the session
    /// (with the bytes the partial file held), or `(nil, 0)` when it had finished; `nil` when there was
    /// nothing, and a new task is needed.
    func reattachedDownload(of url: URL, in session: Session, to destination: URL, keptBytes: Int64) async
        -> (task: SessionTask?, keptBytes: Int64)?
    {
        for await event in session.durableEvents {
            switch event {
            case .transferResumed(let task) where task.originalRequest.url != url:
                // An earlier run saved another URL to this file: this command replaces it.
                task.cancel()
            case .transferResumed(let task):
                // A resumed transfer's end comes only after it completes: take the task and stop reading.
                return (task, keptBytes)
            case .transferCompleted(let report)
            where report.error == nil && report.destination == destination && report.url == url:
                return (nil, 0)
            case .transferCompleted:
                continue
            case .didFinishEvents:
                return nil
            }
        }
        return nil
    }

    /// The URL with the request command's shorthands: `:8080/path` is localhost, no scheme means http://
    /// (https:// with --https), and `.`/`..` segments resolved unless `--path-as-is`.
    func resolveURL(_ text: String) throws -> URL {
        try RequestCommand.completedURL(text, https: https, pathAsIs: pathAsIs)
    }
}
