/// The members of a chat served by ``LineChat/serve(server:room:output:)``: who receives a broadcast.
///
/// A member whose write fails (it left, or it stopped reading past its write timeout) is removed, so one
/// stuck client cannot hold the others up for longer than its timeout.
public actor ChatRoom {
    private var members: [Int: SocketWriter] = [:]
    private var nextIdentifier = 0

    /// Creates an empty room.
    public init() {}

    /// The number of members.
    public var count: Int { members.count }

    /// Adds a member and returns its identifier.
    public func join(_ writer: SocketWriter) -> Int {
        nextIdentifier += 1
        members[nextIdentifier] = writer
        return nextIdentifier
    }

    /// Removes a member.
    public func leave(_ member: Int) {
        members[member] = nil
    }

    /// Sends `line` to every member except `excluded`, concurrently.
    public func broadcast(_ line: String, except excluded: Int? = nil) async {
        let targets = members.filter { $0.key != excluded }
        let failed = await withTaskGroup(of: Int?.self) { group in
            for (member, writer) in targets {
                group.addTask {
                    do {
                        try await writer.write(line)
                        return nil
                    } catch {
                        return member
                    }
                }
            }
            var failed: [Int] = []
            for await member in group {
                if let member { failed.append(member) }
            }
            return failed
        }
        for member in failed { members[member] = nil }
    }
}
