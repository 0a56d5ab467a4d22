import Crypto
import Foundation
import Testing

@testable import Courier

@Suite("ServerTrustPolicy as the engine's chain evaluation")
struct ChainTrustSettingsTests {
    @Test func systemDefaultVerifiesToTheSystemStoreWithoutPins() throws {
        let evaluator = try ChainTrustSettings.evaluator(for: .systemDefault)
        guard case .roots(let roots) = evaluator.trust else {
            Issue.record("the system policy must verify the chain")
            return
        }
        #expect(roots.anchors.isEmpty)
        #expect(roots.systemRoots != nil)
        #expect(evaluator.pins.isEmpty)
    }

    @Test(arguments: [true, false])
    func anchorsAreTheRootsWithOrWithoutTheSystemStore(includeSystemRoots: Bool) throws {
        let pki = try TestPKI()
        let evaluator = try ChainTrustSettings.evaluator(
            for: .anchors(pem: [pki.root.pem], includeSystemRoots: includeSystemRoots))
        guard case .roots(let roots) = evaluator.trust else {
            Issue.record("an anchors policy must verify the chain")
            return
        }
        #expect(roots.anchors.map(\.derBytes) == [pki.root.der])
        #expect((roots.systemRoots != nil) == includeSystemRoots)
    }

    @Test func pinsKeepTheirKindAndDigest() throws {
        let pki = try TestPKI()
        let keyPin = PublicKeyPin(subjectPublicKeyInfo: pki.leaf.chainCertificate.subjectPublicKeyInfo)
        let certificate = try TLSCertificate(derRepresentation: Data(pki.leaf.der))
        let policy = ServerTrustPolicy.pinnedCertificates([certificate], includeSystemRoots: false)
            .pinning(publicKeys: [keyPin])
        let pins = ChainTrustSettings.pins(of: policy)
        #expect(
            pins == [
                CertificatePin(.certificate, of: pki.leaf.chainCertificate),
                CertificatePin(.subjectPublicKeyInfo, of: pki.leaf.chainCertificate),
            ])
    }

    @Test func disabledEvaluationChecksOnlyThePins() async throws {
        let pki = try TestPKI()
        let stranger = try TestPKI()
        let keyPin = PublicKeyPin(subjectPublicKeyInfo: pki.leaf.chainCertificate.subjectPublicKeyInfo)
        let evaluator = try ChainTrustSettings.evaluator(
            for: .dangerouslyDisableEvaluation.pinning(publicKeys: [keyPin]))
        guard case .unverified = evaluator.trust else {
            Issue.record("a disabled policy must not verify the chain")
            return
        }
        // No trusted root, any host: only the pin decides.
        _ = try await evaluator.evaluate(pki.presented(), host: "anything.example")
        await #expect(throws: CertificateChainError.self) {
            try await evaluator.evaluate(stranger.presented(), host: "localhost")
        }
    }

    @Test func anAnchorThatIsNotPEMIsAnInvalidConfiguration() {
        let error = #expect(throws: CourierError.self) {
            try ChainTrustSettings.evaluator(for: .anchors(pem: ["not a certificate"], includeSystemRoots: false))
        }
        #expect(error?.code == .invalidConfiguration)
    }
}
