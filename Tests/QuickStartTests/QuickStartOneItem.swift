// doc-listing: quick-start-one-item
import MappingRegistry
import ModelStorage

func renderVisibleRows(of books: [Book]) throws -> [String] {
    let registry = try MappingRegistry(plugins: PluginCatalog()) {
        Map(BookRow.self)
    }
    // One pool per list: one BookRow serves every row.
    let pool = ReusePool(registry: registry)
    return books.indices.map { row in
        switch pool.render(books[row], at: ItemPosition(item: row, section: 0)) {
        case .success(let text): text
        case .failure(let diagnostic): "?? \(diagnostic.code)"
        }
    }
}
// doc-listing-end: quick-start-one-item
