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

    /// `6.50`: two decimals, rounded to the cent.
    static func price(_ value: Double) -> String {
        let cents = Int((value * 100).rounded())
        let fraction = cents % 100
        return "\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// A second line, indented under a dish.
    static func detail(_ text: String) -> String {
        "    " + text
    }
}
