import Testing
import WorkbenchFoundation

@Suite("A record log is an array that grows by segments")
struct RecordLogTests {
    @Test("appends, reads and writes across segments as an array does, and drops its first elements")
    func behavesAsAnArray() {
        var log = RecordLog<Int>()
        var array: [Int] = []
        #expect(log.isEmpty && log.count == 0)
        for value in 0..<10_000 {
            log.append(value * 3)
            array.append(value * 3)
        }
        #expect(log.count == 10_000 && Array(log) == array)
        for index in stride(from: 0, to: 10_000, by: 977) {
            log[index] = -index
            array[index] = -index
        }
        #expect(Array(log) == array && log[4_095] == array[4_095] && log[4_096] == array[4_096])
        for dropped in [0, 1, 4_096, 5_903] {
            log.removeFirst(dropped)
            array.removeFirst(dropped)
            #expect(Array(log) == array)
        }
        #expect(log.isEmpty == array.isEmpty && log == RecordLog(array))
        log.append(7)
        array.append(7)
        #expect(Array(log) == array && log != RecordLog(array.dropLast()))
        #expect(Array([1, 2] as RecordLog<Int>) == [1, 2])
    }
}
