import CourierLinks
import CourierSecurity
import Foundation
import Synchronization
import Testing

@Suite struct SingleSignOnTests {
    /// A provider that accepts one password and issues a token valid for an hour from `now`.
    static func provider(now: Date) -> SingleSignOn.Provider {
        { username, password in
            guard password == "secret" else {
                throw LinkError(.authenticationFailed, "wrong password")
            }
            return SSOToken(value: "token-for-\(username)", expiresAt: now.addingTimeInterval(3600))
        }
    }

    @Test func oneLoginSignsInEveryProgramOfTheGroupAndNoOther() async throws {
        let directory = TemporaryDirectory()
        let start = Date(timeIntervalSince1970: 1_000_000)
        let directoryApp = try SingleSignOn(group: "com.acme.sso", directory: directory.url, now: { start })
        try await directoryApp.authenticate(username: "alice", password: "secret", using: Self.provider(now: start))

        let recordsApp = try SingleSignOn(group: "com.acme.sso", directory: directory.url, now: { start })
        #expect(try await recordsApp.credentialsAreValid())
        #expect(try recordsApp.currentUser() == "alice")
        #expect(try recordsApp.token()?.value == "token-for-alice")

        let outsider = try SingleSignOn(group: "com.other.sso", directory: directory.url, now: { start })
        #expect(try await outsider.credentialsAreValid() == false)
        #expect(try outsider.currentUser() == nil)
    }

    @Test func logoutDeletesTheTokenAndKeepsTheUserName() async throws {
        let directory = TemporaryDirectory()
        let now = Date()
        let sso = try SingleSignOn(directory: directory.url, now: { now })
        try await sso.authenticate(username: "alice", password: "secret", using: Self.provider(now: now))
        try sso.logout()
        #expect(try await sso.credentialsAreValid() == false)
        #expect(try sso.token() == nil)
        #expect(try sso.currentUser() == "alice")
        try sso.logout()
        try sso.forgetUser()
        #expect(try sso.currentUser() == nil)
    }

    @Test func anExpiredTokenIsNotValid() async throws {
        let directory = TemporaryDirectory()
        let clock = Mutex(Date(timeIntervalSince1970: 1_000_000))
        let sso = try SingleSignOn(directory: directory.url, now: { clock.withLock { $0 } })
        try await sso.authenticate(
            username: "alice", password: "secret", using: Self.provider(now: clock.withLock { $0 }))
        #expect(try await sso.credentialsAreValid())
        clock.withLock { $0 = $0.addingTimeInterval(3600) }
        #expect(try await sso.credentialsAreValid() == false)
    }

    @Test func theOnlineCheckDecidesWhenGiven() async throws {
        let directory = TemporaryDirectory()
        let sso = try SingleSignOn(directory: directory.url)
        try await sso.authenticate(username: "alice", password: "secret", using: Self.provider(now: Date()))
        #expect(try await sso.credentialsAreValid { _, _ in false } == false)
        #expect(
            try await sso.credentialsAreValid { user, token in user == "alice" && token.value == "token-for-alice" })
        await #expect {
            try await sso.credentialsAreValid { _, _ in throw CancellationError() }
        } throws: { ($0 as? LinkError)?.code == .authenticationFailed }
    }

    @Test func aRefusedLoginStoresNothing() async throws {
        let directory = TemporaryDirectory()
        let sso = try SingleSignOn(directory: directory.url)
        await #expect {
            try await sso.authenticate(username: "alice", password: "wrong", using: Self.provider(now: Date()))
        } throws: { error in
            let linkError = error as? LinkError
            return linkError?.code == .authenticationFailed && linkError?.message.contains("wrong password") == true
        }
        #expect(try sso.currentUser() == nil)
        await #expect {
            try await sso.authenticate(username: "", password: "secret", using: Self.provider(now: Date()))
        } throws: { ($0 as? LinkError)?.code == .authenticationFailed }
    }

    @Test func accountOnlySharingKeepsTheTokenPrivate() async throws {
        let directory = TemporaryDirectory()
        let privateStore = try SecureStore(accessGroup: "com.acme.directory", directory: directory.url)
        let sso = try SingleSignOn(directory: directory.url, policy: .shareAccountOnly(privateStore: privateStore))
        try await sso.authenticate(username: "alice", password: "secret", using: Self.provider(now: Date()))
        #expect(try await sso.credentialsAreValid())

        let otherApp = try SingleSignOn(directory: directory.url)
        #expect(try otherApp.currentUser() == "alice")
        #expect(try otherApp.token() == nil)
        #expect(try await otherApp.credentialsAreValid() == false)
    }

    @Test func tokensNeverPrintTheirValue() {
        let token = SSOToken(value: "very-secret", expiresAt: nil)
        #expect(!token.description.contains("very-secret"))
    }
}
