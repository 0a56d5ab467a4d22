import Foundation

/// A pseudo-terminal pair for tests: what a program writes to `follower` (its terminal) is read from
/// `leader`, and what is written to `leader` is typed into the program.
final class PseudoTerminal {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let leader: Int32
    private(set) var follower: Int32

    init() throws {
        // posix_openpt and friends sit behind feature macros that Swift's Glibc module does not define, so
        // they are looked up in the C library by name.
        typealias Open = @convention(c) (Int32) -> Int32
        typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        func lookup<Function>(_ name: String, as type: Function.Type) throws -> Function {
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else {
                throw Failure(description: "\(name) is not in the C library")
            }
            return unsafeBitCast(symbol, to: type)
        }
        let openLeader = try lookup("posix_openpt", as: Open.self)
        let grant = try lookup("grantpt", as: Open.self)
        let unlock = try lookup("unlockpt", as: Open.self)
        let followerName = try lookup("ptsname", as: Name.self)
        leader = openLeader(O_RDWR | O_NOCTTY)
        guard leader >= 0, grant(leader) == 0, unlock(leader) == 0, let name = followerName(leader) else {
            throw Failure(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        follower = open(name, O_RDWR | O_NOCTTY)
        guard follower >= 0 else { throw Failure(description: "cannot open \(String(cString: name))") }
    }

    deinit {
        close(leader)
        closeFollower()
    }

    /// Closes this process's end of the terminal (after handing it to a child), so reading `leader` ends
    /// when the child exits.
    func closeFollower() {
        if follower >= 0 { close(follower) }
        follower = -1
    }

    /// Types text into the terminal.
    func type(_ text: String) {
        _ = text.withCString { write(leader, $0, strlen($0)) }
    }

    /// Reads what the program wrote until `marker` appears, the terminal closes, or `timeout` passes
    /// without output.
    func read(until marker: String? = nil, timeout: Duration = .seconds(20)) -> String {
        Self.read(from: leader, until: marker, timeout: timeout)
    }

    /// ``read(until:timeout:)`` on a leader descriptor, for a thread that must not hold the terminal object.
    static func read(from leader: Int32, until marker: String? = nil, timeout: Duration = .seconds(20)) -> String {
        var received = Data()
        let milliseconds = Int32(timeout.components.seconds * 1000)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if let marker, String(decoding: received, as: UTF8.self).contains(marker) { break }
            var descriptor = pollfd(fd: leader, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, milliseconds) > 0 else { break }
            let count = Foundation.read(leader, &buffer, buffer.count)
            guard count > 0 else { break }  // EIO: every copy of the follower is closed
            received.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: received, as: UTF8.self)
    }
}
