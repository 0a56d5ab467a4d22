/// Why a client identity (PKCS#12 or PEM certificate and key) could not be loaded.
///
/// Courier throws it as the ``CourierError/underlyingError`` of an `invalidConfiguration`
/// ``CourierError``, so code can tell a wrong passphrase (ask again) from a damaged file (give up):
///
/// ```swift
/// do {
///     identity = try ClientIdentity(pkcs12: data, passphrase: passphrase)
/// } catch let error as CourierError {
///     if (error.underlyingError as? ClientIdentityError)?.reason == .wrongPassphrase { askAgain() }
/// }
/// ```
public struct ClientIdentityError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of problem.
    public enum Reason: String, Sendable, Hashable {
        /// The bytes are not a PKCS#12 file or PEM text of the kind expected (garbage or truncated).
        case malformed
        /// The input is larger than any real identity (1 MiB).
        case tooLarge
        /// The passphrase does not open the file (PKCS#12 integrity check or encrypted key).
        case wrongPassphrase
        /// The private key is encrypted and no passphrase was given.
        case passphraseRequired
        /// There is no private key (a certificate-only file, such as a trust store).
        case missingPrivateKey
        /// There is no certificate.
        case missingCertificate
        /// More than one private key, so it is unclear which to use.
        case multiplePrivateKeys
        /// No certificate belongs to the private key.
        case keyDoesNotMatchCertificate
        /// A well-formed file using a feature Courier does not read (named in the message).
        case unsupported
    }

    /// The kind of problem.
    public let reason: Reason
    /// What exactly is wrong, for people.
    public let detail: String

    /// Creates an error.
    public init(_ reason: Reason, _ detail: String) {
        self.reason = reason
        self.detail = detail
    }

    /// The detail.
    public var description: String { detail }

    /// The error as Courier throws it: `invalidConfiguration`, never sent, with this as the underlying error.
    func courierError(_ context: String) -> CourierError {
        CourierError(.invalidConfiguration, outcome: .notSent, message: "\(context): \(detail)", underlyingError: self)
    }
}
