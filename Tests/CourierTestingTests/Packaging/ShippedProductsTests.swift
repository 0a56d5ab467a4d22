import Foundation
import Testing

/// CourierTesting (and whatever needs it) is for tests only: no product that users ship, and no target such
/// a product is built from, may link it. Certificate generation that a shipped product needs at run time
/// lives in CourierCertificates.
@Suite("Shipped products do not link CourierTesting")
struct ShippedProductsTests {
    /// The package's own `Package.swift`, found from this file's path.
    static func manifest() throws -> PackageManifest {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Packaging
            .deletingLastPathComponent()  // CourierTestingTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()
        return try PackageManifest(
            text: String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8))
    }

    @Test("No product but CourierTesting has CourierTesting among its targets' transitive dependencies")
    func noShippedProductLinksTheTestingModule() throws {
        let manifest = try Self.manifest()
        // The products the package ships today; a product added later is checked too, this list only makes
        // sure that the reader still finds them.
        let shipped = [
            "Courier", "CourierSecurity", "CourierCertificates", "CourierCommands", "CourierPayloads",
            "CourierSampleServer", "CourierLinks", "CourierDiscovery", "CourierPeers", "CourierSockets",
            "CourierImages", "CourierFTP", "courier",
        ]
        #expect(Set(shipped).isSubset(of: manifest.products.keys))
        #expect(manifest.products["courier"] == ["courier"])
        for product in manifest.products.keys.sorted() where product != "CourierTesting" {
            let path = manifest.dependencyPath(from: product, to: "CourierTesting")
            #expect(path == nil, "product \(product) links CourierTesting: \(path?.joined(separator: " → ") ?? "")")
        }
    }

    @Test("The reader follows the real manifest's dependencies")
    func theReaderSeesTheRealGraph() throws {
        let manifest = try Self.manifest()
        #expect(
            manifest.dependencyPath(from: "courier", to: "CourierCertificates")
                == ["courier", "CourierCLI", "CourierSampleServer", "CourierCertificates"])
        #expect(manifest.dependencyPath(from: "CourierTesting", to: "CourierSecurity") != nil)
        #expect(manifest.dependencies["CourierTests"]?.contains("CourierTesting") == true)
        #expect(manifest.dependencies["Courier"]?.contains("CCourierZlib") == true)
    }

    @Test("A shipped target that reaches CourierTesting, directly or through another target, is found")
    func violationsAreFound() throws {
        let manifest = try PackageManifest(
            text: """
                // swift-tools-version:6.2
                import PackageDescription

                let settings: [SwiftSetting] = [.swiftLanguageMode(.v6)]  // Package(" in a comment

                let package = Package(
                    name: "Example",
                    products: [
                        .library(name: "Core", targets: ["Core"]),
                        .library(name: "Extras", targets: ["Extras", "Core"]),
                        .library(name: "CourierTesting", targets: ["CourierTesting"]),
                        .executable(name: "tool", targets: ["tool"]),
                    ],
                    dependencies: [.package(url: "https://example.com/a.git", from: "1.0.0")],
                    targets: [
                        .target(name: "Core", dependencies: [.product(name: "CourierTesting", package: "a")]),
                        .target(
                            name: "Extras",
                            dependencies: [
                                "Core",
                                .target(name: "Helpers", condition: .when(platforms: [.linux])),  // (a comment)
                            ]
                        ),
                        .target(name: "Helpers", dependencies: [.byName(name: "CourierTesting")]),
                        .target(name: "CourierTesting", dependencies: ["Core"]),
                        .executableTarget(name: "tool", dependencies: ["Core"], path: "Sources/tool"),
                        .testTarget(name: "CoreTests", dependencies: ["Core", "CourierTesting"]),
                    ]
                )
                """)
        #expect(manifest.products.count == 4)
        #expect(manifest.dependencyPath(from: "Core", to: "CourierTesting") == nil)
        #expect(manifest.dependencyPath(from: "tool", to: "CourierTesting") == nil)
        #expect(
            manifest.dependencyPath(from: "Extras", to: "CourierTesting") == ["Extras", "Helpers", "CourierTesting"])
        #expect(manifest.dependencies["CoreTests"] == ["Core", "CourierTesting"])
    }

    @Test("A text without a Package(...) call is an error, not an empty graph")
    func notAManifest() {
        #expect(throws: PackageManifest.ReadError.self) {
            try PackageManifest(text: "let x = 1")
        }
    }
}
