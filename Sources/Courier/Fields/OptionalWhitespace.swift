extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (HTTP's optional white space), without
    /// going through Foundation's `CharacterSet` (which is slow on hot paths). Works on the UTF-8 bytes:
    /// space and tab are ASCII, so every cut falls on a character boundary.
    func trimmingOWS() -> String {
        let text = Substring(self)
        let bytes = text.utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 {
            start = bytes.index(after: start)
        }
        while start < end {
            let last = bytes.index(before: end)
            guard bytes[last] == 0x20 || bytes[last] == 0x09 else { break }
            end = last
        }
        return String(text[start..<end])
    }
}
