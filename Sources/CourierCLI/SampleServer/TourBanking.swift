import Courier
import CourierSecurity
import Foundation
import HTTPTypes

/// The banking section of the tour (chapter 6): Basic login registering the device (a PKCS#12 identity
/// comes back), the sealed account list opened and checked, a sealed transfer whose MAC follows the
/// book's layout, and a tampered transfer refused with `Message Integrity Error`.
enum TourBanking {
    struct Accounts: Decodable {
        struct Account: Decodable {
            var accountNumber: String
            var name: String
            var balance: Decimal
        }
        var accounts: [Account]
    }

    static func run(_ tour: TourContext) async throws -> String {
        let configuration = tour.server.configuration
        let authorization = "Basic " + Base64.encode(Data("jdoe:password".utf8))

        var login = Request(
            url: tour.url("/banking/authenticate"), method: .post, body: .form([("registerDevice", "true")]))
        login.headerFields[.authorization] = authorization
        let registered = try await tour.send(login)
        struct Registration: Decodable {
            var result: String
            var certificate: String?
        }
        let registration = try registered.decode(Registration.self)
        let identity = try Base64.decode(registration.certificate ?? "")
        try tourCheck(registration.result == "SUCCESS" && !identity.isEmpty, "no device identity came back")
        tour.log("  device registered: a \(identity.count)-byte PKCS#12 identity for the client-certificate port")

        var accountsRequest = Request(url: tour.url("/banking/accounts"))
        accountsRequest.headerFields[.authorization] = authorization
        let sealedAccounts = try await tour.send(accountsRequest)
        let plaintextMAC = try MessageSealer(
            encryptionKey: configuration.bankingEncryptionKey, macKey: configuration.bankingMACKey, macMode: .plaintext)
        let accounts = try plaintextMAC.open(jsonData: sealedAccounts.data, as: Accounts.self).accounts
        tour.log(
            "  opened: AES-CBC decrypted, HMAC-SHA256 checked → \(accounts.map { "\($0.name) \($0.balance)" }.joined(separator: ", "))"
        )

        let transferSealer = try MessageSealer(
            encryptionKey: configuration.bankingEncryptionKey, macKey: configuration.bankingMACKey,
            macMode: .fields(.transferRequest))
        let transfer = Data(
            #"{"toAccount":"1234","fromAccount":"4321","amount":2300,"transferDate":"2012-12-25 00:00:00","transferNotes":"From the tour"}"#
                .utf8)
        let sealed = try transferSealer.seal(transfer)
        var transferRequest = Request(
            url: tour.url("/banking/transfer"), method: .post,
            body: .data(sealed.jsonData(), contentType: "application/json"))
        transferRequest.headerFields[.authorization] = authorization
        let accepted = try await tour.send(transferRequest)
        try tourCheck(accepted.text?.contains("\"SUCCESS\"") == true, "the transfer was not accepted")

        var payload = [UInt8](try Base64.decode(sealed.payload))
        payload[payload.count / 2] ^= 0x01
        let tampered = SealedMessage(iv: sealed.iv, mac: sealed.mac, payload: Base64.encode(Data(payload)))
        tour.log("  now one bit of the ciphertext is flipped in transit:")
        var tamperedRequest = Request(
            url: tour.url("/banking/transfer"), method: .post,
            body: .data(tampered.jsonData(), contentType: "application/json"))
        tamperedRequest.headerFields[.authorization] = authorization
        let refused = try await tour.send(tamperedRequest, expect: 400)
        try tourCheck(
            refused.text?.contains("Message Integrity Error") == true, "the tampered transfer was not refused")
        return "sealed accounts opened, a sealed transfer accepted, a tampered one refused"
    }
}
