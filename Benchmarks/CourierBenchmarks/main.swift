// Courier's benchmarks, run by hand in release builds:
//   swift run -c release CourierBenchmarks http      (raw AHC vs Courier vs URLSession vs curl)
//   swift run -c release CourierBenchmarks crypto    (CourierSecurity vs openssl speed)
//   swift run -c release CourierBenchmarks cache | cookies  (HTTP cache hits, cookie jar lookups)
//   swift run -c release CourierBenchmarks download [--size MIB]  (loopback download vs curl, peak RSS)
//   swift run -c release CourierBenchmarks tls  (HTTP/2 x16 and fresh TLS connections: Courier vs AHC vs curl)
//   swift run -c release CourierBenchmarks pipe --courier PATH [--size MIB]  (`courier URL > /dev/null`: peak RSS, vs curl)
//   swift run -c release CourierBenchmarks multipart [--quick]  (1 GiB multipart upload: time, peak RSS)
//   swift run -c release CourierBenchmarks payloads  (XMLStreamParser vs Foundation's XMLParser)
//   swift run -c release CourierBenchmarks html  (HTML tokenizer + tree + selector query on a 5 MB page)
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
    case "download":
        try await DownloadBenchmark.run(arguments: rest)
    case "tls":
        try await TLSBenchmark.run(arguments: rest)
    case "pipe":
        try await PipeBenchmark.run(arguments: rest)
    case "multipart":
        try await MultipartBenchmark.run(arguments: rest)
    case "payloads":
        try await PayloadsBenchmark.run(arguments: rest)
    case "html":
        try HTMLBenchmark.run(arguments: rest)
    default:
        print(
            "usage: CourierBenchmarks http [--url URL] [--quick] | cache | cookies | crypto | download [--size MIB]"
                + " | tls [--rounds N] [--h2-requests N] [--fresh N]"
                + " | pipe --courier PATH [--size MIB] [--rounds N]"
                + " | multipart [--quick] | payloads [--megabytes 50] | html [--megabytes 5] [--runs 7]"
        )
    }
} catch {
    FileHandle.standardError.write(Data("benchmark failed: \(error)\n".utf8))
    exit(1)
}
