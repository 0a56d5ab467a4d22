/// Receives a warehouse client's progress, as the book's `networkingResultsDidStart`,
/// `networkingResultsDidLoad:` and `networkingResultsDidFail:` delegate messages do.
public protocol WarehouseClientDelegate: Sendable {
    /// The client started loading.
    func warehouseClientDidStart() async
    /// The client loaded and parsed the status.
    func warehouseClient(didLoad status: WarehouseStatus) async
    /// The client failed; `message` is the book's user-readable message.
    func warehouseClient(didFail message: String) async
}
