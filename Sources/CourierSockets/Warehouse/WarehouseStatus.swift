/// The warehouse monitor's report (chapter 8): temperatures and the state of its equipment.
///
/// The server sends one CSV line, `84,60,+67,1,1,0,0,0,1`: room, outlet and coil temperature (signed
/// integers, a `+` allowed), then compressor, air switch, auxiliary heat, front door, system and alarm
/// as `0` or `1`.
public struct WarehouseStatus: Sendable, Hashable, CustomStringConvertible {
    /// The room temperature.
    public var roomTemperature: Int
    /// The temperature at the air outlet.
    public var outletTemperature: Int
    /// The temperature of the cooling coil.
    public var coilTemperature: Int
    /// Whether the compressor runs.
    public var isCompressorOn: Bool
    /// Whether the air switch is on.
    public var isAirSwitchOn: Bool
    /// Whether the auxiliary heat is on.
    public var isAuxiliaryHeatOn: Bool
    /// Whether the front door is open.
    public var isFrontDoorOpen: Bool
    /// Whether the system is on.
    public var isSystemOn: Bool
    /// Whether the alarm is raised.
    public var isAlarmOn: Bool

    /// The largest response a client reads; the status line is about twenty bytes.
    public static let maximumResponseLength = 1024

    /// Creates a status from its fields.
    public init(
        roomTemperature: Int,
        outletTemperature: Int,
        coilTemperature: Int,
        isCompressorOn: Bool,
        isAirSwitchOn: Bool,
        isAuxiliaryHeatOn: Bool,
        isFrontDoorOpen: Bool,
        isSystemOn: Bool,
        isAlarmOn: Bool
    ) {
        self.roomTemperature = roomTemperature
        self.outletTemperature = outletTemperature
        self.coilTemperature = coilTemperature
        self.isCompressorOn = isCompressorOn
        self.isAirSwitchOn = isAirSwitchOn
        self.isAuxiliaryHeatOn = isAuxiliaryHeatOn
        self.isFrontDoorOpen = isFrontDoorOpen
        self.isSystemOn = isSystemOn
        self.isAlarmOn = isAlarmOn
    }

    /// Parses the server's response: one line of nine comma-separated fields, an optional line end.
    ///
    /// - Throws: ``WarehouseError/cannotParse`` for anything else (wrong field count, a field that is not
    ///   a number, a flag other than 0 or 1, bytes that are not UTF-8, a second line).
    public init(parsing response: [UInt8]) throws(WarehouseError) {
        guard response.count <= Self.maximumResponseLength,
            let text = String(validating: response, as: UTF8.self)
        else { throw .cannotParse }
        var line = Substring(text)
        while let last = line.last, last.isNewline || last == " " { line.removeLast() }
        let fields = line.split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count == 9 else { throw .cannotParse }

        func temperature(_ field: Substring) throws(WarehouseError) -> Int {
            // Int("+67") accepts the sign; the digit check refuses spaces and stray characters.
            let digits = field.first == "+" || field.first == "-" ? field.dropFirst() : field
            guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let value = Int(field)
            else { throw .cannotParse }
            return value
        }
        func flag(_ field: Substring) throws(WarehouseError) -> Bool {
            switch field {
            case "0": return false
            case "1": return true
            default: throw .cannotParse
            }
        }
        self.init(
            roomTemperature: try temperature(fields[0]),
            outletTemperature: try temperature(fields[1]),
            coilTemperature: try temperature(fields[2]),
            isCompressorOn: try flag(fields[3]),
            isAirSwitchOn: try flag(fields[4]),
            isAuxiliaryHeatOn: try flag(fields[5]),
            isFrontDoorOpen: try flag(fields[6]),
            isSystemOn: try flag(fields[7]),
            isAlarmOn: try flag(fields[8])
        )
    }

    /// The status as the CLI prints it, one `name: value` per line.
    public var description: String {
        func onOff(_ value: Bool) -> String { value ? "on" : "off" }
        return """
            room temperature: \(roomTemperature)
            outlet temperature: \(outletTemperature)
            coil temperature: \(coilTemperature)
            compressor: \(onOff(isCompressorOn))
            air switch: \(onOff(isAirSwitchOn))
            auxiliary heat: \(onOff(isAuxiliaryHeatOn))
            front door: \(isFrontDoorOpen ? "open" : "closed")
            system: \(onOff(isSystemOn))
            alarm: \(onOff(isAlarmOn))
            """
    }
}
