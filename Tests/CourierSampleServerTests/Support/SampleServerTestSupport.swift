import Courier
import CourierSecurity
import Foundation
import HTTPTypes

/// A second session for tests that need settings only known once the server runs (trust anchors, client
/// identities, credentials); the caller invalidates it.
func makeSession(_ configure: (inout SessionConfiguration) -> Void) -> Session {
    var configuration = SessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 30
    configure(&configuration)
    return Session(configuration: configuration)
}

/// Runs `body` with a session made by ``makeSession(_:)`` and invalidates it afterwards.
func withSession<T>(
    _ configure: (inout SessionConfiguration) -> Void, _ body: (Session) async throws -> T
) async throws -> T {
    let session = makeSession(configure)
    do {
        let result = try await body(session)
        await session.invalidateAndCancel()
        return result
    } catch {
        await session.invalidateAndCancel()
        throw error
    }
}

/// A credential store holding `user`/`password` for every space of `url`'s origin.
func credentialStore(for url: URL, user: String, password: String) throws -> CredentialStore {
    let store = CredentialStore()
    try store.set(.user(user, password: password), for: ProtectionSpace(url: url))
    return store
}

/// The decoded JSON object of a response body.
func jsonObject(_ response: Response) throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: response.data) as? [String: Any] else {
        throw TestFailure("the body is not a JSON object: \(response.text ?? "<binary>")")
    }
    return object
}

/// The message of a `{"error":{"status":…,"message":…}}` body.
func errorMessage(_ response: Response) -> String? {
    guard let object = try? jsonObject(response), let error = object["error"] as? [String: Any] else { return nil }
    return error["message"] as? String
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// `Authorization: Basic …` for a user and password.
func basicAuthorization(_ user: String, _ password: String) -> String {
    "Basic " + Base64.encode(Data("\(user):\(password)".utf8))
}

/// A form POST.
func formRequest(_ url: URL, _ fields: [(String, String)]) -> Request {
    Request(url: url, method: .post, body: .form(fields))
}

// MARK: Hand-made compressed bodies (stored deflate blocks: no compressor needed)

/// A gzip member holding `data` in stored (uncompressed) deflate blocks, with the right CRC-32 and size.
func gzipStored(_ data: Data) -> Data {
    var output = Data([0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xFF])
    output.append(deflateStoredBlocks(data))
    appendLittleEndian(crc32(data), to: &output)
    appendLittleEndian(UInt32(truncatingIfNeeded: data.count), to: &output)
    return output
}

/// A zlib stream (RFC 1950) holding `data` in stored deflate blocks.
func zlibStored(_ data: Data) -> Data {
    var output = Data([0x78, 0x01])
    output.append(deflateStoredBlocks(data))
    let adler = adler32(data)
    output.append(contentsOf: [
        UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF),
    ])
    return output
}

private func deflateStoredBlocks(_ data: Data) -> Data {
    var output = Data()
    let bytes = [UInt8](data)
    var offset = 0
    repeat {
        let length = min(65_535, bytes.count - offset)
        let isLast = offset + length >= bytes.count
        output.append(isLast ? 0x01 : 0x00)
        let length16 = UInt16(length)
        output.append(contentsOf: [UInt8(length16 & 0xFF), UInt8(length16 >> 8)])
        output.append(contentsOf: [UInt8(~length16 & 0xFF), UInt8(~length16 >> 8)])
        output.append(contentsOf: bytes[offset..<(offset + length)])
        offset += length
    } while offset < bytes.count
    return output
}

private func appendLittleEndian(_ value: UInt32, to data: inout Data) {
    data.append(contentsOf: [
        UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24),
    ])
}

func crc32(_ data: Data) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in data {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

func adler32(_ data: Data) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data {
        a = (a + UInt32(byte)) % 65_521
        b = (b + a) % 65_521
    }
    return b << 16 | a
}
