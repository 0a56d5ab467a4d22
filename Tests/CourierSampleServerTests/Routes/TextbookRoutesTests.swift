import Courier
import CourierSecurity
import Foundation
import HTTPTypes
import Testing

@testable import CourierSampleServer

@Suite("The textbook's login, HMAC login, videos and uploads")
struct TextbookRoutesTests {
    // MARK: Login

    @Test("login: zhangsan/zhang is user 1, anything else -1, a missing field 400")
    func login() async throws {
        try await withSampleServer { server, session in
            let url = server.url("/textbook/login")
            let good = try await session.data(for: formRequest(url, [("username", "zhangsan"), ("password", "zhang")]))
            #expect(try jsonObject(good)["userId"] as? Int == 1)
            let bad = try await session.data(for: formRequest(url, [("username", "zhangsan"), ("password", "zhan")]))
            #expect(try jsonObject(bad)["userId"] as? Int == -1)
            let missing = try await session.data(for: formRequest(url, [("username", "zhangsan")]))
            #expect(missing.status == .badRequest)
        }
    }

    /// The textbook's client: hmac(hmac(password, key) + serverTime, key), key = md5("itheima") in hex.
    static func timePassword(_ password: String, serverTime: String) throws -> String {
        let key = Digester.digest("itheima", using: .md5).hex
        let hmac = try HMACAuthenticator(key: SecretKey(ascii: key), algorithm: .md5)
        let first = hmac.authenticationCode(for: password).hex
        return hmac.authenticationCode(for: first + serverTime).hex
    }

    @Test("loginhmac accepts the server minute and the previous one, not older")
    func loginHMAC() async throws {
        try await withSampleServer { server, session in
            // Start the server's clock just after a minute turned, so that the wall clock moving on while the
            // test runs (on a loaded machine) cannot turn the minute by itself.
            let intoMinute = server.state.now().timeIntervalSince1970.truncatingRemainder(dividingBy: 60)
            server.state.advanceClock(by: 60 - intoMinute + 0.5)
            let keyResponse = try await session.data(for: Request(url: server.url("/textbook/hmackey")))
            let serverTime = try #require(try jsonObject(keyResponse)["key"] as? String)
            #expect(serverTime.wholeMatch(of: /\d{4}-\d{2}-\d{2} \d{2}:\d{2}/) != nil)
            let password = try Self.timePassword("zhang", serverTime: serverTime)
            let url = server.url("/textbook/loginhmac")
            func login(_ password: String) async throws -> Int? {
                let response = try await session.data(
                    for: formRequest(url, [("username", "zhangsan"), ("password", password)]))
                return try jsonObject(response)["userId"] as? Int
            }
            #expect(try await login(password) == 1)
            #expect(try await login(try Self.timePassword("wrong", serverTime: serverTime)) == -1)
            // The minute turns between fetching the key and logging in: still accepted.
            server.state.advanceClock(by: 60)
            #expect(try await login(password) == 1)
            server.state.advanceClock(by: 60)
            #expect(try await login(password) == -1)
            #expect(try await login("zhang") == -1)
        }
    }

    @Test("videos.xml lists the videos in the textbook's shape")
    func videosXML() async throws {
        try await withSampleServer { server, session in
            let response = try await session.data(for: Request(url: server.url("/textbook/videos.xml")))
            #expect(response.status == .ok)
            #expect(response.mimeType == "text/xml")
            let text = try #require(response.text)
            #expect(text.components(separatedBy: "<video videoId=").count - 1 == 5)
            for element in ["<name>", "<length>", "<videoURL>", "<imageURL>", "<desc>", "<teacher>"] {
                #expect(text.contains(element), "\(element)")
            }
        }
    }

    // MARK: Uploads

    func upload(_ form: MultipartForm, path: String = "/textbook/upload", server: RunningSampleServer, session: Session)
        async throws -> Response
    {
        var request = Request(url: server.url(path), method: .post)
        request.body = .multipart(form)
        return try await session.data(for: request)
    }

    func files(_ response: Response) throws -> [[String: Any]] {
        try #require(try jsonObject(response)["files"] as? [[String: Any]])
    }

    func uploadsDirectory(_ server: RunningSampleServer) -> URL {
        server.configuration.dataDirectory.appendingPathComponent("uploads", isDirectory: true)
    }

    @Test("upload streams one userfile to disk and answers its name, size and sha256")
    func uploadOne() async throws {
        try await withSampleServer { server, session in
            var form = MultipartForm()
            let content = Data("hello, uploads\r\n--not a boundary\r\n".utf8)
            form.append(content, name: "userfile", filename: "hello.txt", contentType: "text/plain")
            let response = try await upload(form, server: server, session: session)
            #expect(response.status == .ok)
            let file = try #require(try files(response).first)
            #expect(file["name"] as? String == "hello.txt")
            #expect(file["size"] as? Int == content.count)
            #expect(file["sha256"] as? String == Digester.digest(content, using: .sha256).hex)
            let storedAs = try #require(file["storedAs"] as? String)
            let stored = try Data(contentsOf: uploadsDirectory(server).appendingPathComponent(storedAs))
            #expect(stored == content)
        }
    }

    @Test("upload-m takes several userfile[] parts and the status field (non-ASCII kept)")
    func uploadMany() async throws {
        try await withSampleServer { server, session in
            var form = MultipartForm()
            form.append(Data("111".utf8), name: "userfile[]", filename: "111.txt", contentType: "text/plain")
            form.append(Data("222222".utf8), name: "userfile[]", filename: "222.txt", contentType: "text/plain")
            form.append("嘚瑟", name: "status")
            let response = try await upload(form, path: "/textbook/upload-m", server: server, session: session)
            #expect(response.status == .ok)
            let uploaded = try files(response)
            #expect(uploaded.map { $0["name"] as? String } == ["111.txt", "222.txt"])
            #expect(uploaded.map { $0["size"] as? Int } == [3, 6])
            let fields = try #require(try jsonObject(response)["fields"] as? [String: Any])
            #expect(fields["status"] as? String == "嘚瑟")
        }
    }

