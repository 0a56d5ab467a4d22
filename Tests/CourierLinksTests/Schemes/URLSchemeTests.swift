import CourierLinks
import Testing

@Suite struct URLSchemeTests {
    @Test(arguments: [
        ("acme-directory", "acme-directory"),
        ("Acme-Directory", "acme-directory"),
        ("HTTP", "http"),
        ("a", "a"),
        ("coap+tcp", "coap+tcp"),
        ("iris.beep", "iris.beep"),
        ("x-scheme1", "x-scheme1"),
    ])
    func acceptsAndLowerCasesValidNames(name: String, expected: String) throws {
        #expect(try URLScheme(name).name == expected)
    }

    @Test(arguments: [
        "", "1acme", "-acme", "+a", "acme directory", "acme_directory", "acme:", "acme/x", "ácme", "a\u{0}",
    ])
    func refusesNamesRFC7595DoesNotAllow(name: String) {
        #expect(throws: LinkError.self) { try URLScheme(name) }
        #expect(!URLScheme.isValid(name))
    }

    @Test func refusesOverlongNames() {
        let name = String(repeating: "a", count: URLScheme.maximumLength + 1)
        #expect { try URLScheme(name) } throws: { ($0 as? LinkError)?.code == .invalidScheme }
        #expect(URLScheme.isValid(String(repeating: "a", count: URLScheme.maximumLength)))
    }

    @Test func buildsVersionedSchemes() throws {
        let directory = try URLScheme("acme-directory")
        #expect(try directory.versioned("1.0").name == "acme-directory-1-0")
        #expect(try directory.versioned("2").name == "acme-directory-2")
        for bad in ["", "1.", ".1", "1.a", "v1"] {
            #expect(throws: LinkError.self) { try directory.versioned(bad) }
        }
    }

    @Test func namesItsMimeType() throws {
        #expect(try URLScheme("acme-records").mimeType == "x-scheme-handler/acme-records")
    }

    @Test func launchImageNamesFollowTheBooksRule() throws {
        let scheme = try URLScheme("acme-directory")
        #expect(LaunchImageName(scheme: scheme).fileName == "Default-acme-directory.png")
        #expect(
            LaunchImageName(scheme: scheme, orientation: .portrait, scale: 2).fileName
                == "Default-acme-directory-portrait@2x.png")
        #expect(
            LaunchImageName(baseName: "Launch", scheme: scheme, orientation: .landscape, scale: 1, device: .ipad)
                .fileName == "Launch-acme-directory-landscape~ipad.png")
    }
}
