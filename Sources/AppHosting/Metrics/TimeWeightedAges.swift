/// The distribution of data ages over visible time, exactly: while an item is on screen its age
/// grows one millisecond per millisecond, so each stretch of visible time adds a uniform piece
/// of ages `[from - reference, to - reference)` with the stretch's weight per millisecond.
///
/// The pieces are kept as changes of density at their ends (a sparse second difference), so a
/// percentile is exact up to floating point, and memory grows with the number of distinct
/// piece ends, not with the length of the run.
struct TimeWeightedAges: Equatable {
    /// Density change at each age, ms -> weight per ms.
    private var densityChanges = DensityChanges()
    /// The total weighted visible time, ms.
    private(set) var totalWeight = 0.0
    /// The largest age seen on screen, ms.
    private(set) var maximum: Int64 = 0

    /// Adds an item seen from `from` to `to` whose data dates from `reference`, weighted `weight`
    /// per millisecond (1 / the number of items sharing the screen).
    mutating func add(from: Int64, to: Int64, reference: Int64, weight: Double) {
        precondition(reference <= from, "data shown before its time")
        guard to > from, weight > 0 else { return }
        let (start, end) = (from - reference, to - reference)
        maximum = max(maximum, end)
        densityChanges.add(weight, at: start)
        densityChanges.add(-weight, at: end)
        totalWeight += weight * Double(end - start)
    }

    /// Whether any visible time was recorded.
    var isEmpty: Bool { totalWeight == 0 }

    /// The age below which `fraction` of the visible time falls, ms (interpolated within a
    /// piece); nil when nothing was visible.
    func percentile(_ fraction: Double) -> Double? {
        guard totalWeight > 0 else { return nil }
        let target = fraction * totalWeight
        var mass = 0.0
        for piece in pieces() where piece.density > 1e-12 {
            let pieceMass = piece.density * Double(piece.end - piece.start)
            if mass + pieceMass >= target { return Double(piece.start) + (target - mass) / piece.density }
            mass += pieceMass
        }
        return Double(maximum)
    }

    /// The share of visible time whose data was older than `threshold` ms; nil when nothing was
    /// visible.
    func share(olderThan threshold: Int64) -> Double? {
        guard totalWeight > 0 else { return nil }
        let younger = pieces().reduce(0.0) { mass, piece in
            mass + piece.density * Double(max(0, min(piece.end, threshold) - piece.start))
        }
        return max(0, 1 - younger / totalWeight)
    }

    /// The distribution as consecutive age intervals of constant density, youngest first.
    private func pieces() -> [(start: Int64, end: Int64, density: Double)] {
        let ages = densityChanges.sortedAges()
        var density = 0.0
        return zip(ages, ages.dropFirst()).map { start, end in
            density += densityChanges[start] ?? 0
            return (start, end, density)
        }
    }
}
