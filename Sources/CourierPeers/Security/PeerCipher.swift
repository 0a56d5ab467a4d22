import Crypto
import Foundation
import NIOCore

/// AES-256-GCM sealing for one connection: counter nonces for frames (so a replayed, dropped or reordered frame
/// fails to open), message-number nonces and a 1 024-message replay window for datagrams.
///
/// Nonce layout: `u32 channel | u64 counter`, channel 0 for frames and 1 for datagrams, so the two never share
/// a nonce under one key.
public struct PeerCipher: Sendable {
    private let sendKey: SymmetricKey
    private let receiveKey: SymmetricKey
    private var sendCounter: UInt64 = 0
    private var receiveCounter: UInt64 = 0
    private var replayWindow = ReplayWindow()

    /// Creates a cipher from directional keys.
    public init(sendKey: SymmetricKey, receiveKey: SymmetricKey) {
        self.sendKey = sendKey
        self.receiveKey = receiveKey
    }

    private static func nonce(channel: UInt32, counter: UInt64) -> AES.GCM.Nonce {
        // Built on the stack (three big-endian words, 12 bytes with no padding): no array per frame.
        let words = (
            channel.bigEndian, UInt32(truncatingIfNeeded: counter >> 32).bigEndian,
            UInt32(truncatingIfNeeded: counter).bigEndian
        )
        // 12 bytes is always a valid GCM nonce.
        return withUnsafeBytes(of: words) { (try? AES.GCM.Nonce(data: $0)) ?? AES.GCM.Nonce() }
    }

    /// Seals a frame body; the kind is authenticated.
    ///
    /// - Throws: ``PeersError`` `authenticationFailed` if sealing fails (it does not for valid keys).
    public mutating func sealFrame(kind: PeerFrame.Kind, body: ByteBuffer) throws(PeersError) -> ByteBuffer {
        var out = ByteBuffer()
        try sealFrame(kind: kind, body: body, into: &out)
        return out
    }

    /// Seals a frame body into `out`, which is cleared first: a connection passes the same buffer for every frame,
    /// so once the socket has written the previous frame its memory is used again instead of fresh pages.
    mutating func sealFrame(kind: PeerFrame.Kind, body: ByteBuffer, into out: inout ByteBuffer) throws(PeersError) {
        try sealFrame(PeerFrame(kind: kind, body: body), into: &out)
    }

    /// Seals a frame's body, wherever it is held (see ``PeerFrame/message``), into `out`, which is cleared first.
    mutating func sealFrame(_ frame: PeerFrame, into out: inout ByteBuffer) throws(PeersError) {
        let nonce = Self.nonce(channel: 0, counter: sendCounter)
        sendCounter += 1
        // Keeps the storage when nothing else holds it (the socket has written what it held before).
        out.clear()
        try frame.withBodyBytes { plaintext throws(PeersError) in
            try withUnsafeBytes(of: frame.kind.rawValue) { kindByte throws(PeersError) in
                try Self.seal(plaintext, key: sendKey, nonce: nonce, authenticating: kindByte, appendingTo: &out)
            }
        }
    }

    /// Opens a frame body sealed by the other side's next counter value.
    ///
    /// - Throws: ``PeersError`` `authenticationFailed` for a forged, corrupted, replayed or out-of-order frame.
    public mutating func openFrame(kind: PeerFrame.Kind, body: ByteBuffer) throws(PeersError) -> ByteBuffer {
        try openFrame(kind: kind, body: body, as: Self.buffer)
    }

    /// Opens a frame body like ``openFrame(kind:body:)``, into the array an application receives: one copy from
    /// swift-crypto's output (a `ByteBuffer` in between cost a second, and for large messages a second run of
    /// freshly faulted pages).
    ///
    /// - Throws: ``PeersError`` `authenticationFailed` for a forged, corrupted, replayed or out-of-order frame.
    public mutating func openFrameBytes(kind: PeerFrame.Kind, body: ByteBuffer) throws(PeersError) -> [UInt8] {
        try openFrame(kind: kind, body: body, as: Self.bytes)
    }

