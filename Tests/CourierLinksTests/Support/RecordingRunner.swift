import CourierLinks
import Synchronization

/// A command runner that records each command and answers from a script, so command lines and
/// output parsing are tested without running anything.
final class RecordingRunner: CommandRunner {
    struct Call: Sendable, Hashable {
        var executable: String
        var arguments: [String]
    }

    private let calls = Mutex<[Call]>([])
    private let answer: @Sendable (Call) -> CommandResult

    init(answer: @escaping @Sendable (Call) -> CommandResult = { _ in CommandResult(exitStatus: 0) }) {
        self.answer = answer
    }

    var recorded: [Call] {
        calls.withLock { $0 }
    }

    func run(
        _ executable: String, arguments: [String], environment: [String: String]
    ) async throws(LinkError) -> CommandResult {
        let call = Call(executable: executable, arguments: arguments)
        calls.withLock { $0.append(call) }
        return answer(call)
    }
}
