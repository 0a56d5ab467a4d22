import ArgumentParser
import Courier
import Foundation

/// `--auth USER[:PASS]` and `--auth-type basic|digest|bearer|ntlm`.
struct AuthOptions: ParsableArguments {
    @Option(
        name: [.customShort("a"), .long],
        help: "USER[:PASS] (prompted for on a terminal when omitted); the token for bearer.")
    var auth: String?

    @Option(name: .customLong("auth-type"), help: "basic (default), digest, bearer or ntlm.")
    var authType: String = "basic"

    func validate() throws {
        guard ["basic", "digest", "bearer", "ntlm"].contains(authType) else {
            throw ValidationError("--auth-type takes basic, digest, bearer or ntlm")
        }
        if let auth, auth.isEmpty { throw ValidationError("--auth needs USER[:PASS]") }
    }

    /// Applies the credentials to the request and configuration. `--auth` on the command line is explicit
    /// permission to send Basic credentials over plain http; a one-line warning says so.
    ///
    /// - Returns: The credentials as applied (`USER:PASS` after any prompt, or the token), for a session to keep.
    @discardableResult
    func apply(to request: inout Request, configuration: inout SessionConfiguration, io: CLIIO) throws
        -> CLISessionStore.StoredAuth?
    {
        guard let auth else { return nil }
        if authType == "bearer" {
            request.headerFields[.authorization] = "Bearer " + auth
            return CLISessionStore.StoredAuth(type: authType, value: auth)
        }
        var user = auth
        var password: String
        if let colon = auth.firstIndex(of: ":") {
            user = String(auth[..<colon])
            password = String(auth[auth.index(after: colon)...])
        } else {
            guard let prompted = PasswordPrompt.readFromTerminal("password for \(user): ") else {
                throw ValidationError(
                    "--auth \(user) needs a password: write USER:PASS, or run on a terminal to be asked")
            }
            password = prompted
        }
        let credential = Credential.user(user, password: password, persistence: .forSession)
        if request.url.scheme?.lowercased() == "ftp" {
            // FTP logs in with USER and PASS: the handler finds the login in the session's credential store.
            let store = CredentialStore()
            try store.set(credential, for: ProtectionSpace(url: request.url))
            configuration.urlCredentialStorage = store
            return CLISessionStore.StoredAuth(type: authType, value: "\(user):\(password)")
        }
        let isPlainHTTP = request.url.scheme?.lowercased() == "http"
        switch authType {
        case "basic":
            if isPlainHTTP {
                configuration.allowsBasicAuthenticationOverHTTP = true
                io.writeError(
                    "courier: warning: sending Basic credentials over plain http to \(request.url.host ?? "the server")\n"
                )
            }
            // httpie's rule: --auth sends Basic credentials with the first request.
            request.headerFields[.authorization] = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        default:
            let method: AuthenticationMethod = authType == "digest" ? .httpDigest : .ntlm
            let store = CredentialStore()
            try store.set(credential, for: ProtectionSpace(url: request.url, authenticationMethod: .default))
            try store.set(credential, for: ProtectionSpace(url: request.url, authenticationMethod: method))
            configuration.urlCredentialStorage = store
        }
        return CLISessionStore.StoredAuth(type: authType, value: "\(user):\(password)")
    }
}