    @Test("a multi-MiB file from disk arrives intact (parsed across many chunks)")
    func uploadLargeFile() async throws {
        try await withSampleServer { server, session in
            var bytes = [UInt8](repeating: 0, count: 3 << 20)
            var generator = SystemRandomNumberGenerator()
            for index in stride(from: 0, to: bytes.count, by: 8) {
                withUnsafeBytes(of: generator.next() as UInt64) { random in
                    for offset in 0..<8 { bytes[index + offset] = random[offset] }
                }
            }
            let content = Data(bytes)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(
                "courier-upload-\(UUID().uuidString)")
            try content.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            var form = MultipartForm()
            try form.appendFile(
                at: file, name: "userfile", filename: "random.bin", contentType: "application/octet-stream")
            let response = try await upload(form, server: server, session: session)
            #expect(response.status == .ok)
            let uploaded = try #require(try files(response).first)
            #expect(uploaded["size"] as? Int == content.count)
            #expect(uploaded["sha256"] as? String == Digester.digest(content, using: .sha256).hex)
        }
    }

    @Test(
        "file names are sanitized: no traversal, no hidden files, non-ASCII kept",
        arguments: [
            ("../../etc/passwd", "passwd"), ("..\\..\\evil.txt", "evil.txt"), (".hidden", "hidden"),
            ("报告 2015.txt", "报告 2015.txt"), ("a\"b.txt", "a\"b.txt"), ("/", "upload"), ("..", "upload"),
        ])
    func uploadSanitizesNames(_ sent: String, _ expected: String) async throws {
        try await withSampleServer { server, session in
            var form = MultipartForm()
            form.append(Data("x".utf8), name: "userfile", filename: sent, contentType: "text/plain")
            let response = try await upload(form, server: server, session: session)
            #expect(response.status == .ok)
            let file = try #require(try files(response).first)
            #expect(file["name"] as? String == expected)
            let storedAs = try #require(file["storedAs"] as? String)
            let directory = uploadsDirectory(server)
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(storedAs).path))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [storedAs])
        }
    }

    @Test("a missing userfile is a 400, and nothing is kept")
    func uploadMissingField() async throws {
        try await withSampleServer { server, session in
            var onlyStatus = MultipartForm()
            onlyStatus.append("hi", name: "status")
            let missing = try await upload(onlyStatus, server: server, session: session)
            #expect(missing.status == .badRequest)
            #expect(errorMessage(missing)?.contains("userfile") == true)

            var wrongName = MultipartForm()
            wrongName.append(Data("x".utf8), name: "file", filename: "x.txt")
            #expect(try await upload(wrongName, server: server, session: session).status == .badRequest)
            let directory = uploadsDirectory(server)
            #expect((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] == [])
        }
    }

    @Test("over the upload limit: 413 (declared or streamed), the partial file removed, the server still answers")
    func uploadOverLimit() async throws {
        try await withSampleServer(configure: { $0.uploadLimit = 64 * 1024 }) { server, session in
            var form = MultipartForm()
            form.append(Data(repeating: 0x61, count: 256 * 1024), name: "userfile", filename: "big.txt")
            let declared = try await upload(form, server: server, session: session)
            #expect(declared.status == .contentTooLarge)

            // Without Content-Length the limit is enforced while the body streams in.
            let boundary = "courier-test-boundary"
            let head = Data(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"userfile\"; filename=\"big.txt\"\r\n\r\n".utf8)
            let chunk = Data(repeating: 0x62, count: 16 * 1024)
            var request = Request(url: server.url("/textbook/upload"), method: .post)
            request.body = .stream(length: nil, contentType: "multipart/form-data; boundary=\(boundary)") {
                AsyncThrowingStream<Data, any Error> { continuation in
                    continuation.yield(head)
                    for _ in 0..<16 { continuation.yield(chunk) }
                    continuation.yield(Data("\r\n--\(boundary)--\r\n".utf8))
                    continuation.finish()
                }
            }
            let streamed = try await session.data(for: request)
            #expect(streamed.status == .contentTooLarge)
            let directory = uploadsDirectory(server)
            #expect((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] == [])

            var small = MultipartForm()
            small.append(Data("ok".utf8), name: "userfile", filename: "small.txt")
            #expect(try await upload(small, server: server, session: session).status == .ok)
        }
    }

    @Test("a body that is not multipart is 415; a truncated multipart body is 400 and leaves no file")
    func uploadMalformed() async throws {
        try await withSampleServer { server, session in
            let notMultipart = try await session.data(
                for: formRequest(server.url("/textbook/upload"), [("userfile", "x")]))
            #expect(notMultipart.status == .unsupportedMediaType)

            let truncated = Data(
                "--b\r\nContent-Disposition: form-data; name=\"userfile\"; filename=\"t.txt\"\r\n\r\nno end".utf8)
            let response = try await session.data(
                for: Request(
                    url: server.url("/textbook/upload"), method: .post,
                    body: .data(truncated, contentType: "multipart/form-data; boundary=b")))
            #expect(response.status == .badRequest)
            #expect(errorMessage(response)?.contains("malformed") == true)
            let directory = uploadsDirectory(server)
            #expect((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [] == [])
        }
    }
}
