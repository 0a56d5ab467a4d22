import Courier
import Foundation

/// A `--session` keeps its cookie jar whole — session cookies included, as httpie and curl's cookie jars
/// do — in `cookies.json` next to `session.json` (`NAME.cookies.json` beside a session file `NAME.json`): loaded before the request, saved after it (after a
/// failure too, so cookies from the responses that did arrive are kept).
extension CLISessionStore {
    /// A jar holding the session's saved cookies, installed in `configuration`. A damaged cookie file
    /// gives a warning and an empty jar (the next save replaces the file).
    func loadCookies(into configuration: inout SessionConfiguration, io: CLIIO) -> CookieStorage {
        let jar = CookieStorage()
        do {
            try jar.load(contentsOf: cookieFile)
        } catch let error as CourierError {
            io.writeError("courier: warning: \(error.message); starting the session's cookies afresh\n")
        } catch {
            io.writeError("courier: warning: cannot read \(cookieFile.path): \(error)\n")
        }
        configuration.httpCookieStorage = jar
        return jar
    }

    /// Saves the jar whole; a failure is a warning (the response was already printed).
    func saveCookies(_ jar: CookieStorage?, io: CLIIO) {
        guard let jar else { return }
        do {
            try jar.write(to: cookieFile, includingSessionCookies: true)
        } catch let error as CourierError {
            io.writeError("courier: warning: the session's cookies were not saved: \(error.message)\n")
        } catch {
            io.writeError("courier: warning: the session's cookies were not saved: \(error)\n")
        }
    }
}
