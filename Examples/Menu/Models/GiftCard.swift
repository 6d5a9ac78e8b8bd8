/// A gift voucher sold at the counter. The sample's mappings deliberately
/// have no view for it, so the default data shows a `missing-mapping` report.
struct GiftCard: Decodable, Equatable {
    var amount: Double
}
