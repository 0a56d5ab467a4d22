import Courier
import CourierSampleServer
import Foundation
import Testing

@testable import CourierFTP

/// The handler through a real ``Courier/Session`` against ``SampleFTPServer``.
@Suite struct FTPProtocolHandlerTests {
    static let payload = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })

    func withServer(
        _ behaviour: SampleFTPServer.Configuration = SampleFTPServer.Configuration(files: ["dir/data.bin": payload]),
        timeout: TimeInterval = 30,
        credentialStore: CredentialStore? = nil,
        sessionCredentialStore: CredentialStore? = nil,
        _ body: (SampleFTPServer, Session) async throws -> Void
    ) async throws {
        let server = try await SampleFTPServer.start(behaviour)
        var configuration = SessionConfiguration.ephemeral
        configuration.protocolHandlers = [FTPProtocolHandler(timeout: timeout, credentialStore: credentialStore)]
        configuration.urlCredentialStorage = sessionCredentialStore
        let session = Session(configuration: configuration)
        do {
            try await body(server, session)
        } catch {
            await session.invalidateAndCancel()
            await server.shutdown()
            throw error
        }
        await session.invalidateAndCancel()
        await server.shutdown()
    }

    func url(_ server: SampleFTPServer, _ path: String, user: String = "") throws -> URL {
        try #require(URL(string: "ftp://\(user)127.0.0.1:\(server.port)/\(path)"))
    }

    func courierError(_ body: () async throws -> Void) async -> CourierError? {
        do {
            try await body()
            Issue.record("expected an error")
            return nil
        } catch let error as CourierError {
            return error
        } catch {
            Issue.record("expected a CourierError, got \(error)")
            return nil
        }
    }

    @Test func downloadsAFileAnonymouslyInBinaryOverEPSV() async throws {
        try await withServer { server, session in
            let response = try await session.data(from: try url(server, "dir/data.bin"))
            #expect(response.status.code == 200)
            #expect(response.data == Self.payload)
            #expect(response.expectedContentLength == Int64(Self.payload.count))
            let commands = server.commands
            #expect(commands.contains("USER anonymous"))
            #expect(commands.contains("TYPE I"))
            #expect(commands.contains("SIZE dir/data.bin"))
            #expect(commands.contains("EPSV"))
            #expect(!commands.contains("PASV"))
            #expect(commands.contains("RETR dir/data.bin"))
        }
    }

    func aliceServer() -> SampleFTPServer.Configuration {
        var behaviour = SampleFTPServer.Configuration(files: ["f": Data("x".utf8)])
        behaviour.users = ["alice": "s3cret"]
        behaviour.allowsAnonymous = false
        return behaviour
    }

    @Test func logsInWithTheCredentialStoredForTheServer() async throws {
        let store = CredentialStore()
        try await withServer(aliceServer(), credentialStore: store) { server, session in
            let target = try url(server, "f")
            try store.set(.user("alice", password: "s3cret"), for: ProtectionSpace(url: target))
            let response = try await session.data(from: target)
            #expect(response.data == Data("x".utf8))
            #expect(server.commands.prefix(2) == ["USER alice", "PASS s3cret"])
        }
    }

    /// The session takes `user:password@` out of the URL before any handler sees the request (so that it is
    /// never logged or recorded) and hands it over as ``Courier/Request/credentialFromURL``.
    @Test func logsInWithTheUserAndPasswordOfTheURLThroughASession() async throws {
        try await withServer(aliceServer()) { server, session in
            let response = try await session.data(from: try url(server, "f", user: "alice:s3cret@"))
            #expect(response.data == Data("x".utf8))
            #expect(server.commands.prefix(2) == ["USER alice", "PASS s3cret"])
        }
    }

    @Test func aWrongPasswordInTheURLIsNeverRepeatedInTheError() async throws {
        try await withServer(aliceServer()) { server, session in
            let error = await courierError {
                _ = try await session.data(from: try url(server, "f", user: "alice:n0t-this-one@"))
            }
            #expect(error?.code == .userAuthenticationRequired)
            #expect(error.map { String(describing: $0).contains("n0t-this-one") } == false)
        }
    }

    @Test func logsInWithTheSessionsCredentialStoreWhenTheHandlerHasNone() async throws {
        let store = CredentialStore()
        try await withServer(aliceServer(), sessionCredentialStore: store) { server, session in
            let target = try url(server, "f")
            try store.set(.user("alice", password: "s3cret"), for: ProtectionSpace(url: target))
            let response = try await session.data(from: target)
            #expect(response.data == Data("x".utf8))
            #expect(server.commands.prefix(2) == ["USER alice", "PASS s3cret"])
        }
    }

    @Test func aWrongPasswordIsUserAuthenticationRequired() async throws {
        let store = CredentialStore()
        try await withServer(aliceServer(), credentialStore: store) { server, session in
            let target = try url(server, "f")
            try store.set(.user("alice", password: "wrong"), for: ProtectionSpace(url: target))
            let error = await courierError { _ = try await session.data(from: target) }
            #expect(error?.code == .userAuthenticationRequired)
            #expect(error?.message.contains("530") == true)
        }
    }

    @Test func anonymousLoginRefusedIsUserAuthenticationRequired() async throws {
        try await withServer(aliceServer()) { server, session in
            let error = await courierError { _ = try await session.data(from: try url(server, "f")) }
            #expect(error?.code == .userAuthenticationRequired)
            #expect(server.commands.prefix(2) == ["USER anonymous", "PASS courier@"])
        }
    }

    @Test func aMissingFileIsFileDoesNotExist() async throws {
        try await withServer { server, session in
            let error = await courierError { _ = try await session.data(from: try url(server, "nope.txt")) }
            #expect(error?.code == .fileDoesNotExist)
        }
    }

    @Test func resumesWithRESTAndAnswers206() async throws {
        try await withServer { server, session in
            var request = Request(url: try url(server, "dir/data.bin"))
            try request.setValue("bytes=4000-", forHTTPHeaderField: "Range")
            let response = try await session.data(for: request)
            #expect(response.status.code == 206)
            #expect(response.data == Self.payload.dropFirst(4000))
            #expect(response.value(forHTTPHeaderField: "Content-Range") == "bytes 4000-9999/10000")
            #expect(server.commands.contains("REST 4000"))
        }
    }

    @Test func theModificationTimeFromMDTMIsTheLastModifiedHeader() async throws {
        try await withServer { server, session in
            let response = try await session.data(from: try url(server, "dir/data.bin"))
            #expect(response.value(forHTTPHeaderField: "Last-Modified") == "Wed, 25 Nov 2026 18:44:00 GMT")
            #expect(server.commands.contains("MDTM dir/data.bin"))
        }
    }

    @Test func aServerWithoutMDTMStillServesTheFileWithoutLastModified() async throws {
        var behaviour = SampleFTPServer.Configuration(files: ["f": Self.payload])
        behaviour.modificationTime = nil
        try await withServer(behaviour) { server, session in
            let response = try await session.data(from: try url(server, "f"))
            #expect(response.data == Self.payload)
            #expect(response.value(forHTTPHeaderField: "Last-Modified") == nil)
        }
    }

    @Test func anIfRangeThatStillMatchesResumesWithREST() async throws {
        try await withServer { server, session in
            var request = Request(url: try url(server, "dir/data.bin"))
            try request.setValue("bytes=4000-", forHTTPHeaderField: "Range")
            try request.setValue("Wed, 25 Nov 2026 18:44:00 GMT", forHTTPHeaderField: "If-Range")
            let response = try await session.data(for: request)
            #expect(response.status.code == 206)
            #expect(response.data == Self.payload.dropFirst(4000))
            #expect(server.commands.contains("REST 4000"))
        }
    }

    /// The file changed since the partial copy was taken: the whole new file comes back, never its tail
    /// spliced onto the old bytes.
    @Test func anIfRangeForAnOlderVersionSendsTheWholeFile() async throws {
        var behaviour = SampleFTPServer.Configuration(files: ["dir/data.bin": Self.payload])
        behaviour.modificationTime = "20261126090000.250"
        try await withServer(behaviour) { server, session in
            var request = Request(url: try url(server, "dir/data.bin"))
            try request.setValue("bytes=4000-", forHTTPHeaderField: "Range")
            try request.setValue("Wed, 25 Nov 2026 18:44:00 GMT", forHTTPHeaderField: "If-Range")
            let response = try await session.data(for: request)
            #expect(response.status.code == 200)
            #expect(response.data == Self.payload)
            #expect(response.value(forHTTPHeaderField: "Last-Modified") == "Thu, 26 Nov 2026 09:00:00 GMT")
            #expect(!server.commands.contains { $0.hasPrefix("REST") })
        }
    }

    @Test func mdtmTimesParseOnlyInTheirOwnForm() {
        #expect(FTPConversation.parseModificationTime("20261125184400")?.timeIntervalSince1970 == 1_795_632_240)
        #expect(FTPConversation.parseModificationTime("20261125184400.123") != nil)
        for bad in ["", "2026112518440", "202611251844000", "2026-11-25 18:44", "20261345184400", "abcdefghijklmn"] {
            #expect(FTPConversation.parseModificationTime(bad) == nil, "\(bad)")
        }
    }

    @Test func fallsBackToPASVWhenEPSVIsRefused() async throws {
        var behaviour = SampleFTPServer.Configuration(files: ["f": Self.payload])
        behaviour.supportsEPSV = false
        try await withServer(behaviour) { server, session in
            let response = try await session.data(from: try url(server, "f"))
            #expect(response.data == Self.payload)
            #expect(server.commands.contains("PASV"))
        }
    }

    @Test func refusesAPASVAddressOnAnotherHost() async throws {
        var behaviour = SampleFTPServer.Configuration(files: ["f": Self.payload])
        behaviour.supportsEPSV = false
        behaviour.passiveHost = "10.9.8.7"
        try await withServer(behaviour) { server, session in
            let error = await courierError { _ = try await session.data(from: try url(server, "f")) }
            #expect(error?.code == .badServerResponse)
            #expect(error?.message.contains("bounce") == true)
            #expect(!server.commands.contains("RETR f"))
        }
    }

    @Test func listsADirectoryWithMLSD() async throws {
        let behaviour = SampleFTPServer.Configuration(files: ["a.txt": Data("aa".utf8), "b.bin": Data([1, 2, 3])])
        try await withServer(behaviour) { server, session in
            let response = try await session.data(from: try url(server, ""))
            #expect(response.value(forHTTPHeaderField: "Content-Type")?.contains("x-ftp-listing=mlsd") == true)
            let listing = FTPListing(response.data, format: .mlsd)
            #expect(
                listing.entries == [
                    FTPListingEntry(name: "a.txt", kind: .file, size: 2),
                    FTPListingEntry(name: "b.bin", kind: .file, size: 3),
                ])
        }
    }

    @Test func listsWithLISTWhenMLSDIsUnknown() async throws {
        var behaviour = SampleFTPServer.Configuration(files: ["a.txt": Data("aa".utf8)])
        behaviour.supportsMLSD = false
        try await withServer(behaviour) { server, session in
            let response = try await session.data(from: try url(server, ""))
            #expect(response.value(forHTTPHeaderField: "Content-Type")?.contains("x-ftp-listing=list") == true)
            let listing = FTPListing(response.data, format: .list)
            #expect(listing.entries.map(\.name) == ["a.txt"])
            #expect(server.commands.contains("LIST"))
        }
    }

    @Test func uploadsWithSTOR() async throws {
        try await withServer { server, session in
            let body = Data("uploaded bytes".utf8)
            let response = try await session.upload(
                for: Request(url: try url(server, "incoming/up.bin"), method: .put), from: body)
            #expect(response.status.code == 201)
            #expect(server.uploads["incoming/up.bin"] == body)
        }
    }

    @Test func acceptsAMultiLineGreetingWithGarbageInside() async throws {
        var behaviour = SampleFTPServer.Configuration(files: ["f": Data("x".utf8)])
        behaviour.greeting = ["220-Welcome", "\u{1}\u{2} garbage 999 not a code", "220 ready"]
        try await withServer(behaviour) { server, session in
            let response = try await session.data(from: try url(server, "f"))
            #expect(response.data == Data("x".utf8))
        }
    }

    @Test func aGarbageGreetingIsABadServerResponse() async throws {
        var behaviour = SampleFTPServer.Configuration()
        behaviour.greeting = ["SSH-2.0-OpenSSH_9.2"]
        try await withServer(behaviour) { server, session in
            let error = await courierError { _ = try await session.data(from: try url(server, "f")) }
            #expect(error?.code == .badServerResponse)
        }
    }

    @Test func aDataConnectionClosedEarlyIsAnError() async throws {
        var behaviour = SampleFTPServer.Configuration(files: ["f": Self.payload])
        behaviour.closeDataAfter = 100
        try await withServer(behaviour) { server, session in
            let error = await courierError { _ = try await session.data(from: try url(server, "f")) }
            #expect(error?.code == .networkConnectionLost)
            #expect(error?.message.contains("100 of 10000") == true)
        }
    }

    @Test func aStalledDataConnectionTimesOut() async throws {
        var behaviour = SampleFTPServer.Configuration(files: ["f": Self.payload])
        behaviour.stallsData = true
        try await withServer(behaviour, timeout: 1) { server, session in
            let error = await courierError { _ = try await session.data(from: try url(server, "f")) }
            #expect(error?.code == .timedOut)
        }
    }

    @Test func aLineBreakInThePathIsRefusedBeforeConnecting() async throws {
        try await withServer { server, session in
            let error = await courierError {
                _ = try await session.data(from: try url(server, "a%0D%0ADELE%20b"))
            }
            #expect(error?.code == .badURL)
            #expect(server.commands.isEmpty)
        }
    }
}
