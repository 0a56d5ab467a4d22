import CourierLinks
import Testing

@Suite struct MimeAppsListTests {
    static let text = """
        [Default Applications]
        x-scheme-handler/acme=courier-acme.desktop
        x-scheme-handler/other=courier-acme.desktop;
        text/html=firefox.desktop

        [Added Associations]
        x-scheme-handler/acme=other.desktop;courier-acme.desktop;
        """

    @Test func removesOnlyTheOneApplicationForTheOneType() {
        let (text, changed) = MimeAppsList.removing("courier-acme.desktop", for: "x-scheme-handler/acme", in: Self.text)
        #expect(changed)
        #expect(
            text == """
                [Default Applications]
                x-scheme-handler/other=courier-acme.desktop;
                text/html=firefox.desktop

                [Added Associations]
                x-scheme-handler/acme=other.desktop;
                """)
        #expect(MimeAppsList.defaults(for: "x-scheme-handler/acme", in: text).isEmpty)
        #expect(MimeAppsList.defaults(for: "x-scheme-handler/other", in: text) == ["courier-acme.desktop"])
    }

    @Test func leavesTextAloneWhenNothingMatches() {
        let (text, changed) = MimeAppsList.removing("nobody.desktop", for: "x-scheme-handler/acme", in: Self.text)
        #expect(!changed)
        #expect(text == Self.text)
    }
}
