import ArgumentParser
import CourierSampleServer
import Dispatch
import Foundation

/// `courier serve`: the sample back end in the foreground.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the sample back end (every service the book's clients talk to) in the foreground.",
        discussion: """
            Examples:
              courier serve                       # http://127.0.0.1:8080
              courier serve --port 0 --tls        # a free port, plus HTTPS with a self-signed certificate
              courier serve --host 0.0.0.0 --data-dir ./sample-data

            Stop it with Ctrl-C. docs/SAMPLE-SERVER.md lists every endpoint.
            """
    )

    @Option(name: .long, help: "The interface to listen on.")
    var host: String = "127.0.0.1"

    @Option(name: .long, help: "The HTTP port (0 picks a free one).")
    var port: Int = 8080

    @Flag(
        name: .long,
        help: "Also serve HTTPS (self-signed certificate) and an HTTPS port that requires client certificates.")
    var tls = false

    @Option(name: .customLong("tls-port"), help: "The HTTPS port with --tls (0 picks a free one).")
    var tlsPort: Int = 8443

    @Option(
        name: .customLong("client-cert-port"),
        help: "The client-certificate HTTPS port with --tls (0 picks a free one).")
    var clientCertificatePort: Int = 8444

    @Option(
        name: .customLong("warehouse-port"), help: "The TCP port of the warehouse status socket (0 picks a free one).")
    var warehousePort: Int = 8023

    @Option(
        name: .customLong("data-dir"),
        help: "Where uploads, issued identities and certificates go (default: a new temporary directory).")
    var dataDirectory: String?

    @Option(name: .customLong("upload-limit"), help: "The largest upload accepted, in bytes.")
    var uploadLimit: Int = 32 * 1024 * 1024

    @Option(
        name: .customLong("ftp-port"),
        help: "Also serve FTP on 127.0.0.1 at this port (0 picks a free one): anonymous, or the user courier:courier.")
    var ftpPort: Int?

    @Flag(name: .long, help: "Do not log requests.")
    var quiet = false

    func validate() throws {
        for (name, value) in [
            ("--port", port), ("--tls-port", tlsPort), ("--client-cert-port", clientCertificatePort),
            ("--warehouse-port", warehousePort), ("--ftp-port", ftpPort ?? 0),
        ]
        where !(0...65535).contains(value) {
            throw ValidationError("\(name) must be between 0 and 65535, not \(value)")
        }
        guard uploadLimit > 0 else { throw ValidationError("--upload-limit must be positive") }
    }

    /// When the start failed because a port is taken: which one, and what to do.
    func busyPortMessage() -> String? {
        var candidates = [("--port", port), ("--warehouse-port", warehousePort)]
        if tls { candidates += [("--tls-port", tlsPort), ("--client-cert-port", clientCertificatePort)] }
        guard let (option, busy) = candidates.first(where: { $0.1 != 0 && PortProbe.isInUse(host: host, port: $0.1) })
        else { return nil }
        return ErrorLine.other(
            "port \(busy) on \(host) is already in use (\(option)); stop what holds it, choose another with \(option) N, or use \(option) 0 for a free one"
        )
    }

    func run() async throws {
        let io = CLIIO.current
        var configuration = SampleServerConfiguration(
            host: host, port: port, dataDirectory: dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) })
        configuration.tls = tls
        configuration.tlsPort = tlsPort
        configuration.clientCertificatePort = clientCertificatePort
        configuration.warehousePort = warehousePort
        configuration.uploadLimit = uploadLimit
        configuration.quiet = quiet
        let server: RunningSampleServer
        do {
            server = try await SampleServer.start(configuration)
        } catch {
            io.writeError((busyPortMessage() ?? ErrorLine.other("\(error)")) + "\n")
            throw CLIExit(status: CourierCLI.ExitStatus.failure)
        }
        var lines = ["Courier sample back end on \(server.baseURL.absoluteString)"]
        if let tlsURL = server.tlsURL, let certificate = server.serverCertificateFile {
            lines.append("  HTTPS (self-signed): \(tlsURL.absoluteString)   certificate: \(certificate.path)")
        }
        if let clientCertificateURL = server.clientCertificateURL {
            lines.append("  HTTPS with client certificates: \(clientCertificateURL.absoluteString)")
        }
        if let warehouse = server.warehousePort {
            lines.append("  warehouse status socket: tcp://\(host):\(warehouse)")
        }
        var ftp: SampleFTPServer?
        if let ftpPort {
            do {
                ftp = try await SampleFTPServer.start(Self.ftpContent, port: ftpPort)
            } catch {
                await server.stop()
                io.writeError(ErrorLine.other("cannot serve FTP on port \(ftpPort): \(error)") + "\n")
                throw CLIExit(status: CourierCLI.ExitStatus.failure)
            }
        }
        if let ftp {
            lines.append("  FTP: ftp://127.0.0.1:\(ftp.port)/ (anonymous, or courier:courier)")
        }
        lines.append("  data directory: \(configuration.dataDirectory.path)")
        lines.append("Press Ctrl-C to stop.")
        io.writeOut(lines.joined(separator: "\n") + "\n")

        let signals = SignalWaiter(signals: [SIGINT, SIGTERM])
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await signals.wait() }
            group.addTask { await server.waitUntilStopped() }
            await group.next()
            // Stopping the server also ends the child waiting for it.
            await server.stop()
            group.cancelAll()
        }
        signals.cancel()
        await ftp?.shutdown()
        io.writeError("stopped\n")
    }

    /// What `--ftp-port` serves: a README and a 1 MiB file to download and resume.
    static var ftpContent: SampleFTPServer.Configuration {
        let sample = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        return SampleFTPServer.Configuration(
            files: [
                "README": Data("Courier's sample FTP server. Try pub/sample.bin.\n".utf8), "pub/sample.bin": sample,
            ],
            users: ["courier": "courier"])
    }
}
