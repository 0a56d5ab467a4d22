import Foundation

/// One file of a ``DiskCache``: where it is, its size and when it was stored.
struct CacheFileEntry {
    var url: URL
    var size: Int
    var date: Date
}
