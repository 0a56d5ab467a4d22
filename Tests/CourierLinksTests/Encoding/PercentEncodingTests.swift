import CourierLinks
import Testing

@Suite struct PercentEncodingTests {
    @Test(arguments: [
        ("", ""),
        ("abcXYZ019-._~", "abcXYZ019-._~"),
        ("+", "%2B"),
        ("/", "%2F"),
        ("%", "%25"),
        (" ", "%20"),
        ("employee/5/", "employee%2F5%2F"),
        ("a+b=c&d", "a%2Bb%3Dc%26d"),
        ("é", "%C3%A9"),
        ("日本", "%E6%97%A5%E6%9C%AC"),
        ("?#[]@!$'()*,;:", "%3F%23%5B%5D%40%21%24%27%28%29%2A%2C%3B%3A"),
    ])
    func encodesAllButUnreserved(text: String, encoded: String) throws {
        #expect(PercentEncoding.encode(text) == encoded)
        #expect(try PercentEncoding.decode(encoded) == text)
    }

    @Test func decodesLowerCaseHex() throws {
        #expect(try PercentEncoding.decode("%2b%2f") == "+/")
    }

    @Test func plusIsSpaceOnlyWhenAsked() throws {
        #expect(try PercentEncoding.decode("a+b") == "a+b")
        #expect(try PercentEncoding.decode("a+b%2B", plusIsSpace: true) == "a b+")
    }

    @Test(arguments: ["%", "%2", "%G0", "abc%", "%%41", "%2x"])
    func refusesBadEscapes(text: String) {
        #expect { try PercentEncoding.decode(text) } throws: {
            ($0 as? LinkError)?.code == .invalidPercentEncoding
        }
    }

    @Test func refusesBytesThatAreNotUTF8AsText() throws {
        #expect(throws: LinkError.self) { try PercentEncoding.decode("%FF%FE") }
        #expect(try PercentEncoding.decodeBytes("%FF%FE") == [0xFF, 0xFE])
    }

    @Test func encodesEveryByteValueReversibly() throws {
        let bytes = (0...255).map(UInt8.init)
        let encoded = PercentEncoding.encode(bytes: bytes)
        #expect(!encoded.contains("+") && !encoded.contains("/"))
        #expect(try PercentEncoding.decodeBytes(encoded) == bytes)
    }

    @Test func randomTextRoundTrips() throws {
        var generator = SplitMix64(seed: 0xC0FFEE)
        let scalars = Array("aZ09-._~+/% ?#&=é日\u{1F600}\u{0}\n".unicodeScalars)
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<Int(generator.next() % 40) {
                text.unicodeScalars.append(scalars[Int(generator.next() % UInt64(scalars.count))])
            }
            let encoded = PercentEncoding.encode(text)
            #expect(encoded.utf8.allSatisfy { PercentEncoding.isUnreserved($0) || $0 == UInt8(ascii: "%") })
            #expect(try PercentEncoding.decode(encoded) == text)
        }
    }
}
