import ArgumentParser
import Courier
import CourierFTP
import CourierImages
import Foundation

/// `courier fetch-images URL... [--cache-dir DIR]`: loads resources in parallel through a ``ResourceLoader``
/// with a disk cache, printing one line per URL (`URL FORMAT WIDTHxHEIGHT BYTES memory|disk|network`) and a
/// summary. A second run finds the resources in the disk cache.
struct FetchImagesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch-images",
        abstract: "Download images in parallel through the resource loader and its caches.",
        discussion: """
            Prints one line per URL, in the order given: URL FORMAT WIDTHxHEIGHT BYTES SOURCE, where SOURCE \
            is memory, disk or network (FORMAT and size are "-" for a resource that is not a recognised image), \
            then a summary. Repeated URLs share one download. Resources are kept in the cache directory, so a \
            second run is served from disk. Exits 1 when any URL failed.
            """)

    @Argument(help: "The URLs to fetch (http, https or ftp).")
    var urls: [String]

    @Option(help: "The disk cache directory (default: $XDG_CACHE_HOME/courier/images or ~/.cache/courier/images).")
    var cacheDir: String?

    @Option(help: "The most downloads at once.")
    var parallel: Int = 6

    func validate() throws {
        guard !urls.isEmpty else { throw ValidationError("give at least one URL") }
        guard parallel > 0 else { throw ValidationError("--parallel must be at least 1") }
        for url in urls {
            guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
                ["http", "https", "ftp"].contains(scheme), parsed.host != nil
            else { throw ValidationError("not an http, https or ftp URL: \(url)") }
        }
    }

    func run() async throws {
        let io = CLIIO.current
        let directory = cacheDir.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? Self.defaultCacheDirectory()
        var configuration = SessionConfiguration.ephemeral
        configuration.protocolHandlers.append(FTPProtocolHandler())
        let session = Session(configuration: configuration)
        let loader = ResourceLoader(
            session: session,
            cache: ResourceCache(disk: DiskCache(directory: directory)),
            configuration: ResourceLoaderConfiguration(maximumConcurrentRequests: parallel))
        let targets = urls.compactMap { URL(string: $0) }
        let results = await withTaskGroup(of: (Int, Result<LoadedResource, any Error>).self) { group in
            for (index, url) in targets.enumerated() {
                group.addTask {
                    do {
                        return (index, .success(try await loader.load(url)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var results = [Result<LoadedResource, any Error>?](repeating: nil, count: targets.count)
            for await (index, result) in group { results[index] = result }
            return results
        }
        await session.finishTasksAndInvalidate()
        var summary = FetchImagesSummary()
        for (url, result) in zip(targets, results) {
            switch result {
            case .success(let resource):
                io.writeOut(Self.line(for: resource) + "\n")
                summary.add(resource)
            case .failure(let error):
                let message = Self.message(for: error)
                let line = message.contains(url.absoluteString) ? message : "\(url.absoluteString): \(message)"
                io.writeError("courier: error: \(line)\n")
                summary.failures += 1
            case nil:
                summary.failures += 1
            }
        }
        io.writeOut(summary.description + "\n")
        if summary.failures > 0 { throw CLIExit(status: 1) }
    }

    /// `URL FORMAT WIDTHxHEIGHT BYTES SOURCE`.
    static func line(for resource: LoadedResource) -> String {
        let format = resource.image.map { "\($0.format) \($0.width)x\($0.height)" } ?? "- -"
        return "\(resource.url.absoluteString) \(format) \(resource.data.count) \(resource.source)"
    }

    private static func message(for error: any Error) -> String {
        (error as? CourierError)?.message ?? String(describing: error)
    }

    private static func defaultCacheDirectory() -> URL {
        let environment = ProcessInfo.processInfo.environment
        let base =
            environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache", isDirectory: true)
        return base.appendingPathComponent("courier/images", isDirectory: true)
    }
}
