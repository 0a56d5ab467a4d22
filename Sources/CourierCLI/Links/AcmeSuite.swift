import CourierLinks
import CourierSecurity
import Foundation

/// The book's Acme suite: Employee Directory (`acme-directory`) and Employee Records
/// (`acme-records`, for HR only), whose URLs `courier links open` handles, and the image store of
/// Records under `$XDG_DATA_HOME/courier/acme-records`.
struct AcmeSuite: Sendable {
    struct Employee: Sendable {
        var name: String
        var department: String
        var salaryBand: String
    }

    static let employees: [Int: Employee] = [
        1: Employee(name: "Ada Lovelace", department: "Engineering", salaryBand: "E4"),
        2: Employee(name: "Grace Hopper", department: "Research", salaryBand: "E5"),
        3: Employee(name: "Alan Turing", department: "Cryptography", salaryBand: "E4"),
    ]

    /// The schemes of the suite's two apps.
    static func schemes() throws -> (directory: URLScheme, records: URLScheme) {
        (try URLScheme("acme-directory"), try URLScheme("acme-records"))
    }

    /// The companion apps by display name, as the book's `dictionaryOfInstalledCompanionApps` checks them.
    static func companions() throws -> [String: URLScheme] {
        let (directory, records) = try schemes()
        return ["Employee Directory": directory, "Employee Records": records, "Twitter": try URLScheme("twitter")]
    }

    /// Where Records keeps the images it receives.
    let imageDirectory: String

    init(environment: [String: String]) {
        let dataHome =
            environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/share")
        imageDirectory = dataHome + "/courier/acme-records"
    }

    func imagePath(for employee: Int) -> String {
        imageDirectory + "/employee-\(employee).image"
    }

    /// The routes of both apps; each handler returns the line it prints.
    func router(payload: LinkPayload = LinkPayload()) throws -> URLRouter<String> {
        var router = URLRouter<String>(payload: payload)
        let exists: URLRouter<String>.Validator = { request in
            let id = try request.parameters.int(request.parameters["employeeId"] == nil ? "id" : "employeeId")
            guard Self.employees[id] != nil else {
                throw LinkError(.refused, "there is no employee \(id)")
            }
            return true
        }
        try router.register("acme-directory://employee/{id:int}", validate: exists) { request in
            let id = try request.parameters.int("id")
            let employee = Self.employees[id]
            return "Employee Directory: employee \(id), \(employee?.name ?? "?") (\(employee?.department ?? "?"))"
                + Self.context(request)
        }
        try router.register("acme-records://employee/{id:int}", validate: exists) { request in
            let id = try request.parameters.int("id")
            let employee = Self.employees[id]
            return
                "Employee Records: employee \(id), \(employee?.name ?? "?"), salary band \(employee?.salaryBand ?? "?")"
                + Self.context(request)
        }
        let imagePath = self.imagePath
        try router.register("acme-records://addimage/{employeeId:int}/{data:data}", validate: exists) { request in
            let id = try request.parameters.int("employeeId")
            let image = try request.parameters.data("data")
            do {
                // The package's one crash-safe writer: 0600 from the first byte, in a 0700 directory.
                try AtomicFile.write(image, to: URL(fileURLWithPath: imagePath(id)))
            } catch {
                throw LinkError(.io, "the image for employee \(id) could not be saved: \(error)")
            }
            let digest = Digester.digest(image, using: .sha256).hex.prefix(16)
            return "Employee Records: added a \(image.count)-byte image to employee \(id) (sha256 \(digest)…)"
                + Self.context(request)
        }
        return router
    }

    private static func context(_ request: LinkRequest) -> String {
        var text = request.launch == .launched ? " [launched for this URL" : " [already running"
        if let source = request.sourceApplication {
            text += ", from \(source)"
        }
        return text + "]"
    }
}
