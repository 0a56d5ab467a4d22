import Foundation
import NIOPosix
import Testing

@testable import Courier

/// Against `openssl s_server -Verify 1` (a client certificate is required), started by the test on a free port.
/// Runs only with `COURIER_INTEROP=1`, as it needs the `openssl` command.
@Suite("OpenSSL interop", .enabled(if: ProcessInfo.processInfo.environment["COURIER_INTEROP"] == "1"))
struct OpenSSLInteropTests {
    /// A running `openssl s_server` and the port it took.
    struct Server {
        let process: Process
        let port: Int
        let directory: URL

        func stop() {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// Starts `openssl s_server` with the PKI's leaf and intermediate, requiring a client certificate under its
    /// root, and waits for the `ACCEPT host:port` line it prints when listening.
    private func startServer(_ pki: TestPKI) async throws -> Server {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-s_server-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let files = [
            "leaf.pem": pki.leaf.pem, "key.pem": pki.leaf.key.pemRepresentation, "chain.pem": pki.intermediate.pem,
            "root.pem": pki.root.pem,
        ]
        for (name, contents) in files {
            try contents.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.currentDirectoryURL = directory
        process.arguments = [
            "openssl", "s_server", "-accept", "127.0.0.1:0", "-cert", "leaf.pem", "-key", "key.pem", "-cert_chain",
            "chain.pem", "-CAfile", "root.pem", "-Verify", "1", "-www", "-naccept", "1",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let port = await Self.acceptedPort(output.fileHandleForReading)
        guard let port else {
            process.terminate()
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: directory)
            throw CancellationError()
        }
        return Server(process: process, port: port, directory: directory)
    }

    /// Reads the server's output until `ACCEPT 127.0.0.1:PORT` (or its end, or 64 KiB) on a thread of its own, as
    /// the read blocks.
    private static func acceptedPort(_ handle: FileHandle) async -> Int? {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var text = ""
                while text.utf8.count < 65_536 {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    text += String(decoding: chunk, as: UTF8.self)
                    if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("ACCEPT ") }),
                        let port = line.split(separator: ":").last.flatMap({
                            Int($0.trimmingCharacters(in: .whitespaces))
                        })
                    {
                        continuation.resume(returning: port)
                        return
                    }
                }
                continuation.resume(returning: nil)
            }
        }
    }

    @Test func theClientCertificateIsChosenOnCertificateRequestFromOpenSSL() async throws {
        let pki = try TestPKI()
        let client = try pki.leaf(
            commonName: "Courier Test Client", dnsNames: [], ipAddresses: [], usages: [.clientAuth])
        let identity = TLSClientIdentity(
            certificateChain: [client.nioCertificate, pki.intermediate.nioCertificate], privateKey: client.nioKey)
        let log = TLSClientIdentityTests.ProviderLog()
        let server = try await startServer(pki)
        defer { server.stop() }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        do {
            let factory = try TLSClientProfileFactory(
                evaluator: CertificateChainEvaluator(roots: pki.anchorsOnly), applicationProtocols: [],
                clientIdentity: .onRequest(log.provider(answering: identity)))
            let response = try await TestTLSClient.exchange(
                profile: try factory.makeProfile(host: "localhost", port: server.port), host: "localhost",
                port: server.port, request: "GET / HTTP/1.0\r\n\r\n", group: group)
            #expect(response.hasPrefix("HTTP/1.0 200"))
            #expect(response.contains("Client certificate"))
            #expect(response.contains("CN = Courier Test Client") || response.contains("CN=Courier Test Client"))
            #expect(log.calls.withLock { $0 } == ["localhost:\(server.port)"])
        } catch {
            try await group.shutdownGracefully()
            throw error
        }
        try await group.shutdownGracefully()
    }
}
