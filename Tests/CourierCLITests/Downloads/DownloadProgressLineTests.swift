import CourierTesting
import Foundation
import Testing

@testable import CourierCLI

@Suite("courier download progress")
struct DownloadProgressLineTests {
    let start = ContinuousClock.now

    @Test func theBarFillsWithTheBytes() {
        #expect(DownloadProgressLine.bar(written: 0, expected: 100) == "[                        ] ")
        #expect(DownloadProgressLine.bar(written: 50, expected: 100) == "[===========>            ] ")
        #expect(DownloadProgressLine.bar(written: 100, expected: 100) == "[========================] ")
        #expect(DownloadProgressLine.bar(written: 10, expected: nil) == "")
    }

    @Test func aTerminalGetsOneLineRedrawnInPlaceAtMostTenTimesASecond() {
        var line = DownloadProgressLine(terminal: true, start: start)
        let first = line.update(written: 25 * 1024, expected: 100 * 1024, now: start + .seconds(1))
        #expect(first == "\r[=====>                  ] 25% 25.0 KiB of 100.0 KiB, 25.0 KiB/s, 0:03 left\u{1B}[K")
        #expect(line.update(written: 26 * 1024, expected: 100 * 1024, now: start + .milliseconds(1050)) == nil)
        let later = line.update(written: 50 * 1024, expected: 100 * 1024, now: start + .seconds(2))
        #expect(later?.hasPrefix("\r[===========>            ] 50%") == true)
        // The last update is always drawn, however soon it comes.
        let done = line.update(written: 100 * 1024, expected: 100 * 1024, now: start + .milliseconds(2010))
        #expect(done?.contains("100% 100.0 KiB of 100.0 KiB") == true)
        #expect(line.finish() == "\n")
        #expect(line.finish() == nil)
    }

    @Test func withoutATerminalPlainLinesComeEveryTwoSeconds() {
        var line = DownloadProgressLine(terminal: false, start: start)
        #expect(line.update(written: 1024, expected: 8192, now: start + .milliseconds(500)) == nil)
        let first = line.update(written: 4096, expected: 8192, now: start + .seconds(2))
        #expect(first == "courier: 50% 4.0 KiB of 8.0 KiB, 2.0 KiB/s, 0:02 left\n")
        #expect(line.update(written: 5000, expected: 8192, now: start + .seconds(3)) == nil)
        let second = line.update(written: 6144, expected: 8192, now: start + .seconds(4))
        #expect(second?.hasPrefix("courier: 75%") == true)
        for text in [first, second].compactMap({ $0 }) {
            #expect(!text.contains("\r"))
            #expect(!text.contains("\u{1B}"))
        }
        #expect(line.finish() == nil)
    }

    @Test func withoutATerminalTheDownloadOutputIsPlainLines() async throws {
        let server = try await TestServer.start { _ in .data(Data(repeating: 7, count: 100_000)) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-progress-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(
            arguments: [
                "download", server.url("/f.bin").absoluteString, "-o", directory.appendingPathComponent("f").path,
            ],
            io: capture.io(terminal: false))
        try await server.shutdown()
        #expect(status == 0)
        #expect(!capture.standardError.contains("\r"))
        #expect(!capture.standardError.contains("\u{1B}"))
        // Plain progress lines (if the transfer took over two seconds), then the summary.
        let lines = capture.standardError.split(separator: "\n")
        #expect(lines.last?.hasPrefix("saved ") == true)
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("courier: ") && $0.contains(" of 97.7 KiB") })
    }
}
