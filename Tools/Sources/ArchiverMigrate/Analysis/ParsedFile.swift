import SwiftOperators
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// One input file, parsed, with its operators folded so that `a as? T ?? d` reads as one tree.
struct ParsedFile {
    let path: String
    let text: String
    let tree: SourceFileSyntax
    let hasErrors: Bool
    let locations: SourceLocationConverter

    init(path: String, text: String) {
        self.path = path
        self.text = text
        let parsed = Parser.parse(source: text)
        hasErrors = parsed.hasError
        let folded = OperatorTable.standardOperators.foldAll(parsed) { _ in }
        tree = folded.as(SourceFileSyntax.self) ?? parsed
        locations = SourceLocationConverter(fileName: path, tree: tree)
    }

    func line(of node: some SyntaxProtocol) -> Int {
        node.startLocation(converter: locations).line
    }

    /// The first syntax error: its line and the parser's message.
    func firstError() -> (line: Int, message: String)? {
        guard hasErrors, let diagnostic = ParseDiagnosticsGenerator.diagnostics(for: Parser.parse(source: text)).first else { return nil }
        return (diagnostic.location(converter: locations).line, diagnostic.message)
    }
}
