import Foundation

/// `write(2)` of a whole buffer, shared by the files Courier's modules write through descriptors (``AtomicFile``, the
/// secure store's private files, the HTTP cache, the command line's output).
package enum DescriptorWrite {
    /// Writes all of `bytes` to `descriptor`, retrying short writes and interruptions.
    ///
    /// - Returns: `nil` when everything was written, else the `errno` of the write that failed (left in `errno` too).
    package static func all(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        guard var base = bytes.baseAddress else { return nil }
        var remaining = bytes.count
        while remaining > 0 {
            let written = write(descriptor, base, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            remaining -= written
            base += written
        }
        return nil
    }
}
