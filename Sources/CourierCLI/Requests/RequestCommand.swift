import ArgumentParser
import Courier
import CourierFTP
import Foundation
import HTTPTypes

/// `courier [METHOD] URL [ITEM ...]`: one request, printed httpie-style.
struct RequestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "request",
        abstract: "Send a request and print the response (the default command).",
        discussion: """
            ITEMs, as in httpie:
              Header:Value   a request header (Header: sends none, removing a default)
              Header;        a request header with an empty value
              name==value    a query parameter
              field=value    a JSON string field (a form field with --form)
              field:=json    a raw JSON value (numbers, booleans, arrays, objects)
              field=@file    a string field read from a file
              field:=@file   a raw JSON value read from a file
              field@file     a file sent as multipart/form-data (;type=MIME sets its type)
              @file          the raw request body from a file
              -              the raw request body from standard input
            A file that cannot be read is a usage error (exit 2).
            Field names nest JSON as in httpie 3: user[name]=ann user[roles][]=admin []:=1 a[0]=x.
            Piped standard input is the body when no other body is given (--ignore-stdin turns that off).

            METHOD defaults to GET, or POST when there are data items.
            URL shorthands: :8080/path means http://localhost:8080/path; \
            a URL without a scheme gets http:// (https:// with --https).
            ftp:// URLs work too: a file is printed, a path ending in / prints the directory's listing \
            (formatted on a terminal or with --pretty format, as the server sent it otherwise), and -a USER:PASS \
            or ftp://user:pass@host/ logs in (anonymous otherwise).

            Examples:
              courier https://example.com/
              courier POST :8080/items name=pen price:=1.5 tags:='["a","b"]' X-Trace:1
              courier --print=HBhb --follow example.com/redirect
              courier --offline --curl PUT :8080/items/1 name=ink
              courier --proxy http://127.0.0.1:3128 --timeout 5 example.com
              courier --check-status --follow --max-redirects 3 :8080/old
              courier -d :8080/files/report.pdf
              courier ftp://ftp.example.org/pub/
              courier --all --follow -v :8080/old

            Exit status: 0 success, 1 transport and other errors, 2 usage errors and timeouts, 3/4/5 for a \
            3xx/4xx/5xx answer with --check-status, 6 too many redirects, 130 Ctrl-C.
            """
    )

    @Argument(help: "[METHOD] URL [ITEM ...]")
    var words: [String] = []

    @Option(
        name: [.customLong("print"), .customShort("p")],
        help: "What to print: H request headers, B request body, h response headers, b response body, m metrics.")
    var printSpec: String?

    @Flag(name: [.customShort("v"), .long], help: "Print the request too (HBhb) and note redirects.")
    var verbose = false

    @Option(help: "all, colors, format or none (default: all on a terminal, none when piped).")
    var pretty: String?

    @Flag(
        name: [.customShort("S"), .long],
        help:
            "Write the body as it arrives, without waiting for the end (always so when piped); event streams and JSON Lines come out line by line, each line formatted."
    )
    var stream = false

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp(
            "Write what would go to standard output into FILE (the body alone, unformatted, as when piped).",
            valueName: "FILE"))
    var output: String?

    @Flag(
        name: [.customShort("d"), .long],
        help:
            "Save the body to a file, as httpie's --download: named by -o, or from the server's Content-Disposition or the URL (a -1, -2… suffix keeps an existing file), with a progress line on standard error; redirects are followed."
    )
    var download = false

    @Flag(
        name: [.customShort("c"), .customLong("continue")],
        help: "With --download: continue a partial download of the same URL left in FILE.part (Range + If-Range).")
    var continuePartial = false

    @Flag(
        help: "With --download: replace an existing file of the name taken from the URL or Content-Disposition.")
    var overwrite = false

    @Flag(help: "Print every exchange, redirects and challenges included, not only the last (httpie's --all).")
    var all = false

    @Option(
        help: ArgumentHelp(
            "Send TEXT as the request body, verbatim (httpie's --raw); data items, @file and - cannot be added, and piped input is not read.",
            valueName: "TEXT"))
    var raw: String?

    @Flag(help: "Send the request body with Transfer-Encoding: chunked, without a Content-Length.")
    var chunked = false

    @Flag(
        name: .customLong("path-as-is"),
        help: "Send the URL's path as written; by default . and .. segments are resolved, as curl and httpie do.")
    var pathAsIs = false

    @Flag(
        name: [.customShort("q"), .long],
        help: "Print nothing on standard output; errors and warnings still go to standard error.")
    var quiet = false

    @Flag(name: [.customShort("F"), .long], help: "Follow redirects.")
    var follow = false

    // `.unconditional` here and on --timeout and --max-time: a negative number is read as the value, so the
    // message says what is wrong with it instead of "Missing value".
    @Option(
        name: .customLong("max-redirects"), parsing: .unconditional,
        help: "The most redirects --follow follows (default 30).")
    var maxRedirects: Int = 30

    @Option(parsing: .unconditional, help: "The idle timeout in seconds (default 30; 0 for none).")
    var timeout: Double?

    @Option(
        name: .customLong("max-time"), parsing: .unconditional,
        help:
            "The longest the whole exchange may take, in seconds, redirects and body included (curl's -m; 0 for none)."
    )
    var maxTime: Double?

    @Option(
        help: ArgumentHelp(
            "An HTTP proxy (http://[user:pass@]host:port, reached with CONNECT tunnels), socks5://host:port, or none (default: the http_proxy/https_proxy/no_proxy environment).",
            valueName: "URL"))
    var proxy: String?

    @Flag var answer: PromptAnswer?

    @OptionGroup var retryOptions: RetryOptions

    @Flag(name: [.customShort("j"), .long], help: "Send data items as JSON (the default).")
    var json = false

    @Flag(
        name: [.customShort("f"), .long],
        help: "Send data items as application/x-www-form-urlencoded (multipart/form-data with file fields).")
    var form = false

    @Flag(
        name: .customLong("ignore-stdin"),
        help: "Do not read standard input (which, piped, is otherwise the body when no other body is given).")
    var ignoreStdin = false

    @Flag(help: "Use https:// for URLs without a scheme.")
    var https = false

    @Flag(help: "Build and print the request without sending it.")
    var offline = false

    @Flag(help: "Print the equivalent curl command (secrets redacted) and do not send.")
    var curl = false

    @Option(help: "Record everything sent and received as a HAR 1.2 file.")
    var har: String?

    @Flag(name: .customLong("check-status"), help: "Exit 3, 4 or 5 for a 3xx, 4xx or 5xx response.")
    var checkStatus = false

    @Option(
        help:
            "A session NAME (kept per host under $XDG_CONFIG_HOME/courier/sessions) or a session file PATH (e.g. ./s.json) that keeps headers, credentials, cookies and a cache between runs; credentials only go to the session's host."
    )
    var session: String?

    @OptionGroup var cacheOptions: CacheOptions
    @OptionGroup var authOptions: AuthOptions
    @OptionGroup var tlsOptions: TLSOptions

    func validate() throws {
        if json && form { throw ValidationError("--json and --form cannot be used together") }
        if let printSpec, printSpec.isEmpty || !printSpec.allSatisfy({ "HBhbm".contains($0) }) {
            throw ValidationError("--print takes letters from HBhbm, e.g. --print=hb")
        }
        if let pretty, !["all", "colors", "format", "none"].contains(pretty) {
            throw ValidationError("--pretty takes all, colors, format or none")
        }
        if let timeout, !(timeout >= 0) {
            throw ValidationError("--timeout must be 0 or more (0: no idle timeout), not \(Self.format(timeout))")
        }
        if let maxTime, !(maxTime >= 0) {
            throw ValidationError("--max-time must be 0 or more (0: no overall limit), not \(Self.format(maxTime))")
        }
        if maxRedirects < 0 { throw ValidationError("--max-redirects must be 0 or more, not \(maxRedirects)") }
        if let proxy { _ = try ProxyOption.configuration(for: proxy) }
        if continuePartial && !download { throw ValidationError("--continue goes with --download (-d)") }
        if overwrite && !download { throw ValidationError("--overwrite goes with --download (-d)") }
        if download && output?.isEmpty == true { throw ValidationError("-o needs a file or directory name") }
    }

    /// `-1`, `0.5`: a number as the user would have written it.
    static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    func run() async throws {
        // Checked here rather than in validate(), which swift-argument-parser runs before it reports an
        // unknown option: `courier --bogus` should name --bogus, not the missing URL.
        if words.isEmpty { throw ValidationError("a URL is required, e.g. courier https://example.com/") }
        // With --download, -o names the downloaded file, not where standard output goes.
        let io = try output.flatMap { download ? nil : try CLIIO.current.writingOutput(toFile: $0) } ?? CLIIO.current
        InterruptExit.install()
        let (method, urlText, itemTexts) = try splitWords()
        let items: [RequestItem]
        do {
            items = try itemTexts.map(RequestItem.parse)
        } catch {
            throw ValidationError("\(error)")
        }
        let built = try buildRequest(method: method, urlText: urlText, items: items, io: io)
        var request = built.request
        // --curl describes the body as it is and adds curl's own header for chunking.
        if chunked && !curl { request.body = request.body.withUndeclaredLength }
        let formParts = built.formParts

        var configuration = SessionConfiguration.ephemeral
        configuration.protocolHandlers.append(FTPProtocolHandler())
        if !built.emptyHeaders.isEmpty {
            configuration.networkInterceptors.append(RequestAdapter { built.withEmptyHeaders($0) })
        }
        configuration.userAgent = Self.userAgent
        // httpie's --download follows redirects: the file wanted is at the end of them.
        configuration.redirectPolicy = follow || download ? .follow(maximum: maxRedirects) : .none
        retryOptions.apply(to: &configuration, verbose: verbose, io: io)
        // 0 turns a limit off, as in httpie (--timeout) and curl (--max-time).
        if let timeout { configuration.timeoutIntervalForRequest = timeout == 0 ? .infinity : timeout }
        if let maxTime { configuration.timeoutIntervalForResource = maxTime == 0 ? .infinity : maxTime }
        if let proxy { configuration.proxy = try ProxyOption.configuration(for: proxy) }
        var store: CLISessionStore?
        if let session {
            let opened = try CLISessionStore(argument: session, url: request.url, environment: io.environment)
            store = opened
            if !opened.isOwnHost, opened.auth != nil || opened.headers.count != opened.headersForThisHost.count {
                io.writeError(
                    "courier: note: the session \(opened.file.path) belongs to \(opened.boundHost.isEmpty ? "no host" : opened.boundHost); its credentials are not sent to \(opened.host)\n"
                )
            }
            for field in opened.headersForThisHost where request.headerFields[field.name] == nil {
                request.headerFields.append(field)
            }
        }
        try store?.save(adding: request.headerFields)
        let cookieJar = store?.loadCookies(into: &configuration, io: io)
        defer { store?.saveCookies(cookieJar, io: io) }
        cacheOptions.apply(to: &configuration, request: &request, sessionCache: store?.cacheDirectory)
        var effectiveAuth = authOptions
        if effectiveAuth.auth == nil, let stored = store?.authForThisHost {
            effectiveAuth.auth = stored.value
            effectiveAuth.authType = stored.type
        }
        if let applied = try effectiveAuth.apply(to: &request, configuration: &configuration, io: io),
            applied != store?.auth
        {
            try store?.save(adding: [:], auth: applied)
        }
        try tlsOptions.apply(to: &configuration)
        let harRecorder = har.map { _ in HARRecorder() }
        if let harRecorder { configuration.eventMonitors.append(harRecorder) }
        let wire = WireRecorder(keepsRedirectBodies: all)
        configuration.networkInterceptors.append(wire)
        let parts = printParts(io: io)
        let exchange = ExchangeRecorder()
        // Watching a task costs a copy of each body chunk; only pay it when the output needs what it learns.
        if verbose || store != nil || !parts.isDisjoint(with: "HBm") {
            configuration.eventMonitors.append(exchange)
        }
        let courierSession = Session(configuration: configuration)
        defer { Task { await courierSession.finishTasksAndInvalidate() } }

        let style = prettyStyle(io: io)
        let form = built.multipart.map { multipart in
            ResponsePrinter.FormSummary(
                form: multipart,
                fieldValues: (built.formParts ?? []).map { part in
                    if case .field(_, let value) = part { value } else { nil }
                })
        }
        let printer = ResponsePrinter(parts: parts, style: style, io: io, form: form)

        if curl {
            let extras = CurlCommand.extras(for: self, auth: effectiveAuth)
            io.writeOut(
                CurlCommand.describe(
                    built.withEmptyHeaders(try courierSession.prepare(request)), formParts: formParts, extras: extras)
                    + "\n")
            return
        }
        if offline {
            printer.printRequest(built.withEmptyHeaders(try courierSession.prepare(request)), force: true)
            return
        }

        if download {
            try await save(request, in: courierSession, wire: wire, io: io)
            if let harRecorder, let har { try harRecorder.write(to: URL(fileURLWithPath: har)) }
            return
        }

        let prompt = Prompt(answer: answer, io: io)
        var questionsAsked = 0
        var head: Response
        while true {
            do {
                head = try await courierSession.bytes(for: request)
                break
            } catch let error as CourierError
                where error.code == .userAuthenticationRequired && effectiveAuth.auth != nil
                && [401, 407].contains(error.response?.status.code)
            {
                // The server turned down the credentials given (a wrong Digest password): its last answer is
                // the response, as httpie shows it, and --check-status exits 4.
                head = error.response ?? Response(status: .unauthorized, url: request.url)
                if verbose { printer.printNote(ErrorLine.oneLine(error.message)) }
                break
            } catch let error as CourierError {
                if questionsAsked < Prompt.maximumQuestions, Self.isWorthRetrying(error, method: request.method),
                    prompt.confirm("\(ErrorLine.oneLine(error.description)) — retry?")
                {
                    questionsAsked += 1
                    continue
                }
                if let harRecorder, let har { try? harRecorder.write(to: URL(fileURLWithPath: har)) }
                throw MaxTime.explain(error, maxTime: maxTime)
            }
        }
        let output = ResponseOutput(
            printer: printer, recorder: exchange, streams: stream || !(style.format || style.colors),
            formatsLines: stream, verbose: verbose, notesCacheHits: store != nil && io.isOutputTerminal, wire: wire,
            printsAllExchanges: all)
        let response: Response
        do {
            response = try await output.print(head)
        } catch let error as CourierError {
            if let harRecorder, let har { try? harRecorder.write(to: URL(fileURLWithPath: har)) }
            throw MaxTime.explain(error, maxTime: maxTime)
        }
        if let harRecorder, let har {
            try harRecorder.write(to: URL(fileURLWithPath: har))
        }

        if checkStatus {
            let code = response.status.code
            let status: Int32? =
                switch code {
                case 300..<400: follow ? nil : CourierCLI.ExitStatus.redirect3xx
                case 400..<500: CourierCLI.ExitStatus.clientError4xx
                case 500..<600: CourierCLI.ExitStatus.serverError5xx
                default: nil
                }
            if let status {
                io.writeError("courier: warning: HTTP \(code) \(response.status.reasonPhrase)\n")
                throw CLIExit(status: status)
            }
        }
    }

    /// `--download`: the body saved to a file (see ``FileDownload``), the request sent as the items built it.
    /// The response head goes to standard error as it arrives (as httpie's `--download` shows it), unless
    /// `--quiet`; standard output stays empty.
    func save(_ request: Request, in session: Session, wire: WireRecorder, io: CLIIO) async throws {
        var errorIO = io
        errorIO.writeOut = io.writeError
        errorIO.writeOutData = { io.writeError(String(decoding: $0, as: UTF8.self)) }
        errorIO.isOutputTerminal = io.isErrorTerminal
        let colors = io.isErrorTerminal && pretty.map { ["all", "colors"].contains($0) } != false
        let headPrinter = ResponsePrinter(
            parts: quiet ? [] : ["h"], style: ResponsePrinter.Style(format: false, colors: colors), io: errorIO)
        let onHead: @Sendable (Response) -> Void = { head in
            guard !headPrinter.parts.isEmpty else { return }
            headPrinter.printResponseHead(head, wire: wire.exchange(for: head))
            io.writeError("\n")
        }
        let chosen = try FileDownload.choose(
            output: output, for: request.url, continuing: continuePartial, overwrite: overwrite)
        let resumeData =
            continuePartial ? FileDownload.partialDownload(at: chosen.destination, of: request.url, io: io) : nil
        let task = session.makeDownloadTask(with: request, to: chosen.destination, resumingFrom: resumeData)
        do {
            _ = try await chosen.run(task, session: session, keptBytes: 0, io: io, onHead: onHead)
        } catch let error as CourierError {
            throw MaxTime.explain(error, maxTime: maxTime)
        }
    }

    /// Whether a failure is the lost-connectivity kind the retry question is about: the server could not
    /// be reached or the connection broke, and sending again cannot act twice (nothing reached the server,
    /// or the method is idempotent).
    static func isWorthRetrying(_ error: CourierError, method: HTTPRequest.Method) -> Bool {
        guard RetryPolicy.isConnectivityFailure(error) else { return false }
        let idempotent = RetryPolicy.default.idempotentMethods
        return !error.isAmbiguous || idempotent.contains(method)
    }

    /// `courier/<version>`, as httpie sends `HTTPie/<version>`: no operating system or kernel version.
    static let userAgent = "courier/\(CourierVersion.string)"

    // MARK: Parsing

    static let knownMethods: Set<String> = [
        "GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT",
    ]

    func splitWords() throws -> (String?, String, [String]) {
        var remaining = words
        var method: String?
        if remaining.count >= 2, let first = remaining.first, first.allSatisfy({ $0.isASCII && $0.isLetter }),
            Self.knownMethods.contains(first.uppercased()) || first == first.uppercased()
        {
            method = first.uppercased()
            remaining.removeFirst()
        }
        let url = remaining.removeFirst()
        return (method, url, remaining)
    }

    func resolveURL(_ text: String) throws -> URL {
        let url = try Self.completedURL(text, https: https, pathAsIs: pathAsIs)
        if let scheme = url.scheme?.lowercased(), !Self.supportedSchemes.contains(scheme) {
            throw ValidationError(
                "unsupported scheme '\(scheme)' in \(text); courier speaks http://, https://, ftp://, data: and file: URLs"
            )
        }
        return url
    }

    static let supportedSchemes: Set<String> = ["http", "https", "ftp", "data", "file"]

    /// The URL of ``completeURLText(_:https:)``, with its `.` and `..` segments resolved (for http and https)
    /// unless `pathAsIs`; `courier download` completes its URL the same way.
    static func completedURL(_ text: String, https: Bool, pathAsIs: Bool) throws -> URL {
        let url = try Request(completeURLText(text, https: https)).url
        guard !pathAsIs, ["http", "https"].contains(url.scheme?.lowercased()) else { return url }
        return DotSegments.removing(from: url)
    }

    /// The URL as written, completed as httpie does: `:8080/path` and `:/path` mean localhost, a URL without a
    /// scheme gets `http://` (`https://` with `https`), and spaces are percent-encoded (curl and httpie send
    /// `a b` as `a%20b`), except in a `data:` URL, whose text is taken as it is.
    static func completeURLText(_ text: String, https: Bool) -> String {
        var string = text
        if string.hasPrefix(":") {
            let rest = string.dropFirst()
            string = rest.hasPrefix("/") ? "localhost" + rest : "localhost:" + rest
        }
        if !startsWithSchemeAndSlashes(string) && !hasScheme(string) {
            string = (https ? "https://" : "http://") + string
        }
        if string.lowercased().hasPrefix("data:") { return string }
        return string.replacingOccurrences(of: " ", with: "%20")
    }

    /// `http://…`, `ftp://…`: a scheme and `://` at the very start. A `://` further on, in a query
    /// (`127.0.0.1:8080/anything?x=http://a`), does not make one.
    static func startsWithSchemeAndSlashes(_ string: String) -> Bool {
        guard let separator = string.range(of: "://") else { return false }
        let scheme = string[..<separator.lowerBound]
        guard let first = scheme.first, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
    }

    /// `data:…`, `mailto:…` have a scheme; `localhost:8080/x` does not (digits after the colon are a port).
    static func hasScheme(_ string: String) -> Bool {
        guard let colon = string.firstIndex(of: ":") else { return false }
        let scheme = string[..<colon]
        guard let first = scheme.first, first.isLetter,
            scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
        else { return false }
        let rest = string[string.index(after: colon)...]
        let port = rest.prefix { $0.isNumber }
        return port.isEmpty
    }

    /// The request the items describe, and the parts of its multipart form when it has one (for `--curl`).
    struct BuiltRequest {
        var request: Request
        var formParts: [CurlCommand.FormPart]?
        /// The multipart form of the body, when it has one (for what -v and --offline show of it).
        var multipart: MultipartForm?
        /// `Header;` items. The library reads an empty value as "send none" (what `Header:` means), so these
        /// are added back just before the network, and to what `--offline` and `--curl` show.
        var emptyHeaders: [HTTPField] = []

        /// The prepared request with the empty headers in it.
        func withEmptyHeaders(_ prepared: Request) -> Request {
            var request = prepared
            request.headerFields.append(contentsOf: emptyHeaders)
            return request
        }
    }

    func buildRequest(method: String?, urlText: String, items: [RequestItem], io: CLIIO) throws -> BuiltRequest {
        var url = try resolveURL(urlText)
        let queries = items.compactMap { item -> (String, String?)? in
            if case .query(let name, let value) = item { return (name, value) }
            return nil
        }
        url = url.appendingQuery(queries)
        // httpie's rule: piped standard input is the body when no other body is given (unless --ignore-stdin);
        // empty input (/dev/null, a closed pipe) is no body at all and leaves the method GET.
        let givesOtherData = items.contains { $0.isDataItem && $0 != .rawBodyStandardInput }
        let namesStandardInput = items.contains(.rawBodyStandardInput)
        var standardInput: Data?
        if namesStandardInput || (!ignoreStdin && raw == nil && !io.isInputTerminal && !givesOtherData) {
            let input = io.readStandardInput()
            if !input.isEmpty { standardInput = input }
        }
        let hasData = givesOtherData || standardInput != nil || raw != nil
        let methodName = method ?? (hasData ? "POST" : "GET")
        guard let httpMethod = HTTPRequest.Method(methodName) else {
            throw ValidationError("'\(methodName)' is not an HTTP method")
        }
        var request = Request(url: url, method: httpMethod)

        // A repeated header item (`X-A:1 X-A:2`, `Cookie:a=1 Cookie:b=2`) sends every value, as httpie does; the
        // first one replaces a default of the same name.
        var givenHeaders: Set<String> = []
        var emptyHeaders: [HTTPField] = []
        for item in items {
            if case .emptyHeader(let name) = item {
                guard let fieldName = HTTPField.Name(name) else {
                    throw ValidationError("'\(name);' is not a valid header name")
                }
                // An empty value also keeps a default of that name (User-Agent;) from being sent.
                request.headerFields.append(HTTPField(name: fieldName, value: ""))
                emptyHeaders.append(HTTPField(name: fieldName, value: ""))
            }
            if case .header(let name, let value) = item {
                do {
                    if givenHeaders.insert(name.lowercased()).inserted || value.isEmpty {
                        try request.setValue(value, forHTTPHeaderField: name)
                    } else {
                        try request.addField(value, forHTTPHeaderField: name)
                    }
                } catch let error as CourierError {
                    throw ValidationError(error.message)
                }
            }
        }

        var fields: [(String, String)] = []  // name, JSON text (or plain text for forms)
        var formFields: [(String, String)] = []
        // File fields make the body multipart/form-data, with every data field as a part, in order.
        var multipart: MultipartForm?
        var formParts: [CurlCommand.FormPart] = []
        if items.contains(where: { if case .file = $0 { true } else { false } }) { multipart = try makeForm() }
        let sendsForm = form || multipart != nil
        for item in items {
            switch item {
            case .dataField(let name, let value):
                fields.append((name, JSONText.quote(value)))
                formFields.append((name, value))
                multipart?.append(value, name: name)
                formParts.append(.field(name: name, value: value))
            case .dataFieldFromFile(let name, let path):
                let text = try readText(path, item: "\(name)=@\(path)")
                fields.append((name, JSONText.quote(text)))
                formFields.append((name, text))
                multipart?.append(text, name: name)
                formParts.append(.field(name: name, value: text))
            case .jsonField(let name, let json):
                guard JSONText.isValid(json) else {
                    throw ValidationError(
                        "'\(name):=\(json)' is not valid JSON; quote a string (\(name):='\"…\"') or send it as \(name)=\(json)"
                    )
                }
                if sendsForm { throw ValidationError("'\(name):=…' needs JSON; it cannot be sent in a form") }
                fields.append((name, json))
            case .jsonFieldFromFile(let name, let path):
                let json = try readText(path, item: "\(name):=@\(path)")
                guard JSONText.isValid(json) else {
                    throw ValidationError("'\(name):=@\(path)': the file does not contain valid JSON")
                }
                if sendsForm { throw ValidationError("'\(name):=@…' needs JSON; it cannot be sent in a form") }
                fields.append((name, json))
            case .file(let name, let path):
                formParts.append(try addFile(name: name, path: path, to: &multipart))
            case .rawBodyFile(let path):
                let expanded = (path as NSString).expandingTildeInPath
                try Self.checkReadableFile(expanded, item: "@" + path)
                request.body = .file(URL(fileURLWithPath: expanded))
            case .rawBodyStandardInput:
                if let standardInput { request.body = .data(standardInput, contentType: nil) }
            case .header, .emptyHeader, .query:
                break
            }
        }
        if !namesStandardInput, !givesOtherData, let standardInput {
            request.body = .data(standardInput, contentType: nil)
        }
        if let raw {
            if givesOtherData || namesStandardInput {
                throw ValidationError("--raw is the whole body; it cannot be combined with data items, files or -")
            }
            request.body = .data(Data(raw.utf8), contentType: nil)
        }
        if let multipart {
            if !request.body.isEmpty {
                throw ValidationError("file fields cannot be combined with a raw body (@file or -)")
            }
            request.body = .multipart(multipart)
        } else if !fields.isEmpty {
            if !request.body.isEmpty {
                throw ValidationError("data fields cannot be combined with a raw body (@file or -)")
            }
            if form {
                request.body = .form(formFields)
            } else {
                let members = fields.map { (name: $0.0, json: $0.1) }
                let body: NestedJSON
                do {
                    body = try NestedJSON.build(members)
                } catch let error as NestedJSON.PathError {
                    throw ValidationError(error.description)
                }
                request.body = .data(Data(body.text.utf8), contentType: "application/json")
            }
        }
        if !sendsForm, request.headerFields[.accept] == nil, json || !fields.isEmpty {
            request.headerFields[.accept] = "application/json, */*;q=0.5"
        }
        if json, fields.isEmpty, request.headerFields[.contentType] == nil, !request.body.isEmpty {
            request.headerFields[.contentType] = "application/json"
        }
        return BuiltRequest(
            request: request, formParts: multipart == nil ? nil : formParts, multipart: multipart,
            emptyHeaders: emptyHeaders)
    }

    /// Refuses a path that is missing, a directory or unreadable, naming the item.
    static func checkReadableFile(_ path: String, item: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ValidationError("'\(item)': the file \(path) does not exist")
        }
        guard !isDirectory.boolValue else { throw ValidationError("'\(item)': \(path) is a directory, not a file") }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw ValidationError("'\(item)': no permission to read \(path)")
        }
    }

    /// The multipart form for file fields; refused with `--json`.
    func makeForm() throws -> MultipartForm {
        if json { throw ValidationError("file fields (field@file) are sent as multipart/form-data, not with --json") }
        return MultipartForm()
    }

    /// Adds `field@path` (or httpie's `field@path;type=MIME`) as a file part, streamed from disk when sent.
    func addFile(name: String, path: String, to multipart: inout MultipartForm?) throws -> CurlCommand.FormPart {
        var path = path
        var contentType: String?
        if let range = path.range(of: ";type=", options: .backwards) {
            contentType = String(path[range.upperBound...])
            path = String(path[..<range.lowerBound])
        }
        let expanded = (path as NSString).expandingTildeInPath
        let file = URL(fileURLWithPath: expanded)
        do {
            try multipart?.appendFile(at: file, name: name, contentType: contentType)
        } catch let error as CourierError {
            throw ValidationError("'\(name)@\(path)': \(error.message)")
        }
        let sentType = contentType ?? MIMEType.guess(forPathExtension: file.pathExtension)
        return .file(name: name, path: expanded, contentType: sentType)
    }

    /// The text of the file an `=@` or `:=@` item names; errors name the whole item, field included.
    func readText(_ path: String, item: String) throws -> String {
        let expanded = (path as NSString).expandingTildeInPath
        try Self.checkReadableFile(expanded, item: item)
        guard let data = FileManager.default.contents(atPath: expanded),
            let text = String(data: data, encoding: .utf8)
        else {
            throw ValidationError("'\(item)': cannot read \(path) as UTF-8 text")
        }
        return text
    }

    // MARK: Output choices

    func printParts(io: CLIIO) -> Set<Character> {
        if quiet { return [] }
        if let printSpec { return Set(printSpec) }
        if verbose { return Set("HBhb") }
        if offline { return Set("HB") }
        return io.isOutputTerminal ? Set("hb") : Set("b")
    }

    func prettyStyle(io: CLIIO) -> ResponsePrinter.Style {
        switch pretty ?? (io.isOutputTerminal ? "all" : "none") {
        case "all": return ResponsePrinter.Style(format: true, colors: true)
        case "colors": return ResponsePrinter.Style(format: false, colors: true)
        case "format": return ResponsePrinter.Style(format: true, colors: false)
        default: return ResponsePrinter.Style(format: false, colors: false)
        }
    }
}
