/// The Public Suffix List (https://publicsuffix.org): which domains are registries (`com`, `co.uk`,
/// `github.io`) rather than somebody's site. A cookie for a public suffix would be a "supercookie" shared
/// by every site under it, so the cookie jar refuses them (RFC 6265 section 5.3, step 5).
///
/// The list ships with Courier as data (`PublicSuffixListData.swift`, MPL-2.0, its version noted there);
/// both its ICANN and its private sections are used, as browsers do. Rules are matched with the list's
/// own algorithm: the exception rule wins, otherwise the rule with the most labels, otherwise the
/// implicit rule `*` (every unlisted top-level domain is a public suffix).
struct PublicSuffixList: Sendable {
    /// The list shipped with Courier, parsed on first use.
    static let shared = PublicSuffixList(text: publicSuffixListText)

    private let rules: Set<String>
    /// For `*.ck`, `ck`.
    private let wildcards: Set<String>
    /// For `!www.ck`, `www.ck`.
    private let exceptions: Set<String>

    /// Parses a list in the `public_suffix_list.dat` format: one rule per line, read up to the first
    /// white space; `//` comments and blank lines skipped; Unicode rules brought to their `xn--` form.
    init(text: String) {
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

    /// Where the public suffix begins in `domain`.
    private func publicSuffixStart(of domain: String) -> String.Index? {
        if domain.isEmpty || domain.hasPrefix(".") || domain.hasSuffix(".") || domain.contains("..") { return nil }
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
