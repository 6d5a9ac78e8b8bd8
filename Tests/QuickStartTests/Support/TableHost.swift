import Foundation

// The test host of "Driving a host list": the few UIKit types a table's data
// source touches, under UIKit's names and with UIKit's signatures, so that
// the article's data source compiles and runs on Linux, where UIKit does not
// exist. As in UIKit, everything here is isolated to the main actor.
//
// It is a stand-in, not a table: it lays nothing out and scrolls nothing. It
// keeps ONE cell per reuse identifier (a table one row tall, in effect), and
// calls the data source and the delegate only when a test asks it to, through
// the methods under "Driving the table", which UIKit does not have. A real
// UITableView raises an exception when a cell is dequeued by an identifier
// nobody registered; this one records the identifier, so a test can say
// that never happened.

/// UIKit's `UILabel`, as much as a cell's text needs.
@MainActor final class UILabel {
    var text: String?
}

/// UIKit's `UITableViewCell`: the base class of every cell the host creates.
@MainActor class UITableViewCell {
    enum CellStyle {
        case `default`, value1, value2, subtitle
    }

    enum AccessoryType {
        case none, disclosureIndicator, checkmark
    }

    let reuseIdentifier: String?
    let textLabel: UILabel? = UILabel()
    var accessoryType = AccessoryType.none

    /// `required` so the host can create a registered subclass from its
    /// class object, as UIKit does through the Objective-C runtime.
    required init(style: CellStyle, reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
    }
}

/// UIKit's `UITableViewDataSource`, for the methods the article implements.
@MainActor protocol UITableViewDataSource: AnyObject {
    func numberOfSections(in tableView: UITableView) -> Int
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
}

extension UITableViewDataSource {
    /// Optional in UIKit, where a table has one section unless told otherwise.
    func numberOfSections(in tableView: UITableView) -> Int { 1 }
}

/// UIKit's `UITableViewDelegate`, for the methods the article implements;
/// all optional in UIKit, so each does nothing unless implemented.
@MainActor protocol UITableViewDelegate: AnyObject {
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath)
}

extension UITableViewDelegate {
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
}

/// What UIKit adds to Foundation's `IndexPath` for tables.
extension IndexPath {
    init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    var section: Int { self[0] }
    var row: Int { self[1] }
}

/// UIKit's `UITableView`, as far as registering, dequeuing and delivering
/// delegate calls go.
@MainActor final class UITableView {
    /// "Let the cell size itself": a sentinel, as UIKit's is.
    static let automaticDimension: CGFloat = -1

    weak var dataSource: (any UITableViewDataSource)?
    weak var delegate: (any UITableViewDelegate)?

    private var registered: [String: UITableViewCell.Type] = [:]
    private var reusable: [String: UITableViewCell] = [:]
    private var visible: [IndexPath: UITableViewCell] = [:]

    /// How many cells the host created, by reuse identifier.
    private(set) var cellsCreated: [String: Int] = [:]
    /// Identifiers dequeued without a registered class (UIKit would raise).
    private(set) var unregisteredIdentifiers: [String] = []

    /// Registers the class to create for a reuse identifier; `nil` removes the registration.
    func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        registered[identifier] = cellClass.flatMap { $0 as? UITableViewCell.Type }
        reusable[identifier] = nil
    }

    /// The reusable cell for an identifier, created from its registered class the first time.
    func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if let cell = reusable[identifier] { return cell }
        guard let cellClass = registered[identifier] else {
            unregisteredIdentifiers.append(identifier)
            return UITableViewCell(style: .default, reuseIdentifier: identifier)
        }
        let cell = cellClass.init(style: .default, reuseIdentifier: identifier)
        cellsCreated[identifier, default: 0] += 1
        reusable[identifier] = cell
        return cell
    }

    /// The cell on screen at an index path, if any.
    func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        visible[indexPath]
    }

    // MARK: Driving the table (the test host's own; UIKit does this as the user scrolls and taps)

    /// Puts a row on screen: asks the data source for its cell, then tells
    /// the delegate it will display it.
    @discardableResult
    func display(rowAt indexPath: IndexPath) -> UITableViewCell? {
        guard let dataSource else { return nil }
        let cell = dataSource.tableView(self, cellForRowAt: indexPath)
        visible[indexPath] = cell
        delegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
        return cell
    }

    /// Takes a row off screen and tells the delegate.
    func endDisplaying(rowAt indexPath: IndexPath) {
        guard let cell = visible.removeValue(forKey: indexPath) else { return }
        delegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
    }

    /// The user tapped a row.
    func select(rowAt indexPath: IndexPath) {
        delegate?.tableView(self, didSelectRowAt: indexPath)
    }

    /// Every index path the data source reports, section by section.
    var allIndexPaths: [IndexPath] {
        guard let dataSource else { return [] }
        return (0..<dataSource.numberOfSections(in: self)).flatMap { section in
            (0..<dataSource.tableView(self, numberOfRowsInSection: section)).map { IndexPath(row: $0, section: section) }
        }
    }
}