    private mutating func openFrame<Output>(kind: PeerFrame.Kind, body: ByteBuffer, as output: (Data) -> Output)
        throws(PeersError) -> Output
    {
        let nonce = Self.nonce(channel: 0, counter: receiveCounter)
        let opened = try withUnsafeBytes(of: kind.rawValue) { kindByte throws(PeersError) in
            try Self.open(body, key: receiveKey, nonce: nonce, authenticating: kindByte)
        }
        receiveCounter += 1
        return output(opened)
    }

    /// Seals an unreliable message under its message number; the datagram header is authenticated.
    ///
    /// - Throws: ``PeersError`` `authenticationFailed` if sealing fails.
    public func sealDatagram(_ message: ByteBuffer, messageNumber: UInt32, header: [UInt8]) throws(PeersError)
        -> ByteBuffer
    {
        var out = ByteBuffer()
        try message.withUnsafeReadableBytes { plaintext throws(PeersError) in
            try sealDatagram(plaintext, messageNumber: messageNumber, header: header, appendingTo: &out)
        }
        return out
    }

    /// Seals an unreliable message like ``sealDatagram(_:messageNumber:header:)``, appending the sealed bytes to `out`
    /// (after a datagram header already written there, so a one-chunk message is built in one buffer).
    func sealDatagram(
        _ plaintext: UnsafeRawBufferPointer, messageNumber: UInt32, header: some DataProtocol,
        appendingTo out: inout ByteBuffer
    ) throws(PeersError) {
        let nonce = Self.nonce(channel: 1, counter: UInt64(messageNumber))
        try Self.seal(plaintext, key: sendKey, nonce: nonce, authenticating: header, appendingTo: &out)
    }

    /// Opens a reassembled unreliable message and records its number in the replay window.
    ///
    /// - Throws: ``PeersError`` `authenticationFailed` for a forged or corrupted message, or one whose number
    ///   was seen before or is more than 1 024 behind.
    public mutating func openDatagram(_ sealed: ByteBuffer, messageNumber: UInt32, header: [UInt8]) throws(PeersError)
        -> ByteBuffer
    {
        try openDatagram(sealed, messageNumber: messageNumber, header: header, as: Self.buffer)
    }

    /// Opens a reassembled unreliable message like ``openDatagram(_:messageNumber:header:)``, into the array an
    /// application receives.
    ///
    /// - Throws: ``PeersError`` `authenticationFailed` as ``openDatagram(_:messageNumber:header:)`` does.
    public mutating func openDatagramBytes(_ sealed: ByteBuffer, messageNumber: UInt32, header: [UInt8])
        throws(PeersError) -> [UInt8]
    {
        try openDatagram(sealed, messageNumber: messageNumber, header: header, as: Self.bytes)
    }

    private mutating func openDatagram<Output>(
        _ sealed: ByteBuffer, messageNumber: UInt32, header: [UInt8], as output: (Data) -> Output
    ) throws(PeersError) -> Output {
        guard replayWindow.allows(UInt64(messageNumber)) else {
            throw PeersError(.authenticationFailed, "unreliable message \(messageNumber) is a replay or too old")
        }
        let opened = try Self.open(
            sealed, key: receiveKey, nonce: Self.nonce(channel: 1, counter: UInt64(messageNumber)),
            authenticating: header)
        _ = replayWindow.accept(UInt64(messageNumber))
        return output(opened)
    }

    private static func seal(
        _ plaintext: UnsafeRawBufferPointer, key: SymmetricKey, nonce: AES.GCM.Nonce,
        authenticating: some DataProtocol, appendingTo out: inout ByteBuffer
    ) throws(PeersError) {
        do {
            let box = try AES.GCM.seal(plaintext, using: key, nonce: nonce, authenticating: authenticating)
            out.reserveCapacity(minimumWritableBytes: box.ciphertext.count + PeerLimits.sealOverhead)
            out.writeBytes(box.ciphertext)
            out.writeBytes(box.tag)
        } catch {
            throw PeersError(.authenticationFailed, "sealing failed: \(error)")
        }
    }

