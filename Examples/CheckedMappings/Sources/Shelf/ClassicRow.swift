import MappingRegistry

/// The row of a book published before a given year: its title, author and year.
public final class ClassicRow: TextView, ModelTransfer {
    private var line = ""

    /// Creates an empty row; the renderer gives it a book.
    public init() {}

    /// Shows a book.
    public func update(with model: Book) {
        line = "\(model.title), by \(model.author) (\(model.year))"
    }

    /// The row's text.
    public func render() -> String {
        line
    }
}
