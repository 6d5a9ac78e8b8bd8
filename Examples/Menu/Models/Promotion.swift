/// An offer the restaurant advertises, in the list or as a section banner.
/// Subclasses (``HappyHour``) match the `Promotion` model too.
class Promotion: Decodable {
    let title: String

    init(title: String) {
        self.title = title
    }
}
