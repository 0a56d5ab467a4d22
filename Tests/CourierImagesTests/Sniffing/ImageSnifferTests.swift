import CourierTestSupport
import Foundation
import Testing

@testable import CourierImages

@Suite struct ImageSnifferTests {
    static let wellFormed: [(String, Data, ImageDescription)] = [
        ("png", ImageFixtures.png(width: 640, height: 480), ImageDescription(format: .png, width: 640, height: 480)),
        (
            "jpeg baseline", ImageFixtures.jpeg(width: 4032, height: 3024),
            ImageDescription(format: .jpeg, width: 4032, height: 3024)
        ),
        (
            "jpeg progressive", ImageFixtures.jpeg(width: 800, height: 600, frameMarker: 0xC2),
            ImageDescription(format: .jpeg, width: 800, height: 600)
        ),
        (
            "gif animated", ImageFixtures.gif(width: 320, height: 240, frames: 12),
            ImageDescription(format: .gif, width: 320, height: 240, frameCount: 12)
        ),
        (
            "gif still, no global table", ImageFixtures.gif(width: 16, height: 8, frames: 1, globalColorTable: false),
            ImageDescription(format: .gif, width: 16, height: 8, frameCount: 1)
        ),
        (
            "webp lossy", ImageFixtures.webpLossy(width: 550, height: 368),
            ImageDescription(format: .webp, width: 550, height: 368)
        ),
        (
            "webp lossless", ImageFixtures.webpLossless(width: 386, height: 395),
            ImageDescription(format: .webp, width: 386, height: 395)
        ),
        (
            "webp extended still", ImageFixtures.webpExtended(width: 1000, height: 1, frames: 0),
            ImageDescription(format: .webp, width: 1000, height: 1)
        ),
        (
            "webp animated", ImageFixtures.webpExtended(width: 400, height: 400, frames: 5),
            ImageDescription(format: .webp, width: 400, height: 400, frameCount: 5)
        ),
        (
            "heic", ImageFixtures.heic(width: 4032, height: 3024),
            ImageDescription(format: .heic, width: 4032, height: 3024)
        ),
    ]

    @Test(arguments: wellFormed.indices)
    func describesWellFormedHeaders(index: Int) throws {
        let (name, data, expected) = Self.wellFormed[index]
        let description = try #require(try ImageSniffer.sniff(data), "\(name)")
        #expect(description == expected, "\(name)")
        #expect(ImageSniffer.format(of: data) == expected.format)
    }

    @Test func describesEveryPrefixTruncationAsAnErrorNotACrash() throws {
        for (name, data, expected) in Self.wellFormed {
            // Cutting inside the headers that carry the size must give a truncated/malformed error.
            for length in 0..<min(data.count, 40) {
                let prefix = data.prefix(length)
                do {
                    let description = try ImageSniffer.sniff(prefix)
                    if let description { #expect(description.format == expected.format, "\(name) cut at \(length)") }
                } catch {
                    #expect(error.format == expected.format, "\(name) cut at \(length)")
                }
            }
        }
    }

    @Test func truncatedPNGIsReportedAsTruncated() {
        let data = ImageFixtures.png(width: 1, height: 1).prefix(20)
        #expect(throws: ImageSniffError.self) { try ImageSniffer.sniff(data) }
        do {
            _ = try ImageSniffer.sniff(data)
        } catch {
            #expect(error.reason == .truncated)
            #expect(error.description.contains("png"))
        }
    }

    @Test func unknownBytesAreNotAnImage() throws {
        #expect(try ImageSniffer.sniff(Data("<html>hello</html>".utf8)) == nil)
        #expect(try ImageSniffer.sniff(Data()) == nil)
    }

    @Test func jpegScanBeforeFrameHeaderIsMalformed() {
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x08, 1, 2, 3, 4, 5, 6]
        do {
            _ = try ImageSniffer.sniff(Data(bytes))
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .malformed)
            #expect(error.message.contains("scan"))
        }
    }

    @Test func jpegSegmentLengthBelowTwoIsMalformed() {
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01, 0, 0]
        #expect(
            throws: ImageSniffError(format: .jpeg, reason: .malformed, message: "segment 0xE0 at offset 2 has length 1")
        ) {
            try ImageSniffer.sniff(Data(bytes))
        }
    }

    @Test func zeroSizeIsMalformed() {
        do {
            _ = try ImageSniffer.sniff(ImageFixtures.png(width: 0, height: 10))
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .malformed)
        }
    }

    @Test func heicBoxLargerThanItsParentIsMalformed() {
        var bytes = [UInt8](ImageFixtures.heic(width: 10, height: 10))
        // ftyp is 24 bytes; meta's children start after its 8-byte header and 4 bytes of version and flags,
        // with a 32-byte hdlr first: iprp is at 68. Make it larger than meta.
        #expect(bytes[72..<76] == Array("iprp".utf8)[...])
        bytes.replaceSubrange(68..<72, with: ImageFixtures.bigEndian(0x7FFF_FFFF, 4))
        do {
            _ = try ImageSniffer.sniff(Data(bytes))
            Issue.record("expected an error")
        } catch {
            #expect(error.format == .heic)
            #expect(error.reason == .malformed)
            #expect(error.message.contains("iprp"))
        }
    }

    @Test(.ownThread) func endlessJPEGFillBytesHitTheStepLimit() {
        let bytes: [UInt8] = [0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 2_000_000)
        do {
            _ = try ImageSniffer.sniff(Data(bytes))
            Issue.record("expected an error")
        } catch {
            #expect(error.reason == .limitExceeded || error.reason == .truncated)
        }
    }

    @Test(.ownThread) func largeJPEGIsSniffedFromItsHeaderOnly() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sniff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("big.jpg")
        // A 60 KB Exif segment before the frame header, then 10 MB of scan data.
        try ImageFixtures.jpeg(width: 6000, height: 4000, applicationPayload: 60_000, scanBytes: 10_000_000)
            .write(to: file)
        let source = try FileByteSource(url: file)
        let description = try #require(try ImageSniffer.sniff(source))
        #expect(description == ImageDescription(format: .jpeg, width: 6000, height: 4000))
        #expect(source.bytesRead < 64 * 1024)
    }
}
