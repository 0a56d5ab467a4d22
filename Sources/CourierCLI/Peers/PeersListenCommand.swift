import ArgumentParser
import CourierPeers
import Foundation

/// `courier peers listen`: advertises, accepts every invitation and prints each message as `from NAME: TEXT`;
/// resources are saved in `--save-dir` and reported as `from NAME: file NAME (N bytes) saved as PATH`.
struct PeersListenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen", abstract: "Advertise, accept every invitation, print each message received.")

    @OptionGroup var sessionOptions: PeersSessionOptions

    @Option(name: .customLong("count"), help: "Exit 0 after this many messages.")
    var count: Int?

    @Option(name: .customLong("timeout"), help: "Exit 0 after this many seconds.", transform: SecondsOption.parse)
    var timeout: Double?

    @Option(
        name: .customLong("save-dir"),
        help: ArgumentHelp(
            "Where resources (files) from peers are saved, never over an existing file (default: the current "
                + "directory).", valueName: "DIR"))
    var saveDirectory: String?

    @OptionGroup var network: PeersNetworkOptions

    func validate() throws {
        if let count, count < 1 { throw ValidationError("--count must be at least 1") }
        if let saveDirectory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: saveDirectory, isDirectory: &isDirectory),
                isDirectory.boolValue
            else { throw ValidationError("--save-dir \(saveDirectory) is not a directory") }
        }
    }

    func run() async throws {
        let io = CLIIO.current
        let directory = URL(fileURLWithPath: saveDirectory ?? FileManager.default.currentDirectoryPath)
        let (discovery, session) = try await network.startSession(sessionOptions, resourceDirectory: directory)
        let limit = count
        let deadline = timeout.map(SecondsOption.duration)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                var received = 0
                for await event in session.events {
                    switch event {
                    case .invitation(let peer, _):
                        try? await session.accept(peer.id)
                    case .data(let bytes, let peer, _):
                        io.writeOut("from \(peer.displayName): \(String(decoding: bytes, as: UTF8.self))\n")
                        received += 1
                        if let limit, received >= limit { return }
                    case .resourceFinished(let file, let peer, let result):
                        switch result {
                        case .success(let stored):
                            io.writeOut(Self.save(stored, named: file, from: peer, in: directory))
                        case .failure(let error):
                            io.writeError("courier: file \(file) from \(peer.displayName) failed: \(error)\n")
                        }
                        received += 1
                        if let limit, received >= limit { return }
                    default:
                        continue
                    }
                }
            }
            if let deadline {
                group.addTask { try? await Task.sleep(for: deadline) }
            }
            await group.next()
            group.cancelAll()
        }
        await session.disconnect()
        await discovery.shutdown()
    }

    /// Gives a stored resource its sender's name (its last path component only, so that a name cannot climb out of
    /// the directory), with a -1, -2… suffix rather than over an existing file; says where it went.
    static func save(_ stored: URL, named name: String, from peer: PeerInfo, in directory: URL) -> String {
        let size = (try? FileManager.default.attributesOfItem(atPath: stored.path)[.size] as? Int) ?? 0
        var base = URL(fileURLWithPath: "/" + name).lastPathComponent
        if base.isEmpty || base == "/" || base == "." || base == ".." { base = "resource" }
        for suffix in 0...999 {
            let candidate = directory.appendingPathComponent(suffix == 0 ? base : "\(base)-\(suffix)")
            // link(2) never replaces an existing name: whoever takes the name first keeps it.
            if link(stored.path, candidate.path) == 0 {
                unlink(stored.path)
                return "from \(peer.displayName): file \(name) (\(size) bytes) saved as \(candidate.path)\n"
            }
            if errno != EEXIST { break }
        }
        return "from \(peer.displayName): file \(name) (\(size) bytes) saved as \(stored.path)\n"
    }
}
