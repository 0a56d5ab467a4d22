import CourierSecurity
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Throughput of CourierSecurity's AES-GCM, AES-CBC and SHA-256 over one large buffer, printed
/// beside `openssl speed` figures taken in the same run when `openssl` is on the PATH.
///
/// ```
/// swift run -c release CourierBenchmarks crypto [--size-mib 64] [--runs 5] [--openssl-seconds 2] [--no-openssl]
/// ```
///
/// Courier's figure is the median of `--runs` passes over a `--size-mib` buffer (MB = 10^6 bytes,
/// as openssl reports). openssl loops over 16 KiB blocks that stay in cache, so a ratio a little
/// under 1 is the cost of streaming 64 MiB through memory plus Courier's copies; well under 0.5
/// would mean Courier's layer is copying or allocating too much.
enum CryptoBenchmark {
    /// Runs the benchmark and prints a table.
    ///
    /// - Throws: ``SecurityError`` if a primitive fails, which would be a bug.
    static func run(arguments: [String]) async throws {
        let options = Options(arguments: arguments)
        let byteCount = options.sizeMiB * 1_048_576
        print("CourierSecurity crypto benchmark: \(options.sizeMiB) MiB buffer, median of \(options.runs) runs")
        let input = SecureRandom.bytes(count: byteCount)

        let gcm = try AESGCMCipher(key: SecretKey.random(byteCount: 32))
        let sealed = try gcm.seal(input)
        let cbc = try AESCBC(key: SecretKey.random(byteCount: 32))
        let iv = SecureRandom.bytes(count: AESCBC.ivByteCount)
        let ciphertext = try cbc.encrypt(input, iv: iv)
        var checksum = 0

        var rows: [Row] = []
        rows.append(
            Row(
                name: "AES-256-GCM seal",
                courier: try measure(byteCount: byteCount, runs: options.runs) {
                    checksum &+= try gcm.seal(input).count
                },
                opensslAlgorithm: "aes-256-gcm"
            )
        )
        rows.append(
            Row(
                name: "AES-256-GCM open",
                courier: try measure(byteCount: byteCount, runs: options.runs) {
                    checksum &+= try gcm.open(sealed).count
                },
                opensslAlgorithm: nil
            )
        )
        rows.append(
            Row(
                name: "AES-256-CBC encrypt",
                courier: try measure(byteCount: byteCount, runs: options.runs) {
                    checksum &+= try cbc.encrypt(input, iv: iv).count
                },
                opensslAlgorithm: "aes-256-cbc"
            )
        )
        rows.append(
            Row(
                name: "AES-256-CBC encrypt, 1 MiB stream",
                courier: try measure(byteCount: byteCount, runs: options.runs) {
                    var encryptor = try cbc.makeEncryptor(iv: iv)
                    var offset = 0
                    while offset < input.count {
                        let end = min(offset + 1_048_576, input.count)
                        checksum &+= try encryptor.update(input[offset..<end]).count
                        offset = end
                    }
                    checksum &+= try encryptor.finalize().count
                },
                opensslAlgorithm: "aes-256-cbc"
            )
        )
        rows.append(
            Row(
                name: "AES-256-CBC decrypt",
                courier: try measure(byteCount: byteCount, runs: options.runs) {
                    checksum &+= try cbc.decrypt(ciphertext, iv: iv).count
                },
                opensslAlgorithm: nil
            )
        )
        rows.append(
            Row(
                name: "SHA-256",
                courier: try measure(byteCount: byteCount, runs: options.runs) {
                    checksum &+= Int(Digester.digest(input, using: .sha256).bytes[0])
                },
                opensslAlgorithm: "sha256"
            )
        )

        var openssl: [String: Double] = [:]
        if options.useOpenSSL, let executable = findOpenSSL() {
            for algorithm in Set(rows.compactMap(\.opensslAlgorithm)).sorted() {
                openssl[algorithm] = opensslSpeed(executable, algorithm: algorithm, seconds: options.opensslSeconds)
            }
        } else {
            print("openssl not found on PATH (or --no-openssl): printing Courier's figures only")
        }
        printTable(rows, openssl: openssl)
        if let tunables = ProcessInfo.processInfo.environment["GLIBC_TUNABLES"] {
            print("malloc: GLIBC_TUNABLES=\(tunables)")
        } else {
            print(
                "malloc: default. Every 64 MiB buffer (swift-crypto allocates two per AES-GCM seal) is a fresh"
                    + " mapping the kernel page-faults in, which dominates one-shot AES-GCM. For warm-heap figures run with"
                    + " GLIBC_TUNABLES=\(warmHeapTunables)"
            )
        }
        print("(checksum \(checksum))")
    }

