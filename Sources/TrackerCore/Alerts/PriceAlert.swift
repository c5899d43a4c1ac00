/// A price alert: notify when a coin's price is at or above, or at or below, a target.
public struct PriceAlert: Sendable, Equatable, Hashable {
    /// Which side of the target fires.
    public enum Condition: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
        /// Price >= target (the app's `above`).
        case above
        /// Price <= target (the app's `below`).
        case below

        /// Whether a price meets the condition.
        ///
        /// - Parameters:
        ///   - price: The price.
        ///   - target: The target.
        public func isMet(by price: Double, target: Double) -> Bool {
            switch self {
            case .above: price >= target
            case .below: price <= target
            }
        }
    }

    /// When an alert whose condition still holds may fire again.
    public enum Retrigger: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
        /// Whenever the condition holds and the cooldown has passed since the last firing, so a
        /// price that stays above the target notifies every hour. This was the rule of an early
        /// Bitpal-v2 `AlertService`, removed with the whole alerts feature in commit `b12656b`
        /// (2025-08-23): the published app has no price alerts, and the workbench keeps them as
        /// an extension.
        case cooldown
        /// Once per crossing: after firing, the alert re-arms only when the condition stops
        /// holding (and the cooldown has passed).
        case crossing
    }

    /// The app's cooldown: one hour.
    public static let defaultCooldownMilliseconds: Int64 = 3_600_000

    /// The alert's id (the store's, or the simulator's numbering).
    public var id: Int64
    /// The coin.
    public var coinId: String
    /// Above or below.
    public var condition: Condition
    /// The target price, > 0.
    public var target: Double
    /// Whether the alert is evaluated.
    public var isEnabled: Bool
    /// The minimum time between two firings, ms.
    public var cooldownMilliseconds: Int64
    /// The re-trigger rule.
    public var retrigger: Retrigger

    /// Creates an alert.
    ///
    /// - Parameters:
    ///   - id: Its id.
    ///   - coinId: The coin.
    ///   - condition: Above or below.
    ///   - target: The target price.
    ///   - isEnabled: Whether it is evaluated.
    ///   - cooldownMilliseconds: The minimum time between firings (1 hour by default).
    ///   - retrigger: The re-trigger rule (the app's cooldown by default).
    public init(
        id: Int64, coinId: String, condition: Condition, target: Double, isEnabled: Bool = true,
        cooldownMilliseconds: Int64 = defaultCooldownMilliseconds, retrigger: Retrigger = .cooldown
    ) {
        self.id = id
        self.coinId = coinId
        self.condition = condition
        self.target = target
        self.isEnabled = isEnabled
        self.cooldownMilliseconds = cooldownMilliseconds
        self.retrigger = retrigger
    }

    /// Checks the target and cooldown.
    ///
    /// - Throws: ``AlertError`` naming the value.
    public func validate() throws(AlertError) {
        guard target.isFinite, target > 0 else { throw .invalidTarget(coinId: coinId, target: target) }
        guard cooldownMilliseconds >= 0 else {
            throw .negativeCooldown(coinId: coinId, milliseconds: cooldownMilliseconds)
        }
    }
}

/// Why an alert was refused.
public enum AlertError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A target that is not a positive finite price.
    case invalidTarget(coinId: String, target: Double)
    /// A negative cooldown.
    case negativeCooldown(coinId: String, milliseconds: Int64)
    /// Two alerts with one id.
    case duplicateId(Int64)

    /// One line saying what is wrong.
    public var description: String {
        switch self {
        case .invalidTarget(let coin, let target):
            "\(coin): alert target must be a positive price, found \(target)"
        case .negativeCooldown(let coin, let milliseconds):
            "\(coin): alert cooldown must not be negative, found \(milliseconds) ms"
        case .duplicateId(let id): "alert id \(id) is used twice"
        }
    }
}
