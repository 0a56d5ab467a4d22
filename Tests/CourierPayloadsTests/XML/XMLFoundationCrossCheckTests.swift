#if canImport(FoundationXML)
    import Foundation
    import FoundationXML
    import Testing

    /// Runs Foundation's `XMLParser` (libxml2 on Linux) on the conformance corpus and compares its
    /// well-formed/malformed verdict with the corpus, except where the corpus names a known difference.
    @Suite struct XMLFoundationCrossCheckTests {
        @Test func foundationAgreesOnTheCorpusVerdicts() {
            var disagreements: [String] = []
            for document in conformanceCorpus where document.foundationCrashes == nil {
                // The stream initializer, because parsing `Data` on Linux does not end the document
                // (libxml2 never sees the end, so it misses errors there); errors count when either
                // `parse()` returns false or the delegate hears of one.
                let parser = XMLParser(stream: InputStream(data: Data(document.bytes)))
                let delegate = ErrorRecorder()
                parser.delegate = delegate
                parser.shouldProcessNamespaces = true
                parser.shouldResolveExternalEntities = false
                let foundationSaysWellFormed = parser.parse() && delegate.error == nil
                let agrees = foundationSaysWellFormed == document.isWellFormed
                if agrees == (document.foundationDiffers != nil) {
                    disagreements.append(
                        "\(document.name): Foundation says \(foundationSaysWellFormed ? "well-formed" : "malformed")")
                }
            }
            #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
        }

        private final class ErrorRecorder: NSObject, XMLParserDelegate {
            var error: (any Error)?

            func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
                error = parseError
            }
        }
    }
#endif
