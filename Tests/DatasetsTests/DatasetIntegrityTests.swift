import Datasets
import Foundation
import TestSupport
import Testing

@Suite("Recorded datasets are byte-exact")
struct DatasetIntegrityTests {
    @Test("SHA-256 matches the FIPS 180-4 examples")
    func sha256Vectors() {
        #expect(
            SHA256.hexDigest(of: Array("".utf8))
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SHA256.hexDigest(of: Array("abc".utf8))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hexDigest(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hexDigest(of: [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("every file of datasets/coingecko matches its size and sha256 in index.json")
    func everyFileMatches() throws {
        let index = try DatasetIndex.load(from: RepositoryFiles.coingecko)
        #expect(index.entries.count == 21)
        for result in DatasetVerifier.verify(index) {
            #expect(result.status == .ok, "\(result.entry.file)")
        }
        #expect(DatasetVerifier.unlistedFiles(in: index).isEmpty)
        let manifest = RepositoryFiles.coingecko.appendingPathComponent("MANIFEST.md")
        #expect(FileManager.default.fileExists(atPath: manifest.path))
        let licenses = try FileManager.default.contentsOfDirectory(
            atPath: RepositoryFiles.coingecko.appendingPathComponent("licenses").path)
        #expect(licenses.sorted() == ["CoinGecko.Net-LICENSE", "coingecko_ruby-LICENSE.md"])
    }

    @Test("an altered, truncated or missing copy is caught")
    func alteredCopies() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bitpal-datasets-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.copyItem(at: RepositoryFiles.coingecko, to: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        let flipped = directory.appendingPathComponent("simple_price_bitcoin_usd_20210515T1410Z.json")
        var bytes = try Data(contentsOf: flipped)
        bytes[bytes.count - 3] ^= 1
        try bytes.write(to: flipped)
        let truncated = directory.appendingPathComponent("ohlc_bitcoin_usd_days7_20210515T1534Z.json")
        try Data(try Data(contentsOf: truncated).prefix(100)).write(to: truncated)
        try FileManager.default.removeItem(at: directory.appendingPathComponent("search_bit_20230108.json"))
        try Data("x".utf8).write(to: directory.appendingPathComponent("stray.json"))

        let index = try DatasetIndex.load(from: directory)
        let statuses = Dictionary(
            uniqueKeysWithValues: DatasetVerifier.verify(index).map { ($0.entry.file, $0.status) })
        #expect(
            statuses["simple_price_bitcoin_usd_20210515T1410Z.json"].map {
                if case .digestMismatch = $0 { true } else { false }
            } == true)
        #expect(statuses["ohlc_bitcoin_usd_days7_20210515T1534Z.json"] == .sizeMismatch(actual: 100))
        #expect(statuses["search_bit_20230108.json"] == .missing)
        #expect(statuses.values.filter { $0 == .ok }.count == 18)
        #expect(DatasetVerifier.unlistedFiles(in: index) == ["stray.json"])
    }

    @Test("a malformed index is a located error naming the file")
    func malformedIndex() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bitpal-index-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(#"[{"file":"a.json","uri":"u","bytes":"12","sha256":"x","source":"s"}]"#.utf8)
            .write(to: directory.appendingPathComponent("index.json"))
        let error = try #require(throws: DatasetError.self) { try DatasetIndex.load(from: directory) }
        #expect(error.description.contains("index.json: malformed dataset index: at $[0].bytes"))
        #expect(throws: DatasetError.self) {
            try DatasetIndex.load(from: directory.appendingPathComponent("nowhere"))
        }
    }
}
