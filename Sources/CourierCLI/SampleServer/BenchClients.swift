import AsyncHTTPClient
import Courier
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Throughput and CPU per operation of one benchmark run.
struct BenchMeasurement {
    var perSecond: Double
    var cpuMicroseconds: Double

    func describe(unit: String) -> String {
        String(format: "%.0f %@/s, %.0f µs CPU/%@", self.perSecond, unit, self.cpuMicroseconds, unit)
    }

    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    static func measure(count: Int, _ operation: () async throws -> Void) async throws -> BenchMeasurement {
        let cpuStart = self.processCPUSeconds()
        let started = ContinuousClock.now
        for _ in 0..<count { try await operation() }
        let seconds = (ContinuousClock.now - started).seconds
        let cpu = self.processCPUSeconds() - cpuStart
        return BenchMeasurement(perSecond: Double(count) / seconds, cpuMicroseconds: cpu / Double(count) * 1e6)
    }

    static func median(_ runs: [BenchMeasurement]) -> BenchMeasurement {
        let sorted = runs.sorted { $0.perSecond < $1.perSecond }
        let cpu = runs.map(\.cpuMicroseconds).sorted()
        return BenchMeasurement(perSecond: sorted[sorted.count / 2].perSecond, cpuMicroseconds: cpu[cpu.count / 2])
    }
}

protocol BenchClient: Sendable {
    func get(_ url: URL) async throws
    func close() async
}

struct CourierBenchClient: BenchClient {
    let session: Session = {
        var configuration = SessionConfiguration.ephemeral
        configuration.retryPolicy = .none
        return Session(configuration: configuration)
    }()

    func get(_ url: URL) async throws {
        let response = try await self.session.data(for: Request(url: url))
        guard response.status == .ok else { throw TourFailure("Courier got \(response.status.code)") }
    }

    func close() async { await self.session.invalidateAndCancel() }
}

struct AHCBenchClient: BenchClient {
    let client = HTTPClient(eventLoopGroupProvider: .singleton)

    func get(_ url: URL) async throws {
        let response = try await self.client.execute(HTTPClientRequest(url: url.absoluteString), timeout: .seconds(30))
        _ = try await response.body.collect(upTo: 1 << 20)
        guard response.status.code == 200 else { throw TourFailure("async-http-client got \(response.status.code)") }
    }

    func close() async { try? await self.client.shutdown() }
}
