import Courier
import Foundation
import HTTPTypes
import Testing

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
}
