import Courier
import CourierImages
import CourierTesting
import Foundation

// Measures the three targets of issue 25 and prints one line per target with the figure and PASS or FAIL:
//   1. 1 000 loads of 100 distinct URLs make exactly 100 network requests;
//   2. a memory-cache hit takes under 5 µs;
//   3. sniffing a 10 MB JPEG reads only its header.
// Run in release: swift run -c release CourierImagesBenchmarks

func png(width: Int, height: Int) -> Data {
    func bigEndian(_ value: Int) -> [UInt8] { (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + Array("IHDR".utf8)
    bytes += bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0, 0, 0, 0, 0]
    return Data(bytes + [UInt8](repeating: 0, count: 2_000))
}

var failures = 0
@MainActor func report(_ name: String, _ figure: String, passed: Bool) {
    if !passed { failures += 1 }
    print("\(passed ? "PASS" : "FAIL")  \(name): \(figure)")
}

let server = try await TestServer.start { request in
    .data(png(width: Int(request.path.filter(\.isNumber)) ?? 1, height: 1))
}
let session = Session(configuration: .ephemeral)
let loader = ResourceLoader(session: session)

// 1. De-duplication: every URL asked for ten times, all loads at once, in a shuffled order.
let urls = (0..<100).map { server.url("/image-\($0).png") }
var generator = SystemRandomNumberGenerator()
let workload = (0..<1_000).map { urls[$0 % urls.count] }.shuffled(using: &generator)
let loadStart = ContinuousClock.now
let sources = try await withThrowingTaskGroup(of: ResourceSource.self) { group in
    for url in workload { group.addTask { try await loader.load(url).source } }
    var counts: [ResourceSource: Int] = [:]
    for try await source in group { counts[source, default: 0] += 1 }
    return counts
}
let loadTime = ContinuousClock.now - loadStart
let requests = server.recordedRequests.count
report(
    "1 000 loads of 100 URLs",
    "\(requests) network requests in \(loadTime.formatted(.units(allowed: [.milliseconds])));"
        + " results: network \(sources[.network] ?? 0), memory \(sources[.memory] ?? 0)",
    passed: requests == 100)

// 2. Memory-cache hits: the same cached URL, many times, from one task.
let hitURL = urls[0]
let hits = 200_000
_ = try await loader.load(hitURL)
let hitStart = ContinuousClock.now
var hitBytes = 0
for _ in 0..<hits { hitBytes &+= try await loader.load(hitURL).data.count }
let hitTime = ContinuousClock.now - hitStart
let nanosecondsPerHit =
    Double(hitTime.components.seconds) * 1e9 / Double(hits)
    + Double(hitTime.components.attoseconds) / 1e9 / Double(hits)
// The parts of a hit, to show where the time goes.
func nanoseconds(_ duration: Duration, _ count: Int) -> Double {
    (Double(duration.components.seconds) * 1e18 + Double(duration.components.attoseconds)) / 1e9 / Double(count)
}
var keyLength = 0
let keyStart = ContinuousClock.now
for _ in 0..<hits { keyLength &+= loader.cache.key(for: hitURL).utf8.count }
let keyTime = ContinuousClock.now - keyStart
let hitKey = loader.cache.key(for: hitURL)
var lookups = 0
let lookupStart = ContinuousClock.now
for _ in 0..<hits { lookups &+= loader.cache.memory.value(forKey: hitKey)?.data.count ?? 0 }
let lookupTime = ContinuousClock.now - lookupStart
print(
    String(
        format: "      of which: cache key from the URL %.0f ns, memory lookup %.0f ns (%d, %d)",
        nanoseconds(keyTime, hits), nanoseconds(lookupTime, hits), keyLength, lookups))
report(
    "memory-cache hit", String(format: "%.0f ns per load (%d loads, %d bytes)", nanosecondsPerHit, hits, hitBytes),
    passed: nanosecondsPerHit < 5_000)

// 3. Sniffing a 10 MB JPEG from disk: a 30 KB Exif segment, the frame header, then 10 MB of scan data.
let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "courier-images-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
let file = directory.appendingPathComponent("large.jpg")
var jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0x75, 0x32] + [UInt8](repeating: 0x45, count: 0x7532 - 2)
jpeg += [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x0F, 0xA0, 0x17, 0x70, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
jpeg += [0xFF, 0xDA, 0x00, 0x0C, 3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3F, 0]
jpeg += [UInt8](repeating: 0x5A, count: 10 * 1024 * 1024) + [0xFF, 0xD9]
try Data(jpeg).write(to: file)
let source = try FileByteSource(url: file)
let sniffStart = ContinuousClock.now
let description = try ImageSniffer.sniff(source)
let sniffTime = ContinuousClock.now - sniffStart
try? FileManager.default.removeItem(at: directory)
report(
    "sniff a \(jpeg.count / 1024) KiB JPEG",
    "\(description.map(String.init(describing:)) ?? "nothing") from \(source.bytesRead) bytes read "
        + "in \(sniffTime.formatted(.units(allowed: [.microseconds])))",
    passed: description?.width == 6000 && source.bytesRead < 64 * 1024)

await session.invalidateAndCancel()
try await server.shutdown()
exit(failures == 0 ? 0 : 1)
