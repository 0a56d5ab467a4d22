import CourierImages

/// The closing line of `courier fetch-images`: counts by source and by format, and the bytes loaded.
struct FetchImagesSummary: CustomStringConvertible {
    var loaded = 0
    var failures = 0
    var bytes = 0
    var sources: [ResourceSource: Int] = [:]
    var formats: [String: Int] = [:]

    mutating func add(_ resource: LoadedResource) {
        loaded += 1
        bytes += resource.data.count
        sources[resource.source, default: 0] += 1
        formats[resource.image.map { $0.format.description } ?? "other", default: 0] += 1
    }

    /// `3 loaded, 1 failed, 48213 bytes; network 2, disk 1, memory 0; jpeg 2, png 1`.
    var description: String {
        let bySource = [ResourceSource.network, .disk, .memory].map { "\($0) \(sources[$0] ?? 0)" }
        let byFormat = formats.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        var text = "\(loaded) loaded, \(failures) failed, \(bytes) bytes; " + bySource.joined(separator: ", ")
        if !byFormat.isEmpty { text += "; " + byFormat.joined(separator: ", ") }
        return text
    }
}
