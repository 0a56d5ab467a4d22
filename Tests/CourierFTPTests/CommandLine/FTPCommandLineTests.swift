import Courier
import CourierSampleServer
import Foundation
import Testing

@testable import CourierCLI

/// `courier ftp://…` and `courier download ftp://…` against ``SampleFTPServer``, through the command line's
/// own entry point.
@Suite("courier with ftp:// URLs", .timeLimit(.minutes(1)))
struct FTPCommandLineTests {
    static let payload = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ ($0 >> 8)) })
    static let readme = Data("Welcome to the fake FTP server.\n".utf8)

    func run(_ arguments: [String], terminal: Bool = false) async -> (status: Int32, out: Data, error: String) {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: arguments, io: capture.io(terminal: terminal))
        return (status, capture.standardOutputData, capture.standardError)
    }

    func withServer(
        _ behaviour: SampleFTPServer.Configuration = SampleFTPServer.Configuration(
            files: ["pub/big.bin": payload, "README": readme]),
        _ body: (SampleFTPServer, URL) async throws -> Void
    ) async throws {
        let server = try await SampleFTPServer.start(behaviour)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-cli-ftp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try await body(server, directory)
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
    }

    func base(_ server: SampleFTPServer, user: String = "") -> String {
        "ftp://\(user)127.0.0.1:\(server.port)"
    }

    @Test func printsAFile() async throws {
        try await withServer { server, _ in
            let result = await run([base(server) + "/README"])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.out == Self.readme)
            #expect(server.commands.contains("RETR README"))
        }
    }

    @Test func pipesABinaryFileByteForByte() async throws {
        try await withServer { server, _ in
            let result = await run([base(server) + "/pub/big.bin"])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.out == Self.payload)
        }
    }

    @Test func printsTheListingAsTheServerSentItIntoAPipe() async throws {
        try await withServer { server, _ in
            let result = await run([base(server) + "/"])
            #expect(result.status == 0, "\(result.error)")
            let text = String(decoding: result.out, as: UTF8.self)
            #expect(text.contains("type=file;size=200000; pub/big.bin\r\n"))
            #expect(server.commands.contains("MLSD"))
        }
    }

    @Test func formatsTheListingOnRequest() async throws {
        try await withServer { server, _ in
            let result = await run(["--pretty", "format", base(server) + "/"])
            #expect(result.status == 0, "\(result.error)")
            let lines = String(decoding: result.out, as: UTF8.self).split(separator: "\n").map(String.init)
            #expect(lines == ["file       32  -  README", "file  200 000  -  pub/big.bin"])
        }
    }

    @Test func formatsAUnixListingWhenTheServerLacksMLSD() async throws {
        var behaviour = SampleFTPServer.Configuration(files: ["README": Self.readme])
        behaviour.supportsMLSD = false
        try await withServer(behaviour) { server, _ in
            let result = await run(["--pretty", "format", base(server) + "/"])
            #expect(result.status == 0, "\(result.error)")
            #expect(String(decoding: result.out, as: UTF8.self) == "file  32  Nov 25 18:44  README\n")
            #expect(server.commands.contains("LIST"))
        }
    }

    @Test func logsInWithAuth() async throws {
        var behaviour = SampleFTPServer.Configuration(files: ["README": Self.readme])
        behaviour.users = ["alice": "s3cret"]
        behaviour.allowsAnonymous = false
        try await withServer(behaviour) { server, _ in
            let result = await run(["-a", "alice:s3cret", base(server) + "/README"])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.out == Self.readme)
            #expect(server.commands.contains("USER alice"))
        }
    }

    @Test func aWrongPasswordFailsWithoutRepeatingIt() async throws {
        var behaviour = SampleFTPServer.Configuration(files: ["README": Self.readme])
        behaviour.users = ["alice": "s3cret"]
        behaviour.allowsAnonymous = false
        try await withServer(behaviour) { server, _ in
            let result = await run([base(server, user: "alice:wrong-one@") + "/README"])
            #expect(result.status == 1)
            #expect(result.out.isEmpty)
            #expect(result.error.contains("530"), "\(result.error)")
            #expect(!result.error.contains("wrong-one"))
        }
    }

    @Test func aMissingFileIsOneClearLine() async throws {
        try await withServer { server, _ in
            let result = await run([base(server) + "/nope.txt"])
            #expect(result.status == 1)
            #expect(result.error.hasPrefix("courier: error:"), "\(result.error)")
            #expect(result.error.contains("550"), "\(result.error)")
            #expect(result.error.split(separator: "\n").count == 1, "\(result.error)")
        }
    }

    @Test func downloadsAFile() async throws {
        try await withServer { server, directory in
            let file = directory.appendingPathComponent("big.bin")
            let result = await run(["download", base(server) + "/pub/big.bin", "-o", file.path])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.error.contains("saved \(file.path)"), "\(result.error)")
            #expect((try? Data(contentsOf: file)) == Self.payload)
        }
    }

    @Test func downloadNamesTheFileFromTheURL() async throws {
        try await withServer { server, directory in
            let result = await run(["download", base(server) + "/pub/big.bin", "-o", directory.path + "/"])
            #expect(result.status == 0, "\(result.error)")
            #expect((try? Data(contentsOf: directory.appendingPathComponent("big.bin"))) == Self.payload)
        }
    }

    /// The first transfer breaks off; `--continue` asks only for the rest (`REST`) and the file comes out
    /// whole.
    @Test func anInterruptedDownloadContinuesWithREST() async throws {
        var behaviour = SampleFTPServer.Configuration(files: ["pub/big.bin": Self.payload])
        behaviour.closeFirstRetrievalAfter = 70_000
        try await withServer(behaviour) { server, directory in
            let file = directory.appendingPathComponent("big.bin")
            let url = base(server) + "/pub/big.bin"
            let first = await run(["download", url, "-o", file.path])
            #expect(first.status != 0)
            #expect(first.error.contains("--continue"), "\(first.error)")
            #expect(!FileManager.default.fileExists(atPath: file.path))

            let second = await run(["download", url, "-o", file.path, "--continue"])
            #expect(second.status == 0, "\(second.error)")
            #expect((try? Data(contentsOf: file)) == Self.payload)
            #expect(server.commands.contains("REST 70000"), "\(server.commands)")
        }
    }
}
