import Foundation
import Persistence
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SQLite's locks are POSIX `fcntl` locks: they belong to the process, and closing any descriptor
/// of the database file drops them all. The workbench must never do that to a live database
/// (issue 36: rows lost when another process, believing itself the last, deleted the WAL).
@Suite("Database locks survive the workbench's own opening")
struct DatabaseLockTests {
    @Test("opening a database, and opening it again, leaves the process's SQLite locks in place")
    func locksSurviveOpening() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("history.sqlite")
        let first = try WorkbenchDatabase.open(.runHistory, at: path)
        #expect(try first.journalMode() == "wal")
        let inode = try #require(Self.inode(of: path))
        #expect(Self.posixLocks(onInode: inode) > 0, "an open WAL database holds a shared lock on its file")
        let second = try WorkbenchDatabase.open(.runHistory, at: path)
        #expect(try second.journalMode() == "wal")
        #expect(
            Self.posixLocks(onInode: inode) > 0,
            "opening the file again dropped the locks its open connections hold")
        withExtendedLifetime((first, second)) {}
    }

    /// The file's inode number.
    static func inode(of path: String) -> UInt64? {
        var status = stat()
        return stat(path, &status) == 0 ? UInt64(status.st_ino) : nil
    }

    /// How many POSIX locks this process holds on the inode, from `/proc/locks`
    /// (`1: POSIX  ADVISORY  READ 8693 fe:00:16223655 1073741826 1073742335`).
    static func posixLocks(onInode inode: UInt64) -> Int {
        let text = (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? ""
        let pid = String(getpid())
        return text.split(separator: "\n").filter { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            return fields.count > 5 && fields[1] == "POSIX" && fields[4] == pid
                && fields[5].hasSuffix(":\(inode)")
        }.count
    }
}
