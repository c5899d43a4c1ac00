extension PriceModel {
    /// The models by name, with their parameters and defaults, for scenarios and the CLI.
    ///
    /// Rates are per year except GARCH's, which are per step (see ``GARCH11``).
    public static let catalog: [(name: String, parameters: KeyValuePairs<String, Double>)] = [
        ("gbm", ["drift": 0.3, "volatility": 0.8]),
        (
            "merton",
            [
                "drift": 0.3, "volatility": 0.6, "jump_intensity": 6, "jump_mean": -0.08,
                "jump_volatility": 0.06,
            ]
        ),
        ("garch", ["mean": 0, "omega": 1e-7, "alpha": 0.08, "beta": 0.9, "degrees_of_freedom": 5]),
        (
            "regime",
            [
                "calm_drift": 0.4, "calm_volatility": 0.5, "turbulent_drift": -0.8,
                "turbulent_volatility": 1.5,
                "leave_calm": 0.001, "leave_turbulent": 0.005,
            ]
        ),
        ("ou", ["peg": 1, "reversion_speed": 500, "volatility": 0.05]),
    ]

    /// A model by name, its defaults overridden by `parameters`, validated.
    ///
    /// - Parameters:
    ///   - name: `gbm`, `merton`, `garch`, `regime` or `ou`.
    ///   - parameters: Overrides, by parameter name.
    /// - Returns: The model.
    /// - Throws: ``PriceModelError/unknownModel(_:known:)``,
    ///   ``PriceModelError/unknownParameter(model:name:known:)`` or a parameter's range error.
    public static func named(_ name: String, parameters: [String: Double] = [:]) throws(PriceModelError)
        -> PriceModel
    {
        guard let entry = catalog.first(where: { $0.name == name }) else {
            throw .unknownModel(name, known: catalog.map(\.name))
        }
        let known = entry.parameters.map(\.key)
        if let unknown = parameters.keys.sorted().first(where: { !known.contains($0) }) {
            throw .unknownParameter(model: name, name: unknown, known: known)
        }
        var values: [String: Double] = [:]
        for (key, value) in entry.parameters { values[key] = parameters[key] ?? value }
        let model = build(name, values)
        try model.process.validate()
        return model
    }

    private static func build(_ name: String, _ value: [String: Double]) -> PriceModel {
        switch name {
        case "gbm": .gbm(GeometricBrownianMotion(drift: value["drift"]!, volatility: value["volatility"]!))
        case "merton":
            .merton(
                MertonJumpDiffusion(
                    drift: value["drift"]!, volatility: value["volatility"]!,
                    jumpIntensity: value["jump_intensity"]!,
                    jumpMean: value["jump_mean"]!, jumpVolatility: value["jump_volatility"]!))
        case "garch":
            .garch(
                GARCH11(
                    mean: value["mean"]!, omega: value["omega"]!, alpha: value["alpha"]!,
                    beta: value["beta"]!,
                    degreesOfFreedom: value["degrees_of_freedom"]!))
        case "regime":
            .regime(
                RegimeSwitching(
                    calm: GeometricBrownianMotion(
                        drift: value["calm_drift"]!, volatility: value["calm_volatility"]!),
                    turbulent: GeometricBrownianMotion(
                        drift: value["turbulent_drift"]!, volatility: value["turbulent_volatility"]!),
                    leaveCalm: value["leave_calm"]!, leaveTurbulent: value["leave_turbulent"]!))
        default:
            .ou(
                OrnsteinUhlenbeck(
                    peg: value["peg"]!, reversionSpeed: value["reversion_speed"]!,
                    volatility: value["volatility"]!))
        }
    }
}
