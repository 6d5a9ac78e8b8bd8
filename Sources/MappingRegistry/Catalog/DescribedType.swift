/// A model type known only from a catalog file: its name, its shape and
/// how it relates to the catalog's other types, as the app computed them
/// (``ModelType/contains(_:)``, ``ModelType/canShareValue(with:)``) when it
/// wrote the catalog.
///
/// A class so that each described type has an identity of its own
/// (``ModelType/id`` is the `ObjectIdentifier` of this object), as a Swift
/// type does.
final class DescribedType: Sendable {
    /// The catalog's identifier of the type, such as `Menu.Dish`.
    let id: String
    /// The type's name as messages show it, such as `Dish`.
    let name: String
    /// The type's broad category; protocols are `.undecidable` here, as
    /// their relations come from the table instead of a layout.
    let shape: TypeShape
    /// The shape as the catalog file names it (`protocol`, `value`, …).
    let shapeName: String
    /// The identifiers of the types every value of which is a value of this one.
    let contains: Set<String>
    /// The identifiers of the types that may share a value with this one.
    let sharesValues: Set<String>

    init(id: String, name: String, shapeName: String, contains: Set<String>, sharesValues: Set<String>) {
        self.id = id
        self.name = name
        self.shape = CatalogDescription.shape(named: shapeName)
        self.shapeName = shapeName
        self.contains = contains
        self.sharesValues = sharesValues
    }
}
