/// A promotion that runs at fixed hours.
final class HappyHour: Promotion {
    let from: String
    let until: String
    let offer: String

    private enum CodingKeys: String, CodingKey {
        case from, until, offer
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        from = try container.decode(String.self, forKey: .from)
        until = try container.decode(String.self, forKey: .until)
        offer = try container.decode(String.self, forKey: .offer)
        try super.init(from: decoder)
    }
}
