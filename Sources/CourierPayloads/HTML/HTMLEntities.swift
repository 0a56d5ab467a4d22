/// Character references in HTML text and attribute values: numeric (`&#233;`, `&#xE9;`) and a table of
/// the named references pages actually use (Latin-1, typography, arrows, common Greek and math).
///
/// Unknown names are left as written, like browsers do; numeric references to nothing (zero,
/// surrogates, beyond U+10FFFF) become U+FFFD.
public enum HTMLEntities {
    /// The named references this decoder knows, without `&` and `;`.
    public static let named: [String: Character] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "iexcl": "¡", "cent": "¢", "pound": "£", "curren": "¤", "yen": "¥", "brvbar": "¦", "sect": "§",
        "uml": "¨", "copy": "©", "ordf": "ª", "laquo": "«", "not": "¬", "shy": "\u{AD}", "reg": "®",
        "macr": "¯", "deg": "°", "plusmn": "±", "sup2": "²", "sup3": "³", "acute": "´", "micro": "µ",
        "para": "¶", "middot": "·", "cedil": "¸", "sup1": "¹", "ordm": "º", "raquo": "»", "frac14": "¼",
        "frac12": "½", "frac34": "¾", "iquest": "¿", "times": "×", "divide": "÷",
        "Agrave": "À", "Aacute": "Á", "Acirc": "Â", "Atilde": "Ã", "Auml": "Ä", "Aring": "Å", "AElig": "Æ",
        "Ccedil": "Ç", "Egrave": "È", "Eacute": "É", "Ecirc": "Ê", "Euml": "Ë", "Igrave": "Ì", "Iacute": "Í",
        "Icirc": "Î", "Iuml": "Ï", "ETH": "Ð", "Ntilde": "Ñ", "Ograve": "Ò", "Oacute": "Ó", "Ocirc": "Ô",
        "Otilde": "Õ", "Ouml": "Ö", "Oslash": "Ø", "Ugrave": "Ù", "Uacute": "Ú", "Ucirc": "Û", "Uuml": "Ü",
        "Yacute": "Ý", "THORN": "Þ", "szlig": "ß", "agrave": "à", "aacute": "á", "acirc": "â", "atilde": "ã",
        "auml": "ä", "aring": "å", "aelig": "æ", "ccedil": "ç", "egrave": "è", "eacute": "é", "ecirc": "ê",
        "euml": "ë", "igrave": "ì", "iacute": "í", "icirc": "î", "iuml": "ï", "eth": "ð", "ntilde": "ñ",
        "ograve": "ò", "oacute": "ó", "ocirc": "ô", "otilde": "õ", "ouml": "ö", "oslash": "ø", "ugrave": "ù",
        "uacute": "ú", "ucirc": "û", "uuml": "ü", "yacute": "ý", "thorn": "þ", "yuml": "ÿ",
        "OElig": "Œ", "oelig": "œ", "Scaron": "Š", "scaron": "š", "Yuml": "Ÿ", "fnof": "ƒ", "circ": "ˆ",
        "tilde": "˜", "ensp": "\u{2002}", "emsp": "\u{2003}", "thinsp": "\u{2009}", "zwnj": "\u{200C}",
        "zwj": "\u{200D}", "lrm": "\u{200E}", "rlm": "\u{200F}", "ndash": "–", "mdash": "—", "lsquo": "‘",
        "rsquo": "’", "sbquo": "‚", "ldquo": "“", "rdquo": "”", "bdquo": "„", "dagger": "†", "Dagger": "‡",
        "bull": "•", "hellip": "…", "permil": "‰", "prime": "′", "Prime": "″", "lsaquo": "‹", "rsaquo": "›",
        "oline": "‾", "frasl": "⁄", "euro": "€", "trade": "™", "larr": "←", "uarr": "↑", "rarr": "→",
        "darr": "↓", "harr": "↔", "crarr": "↵", "lArr": "⇐", "rArr": "⇒", "hArr": "⇔", "forall": "∀",
        "part": "∂", "exist": "∃", "empty": "∅", "nabla": "∇", "isin": "∈", "notin": "∉", "prod": "∏",
        "sum": "∑", "minus": "−", "radic": "√", "prop": "∝", "infin": "∞", "ang": "∠", "and": "∧", "or": "∨",
        "cap": "∩", "cup": "∪", "int": "∫", "there4": "∴", "sim": "∼", "asymp": "≈", "ne": "≠", "equiv": "≡",
        "le": "≤", "ge": "≥", "sub": "⊂", "sup": "⊃", "loz": "◊", "spades": "♠", "clubs": "♣", "hearts": "♥",
        "diams": "♦", "Alpha": "Α", "Beta": "Β", "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ",
        "Pi": "Π", "Sigma": "Σ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω", "alpha": "α", "beta": "β", "gamma": "γ",
        "delta": "δ", "epsilon": "ε", "zeta": "ζ", "eta": "η", "theta": "θ", "iota": "ι", "kappa": "κ",
        "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ", "omicron": "ο", "pi": "π", "rho": "ρ", "sigma": "σ",
        "sigmaf": "ς", "tau": "τ", "upsilon": "υ", "phi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
    ]

    /// References browsers still accept without the final `;` (in text only).
    static let legacyWithoutSemicolon: Set<String> = ["amp", "lt", "gt", "quot", "nbsp", "copy", "reg"]

    /// Decodes every character reference in `text`.
    public static func decode(_ text: String) -> String {
        decode(Array(text.utf8)[...], inAttribute: false)
    }

    /// Decodes the references in UTF-8 bytes (invalid UTF-8 becomes U+FFFD).
    static func decode(_ bytes: ArraySlice<UInt8>, inAttribute: Bool) -> String {
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&"), let (replacement, end) = reference(in: bytes, at: index, inAttribute)
            else {
                output.append(byte)
                index += 1
                continue
            }
            output.append(contentsOf: replacement.utf8)
            index = end
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The text of the reference starting at `start` (an `&`) and the index after it, or `nil` when
    /// the `&` is just an ampersand.
    private static func reference(
        in bytes: ArraySlice<UInt8>, at start: Int, _ inAttribute: Bool
    ) -> (String, Int)? {
        var index = start + 1
        guard index < bytes.endIndex else { return nil }
        if bytes[index] == UInt8(ascii: "#") {
            index += 1
            var hex = false
            if index < bytes.endIndex, bytes[index] | 0x20 == UInt8(ascii: "x") {
                hex = true
                index += 1
            }
            var value: UInt32 = 0
            var digits = 0
            while index < bytes.endIndex, let digit = digitValue(bytes[index], hex: hex) {
                // Saturate instead of overflowing on absurdly long references.
                value = value > 0x10FFFF ? value : value * (hex ? 16 : 10) + UInt32(digit)
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            if index < bytes.endIndex, bytes[index] == UInt8(ascii: ";") { index += 1 }
            let scalar = value == 0 ? nil : UnicodeScalar(value)
            return (String(scalar.map(Character.init) ?? "\u{FFFD}"), index)
        }
        var nameEnd = index
        while nameEnd < bytes.endIndex, nameEnd - index < 32, isAlphanumeric(bytes[nameEnd]) { nameEnd += 1 }
        guard nameEnd > index else { return nil }
        let name = String(decoding: bytes[index..<nameEnd], as: UTF8.self)
        if nameEnd < bytes.endIndex, bytes[nameEnd] == UInt8(ascii: ";"), let character = named[name] {
            return (String(character), nameEnd + 1)
        }
        // Browsers still read a few old references without their ";", even run into text ("&lt3").
        if !inAttribute,
            let legacy = legacyWithoutSemicolon.filter({ name.hasPrefix($0) }).max(by: { $0.count < $1.count }),
            let character = named[legacy]
        {
            return (String(character), index + legacy.utf8.count)
        }
        return nil
    }

    private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
