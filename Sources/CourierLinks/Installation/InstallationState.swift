/// What ``InstallationMarker/recordLaunch()`` found about this launch.
public struct InstallationState: Sendable, Hashable {
    /// Whether this is the first launch of the current installation (no per-install marker yet).
    public var isFirstLaunch: Bool
    /// Whether an earlier installation left its marker in the secure store. Only the first launch of
    /// an installation can tell; later launches report false.
    public var hasPreviousInstall: Bool

    /// Creates a state.
    public init(isFirstLaunch: Bool, hasPreviousInstall: Bool) {
        self.isFirstLaunch = isFirstLaunch
        self.hasPreviousInstall = hasPreviousInstall
    }

    /// The first launch after a reinstall: the secure marker survived, the per-install one did not.
    public var isReinstall: Bool {
        isFirstLaunch && hasPreviousInstall
    }

    /// The first launch on a machine that never had the program.
    public var isFreshInstall: Bool {
        isFirstLaunch && !hasPreviousInstall
    }
}
