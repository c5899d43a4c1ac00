import Testing
import WorkbenchFoundation

@Suite("The nearest name, for 'did you mean'")
struct NearestNameTests {
    @Test("a typo finds its name; something far finds none; ties go to the first")
    func nearest() {
        let commands = ["run", "sweep", "merge", "serve", "record", "check"]
        #expect(NearestName.nearest(to: "runn", among: commands) == "run")
        #expect(NearestName.nearest(to: "swep", among: commands) == "sweep")
        #expect(NearestName.nearest(to: "SERVE", among: commands) == "serve")
        #expect(NearestName.nearest(to: "frobnicate", among: commands) == nil)
        #expect(NearestName.nearest(to: "policie", among: ["plan", "policies", "portfolio"]) == "policies")
        #expect(NearestName.nearest(to: "ab", among: ["ax", "ay"]) == "ax")
    }
}
