import SwiftParser
import SwiftSyntax

/// A cited member's declaration in a Swift file, found by parsing it (SwiftParser), not by
/// matching text: the members of every class, struct, enum, actor, protocol and extension of the
/// named type, matched by name and, when the citation gives them, argument labels.
public enum SymbolFinder {
    /// The source of the declaration a citation names, without its doc comment; the whole file
    /// (trimmed) for a file citation. nil when the file does not declare it.
    ///
    /// - Parameters:
    ///   - symbol: The citation.
    ///   - source: The file's text.
    public static func declaration(of symbol: CitedSymbol, in source: String) -> String? {
        switch symbol {
        case .file: return source.trimmingCharacters(in: .whitespacesAndNewlines)
        case .member(let type, let name, let labels):
            let finder = MemberFinder(type: type, name: name, labels: labels)
            finder.walk(Parser.parse(source: source))
            return finder.found
        }
    }
}

/// Walks a file for the members of one type.
private final class MemberFinder: SyntaxAnyVisitor {
    let type: String
    let name: String
    let labels: [String]?
    var found: String?

    init(type: String, name: String, labels: [String]?) {
        (self.type, self.name, self.labels) = (type, name, labels)
        super.init(viewMode: .sourceAccurate)
    }

    /// Every type declaration and extension (``DeclGroupSyntax``), by its name or extended type.
    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        guard let (typeName, group) = node.typeDeclaration else { return .visitChildren }
        return look(typeName, group.memberBlock)
    }

    private func look(_ typeName: String, _ members: MemberBlockSyntax) -> SyntaxVisitorContinueKind {
        guard found == nil else { return .skipChildren }
        if typeName == type {
            for member in members.members where matches(member.decl) {
                found = member.decl.trimmedDescription
                return .skipChildren
            }
        }
        return .visitChildren
    }

    private func matches(_ decl: DeclSyntax) -> Bool {
        if let function = decl.as(FunctionDeclSyntax.self) {
            return function.name.text == name && labelsMatch(function.signature.parameterClause.parameters)
        }
        if let initializer = decl.as(InitializerDeclSyntax.self) {
            return name == "init" && labelsMatch(initializer.signature.parameterClause.parameters)
        }
        if let variable = decl.as(VariableDeclSyntax.self) {
            return labels == nil
                && variable.bindings.contains {
                    $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                }
        }
        if let enumCase = decl.as(EnumCaseDeclSyntax.self) {
            return enumCase.elements.contains { $0.name.text == name }
        }
        return false
    }

    private func labelsMatch(_ parameters: FunctionParameterListSyntax) -> Bool {
        guard let labels else { return true }
        return parameters.map(\.firstName.text) == labels
    }
}

extension Syntax {
    /// A type declaration or an extension (``DeclGroupSyntax``) with its type's name (the
    /// extended type's, for an extension); nil for any other node.
    var typeDeclaration: (name: String, group: any DeclGroupSyntax)? {
        guard let group = asProtocol(DeclGroupSyntax.self) else { return nil }
        let name =
            self.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription
            ?? asProtocol(NamedDeclSyntax.self)?.name.text ?? ""
        return (name, group)
    }
}
