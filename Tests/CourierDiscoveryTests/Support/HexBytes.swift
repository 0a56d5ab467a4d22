/// Bytes from a hex string; spaces are ignored. Test fixtures only.
func hexBytes(_ text: String) -> [UInt8] {
    let digits = Array(text.utf8.filter { $0 != UInt8(ascii: " ") })
    var bytes: [UInt8] = []
    var index = 0
    while index + 1 < digits.count {
        let pair = String(decoding: digits[index..<(index + 2)], as: UTF8.self)
        bytes.append(UInt8(pair, radix: 16) ?? 0)
        index += 2
    }
    return bytes
}
