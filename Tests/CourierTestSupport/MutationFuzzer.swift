import Foundation

/// A seeded mutation fuzzer for the reliability harness: it derives inputs from real samples by bit flips,
/// truncation, splicing two samples, inflating numbers (lengths, counts) and inserting or repeating bytes, and
/// feeds each to a parser, recording the slowest input. Deterministic for a seed, so a finding reproduces.
public struct MutationFuzzer: Sendable {
    /// What a run found.
    public struct Report: Sendable, CustomStringConvertible {
        public var name: String
        public var inputs: Int
        public var rejected: Int
        public var slowestSeconds: Double
        public var overOneSecond: Int
        public var elapsedSeconds: Double

        public init(name: String) {
            self.name = name
            inputs = 0
            rejected = 0
            slowestSeconds = 0
            overOneSecond = 0
            elapsedSeconds = 0
        }

        public var description: String {
            let rate = elapsedSeconds > 0 ? Double(inputs) / elapsedSeconds : 0
            return
                "\(name): \(inputs) inputs, \(rejected) rejected with an error, 0 crashes, slowest \(String(format: "%.4f", slowestSeconds)) s, \(overOneSecond) over 1 s, \(String(format: "%.1f", elapsedSeconds)) s (\(Int(rate)) inputs/s)"
        }
    }

    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    /// splitmix64.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    public mutating func below(_ bound: Int) -> Int {
        bound <= 1 ? 0 : Int(next() % UInt64(bound))
    }

    /// One input derived from the samples.
    public mutating func mutate(_ samples: [[UInt8]]) -> [UInt8] {
        var bytes = samples[below(samples.count)]
        let rounds = 1 + below(4)
        for _ in 0..<rounds {
            switch below(7) {
            case 0 where !bytes.isEmpty:
                for _ in 0..<(1 + below(8)) {
                    let index = below(bytes.count)
                    bytes[index] ^= UInt8(1 << below(8))
                }
            case 1 where !bytes.isEmpty:
                bytes = Array(bytes.prefix(below(bytes.count)))
            case 2:
                let other = samples[below(samples.count)]
                let cut = below(bytes.count + 1)
                let from = below(other.count + 1)
                bytes = Array(bytes.prefix(cut)) + Array(other.suffix(from: from))
            case 3:
                // Inflate a number: a run of digits becomes a huge one; a byte becomes 0xFF (a length field).
                if let digit = bytes.indices.filter({ bytes[$0] >= 0x30 && bytes[$0] <= 0x39 }).randomElement(
                    using: &self)
                {
                    let huge = Array(["99999999999999999999", "4294967296", "-1", "2147483648", "0"][below(5)].utf8)
                    var end = digit
                    while end < bytes.count, bytes[end] >= 0x30, bytes[end] <= 0x39 { end += 1 }
                    bytes.replaceSubrange(digit..<end, with: huge)
                } else if !bytes.isEmpty {
                    bytes[below(bytes.count)] = 0xFF
                }
            case 4:
                let index = below(bytes.count + 1)
                let inserted = (0..<(1 + below(16))).map { _ in UInt8(truncatingIfNeeded: next()) }
                bytes.insert(contentsOf: inserted, at: index)
            case 5 where !bytes.isEmpty:
                // Repeat a slice many times (nesting, long tokens).
                let start = below(bytes.count)
                let length = 1 + below(min(32, bytes.count - start))
                let slice = bytes[start..<(start + length)]
                let times = 2 + below(200)
                bytes.insert(contentsOf: Array(repeating: Array(slice), count: times).joined(), at: start)
            default:
                let specials: [UInt8] = [
                    0, 0x0A, 0x0D, 0x22, 0x3B, 0x3C, 0x3E, 0x7B, 0x7D, 0x5B, 0x5D, 0x3D, 0x2C, 0x80,
                ]
                if !bytes.isEmpty { bytes[below(bytes.count)] = specials[below(specials.count)] }
            }
        }
        return bytes
    }

    /// Feeds `count` mutated inputs to `body`; an error thrown by `body` is the parser refusing the input (fine).
    public mutating func run(
        _ name: String, samples: [[UInt8]], count: Int, _ body: ([UInt8]) throws -> Void
    ) -> Report {
        var report = Report(name: name)
        let clock = ContinuousClock()
        let started = clock.now
        for _ in 0..<count {
            let input = mutate(samples)
            let before = clock.now
            do {
                try body(input)
            } catch {
                report.rejected += 1
            }
            let seconds = Self.seconds(clock.now - before)
            report.slowestSeconds = max(report.slowestSeconds, seconds)
            if seconds > 1 { report.overOneSecond += 1 }
            report.inputs += 1
        }
        report.elapsedSeconds = Self.seconds(clock.now - started)
        return report
    }

    public static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// The peak resident memory of this process (VmHWM), in MiB; 0 where /proc is missing.
    public static func peakResidentMiB() -> Double { statusMiB("VmHWM:") }

    /// The resident memory of this process now (VmRSS), in MiB; 0 where /proc is missing.
    public static func residentMiB() -> Double { statusMiB("VmRSS:") }

    private static func statusMiB(_ field: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kilobytes / 1024
    }

    /// How many inputs each parser gets: `COURIER_RELIABILITY` (e.g. 1000000); 0 (skip) when unset.
    public static var configuredCount: Int {
        Int(ProcessInfo.processInfo.environment["COURIER_RELIABILITY"] ?? "") ?? 0
    }
}

extension MutationFuzzer: RandomNumberGenerator {}
