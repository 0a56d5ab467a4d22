import CourierTestSupport
import Foundation
import Synchronization
import Testing

@testable import CourierImages

/// Mutates well-formed headers of every format with a seeded generator and checks that the sniffers always
/// answer (an image, `nil` or an ``ImageSniffError``), never trap, and stay within their read budget.
@Suite struct ImageSnifferFuzzTests {
    static let seeds: [UInt64] = [1, 42, 2026, 0xC0FFEE]

    static let corpus: [Data] = [
        ImageFixtures.png(width: 64, height: 64),
        ImageFixtures.jpeg(width: 300, height: 200),
        ImageFixtures.gif(width: 10, height: 10, frames: 3),
        ImageFixtures.webpLossy(width: 30, height: 20),
        ImageFixtures.webpLossless(width: 30, height: 20),
        ImageFixtures.webpExtended(width: 30, height: 20, frames: 2),
        ImageFixtures.heic(width: 30, height: 20),
    ]

    @Test(.ownThread, arguments: seeds)
    func mutatedHeadersNeverCrash(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var outcomes = (images: 0, errors: 0, unrecognized: 0)
        for iteration in 0..<3_000 {
            let original = [UInt8](Self.corpus[iteration % Self.corpus.count])
            let mutated = Self.mutate(original, using: &random)
            let source = CountingSource(bytes: mutated)
            do {
                if let image = try ImageSniffer.sniff(source) {
                    #expect(image.width > 0 && image.height > 0, "seed \(seed) iteration \(iteration)")
                    outcomes.images += 1
                } else {
                    outcomes.unrecognized += 1
                }
            } catch {
                #expect(!error.message.isEmpty)
                outcomes.errors += 1
            }
            #expect(source.reads <= ImageSniffer.maximumHeaderReads + 1, "seed \(seed) iteration \(iteration)")
        }
        // The mutations must exercise every kind of outcome, or the fuzzer tests nothing.
        #expect(outcomes.images > 0)
        #expect(outcomes.errors > 0)
        #expect(outcomes.unrecognized > 0)
    }

    static func mutate(_ bytes: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
            // Flip a few bytes, most likely in the headers.
            for _ in 0..<Int.random(in: 1...4, using: &random) where !bytes.isEmpty {
                let index = Int.random(in: 0..<min(bytes.count, 64), using: &random)
                bytes[index] = UInt8.random(in: 0...255, using: &random)
            }
        case 1:
            bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &random)))
        case 2:
            // Large lengths: set four bytes to 0xFF or 0x00.
            let index = Int.random(in: 0..<max(1, bytes.count - 4), using: &random)
            let value: UInt8 = Bool.random(using: &random) ? 0xFF : 0x00
            for offset in index..<min(bytes.count, index + 4) { bytes[offset] = value }
        case 3:
            let index = Int.random(in: 0...bytes.count, using: &random)
            bytes.insert(
                contentsOf: (0..<Int.random(in: 1...16, using: &random)).map { _ in
                    UInt8.random(in: 0...255, using: &random)
                }, at: index)
        default:
            bytes = (0..<Int.random(in: 0...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
        }
        return bytes
    }
}

/// An in-memory source that counts the reads the sniffer makes.
final class CountingSource: ImageByteSource {
    private let bytes: [UInt8]
    private let counter = Atomic<Int>(0)

    var reads: Int { counter.load(ordering: .relaxed) }

    init(bytes: [UInt8]) { self.bytes = bytes }

    func bytes(at offset: Int, count: Int) throws -> [UInt8] {
        counter.add(1, ordering: .relaxed)
        guard offset >= 0, offset < bytes.count, count > 0 else { return [] }
        return Array(bytes[offset..<min(bytes.count, offset + min(count, bytes.count - offset))])
    }
}
