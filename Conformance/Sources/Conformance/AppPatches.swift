import SwiftParser
import SwiftSyntax

/// What `conformance diff` changes in the app's code so that it builds on Linux beside
/// TrackerCore, each change counted so the report can list it: imports of Apple-only frameworks
/// removed, SwiftData's `@Model` and `@Attribute` dropped (the class stays), every `Date()` read through
/// `AppClock.now()` (the case's time), `Task.sleep` made to sleep on that clock, and every
/// `Dictionary(grouping:by:)` iterated in its keys' order.
public enum AppPatches {
    /// Frameworks the extracted files may import that Linux does not have.
    static let appleOnly: Set<String> = [
        "SwiftData", "OSLog", "SwiftUI", "UIKit", "WidgetKit", "Charts", "UniformTypeIdentifiers",
    ]
    /// SwiftData's attributes, dropped with its import.
    static let swiftDataAttributes: Set<String> = ["Model", "Attribute", "Relationship", "Transient"]

    /// A file patched, with the changes made.
    ///
    /// - Parameter opening: Types whose `private` and `fileprivate` members become `internal`,
    ///   so that the harness can call them.
    public static func patch(_ source: String, file: String, opening: Set<String> = [])
        -> (text: String, patches: [String])
    {
        let rewriter = Rewriter(opening: opening)
        let patched = rewriter.rewrite(Parser.parse(source: source)).description
        var patches: [String] = []
        for framework in rewriter.removedImports { patches.append("\(file): `import \(framework)` removed") }
        for module in rewriter.addedImports {
            let from = module == "Observation" ? "SwiftData" : "the framework removed"
            patches.append("\(file): `import \(module)` added (\(from) re-exports it)")
        }
        for attribute in rewriter.dropped { patches.append("\(file): `@\(attribute)` dropped (SwiftData)") }
        for (type, count) in rewriter.opened.sorted(by: { $0.key < $1.key }) {
            patches.append(
                "\(file): \(count) private member(s) of `\(type)` made internal, for the harness to call")
        }
        for type in rewriter.singletons {
            patches.append(
                "\(file): `\(type).shared` made `static var`, for the harness to give each case a fresh one")
        }
        if rewriter.sleeps > 0 {
            patches.append(
                "\(file): `Task.sleep` sleeps on the case's clock (`AppClock.sleep`), \(rewriter.sleeps)×")
        }
        if rewriter.groupings > 0 {
            patches.append(
                "\(file): `Dictionary(grouping:by:)` iterated in its keys' order, \(rewriter.groupings)×: "
                    + "a dictionary's own order follows the hash seed Swift draws at each launch, so no order is the app's"
            )
        }
        if rewriter.clockReads > 0 {
            patches.append(
                "\(file): `Date()` read as `AppClock.now()` (the case's time), \(rewriter.clockReads)×")
        }
        return (patched, patches)
    }

    private final class Rewriter: SyntaxRewriter {
        var removedImports: [String] = []
        var dropped: [String] = []
        var sleeps = 0
        var singletons: [String] = []
        var addedImports: [String] = []
        let opening: Set<String>
        var opened: [String: Int] = [:]

