import Testing

@testable import CourierSockets

@Suite struct WarehouseStatusTests {
    @Test func parsesTheBooksLine() throws {
        let status = try WarehouseStatus(parsing: Array("84,60,+67,1,1,0,0,0,1\r\n".utf8))
        #expect(
            status
                == WarehouseStatus(
                    roomTemperature: 84,
                    outletTemperature: 60,
                    coilTemperature: 67,
                    isCompressorOn: true,
                    isAirSwitchOn: true,
                    isAuxiliaryHeatOn: false,
                    isFrontDoorOpen: false,
                    isSystemOn: false,
                    isAlarmOn: true
                )
        )
    }

    @Test func parsesNegativeTemperaturesAndABareLine() throws {
        let status = try WarehouseStatus(parsing: Array("-4,0,-12,0,0,1,1,1,0".utf8))
        #expect(status.roomTemperature == -4)
        #expect(status.coilTemperature == -12)
        #expect(status.isFrontDoorOpen)
    }

    @Test(arguments: [
        "",
        "84,60,+67,1,1,0,0,0",
        "84,60,+67,1,1,0,0,0,1,1",
        "84,60,+67,1,1,0,0,0,2",
        "84, 60,+67,1,1,0,0,0,1",
        "84,60,++67,1,1,0,0,0,1",
        "84,60,+,1,1,0,0,0,1",
        "99999999999999999999,60,67,1,1,0,0,0,1",
        "84,60,67,1,1,0,0,0,1\n84,60,67,1,1,0,0,0,1",
        "HTTP/1.1 200 OK",
        "٨٤,60,67,1,1,0,0,0,1",
    ])
    func refusesAnythingElse(_ text: String) {
        #expect(throws: WarehouseError.cannotParse) { try WarehouseStatus(parsing: Array(text.utf8)) }
    }

    @Test func refusesInvalidUTF8AndOversizedResponses() {
        #expect(throws: WarehouseError.cannotParse) { try WarehouseStatus(parsing: [0xFF, 0xFE, 0x2C]) }
        let long = Array(repeating: UInt8(ascii: "1"), count: WarehouseStatus.maximumResponseLength + 1)
        #expect(throws: WarehouseError.cannotParse) { try WarehouseStatus(parsing: long) }
    }

    @Test func printsOneNameValuePerLine() throws {
        let status = try WarehouseStatus(parsing: Array("84,60,+67,1,1,0,0,0,1".utf8))
        #expect(
            status.description == """
                room temperature: 84
                outlet temperature: 60
                coil temperature: 67
                compressor: on
                air switch: on
                auxiliary heat: off
                front door: closed
                system: off
                alarm: on
                """
        )
    }

    @Test func errorsCarryTheBooksMessages() {
        #expect(WarehouseError.cannotResolveHost.message == "Unable to resolve the hostname of the warehouse server.")
        #expect(WarehouseError.cannotConnect.message == "Unable to connect to the warehouse server.")
        #expect(WarehouseError.cannotRead.message == "Unable to read data from the warehouse server.")
        #expect(WarehouseError.cannotParse.message == "Unable to parse the response from the warehouse server.")
        #expect(WarehouseError.cannotAllocateResources.message == "Unable to allocate networking resources.")
        #expect(
            WarehouseError.unexpectedReadError.message
                == "An unexpected error occurred while reading from the warehouse server."
        )
    }
}
