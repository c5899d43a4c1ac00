import WorkbenchFoundation

// PortableMath lives in WorkbenchFoundation; a module's own functions shadow Foundation's, so
// this module's prices, constants, statistics and calibration keep their bits on every CPU.

/// Every `exp` written in this module is ``PortableMath/exp(_:)`` (a module's own function
/// shadows Foundation's): price paths, model constants, statistics and calibration alike.
@inline(__always)
func exp(_ x: Double) -> Double { PortableMath.exp(x) }

/// Every `log` written in this module is ``PortableMath/log(_:)``, as `exp` is.
@inline(__always)
func log(_ x: Double) -> Double { PortableMath.log(x) }

/// Every `pow` written in this module is ``PortableMath/pow(_:_:)``, as `exp` is.
@inline(__always)
func pow(_ x: Double, _ y: Double) -> Double { PortableMath.pow(x, y) }

/// Every `expm1` written in this module is ``PortableMath/expm1(_:)``, as `exp` is.
@inline(__always)
func expm1(_ x: Double) -> Double { PortableMath.expm1(x) }

/// Every `log1p` written in this module is ``PortableMath/log1p(_:)``, as `exp` is.
@inline(__always)
func log1p(_ x: Double) -> Double { PortableMath.log1p(x) }

/// Every `lgamma` written in this module is ``PortableMath/logGamma(_:)``, as `exp` is: positive
/// arguments only (glibc's reflection for negative ones is not reproduced; a precondition says so).
@inline(__always)
func lgamma(_ x: Double) -> Double { PortableMath.logGamma(x) }
