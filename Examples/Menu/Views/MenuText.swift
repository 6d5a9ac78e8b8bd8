/// Text layout shared by the menu's views: a fixed width, dot leaders and prices.
enum MenuText {
    /// The width of a menu line.
    static let width = 48

    /// `Tomato soup ........................ 6.50`, exactly ``width`` wide
    /// unless the name is too long to leave room for dots.
    static func line(_ name: String, price: Double) -> String {
        line(name, trailing: self.price(price))
    }

    /// `Burrata ....................... sold out`: a name and a word where the price goes.
    static func line(_ name: String, trailing: String) -> String {
        let dots = max(3, width - name.count - trailing.count - 2)
        // Built in one buffer: every visible row is laid out again on each
        // frame a host list draws.
        var line = ""
        line.reserveCapacity(name.utf8.count + dots + trailing.utf8.count + 2)
        line += name
        line += " "
        line += dots < leaders.count ? leaders[dots] : String(repeating: ".", count: dots)
        line += " "
        line += trailing
        return line
    }

    /// Dot leaders of every length a line of ``width`` can need, made once.
    private static let leaders = (0...width).map { String(repeating: ".", count: $0) }

    /// `Burrata · 11.00 · heirloom tomatoes, basil oil · sold out tonight · seen 3 times`:
    /// a dish in one line, for `menu browse`'s status line.
    static func summary(of dish: Dish, impressions: Int) -> String {
        var parts = [dish.name, price(dish.price)]
        if let detail = dish.detail { parts.append(detail) }
        if dish.vegan { parts.append("vegan") }
        if dish.spicy { parts.append("spicy") }
        if dish.soldOut { parts.append("sold out tonight") }
        parts.append("seen \(impressions) time\(impressions == 1 ? "" : "s")")
        return parts.joined(separator: " · ")
    }

    /// `6.50`: two decimals, rounded to the cent. Prices too large to
    /// count in cents, and values that are not numbers, are shown as `?`.
    static func price(_ value: Double) -> String {
        guard let cents = Int(exactly: (value * 100).rounded()) else { return "?" }
        let sign = cents < 0 ? "-" : ""
        let magnitude = cents.magnitude
        let fraction = magnitude % 100
        return sign + String(magnitude / 100) + (fraction < 10 ? ".0" : ".") + String(fraction)
    }

    /// Text centred in the menu's width.
    static func centered(_ text: String) -> String {
        String(repeating: " ", count: max(0, (width - text.count) / 2)) + text
    }

    /// A second line, indented under a dish.
    static func detail(_ text: String) -> String {
        "    " + text
    }
}
