import GRDB

/// Makes random transactions against a menu database: inserts, updates,
/// deletes and reorders of dishes and courses, several at once, and some
/// that roll back.
struct MenuEditGenerator {
    /// One transaction: its statements, and whether it rolls back.
    struct Edit: CustomStringConvertible {
        var statements: [String] = []
        var rollsBack = false

        var description: String {
            (rollsBack ? "[rolled back] " : "") + statements.joined(separator: "; ")
        }
    }

    var random: PCG32
    private var counter = 0

    init(seed: UInt64) {
        random = PCG32(seed: seed)
    }

    /// A random transaction for a database holding these rows.
    mutating func edit(courses: [Int64], dishes: [Int64]) -> Edit {
        switch random.number(in: 0...19) {
        case 0...15:
            return Edit(statements: [statement(courses: courses, dishes: dishes)])
        case 16...18:
            let count = random.number(in: 2...4)
            return Edit(statements: (0..<count).map { _ in statement(courses: courses, dishes: dishes) })
        default:
            return Edit(statements: [statement(courses: courses, dishes: dishes)], rollsBack: true)
        }
    }

    /// One statement; ids are mostly existing ones, sometimes ones that
    /// match no row.
    private mutating func statement(courses: [Int64], dishes: [Int64]) -> String {
        counter += 1
        let dish = random.oneIn(12) ? 9_999 : random.pick(dishes) ?? 9_999
        let course = random.oneIn(12) ? 9_999 : random.pick(courses) ?? 9_999
        let position = random.number(in: -2...8)
        switch random.number(in: 0...15) {
        case 0, 1:
            guard let home = random.pick(courses) else { return insertCourse(position) }
            return "INSERT INTO dish (courseId, name, priceCents, isVegan, position) "
                + "VALUES (\(home), 'Dish \(counter)', \(random.number(in: 100...3_000)), \(random.number(in: 0...1)), \(position))"
        case 2:
            return "UPDATE dish SET priceCents = \(random.number(in: 100...3_000)) WHERE id = \(dish)"
        case 3:
            return "UPDATE dish SET name = 'Renamed \(counter)' WHERE id = \(dish)"
        case 4:
            return "UPDATE dish SET isVegan = NOT isVegan WHERE id = \(dish)"
        case 5:
            return "DELETE FROM dish WHERE id = \(dish)"
        case 6, 7:
            return "UPDATE dish SET position = \(position) WHERE id = \(dish)"
        case 8:
            return "UPDATE dish SET courseId = \(course), position = \(position) WHERE id = \(dish)"
        case 9:
            // Reorders a whole course at once: many moves.
            return "UPDATE dish SET position = (id * \(random.number(in: 2...7))) % \(random.number(in: 3...11)) WHERE courseId = \(course)"
        case 10:
            return insertCourse(position)
        case 11:
            return "DELETE FROM course WHERE id = \(course)"
        case 12:
            return "UPDATE course SET name = 'Course \(counter)' WHERE id = \(course)"
        case 13:
            return "UPDATE course SET position = \(position) WHERE id = \(course)"
        case 14:
            return "DELETE FROM dish WHERE priceCents < \(random.number(in: 100...900))"
        default:
            // Touches rows without changing what the query returns.
            return "UPDATE dish SET name = name WHERE id = \(dish)"
        }
    }

    private mutating func insertCourse(_ position: Int) -> String {
        "INSERT INTO course (name, position) VALUES ('Course \(counter)', \(position))"
    }
}
