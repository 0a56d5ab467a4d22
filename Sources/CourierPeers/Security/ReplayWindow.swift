/// A sliding window over 1 024 message numbers (RFC 4303's anti-replay idea): each number is accepted once;
/// numbers more than 1 024 behind the highest seen are refused as too old.
public struct ReplayWindow: Sendable, Hashable {
    /// The window's width.
    public static let width: UInt64 = 1024
    private var highest: UInt64 = 0
    private var seenAny = false
    /// Bit i set: `highest - i` was accepted.
    private var bits = [UInt64](repeating: 0, count: Int(ReplayWindow.width / 64))

    /// Creates an empty window.
    public init() {}

    /// Whether `number` would be accepted, without recording it.
    public func allows(_ number: UInt64) -> Bool {
        guard seenAny else { return true }
        if number > highest { return true }
        let offset = highest - number
        guard offset < Self.width else { return false }
        return bits[Int(offset / 64)] & (1 << (offset % 64)) == 0
    }

    /// Records `number`; returns `false` when it was a replay or too old.
    public mutating func accept(_ number: UInt64) -> Bool {
        guard allows(number) else { return false }
        if seenAny == false || number > highest {
            let shift = seenAny ? number - highest : Self.width
            shiftWindow(by: shift)
            highest = number
            seenAny = true
        }
        let offset = highest - number
        bits[Int(offset / 64)] |= 1 << (offset % 64)
        return true
    }

    private mutating func shiftWindow(by shift: UInt64) {
        guard shift < Self.width else {
            bits = Array(repeating: 0, count: bits.count)
            return
        }
        let words = Int(shift / 64)
        let bitShift = shift % 64
        var shifted = [UInt64](repeating: 0, count: bits.count)
        for index in stride(from: bits.count - 1, through: words, by: -1) {
            let source = index - words
            var value = bits[source] << bitShift
            if bitShift > 0, source > 0 { value |= bits[source - 1] >> (64 - bitShift) }
            shifted[index] = value
        }
        bits = shifted
    }
}
