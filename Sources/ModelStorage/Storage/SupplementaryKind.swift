/// The names of the two supplementary kinds every list knows.
///
/// Any other string is a custom kind. The values match the raw values of
/// `ViewKind.header` and `ViewKind.footer` in the MappingRegistry module.
public enum SupplementaryKind {
    /// The kind under which section headers are stored: `"header"`.
    public static let header = "header"
    /// The kind under which section footers are stored: `"footer"`.
    public static let footer = "footer"
}
