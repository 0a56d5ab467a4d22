import CourierCertificates
import CourierSecurity
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

import enum Courier.JSONValue

/// Chapter 6, the Mobile Banking service: Basic login that can register the device (issuing a PKCS#12
/// client identity), the sealed accounts list and the sealed transfer request; and the authentication
/// endpoints `/auth/basic`, `/auth/digest/{qop}/{algorithm}` and `/auth/clientcert`.
enum BankingRoutes {
    static let realm = "Courier Sample Bank"

    /// One account of the accounts list.
    struct Account: Codable, Sendable {
        var accountNumber: String
        var name: String
        var balance: Decimal
    }

    /// The transfer's amount as the MAC writes it (`2300.00`).
    static let amountField = MessageAuthenticator(fields: [.amount("amount")])
    /// The transfer's date as the MAC writes it (`yyyy-MM-dd HH:mm:ss`).
    static let dateField = MessageAuthenticator(fields: [.timestamp("transferDate")])

    /// Every user sees the same two accounts of the book's transfer example.
    static let accounts: [Account] = [
        Account(accountNumber: "4321", name: "Checking", balance: Decimal(string: "5230.17")!),
        Account(accountNumber: "1234", name: "Savings", balance: Decimal(string: "12000.00")!),
    ]

    static func register(on router: Router<SampleRoutes.Context>, state: SampleServerState) {
        router.post("/banking/authenticate") { request, _ -> Response in
            try await self.authenticate(request, state: state)
        }
        router.get("/banking/accounts") { request, _ -> Response in
            _ = try HTTPAuthentication.requireBasicUser(request, users: state.configuration.users, realm: self.realm)
            let sealer = try self.sealer(state: state, macMode: .plaintext)
            let envelope = try sealer.seal(["accounts": self.accounts])
            return SampleHTTP.bytes(
                ByteBuffer(bytes: envelope.jsonData()), contentType: "application/json; charset=utf-8")
        }
        router.post("/banking/transfer") { request, _ -> Response in
            let user = try HTTPAuthentication.requireBasicUser(
                request, users: state.configuration.users, realm: self.realm)
            let body = try await SampleHTTP.bodyData(request, limit: state.configuration.bodyLimit)
            let sealer = try self.sealer(state: state, macMode: .fields(.transferRequest))
            // Every way the message can fail to open is the same answer: no padding or MAC oracle.
            guard let plaintext = try? sealer.open(jsonData: body),
                let object = try? JSONSerialization.jsonObject(with: plaintext) as? [String: Any],
                let toAccount = object["toAccount"] as? String, let fromAccount = object["fromAccount"] as? String,
                let amount = try? self.amountField.candidate(forJSON: plaintext),
                let transferDate = try? self.dateField.candidate(forJSON: plaintext)
            else {
                throw SampleError.badRequest("Message Integrity Error")
            }
            // The message is authentic; what it asks for may still be refused.
            guard let value = Decimal(string: amount, locale: Locale(identifier: "en_US_POSIX")), value > 0 else {
                throw SampleError(.unprocessableContent, "the amount must be positive")
            }
            guard toAccount != fromAccount else {
                throw SampleError(.unprocessableContent, "the accounts of a transfer must differ")
            }
            let id = state.withStorage { storage -> Int in
                storage.transferCounter += 1
                return storage.transferCounter
            }
            var members: [(String, JSONValue)] = [
                ("result", .string("SUCCESS")), ("transferId", .number(Double(id))), ("user", .string(user)),
                ("fromAccount", .string(fromAccount)), ("toAccount", .string(toAccount)),
                ("amount", .string(amount)), ("transferDate", .string(transferDate)),
            ]
            if let notes = object["transferNotes"] as? String { members.append(("transferNotes", .string(notes))) }
            return SampleHTTP.json(.object(members))
        }

        router.get("/auth/basic") { request, _ -> Response in
            let user = try HTTPAuthentication.requireBasicUser(
                request, users: state.configuration.users, realm: "Courier Sample")
            return SampleHTTP.json(.object([("authenticated", .bool(true)), ("user", .string(user))]))
        }
        for method in [HTTPRequest.Method.get, .post] {
            router.on("/auth/digest/{qop}/{algorithm}", method: method) { request, context -> Response in
                let qopName = try context.parameters.require("qop")
                let algorithmName = try context.parameters.require("algorithm")
                guard let qop = HTTPAuthentication.DigestQualityOfProtection(rawValue: qopName) else {
                    throw SampleError.badRequest("qop is auth or auth-int, not \"\(qopName)\"")
                }
                guard let algorithm = HTTPAuthentication.DigestAlgorithm(name: algorithmName) else {
                    throw SampleError.badRequest(
                        "algorithm is MD5, MD5-sess, SHA-256 or SHA-256-sess, not \"\(algorithmName)\"")
                }
                let body = try await SampleHTTP.bodyData(request, limit: state.configuration.bodyLimit)
                let user = try HTTPAuthentication.requireDigestUser(
                    request, body: body, qop: qop, algorithm: algorithm, state: state)
                return SampleHTTP.json(
                    .object([
                        ("authenticated", .bool(true)), ("user", .string(user)), ("qop", .string(qop.rawValue)),
                        ("algorithm", .string(algorithm.rawValue)),
                    ]))
            }
        }
        router.get("/auth/clientcert") { _, context -> Response in
            guard let certificate = await context.peerCertificate() else {
                throw SampleError(
                    .forbidden,
                    "no client certificate was presented; call this endpoint on the client-certificate port with an identity from POST /banking/authenticate?registerDevice=true"
                )
            }
            var members: [(String, JSONValue)] = [
                ("authenticated", .bool(true)), ("subject", .string(certificate.subject)),
                ("issuer", .string(certificate.issuer)),
            ]
            if let commonName = certificate.commonName { members.append(("commonName", .string(commonName))) }
            return SampleHTTP.json(.object(members))
        }
    }

