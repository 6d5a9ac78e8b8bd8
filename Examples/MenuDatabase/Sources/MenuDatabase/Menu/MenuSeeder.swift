import GRDB

/// Fills a menu database with made-up courses and dishes, the same ones
/// for the same counts, so runs and measurements can be repeated.
public enum MenuSeeder {
    static let courseNames = ["Starters", "Soups", "Mains", "Sides", "Desserts", "Drinks", "Cheese", "Specials"]
    static let styles = ["Roast", "Grilled", "Smoked", "Braised", "Pickled", "Charred", "Poached", "Fried", "Raw"]
    static let foods = ["Leek", "Trout", "Squash", "Lamb", "Beetroot", "Mackerel", "Fennel", "Duck", "Celeriac",
                        "Chicory", "Pear", "Quail", "Kohlrabi", "Plum", "Hake", "Chard"]

    /// Deletes every course and dish, then inserts new ones in one transaction.
    ///
    /// Dishes are dealt to the courses in turn; dish `n` is named after a
    /// style and a food (plus a number once the pairs run out), costs
    /// between 4.00 and 28.75, and every seventh one is vegan.
    ///
    /// - Parameters:
    ///   - writer: The database, with ``MenuSchema`` created.
    ///   - dishes: How many dishes to insert.
    ///   - courses: How many courses, at least 1; named after
    ///     ``courseNames`` while those last.
    /// - Throws: GRDB's `DatabaseError`.
    public static func seed(_ writer: any DatabaseWriter, dishes: Int, courses: Int) throws {
        let courseCount = max(1, courses)
        try writer.write { db in
            try db.execute(sql: "DELETE FROM dish; DELETE FROM course")
            let insertCourse = try db.makeStatement(sql: "INSERT INTO course (id, name, position) VALUES (?, ?, ?)")
            for index in 0..<courseCount {
                try insertCourse.execute(arguments: [index + 1, courseName(index), index])
            }
            let insertDish = try db.makeStatement(sql: """
                INSERT INTO dish (id, courseId, name, priceCents, isVegan, position) VALUES (?, ?, ?, ?, ?, ?)
                """)
            for index in 0..<max(0, dishes) {
                try insertDish.execute(arguments: [
                    index + 1,
                    index % courseCount + 1,
                    dishName(index),
                    400 + (index * 37) % 2_476,
                    index % 7 == 0,
                    index / courseCount,
                ])
            }
        }
    }

    /// The name of course `index` (zero-based).
    static func courseName(_ index: Int) -> String {
        index < courseNames.count ? courseNames[index] : "Course \(index + 1)"
    }

    /// The name of dish `index` (zero-based): style and food step together,
    /// and since their counts share no factor every pair comes once before
    /// any comes again.
    static func dishName(_ index: Int) -> String {
        let pairs = styles.count * foods.count
        let name = "\(styles[index % styles.count]) \(foods[index % foods.count])"
        return index < pairs ? name : "\(name) \(index / pairs + 1)"
    }
}
