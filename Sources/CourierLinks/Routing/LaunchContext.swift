/// How the program came to handle a URL — the book's two paths (figure 11-2).
public enum LaunchContext: String, Sendable, Hashable, CaseIterable {
    /// The program was started for this URL (iOS: `application:didFinishLaunchingWithOptions:`
    /// with the URL in its options; Linux: the desktop ran the `.desktop` file's `Exec` line).
    case launched
    /// The program was already running and received the URL (iOS:
    /// `application:openURL:sourceApplication:annotation:` alone).
    case alreadyRunning
}
