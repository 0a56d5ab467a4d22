/// A type that holds secret material and redacts it in `description`: its `debugDescription` is that same
/// redacted text, so `debugPrint` and `String(reflecting:)` never show more than `print`.
protocol RedactedDescription: CustomStringConvertible, CustomDebugStringConvertible {}

extension RedactedDescription {
    /// The same as `description`.
    public var debugDescription: String {
        description
    }
}

/// A ``RedactedDescription`` whose mirror shows nothing either, so that `dump` shows no more than `print`.
protocol RedactedReflection: RedactedDescription, CustomReflectable {}

extension RedactedReflection {
    /// A mirror with no children.
    public var customMirror: Mirror {
        Mirror(self, children: [], displayStyle: .struct)
    }
}
