import Foundation

/// The files this process has open for reading, by device and inode, so a writer can refuse to
/// replace a file that is being read (a transcode onto its own input would destroy it).
enum OpenInputs {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var counts: [FileIdentity: Int] = [:]

    struct FileIdentity: Hashable {
        let device: UInt64
        let inode: UInt64

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    static func register(_ path: String) {
        guard let identity = FileIdentity(path: path) else { return }
        lock.lock(); defer { lock.unlock() }
        counts[identity, default: 0] += 1
    }

    static func unregister(_ path: String) {
        guard let identity = FileIdentity(path: path) else { return }
        lock.lock(); defer { lock.unlock() }
        if let count = counts[identity] {
            counts[identity] = count > 1 ? count - 1 : nil
        }
    }

    static func isOpen(_ path: String) -> Bool {
        guard let identity = FileIdentity(path: path) else { return false }
        lock.lock(); defer { lock.unlock() }
        return counts[identity] != nil
    }

    /// Whether two paths name the same existing file.
    static func sameFile(_ a: String, _ b: String) -> Bool {
        guard let x = FileIdentity(path: a), let y = FileIdentity(path: b) else { return false }
        return x == y
    }
}
