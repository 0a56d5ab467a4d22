import Courier

extension CourierError.Code {
    /// A `service://` URL names a service or version the locator does not list.
    public static let serviceNotFound = CourierError.Code("serviceNotFound")
    /// A `service://` URL could not be resolved because no locator document could be loaded.
    public static let serviceLocatorUnavailable = CourierError.Code("serviceLocatorUnavailable")
}
