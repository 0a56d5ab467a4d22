/// Splits queries and responses into datagrams that fit the link's payload size (RFC 6762 §7.2, §17): a query's
/// known answers continue in further packets, each but the last with TC set.
enum MessagePacker {
    /// IPv4 payload on a 1500-byte MTU (1500 − 20 − 8); IPv6 allows 1452.
    static let ipv4Payload = 1472
    static let ipv6Payload = 1452

    static func queries(
        questions: [DNSQuestion], knownAnswers: [DNSResourceRecord], maximumSize: Int
    ) -> [DNSMessage] {
        var messages: [DNSMessage] = []
        var current = DNSMessage.query(questions)
        for record in knownAnswers {
            var candidate = current
            candidate.answers.append(record)
            if size(of: candidate) <= maximumSize || current.answers.isEmpty && current.questions.isEmpty {
                current = candidate
            } else {
                current.isTruncated = true
                messages.append(current)
                current = DNSMessage.query([], knownAnswers: [record])
            }
        }
        messages.append(current)
        return messages
    }

    /// Answers fill as many packets as they need; additionals go into the last one where they fit.
    static func responses(
        answers: [DNSResourceRecord], additionals: [DNSResourceRecord], maximumSize: Int,
        template: DNSMessage = .response(answers: [])
    ) -> [DNSMessage] {
        var messages: [DNSMessage] = []
        var current = template
        for record in answers {
            var candidate = current
            candidate.answers.append(record)
            if size(of: candidate) <= maximumSize || current.answers.isEmpty {
                current = candidate
            } else {
                messages.append(current)
                current = template
                current.answers = [record]
            }
        }
        for record in additionals {
            var candidate = current
            candidate.additionals.append(record)
            if size(of: candidate) <= maximumSize {
                current = candidate
            }
        }
        messages.append(current)
        return messages
    }

    static func size(of message: DNSMessage) -> Int {
        (try? message.encoded().count) ?? Int.max
    }
}
