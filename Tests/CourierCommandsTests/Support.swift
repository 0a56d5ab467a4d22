import Courier
import CourierCommands
import CourierTesting
import Foundation
import HTTPTypes
import Synchronization

/// The demo back end in miniature: `POST /auth/login` (user "ann", password "secret") answers
/// `{"token": "t-N"}`; `GET /feeds/uploads` needs `Authorization: Bearer` with the latest token.
final class FeedServer: Sendable {
    struct Counters {
        var token: String?
        var logins = 0
        var feeds = 0
    }

    /// The server's state, shared with its handler.
    final class State: Sendable {
        let counters = Mutex(Counters())
    }

    let server: TestServer
    private let state: State

    var baseURL: URL { server.url("/") }
    var loginCount: Int { state.counters.withLock { $0.logins } }
    var feedCount: Int { state.counters.withLock { $0.feeds } }

    private init(server: TestServer, state: State) {
        self.server = server
        self.state = state
    }

    static func start() async throws -> FeedServer {
        let state = State()
        let server = try await TestServer.start { request in
            switch (request.method, request.path) {
            case ("POST", "/auth/login"):
                struct Credentials: Decodable {
                    var username: String
                    var password: String
                }
                guard let credentials = try? JSONDecoder().decode(Credentials.self, from: request.body),
                    credentials.username == "ann", credentials.password == "secret"
                else { return .text("bad credentials", status: 401) }
                let token = state.counters.withLock { counters in
                    counters.logins += 1
                    counters.token = "t-\(counters.logins)"
                    return counters.token ?? ""
                }
                return .json(Data(#"{"token": "\#(token)"}"#.utf8))
            case ("GET", "/feeds/uploads"):
                let authorized = state.counters.withLock { counters in
                    counters.feeds += 1
                    return counters.token.map { "Bearer \($0)" } == request.headers[.authorization]
                }
                return authorized
                    ? .json(Data(#"{"items": ["cat.mov", "dog.mov"]}"#.utf8))
                    : .text("login first", status: 401, headers: [.wwwAuthenticate: "Bearer"])
            default:
                return .text("no such thing", status: 404)
            }
        }
        return FeedServer(server: server, state: state)
    }

    func shutdown() async throws { try await server.shutdown() }
}

/// A command whose outcome the test scripts: each run asks `outcome` with the attempt number.
/// As a class it checks the pattern's rule that an operation runs once: resubmissions must be copies.
final class ScriptedCommand: Command, Sendable {
    let id: CommandID
    let log: RunLog
    let outcome: @Sendable (Int) async throws -> String
    private let ran = Mutex(false)

    init(id: CommandID = .unique("scripted"), log: RunLog, outcome: @escaping @Sendable (Int) async throws -> String) {
        self.id = id
        self.log = log
        self.outcome = outcome
    }

    func run(in context: CommandContext) async throws -> String {
        let again = ran.withLock { ran in
            defer { ran = true }
            return ran
        }
        if again { log.record(.reran(id)) }
        let attempt = log.start(id)
        return try await outcome(attempt)
    }

    func copy() -> ScriptedCommand {
        log.record(.copied(id))
        return ScriptedCommand(id: id, log: log, outcome: outcome)
    }
}

/// What scripted commands did, in order.
final class RunLog: Sendable {
    enum Entry: Hashable, Sendable {
        case started(CommandID, attempt: Int)
        case copied(CommandID)
        case reran(CommandID)
    }

    private let entries = Mutex<[Entry]>([])

    func record(_ entry: Entry) { entries.withLock { $0.append(entry) } }

    /// Records a start and returns its attempt number (0 for the first run of that identity).
    func start(_ id: CommandID) -> Int {
        entries.withLock { entries in
            let attempt = entries.filter { if case .started(id, _) = $0 { true } else { false } }.count
            entries.append(.started(id, attempt: attempt))
            return attempt
        }
    }

    var all: [Entry] { entries.withLock { $0 } }

    func starts(of id: CommandID) -> Int {
        all.filter { if case .started(id, _) = $0 { true } else { false } }.count
    }

    var startOrder: [CommandID] {
        all.compactMap { if case .started(let id, _) = $0 { id } else { nil } }
    }

    var reruns: Int { all.filter { if case .reran = $0 { true } else { false } }.count }
}

/// A gate tests open when they are ready.
final class Gate: Sendable {
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let open = state.withLock { state in
                if state.open { return true }
                state.waiters.append(waiter)
                return false
            }
            if open { waiter.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// Counts up to a number and then lets waiters through (to wait for "ten failures collected").
final class Countdown: Sendable {
    private let target: Int
    private let gate = Gate()
    private let count = Mutex(0)

    init(_ target: Int) { self.target = target }

    /// Records that `value` things are there now.
    func update(_ value: Int) {
        let reached = count.withLock { count in
            count = max(count, value)
            return count >= target
        }
        if reached { gate.open() }
    }

    func wait() async { await gate.wait() }
}

func serverError(_ status: Int = 503) -> CourierError {
    CourierError(.unacceptableStatusCode, kind: .http(status: status), outcome: .failed, message: "status \(status)")
}

func makeContext(reachability: (any ReachabilitySource)? = nil, token: String? = nil) -> CommandContext {
    var configuration = SessionConfiguration.ephemeral
    configuration.proxy = .none
    configuration.retryPolicy = .none
    return CommandContext(
        session: Session(configuration: configuration), reachability: reachability,
        credentials: CommandCredentials(token: token))
}
