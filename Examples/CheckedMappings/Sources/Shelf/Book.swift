/// A book on the shelf: the model every row shows.
public struct Book: Codable, Sendable, Equatable {
    /// The title, as printed on the spine.
    public var title: String
    /// Who wrote it.
    public var author: String
    /// The year it was first published.
    public var year: Int

    /// Creates a book.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - author: Who wrote it.
    ///   - year: The year it was first published.
    public init(title: String, author: String, year: Int) {
        self.title = title
        self.author = author
        self.year = year
    }
}
