import Foundation
import HTTPTypes
import Hummingbird

import enum Courier.JSONValue

/// Chapter 10, the push provider's registration service: devices register `user` + `token`, and an
/// authenticated caller builds the `aps` payload for every token of a user. Nothing is sent to Apple: the
/// answer lists the notifications a provider would send (``CourierPush`` is the client that sends them).
enum PushRoutes {
    static let realm = "Courier Sample Push"
    /// The largest payload APNs accepts for an alert notification.
    static let maximumPayloadBytes = 4096
    /// Device tokens are at least 32 bytes; no maximum is fixed by Apple, this bounds bad input.
    static let minimumTokenBytes = 32
    static let maximumTokenBytes = 512

    static func register(on router: Router<SampleRoutes.Context>, state: SampleServerState) {
        router.post("/push/register") { request, _ -> Response in
            let fields = try await self.fields(request, state: state)
            let user = try self.user(fields["user"])
            let token = try self.token(fields["token"])
            let (isNew, count) = state.withStorage { storage -> (Bool, Int) in
                let previousOwner = storage.registeredDevices[token]
                if let previousOwner, previousOwner != user {
                    // A device that changes hands belongs to its new user only.
                    storage.pushTokens[previousOwner]?.removeAll { $0 == token }
                    if storage.pushTokens[previousOwner]?.isEmpty == true { storage.pushTokens[previousOwner] = nil }
                }
                storage.registeredDevices[token] = user
                var tokens = storage.pushTokens[user] ?? []
                let isNew = !tokens.contains(token)
                if isNew { tokens.append(token) }
                storage.pushTokens[user] = tokens
                return (isNew, tokens.count)
            }
            return SampleHTTP.json(
                .object([
                    ("user", .string(user)), ("token", .string(token)), ("registered", .bool(isNew)),
                    ("tokens", .number(Double(count))),
                ]),
                status: isNew ? .created : .ok)
        }
        router.post("/push/send") { request, _ -> Response in
            _ = try HTTPAuthentication.requireBasicUser(request, users: state.configuration.users, realm: self.realm)
            let fields = try await self.fields(request, state: state)
            let user = try self.user(fields["user"])
            guard let message = fields["message"], !message.isEmpty else {
                throw SampleError.badRequest("missing field \"message\"")
            }
            var aps: [(String, JSONValue)] = [("alert", .string(message))]
            if let badgeText = fields["badge"], !badgeText.isEmpty {
                guard let badge = Int(badgeText), (0...99_999).contains(badge) else {
                    throw SampleError.badRequest("badge is a whole number from 0 (clears the badge) to 99999")
                }
                aps.append(("badge", .number(Double(badge))))
            }
            if let sound = fields["sound"], !sound.isEmpty { aps.append(("sound", .string(sound))) }
            let payload = JSONValue.object([("aps", .object(aps))])
            let size = payload.compactText.utf8.count
            guard size <= self.maximumPayloadBytes else {
                throw SampleError(
                    .contentTooLarge,
                    "the payload is \(size) bytes, \(size - self.maximumPayloadBytes) over APNs' limit of \(self.maximumPayloadBytes)"
                )
            }
            let tokens = state.withStorage { $0.pushTokens[user] ?? [] }
            guard !tokens.isEmpty else {
                throw SampleError(.notFound, "no device is registered for user \"\(user)\"")
            }
            let notifications: [JSONValue] = tokens.map { token in
                .object([("token", .string(token)), ("payload", payload)])
            }
            return SampleHTTP.json(
                .object([
                    ("user", .string(user)), ("notifications", .array(notifications)),
                    ("payloadBytes", .number(Double(size))),
                ]))
        }
    }

    /// The fields of a form body (or of the query).
    static func fields(_ request: Request, state: SampleServerState) async throws -> [String: String] {
        var fields = Dictionary(SampleHTTP.queryItems(request), uniquingKeysWith: { first, _ in first })
        for (name, value) in try await SampleHTTP.form(request, limit: state.configuration.bodyLimit) {
            fields[name] = value
        }
        return fields
    }

    static func user(_ value: String?) throws -> String {
        guard let user = value?.trimmingCharacters(in: .whitespaces), !user.isEmpty else {
            throw SampleError.badRequest("missing field \"user\"")
        }
        guard user.count <= 128, !user.contains(where: { $0.isNewline }) else {
            throw SampleError.badRequest("user is one line of at most 128 characters")
        }
        return user
    }

    /// A device token: hex of even length, 32 bytes or more (spaces and `<>` of the book's
    /// `description`-style tokens are dropped), lower-cased.
    static func token(_ value: String?) throws -> String {
        guard let raw = value, !raw.isEmpty else { throw SampleError.badRequest("missing field \"token\"") }
        let token = String(raw.filter { $0 != " " && $0 != "<" && $0 != ">" }).lowercased()
        guard token.allSatisfy({ $0.isHexDigit && $0.isASCII }) else {
            throw SampleError.badRequest("the token must be hexadecimal")
        }
        guard token.count % 2 == 0 else {
            throw SampleError.badRequest("the token must have an even number of hex digits")
        }
        guard token.count >= self.minimumTokenBytes * 2 else {
            throw SampleError.badRequest("the token must be at least \(self.minimumTokenBytes) bytes (64 hex digits)")
        }
        guard token.count <= self.maximumTokenBytes * 2 else {
            throw SampleError.badRequest("the token must be at most \(self.maximumTokenBytes) bytes")
        }
        return token
    }
}
