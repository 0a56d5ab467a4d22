import Foundation
import Testing
import X509

@testable import Courier

@Suite("CertificateChainEvaluator")
struct CertificateChainEvaluatorTests {
    /// Runs an evaluation expected to fail and returns its error.
    private func failure(
        _ evaluator: CertificateChainEvaluator, _ presented: [[UInt8]], host: String = "localhost"
    ) async throws -> CertificateChainError {
        let outcome: Result<VerifiedCertificateChain, CertificateChainError>
        do {
            outcome = .success(try await evaluator.evaluate(presented, host: host))
        } catch {
            outcome = .failure(error)
        }
        switch outcome {
        case .failure(let error):
            return error
        case .success(let chain):
            Issue.record("expected a failure, got a chain of \(chain.certificates.count)")
            throw UnexpectedSuccess()
        }
    }

    private struct UnexpectedSuccess: Error {}

    @Test func aChainToAnAnchorIsVerifiedLeafToRoot() async throws {
        let pki = try TestPKI()
        let chain = try await pki.evaluator().evaluate(pki.presented(), host: "localhost")
        #expect(chain.isVerified)
        #expect(
            chain.certificates.map(\.subjectName) == ["localhost", "Courier Test Intermediate", "Courier Test Root"])
        #expect(chain.matchedPin == nil)
        #expect(chain.validatedChain?.count == 3)
    }

    @Test(arguments: ["127.0.0.1", "::1", "[::1]", "LOCALHOST", "localhost."])
    func ipLiteralsAndNameVariantsMatchTheLeaf(host: String) async throws {
        let pki = try TestPKI()
        let chain = try await pki.evaluator().evaluate(pki.presented(), host: host)
        #expect(chain.leaf.subjectName == "localhost")
    }

    @Test func anIPAddressTheLeafDoesNotNameIsAHostMismatch() async throws {
        let pki = try TestPKI()
        let error = try await failure(pki.evaluator(), pki.presented(), host: "10.0.0.1")
        #expect(error.reason == .hostNameMismatch(leaf: "localhost", names: ["localhost", "127.0.0.1", "::1"]))
        #expect(
            error.summary
                == "the certificate localhost is not valid for 10.0.0.1: it is for localhost, 127.0.0.1, ::1"
        )
    }

    @Test func aLeafForAnotherHostIsAHostMismatch() async throws {
        let pki = try TestPKI()
        let wrong = try pki.leaf(commonName: "other.example", dnsNames: ["other.example"], ipAddresses: [])
        let error = try await failure(pki.evaluator(), pki.presented(wrong), host: "localhost")
        #expect(error.reason == .hostNameMismatch(leaf: "other.example", names: ["other.example"]))
        #expect(error.summary.contains("other.example is not valid for localhost"))
    }

    @Test func anExpiredLeafIsNamedWithItsDates() async throws {
        let pki = try TestPKI()
        let before = pki.now - 30 * TestPKI.day
        let after = pki.now - TestPKI.day
        let expired = try pki.leaf(notValidBefore: before, notValidAfter: after)
        let error = try await failure(pki.evaluator(), pki.presented(expired))
        guard case .expired(let position, let subject, let notValidBefore, let notValidAfter) = error.reason else {
            Issue.record("expected expired, got \(error.reason)")
            return
        }
        #expect(position == 0)
        #expect(subject == "localhost")
        #expect(abs(notValidBefore.timeIntervalSince(before)) < 1)
        #expect(abs(notValidAfter.timeIntervalSince(after)) < 1)
        #expect(
            error.summary.hasPrefix("the certificate localhost expired on \(ChainCertificate.format(notValidAfter))"))
        #expect(error.summary.contains("valid from \(ChainCertificate.format(notValidBefore))"))
    }

    @Test func anExpiredIntermediateIsNamedWithItsPosition() async throws {
        let pki = try TestPKI()
        let expired = try TestPKI.Issued(
            certificate: try Certificate(
                version: .v3, serialNumber: .init(), publicKey: pki.intermediate.certificate.publicKey,
                notValidBefore: pki.now - 60 * TestPKI.day, notValidAfter: pki.now - 2 * TestPKI.day,
                issuer: pki.root.certificate.subject, subject: pki.intermediate.certificate.subject,
                signatureAlgorithm: .ecdsaWithSHA256, extensions: pki.intermediate.certificate.extensions,
                issuerPrivateKey: .init(pki.root.key)),
            key: pki.intermediate.key)
        let error = try await failure(pki.evaluator(), [pki.leaf.der, expired.der])
        guard case .expired(1, "Courier Test Intermediate", _, let notValidAfter) = error.reason else {
            Issue.record("expected the intermediate to be expired, got \(error.reason)")
            return
        }
        #expect(
            error.summary.hasPrefix(
                "the certificate Courier Test Intermediate expired on \(ChainCertificate.format(notValidAfter))"))
    }

    @Test func aLeafNotYetValidIsNamedWithItsDates() async throws {
        let pki = try TestPKI()
        let future = try pki.leaf(notValidBefore: pki.now + TestPKI.day, notValidAfter: pki.now + 30 * TestPKI.day)
        let error = try await failure(pki.evaluator(), pki.presented(future))
        guard case .notYetValid(0, "localhost", let notValidBefore, _) = error.reason else {
            Issue.record("expected not yet valid, got \(error.reason)")
            return
        }
        #expect(
            error.summary.hasPrefix(
                "the certificate localhost is not valid before \(ChainCertificate.format(notValidBefore))"))
    }

    @Test func theEvaluationTimeIsInjected() async throws {
        let pki = try TestPKI()
        let error = try await failure(pki.evaluator(at: pki.now + 60 * TestPKI.day), pki.presented())
        guard case .expired(0, "localhost", _, _) = error.reason else {
            Issue.record("expected the leaf to be expired 60 days later, got \(error.reason)")
            return
        }
    }

    @Test func aChainToAnUnknownRootNamesTheTopmostCertificateAndItsIssuer() async throws {
        let pki = try TestPKI()
        let other = try TestPKI(rootName: "Other Root", intermediateName: "Other Intermediate")
        let error = try await failure(other.evaluator(), pki.presented())
        #expect(
            error.reason
                == .untrustedIssuer(
                    topmost: "Courier Test Intermediate", issuer: "Courier Test Root", issuerIsKnown: false))
        #expect(error.summary.hasSuffix("Courier Test Intermediate, issued by Courier Test Root, which is not trusted"))
    }

    @Test func aLeafPresentedAloneNamesItsMissingIssuer() async throws {
        let pki = try TestPKI()
        let error = try await failure(pki.evaluator(), [pki.leaf.der])
        #expect(error.summary.hasSuffix("localhost, issued by Courier Test Intermediate, which is not trusted"))
    }

    @Test func aSelfSignedLeafIsSaidToBeSelfSigned() async throws {
        let pki = try TestPKI()
        let selfSigned = try pki.leaf(selfSigned: true)
        let error = try await failure(pki.evaluator(), [selfSigned.der])
        #expect(error.reason == .untrustedIssuer(topmost: "localhost", issuer: nil, issuerIsKnown: false))
        #expect(error.summary.hasSuffix("localhost, which is self-signed and not trusted"))
    }

    @Test func anIssuerNamedLikeATrustedRootButSignedByAnotherKeyIsCalledOut() async throws {
        let pki = try TestPKI()
        let impostor = try TestPKI()  // same names, other keys
        let error = try await failure(impostor.evaluator(), pki.presented())
        #expect(
            error.reason
                == .untrustedIssuer(
                    topmost: "Courier Test Intermediate", issuer: "Courier Test Root", issuerIsKnown: true))
    }

    @Test func aLeafNotForServerAuthenticationHasBadKeyUsage() async throws {
        let pki = try TestPKI()
        let clientOnly = try pki.leaf(usages: [.clientAuth])
        let error = try await failure(pki.evaluator(), pki.presented(clientOnly))
        guard case .badKeyUsage("localhost", let detail) = error.reason else {
            Issue.record("expected bad key usage, got \(error.reason)")
            return
        }
        #expect(detail.contains("does not include server authentication"))
        #expect(error.summary.hasPrefix("the certificate localhost may not be used by a TLS server"))
    }

    @Test func aLeafWithoutExtendedKeyUsageIsAccepted() async throws {
        let pki = try TestPKI()
        let unrestricted = try pki.leaf(usages: nil)
        _ = try await pki.evaluator().evaluate(pki.presented(unrestricted), host: "localhost")
    }

    @Test func aLeafPresentedAsAnIssuerIsNotACertificateAuthority() async throws {
        let pki = try TestPKI()
        // The intermediate issues a "CA" that is a plain leaf; a leaf signed by that key must not verify.
        let fakeCA = try pki.leaf(commonName: "Not A CA", dnsNames: ["not-a-ca.example"], ipAddresses: [])
        let signedByLeaf = try TestPKI.Issued(
            certificate: try Certificate(
                version: .v3, serialNumber: .init(), publicKey: pki.leaf.certificate.publicKey,
                notValidBefore: pki.now - TestPKI.day, notValidAfter: pki.now + TestPKI.day,
                issuer: fakeCA.certificate.subject, subject: pki.leaf.certificate.subject,
                signatureAlgorithm: .ecdsaWithSHA256,
                extensions: try Certificate.Extensions {
                    SubjectAlternativeNames([.dnsName("localhost")])
                }, issuerPrivateKey: .init(fakeCA.key)),
            key: pki.leaf.key)
        let error = try await failure(pki.evaluator(), [signedByLeaf.der, fakeCA.der, pki.intermediate.der])
        guard case .badKeyUsage("Not A CA", _) = error.reason else {
            Issue.record("expected the non-CA issuer to be refused, got \(error.reason)")
            return
        }
    }

    @Test func aCriticalExtensionNobodyUnderstandsIsRefused() async throws {
        let pki = try TestPKI()
        let unknown = Certificate.Extension(oid: [1, 3, 6, 1, 4, 1, 55_555, 1], critical: true, value: [0x05, 0x00])
        let leaf = try pki.leaf(extraExtensions: [unknown])
        let error = try await failure(pki.evaluator(), pki.presented(leaf))
        guard case .badKeyUsage("localhost", let detail) = error.reason else {
            Issue.record("expected the unknown critical extension to be refused, got \(error.reason)")
            return
        }
        #expect(detail.contains("1.3.6.1.4.1.55555.1"))
    }

    @Test func aMalformedCertificateIsNamedByPosition() async throws {
        let pki = try TestPKI()
        let error = try await failure(pki.evaluator(), [pki.leaf.der, [0x30, 0x03, 0x02, 0x01]])
        guard case .malformedCertificate(1, _) = error.reason else {
            Issue.record("expected a malformed certificate at 1, got \(error.reason)")
            return
        }
        #expect(error.presentedChain.count == 1)
        #expect(error.summary.contains("position 1"))
    }

    @Test func anEmptyChainIsRefused() async throws {
        let pki = try TestPKI()
        let error = try await failure(pki.evaluator(), [])
        #expect(error.reason == .emptyChain)
        #expect(error.summary == "the server localhost presented no certificate")
    }

    @Test func theDescriptionNamesEveryPresentedCertificateWithIssuerAndDates() async throws {
        let pki = try TestPKI()
        let other = try TestPKI(rootName: "Other Root", intermediateName: "Other Intermediate")
        let error = try await failure(other.evaluator(), pki.presented())
        let leaf = pki.leaf.certificate
        let intermediate = pki.intermediate.certificate
        #expect(error.description.hasPrefix(error.summary + "; chain presented by localhost: "))
        #expect(error.description.contains("[0] \(leaf.subject) (issuer \(leaf.issuer), valid "))
        #expect(error.description.contains(ChainCertificate.format(leaf.notValidAfter)))
        #expect(error.description.contains("[1] \(intermediate.subject) (issuer \(intermediate.issuer), valid "))
        #expect(error.description.contains(ChainCertificate.format(intermediate.notValidBefore)))
    }

    @Test func anchorsOnlyDoNotIncludeTheSystemStore() async throws {
        let pki = try TestPKI()
        let other = try TestPKI(rootName: "Other Root", intermediateName: "Other Intermediate")
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("courier-roots-\(UUID()).pem")
        try pki.root.pem.write(to: bundle, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: bundle) }
        let system = SystemTrustRoots(bundleFiles: [bundle.path])
        #expect(system.certificates.count == 1)

        let withSystem = CertificateChainEvaluator(
            roots: CertificateTrustRoots(anchors: [other.root.chainCertificate], systemRoots: system), now: { pki.now })
        let chain = try await withSystem.evaluate(pki.presented(), host: "localhost")
        #expect(chain.certificates.last?.subjectName == "Courier Test Root")

        let anchorsOnly = CertificateChainEvaluator(
            roots: CertificateTrustRoots(anchors: [other.root.chainCertificate], systemRoots: nil), now: { pki.now })
        let error = try await failure(anchorsOnly, pki.presented())
        #expect(error.summary.hasSuffix("issued by Courier Test Root, which is not trusted"))
    }

    @Test func theSystemStoreReadsBundlesAndDirectoriesAndSkipsDamagedBlocks() throws {
        let pki = try TestPKI()
        let other = try TestPKI(rootName: "Other Root", intermediateName: "Other Intermediate")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-certs-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let damaged = "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n"
        try (damaged + pki.root.pem).write(
            to: directory.appendingPathComponent("bundle.pem"), atomically: true, encoding: .utf8)
        // `SSL_CERT_DIR`s such as /etc/ssl/certs are made of symbolic links to the certificates.
        let target = directory.appendingPathComponent("other-root.crt.target")
        try other.root.pem.write(to: target, atomically: true, encoding: .utf8)
        let linkDirectory = directory.appendingPathComponent("linked")
        try FileManager.default.createDirectory(at: linkDirectory, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: linkDirectory.appendingPathComponent("a1b2c3d4.0").path, withDestinationPath: target.path)
        try "not a certificate".write(to: directory.appendingPathComponent("README"), atomically: true, encoding: .utf8)

        let roots = SystemTrustRoots(bundleFiles: ["/nonexistent/bundle.pem"], directories: [directory.path])
        #expect(
            Set(roots.certificates.map { ChainCertificate.displayName($0.subject) }) == [
                "Courier Test Root", "Other Root",
            ])

        let fromEnvironment = SystemTrustRoots(environment: [
            "SSL_CERT_FILE": directory.appendingPathComponent("bundle.pem").path, "SSL_CERT_DIR": "/nonexistent",
        ])
        #expect(fromEnvironment.certificates.contains(pki.root.certificate))
    }

    @Test func theDebianBundleIsTheDefaultSystemStore() throws {
        try #require(FileManager.default.fileExists(atPath: SystemTrustRoots.debianBundle))
        #expect(SystemTrustRoots.shared.certificates.count > 10)
        #expect(SystemTrustRoots.shared.sources.contains(SystemTrustRoots.debianBundle))
    }

    @Test func anchorsAreReadFromPEM() throws {
        let pki = try TestPKI()
        let roots = try CertificateTrustRoots.anchors(
            pem: [pki.root.pem + pki.intermediate.pem], includingSystemRoots: false)
        #expect(roots.anchors.map(\.subjectName) == ["Courier Test Root", "Courier Test Intermediate"])
        #expect(roots.systemRoots == nil)
        #expect(throws: ChainCertificate.ParseError.self) {
            try CertificateTrustRoots.anchors(pem: ["no certificate here"], includingSystemRoots: false)
        }
    }

    @Test func aSelfSignedLeafTrustedAsAnAnchorIsItsWholeChain() async throws {
        let pki = try TestPKI()
        let selfSigned = try pki.leaf(selfSigned: true)
        let roots = CertificateTrustRoots(anchors: [selfSigned.chainCertificate], systemRoots: nil)
        let evaluator = CertificateChainEvaluator(roots: roots, now: { pki.now })
        let chain = try await evaluator.evaluate([selfSigned.der], host: "localhost")
        #expect(chain.certificates.map(\.derBytes) == [selfSigned.der])
        #expect(chain.isVerified)
        // Trusted as it is, it must still name the host and be within its dates.
        do {
            _ = try await evaluator.evaluate([selfSigned.der], host: "other.example")
            Issue.record("a self-signed anchor was accepted for another host")
        } catch {
            guard case .hostNameMismatch = error.reason else {
                Issue.record("expected a host name mismatch, got \(error.reason)")
                return
            }
        }
        let late = CertificateChainEvaluator(
            roots: roots, cache: nil, now: { pki.now.addingTimeInterval(400 * 86_400) })
        do {
            _ = try await late.evaluate([selfSigned.der], host: "localhost")
            Issue.record("an expired self-signed anchor was accepted")
        } catch {
            guard case .expired(position: 0, _, _, _) = error.reason else {
                Issue.record("expected the leaf to have expired, got \(error.reason)")
                return
            }
        }
    }
}
