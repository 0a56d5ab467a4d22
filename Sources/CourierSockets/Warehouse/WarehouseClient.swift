/// One way of loading the warehouse status: ``POSIXWarehouseClient``, ``NIOWarehouseClient`` or (where
/// Foundation has `Stream.getStreamsToHost`) `StreamWarehouseClient`. All three read until the server
/// closes, parse with ``WarehouseStatus/init(parsing:)`` and fail with the same ``WarehouseError``s.
public protocol WarehouseClient: Sendable {
    /// The server's host name or address.
    var host: String { get }
    /// The server's port.
    var port: Int { get }

    /// Connects, reads the whole response and parses it.
    ///
    /// - Throws: ``WarehouseError`` with the book's message for each failure.
    func loadStatus() async throws(WarehouseError) -> WarehouseStatus
}

extension WarehouseClient {
    /// Loads the status and reports to `delegate` in the book's order: start, then load or fail.
    public func loadStatus(delegate: some WarehouseClientDelegate) async {
        await delegate.warehouseClientDidStart()
        do {
            let status = try await loadStatus()
            await delegate.warehouseClient(didLoad: status)
        } catch {
            await delegate.warehouseClient(didFail: error.message)
        }
    }
}
