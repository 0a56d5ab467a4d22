import NIOCore
import Testing

@testable import Courier

/// ``HTTPConnectStateMachine`` transitions without a channel.
struct HTTPConnectStateMachineTests {
    private func sentMachine() -> HTTPConnectStateMachine {
        var machine = HTTPConnectStateMachine(limits: .init())
        #expect(machine.canSendRequest)
        machine.requestSent()
        #expect(!machine.canSendRequest)
        return machine
    }

    @Test func interimAnswersAreSkippedUpToALimit() {
        var machine = sentMachine()
        var fewer = ByteBuffer(
            string: String(repeating: "HTTP/1.1 100 Continue\r\n\r\n", count: 8) + "HTTP/1.1 200 OK\r\n\r\n")
        guard case .established(leftover: nil) = machine.receive(&fewer) else {
            Issue.record("eight 1xx answers then 200 must establish the tunnel")
            return
        }
        var flooded = sentMachine()
        var many = ByteBuffer(string: String(repeating: "HTTP/1.1 100 Continue\r\n\r\n", count: 9))
        guard case .fail(.malformedResponse) = flooded.receive(&many) else {
            Issue.record("nine 1xx answers must fail")
            return
        }
    }

    @Test func bytesBeforeTheRequestAreAnError() {
        var machine = HTTPConnectStateMachine(limits: .init())
        var buffer = ByteBuffer(string: "HTTP/1.1 200 OK\r\n\r\n")
        guard case .fail(.malformedResponse) = machine.receive(&buffer) else {
            Issue.record("an answer before the request must fail")
            return
        }
    }

    @Test func closeBeforeTheHeadIsConnectionClosedAndAfterAChallengeToo() {
        var waiting = sentMachine()
        guard case .fail(.connectionClosed) = waiting.closed() else {
            Issue.record("a close while waiting must fail")
            return
        }
        var challenged = sentMachine()
        var buffer = ByteBuffer(string: "HTTP/1.1 407 Auth\r\nContent-Length: 0\r\n\r\n")
        guard case .challenge(_, reusable: true) = challenged.receive(&buffer) else {
            Issue.record("expected a reusable challenge")
            return
        }
        #expect(challenged.canSendRequest)
        guard case .fail(.connectionClosed) = challenged.closed() else {
            Issue.record("a close after a challenge must fail")
            return
        }
        #expect(!challenged.canSendRequest)
    }

    @Test func challengeWithACloseDelimitedBodyNeedsANewConnection() {
        var machine = sentMachine()
        var buffer = ByteBuffer(
            string: "HTTP/1.1 407 Auth\r\nProxy-Authenticate: Basic realm=\"r\"\r\n\r\nbody until close")
        guard case .challenge(let response, reusable: false) = machine.receive(&buffer) else {
            Issue.record("a body delimited by close cannot be followed by another request")
            return
        }
        #expect(response.status.code == 407)
    }
}
