import Foundation
import Testing

@testable import Reports

@Suite("SVG plots")
struct SVGPlotTests {
    @Test("a long line is thinned with LTTB to 1,500 points, ends kept; short or unordered lines stay whole")
    func thinning() {
        let x = (0..<10_000).map { Double($0) / 100 }
        let y = x.map { sin($0) * 100 + $0 }
        let line = SVGPlot.Series(name: "long", x: x, y: y, color: "#000")
        let thinned = SVGPlot.thinned(line)
        #expect(thinned.x.count == SVGPlot.maximumPoints)
        #expect(thinned.x.first == x.first && thinned.x.last == x.last)
        #expect(thinned.y.max()! > y.max()! - 1 && thinned.y.min()! < y.min()! + 1)
        let short = SVGPlot.Series(
            name: "short", x: Array(x.prefix(100)), y: Array(y.prefix(100)), color: "#000")
        #expect(SVGPlot.thinned(short).x.count == 100)
        let unordered = SVGPlot.Series(name: "unordered", x: x.reversed(), y: y, color: "#000")
        #expect(SVGPlot.thinned(unordered).x.count == 10_000)
        let svg = SVGPlot(title: "t <&>", xLabel: "x", yLabel: "y", series: [line]).render()
        #expect(svg.contains("t &lt;&amp;&gt;"))
        #expect(svg.components(separatedBy: " ").count < 2 * SVGPlot.maximumPoints + 200)
    }
}
