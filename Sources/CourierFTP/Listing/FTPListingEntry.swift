/// One entry of a directory listing.
public struct FTPListingEntry: Sendable, Hashable {
    /// What an entry is.
    public enum Kind: String, Sendable, Hashable {
        /// A regular file.
        case file
        /// A directory.
        case directory
        /// A symbolic link.
        case symbolicLink
        /// Anything else the server reports.
        case other
    }

    /// The entry's name, relative to the listed directory.
    public var name: String
    /// What the entry is.
    public var kind: Kind
    /// The size in bytes, when the listing gives it.
    public var size: Int64?
    /// The modification time as the listing writes it (`20261125184400` for MLSD, `Nov 25 18:44` for LIST).
    public var modified: String?
    /// For a symbolic link in a Unix listing, its target.
    public var linkTarget: String?

    /// Creates an entry.
    public init(name: String, kind: Kind, size: Int64? = nil, modified: String? = nil, linkTarget: String? = nil) {
        self.name = name
        self.kind = kind
        self.size = size
        self.modified = modified
        self.linkTarget = linkTarget
    }
}
