/// How much a ``ResourceCache`` holds.
public struct ResourceCacheUsage: Sendable, Hashable {
    /// The bytes held in memory.
    public var memoryBytes: Int
    /// The entries held in memory.
    public var memoryCount: Int
    /// The bytes held on disk (0 without a disk level).
    public var diskBytes: Int

    /// Creates a usage report.
    public init(memoryBytes: Int, memoryCount: Int, diskBytes: Int) {
        self.memoryBytes = memoryBytes
        self.memoryCount = memoryCount
        self.diskBytes = diskBytes
    }
}
