import Foundation

/// What a session reports, in order, through ``PeerSession/events`` and ``PeerSessionDelegate``.
public enum PeerEvent: Sendable {
    /// A peer changed state (GKSessionDelegate `session:peer:didChangeState:`).
    case stateChanged(PeerInfo, PeerState)
    /// A peer invites this session; answer with ``PeerSession/accept(_:)`` or ``PeerSession/deny(_:)``. The
    /// context is untrusted bytes of at most 4 KiB.
    case invitation(PeerInfo, context: [UInt8])
    /// A message arrived.
    case data([UInt8], from: PeerInfo, mode: PeerSendMode)
    /// An invitation or connection failed (`session:connectionWithPeerFailed:withError:`).
    case connectionFailed(PeerInfo?, PeerConnectionFailure)
    /// A peer started sending a resource of `length` bytes (MultipeerConnectivity's
    /// `didStartReceivingResourceWithName:fromPeer:withProgress:`).
    case resourceStarted(name: String, from: PeerInfo, length: Int64)
    /// A resource arrived whole, in an owner-only file the application now owns (move or remove it), or failed and
    /// left nothing behind (`didFinishReceivingResourceWithName:fromPeer:atURL:withError:`).
    case resourceFinished(name: String, from: PeerInfo, result: Result<URL, PeersError>)
    /// A peer opened a stream (`didReceiveStream:withName:fromPeer:`); read it, or it holds the sender back.
    case stream(PeerInputStream)
    /// The session itself failed (`session:didFailWithError:`), for example discovery could not publish.
    case sessionFailed(PeersError)
}
