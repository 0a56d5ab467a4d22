import CourierSockets
import Foundation

/// The tour's section for chapter 8's warehouse monitor: the sample server's status socket read by every
/// client this platform has (BSD sockets, SwiftNIO, and Foundation streams where they exist), which must
/// agree to the byte, then a port nobody listens on answered with the book's message.
extension TourSection {
    static func warehouse(_ tour: TourContext) async throws -> String {
        guard let port = tour.server.warehousePort else {
            throw TourFailure("the sample server runs no warehouse socket")
        }
        tour.log("→ read the warehouse status at 127.0.0.1:\(port) with each client")
        var answers: [(WarehouseClientKind, WarehouseStatus)] = []
        for kind in WarehouseClientKind.allCases {
            guard kind.isAvailable else {
                tour.log("  \(kind.rawValue): not on this platform (Foundation here has no Stream.getStreamsToHost)")
                continue
            }
            let client = try kind.makeClient(host: "127.0.0.1", port: port, timeout: .seconds(10))
            let status = try await client.loadStatus()
            tour.log(
                "← \(kind.rawValue): room \(status.roomTemperature)°, coil \(status.coilTemperature)°, "
                    + "compressor \(status.isCompressorOn ? "on" : "off"), alarm \(status.isAlarmOn ? "on" : "off")")
            answers.append((kind, status))
        }
        try tourCheck(answers.count >= 2, "fewer than two clients read the status")
        let printed = Set(answers.map { $0.1.description })
        try tourCheck(printed.count == 1, "the clients read different statuses: \(printed.sorted())")

        tour.log("→ the POSIX client against 127.0.0.1:1, where nothing listens")
        let refused: WarehouseError?
        do {
            _ = try await POSIXWarehouseClient(host: "127.0.0.1", port: 1, timeout: .seconds(5)).loadStatus()
            refused = nil
        } catch {
            refused = error
        }
        try tourCheck(
            refused == .cannotConnect, "expected the book's connect failure, got \(refused?.message ?? "a status")")
        tour.log("← \(WarehouseError.cannotConnect.message)")
        return "\(answers.count) clients (\(answers.map(\.0.rawValue).joined(separator: ", "))), one answer; "
            + "a dead port gets the book's message"
    }
}
