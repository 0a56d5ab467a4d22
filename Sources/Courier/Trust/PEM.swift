import CourierSecurity
import Foundation

/// PEM armour (RFC 7468): `-----BEGIN LABEL-----`, base64 of DER, `-----END LABEL-----`.
enum PEM {
    /// One armoured block.
    struct Block {
        /// The label, such as `CERTIFICATE` or `ENCRYPTED PRIVATE KEY`.
        var label: String
        /// The DER bytes.
        var der: [UInt8]
        /// Header lines before the base64 (RFC 1421 `Proc-Type`, `DEK-Info`), which mark legacy encrypted keys.
        var headers: [String]
    }

    /// Why a text is not the PEM expected.
    struct DecodingError: Error, CustomStringConvertible {
        var description: String
    }

    /// Every block in `text`, in order; text between blocks is ignored (as OpenSSL does).
    static func blocks(in text: String) throws -> [Block] {
        var blocks: [Block] = []
        var label: String?
        var headers: [String] = []
        var body = ""
        // Files concatenated without a final newline run one block's END into the next BEGIN.
        let separated = text.replacingOccurrences(of: "----------", with: "-----\n-----")
        for rawLine in separated.components(separatedBy: .newlines) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if let current = label {
                if line.hasPrefix("-----END ") {
                    guard line == "-----END \(current)-----" else {
                        throw DecodingError(description: "the PEM block \(current) ends with \(line)")
                    }
                    guard let der = try? Base64.decode(body), !der.isEmpty else {
                        throw DecodingError(description: "the PEM block \(current) is not valid base64")
                    }
                    blocks.append(Block(label: current, der: Array(der), headers: headers))
                    label = nil
                    headers = []
                    body = ""
                } else if line.contains(":") {
                    headers.append(line)
                } else {
                    body += line
                }
            } else if line.hasPrefix("-----BEGIN "), line.hasSuffix("-----"), line.count > 16 {
                label = String(line.dropFirst(11).dropLast(5))
            }
        }
        if let label {
            throw DecodingError(description: "the PEM block \(label) has no END line (the text is truncated)")
        }
        return blocks
    }

    /// Whether `bytes` look like PEM text (a BEGIN line somewhere in the first kilobytes).
    static func looksLikePEM(_ bytes: some Collection<UInt8>) -> Bool {
        let prefix = Array(bytes.prefix(64 * 1024))
        return String(decoding: prefix, as: UTF8.self).contains("-----BEGIN ")
    }

    /// Armours DER bytes under a label, 64 characters a line.
    static func armor(_ der: some DataProtocol, label: String) -> String {
        let encoded = Base64.encode(der, lineLength: 64, lineSeparator: "\n")
        return "-----BEGIN \(label)-----\n\(encoded)\n-----END \(label)-----\n"
    }
}
