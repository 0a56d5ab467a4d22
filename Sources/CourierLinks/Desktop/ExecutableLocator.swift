import Foundation

/// Finds a program on a `PATH`, as a shell would.
enum ExecutableLocator {
    /// The absolute path of `name` in the directories of `path` (colon-separated), or `name` itself
    /// when it already contains a `/` and is executable.
    static func find(_ name: String, path: String?) -> String? {
        if name.contains("/") {
            return access(name, X_OK) == 0 ? name : nil
        }
        let directories = (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        for directory in directories where directory.hasPrefix("/") {
            let candidate = directory + "/" + name
            var status = stat()
            if stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return String(candidate)
            }
        }
        return nil
    }
}
