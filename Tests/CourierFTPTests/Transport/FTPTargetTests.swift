import Courier
import Foundation
import HTTPTypes
import Testing

@testable import CourierFTP

@Suite struct FTPTargetTests {
    func request(_ string: String, method: HTTPRequest.Method = .get) throws -> Request {
        Request(url: try #require(URL(string: string)), method: method)
    }

    @Test func readsUserPasswordAndPathFromTheURL() throws {
        let target = try FTPTarget(try request("ftp://al%20ice:p%40ss@files.example:2121/pub/a%20b.txt"))
        #expect(target.host == "files.example")
        #expect(target.port == 2121)
        #expect(target.user == "al ice")
        #expect(target.password == "p@ss")
        #expect(target.path == "pub/a b.txt")
        #expect(target.operation == .retrieve(offset: 0))
    }

    @Test func prefersTheURLsUserOverAStoredCredential() throws {
        let stored = Credential.user("bob", password: "b")
        #expect(try FTPTarget(try request("ftp://al:x@h/f"), storedCredential: stored).user == "al")
        #expect(try FTPTarget(try request("ftp://h/f"), storedCredential: stored).user == "bob")
        let anonymous = try FTPTarget(try request("ftp://h/f"))
        #expect(anonymous.user == "anonymous")
        #expect(anonymous.password == "courier@")
    }

    @Test func choosesTheOperation() throws {
        #expect(try FTPTarget(try request("ftp://h/")).operation == .list)
        #expect(try FTPTarget(try request("ftp://h")).operation == .list)
        #expect(try FTPTarget(try request("ftp://h/pub/")).path == "pub")
        #expect(try FTPTarget(try request("ftp://h/up", method: .put)).operation == .store)
        var resumed = try request("ftp://h/f")
        try resumed.setValue("bytes=42-", forHTTPHeaderField: "Range")
        #expect(try FTPTarget(resumed).operation == .retrieve(offset: 42))
        #expect(throws: CourierError.self) { try FTPTarget(try request("ftp://h/f", method: .delete)) }
    }

    @Test(arguments: ["ftp://h/a%0D%0ADELE%20b", "ftp://h/a%0Ab", "ftp://u%0D:p@h/f", "ftp://h/a%00b"])
    func refusesCommandInjection(url: String) throws {
        let error = #expect(throws: CourierError.self) { try FTPTarget(try request(url)) }
        #expect(error?.code == .badURL)
    }
}