        init(opening: Set<String>) {
            self.opening = opening
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: ClassDeclSyntax) -> DeclSyntax {
            guard opening.contains(node.name.text) else { return super.visit(node) }
            var opened = node
            opened.memberBlock.members = MemberBlockItemListSyntax(
                node.memberBlock.members.map { item in
                    var item = item
                    if var function = item.decl.as(FunctionDeclSyntax.self) {
                        function.modifiers = internalised(function.modifiers, in: node.name.text)
                        item.decl = DeclSyntax(function)
                    } else if var initializer = item.decl.as(InitializerDeclSyntax.self) {
                        initializer.modifiers = internalised(initializer.modifiers, in: node.name.text)
                        item.decl = DeclSyntax(initializer)
                    } else if var variable = item.decl.as(VariableDeclSyntax.self) {
                        variable.modifiers = internalised(variable.modifiers, in: node.name.text)
                        // A singleton (`static let shared`) becomes settable: the harness gives
                        // each case a fresh one, as a fresh launch has.
                        if variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }),
                            variable.bindingSpecifier.tokenKind == .keyword(.let),
                            variable.bindings.first?.pattern.trimmedDescription == "shared"
                        {
                            variable.bindingSpecifier = .keyword(
                                .var, leadingTrivia: variable.bindingSpecifier.leadingTrivia,
                                trailingTrivia: variable.bindingSpecifier.trailingTrivia)
                            singletons.append(node.name.text)
                        }
                        item.decl = DeclSyntax(variable)
                    }
                    return item
                })
            return super.visit(opened)
        }

        /// `private` and `fileprivate` read as `internal` (trivia kept).
        private func internalised(_ modifiers: DeclModifierListSyntax, in type: String)
            -> DeclModifierListSyntax
        {
            DeclModifierListSyntax(
                modifiers.map { modifier in
                    guard
                        modifier.name.tokenKind == .keyword(.private)
                            || modifier.name.tokenKind == .keyword(.fileprivate)
                    else { return modifier }
                    opened[type, default: 0] += 1
                    var changed = modifier
                    changed.name = .keyword(
                        .internal, leadingTrivia: modifier.name.leadingTrivia,
                        trailingTrivia: modifier.name.trailingTrivia)
                    return changed
                })
        }
        var clockReads = 0
        var groupings = 0

        override func visit(_ node: CodeBlockItemListSyntax) -> CodeBlockItemListSyntax {
            let kept = node.filter { item in
                guard let declaration = item.item.as(ImportDeclSyntax.self) else { return true }
                let module = declaration.path.trimmedDescription
                guard AppPatches.appleOnly.contains(module) else { return true }
                removedImports.append(module)
                return false
            }
            // A removed framework's re-exports stay: SwiftData's Observation (its `@Model` is
            // observable), and the Foundation that WidgetKit, SwiftUI and UIKit bring.
            let imported = Set(node.compactMap { $0.item.as(ImportDeclSyntax.self)?.path.trimmedDescription })
            var added: [String] = []
            if imported.contains("SwiftData"), !imported.contains("Observation") {
                added.append("Observation")
            }
            if !imported.isDisjoint(with: ["WidgetKit", "SwiftUI", "UIKit"]), !imported.contains("Foundation")
            {
                added.append("Foundation")
            }
            guard !added.isEmpty else { return super.visit(CodeBlockItemListSyntax(kept)) }
            var items = Array(kept)
            let index = items.firstIndex { $0.item.is(ImportDeclSyntax.self) } ?? 0
            for module in added.reversed() {
                let declaration = ImportDeclSyntax(
                    leadingTrivia: .newline, importKeyword: .keyword(.import, trailingTrivia: .space),
                    path: ImportPathComponentListSyntax([ImportPathComponentSyntax(name: .identifier(module))]
                    ),
                    trailingTrivia: .newline)
                items.insert(CodeBlockItemSyntax(item: .decl(DeclSyntax(declaration))), at: index)
            }
            addedImports += added
            return super.visit(CodeBlockItemListSyntax(items))
        }

        override func visit(_ node: AttributeListSyntax) -> AttributeListSyntax {
            let kept = node.filter { element in
                guard let name = element.as(AttributeSyntax.self)?.attributeName.trimmedDescription,
                    AppPatches.swiftDataAttributes.contains(name)
                else { return true }
                dropped.append(name)
                return false
            }
            return super.visit(AttributeListSyntax(kept))
        }

        override func visit(_ node: FunctionCallExprSyntax) -> ExprSyntax {
            if node.calledExpression.trimmedDescription == "Task.sleep" {
                sleeps += 1
                var call = node
                call.calledExpression = ExprSyntax(
                    MemberAccessExprSyntax(
                        base: DeclReferenceExprSyntax(
                            baseName: .identifier(
                                "AppClock", leadingTrivia: node.calledExpression.leadingTrivia)),
                        name: .identifier("sleep")))
                return super.visit(call)
            }
            if node.calledExpression.trimmedDescription == "Dictionary",
                node.arguments.first?.label?.text == "grouping"
            {
                // Every use in the app iterates the groups (`for (key, values) in`, `compactMap`),
                // which an array of the pairs in key order serves alike.
                groupings += 1
                let grouped = super.visit(node).with(\.leadingTrivia, []).with(\.trailingTrivia, [])
                let source = Parser.parse(source: "\(grouped).sorted(by: { $0.key < $1.key })")
                guard let sorted = source.statements.first?.item.as(ExprSyntax.self) else { return grouped }
                return sorted.with(\.leadingTrivia, node.leadingTrivia).with(
                    \.trailingTrivia, node.trailingTrivia)
            }
            if node.calledExpression.trimmedDescription == "Date", node.arguments.isEmpty,
                node.trailingClosure == nil
            {
                clockReads += 1
                let clock = MemberAccessExprSyntax(
                    base: DeclReferenceExprSyntax(baseName: .identifier("AppClock")), name: .identifier("now")
                )
                let call = FunctionCallExprSyntax(
                    calledExpression: clock, leftParen: .leftParenToken(), arguments: [],
                    rightParen: .rightParenToken())
                return ExprSyntax(
                    call.with(\.leadingTrivia, node.leadingTrivia).with(\.trailingTrivia, node.trailingTrivia)
                )
            }
            return super.visit(node)
        }
    }

    /// The named members of a type, lifted out as static functions of `<Type>Lifted` (their
    /// access modifiers and attributes dropped, the other patches applied); `missing` names each
    /// member the file no longer declares as a function of the type, or that now reads `self`.
    public static func lift(_ members: [String], of type: String, from source: String, file: String = "")
        -> (text: String, missing: [String], patches: [String])
    {
        let finder = FunctionFinder(type: type)
        finder.walk(Parser.parse(source: source))
        var lifted: [String] = []
        var missing: [String] = []
        var patches: [String] = []
        for member in members {
            guard let function = finder.functions[member], !function.usesSelf else {
                missing.append(finder.functions[member] == nil ? member : "\(member) (it now reads `self`)")
                continue
            }
            let patched = patch(function.text, file: "\(file) `\(type).\(member)`")
            lifted.append(patched.text)
            patches += patched.patches
        }
        let body = lifted.map { "    " + $0.replacingOccurrences(of: "\n", with: "\n    ") }.joined(
            separator: "\n\n")
        return ("import Foundation\n\nenum \(type)Lifted {\n\(body)\n}\n", missing, patches)
    }

    private final class FunctionFinder: SyntaxAnyVisitor {
        let type: String
        var functions: [String: (text: String, usesSelf: Bool)] = [:]

        init(type: String) {
            self.type = type
            super.init(viewMode: .sourceAccurate)
        }

        override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
            guard let (name, group) = node.typeDeclaration else { return .visitChildren }
            guard name == type else { return .visitChildren }
            for member in group.memberBlock.members {
                guard var function = member.decl.as(FunctionDeclSyntax.self),
                    functions[function.name.text] == nil
                else { continue }
                let usesSelf = function.body?.tokens(viewMode: .sourceAccurate).contains {
                    $0.tokenKind == .keyword(.self)
                }
                function.modifiers = [DeclModifierSyntax(name: .keyword(.static), trailingTrivia: .space)]
                function.attributes = []
                function.funcKeyword.leadingTrivia = []
                functions[function.name.text] = (function.trimmedDescription, usesSelf ?? false)
            }
            return .skipChildren
        }
    }
}
