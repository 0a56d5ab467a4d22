import Foundation
import Testing

@testable import CourierSecurity

@Suite("Base64")
struct Base64Tests {
    @Test(
        "encodes the RFC 4648 vectors",
        arguments: [
            ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ]
    )
    func encodesRFCVectors(plain: String, encoded: String) throws {
        #expect(Base64.encode(plain) == encoded)
        #expect(try Base64.decode(encoded) == Data(plain.utf8))
    }

    @Test("wraps lines at the requested length and decodes wrapped text")
    func wrapsLines() throws {
        let data = Data((0..<100).map { UInt8($0) })
        let wrapped = Base64.encode(data, lineLength: 64)
        let lines = wrapped.components(separatedBy: "\r\n")
        #expect(lines.count == 3)
        #expect(lines.dropLast().allSatisfy { $0.count == 64 })
        #expect(try Base64.decode(wrapped) == data)
        #expect(Base64.encode(data, lineLength: 10, lineSeparator: "\n").split(separator: "\n").first?.count == 10)
        #expect(!Base64.encode(data, lineLength: 0).contains("\n"))
    }

    @Test(
        "refuses malformed text",
        arguments: ["Zg", "Zg=", "Z===", "Zm9v!", "Zm=v", "Zm9vYmFy====", "Zh==", "Zm9=", "Zm9v\tYmFy", "-_8="]
    )
    func refusesMalformed(text: String) {
        #expect(securityError { _ = try Base64.decode(text) }?.code == .invalidEncoding)
    }

    @Test("line breaks are refused when not allowed")
    func lineBreaksCanBeRefused() {
        #expect(
            securityError { _ = try Base64.decode("Zm9v\nYmFy", ignoringLineBreaks: false) }?.code == .invalidEncoding)
    }

    @Test("random garbage never crashes the decoder and valid text round-trips")
    func garbageNeverCrashes() {
        var generator = SeededGenerator(seed: 0xb64)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_ \n!".utf8)
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...24, using: &generator)
            let text = String(
                decoding: (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 65 },
                as: UTF8.self
            )
            do {
                let decoded = try Base64.decode(text)
                #expect(Base64.encode(decoded) == text.filter { $0 != "\n" })
            } catch let error as SecurityError {
                #expect(error.code == .invalidEncoding)
            } catch {
                Issue.record("unexpected error \(error)")
            }
        }
    }
}
