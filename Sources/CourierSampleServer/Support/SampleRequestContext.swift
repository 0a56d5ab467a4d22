import CourierServicesServer
import Hummingbird
import NIOCore
import NIOSSL

import struct Courier.TLSCertificate

/// The request context of every listener: Hummingbird's basic context plus the connection's channel, so
/// that an endpoint can read what the TLS handshake established (the client certificate of
/// `/auth/clientcert`), and what the chapter 2 middleware established: the API caller and the API version.
struct SampleRequestContext: APIKeyRequestContext, APIVersionRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connection the request arrived on.
    let channel: any Channel
    /// Who called `/api/…` (``APIKeyMiddleware``).
    var apiCaller: APICaller?
    /// The API version active versioning chose (``VersionRouter``).
    var apiVersion: String?

    init(source: ApplicationRequestContextSource) {
        self.coreContext = CoreRequestContextStorage(source: source)
        self.channel = source.channel
    }

    /// The certificate the client presented in the TLS handshake, already verified by the listener's TLS
    /// configuration; `nil` on plain HTTP and on HTTPS listeners that do not ask for one.
    func peerCertificate() async -> TLSCertificate? {
        guard let certificate = try? await self.channel.nioSSL_peerCertificate().get(),
            let der = try? certificate.toDERBytes()
        else { return nil }
        return try? TLSCertificate(derRepresentation: der)
    }
}
