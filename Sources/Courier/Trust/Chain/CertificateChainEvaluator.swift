import Foundation
import NIOCore
import NIOSSL
import SwiftASN1
import X509

/// Decides whether to trust the certificate chain a TLS server presented, for a host, at a time: it builds a path
/// from the leaf to a trust root with swift-certificates' `Verifier` (RFC 5280 rules, validity dates, use for
/// server authentication, the host name), then checks the pins against every certificate of that verified path.
///
/// It is a pure function of its inputs, so it runs the same in a TLS handshake's verification callback and in
/// a test:
///
/// ```swift
/// let evaluator = CertificateChainEvaluator(
///     roots: try .anchors(pem: [caPEM], includingSystemRoots: false),
///     pins: [try CertificatePin(.subjectPublicKeyInfo, intermediateKeyPin)])
/// let chain = try await evaluator.evaluate(presentedDER, host: "api.example.com")
/// ```
///
/// Every failure is a ``CertificateChainError`` that names the chain. Revocation (CRL, OCSP) is not checked.
struct CertificateChainEvaluator: Sendable {
    /// The identity a server must prove: a DNS name, or an IP address (literal, without brackets).
    enum HostIdentity: Sendable, Hashable, CustomStringConvertible {
        case dnsName(String)
        case ipAddress(String)

        /// Reads a URL's host: an IPv4 or IPv6 literal (brackets allowed) is an address, anything else a DNS
        /// name (a trailing dot is dropped: `example.com.` is `example.com`).
        init(_ host: String) {
            var name = host
            if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
            if (try? SocketAddress(ipAddress: name, port: 0)) != nil {
                self = .ipAddress(name)
                return
            }
            if name.hasSuffix("."), name.count > 1 { name.removeLast() }
            self = .dnsName(name)
        }

        /// The name or address.
        var description: String {
            switch self {
            case .dnsName(let name): return name
            case .ipAddress(let address): return address
            }
        }
    }

    /// Where chains must lead.
    enum Trust: Sendable {
        /// To one of these roots.
        case roots(CertificateTrustRoots)
        /// Nowhere: the chain, its dates and the host name are not checked, only the pins against the presented
        /// certificates (curl's `-k --pinnedpubkey`).
        case unverified
    }

    /// Where chains must lead.
    let trust: Trust
    /// Pins, any of which a certificate of the verified chain must match; empty for none.
    let pins: [CertificatePin]
    /// The evaluation time; injected by tests.
    let now: @Sendable () -> Date
    /// The chains accepted so far, shared by the copies of this evaluator; `nil` to evaluate every time.
    let cache: VerifiedChainCache?

