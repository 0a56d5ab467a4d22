@_spi(Benchmarks) import CourierDiscovery
import Foundation
import NIOCore

// CourierDiscovery benchmarks, run by hand on a release build (no network, no namespaces):
//   swift build -c release --product CourierDiscoveryBenchmarks && .build/release/CourierDiscoveryBenchmarks [seconds]
// 1. Decoded packets per second on one core (target ≥ 500 000), for three datagram shapes: the spec's 62-byte
//    announcement, a PTR reply with SRV, TXT, A, AAAA and NSEC additionals, and a probe; then the full reply decoded
//    and handed to the engine (its cache, suppression and responder rules) as a socket's datagram would be.
// 2. Resident memory of 10 000 cached records (target ≤ 16 MiB): 2 500 services × PTR, SRV, TXT and A, received by
//    one engine whose cache cap is raised to 10 000 (the product's is 4 096 per interface).

let duration = Double(CommandLine.arguments.dropFirst().first ?? "") ?? 2
let clock = ContinuousClock()
let peer = try SocketAddress(ipAddress: "169.254.77.2", port: 5353)

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Resident memory of this process (VmRSS), in MiB; 0 where /proc is missing.
func residentMiB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
        let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return 0 }
    return kilobytes / 1024
}

/// CPU time this thread has used, in seconds: on a busy machine the wall clock also counts time the thread waited for
/// a core, and "on one core" means per second of one core's time.
func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Calls per second of wall-clock time and per second of this thread's CPU time.
struct Rate: CustomStringConvertible {
    var perWallSecond: Double
    var perCPUSecond: Double
    var description: String { "\(Int(perCPUSecond)) /s of CPU time (\(Int(perWallSecond)) /s of wall-clock time)" }
}

/// Runs `body` in batches until `duration` seconds have passed.
func rate(_ body: () throws -> Void) rethrows -> Rate {
    var calls = 0
    let started = clock.now
    let startedCPU = threadCPUSeconds()
    var elapsed = 0.0
    while elapsed < duration {
        for _ in 0..<1000 { try body() }
        calls += 1000
        elapsed = seconds(clock.now - started)
    }
    return Rate(perWallSecond: Double(calls) / elapsed, perCPUSecond: Double(calls) / (threadCPUSeconds() - startedCPU))
}

let type = try DNSName("_associateHelp._tcp.local.")
let txt = TXTRecord(dictionaryLiteral: ("version", "1.0")).strings

/// One service's records as its responder announces them: PTR, SRV, TXT and its host's A record.
func service(_ name: String, host hostLabel: String = "shop", address: [UInt8] = [169, 254, 77, 1]) throws
    -> [DNSResourceRecord]
{
    let instance = try DNSName(labels: [name] + type.labels)
    let host = try DNSName(labels: [hostLabel, "local"])
    return [
        DNSResourceRecord(name: type, ttl: 4500, data: .ptr(instance)),
        DNSResourceRecord(
            name: instance, ttl: 120, cacheFlush: true, data: .srv(priority: 0, weight: 0, port: 8080, target: host)),
        DNSResourceRecord(name: instance, ttl: 4500, cacheFlush: true, data: .txt(txt)),
        DNSResourceRecord(name: host, ttl: 120, cacheFlush: true, data: .a(address)),
    ]
}

let kidsShoes = try service("Kids Shoes")
let fullReply = DNSMessage.response(
    answers: [kidsShoes[0]],
    additionals: Array(kidsShoes.dropFirst()) + [
        DNSResourceRecord(
            name: kidsShoes[3].name, ttl: 120, cacheFlush: true,
            data: .aaaa([0xFE, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])),
        DNSResourceRecord(
            name: kidsShoes[1].name, ttl: 120, cacheFlush: true,
            data: .nsec(next: kidsShoes[1].name, types: [.srv, .txt])),
    ])
let shapes: [(String, [UInt8])] = [
    ("62-byte announcement", try DNSMessage.response(answers: [kidsShoes[0]]).encoded()),
    ("PTR reply with 5 additionals", try fullReply.encoded()),
    (
        "probe",
        try DNSMessage(
            isResponse: false, questions: [DNSQuestion(name: kidsShoes[1].name, type: .any, unicastResponse: true)],
            authorities: [kidsShoes[1]]
        ).encoded()
    ),
]

print("CourierDiscovery benchmarks (\(duration) s per measurement)")
print("\n1. Decoded packets per second, one core (target ≥ 500 000)")
for (name, bytes) in shapes {
    var records = 0
    let perSecond = try rate {
        records &+= try DNSMessage(decoding: bytes).allRecords.count
    }
    print("   \(name) (\(bytes.count) bytes): \(perSecond)")
    precondition(records > 0)
}
var engine = MDNSEngineBenchmark(cacheCapacity: 16)
let fullReplyBytes = try fullReply.encoded()
let throughEngine = try rate {
    engine.receive(try DNSMessage(decoding: fullReplyBytes), from: peer)
}
print("   PTR reply decoded and handed to the engine: \(throughEngine)")

print("\n2. Memory of 10 000 cached records (target ≤ 16 MiB)")
let services = try (0..<2500).map { index -> DNSMessage in
    let address: [UInt8] = [10, 0, UInt8(index / 250), UInt8(index % 250 + 1)]
    return DNSMessage.response(answers: try service("Service number \(index)", host: "host-\(index)", address: address))
}
// Built before measuring: the datagrams are what arrives, not what the cache holds.
let before = residentMiB()
var cache = MDNSEngineBenchmark(cacheCapacity: 10_000)
for message in services {
    cache.receive(message, from: peer)
}
let after = residentMiB()
print(
    "   \(cache.cachedRecordCount) records cached; resident memory \(String(format: "%.1f", before)) → \(String(format: "%.1f", after)) MiB (+\(String(format: "%.1f", after - before)) MiB)"
)
