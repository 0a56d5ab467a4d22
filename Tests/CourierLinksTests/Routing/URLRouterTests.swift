import CourierLinks
import CourierSecurity
import Foundation
import Testing

@Suite struct URLRouterTests {
    /// The Acme routes, with a directory of employees 1 to 3; each handler names what it did.
    static func acmeRouter(payload: LinkPayload = LinkPayload()) throws -> URLRouter<String> {
        var router = URLRouter<String>(payload: payload)
        let employees: Set<Int> = [1, 2, 3]
        try router.register(
            "acme-directory://employee/{id:int}",
            validate: { request in try employees.contains(request.parameters.int("id")) }
        ) { request in
            "directory employee \(try request.parameters.int("id")) (\(request.launch.rawValue))"
        }
        try router.register("acme-records://employee/{id:int}") { request in
            "records employee \(try request.parameters.int("id"))"
        }
        try router.register(
            "acme-records://addimage/{employeeId:int}/{data:data}",
            validate: { request in try employees.contains(request.parameters.int("employeeId")) }
        ) { request in
            "image of \(try request.parameters.data("data").count) bytes for \(try request.parameters.int("employeeId"))"
        }
        try router.register("acme-records://search/{name}") { request in
            "search \(try request.parameters.string("name"))"
        }
        return router
    }

    @Test(arguments: [
        ("acme-directory://employee/1", "directory employee 1 (alreadyRunning)"),
        ("ACME-DIRECTORY://EMPLOYEE/2", "directory employee 2 (alreadyRunning)"),
        ("acme-directory://employee/3/", "directory employee 3 (alreadyRunning)"),
        ("acme-records://employee/-7", "records employee -7"),
        ("acme-records://addimage/1/-_8", "image of 2 bytes for 1"),
        ("acme-records://addimage/2/", "unknownRoute"),
        ("acme-records://search/a%2Fb%2Bc%20d", "search a/b+c d"),
        ("acme-records://search/employee%2F5%2F", "search employee/5/"),
        ("acme-directory://employee/9", "refused"),
        ("acme-directory://employee/five", "invalidParameter"),
        ("acme-directory://employee/1234567890123456789", "invalidParameter"),
        ("acme-directory://employee/1/2", "unknownRoute"),
        ("acme-directory://employees/1", "unknownRoute"),
        ("acme-directory://employee", "unknownRoute"),
        ("acme-unknown://employee/1", "unknownRoute"),
        ("acme-records://addimage/1/+_8", "plainBase64Refused"),
        ("acme-records://addimage/1/%2B_8", "plainBase64Refused"),
        ("acme-records://addimage/1/%2F_8", "plainBase64Refused"),
        ("acme-records://addimage/1/AAA%3D", "plainBase64Refused"),
        ("acme-records://addimage/1/A", "malformedPayload"),
        ("acme-records://addimage/1/A*B", "malformedPayload"),
        ("acme-records://addimage/9/AAAA", "refused"),
        ("acme-records://addimage/1/employee/5/", "unknownRoute"),
        ("acme-directory://employee/1 2", "malformedURL"),
        ("not a url", "malformedURL"),
    ])
    func dispatchesTheRouteTable(url: String, expected: String) async throws {
        let router = try Self.acmeRouter()
        do {
            let output = try await router.dispatch(url)
            #expect(output == expected)
        } catch let error as LinkError {
            #expect(error.code.rawValue == expected, "\(url): \(error.message)")
        }
    }

    @Test func passesTheLaunchFlagSourceApplicationAndAnnotation() async throws {
        var router = URLRouter<LinkRequest>()
        try router.register("acme-directory://employee/{id:int}") { $0 }
        let launched = try await router.dispatch(
            "acme-directory://employee/1", launch: .launched, sourceApplication: "com.acme.records",
            annotation: ["reason": "companion"])
        #expect(launched.launch == .launched)
        #expect(launched.sourceApplication == "com.acme.records")
        #expect(launched.annotation == ["reason": "companion"])
        let running = try await router.dispatch("acme-directory://employee/1")
        #expect(running.launch == .alreadyRunning)
        #expect(running.sourceApplication == nil)
    }

    @Test func refusesANilURLAsTheBookDoes() async throws {
        let router = try Self.acmeRouter()
        let missing: URL? = nil
        await #expect { try await router.dispatch(missing) } throws: { ($0 as? LinkError)?.code == .refused }
        #expect(await router.canHandle(missing) == false)
    }

