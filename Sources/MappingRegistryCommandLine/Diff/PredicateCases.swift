import MappingRegistry

/// When something happens, in terms of predicates that only the app can
/// answer: a set of combinations of their answers, said as briefly as it
/// can be (`isVegan holds`, `isVegan holds and isSoldOut does not hold`).
/// A question that is a statement rather than a predicate (a type relation
/// the catalog leaves open) reads as itself or its denial:
/// `isVegan holds and 'Side' is not a 'Food'`.
///
/// Each combination is a number whose bit `i` says whether
/// `questions[i]` holds. The set is written as a sum of products that
/// cover exactly its combinations, each product as short as possible and
/// as few as possible (prime implicants, chosen greedily after the
/// essential ones), so a predicate that makes no difference is not named.
struct PredicateCases: Sendable, Equatable {
    /// One product: the predicates it says hold, those it says do not, and
    /// the statements it says are true or false.
    struct Term: Sendable, Equatable {
        var holding: [String]
        var notHolding: [String]
        var statements: [Statement] = []

        /// One statement and whether the product says it is true.
        struct Statement: Sendable, Equatable {
            /// The statement as it reads when true: `'Side' is a 'Food'`.
            var name: String
            var isTrue: Bool
            /// As the product says it: the statement, or its denial.
            var phrase: String
        }

        /// How many questions it names.
        var count: Int { holding.count + notHolding.count + statements.count }

        /// `isVegan holds`, `isVegan and isSpicy hold`, `isSoldOut does not
        /// hold`, `neither isVegan nor isSpicy holds`, `none of a, b and c
        /// holds`, joined by ` and `.
        var phrase: String {
            var parts: [String] = []
            switch holding.count {
            case 0: break
            case 1: parts.append("\(holding[0]) holds")
            default: parts.append("\(PredicateCases.list(holding)) hold")
            }
            switch notHolding.count {
            case 0: break
            case 1: parts.append("\(notHolding[0]) does not hold")
            case 2: parts.append("neither \(notHolding[0]) nor \(notHolding[1]) holds")
            default: parts.append("none of \(PredicateCases.list(notHolding)) holds")
            }
            parts += statements.map(\.phrase)
            return parts.joined(separator: " and ")
        }
    }

    /// The products, fewest predicates first; empty when the set is empty.
    /// One product naming no predicate means every combination.
    private(set) var terms: [Term]

    /// The cases among every combination of answers to `questions` (at
    /// most 64 of them; the caller tries far fewer).
    ///
    /// - Parameters:
    ///   - combinations: The combinations in the set, as bits over `questions`.
    ///   - questions: The predicates, by name (with their arguments), and
    ///     the statements, as they read when true.
    ///   - denials: For each question that is a statement, how it reads
    ///     when false (`'Side' is not a 'Food'`).
    init(_ combinations: Set<UInt64>, over questions: [String], denials: [String: String] = [:]) {
        let all: UInt64 = questions.count >= 64 ? .max : (1 << UInt64(questions.count)) - 1
        let primes = Self.primeImplicants(of: combinations, mask: all)
        let chosen = Self.cover(combinations, with: primes)
        terms = chosen.map { implicant in
            var term = Term(holding: [], notHolding: [])
            for (index, question) in questions.enumerated() where implicant.cares & (1 << UInt64(index)) != 0 {
                let holds = implicant.value & (1 << UInt64(index)) != 0
                if let denial = denials[question] {
                    term.statements.append(Term.Statement(name: question, isTrue: holds, phrase: holds ? question : denial))
                } else if holds {
                    term.holding.append(question)
                } else {
                    term.notHolding.append(question)
                }
            }
            return term
        }.sorted { ($0.count, $0.phrase) < ($1.count, $1.phrase) }
    }

    /// Whether it is every combination: nothing the predicates answer matters.
    var isEverything: Bool { terms.count == 1 && terms[0].count == 0 }

    /// `isVegan holds`, or several products: `isVegan holds, or when isSpicy holds`.
    var phrase: String {
        terms.map(\.phrase).joined(separator: ", or when ")
    }

    /// The products as JSON: an array of objects, each predicate (or
    /// statement) to whether it holds (is true).
    var json: JSONValue {
        .array(terms.map { term in
            .object((term.holding.map { ($0, JSONValue.bool(true)) } + term.notHolding.map { ($0, JSONValue.bool(false)) }
                + term.statements.map { ($0.name, JSONValue.bool($0.isTrue)) })
                .sorted { $0.0 < $1.0 })
        })
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ names: [String]) -> String {
        guard names.count > 1, let last = names.last else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }

    // MARK: - Minimizing

    /// A product: the bits it cares about, and their values.
    private struct Implicant: Hashable {
        var value: UInt64
        var cares: UInt64

        func covers(_ combination: UInt64) -> Bool { combination & cares == value }
    }

    /// Every prime implicant of the set (Quine–McCluskey): products merged
    /// pairwise, one predicate at a time, until none merges further.
    private static func primeImplicants(of combinations: Set<UInt64>, mask: UInt64) -> [Implicant] {
        var current = Set(combinations.map { Implicant(value: $0, cares: mask) })
        var primes: [Implicant] = []
        while !current.isEmpty {
            var next: Set<Implicant> = []
            var merged: Set<Implicant> = []
            let list = current.sorted { ($0.cares, $0.value) < ($1.cares, $1.value) }
            for (index, first) in list.enumerated() {
                for second in list[(index + 1)...] where second.cares == first.cares {
                    let difference = first.value ^ second.value
                    // Exactly one bit apart: the predicate it names makes no difference.
                    guard difference != 0, difference & (difference - 1) == 0 else { continue }
                    next.insert(Implicant(value: first.value & ~difference, cares: first.cares & ~difference))
                    merged.insert(first)
                    merged.insert(second)
                }
            }
            primes += list.filter { !merged.contains($0) }
            current = next
        }
        return primes
    }

    /// A few primes that together cover every combination: each one that
    /// alone covers some combination, then the one covering the most left
    /// (the one naming fewer predicates on a tie).
    private static func cover(_ combinations: Set<UInt64>, with primes: [Implicant]) -> [Implicant] {
        var left = combinations
        var chosen: [Implicant] = []
        for combination in combinations.sorted() {
            let covering = primes.filter { $0.covers(combination) }
            if covering.count == 1, let only = covering.first, !chosen.contains(only) {
                chosen.append(only)
                left = left.filter { !only.covers($0) }
            }
        }
        while !left.isEmpty {
            let best = primes.max { a, b in
                let (countA, countB) = (left.count { a.covers($0) }, left.count { b.covers($0) })
                if countA != countB { return countA < countB }
                return a.cares.nonzeroBitCount > b.cares.nonzeroBitCount
            }
            guard let best, left.contains(where: { best.covers($0) }) else { break }
            chosen.append(best)
            left = left.filter { !best.covers($0) }
        }
        return chosen
    }
}