    private static func buffer(_ data: Data) -> ByteBuffer {
        var out = ByteBuffer()
        out.writeBytes(data)
        return out
    }

    private static func bytes(_ data: Data) -> [UInt8] {
        data.withUnsafeBytes { Array($0) }
    }

    /// The size of every nonce here: `u32 channel | u64 counter`.
    private static let nonceSize = 12
    /// Bodies up to this size are opened from a box built from one contiguous copy (see `open`).
    private static let contiguousOpenLimit = 8 * 1024

    private static func open(
        _ body: ByteBuffer, key: SymmetricKey, nonce: AES.GCM.Nonce, authenticating: some DataProtocol
    ) throws(PeersError) -> Data {
        let size = body.readableBytes
        guard size >= PeerLimits.sealOverhead else {
            throw PeersError(.authenticationFailed, "sealed body of \(size) bytes is shorter than its tag")
        }
        do {
            let box: AES.GCM.SealedBox
            if size <= contiguousOpenLimit {
                // swift-crypto's box from nonce, ciphertext and tag appends each through unspecialized generic code,
                // which cost more than opening a small message (0.7 µs of 1.6 µs for 64 bytes). Its box from the
                // combined bytes is inlined here and copies them once more: cheaper up to a few KiB.
                var combined = Data(count: nonceSize + size)
                combined.withUnsafeMutableBytes { out in
                    nonce.withUnsafeBytes { out.copyMemory(from: $0) }
                    body.withUnsafeReadableBytes {
                        UnsafeMutableRawBufferPointer(rebasing: out[nonceSize...]).copyMemory(from: $0)
                    }
                }
                box = try AES.GCM.SealedBox(combined: combined)
            } else {
                box = try body.withUnsafeReadableBytes { raw in
                    try AES.GCM.SealedBox(
                        nonce: nonce, ciphertext: raw[..<(size - PeerLimits.sealOverhead)],
                        tag: raw[(size - PeerLimits.sealOverhead)...])
                }
            }
            return try AES.GCM.open(box, using: key, authenticating: authenticating)
        } catch {
            throw PeersError(.authenticationFailed, "sealed data failed authentication (forged, corrupted or replayed)")
        }
    }
}

extension Optional where Wrapped == PeerCipher {
    /// Seals a frame body with the cipher (advancing its send counter), or returns it as it is when the connection
    /// is not encrypted.
    mutating func sealIfEncrypted(kind: PeerFrame.Kind, body: ByteBuffer) throws(PeersError) -> ByteBuffer {
        var scratch = ByteBuffer()
        return try sealIfEncrypted(PeerFrame(kind: kind, body: body), reusing: &scratch)
    }

    /// The body of `frame` as it goes on the wire: sealed into `scratch` with the cipher (advancing its send
    /// counter); unencrypted, the body as it is, or a ``PeerFrame/message`` copied into `scratch`.
    mutating func sealIfEncrypted(_ frame: PeerFrame, reusing scratch: inout ByteBuffer) throws(PeersError)
        -> ByteBuffer
    {
        guard var sealer = self else {
            guard let message = frame.message else { return frame.body }
            scratch.clear()
            scratch.writeBytes(message)
            return scratch
        }
        try sealer.sealFrame(frame, into: &scratch)
        self = sealer
        return scratch
    }

    /// Opens a frame body with the cipher (advancing its receive counter), or returns it as it is when the
    /// connection is not encrypted.
    mutating func openIfEncrypted(kind: PeerFrame.Kind, body: ByteBuffer) throws(PeersError) -> ByteBuffer {
        guard var opener = self else { return body }
        let opened = try opener.openFrame(kind: kind, body: body)
        self = opener
        return opened
    }
}
