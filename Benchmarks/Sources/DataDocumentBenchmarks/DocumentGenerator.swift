import Foundation

/// Writes a menu data document of about a given size: sections of 1 000
/// items (nine dishes in ten, the rest drinks), each with a header, most
/// with a footer, every fifth with a banner. Deterministic, so every run
/// and every build measures the same bytes.
struct DocumentGenerator {
    static let itemsPerSection = 1_000

    private static let dishNames = [
        "Tomato soup", "Green curry", "Truffle risotto", "Chicken wings", "Burrata", "Steak frites",
        "Mapo tofu", "Fish and chips", "Mushroom ravioli", "Caesar salad", "Lamb tagine", "Pad thai",
    ]
    private static let details = [
        "heirloom tomatoes, basil oil", "Thai basil, jasmine rice", "carnaroli rice, black truffle",
        "aged sirloin, bearnaise", "with sourdough", "seasonal vegetables",
    ]
    private static let allergens = ["gluten", "milk", "egg", "nuts", "soy", "celery"]
    private static let drinks = ["Lemonade", "Espresso", "Pale ale", "Rioja", "Mint tea"]

    /// A document of at least `bytes` bytes, whole sections only.
    static func document(ofAtLeast bytes: Int) -> (data: Data, sections: Int, items: Int) {
        var generator = SplitMix(seed: 2024)
        var text = "{\n  \"$schema\": \"https://example.com/schemas/menu-data.json\",\n  \"sections\": [\n"
        var sections = 0
        while text.utf8.count < bytes {
            if sections > 0 { text += ",\n" }
            appendSection(sections, to: &text, using: &generator)
            sections += 1
        }
        text += "\n  ]\n}\n"
        return (Data(text.utf8), sections, sections * itemsPerSection)
    }

    private static func appendSection(_ index: Int, to text: inout String, using generator: inout SplitMix) {
        text += "    {\n"
        text += "      \"header\": { \"model\": \"String\", \"value\": \"Section \(index + 1): \(pick(dishNames, &generator))\" },\n"
        text += "      \"items\": [\n"
        for item in 0..<itemsPerSection {
            text += "        "
            if generator.next(10) == 0 {
                text += "{ \"model\": \"Drink\", \"value\": { \"name\": \"\(pick(drinks, &generator)) \(item)\", "
                text += "\"price\": \(price(&generator)), \"size\": \"0.\(generator.next(5) + 2) l\" } }"
            } else {
                text += "{ \"model\": \"Dish\", \"value\": { \"name\": \"\(pick(dishNames, &generator)) \(item)\", \"price\": \(price(&generator))"
                if generator.next(2) == 0 { text += ", \"detail\": \"\(pick(details, &generator))\"" }
                if generator.next(3) == 0 { text += ", \"vegan\": true" }
                if generator.next(4) == 0 { text += ", \"spicy\": \(generator.next(2) == 0)" }
                if generator.next(3) == 0 {
                    text += ", \"allergens\": [\"\(pick(allergens, &generator))\", \"\(pick(allergens, &generator))\"]"
                }
                if generator.next(2) == 0 { text += ", \"calories\": \(200 + generator.next(900))" }
                text += " } }"
            }
            text += item == itemsPerSection - 1 ? "\n" : ",\n"
        }
        text += "      ]"
        if index % 4 != 3 {
            text += ",\n      \"footer\": { \"model\": \"String\", \"value\": \"(v) vegan   (hot) spicy\" }"
        }
        if index % 5 == 0 {
            text += ",\n      \"supplementary\": { \"banner\": { \"model\": \"Promotion\", \"value\": { \"title\": \"Two courses for 25.00\" } } }"
        }
        text += "\n    }"
    }

    private static func pick(_ names: [String], _ generator: inout SplitMix) -> String {
        names[generator.next(names.count)]
    }

    /// A price such as 12.5 or 9.
    private static func price(_ generator: inout SplitMix) -> String {
        let cents = 400 + generator.next(3_000)
        return cents % 100 == 0 ? String(cents / 100) : String(Double(cents / 10) / 10)
    }
}

/// A small seeded generator (SplitMix64).
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// A number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(bound))
    }
}
