import Foundation
import SwiftASN1
import X509

/// The system's trust store as Courier reads it on Linux: Debian's bundle `/etc/ssl/certs/ca-certificates.crt`,
/// plus the PEM file named by `SSL_CERT_FILE` and the PEM files in the directories of `SSL_CERT_DIR` (colon
/// separated), as OpenSSL and curl honour them.
///
/// Reading and parsing a bundle of some 150 roots takes milliseconds, so ``shared`` reads it once per process.
/// Certificates that swift-certificates cannot parse are skipped, not fatal: one odd root in a bundle must not
/// make every server untrusted.
struct SystemTrustRoots: Sendable {
    /// The roots found.
    let certificates: [Certificate]
    /// The files and directories that were read, for messages.
    let sources: [String]

    /// Debian's (and Ubuntu's) bundle.
    static let debianBundle = "/etc/ssl/certs/ca-certificates.crt"

    /// The largest bundle file read; Debian's is about 200 KiB.
    static let maximumFileSize = 16 * 1024 * 1024
    /// The most bytes read in all, so that a directory of huge files cannot exhaust memory.
    static let maximumTotalSize = 64 * 1024 * 1024
    /// The most files read from one `SSL_CERT_DIR` directory.
    static let maximumDirectoryEntries = 10_000

    /// The process's system store: the Debian bundle and the environment's additions, read on first use.
    static let shared = SystemTrustRoots(environment: ProcessInfo.processInfo.environment)

    /// Reads the store from the Debian bundle and the `SSL_CERT_FILE` / `SSL_CERT_DIR` of `environment`.
    init(environment: [String: String]) {
        var files = [Self.debianBundle]
        if let file = environment["SSL_CERT_FILE"], !file.isEmpty { files.append(file) }
        let directories = (environment["SSL_CERT_DIR"] ?? "").split(separator: ":").map(String.init)
        self.init(bundleFiles: files, directories: directories)
    }

    /// Reads the store from explicit files and directories (tests, or a platform with other paths).
    init(bundleFiles: [String], directories: [String] = []) {
        var certificates: [Certificate] = []
        var seen = Set<Certificate>()
        var sources: [String] = []
        var files = bundleFiles
        for directory in directories {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            sources.append(directory)
            files += names.sorted().prefix(Self.maximumDirectoryEntries).map { directory + "/" + $0 }
        }
        var budget = Self.maximumTotalSize
        for file in files {
            let found = Self.readCertificates(file, budget: &budget)
            if !found.isEmpty, bundleFiles.contains(file), !sources.contains(file) { sources.append(file) }
            for certificate in found where seen.insert(certificate).inserted {
                certificates.append(certificate)
            }
        }
        self.certificates = certificates
        self.sources = sources
    }

    /// The certificates of a PEM file (symbolic links followed, as `/etc/ssl/certs` is made of them), or none
    /// when it cannot be read, holds none, or would exceed the `budget` of bytes left.
    private static func readCertificates(_ path: String, budget: inout Int) -> [Certificate] {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolved),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? Int, size <= maximumFileSize, size <= budget,
            let data = FileManager.default.contents(atPath: resolved)
        else { return [] }
        budget -= data.count
        let text = String(decoding: data, as: UTF8.self)
        guard text.contains("-----BEGIN CERTIFICATE-----") else { return [] }
        return blocks(of: text).compactMap { try? Certificate(pemEncoded: $0) }
    }

    /// Each `CERTIFICATE` block of a PEM text on its own, so that one damaged block skips only itself.
    private static func blocks(of text: String) -> [String] {
        let begin = "-----BEGIN CERTIFICATE-----"
        let end = "-----END CERTIFICATE-----"
        var blocks: [String] = []
        var rest = text[...]
        while let start = rest.range(of: begin), let stop = rest.range(of: end, range: start.upperBound..<rest.endIndex)
        {
            blocks.append(String(rest[start.lowerBound..<stop.upperBound]))
            rest = rest[stop.upperBound...]
        }
        return blocks
    }
}
