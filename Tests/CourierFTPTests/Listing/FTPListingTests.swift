import Foundation
import Testing

@testable import CourierFTP

@Suite struct FTPListingTests {
    @Test func parsesMLSDFacts() {
        let text = """
            type=cdir;modify=20261125184400; .
            type=dir;modify=20261125184400; photos
            type=file;size=1234;modify=20261125184401;UNIX.mode=0644; read me.txt
            type=OS.unix=symlink;size=3; latest
            """
        let listing = FTPListing(Data(text.utf8), format: .mlsd)
        #expect(
            listing.entries == [
                FTPListingEntry(name: "photos", kind: .directory, modified: "20261125184400"),
                FTPListingEntry(name: "read me.txt", kind: .file, size: 1234, modified: "20261125184401"),
                FTPListingEntry(name: "latest", kind: .symbolicLink, size: 3),
            ])
        #expect(listing.unparsedLines.isEmpty)
    }

    @Test func parsesUnixLISTLinesAndKeepsUnknownOnesRaw() {
        let text = """
            total 12\r
            drwxr-xr-x    2 ftp      ftp          4096 Nov 25 18:44 pub\r
            -rw-r--r--    1 ftp      ftp       1048576 Jan  1  2025 big file.bin\r
            lrwxrwxrwx    1 ftp      ftp             3 Nov 25 18:44 latest -> pub\r
            11-25-26  06:44PM       <DIR>          windows-style\r
            """
        let listing = FTPListing(Data(text.utf8), format: .list)
        #expect(listing.entries.map(\.name) == ["pub", "big file.bin", "latest"])
        #expect(listing.entries[1].size == 1_048_576)
        #expect(listing.entries[1].modified == "Jan 1 2025")
        #expect(listing.entries[2].linkTarget == "pub")
        #expect(listing.unparsedLines == ["total 12", "11-25-26  06:44PM       <DIR>          windows-style"])
    }
}
