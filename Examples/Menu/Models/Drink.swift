/// Something from the bar; its size shows as the detail.
struct Drink: Food, Decodable, Equatable {
    var name: String
    var price: Double
    var size: String

    var detail: String? { size }
}
