import Foundation
import Logging

/// The Public Suffix List (https://publicsuffix.org): which domains are registries (`com`, `co.uk`,
/// `github.io`) rather than somebody's site. A cookie for a public suffix would be a "supercookie" shared
/// by every site under it, so the cookie jar refuses them (RFC 6265 section 5.3, step 5).
///
/// The list ships with Courier as the package resource `public_suffix_list.dat` (see ``shared``); both its
/// ICANN and its private sections are used, as browsers do. Rules are matched with the list's own
/// algorithm: the exception rule wins, otherwise the rule with the most labels, otherwise the implicit
/// rule `*` (every unlisted top-level domain is a public suffix).
struct PublicSuffixList: Sendable {
    /// The list shipped with Courier, read and parsed on first use.
    ///
    /// The file is `Cookies/public_suffix_list.dat` in the sources, copied verbatim into Courier's resource
    /// bundle (`Courier_Courier.resources` beside the executable on Linux): version
    /// 2026-10-22_08-36-41_UTC, commit 8437e5262f13305f94087abe699b4fe2be1d1de8 (its `VERSION` and `COMMIT`
    /// lines), taken from `publicsuffixlist/public_suffix_list.dat` of the PyPI package publicsuffixlist
    /// 1.1.2.20261023; Mozilla Public License 2.0, as its header says. To update it, replace the file and
    /// change the version here, in docs/FEATURES.md and in CHANGELOG.md.
    ///
    /// When the bundle or the file cannot be read (a `courier` binary copied without its
    /// `Courier_Courier.resources` folder), a warning is logged on `courier.cookies` and the jar fails
    /// closed: every domain counts as a public suffix, so a cookie whose `Domain` attribute names the host
    /// itself becomes host-only, one that names a parent domain is refused, and no cookie reaches another host
    /// (no supercookie for `co.uk` or `github.io` can slip through a missing list).
    static let shared = PublicSuffixList.load(from: shippedFileURL(), logger: Logger(label: "courier.cookies"))

    /// The name of the shipped list in Courier's resource bundle.
    static let resourceFileName = "public_suffix_list.dat"

    /// Set when the list could not be read: every well-formed domain is then a public suffix.
    private let isUnavailable: Bool
    private let rules: Set<String>
    /// For `*.ck`, `ck`.
    private let wildcards: Set<String>
    /// For `!www.ck`, `www.ck`.
    private let exceptions: Set<String>

