import Crypto
import Foundation

/// A P-256 ECDSA private key (ES256), whose signatures are raw `r || s` (64 bytes) as JWS needs, or
/// DER on request.
///
/// ```swift
/// let key = try P256SigningKey(pemRepresentation: apnsKeyPEM)
/// let signature = try key.signature(for: Data(signingInput.utf8))   // 64 bytes for a JWT
/// key.verifyingKey.isValidSignature(signature, for: Data(signingInput.utf8))
/// ```
public struct P256SigningKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable,
    RedactedReflection
{
    private let key: P256.Signing.PrivateKey

    /// Generates a new key.
    public init() {
        key = P256.Signing.PrivateKey()
    }

    /// Reads a PEM key (`EC PRIVATE KEY` or PKCS#8 `PRIVATE KEY`, such as an APNs `.p8` file).
    ///
    /// - Throws: ``SecurityError/Code/invalidKeyData``.
    public init(pemRepresentation: String) throws {
        key = try SecurityError.invalidKeyData("the PEM text is not a P-256 private key") {
            try P256.Signing.PrivateKey(pemRepresentation: pemRepresentation)
        }
    }

    /// Reads the raw 32-byte private scalar.
    ///
    /// - Throws: ``SecurityError/Code/invalidKeyLength`` for a length other than 32,
    ///   ``SecurityError/Code/invalidKeyData`` for an invalid scalar.
    public init(rawRepresentation: some DataProtocol) throws {
        key = try P256.Signing.PrivateKey(scalar: rawRepresentation)
    }

    /// The public half.
    public var verifyingKey: P256VerifyingKey {
        P256VerifyingKey(key: key.publicKey)
    }

    /// The key as PKCS#8 PEM. Treat the result as a secret.
    public var pemRepresentation: String {
        key.pemRepresentation
    }

    /// The raw 32-byte private scalar. Treat the result as a secret.
    public var rawRepresentation: Data {
        key.rawRepresentation
    }

    /// Signs SHA-256 of `data`; returns the raw 64-byte `r || s` (the JWS ES256 form).
    ///
    /// - Throws: ``SecurityError/Code/invalidParameter`` if signing fails.
    public func signature(for data: some DataProtocol) throws -> Data {
        try ecdsaSignature(for: data).rawRepresentation
    }

    /// Signs SHA-256 of `data`; returns the DER `ECDSA-Sig-Value` (the X.509 and TLS form).
    ///
    /// - Throws: ``SecurityError/Code/invalidParameter`` if signing fails.
    public func derSignature(for data: some DataProtocol) throws -> Data {
        try ecdsaSignature(for: data).derRepresentation
    }

    /// The signature of SHA-256 of `data`, in either form.
    private func ecdsaSignature(for data: some DataProtocol) throws(SecurityError) -> P256.Signing.ECDSASignature {
        try SecurityError.invalidParameter("ECDSA signing") { try key.signature(for: data) }
    }

    /// `"P256SigningKey(redacted)"`.
    public var description: String {
        "P256SigningKey(redacted)"
    }
}
