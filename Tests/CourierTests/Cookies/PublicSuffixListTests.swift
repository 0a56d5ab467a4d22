import CourierTestSupport
import Foundation
import Logging
import Synchronization
import Testing

@testable import Courier

@Suite("Public Suffix List")
struct PublicSuffixListTests {
    /// The list's own test vectors (publicsuffix.org `test_psl.txt`, public domain): a domain and its
    /// registrable domain, `nil` when it has none (it is a public suffix, or not a domain).
    @Test(
        arguments: [
            ("COM", nil),
            ("example.COM", "example.com"),
            ("WwW.example.COM", "example.com"),
            (".com", nil),
            (".example", nil),
            (".example.com", nil),
            (".example.example", nil),
            ("example", nil),
            ("example.example", "example.example"),
            ("b.example.example", "example.example"),
            ("a.b.example.example", "example.example"),
            ("biz", nil),
            ("domain.biz", "domain.biz"),
            ("b.domain.biz", "domain.biz"),
            ("a.b.domain.biz", "domain.biz"),
            ("com", nil),
            ("example.com", "example.com"),
            ("b.example.com", "example.com"),
            ("a.b.example.com", "example.com"),
            ("uk.com", nil),
            ("example.uk.com", "example.uk.com"),
            ("b.example.uk.com", "example.uk.com"),
            ("a.b.example.uk.com", "example.uk.com"),
            ("test.ac", "test.ac"),
            ("mm", nil),
            ("c.mm", nil),
            ("b.c.mm", "b.c.mm"),
            ("a.b.c.mm", "b.c.mm"),
            ("jp", nil),
            ("test.jp", "test.jp"),
            ("www.test.jp", "test.jp"),
            ("ac.jp", nil),
            ("test.ac.jp", "test.ac.jp"),
            ("www.test.ac.jp", "test.ac.jp"),
            ("kyoto.jp", nil),
            ("test.kyoto.jp", "test.kyoto.jp"),
            ("ide.kyoto.jp", nil),
            ("b.ide.kyoto.jp", "b.ide.kyoto.jp"),
            ("a.b.ide.kyoto.jp", "b.ide.kyoto.jp"),
            ("c.kobe.jp", nil),
            ("b.c.kobe.jp", "b.c.kobe.jp"),
            ("a.b.c.kobe.jp", "b.c.kobe.jp"),
            ("city.kobe.jp", "city.kobe.jp"),
            ("www.city.kobe.jp", "city.kobe.jp"),
            ("ck", nil),
            ("test.ck", nil),
            ("b.test.ck", "b.test.ck"),
            ("a.b.test.ck", "b.test.ck"),
            ("www.ck", "www.ck"),
            ("www.www.ck", "www.ck"),
            ("us", nil),
            ("test.us", "test.us"),
            ("www.test.us", "test.us"),
            ("ak.us", nil),
            ("test.ak.us", "test.ak.us"),
            ("www.test.ak.us", "test.ak.us"),
            ("k12.ak.us", nil),
            ("test.k12.ak.us", "test.k12.ak.us"),
            ("www.test.k12.ak.us", "test.k12.ak.us"),
            ("食狮.com.cn", "食狮.com.cn"),
            ("食狮.公司.cn", "食狮.公司.cn"),
            ("www.食狮.公司.cn", "食狮.公司.cn"),
            ("shishi.公司.cn", "shishi.公司.cn"),
            ("公司.cn", nil),
            ("食狮.中国", "食狮.中国"),
            ("www.食狮.中国", "食狮.中国"),
            ("shishi.中国", "shishi.中国"),
            ("中国", nil),
            ("xn--85x722f.com.cn", "xn--85x722f.com.cn"),
            ("xn--85x722f.xn--55qx5d.cn", "xn--85x722f.xn--55qx5d.cn"),
            ("www.xn--85x722f.xn--55qx5d.cn", "xn--85x722f.xn--55qx5d.cn"),
            ("shishi.xn--55qx5d.cn", "shishi.xn--55qx5d.cn"),
            ("xn--55qx5d.cn", nil),
            ("xn--85x722f.xn--fiqs8s", "xn--85x722f.xn--fiqs8s"),
            ("www.xn--85x722f.xn--fiqs8s", "xn--85x722f.xn--fiqs8s"),
            ("shishi.xn--fiqs8s", "shishi.xn--fiqs8s"),
            ("xn--fiqs8s", nil),
        ] as [(String, String?)])
    func officialTestVectors(domain: String, registrable: String?) throws {
        let list = PublicSuffixList.shared
        let ascii = try #require(Punycode.asciiDomain(domain))
        let expected = try registrable.map { try #require(Punycode.asciiDomain($0)) }
        #expect(list.registrableDomain(of: ascii).map(String.init) == expected)
    }

    @Test func publicSuffixesIncludeThePrivateSection() {
        let list = PublicSuffixList.shared
        for suffix in ["com", "co.uk", "github.io", "blogspot.com", "s3.amazonaws.com", "localhost", "invalid"] {
            #expect(list.isPublicSuffix(suffix), "\(suffix)")
        }
        for site in ["example.com", "bbc.co.uk", "alice.github.io"] {
            #expect(!list.isPublicSuffix(site), "\(site)")
        }
        #expect(list.publicSuffix(of: "www.bbc.co.uk") == "co.uk")
    }

    @Test(.ownThread) func theShippedListNamesItsVersionAndLicence() throws {
        let url = try #require(PublicSuffixList.shippedFileURL(), "the resource bundle is beside the test binary")
        #expect(url.lastPathComponent == "public_suffix_list.dat")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("// VERSION: 2026-10-22_08-36-41_UTC"))
        #expect(text.contains("Mozilla Public"))
        #expect(text.contains("===BEGIN PRIVATE DOMAINS==="))
        #expect(text.hasSuffix("// ===END PRIVATE DOMAINS===\n"))
    }

    /// Without its list the jar fails closed: every domain is a public suffix, so no cookie can be shared
    /// between hosts (a missing list must not let a supercookie for `co.uk` through).
    @Test func aMissingListIsAWarningAndFailsClosed() {
        let missing = URL(fileURLWithPath: "/nonexistent/public_suffix_list.dat")
        for url in [missing, nil] as [URL?] {
            let warnings = CapturedWarnings()
            let list = PublicSuffixList.load(
                from: url, logger: Logger(label: "test", factory: { _ in warnings }))
            for domain in ["com", "co.uk", "github.io", "example.com", "www.example.co.uk"] {
                #expect(list.isPublicSuffix(domain), "\(domain)")
            }
            #expect(list.registrableDomain(of: "www.example.com") == nil)
            #expect(list.isPublicSuffix("bad..domain"))
            let logged = warnings.messages
            #expect(logged.count == 1)
            #expect(logged.first?.contains("public_suffix_list.dat") == true)
        }
    }

    /// RFC 3492 section 7.1 samples and known IDNA labels.
    @Test(arguments: [
        ("bücher", "bcher-kva"),
        ("münchen", "mnchen-3ya"),
        ("食狮", "85x722f"),
        ("公司", "55qx5d"),
        ("中国", "fiqs8s"),
        ("他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"),
        ("ليهمابتكلموشعربي؟", "egbpdaj6bu4bxfgehfvwxn"),
        ("3年b組金八先生", "3b-ww4c5e180e575a65lsy2b"),
    ])
    func punycodeMatchesRFC3492(label: String, encoded: String) {
        #expect(Punycode.encode(label) == encoded)
    }

    @Test func asciiDomainsAreLowerCasedAndEncodedPerLabel() {
        #expect(Punycode.asciiDomain("WWW.Bücher.Example") == "www.xn--bcher-kva.example")
        #expect(Punycode.asciiDomain("example.com") == "example.com")
    }
}

/// A log handler that keeps the messages of warnings.
private struct CapturedWarnings: LogHandler {
    private let storage = Storage()
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    var messages: [String] { storage.messages.withLock { $0 } }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        if event.level == .warning { storage.messages.withLock { $0.append(event.message.description) } }
    }

    private final class Storage: Sendable {
        let messages = Mutex<[String]>([])
    }
}
