// Courier's benchmarks, run by hand in release builds:
//   swift run -c release CourierBenchmarks http      (raw AHC vs Courier vs URLSession vs curl)
//   swift run -c release CourierBenchmarks crypto    (CourierSecurity vs openssl speed)
//   swift run -c release CourierBenchmarks payloads  (XMLStreamParser vs Foundation's XMLParser)
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let command = arguments.first ?? "help"
let rest = Array(arguments.dropFirst())
do {
    switch command {
    case "http":
        try await HTTPBenchmark.run(arguments: rest)
    case "cache":
        try await CacheBenchmark.run(arguments: rest)
    case "cookies":
        try await CookieBenchmark.run(arguments: rest)
    case "crypto":
        try await CryptoBenchmark.run(arguments: rest)
    case "payloads":
        try await PayloadsBenchmark.run(arguments: rest)
    default:
        print("usage: CourierBenchmarks http [--url URL] [--quick] | crypto | payloads [--megabytes 50]")
    }
} catch {
    FileHandle.standardError.write(Data("benchmark failed: \(error)\n".utf8))
    exit(1)
}
