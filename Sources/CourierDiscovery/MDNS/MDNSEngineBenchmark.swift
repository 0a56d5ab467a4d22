import NIOCore

/// One interface's mDNS engine without a socket, for `Benchmarks/CourierDiscoveryBenchmarks` only (not API): it
/// takes decoded datagrams as the channel handler does, so a benchmark can measure the engine's cost per datagram
/// and the memory its cache holds.
@_spi(Benchmarks)
public struct MDNSEngineBenchmark {
    private var engine: MDNSEngine
    /// A fixed moment: records never expire during a run.
    private let now = NIODeadline.uptimeNanoseconds(1_000_000_000)

    /// An engine whose cache holds up to `cacheCapacity` records (the product's cap is 4096 per interface).
    public init(cacheCapacity: Int) {
        var configuration = MDNSEngine.Configuration()
        configuration.cacheCapacity = cacheCapacity
        engine = MDNSEngine(configuration: configuration)
    }

    /// Hands the engine one datagram from `source`; returns how many things it asked to do or report.
    @discardableResult
    public mutating func receive(_ message: DNSMessage, from source: SocketAddress) -> Int {
        engine.receive(message, from: source, now: now).count
    }

    /// How many records the cache holds.
    public var cachedRecordCount: Int { engine.cache.count }
}
