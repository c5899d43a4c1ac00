import Foundation
import FuzzTargets

// Built by `scripts/fuzz.sh` with `-sanitize=fuzzer,address -D FUZZING`: libFuzzer calls the
// target named by FUZZ_TARGET. Built normally, it replays files given as arguments through a
// target: `BitpalFuzz json file...`.

#if FUZZING
    nonisolated(unsafe) private var target: (([UInt8]) -> Void)?

    /// libFuzzer's callback: one input through the chosen target.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        if target == nil {
            let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
            guard let chosen = FuzzTargets.all[name] else {
                fatalError("FUZZ_TARGET must be one of \(FuzzTargets.all.keys.sorted())")
            }
            target = chosen
        }
        target!(Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }

    @_silgen_name("LLVMFuzzerRunDriver")
    private func runDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
    ) -> CInt

    /// The entry point: SwiftPM links an executable's entry as `<module>_main`, and this one
    /// hands it to libFuzzer's driver.
    @_cdecl("BitpalFuzz_main")
    public func fuzzMain(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    ) -> CInt {
        var count = argc
        var arguments = argv
        return runDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
    }
#else
    @main
    enum Replay {
        static func main() throws {
            let arguments = CommandLine.arguments.dropFirst()
            guard let name = arguments.first, let target = FuzzTargets.all[name] else {
                print("usage: BitpalFuzz \(FuzzTargets.all.keys.sorted().joined(separator: "|")) FILE...")
                exit(2)
            }
            for path in arguments.dropFirst() {
                target([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            }
        }
    }
#endif
