import Foundation

// SwiftData's `ModelContext` as the app's view models use it, in memory: objects inserted,
// deleted, saved (nothing to write), and fetched by type with the descriptor's sort. `@Model` is
// dropped by the patches, so a model is a plain class, and `@Attribute(.unique)` with it: the
// driver names a type's unique key (``ModelContext/unique(_:by:)``), and inserting an object
// whose key another has replaces that one, as SwiftData's upsert on a unique attribute does.

/// A fetch: the type, Foundation's `#Predicate` over it, and its sort.
struct FetchDescriptor<Model> {
    var predicate: Predicate<Model>?
    var sortBy: [SortDescriptor<Model>]

    init(predicate: Predicate<Model>? = nil, sortBy: [SortDescriptor<Model>] = []) {
        (self.predicate, self.sortBy) = (predicate, sortBy)
    }
}

/// The context: every inserted object, by type, in insertion order.
final class ModelContext {
    private var objects: [AnyObject] = []
    private var uniqueKeys: [ObjectIdentifier: (AnyObject) -> AnyHashable] = [:]
    /// Saves made (for the trace; nothing is written).
    private(set) var saves = 0

    init() {}

    /// Declares a type's unique attribute (`@Attribute(.unique)` in the app's model).
    func unique<Model: AnyObject>(_ type: Model.Type, by key: @escaping (Model) -> AnyHashable) {
        uniqueKeys[ObjectIdentifier(type)] = { key($0 as! Model) }
    }

    func insert<Model: AnyObject>(_ model: Model) {
        guard !objects.contains(where: { $0 === model }) else { return }
        if let key = uniqueKeys[ObjectIdentifier(Model.self)] {
            let value = key(model)
            if let index = objects.firstIndex(where: { $0 is Model && key($0) == value }) {
                objects[index] = model
                return
            }
        }
        objects.append(model)
    }

    func delete<Model: AnyObject>(_ model: Model) {
        objects.removeAll { $0 === model }
    }

    func save() throws { saves += 1 }

    func fetchCount<Model>(_ descriptor: FetchDescriptor<Model>) throws -> Int {
        try fetch(descriptor).count
    }

    func fetch<Model>(_ descriptor: FetchDescriptor<Model>) throws -> [Model] {
        let all = try objects.compactMap { $0 as? Model }.filter {
            try descriptor.predicate?.evaluate($0) ?? true
        }
        guard !descriptor.sortBy.isEmpty else { return all }
        // A stable sort: ties keep the insertion order.
        return all.enumerated().sorted { left, right in
            for sort in descriptor.sortBy {
                switch sort.compare(left.element, right.element) {
                case .orderedAscending: return true
                case .orderedDescending: return false
                case .orderedSame: continue
                }
            }
            return left.offset < right.offset
        }.map(\.element)
    }
}
