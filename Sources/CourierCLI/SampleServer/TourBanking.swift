import Courier
import CourierSecurity
import Foundation

/// The banking section of the tour (chapter 6): Basic login, sealed account list, sealed transfer, and a
/// tampered transfer refused with `Message Integrity Error`.
enum TourBanking {
    static func run(_ tour: TourContext) async throws -> String {
        throw TourFailure("not yet")
    }
}
