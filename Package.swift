// swift-tools-version:6.2
import PackageDescription

let strictSwift6: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Courier",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Courier", targets: ["Courier"]),
        .library(name: "CourierReachability", targets: ["CourierReachability"]),
        .library(name: "CourierSecurity", targets: ["CourierSecurity"]),
        .library(name: "CourierCertificates", targets: ["CourierCertificates"]),
        .library(name: "CourierTesting", targets: ["CourierTesting"]),
        .library(name: "CourierCommands", targets: ["CourierCommands"]),
        .library(name: "CourierPayloads", targets: ["CourierPayloads"]),
        .library(name: "CourierSampleServer", targets: ["CourierSampleServer"]),
        .library(name: "CourierLinks", targets: ["CourierLinks"]),
        .library(name: "CourierDiscovery", targets: ["CourierDiscovery"]),
        .library(name: "CourierPeers", targets: ["CourierPeers"]),
        .library(name: "CourierSockets", targets: ["CourierSockets"]),
        .library(name: "CourierImages", targets: ["CourierImages"]),
        .library(name: "CourierFTP", targets: ["CourierFTP"]),
        .library(name: "CourierServices", targets: ["CourierServices"]),
        .library(name: "CourierServicesServer", targets: ["CourierServicesServer"]),
        .executable(name: "courier", targets: ["courier"]),
        .executable(name: "courier-bench-anchors", targets: ["CourierBenchAnchors"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-http2.git", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        // `swift package generate-documentation`: the DocC catalogs of the library products (a plugin only;
        // no product links it).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: Security toolkit (no HTTP)
        .target(
            name: "CourierSecurity",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "CourierSecurityTests",
            dependencies: ["CourierSecurity", "CourierTestSupport"],
            swiftSettings: strictSwift6
        ),

        // MARK: Certificate authorities and certificates made at run time (the sample server, a debugging proxy)
        .target(
            name: "CourierCertificates",
            dependencies: [
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "CourierCertificatesTests",
            dependencies: [
                "CourierCertificates",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strictSwift6
        ),

        // MARK: Network reachability on Linux: rtnetlink and getifaddrs watches on threads of their own, host checks
        .target(
            name: "CourierReachability",
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "CourierReachabilityTests",
            dependencies: ["CourierReachability", "CourierTestSupport"],
            swiftSettings: strictSwift6
        ),

        // MARK: The system's zlib (the disk cache's CRC-32), declared here rather than borrowed from compress-nio
        .systemLibrary(name: "CCourierZlib"),

        // MARK: The URL loading system
        .target(
            name: "Courier",
            dependencies: [
                "CourierReachability",
                "CourierSecurity",
                "CCourierZlib",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            resources: [.copy("Cookies/public_suffix_list.dat")],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "CourierTests",
            dependencies: [
                "Courier",
                "CourierTesting",
                "CourierTestSupport",
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift6
        ),

        // MARK: The command-dispatch pattern (book chapter 5)
        .target(
            name: "CourierCommands",
            dependencies: ["Courier"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "CourierCommandsTests",
            dependencies: [
                "CourierCommands", "CourierTesting", .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictSwift6
        ),

        // MARK: Payloads: XML (streaming parser, writer), feeds
        .target(
            name: "CourierPayloads",
            dependencies: [
                "Courier",
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "CourierPayloadsTests",
            dependencies: [
                "CourierPayloads",
                "Courier",
                "CourierTesting",
                "CourierTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSwift6
        ),

        // MARK: The service layer of chapter 2, client side: the service locator, service:// URLs, version negotiation
        .target(
            name: "CourierServices",
            dependencies: [
                "Courier",
                "CourierSecurity",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift6
        ),

        // MARK: The service layer of chapter 2, server side: Hummingbird middleware (a client never links a server)
        .target(
            name: "CourierServicesServer",
            dependencies: [
                "Courier",
                "CourierPayloads",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "CourierServicesTests",
            dependencies: [
                "CourierPayloads",
                "CourierServices",
                "CourierServicesServer",
                "Courier",
                "CourierTesting",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSwift6
        ),

        // MARK: The sample back end (the books' services as one Hummingbird application)
        .target(
            name: "CourierSampleServer",
            dependencies: [
                "Courier",
                "CourierSecurity",
                "CourierServicesServer",
                "CourierPayloads",
                "CourierCertificates",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "CourierSampleServerTests",
            dependencies: [
                "CourierSampleServer",
                "Courier",
                "CourierPayloads",
                "CourierSecurity",
                "CourierTestSupport",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSwift6
        ),

        // MARK: Helpers for Courier's own tests (not a product): the trait that keeps CPU-heavy tests off the pool
        .target(
            name: "CourierTestSupport",
            dependencies: [
                "CourierTesting",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Tests/CourierTestSupport",
            swiftSettings: strictSwift6
        ),

        // MARK: Helpers for users' own tests
        .target(
            name: "CourierTesting",
            dependencies: [
                "Courier",
                "CourierCertificates",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "CourierTestingTests",
            dependencies: [
                "CourierTesting",
                "CourierTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            swiftSettings: strictSwift6
        ),

        // MARK: Inter-app communication (book chapter 11): URL schemes, safe payloads, desktop registration, SSO
        .target(
            name: "CourierLinks",
            dependencies: ["CourierSecurity"],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "CourierLinksTests",
            dependencies: ["CourierTestSupport", "CourierLinks", "CourierSecurity"],
            swiftSettings: strictSwift6
        ),

        // MARK: Zero-configuration networking (book chapter 13): mDNS and DNS-SD on SwiftNIO
        .target(
            name: "CourierDiscovery",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "CourierDiscoveryTests",
            dependencies: [
                "CourierTestSupport", "CourierDiscovery",
                "CourierTesting",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSwift6
        ),

        // MARK: Peer sessions (book chapter 12): Game Kit-style sessions over DNS-SD, encrypted by default
        .target(
            name: "CourierPeers",
            dependencies: [
                "CourierDiscovery",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "CourierPeersTests",
            dependencies: [
                "CourierTestSupport", "CourierPeers",
                "CourierDiscovery",
                "CourierTesting",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift6
        ),

        // MARK: Low-level networking (book chapter 8): TCP and UDP with framing, TLS, the warehouse client three ways
        .target(
            name: "CourierSockets",
            dependencies: [
                "Courier",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "CourierSocketsTests",
            dependencies: [
                "CourierSockets",
                "Courier",
                "CourierTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: strictSwift6
        ),

        // MARK: Resource loading (the textbook's SDWebImage): shared loads, memory and disk caches, sniffing
        .target(
            name: "CourierImages",
            dependencies: [
                "Courier",
                "CourierSecurity",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "CourierImagesTests",
            dependencies: ["CourierTestSupport", "CourierImages", "Courier", "CourierTesting"],
            swiftSettings: strictSwift6
        ),

        // MARK: ftp:// URLs through the session API (a ProtocolHandler on swift-nio)
        .target(
            name: "CourierFTP",
            dependencies: [
                "Courier",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "CourierFTPTests",
            dependencies: [
                "CourierFTP",
                "Courier",
                "CourierCLI",
                "CourierSampleServer",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSwift6
        ),

        // MARK: Command line
        .target(
            name: "CourierCLI",
            dependencies: [
                "Courier",
                "CourierCommands",
                "CourierDiscovery",
                "CourierFTP",
                "CourierImages",
                "CourierLinks",
                "CourierPayloads",
                "CourierPeers",
                "CourierSampleServer",
                "CourierSecurity",
                "CourierServices",
                "CourierSockets",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSwift6
        ),
        .executableTarget(
            name: "courier",
            dependencies: ["CourierCLI"],
            swiftSettings: strictSwift6
        ),
        // The Foundation anchors of `courier bench` (URLSession, XMLParser), in a process of their own so that
        // `courier` links neither FoundationNetworking nor FoundationXML.
        .executableTarget(
            name: "CourierBenchAnchors",
            swiftSettings: strictSwift6
        ),
        .testTarget(
            name: "CourierCLITests",
            dependencies: [
                "CourierCLI", "CourierDiscovery", "CourierLinks", "CourierSampleServer", "CourierSockets",
                "CourierTesting",
                "CourierTestSupport",
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSwift6
        ),

        // MARK: Benchmarks (run by hand, release builds)
        .executableTarget(
            name: "CourierBenchmarks",
            dependencies: [
                "Courier",
                "CourierCLI",
                "CourierPayloads",
                "CourierSecurity",
                "CourierTesting",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            path: "Benchmarks/CourierBenchmarks",
            swiftSettings: strictSwift6
        ),
        .executableTarget(
            name: "CourierPeersBenchmarks",
            dependencies: [
                "CourierDiscovery",
                "CourierPeers",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Benchmarks/CourierPeersBenchmarks",
            swiftSettings: strictSwift6
        ),
        .executableTarget(
            name: "CourierSocketsBenchmarks",
            dependencies: [
                "CourierSockets",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Benchmarks/CourierSocketsBenchmarks",
            swiftSettings: strictSwift6
        ),
        .executableTarget(
            name: "CourierDiscoveryBenchmarks",
            dependencies: [
                "CourierDiscovery",
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Benchmarks/CourierDiscoveryBenchmarks",
            swiftSettings: strictSwift6
        ),
        .target(name: "CMallocInfo", path: "Benchmarks/CMallocInfo"),
        .executableTarget(
            name: "CourierReliability",
            dependencies: ["CourierTestSupport", "CMallocInfo"],
            path: "Benchmarks/CourierReliability",
            swiftSettings: strictSwift6
        ),
        .executableTarget(
            name: "CourierImagesBenchmarks",
            dependencies: ["CourierImages", "Courier", "CourierTesting"],
            path: "Benchmarks/CourierImagesBenchmarks",
            swiftSettings: strictSwift6
        ),
    ]
)
