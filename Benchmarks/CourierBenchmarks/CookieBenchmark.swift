import Courier
import Foundation
import HTTPTypes

/// The cookie jar's hot path: `CookieStorage.cookieHeader(for:)`, which every request through a session
/// calls, with 10 000 cookies across 1 000 domains (the issue's target: under 20 µs median).
///
/// ```
/// swift run -c release CourierBenchmarks cookies [--cookies 10000] [--domains 1000] [--lookups 200000]
/// ```
///
/// Each domain `www.siteN.com` gets cookies set the way servers set them (Set-Cookie through the jar's
/// own parser): host-only and `Domain=siteN.com` cookies, paths `/`, `/app` and `/app/settings`, some
/// Secure. Lookups go to random URLs on those hosts (and a few unknown hosts); each call is timed on its
/// own with the monotonic clock and the median and tail are printed, with the time to parse and store
/// a Set-Cookie value.
enum CookieBenchmark {
    static func run(arguments: [String]) async throws {
        let options = Options(arguments: arguments)
        let perDomain = max(1, options.cookies / options.domains)
        let jar = CookieStorage(
            limits: .init(maximumCookiesPerDomain: perDomain * 2, maximumCookieCount: options.cookies * 2))
        print(
            "Cookie jar benchmark: \(options.cookies) cookies across \(options.domains) domains, "
                + "\(options.lookups) lookups")

        // Fill the jar through Set-Cookie, timing parse + store per value.
        let paths = ["/", "/app", "/app/settings"]
        let clock = ContinuousClock()
        var storeTimes: [Duration] = []
        storeTimes.reserveCapacity(options.cookies)
        for domain in 0..<options.domains {
            guard let origin = URL(string: "https://www.site\(domain).com/app/settings/page") else { continue }
            for index in 0..<perDomain {
                var attributes = "Path=\(paths[index % paths.count])"
                if index % 2 == 0 { attributes += "; Domain=site\(domain).com" }
                if index % 3 == 0 { attributes += "; Secure" }
                if index % 4 == 0 { attributes += "; Max-Age=86400" }
                let fields: HTTPFields = [
                    .setCookie: "c\(index)=value-\(domain)-\(index)-abcdefghijklmnop; \(attributes)"
                ]
                let start = clock.now
                jar.setCookies(
                    Cookie.cookies(withResponseHeaderFields: fields, for: origin), for: origin, mainDocumentURL: nil)
                storeTimes.append(clock.now - start)
            }
        }
        let stored = jar.cookies.count
        print("stored \(stored) cookies")
        guard stored == perDomain * options.domains else {
            throw BenchmarkError("expected \(perDomain * options.domains) cookies in the jar, found \(stored)")
        }

        // The URLs to look up: paths that match 1, 2 or all 3 path levels, http and https, some misses.
        var random = SplitMix64(seed: 2026)
        var urls: [URL] = []
        for _ in 0..<4096 {
            let domain = Int(random.next() % UInt64(options.domains))
            let scheme = random.next() % 4 == 0 ? "http" : "https"
            let path = ["/", "/app/x", "/app/settings/profile", "/other"][Int(random.next() % 4)]
            let host = random.next() % 20 == 0 ? "unknown\(domain).org" : "www.site\(domain).com"
            if let url = URL(string: "\(scheme)://\(host)\(path)") { urls.append(url) }
        }

        // Warm up, then time each call.
        var checksum = 0
        for url in urls { checksum &+= jar.cookieHeader(for: url)?.utf8.count ?? 0 }
        var times: [Duration] = []
        times.reserveCapacity(options.lookups)
        var matched = 0
        for index in 0..<options.lookups {
            let url = urls[index % urls.count]
            let start = clock.now
            let header = jar.cookieHeader(for: url)
            times.append(clock.now - start)
            if let header {
                matched += 1
                checksum &+= header.utf8.count
            }
        }

        times.sort()
        storeTimes.sort()
        let median = microseconds(times[times.count / 2])
        print("")
        print("| measure | median µs | p90 µs | p99 µs |")
        print("|---|---|---|---|")
        print(
            "| cookieHeader(for:) | \(format(median)) | \(format(microseconds(times[times.count * 9 / 10]))) | "
                + "\(format(microseconds(times[times.count * 99 / 100]))) |")
        print(
            "| parse + store one Set-Cookie | \(format(microseconds(storeTimes[storeTimes.count / 2]))) | "
                + "\(format(microseconds(storeTimes[storeTimes.count * 9 / 10]))) | "
                + "\(format(microseconds(storeTimes[storeTimes.count * 99 / 100]))) |")
        print("")
        print(
            "\(matched) of \(options.lookups) lookups sent cookies (checksum \(checksum)); "
                + "target: median < 20 µs — \(median < 20 ? "met" : "MISSED")")
    }

    static func microseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
    }

    static func format(_ value: Double) -> String { String(format: "%.2f", value) }

    struct Options {
        var cookies = 10_000
        var domains = 1_000
        var lookups = 200_000

        init(arguments: [String]) {
            var iterator = arguments.makeIterator()
            while let argument = iterator.next() {
                switch argument {
                case "--cookies": cookies = iterator.next().flatMap(Int.init) ?? cookies
                case "--domains": domains = iterator.next().flatMap(Int.init) ?? domains
                case "--lookups": lookups = iterator.next().flatMap(Int.init) ?? lookups
                default: break
                }
            }
            cookies = max(1, cookies)
            domains = max(1, min(domains, cookies))
            lookups = max(1, lookups)
        }
    }

    struct BenchmarkError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// A deterministic generator so every run looks up the same URLs.
    struct SplitMix64 {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