    /// `POST /banking/authenticate`: Basic credentials; with `registerDevice=true` (query or form) a client
    /// identity for the user, as base64 PKCS#12 protected by ``SampleServerConfiguration/identityPassphrase``.
    static func authenticate(_ request: Request, state: SampleServerState) async throws -> Response {
        let form = try await SampleHTTP.form(request, limit: state.configuration.bodyLimit)
        guard let user = HTTPAuthentication.basicUser(request, users: state.configuration.users) else {
            var headers = HTTPAuthentication.basicChallenge(realm: self.realm)
            headers[.contentType] = "application/json; charset=utf-8"
            let body = JSONValue.object([
                ("result", .string("FAILURE")), ("additional_info", .string("Authentication Failed")),
                (
                    "error",
                    .object([
                        ("status", .number(401)),
                        (
                            "message",
                            .string(
                                request.headers[.authorization] == nil
                                    ? "this endpoint needs HTTP Basic authentication" : "wrong user name or password")
                        ),
                    ])
                ),
            ])
            return SampleHTTP.json(body, status: .unauthorized, headers: headers)
        }
        let register = SampleHTTP.query(request, "registerDevice") ?? form.first { $0.0 == "registerDevice" }?.1
        var members: [(String, JSONValue)] = [
            ("result", .string("SUCCESS")), ("additional_info", .string("Authentication Successful")),
        ]
        switch register?.lowercased() {
        case nil, "false", "0", "no":
            break
        case "true", "1", "yes":
            let authority = try self.deviceAuthority(state: state)
            do {
                let certificate = try authority.makeClientCertificate(commonName: user)
                let pkcs12 = try certificate.pkcs12Data(passphrase: state.configuration.identityPassphrase)
                members.append(("certificate", .string(Base64.encode(pkcs12))))
            } catch {
                throw SampleError(.internalServerError, "the device certificate could not be issued: \(error)")
            }
        default:
            throw SampleError.badRequest("registerDevice is true or false")
        }
        return SampleHTTP.json(.object(members))
    }

    /// The authority that issues device identities: the one the client-certificate port trusts when TLS is
    /// on; without TLS, one made on first use and kept for the server's life (its identities are valid but
    /// there is no port to present them to).
    static func deviceAuthority(state: SampleServerState) throws -> CertificateAuthority {
        if let credentials = state.credentials { return credentials.clientAuthority }
        if let existing = state.withStorage({ $0.deviceAuthority }) { return existing }
        let made: CertificateAuthority
        do {
            made = try CertificateAuthority(commonName: "Courier Sample Bank Device CA")
        } catch {
            throw SampleError(.internalServerError, "the device certificate authority could not be made: \(error)")
        }
        return state.withStorage { storage in
            if let existing = storage.deviceAuthority { return existing }
            storage.deviceAuthority = made
            return made
        }
    }

    static func sealer(state: SampleServerState, macMode: MessageSealer.MACMode) throws -> MessageSealer {
        do {
            return try MessageSealer(
                encryptionKey: state.configuration.bankingEncryptionKey, macKey: state.configuration.bankingMACKey,
                macMode: macMode)
        } catch {
            throw SampleError(.internalServerError, "the banking keys are misconfigured: \(error)")
        }
    }
}
