import Foundation

/// A delegate named after GKSessionDelegate, for code ported from Game Kit. Every method has an empty default.
/// Calls arrive in event order, from the session's event task; the same events also come through
/// ``PeerSession/events``.
public protocol PeerSessionDelegate: AnyObject, Sendable {
    /// `session:peer:didChangeState:`.
    func session(_ session: PeerSession, peer: PeerInfo, didChange state: PeerState) async
    /// `session:didReceiveConnectionRequestFromPeer:`; answer with `accept` or `deny`.
    func session(_ session: PeerSession, didReceiveConnectionRequestFrom peer: PeerInfo, context: [UInt8]) async
    /// `session:connectionWithPeerFailed:withError:`.
    func session(_ session: PeerSession, connectionWithPeerFailed peer: PeerInfo?, error: PeerConnectionFailure) async
    /// `session:didFailWithError:`.
    func session(_ session: PeerSession, didFailWithError error: PeersError) async
    /// Game Kit's data receive handler (`receiveData:fromPeer:inSession:context:`).
    func session(_ session: PeerSession, didReceive data: [UInt8], from peer: PeerInfo, mode: PeerSendMode) async
    /// `session:didStartReceivingResourceWithName:fromPeer:withProgress:`.
    func session(
        _ session: PeerSession, didStartReceivingResourceWithName name: String, from peer: PeerInfo, length: Int64)
        async
    /// `session:didFinishReceivingResourceWithName:fromPeer:atURL:withError:`.
    func session(
        _ session: PeerSession, didFinishReceivingResourceWithName name: String, from peer: PeerInfo,
        result: Result<URL, PeersError>
    ) async
    /// `session:didReceiveStream:withName:fromPeer:`.
    func session(_ session: PeerSession, didReceive stream: PeerInputStream) async
}

extension PeerSessionDelegate {
    /// Does nothing.
    public func session(_ session: PeerSession, peer: PeerInfo, didChange state: PeerState) async {}
    /// Does nothing; the invitation expires at the inviter's timeout.
    public func session(_ session: PeerSession, didReceiveConnectionRequestFrom peer: PeerInfo, context: [UInt8]) async
    {}
    /// Does nothing.
    public func session(_ session: PeerSession, connectionWithPeerFailed peer: PeerInfo?, error: PeerConnectionFailure)
        async
    {}
    /// Does nothing.
    public func session(_ session: PeerSession, didFailWithError error: PeersError) async {}
    /// Does nothing.
    public func session(_ session: PeerSession, didReceive data: [UInt8], from peer: PeerInfo, mode: PeerSendMode)
        async
    {}
    /// Does nothing.
    public func session(
        _ session: PeerSession, didStartReceivingResourceWithName name: String, from peer: PeerInfo, length: Int64
    ) async {}
    /// Does nothing; the file stays where it is.
    public func session(
        _ session: PeerSession, didFinishReceivingResourceWithName name: String, from peer: PeerInfo,
        result: Result<URL, PeersError>
    ) async {}
    /// Does nothing; the stream's sender stays held back until the stream is read or the peer leaves.
    public func session(_ session: PeerSession, didReceive stream: PeerInputStream) async {}
}