    @Test func canHandleRunsValidationWithoutTheHandler() async throws {
        let router = try Self.acmeRouter()
        #expect(await router.canHandle("acme-directory://employee/1"))
        #expect(await router.canHandle(URL(string: "acme-directory://employee/2")))
        #expect(await router.canHandle("acme-directory://employee/4") == false)
        #expect(await router.canHandle("acme-directory://nothing") == false)
    }

    @Test func aValidatorsOwnErrorBecomesTheRefusalMessage() async throws {
        var router = URLRouter<Int>()
        try router.register(
            "x-app://item/{id:int}",
            validate: { _ in throw LinkError(.invalidParameter, "item 7 is archived") }
        ) { _ in 1 }
        await #expect {
            try await router.dispatch("x-app://item/7")
        } throws: { error in
            let linkError = error as? LinkError
            return linkError?.code == .refused && linkError?.message.contains("item 7 is archived") == true
        }
    }

    @Test func imageDataWithPlusAndSlashSurvivesAsBase64URL() async throws {
        // 0xFB 0xFF encode to "+/8" in plain base64 and "-_8" in base64url.
        let image = Data([0xFB, 0xFF, 0xFE, 0x00, 0x10, 0x83]) + Data("employee/5/".utf8)
        #expect(Base64.encode(image).contains("+") && Base64.encode(image).contains("/"))
        let segment = try LinkPayload().encode(data: image)
        var router = URLRouter<Data>()
        try router.register("acme-records://addimage/{employeeId:int}/{data:data}") { request in
            try request.parameters.data("data")
        }
        let received = try await router.dispatch("acme-records://addimage/1/\(segment)")
        #expect(received == image)
    }

    @Test func dataParametersObeyThePayloadLimit() async throws {
        let router = try Self.acmeRouter(payload: LinkPayload(maximumSize: 3))
        #expect(try await router.dispatch("acme-records://addimage/1/AAAA") == "image of 3 bytes for 1")
        await #expect {
            try await router.dispatch("acme-records://addimage/1/AAAAAA")
        } throws: { ($0 as? LinkError)?.code == .payloadTooLarge }
    }

    @Test func refusesURLsOverTheRoutersLengthLimit() async throws {
        var router = try Self.acmeRouter()
        router.maximumURLLength = 40
        await #expect {
            try await router.dispatch("acme-records://addimage/1/" + String(repeating: "A", count: 40))
        } throws: { ($0 as? LinkError)?.code == .malformedURL }
    }

    @Test(arguments: [
        "acme-directory:/employee", "acme-directory://", "acme directory://x", "acme-directory://x/{id:float}",
        "acme-directory://x/{}", "acme-directory://x/a{id}", "acme-directory://x/{id}/{id:int}",
        "acme-directory://{host}/x", "acme-directory://x//y",
    ])
    func refusesBadPatterns(pattern: String) {
        #expect { try RoutePattern(pattern) } throws: { ($0 as? LinkError)?.code == .invalidRoute }
    }

    @Test func refusesDuplicateRoutesAndDescribesPatterns() throws {
        var router = URLRouter<Int>()
        try router.register("acme-records://addimage/{employeeId:int}/{data:base64url}") { _ in 1 }
        #expect(throws: LinkError.self) {
            try router.register("ACME-RECORDS://addimage/{employeeId:int}/{data:data}") { _ in 2 }
        }
        #expect(router.patterns.map(\.description) == ["acme-records://addimage/{employeeId:int}/{data:data}"])
        #expect(router.schemes == [try URLScheme("acme-records")])
    }

    @Test func errorMessagesStayOneShortLine() async throws {
        let router = try Self.acmeRouter()
        let long = "acme-records://fire%0Aworks/" + String(repeating: "A", count: 100_000)
        do {
            _ = try await router.dispatch(long)
            Issue.record("a URL without a route was dispatched")
        } catch let error as LinkError {
            #expect(error.code == .unknownRoute)
            #expect(!error.message.contains("\n"))
            #expect(error.message.count < 400)
        }
    }

    @Test func survivesRandomInputWithATypedError() async throws {
        let router = try Self.acmeRouter()
        var generator = SplitMix64(seed: 0x5EED)
        let alphabet = Array("acme-rds:/%+=?#&employeIMAG0123456789 _~\u{7f}é{}".unicodeScalars)
        for _ in 0..<500 {
            let length = Int(generator.next() % 60)
            var text = ""
            for _ in 0..<length {
                text.unicodeScalars.append(alphabet[Int(generator.next() % UInt64(alphabet.count))])
            }
            do {
                _ = try await router.dispatch(text)
            } catch {
                #expect(error is LinkError, "\(text): \(error)")
            }
        }
    }
}