    /// Parses a list in the `public_suffix_list.dat` format: one rule per line, read up to the first
    /// white space; `//` comments and blank lines skipped; Unicode rules brought to their `xn--` form.
    init(text: String) {
        self.isUnavailable = false
        var rules = Set<String>()
        var wildcards = Set<String>()
        var exceptions = Set<String>()
        rules.reserveCapacity(12_000)
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let rule = line.drop { $0 == " " || $0 == "\t" }.prefix { $0 != " " && $0 != "\t" }
            if rule.isEmpty || rule.hasPrefix("//") { continue }
            if rule.hasPrefix("!") {
                if let domain = Punycode.asciiDomain(rule.dropFirst()) { exceptions.insert(domain) }
            } else if rule.hasPrefix("*.") {
                if let domain = Punycode.asciiDomain(rule.dropFirst(2)) { wildcards.insert(domain) }
            } else if let domain = Punycode.asciiDomain(rule) {
                rules.insert(domain)
            }
        }
        self.rules = rules
        self.wildcards = wildcards
        self.exceptions = exceptions
    }

    /// The list that stands in for one that could not be read: it fails closed, treating every well-formed
    /// domain as a public suffix.
    private init(unavailable: Void) {
        isUnavailable = true
        rules = []
        wildcards = []
        exceptions = []
    }

    static let unavailable = PublicSuffixList(unavailable: ())

    /// The public suffix of a lower-case ASCII domain (`co.uk` for `www.example.co.uk`), or `nil` for a
    /// domain with empty labels.
    func publicSuffix(of domain: String) -> Substring? {
        guard let start = publicSuffixStart(of: domain) else { return nil }
        return domain[start...]
    }

    /// Whether a lower-case ASCII domain is itself a public suffix (`com`, `co.uk`, `github.io`, or an
    /// unlisted single label such as `localhost`). Malformed domains count as public suffixes.
    func isPublicSuffix(_ domain: String) -> Bool {
        guard let start = publicSuffixStart(of: domain) else { return true }
        return start == domain.startIndex
    }

    /// The registrable domain ("eTLD+1": `example.co.uk` for `www.example.co.uk`), or `nil` when the
    /// domain is a public suffix or malformed.
    func registrableDomain(of domain: String) -> Substring? {
        guard let start = publicSuffixStart(of: domain), start != domain.startIndex else { return nil }
        // One more label to the left of the public suffix.
        let beforeDot = domain.index(before: start)
        let labelStart = domain[..<beforeDot].lastIndex(of: ".").map { domain.index(after: $0) } ?? domain.startIndex
        return domain[labelStart...]
    }

    /// The list in the file at `url`; ``unavailable`` (which fails closed), with a warning naming the file, when
    /// there is no URL or the file cannot be read as UTF-8.
    static func load(from url: URL?, logger: Logger) -> PublicSuffixList {
        let consequence =
            "every domain is treated as a public suffix: cookies are host-only and never shared between hosts"
        guard let url else {
            logger.warning(
                "\(resourceFileName) was not found (Courier's resource bundle, Courier_Courier.resources on Linux, is not beside the executable or lacks it); \(consequence)"
            )
            return .unavailable
        }
        do {
            return PublicSuffixList(text: try String(contentsOf: url, encoding: .utf8))
        } catch {
            logger.warning("\(url.path) could not be read (\(error)); \(consequence)")
            return .unavailable
        }
    }

    /// The URL of the shipped list, or `nil` when Courier's resource bundle is not where SwiftPM's
    /// `Bundle.module` looks first.
    ///
    /// SwiftPM's generated `Bundle.module` ends the process (`fatalError`) when it finds its bundle neither
    /// beside the executable nor in the build folder it was compiled in, as happens to a binary copied
    /// without its bundle; so it is asked only when the bundle is beside the executable (or, on Darwin, in
    /// the main bundle's resources, where Xcode puts it), and a copied binary loads an empty list rather
    /// than crashing. A binary copied alone on the machine that built it therefore warns too, although
    /// `Bundle.module` could still have found the build folder.
    static func shippedFileURL() -> URL? {
        #if canImport(Darwin)
            let bundleName = "Courier_Courier.bundle"
            let places: [URL?] = [Bundle.main.resourceURL, Bundle.main.bundleURL]
        #else
            let bundleName = "Courier_Courier.resources"
            let places: [URL?] = [Bundle.main.bundleURL]
        #endif
        let present = places.contains { place in
            guard let place else { return false }
            return FileManager.default.fileExists(atPath: place.appendingPathComponent(bundleName).path)
        }
        guard present else { return nil }
        return Bundle.module.url(forResource: resourceFileName, withExtension: nil)
    }

    /// Where the public suffix begins in `domain`.
    private func publicSuffixStart(of domain: String) -> String.Index? {
        if domain.isEmpty || domain.hasPrefix(".") || domain.hasSuffix(".") || domain.contains("..") { return nil }
        if isUnavailable { return domain.startIndex }
        // The start of each label, leftmost first: candidates from the longest to the shortest.
        var starts: [String.Index] = [domain.startIndex]
        var index = domain.startIndex
        while let dot = domain[index...].firstIndex(of: ".") {
            index = domain.index(after: dot)
            starts.append(index)
        }
        // An exception rule prevails over every other rule; its suffix drops its leftmost label.
        for (position, start) in starts.enumerated() where position + 1 < starts.count {
            if exceptions.contains(String(domain[start...])) { return starts[position + 1] }
        }
        for (position, start) in starts.enumerated() {
            let candidate = String(domain[start...])
            if position > 0, wildcards.contains(candidate) { return starts[position - 1] }
            if rules.contains(candidate) { return start }
        }
        return starts[starts.count - 1]
    }
}
