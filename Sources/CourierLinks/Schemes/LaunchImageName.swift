/// The file name iOS looks for when an app is launched for a URL of one of its schemes:
/// `{Default}-{scheme}[-orientation][~scale][~device].png` (the book's naming rule).
///
/// This is iOS-only: Linux desktops show no launch image. It is provided so that code which builds
/// iOS assets from a scheme list can share one validated rule.
///
/// ```swift
/// let name = LaunchImageName(scheme: try URLScheme("acme-directory"), orientation: .portrait, scale: 2)
/// name.fileName   // "Default-acme-directory-portrait@2x.png"
/// ```
public struct LaunchImageName: Sendable, Hashable, CustomStringConvertible {
    /// The orientation part of the name.
    public enum Orientation: String, Sendable, Hashable, CaseIterable {
        /// `-portrait`.
        case portrait
        /// `-landscape`.
        case landscape
    }

    /// The device part of the name.
    public enum Device: String, Sendable, Hashable, CaseIterable {
        /// `~iphone`, phone-style devices.
        case iphone
        /// `~ipad`, tablet-style devices.
        case ipad
    }

    /// The `UILaunchImageFile` value, `Default` unless the app's `Info.plist` names another.
    public var baseName: String
    /// The scheme the image belongs to.
    public var scheme: URLScheme
    /// The orientation, when the image is specific to one.
    public var orientation: Orientation?
    /// The display scale (2 gives `@2x`); 1 or nil adds nothing.
    public var scale: Int?
    /// The device family, when the image is specific to one.
    public var device: Device?

    /// Creates a name.
    public init(
        baseName: String = "Default",
        scheme: URLScheme,
        orientation: Orientation? = nil,
        scale: Int? = nil,
        device: Device? = nil
    ) {
        self.baseName = baseName
        self.scheme = scheme
        self.orientation = orientation
        self.scale = scale
        self.device = device
    }

    /// The file name, for example `Default-acme-directory-portrait@2x~iphone.png`.
    ///
    /// The book writes the scale as `~scale`, but the files it names (and iOS) use `@2x`, so the
    /// scale is written `@<n>x`.
    public var fileName: String {
        var name = baseName + "-" + scheme.name
        if let orientation {
            name += "-" + orientation.rawValue
        }
        if let scale, scale > 1 {
            name += "@\(scale)x"
        }
        if let device {
            name += "~" + device.rawValue
        }
        return name + ".png"
    }

    /// The file name.
    public var description: String {
        fileName
    }
}
