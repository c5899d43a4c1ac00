import Foundation
import TrackerCore
import WorkbenchFoundation

/// The admin API's commands: `POST /__admin/clock` with `{"advance": "5m"}` or
/// `{"set": "2024-01-01T00:10:00Z"}`, and `POST /__admin/faults` with
/// `{"fault": "outage" | "storm", "action": "start" | "stop"}`.
enum AdminCommands {
    /// A refused command, with what was wrong.
    struct Failure: Error {
        var message: String
    }

    private struct ClockCommand: Decodable {
        var advance: String?
        var set: String?
    }

    private struct FaultCommand: Decodable {
        var fault: String
        var action: String
    }

    static func clock(_ body: [UInt8], api: SimulatedAPI) async throws -> JSONValue {
        let command = try decode(ClockCommand.self, body)
        let move: ClockMove
        switch (command.advance, command.set) {
        case (let advance?, nil):
            guard let milliseconds = DurationText.milliseconds(advance, allowZero: true) else {
                throw Failure(
                    message: "advance: expected a duration such as 30s, 5m, 2h or 1d, found '\(advance)'")
            }
            move = api.advanceClock(by: milliseconds)
        case (nil, let text?):
            guard let milliseconds = CivilDate.parseISO8601(text) else {
                throw Failure(
                    message: "set: expected an ISO 8601 time such as 2024-01-01T00:10:00Z, found '\(text)'")
            }
            move = api.setClock(milliseconds)
        default:
            throw Failure(message: #"expected {"advance": "5m"} or {"set": "2024-01-01T00:10:00Z"}"#)
        }
        switch move {
        case .moved(let time):
            return .object([
                .init("now", .string(TimeFormatting.iso8601(time))), .init("now_ms", .integer(time)),
            ])
        case .refused(let time):
            let range = api.marketTimes
            throw Failure(
                message:
                    "\(TimeFormatting.iso8601(time)) is outside the market, which runs from "
                    + "\(TimeFormatting.iso8601(range.lowerBound)) to \(TimeFormatting.iso8601(range.upperBound)); "
                    + "the clock stays at \(TimeFormatting.iso8601(api.simulatedTime()))")
        }
    }

    static func faults(_ body: [UInt8], api: SimulatedAPI) async throws -> JSONValue {
        let command = try decode(FaultCommand.self, body)
        guard let fault = AdminFault(rawValue: command.fault) else {
            throw Failure(
                message:
                    "fault: expected outage or storm (the scenario's faults.outages and faults.storms), found '\(command.fault)'"
            )
        }
        guard ["start", "stop"].contains(command.action) else {
            throw Failure(message: "action: expected start or stop, found '\(command.action)'")
        }
        api.setFault(fault, on: command.action == "start")
        return .object([
            .init("fault", .string(fault.rawValue)), .init("active", .bool(api.isActive(fault))),
        ])
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ body: [UInt8]) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(body))
        } catch {
            throw Failure(message: "the body is not the expected JSON: \(error)")
        }
    }
}
