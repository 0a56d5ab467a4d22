import Courier
import Foundation
import NIOCore
import Testing

@testable import CourierFTP

@Suite struct FTPErrorMappingTests {
    /// A connect that timed out is `timedOut`, like every other step's timeout and HTTP's connect timeout; under a
    /// starved event loop a 1 s step could time out while connecting, and read as `cannotConnectToHost`.
    @Test func aConnectTimeoutIsTimedOutAndARefusalCannotConnect() throws {
        let request = Request(url: try #require(URL(string: "ftp://127.0.0.1:21/f")))
        let timedOut = FTPErrorMapping.connectFailure(
            ChannelError.connectTimeout(.seconds(1)), target: "the FTP server 127.0.0.1:21", outcome: .notSent,
            request: request)
        #expect(timedOut.code == .timedOut)
        #expect(timedOut.outcome == .notSent)
        #expect(timedOut.message.contains("127.0.0.1:21 timed out"))
        let refused = FTPErrorMapping.connectFailure(
            IOError(errnoCode: ECONNREFUSED, reason: "connect"), target: "the FTP data port 2021", outcome: .failed,
            request: request)
        #expect(refused.code == .cannotConnectToHost)
        #expect(refused.outcome == .failed)
        #expect(refused.message.contains("the FTP data port 2021"))
    }
}
