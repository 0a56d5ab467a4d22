extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (HTTP's optional white space), without
    /// going through Foundation's `CharacterSet` (which is slow on hot paths).
    func trimmingOWS() -> String {
        let scalars = self.unicodeScalars
        var start: String.UnicodeScalarView.Index?
        var end = scalars.startIndex
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            if scalar != " " && scalar != "\t" {
                if start == nil { start = index }
                end = next
            }
            index = next
        }
        guard let start else { return "" }
        return String(String.UnicodeScalarView(scalars[start..<end]))
    }
}
