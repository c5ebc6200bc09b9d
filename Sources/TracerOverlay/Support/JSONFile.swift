import Foundation
import MediaKitLinux

/// Reading and writing the package's JSON files (truth, reports, timelines) with errors that name
/// the file and say what it was meant to be.
enum JSONFile {
    /// Decodes a `T` from the file at `path`.
    /// - Parameters:
    ///   - what: what the file should hold, for the error ("a clip truth file").
    ///   - missing: the message when there is no file at `path`.
    /// - Throws: ``MediaError/fileMissing(path:message:)``, ``MediaError/io(path:message:)`` or
    ///   ``MediaError/corruptData(path:message:)`` ("not `what`: ...").
    static func load<T: Decodable>(_ type: T.Type, path: String, what: String,
                                   missing: String = "no such file") throws(MediaError) -> T {
        guard FileManager.default.fileExists(atPath: path) else { throw .fileMissing(path: path, message: missing) }
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw .io(path: path, message: error.localizedDescription)
        }
        do { return try JSONDecoder().decode(T.self, from: data) } catch {
            throw .corruptData(path: path, message: "not \(what): \(error)")
        }
    }
}
