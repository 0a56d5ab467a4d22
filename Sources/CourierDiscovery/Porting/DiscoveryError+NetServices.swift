import Foundation

extension DiscoveryError {
    /// The error as Foundation's `errorDict`: `NSNetServicesErrorCode` and `NSNetServicesErrorDomain` (10).
    public var netServicesErrorDictionary: [String: NSNumber] {
        ["NSNetServicesErrorCode": NSNumber(value: code.rawValue), "NSNetServicesErrorDomain": NSNumber(value: 10)]
    }
}
