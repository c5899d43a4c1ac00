import Datasets
import Foundation
import TrackerCore
import WorkbenchFoundation
import Yams

/// Which file each part of a merged scenario came from, so an error names the file and line
/// where its key is written.
struct SourceFiles: Sendable {
    /// The file given; everything not inherited comes from it.
    let main: String
    /// Key paths taken whole from a base file (`policies.backoff`, `portfolio`), with that file.
    var inherited: [(path: String, file: String)] = []
    /// The files extended, nearest first.
    var bases: [String] = []
    /// `--set` assignments, each with the key path it sets in a reader's spelling
    /// (`market.coins[0].price`).
    var overrides: [(path: String, assignment: String)] = []

    /// The `--set` assignment that wrote the value at `path` or inside it, if one did.
    func override(at path: String) -> String? {
        overrides.last { entry in
            entry.path == path || entry.path.hasPrefix(path + ".") || entry.path.hasPrefix(path + "[")
                || path.hasPrefix(entry.path + ".") || path.hasPrefix(entry.path + "[")
        }?.assignment
    }

    /// The file a key path's value was written in: the longest inherited prefix's, else ``main``.
    func file(for path: String) -> String {
        var best: (length: Int, file: String) = (-1, main)
        for entry in inherited where entry.path.count > best.length {
            let prefix = entry.path
            if path == prefix || path.hasPrefix(prefix + ".") || path.hasPrefix(prefix + "[") {
                best = (prefix.count, entry.file)
            }
        }
        return best.file
    }
}

/// `extends: OTHER.yaml`: a scenario stated as the differences from another.
///
/// The base is read (its own `extends` first, at most ``maximumDepth`` files deep, without
/// cycles) and the extending file is laid over it: mappings merge key by key, anything else
/// (a number, a list) is replaced whole. `name` is never inherited, so two files never share an
/// output folder by accident. The base's path is relative to the extending file's folder and must
/// stay inside the project.
enum ScenarioInheritance {
    /// The longest chain of `extends`.
    static let maximumDepth = 8

    /// The document with its bases merged in, and where each part came from.
    ///
    /// - Parameters:
    ///   - node: The extending file's document.
    ///   - files: Its source files (so far only itself).
    ///   - projectRoot: Bases must resolve inside it.
    ///   - chain: The files already on the way here, to refuse cycles.
    /// - Throws: ``ScenarioError`` naming the `extends` key for a missing, outside or cyclic base,
    ///   or the base's own place for an error in it.
    static func resolve(_ node: Node, files: SourceFiles, projectRoot: URL, chain: [String] = [])
        throws(ScenarioError) -> (node: Node, files: SourceFiles)
    {
        guard case .mapping(let mapping) = node,
            let index = mapping.firstIndex(where: { $0.key.scalar?.string == "extends" })
        else { return (node, files) }
        let extendsNode = mapping[index].value
        let reader = NodeReader(node: extendsNode, files: files, path: "extends")
        let basePath = try projectFile(reader, from: files.main, projectRoot: projectRoot, kind: "bases")
        let chain = chain + [URL(fileURLWithPath: files.main).standardizedFileURL.path]
        guard !chain.contains(URL(fileURLWithPath: basePath).standardizedFileURL.path) else {
            throw reader.error("'\(try reader.string())' extends itself through \(chain.count) file(s)")
        }
        guard chain.count <= maximumDepth else {
            throw reader.error("more than \(maximumDepth) files deep in extends")
        }
        let baseText = try ScenarioParser.text(of: try ScenarioParser.bytes(of: basePath), file: basePath)
        let baseDocument = try ScenarioParser.compose(baseText, file: basePath)
        let base = try resolve(
            baseDocument, files: SourceFiles(main: basePath), projectRoot: projectRoot, chain: chain)
        guard case .mapping(var baseMapping) = base.node else {
            throw NodeReader(node: base.node, files: base.files, path: "").error(
                "expected a mapping, found \(NodeReader(node: base.node, files: base.files, path: "").found)")
        }
        baseMapping = Node.Mapping(
            baseMapping.filter { $0.key.scalar?.string != "name" }.map { ($0.key, $0.value) },
            baseMapping.tag,
            baseMapping.style, baseMapping.mark)
        let own = Node.Mapping(
            mapping.filter { $0.key.scalar?.string != "extends" }.map { ($0.key, $0.value) }, mapping.tag,
            mapping.style, mapping.mark)
        var merged = files
        merged.bases = [basePath] + base.files.bases
        let node = merge(
            .mapping(own), over: .mapping(baseMapping), path: "", base: base.files, into: &merged)
        return (node, merged)
    }

    /// A scenario file another file names (`extends`, a fleet's `scenario`): relative to the
    /// naming file's folder, inside the project, existing; each refusal located at the key.
    ///
    /// - Parameter kind: What the files are, for "keep KIND inside it".
    static func projectFile(_ reader: NodeReader, from file: String, projectRoot: URL, kind: String)
        throws(ScenarioError)
        -> String
    {
        let given = try reader.string()
        guard !given.isEmpty, !given.hasPrefix("/") else {
            throw reader.error(
                "expected a scenario file relative to this one, found \(QuotedValue.text(given))")
        }
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        let resolved = folder.appendingPathComponent(given).standardizedFileURL
        guard PathNames.isInside(resolved.path, root: projectRoot) else {
            throw reader.error(
                "'\(given)' is outside the project folder '\(PathNames.shown(projectRoot))' (after resolving "
                    + "'..' and symbolic links); keep \(kind) inside it")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved.path, isDirectory: &isDirectory) else {
            throw reader.error("no such file '\(given)' (relative to the folder of this file)")
        }
        guard !isDirectory.boolValue else {
            throw reader.error(
                "'\(given)' is a folder; expected a scenario file (relative to the folder of this file)")
        }
        return resolved.path
    }

    /// `own` laid over `base`: mappings key by key, anything else replaced. Keys taken whole from
    /// the base are recorded in `files`.
    private static func merge(
        _ own: Node, over base: Node, path: String, base baseFiles: SourceFiles, into files: inout SourceFiles
    )
        -> Node
    {
        guard case .mapping(let ownMapping) = own, case .mapping(let baseMapping) = base else { return own }
        var pairs: [(Node, Node)] = []
        for (key, baseValue) in baseMapping {
            let name = key.scalar?.string ?? ""
            let childPath = path.isEmpty ? name : "\(path).\(name)"
            if let ownValue = ownMapping.first(where: { $0.key.scalar?.string == name })?.value {
                pairs.append(
                    (key, merge(ownValue, over: baseValue, path: childPath, base: baseFiles, into: &files)))
            } else {
                pairs.append((key, baseValue))
                files.inherited.append((childPath, baseFiles.file(for: childPath)))
                for entry in baseFiles.inherited
                where entry.path.hasPrefix(childPath + ".") || entry.path.hasPrefix(childPath + "[") {
                    files.inherited.append(entry)
                }
            }
        }
        for (key, value) in ownMapping
        where !baseMapping.contains(where: { $0.key.scalar?.string == key.scalar?.string }) {
            pairs.append((key, value))
        }
        return .mapping(Node.Mapping(pairs, ownMapping.tag, ownMapping.style, ownMapping.mark))
    }
}
