import CourierTestSupport
import Foundation
import Testing

@testable import CourierSecurity

@Suite("Digester")
struct DigesterTests {
    @Test(
        "reproduces the book's \"test string\" vectors",
        arguments: [
            (DigestAlgorithm.md5, "6f8db599de986fab7a21625b7916589c"),
            (.sha1, "661295c9cbf9d6b2f6428414504a8deed3020641"),
            (.sha256, "d5579c46dfcc7f18207013e65b44e4cb4e2c2298f4ac457ba8f82743f31e930b"),
        ]
    )
    func bookVectors(algorithm: DigestAlgorithm, hex: String) throws {
        let digest = Digester.digest("test string", using: algorithm)
        #expect(digest.hex == hex)
        #expect(digest.base64 == Base64.encode(try bytes(hex)))
        #expect(digest.bytes.count == algorithm.byteCount)
    }

    /// FIPS 180 / RFC 1321 example messages: "", "abc" and the 448-bit two-block message.
    static let nistTable: [(DigestAlgorithm, String, String)] = [
        (.md5, "", "d41d8cd98f00b204e9800998ecf8427e"),
        (.md5, "abc", "900150983cd24fb0d6963f7d28e17f72"),
        (.sha1, "", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
        (.sha1, "abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
        (.sha1, twoBlock, "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
        (.sha224, "", "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f"),
        (.sha224, "abc", "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"),
        (.sha224, twoBlock, "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525"),
        (.sha256, "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (.sha256, "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (.sha256, twoBlock, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (
            .sha384, "abc",
            "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"
        ),
        (
            .sha384, twoBlock,
            "3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6b0455a8520bc4e6f5fe95b1fe3c8452b"
        ),
        (
            .sha512, "abc",
            "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                + "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"
        ),
        (
            .sha512, "",
            "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
                + "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"
        ),
        (.sha512_256, "abc", "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23"),
        (.sha512_256, "", "c672b8d1ef56ed28ab87c3622c5114069bdd3ad7b8f9737498d0c01ecef0967a"),
    ]

    static let twoBlock = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"

    @Test("matches NIST vectors for every algorithm", arguments: nistTable)
    func nistVectors(algorithm: DigestAlgorithm, message: String, hex: String) {
        #expect(Digester.digest(message, using: algorithm).hex == hex)
        #expect(Digester.digest(Data(message.utf8), using: algorithm).hex == hex)
    }

    @Test(
        "incremental updates in random pieces equal the one-shot digest", .ownThread,
        arguments: DigestAlgorithm.allCases)
    func incrementalEqualsOneShot(algorithm: DigestAlgorithm) {
        var generator = SeededGenerator(seed: 7)
        let message = generator.bytes(5_000)
        let expected = Digester.digest(message, using: algorithm)
        for _ in 0..<10 {
            var digester = Digester(algorithm)
            var offset = 0
            while offset < message.count {
                let length = min(Int.random(in: 0...300, using: &generator), message.count - offset)
                digester.update(message[offset..<offset + length])
                offset += length
            }
            #expect(digester.finalize() == expected)
        }
    }

    @Test("finalize leaves the digester usable")
    func finalizeDoesNotConsume() {
        var digester = Digester(.sha256)
        digester.update("test ")
        _ = digester.finalize()
        digester.update("string")
        #expect(digester.finalize().hex == "d5579c46dfcc7f18207013e65b44e4cb4e2c2298f4ac457ba8f82743f31e930b")
    }

    @Test("hashes async streams of chunks and of single bytes")
    func hashesAsyncStreams() async throws {
        let message = Data(String(repeating: "courier ", count: 50_000).utf8)
        let expected = Digester.digest(message, using: .sha256)
        let chunks = AsyncStream<Data> { continuation in
            var offset = 0
            while offset < message.count {
                continuation.yield(message[offset..<min(offset + 4_096, message.count)])
                offset += 4_096
            }
            continuation.finish()
        }
        #expect(try await Digester.digest(chunks, using: .sha256) == expected)
        let singleBytes = AsyncStream<UInt8> { continuation in
            for byte in message { continuation.yield(byte) }
            continuation.finish()
        }
        #expect(try await Digester.digest(singleBytes, using: .sha256) == expected)
    }

    @Test("hashes files through a URL and a FileHandle", .ownThread)
    func hashesFiles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var generator = SeededGenerator(seed: 3)
        let contents = generator.bytes(3 * Digester.chunkByteCount + 123)
        let file = directory.file("blob")
        try contents.write(to: file)
        let expected = Digester.digest(contents, using: .sha512)
        #expect(try Digester.digest(contentsOf: file, using: .sha512) == expected)
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        #expect(try Digester.digest(reading: handle, using: .sha512) == expected)
    }

    @Test("a missing file is an ioFailure")
    func missingFile() {
        let error = securityError {
            _ = try Digester.digest(contentsOf: URL(fileURLWithPath: "/nonexistent/courier"), using: .md5)
        }
        #expect(error?.code == .ioFailure)
    }

    @Test("digest values compare by algorithm and bytes")
    func digestEquality() {
        let sha = Digester.digest("a", using: .sha256)
        #expect(sha == Digester.digest("a", using: .sha256))
        #expect(sha != Digester.digest("b", using: .sha256))
        #expect(
            DigestValue(algorithm: .sha256, bytes: sha.bytes) != DigestValue(algorithm: .sha512_256, bytes: sha.bytes))
        #expect(sha.description.hasPrefix("SHA-256 "))
    }
}
