import MappingRegistry

/// The row of a book: its title and author.
public final class BookRow: TextView, ModelTransfer {
    private var line = ""

    /// Creates an empty row; the renderer gives it a book.
    public init() {}

    /// Shows a book.
    public func update(with model: Book) {
        line = "\(model.title), by \(model.author)"
    }

    /// The row's text.
    public func render() -> String {
        line
    }
}
