/// A dish from the kitchen.
struct Dish: Food, Decodable, Equatable {
    var name: String
    var price: Double
    var detail: String?
    var vegan: Bool
    var spicy: Bool
    /// Gone for tonight; the `soldOut` decorator marks it.
    var soldOut: Bool

    private enum CodingKeys: String, CodingKey {
        case name, price, detail, vegan, spicy, soldOut
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        price = try container.decode(Double.self, forKey: .price)
        detail = try container.decodeIfPresent(String.self, forKey: .detail)
        vegan = try container.decodeIfPresent(Bool.self, forKey: .vegan) ?? false
        spicy = try container.decodeIfPresent(Bool.self, forKey: .spicy) ?? false
        soldOut = try container.decodeIfPresent(Bool.self, forKey: .soldOut) ?? false
    }
}
