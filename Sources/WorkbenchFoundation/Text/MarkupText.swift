/// Escaping for HTML and XML text and attribute values: `&`, `<`, `>` and both quotes. Every text
/// from a dataset, a scenario or a user that goes into a report page (`Reports`) or a JUnit
/// report (``JUnitReport``) goes through it.
public enum MarkupText {
    /// The text with its markup characters escaped.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
