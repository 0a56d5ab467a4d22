// The reliability harness's long runs, outside Swift Testing, in a release build (run by hand):
//   swift run -c release CourierReliability transport [--exchanges 1000000] [--seed 12]
// The same loops run in `swift test` when COURIER_RELIABILITY is set; here nothing of the test runner (its
// backtraces, its records of every thrown error) shares the process, so memory and rate are Courier's alone.
import CMallocInfo
import CourierTestSupport
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())

func value(of option: String, default fallback: Int) throws -> Int {
    guard let index = arguments.firstIndex(of: option) else { return fallback }
    guard index + 1 < arguments.count, let number = Int(arguments[index + 1]), number > 0 else {
        throw ReliabilityUsage(message: "\(option) needs a positive whole number")
    }
    return number
}

/// The heap in use and what the allocator holds from the system: a resident figure that rises beside a flat
/// heap in use is the allocator keeping memory, a rising heap in use is a leak.
func heap() -> String {
    let mib = { (bytes: Int) in String(format: "%.1f", Double(bytes) / 1_048_576) }
    return ", heap in use \(mib(courier_heap_in_use())) MiB of \(mib(courier_heap_from_system())) MiB from the system"
}

struct ReliabilityUsage: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

do {
    switch arguments.first {
    case "transport":
        let exchanges = try value(of: "--exchanges", default: 1_000_000)
        let seed = try value(of: "--seed", default: 12)
        let report = try await TransportFuzz.run(exchanges: exchanges, seed: UInt64(seed), memory: heap) { line in
            // Unbuffered, so that the lines show while a long run goes on even when piped to a file.
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }
        print(
            "reliability: \(report) — peak RSS \(Int(MutationFuzzer.peakResidentMiB())) MiB, "
                + "at the end\(heap())")
        if report.overOneSecond > 0 || MutationFuzzer.peakResidentMiB() >= 256 {
            print("reliability: FAILED the targets (0 inputs over 1 s, peak RSS under 256 MiB)")
            exit(1)
        }
    default:
        print("usage: CourierReliability transport [--exchanges 1000000] [--seed 12]")
    }
} catch {
    FileHandle.standardError.write(Data("reliability run failed: \(error)\n".utf8))
    exit(1)
}