    /// glibc settings that keep large buffers in one reusable heap: threads other than the main one
    /// get arenas too small for 64 MiB, so the arena count must be 1 as well.
    static let warmHeapTunables =
        "glibc.malloc.arena_max=1:glibc.malloc.mmap_threshold=4294967295:glibc.malloc.trim_threshold=4294967295"

    private struct Options {
        var sizeMiB = 64
        var runs = 5
        var opensslSeconds = 2
        var useOpenSSL = true

        init(arguments: [String]) {
            var iterator = arguments.makeIterator()
            while let argument = iterator.next() {
                switch argument {
                case "--size-mib": sizeMiB = max(1, iterator.next().flatMap(Int.init) ?? sizeMiB)
                case "--runs": runs = max(1, iterator.next().flatMap(Int.init) ?? runs)
                case "--openssl-seconds": opensslSeconds = max(1, iterator.next().flatMap(Int.init) ?? opensslSeconds)
                case "--no-openssl": useOpenSSL = false
                default: break
                }
            }
        }
    }

    private struct Row {
        var name: String
        var courier: Double
        var opensslAlgorithm: String?
    }

    /// Runs `body` once to warm up, then `runs` times, and returns the median throughput in MB/s.
    private static func measure(byteCount: Int, runs: Int, _ body: () throws -> Void) throws -> Double {
        try body()
        let clock = ContinuousClock()
        var rates: [Double] = []
        for _ in 0..<runs {
            let elapsed = try clock.measure(body)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            rates.append(Double(byteCount) / 1e6 / max(seconds, 1e-9))
        }
        rates.sort()
        return rates.count.isMultiple(of: 2)
            ? (rates[rates.count / 2 - 1] + rates[rates.count / 2]) / 2
            : rates[rates.count / 2]
    }

    private static func findOpenSSL() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/openssl"
            if FileManager.default.isExecutableFile(atPath: candidate) {
                return candidate
            }
        }
        return nil
    }

    /// Runs `openssl speed -evp <algorithm> -bytes 16384 -seconds <n>` and returns MB/s, or nil if
    /// the output cannot be read.
    private static func opensslSpeed(_ executable: String, algorithm: String, seconds: Int) -> Double? {
        let arguments = ["speed", "-evp", algorithm, "-bytes", "16384", "-seconds", String(seconds)]
        guard let output = runWithDefaultSignals(executable, arguments: arguments) else { return nil }
        return parseOpenSSLSpeed(output, algorithm: algorithm)
    }

    /// Spawns a program with an empty signal mask and default signal handlers, and returns its
    /// standard output.
    ///
    /// `openssl speed` stops each measurement with `SIGALRM`. Threads of the Swift runtime block most
    /// signals and a spawned child inherits that mask, so started through `Process` openssl would
    /// never see its alarm and run forever.
    private static func runWithDefaultSignals(_ executable: String, arguments: [String]) -> String? {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return nil }
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, descriptors[1], STDOUT_FILENO)
        posix_spawn_file_actions_addclose(&actions, descriptors[0])
        posix_spawn_file_actions_addclose(&actions, descriptors[1])
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGALRM, SIGTERM, SIGINT, SIGPIPE] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child = pid_t()
        let spawned = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        close(descriptors[1])
        let reader = FileHandle(fileDescriptor: descriptors[0], closeOnDealloc: true)
        guard spawned == 0 else { return nil }
        let output = reader.readDataToEndOfFile()
        var status: Int32 = 0
        waitpid(child, &status, 0)
        return String(decoding: output, as: UTF8.self)
    }

    /// Reads the result line (`AES-256-GCM   5123456.78k`, in 1000s of bytes per second).
    static func parseOpenSSLSpeed(_ output: String, algorithm: String) -> Double? {
        for line in output.split(separator: "\n").reversed() {
            let fields = line.split(whereSeparator: \.isWhitespace)
            guard let name = fields.first, name.lowercased() == algorithm.lowercased(),
                let last = fields.last, last.hasSuffix("k"),
                let thousands = Double(last.dropLast())
            else { continue }
            return thousands / 1_000
        }
        return nil
    }

    private static func printTable(_ rows: [Row], openssl: [String: Double]) {
        func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
            let padding = String(repeating: " ", count: max(0, width - text.count))
            return right ? padding + text : text + padding
        }
        func format(_ value: Double?) -> String {
            guard let value else { return "-" }
            return String(format: "%.1f", value)
        }
        print(
            pad("operation", 36) + pad("Courier MB/s", 14, right: true) + pad("openssl MB/s", 14, right: true)
                + pad("ratio", 8, right: true))
        for row in rows {
            let reference = row.opensslAlgorithm.flatMap { openssl[$0] }
            let ratio = reference.map { String(format: "%.2f", row.courier / $0) } ?? "-"
            print(
                pad(row.name, 36) + pad(format(row.courier), 14, right: true) + pad(format(reference), 14, right: true)
                    + pad(ratio, 8, right: true)
            )
        }
    }
}