    /// An evaluator verifying chains to `roots`, then checking `pins`; with `cache`, accepted chains are
    /// remembered (see ``VerifiedChainCache``).
    init(
        roots: CertificateTrustRoots, pins: [CertificatePin] = [], cache: VerifiedChainCache? = VerifiedChainCache(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.trust = .roots(roots)
        self.pins = pins
        self.cache = cache
        self.now = now
    }

    /// An evaluator that checks only pins, against the presented certificates.
    init(unverifiedWithPins pins: [CertificatePin]) {
        self.trust = .unverified
        self.pins = pins
        self.cache = nil
        self.now = { Date() }
    }

    /// Evaluates the chain a server presented, as swift-nio-ssl hands it to a verification callback.
    ///
    /// - Throws: ``CertificateChainError`` naming the reason and the chain.
    func evaluate(_ presented: [NIOSSLCertificate], host: String) async throws(CertificateChainError)
        -> VerifiedCertificateChain
    {
        var der: [[UInt8]] = []
        for (position, certificate) in presented.enumerated() {
            do {
                der.append(try certificate.toDERBytes())
            } catch {
                throw CertificateChainError(
                    reason: .malformedCertificate(position: position, detail: "\(error)"), host: host,
                    presentedChain: [])
            }
        }
        return try await evaluate(der, host: host)
    }

    /// The chain as accepted for `host` before, when the cache still holds it for this time; `nil` when it must
    /// be evaluated (including when a certificate cannot be encoded: the evaluation reports that). Synchronous, so
    /// a handshake's callback can answer at once.
    func acceptedBefore(_ presented: [NIOSSLCertificate], host: String) -> VerifiedCertificateChain? {
        guard case .roots = trust, let cache, !presented.isEmpty else { return nil }
        var der: [[UInt8]] = []
        der.reserveCapacity(presented.count)
        for certificate in presented {
            guard let bytes = try? certificate.toDERBytes() else { return nil }
            der.append(bytes)
        }
        return cache.chain(for: VerifiedChainCache.Key(host: host, presented: der), at: now())
    }

    /// Evaluates a presented chain of DER certificates, leaf first, for `host` (a DNS name or an IP literal).
    ///
    /// - Throws: ``CertificateChainError`` naming the reason and the chain.
    func evaluate(_ presented: [[UInt8]], host: String) async throws(CertificateChainError) -> VerifiedCertificateChain
    {
        guard !presented.isEmpty else {
            throw CertificateChainError(reason: .emptyChain, host: host, presentedChain: [])
        }
        let time = now()
        var key: VerifiedChainCache.Key?
        if case .roots = trust, let cache {
            // Looked up before parsing: a hit saves the parse too.
            key = VerifiedChainCache.Key(host: host, presented: presented)
            if let key, let known = cache.chain(for: key, at: time) { return known }
        }
        var chain: [ChainCertificate] = []
        for (position, bytes) in presented.enumerated() {
            do {
                chain.append(try ChainCertificate(derEncoded: bytes))
            } catch {
                throw CertificateChainError(
                    reason: .malformedCertificate(position: position, detail: error.description), host: host,
                    presentedChain: chain)
            }
        }
        switch trust {
        case .unverified:
            let pin = try checkPins(chain, host: host, presented: chain)
            return try Self.accept(chain, isVerified: false, matchedPin: pin, host: host)
        case .roots(let roots):
            let verified = try await verify(chain, roots: roots, host: host, at: time)
            let pin = try checkPins(verified, host: host, presented: chain)
            let accepted = try Self.accept(verified, isVerified: true, matchedPin: pin, host: host)
            if let cache, let key { cache.insert(accepted, for: key) }
            return accepted
        }
    }

    /// The result for an accepted chain.
    private static func accept(
        _ chain: [ChainCertificate], isVerified: Bool, matchedPin: CertificatePin?, host: String
    ) throws(CertificateChainError) -> VerifiedCertificateChain {
        do {
            return try VerifiedCertificateChain(certificates: chain, isVerified: isVerified, matchedPin: matchedPin)
        } catch {
            throw CertificateChainError(
                reason: .malformedCertificate(position: 0, detail: "BoringSSL cannot load the chain (\(error))"),
                host: host, presentedChain: chain)
        }
    }

    /// The verified path, leaf to root.
    private func verify(_ chain: [ChainCertificate], roots: CertificateTrustRoots, host: String, at time: Date)
        async throws(CertificateChainError) -> [ChainCertificate]
    {
        let recorder = ServerChainPolicy.Recorder()
        // A leaf that is itself an anchor (a pinned self-signed certificate) is trusted as it is: its path is
        // itself alone.
        let directlyTrusted = roots.anchors.first { $0.derBytes == chain[0].derBytes }
        let policy = ServerChainPolicy(
            host: HostIdentity(host), validationTime: time, recorder: recorder,
            appliesPathRules: directlyTrusted == nil)
        var verifier = Verifier(
            rootCertificates: directlyTrusted.map { CertificateStore([$0.certificate]) } ?? roots.store
        ) {
            policy
        }
        let result = await verifier.validate(
            leaf: chain[0].certificate,
            intermediates: CertificateStore(directlyTrusted == nil ? chain.dropFirst().map(\.certificate) : []))
        switch result {
        case .validCertificate(let path):
            let known = chain + roots.anchors
            var verified: [ChainCertificate] = []
            for certificate in path {
                if let same = known.first(where: { $0.certificate == certificate }) {
                    verified.append(same)
                } else {
                    do {
                        verified.append(try ChainCertificate(certificate))
                    } catch {
                        throw CertificateChainError(
                            reason: .malformedCertificate(position: verified.count, detail: error.description),
                            host: host, presentedChain: chain)
                    }
                }
            }
            return verified
        case .couldNotValidate:
            throw CertificateChainError(
                reason: failureReason(chain, roots: roots, failures: recorder.failures, policy: policy), host: host,
                presentedChain: chain)
        }
    }

    /// The reason to report when no path passed: the first recorded failure of a candidate path; with none,
    /// the leaf's unknown critical extension, else the missing trust.
    private func failureReason(
        _ chain: [ChainCertificate], roots: CertificateTrustRoots, failures: [ServerChainPolicy.Failure],
        policy: ServerChainPolicy
    ) -> CertificateChainError.Reason {
        if let failure = failures.first {
            switch failure {
            case .expired(let position, let certificate):
                return .expired(
                    position: position, subject: ChainCertificate.displayName(certificate.subject),
                    notValidBefore: certificate.notValidBefore, notValidAfter: certificate.notValidAfter)
            case .notYetValid(let position, let certificate):
                return .notYetValid(
                    position: position, subject: ChainCertificate.displayName(certificate.subject),
                    notValidBefore: certificate.notValidBefore, notValidAfter: certificate.notValidAfter)
            case .badUsage(let certificate, let detail):
                return .badKeyUsage(subject: ChainCertificate.displayName(certificate.subject), detail: detail)
            case .hostNameMismatch(let leaf):
                return .hostNameMismatch(leaf: ChainCertificate.displayName(leaf.subject), names: Self.names(of: leaf))
            }
        }
        let leaf = chain[0]
        let understood = Set(policy.verifyingCriticalExtensions)
        if let unknown = leaf.certificate.extensions.first(where: { $0.critical && !understood.contains($0.oid) }) {
            return .badKeyUsage(
                subject: leaf.subjectName, detail: "it has a critical extension (\(unknown.oid)) that is not understood"
            )
        }
        return Self.untrusted(chain, roots: roots)
    }

    /// The topmost presented certificate reachable from the leaf by issuer names, and its issuer.
    private static func untrusted(_ chain: [ChainCertificate], roots: CertificateTrustRoots)
        -> CertificateChainError.Reason
    {
        var topmost = chain[0]
        var remaining = Array(chain.dropFirst())
        while !topmost.isSelfIssued,
            let next = remaining.firstIndex(where: { $0.certificate.subject == topmost.certificate.issuer })
        {
            topmost = remaining.remove(at: next)
        }
        guard !topmost.isSelfIssued else {
            return .untrustedIssuer(topmost: topmost.subjectName, issuer: nil, issuerIsKnown: false)
        }
        let issuer = topmost.certificate.issuer
        let rootCertificates = roots.anchors.map(\.certificate) + (roots.systemRoots?.certificates ?? [])
        return .untrustedIssuer(
            topmost: topmost.subjectName, issuer: ChainCertificate.displayName(issuer),
            issuerIsKnown: rootCertificates.contains { $0.subject == issuer })
    }

    /// The pin a certificate of `chain` matches; `nil` when there are no pins.
    ///
    /// Each kind of pin the list holds must be met: a certificate pin and a key pin together mean "this
    /// certificate, and this key" (as ``ServerTrustPolicy`` combines them), while pins of one kind are
    /// alternatives (backup pins).
    private func checkPins(_ chain: [ChainCertificate], host: String, presented: [ChainCertificate])
        throws(CertificateChainError) -> CertificatePin?
    {
        guard !pins.isEmpty else { return nil }
        var matched: [CertificatePin] = []
        for kind in [CertificatePin.Kind.certificate, .subjectPublicKeyInfo] {
            let ofKind = pins.filter { $0.kind == kind }
            guard !ofKind.isEmpty else { continue }
            guard let pin = ofKind.first(where: { pin in chain.contains(where: pin.matches) }) else {
                matched = []
                break
            }
            matched.append(pin)
        }
        if let first = matched.first { return first }
        let described = chain.map { certificate in
            "\(certificate.subjectName) (\(CertificatePin(.certificate, of: certificate)), \(CertificatePin(.subjectPublicKeyInfo, of: certificate)))"
        }
        throw CertificateChainError(
            reason: .pinMismatch(pins: pins.map(\.description), chain: described), host: host, presentedChain: presented
        )
    }

    /// The DNS names and IP addresses a certificate is for: its subject alternative names, else its common name.
    static func names(of certificate: Certificate) -> [String] {
        var names: [String] = []
        let alternatives = try? certificate.extensions.subjectAlternativeNames
        if let alternatives {
            for name in alternatives {
                switch name {
                case .dnsName(let dnsName): names.append(dnsName)
                case .ipAddress(let octets): names.append(Self.formatAddress(Array(octets.bytes)))
                default: continue
                }
            }
        }
        if alternatives == nil {
            let commonName = ChainCertificate.displayName(certificate.subject)
            if !commonName.contains("=") { names.append(commonName) }
        }
        return names
    }

    /// An address as `inet_ntop` writes it (`127.0.0.1`, `::1`); other lengths in hex.
    private static func formatAddress(_ bytes: [UInt8]) -> String {
        if bytes.count == 4 || bytes.count == 16,
            let address = try? SocketAddress(packedIPAddress: ByteBuffer(bytes: bytes), port: 0).ipAddress
        {
            return address
        }
        return bytes.map { String(format: "%02x", $0) }.joined()
    }
}
