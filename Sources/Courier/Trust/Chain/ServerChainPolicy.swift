import Foundation
import SwiftASN1
import Synchronization
@_spi(DisableValidityCheck) import X509

/// The checks a candidate chain to a server must pass, in the order they are reported: validity dates (at an
/// injectable time), RFC 5280 (version, basic and name constraints), use for server authentication, and the host
/// name.
///
/// swift-certificates' `Verifier` only says that no chain passed, with text reasons; this policy records the first
/// failure of each candidate chain as a typed ``Failure`` in a shared ``Recorder``, so the evaluator can say
/// precisely what failed. (The verifier hides its policy behind an opaque type, hence a reference for the record.)
struct ServerChainPolicy: VerifierPolicy {
    /// The first check a candidate chain failed.
    enum Failure: Sendable, Hashable {
        /// The certificate at `position` of the candidate chain (0 is the leaf) had expired.
        case expired(position: Int, Certificate)
        /// The certificate at `position` is not valid yet.
        case notYetValid(position: Int, Certificate)
        /// A certificate may not be used in this chain (RFC 5280 rules, or the leaf's usages).
        case badUsage(Certificate, detail: String)
        /// The leaf does not name the host.
        case hostNameMismatch(Certificate)
    }

    /// Collects the failures of the candidate chains, in the order the verifier tried them.
    final class Recorder: Sendable {
        private let recorded = Mutex<[Failure]>([])

        /// Every failure so far.
        var failures: [Failure] { recorded.withLock { $0 } }

        func record(_ failure: Failure) {
            recorded.withLock { $0.append(failure) }
        }
    }

    /// Extended key usage and the subject alternative names are enforced here, on top of RFC 5280's set.
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier]

    private let validationTime: Date
    /// RFC 5280's rules without its date check (an SPI of swift-certificates): its public initializer checks the
    /// dates against the wall clock, and this policy checks them itself, at the injected time, naming the
    /// certificate.
    private let rfc5280 = RFC5280Policy.withValidityCheckDisabled()
    private var identity: ServerIdentityPolicy
    private let recorder: Recorder
    /// False for a leaf trusted as it is (a pinned self-signed certificate, which is its whole path): RFC 5280's
    /// path rules, which want a root to be a CA, do not apply to it; dates, usage and the host name still do.
    private let appliesPathRules: Bool

    /// A policy for `host`, a DNS name or an IP literal, at `validationTime`.
    init(
        host: CertificateChainEvaluator.HostIdentity, validationTime: Date, recorder: Recorder,
        appliesPathRules: Bool = true
    ) {
        self.validationTime = validationTime
        self.recorder = recorder
        self.appliesPathRules = appliesPathRules
        switch host {
        case .dnsName(let name): self.identity = ServerIdentityPolicy(serverHostname: name, serverIP: nil)
        case .ipAddress(let address): self.identity = ServerIdentityPolicy(serverHostname: nil, serverIP: address)
        }
        self.verifyingCriticalExtensions =
            rfc5280.verifyingCriticalExtensions + [
                .X509ExtensionID.subjectAlternativeName, .X509ExtensionID.extendedKeyUsage,
            ]
    }

    mutating func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
        if let failure = firstFailure(chain) {
            recorder.record(failure)
            return .failsToMeetPolicy(reason: "\(failure)")
        }
        return .meetsPolicy
    }

    private mutating func firstFailure(_ chain: UnverifiedCertificateChain) -> Failure? {
        for (position, certificate) in chain.enumerated() {
            if validationTime > certificate.notValidAfter { return .expired(position: position, certificate) }
            if validationTime < certificate.notValidBefore { return .notYetValid(position: position, certificate) }
        }
        if appliesPathRules, case .failsToMeetPolicy(let reason) = rfc5280.chainMeetsPolicyRequirements(chain: chain) {
            return .badUsage(offendingCertificate(chain), detail: String(describing: reason))
        }
        if let detail = Self.serverAuthenticationProblem(chain.leaf) {
            return .badUsage(chain.leaf, detail: detail)
        }
        if case .failsToMeetPolicy = identity.chainMeetsPolicyRequirements(chain: chain) {
            return .hostNameMismatch(chain.leaf)
        }
        return nil
    }

    /// The certificate RFC 5280's rules refuse: the first non-leaf that is not a CA, else the leaf.
    private func offendingCertificate(_ chain: UnverifiedCertificateChain) -> Certificate {
        for certificate in chain.dropFirst() {
            let constraints = try? certificate.extensions.basicConstraints
            if case .isCertificateAuthority = constraints {
                continue
            }
            return certificate
        }
        return chain.leaf
    }

    /// Why the leaf may not authenticate a TLS server, or `nil` when it may (RFC 5280 4.2.1.3 and 4.2.1.12): an
    /// extended key usage without `serverAuth` (or `anyExtendedKeyUsage`), or a key usage without
    /// `digitalSignature`, `keyEncipherment` or `keyAgreement`.
    static func serverAuthenticationProblem(_ leaf: Certificate) -> String? {
        let usages: ExtendedKeyUsage?
        let keyUsage: KeyUsage?
        do {
            usages = try leaf.extensions.extendedKeyUsage
            keyUsage = try leaf.extensions.keyUsage
        } catch {
            return "its key usage extensions are malformed (\(error))"
        }
        if let usages, !usages.contains(.serverAuth), !usages.contains(.any) {
            return "its extended key usage (\(usages)) does not include server authentication"
        }
        if let keyUsage, !keyUsage.digitalSignature, !keyUsage.keyEncipherment, !keyUsage.keyAgreement {
            return "its key usage (\(keyUsage)) allows neither digital signatures nor key encipherment"
        }
        return nil
    }
}
