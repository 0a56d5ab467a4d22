import Courier
import Foundation
import HTTPTypes
import Testing

@testable import CourierCLI
@testable import CourierFTP

/// The handler against real FTP servers (pyftpdlib and vsftpd) that `.ci/interop/ftp.sh` starts; skipped
/// unless `COURIER_INTEROP=1`. `COURIER_FTP_INTEROP_SERVERS` lists `name=ftp://host:port` pairs, and each
/// server serves `hello.txt`, `big.bin` (1 MiB of `(i * 31) % 256`) and a writable `incoming/` to the user
/// `COURIER_FTP_INTEROP_USER` / `COURIER_FTP_INTEROP_PASSWORD`, read-only to anonymous.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["COURIER_INTEROP"] == "1"))
struct FTPInteropTests {
    static var servers: [String] {
        let list = ProcessInfo.processInfo.environment["COURIER_FTP_INTEROP_SERVERS"] ?? ""
        return list.split(separator: ",").map(String.init)
    }

    static let big = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })

    struct Peer {
        let name: String
        let base: URL
        let store = CredentialStore()
        let session: Session

        init(_ entry: String) throws {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            name = parts.first ?? entry
            base = try #require(URL(string: parts.count == 2 ? parts[1] : entry))
            var configuration = SessionConfiguration.ephemeral
            configuration.protocolHandlers = [FTPProtocolHandler(timeout: 20, credentialStore: store)]
            session = Session(configuration: configuration)
        }

        func url(_ path: String) -> URL { base.appendingPathComponent(path) }

        func logIn(password: String? = nil) throws {
            let environment = ProcessInfo.processInfo.environment
            let user = environment["COURIER_FTP_INTEROP_USER"] ?? "courier"
            let secret = password ?? environment["COURIER_FTP_INTEROP_PASSWORD"] ?? ""
            try store.set(.user(user, password: secret), for: ProtectionSpace(url: base))
        }
    }

    @Test(arguments: servers)
    func downloadsAnonymously(server: String) async throws {
        let peer = try Peer(server)
        let response = try await peer.session.data(from: peer.url("hello.txt"))
        #expect(response.text == "hello from courier interop\n", "\(peer.name)")
        let big = try await peer.session.data(from: peer.url("big.bin"))
        #expect(big.data == Self.big, "\(peer.name)")
        #expect(big.expectedContentLength == Int64(Self.big.count), "\(peer.name)")
        await peer.session.invalidateAndCancel()
    }

    @Test(arguments: servers)
    func resumesSendingOnlyTheRemainder(server: String) async throws {
        let peer = try Peer(server)
        var request = Request(url: peer.url("big.bin"))
        try request.setValue("bytes=1000000-", forHTTPHeaderField: "Range")
        let response = try await peer.session.data(for: request)
        #expect(response.status.code == 206, "\(peer.name)")
        #expect(response.data == Self.big.dropFirst(1_000_000), "\(peer.name)")
        await peer.session.invalidateAndCancel()
    }

    @Test(arguments: servers)
    func listsTheRoot(server: String) async throws {
        let peer = try Peer(server)
        let response = try await peer.session.data(from: peer.base.appendingPathComponent("/"))
        let format: FTPListing.Format =
            response.value(forHTTPHeaderField: "Content-Type")?.contains("mlsd") == true ? .mlsd : .list
        let listing = FTPListing(response.data, format: format)
        #expect(Set(listing.entries.map(\.name)).isSuperset(of: ["hello.txt", "big.bin", "incoming"]), "\(peer.name)")
        #expect(listing.entries.first { $0.name == "big.bin" }?.size == Int64(Self.big.count), "\(peer.name)")
        await peer.session.invalidateAndCancel()
    }

    @Test(arguments: servers)
    func uploadsAsTheUserAndReadsBack(server: String) async throws {
        let peer = try Peer(server)
        try peer.logIn()
        let name = "incoming/upload-\(UUID().uuidString).bin"
        let body = Data("uploaded by courier \(peer.name)".utf8)
        let stored = try await peer.session.upload(for: Request(url: peer.url(name), method: .put), from: body)
        #expect(stored.status.code == 201, "\(peer.name)")
        let readBack = try await peer.session.data(from: peer.url(name))
        #expect(readBack.data == body, "\(peer.name)")
        await peer.session.invalidateAndCancel()
    }

    @Test(arguments: servers)
    func aMissingFileAndAWrongPasswordMapToCourierErrors(server: String) async throws {
        let peer = try Peer(server)
        do {
            _ = try await peer.session.data(from: peer.url("no-such-file.txt"))
            Issue.record("\(peer.name): expected fileDoesNotExist")
        } catch let error as CourierError {
            #expect(error.code == .fileDoesNotExist, "\(peer.name): \(error)")
        }
        try peer.logIn(password: "wrong")
        do {
            _ = try await peer.session.data(from: peer.url("hello.txt"))
            Issue.record("\(peer.name): expected userAuthenticationRequired")
        } catch let error as CourierError {
            #expect(error.code == .userAuthenticationRequired, "\(peer.name): \(error)")
        }
        await peer.session.invalidateAndCancel()
    }

    /// `MDTM` gives a `Last-Modified`, and a resume whose `If-Range` carries it gets only the remainder: the
    /// exchange `courier download --continue` relies on.
    @Test(arguments: servers)
    func aResumeValidatedByTheModificationTimeSendsOnlyTheRemainder(server: String) async throws {
        let peer = try Peer(server)
        let whole = try await peer.session.data(from: peer.url("big.bin"))
        let modified = try #require(whole.value(forHTTPHeaderField: "Last-Modified"), "\(peer.name)")
        var request = Request(url: peer.url("big.bin"))
        try request.setValue("bytes=1040000-", forHTTPHeaderField: "Range")
        try request.setValue(modified, forHTTPHeaderField: "If-Range")
        let rest = try await peer.session.data(for: request)
        #expect(rest.status.code == 206, "\(peer.name)")
        #expect(rest.data == Self.big.dropFirst(1_040_000), "\(peer.name)")
        try request.setValue("Mon, 01 Jan 2001 00:00:00 GMT", forHTTPHeaderField: "If-Range")
        let changed = try await peer.session.data(for: request)
        #expect(changed.status.code == 200, "\(peer.name)")
        #expect(changed.data == Self.big, "\(peer.name)")
        await peer.session.invalidateAndCancel()
    }

    /// The command line on the same servers: a file printed, the listing printed, a download saved.
    @Test(arguments: servers)
    func theCommandLinePrintsListsAndDownloads(server: String) async throws {
        let peer = try Peer(server)
        func run(_ arguments: [String]) async -> (Int32, Data, String) {
            let capture = CLIIO.Capture()
            let status = await CourierCLI.run(arguments: arguments, io: capture.io())
            return (status, capture.standardOutputData, capture.standardError)
        }
        let (printed, text, printError) = await run([peer.url("hello.txt").absoluteString])
        #expect(printed == 0, "\(peer.name): \(printError)")
        #expect(String(decoding: text, as: UTF8.self) == "hello from courier interop\n", "\(peer.name)")

        let (listed, listing, listError) = await run(["--pretty", "format", peer.base.absoluteString + "/"])
        #expect(listed == 0, "\(peer.name): \(listError)")
        let lines = String(decoding: listing, as: UTF8.self).split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("dir ") && $0.hasSuffix("incoming/") }, "\(peer.name): \(lines)")
        #expect(lines.contains { $0.hasPrefix("file") && $0.contains("1 048 576") && $0.hasSuffix("big.bin") })

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-ftp-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("big.bin")
        let (saved, _, saveError) = await run(["download", peer.url("big.bin").absoluteString, "-o", file.path])
        #expect(saved == 0, "\(peer.name): \(saveError)")
        #expect((try? Data(contentsOf: file)) == Self.big, "\(peer.name)")
        await peer.session.invalidateAndCancel()
    }

    /// A real server (pyftpdlib, its RETR answering 150 and then sending nothing on the passive data
    /// connection) stalls: the request fails with `timedOut` within the handler's step timeout, not later.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["COURIER_FTP_INTEROP_STALLING"] != nil))
    func aServerThatStallsInPassiveModeTimesOut() async throws {
        let text = ProcessInfo.processInfo.environment["COURIER_FTP_INTEROP_STALLING"] ?? ""
        let base = try #require(URL(string: text))
        var configuration = SessionConfiguration.ephemeral
        configuration.protocolHandlers = [FTPProtocolHandler(timeout: 2)]
        let session = Session(configuration: configuration)
        let clock = ContinuousClock()
        let start = clock.now
        do {
            _ = try await session.data(from: base.appendingPathComponent("hello.txt"))
            Issue.record("a stalled transfer succeeded")
        } catch let error as CourierError {
            #expect(error.code == .timedOut, "\(error)")
        }
        // The step timeout is 2 s; the bound is explicit and generous, for a loaded machine.
        #expect(clock.now - start < .seconds(30))
        await session.invalidateAndCancel()
    }
}
