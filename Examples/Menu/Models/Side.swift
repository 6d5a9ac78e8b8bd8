/// A side order: just a name and a price.
struct Side: Food, Decodable, Equatable {
    var name: String
    var price: Double

    var detail: String? { nil }
}
