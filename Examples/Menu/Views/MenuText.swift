/// Text layout shared by the menu's views: a fixed width, dot leaders and prices.
enum MenuText {
    /// The width of a menu line.
    static let width = 48

    /// `Tomato soup ........................ 6.50`, exactly ``width`` wide
    /// unless the name is too long to leave room for dots.
    static func line(_ name: String, price: Double) -> String {
        let amount = self.price(price)
        let dots = max(3, width - name.count - amount.count - 2)
        return name + " " + String(repeating: ".", count: dots) + " " + amount
    }

    /// `6.50`: two decimals, rounded to the cent. Prices too large to
    /// count in cents, and values that are not numbers, are shown as `?`.
    static func price(_ value: Double) -> String {
        guard let cents = Int(exactly: (value * 100).rounded()) else { return "?" }
        let sign = cents < 0 ? "-" : ""
        let magnitude = cents.magnitude
        let fraction = magnitude % 100
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
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
