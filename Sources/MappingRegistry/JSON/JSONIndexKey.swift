/// The key of an array element in a coding path, and of `super`, spelled as
/// JSONDecoder spells them (`Index 3`, `super`).
struct JSONIndexKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    static let `super` = JSONIndexKey(stringValue: "super")
}
