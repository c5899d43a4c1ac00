/// The conformance reports' HTML: escaping, and one self-contained page.
enum HTMLPage {
    /// Text escaped for HTML.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// A page with a title, a style and a body.
    static func page(title: String, style: String, body: String) -> String {
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>\(escaped(title))</title>"
            + "<style>\(style)</style></head><body>\(body)</body></html>\n"
    }

    /// The reports' common style.
    static let style = """
        body{font-family:system-ui,sans-serif;margin:2em;max-width:75em}table{border-collapse:collapse}\
        td,th{border:1px solid #d0d7de;padding:.3em .6em;text-align:left;vertical-align:top}\
        pre{background:#f6f8fa;padding:1em;overflow-x:auto;white-space:pre-wrap}.add{color:#1a7f37}.del{color:#cf222e}\
        .bad td:first-child{color:#cf222e;font-weight:600}
        """
}
