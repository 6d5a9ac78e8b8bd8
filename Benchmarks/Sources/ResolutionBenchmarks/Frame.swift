import Foundation
import MappingRegistry
import ModelStorage

// A frame of a list: the sample menu's models, views, predicates, decorator
// and mappings (Examples/Menu, rebuilt here: the benchmark package cannot
// import an executable target), and the 60 rows a screen shows at once.
// What a host list does for every frame: resolve each visible row, or
// resolve and render it (`ReusePool.render`), with the app's state as the
// render context.

protocol MenuFood {
    var name: String { get }
    var price: Double { get }
    var detail: String? { get }
}

struct MenuDish: MenuFood {
    var name: String
    var price: Double
    var detail: String?
    var vegan = false
    var spicy = false
    var soldOut = false
}

struct MenuDrink: MenuFood {
    var name: String
    var price: Double
    var size: String
    var detail: String? { size }
}

struct MenuSide: MenuFood {
    var name: String
    var price: Double
    var detail: String? { nil }
}

struct MenuGiftCard { var amount: Double }

class MenuPromotion: @unchecked Sendable {
    let title: String
    init(title: String) { self.title = title }
}

final class MenuHappyHour: MenuPromotion, @unchecked Sendable {
    let offer: String
    init(title: String, offer: String) {
        self.offer = offer
        super.init(title: title)
    }
}

/// The app's state, passed as the render context: dishes sold out tonight.
struct MenuState: Sendable { var soldOut: Set<String> }

/// `Tomato soup ........................ 6.50`, as the sample prints it
/// (`MenuText.line`: one buffer, dot leaders made once, the price to the cent).
func menuLine(_ name: String, price: Double) -> String {
    let amount = menuPrice(price)
    let dots = max(3, 48 - name.count - amount.count - 2)
    var line = ""
    line.reserveCapacity(name.utf8.count + dots + amount.utf8.count + 2)
    line += name
    line += " "
    line += dots < menuLeaders.count ? menuLeaders[dots] : String(repeating: ".", count: dots)
    line += " "
    line += amount
    return line
}

/// Dot leaders of every length a 48-character line can need.
let menuLeaders = (0...48).map { String(repeating: ".", count: $0) }

/// `6.50`, as the sample's `MenuText.price` writes it.
func menuPrice(_ value: Double) -> String {
    guard let cents = Int(exactly: (value * 100).rounded()) else { return "?" }
    let sign = cents < 0 ? "-" : ""
    let magnitude = cents.magnitude
    let fraction = magnitude % 100
    return sign + String(magnitude / 100) + (fraction < 10 ? ".0" : ".") + String(fraction)
}

final class MenuDishRow: TextView, ModelTransfer {
    private var lines: [String] = []
    init() {}
    func update(with model: MenuDish) {
        lines = [menuLine(model.name, price: model.price)]
        if let detail = model.detail { lines.append("    " + detail) }
    }
    func render() -> String { lines.joined(separator: "\n") }
}

final class MenuPriceRow: TextView, ModelTransfer {
    private var line = ""
    init() {}
    func update(with model: any MenuFood) { line = menuLine(model.detail.map { "\(model.name), \($0)" } ?? model.name, price: model.price) }
    func render() -> String { line }
}

final class MenuPromotionBox: TextView, ModelTransfer {
    private var title = ""
    init() {}
    func update(with model: MenuPromotion) { title = model.title }
    func render() -> String { "| " + title + " |" }
}

/// The sample's plugins (`MenuPlugins.catalog`), without its event handlers.
func menuCatalog() -> PluginCatalog {
    var plugins = PluginCatalog()
    plugins.register(model: (any MenuFood).self, named: "Food")
    plugins.register(model: MenuDish.self, named: "Dish")
    plugins.register(model: MenuDrink.self, named: "Drink")
    plugins.register(model: MenuSide.self, named: "Side")
    plugins.register(model: MenuPromotion.self, named: "Promotion")
    plugins.register(model: MenuHappyHour.self, named: "HappyHour")
    plugins.register(model: String.self, named: "String")
    plugins.register(model: MenuGiftCard.self, named: "GiftCard")
    plugins.register(model: Any.self, named: "Anything")
    plugins.register(view: MenuDishRow.self, named: "DishRow")
    plugins.register(view: MenuPriceRow.self, named: "PriceRow")
    plugins.register(view: MenuPromotionBox.self, named: "PromotionBox")
    plugins.register(view: "ChefSpecialRow", for: MenuDish.self) { dish, _ in "* " + menuLine(dish.name, price: dish.price) }
    plugins.register(view: "VeganDishRow", for: MenuDish.self) { dish, _ in menuLine(dish.name + " (v)", price: dish.price) }
    plugins.register(view: "SpicyDishRow", for: MenuDish.self) { dish, _ in menuLine(dish.name + " (hot)", price: dish.price) }
    plugins.register(view: "PremiumDishRow", for: MenuDish.self) { dish, _ in "+ " + menuLine(dish.name, price: dish.price) }
    plugins.register(view: "HappyHourRow", for: MenuHappyHour.self) { happyHour, _ in "\(happyHour.title): \(happyHour.offer)" }
    plugins.register(view: "SectionTitle", for: String.self) { title, _ in title.uppercased() }
    plugins.register(view: "Footnote", for: String.self) { note, _ in "  " + note }
    plugins.register(view: "Signature", for: String.self) { note, _ in "~ " + note + " ~" }
    plugins.register(view: "PlainRow", for: Any.self) { value, _ in "  (\(type(of: value)))" }
    plugins.register(view: "SoldOutRow", for: MenuDish.self) { dish, _ in "x " + dish.name + " sold out" }
    plugins.register(predicate: "isVegan", for: MenuDish.self) { dish, _ in dish.vegan }
    plugins.register(predicate: "isSpicy", for: MenuDish.self) { dish, _ in dish.spicy }
    plugins.register(predicate: "priceAbove", for: MenuDish.self, argument: Double.self) { dish, limit, _ in dish.price > limit }
    plugins.register(predicate: "isSoldOut", for: MenuDish.self, context: MenuState.self) { dish, state, _ in state.soldOut.contains(dish.name) }
    plugins.register(decorator: "soldOut", for: MenuDish.self) { text, dish, _ in dish.soldOut ? text + "\n    (sold out tonight)" : text }
    return plugins
}

/// The sample's `mappings.json`, without its `events`.
let menuMappings = #"""
{
  "version": 1,
  "mappings": [
    { "view": "PriceRow", "model": "Food" },
    { "view": "DishRow", "model": "Dish", "priority": 1, "decorators": ["soldOut"] },
    { "view": "ChefSpecialRow", "model": "Dish", "condition": { "section": 0 }, "priority": 3 },
    { "view": "VeganDishRow", "model": "Dish", "condition": { "predicate": "isVegan" }, "priority": 2, "decorators": ["soldOut"] },
    { "view": "SpicyDishRow", "model": "Dish", "condition": { "predicate": "isSpicy" }, "priority": 2 },
    { "view": "PremiumDishRow", "model": "Dish", "condition": { "all": [{ "predicate": "priceAbove", "argument": 20 }, { "not": { "section": 0 } }] }, "priority": 4, "decorators": ["soldOut"] },
    { "view": "PromotionBox", "model": "Promotion", "reuseIdentifier": "promotion" },
    { "view": "PromotionBox", "model": "Promotion", "kind": "banner", "reuseIdentifier": "promotion" },
    { "view": "HappyHourRow", "model": "HappyHour", "priority": 1 },
    { "view": "SectionTitle", "model": "String", "kind": "header" },
    { "view": "Footnote", "model": "String", "kind": "footer", "condition": { "sections": [1, 2] } },
    { "view": "Signature", "model": "String", "kind": "footer", "condition": { "not": { "sections": [1, 2] } } },
    { "view": "PlainRow", "model": "Anything", "condition": { "not": { "section": 4 } }, "priority": -1 },
    { "view": "SoldOutRow", "model": "Dish", "condition": { "predicate": "isSoldOut" }, "priority": 5 }
  ]
}
"""#

/// The sample data's sections (`Examples/Menu/Data/menu-data.json`), their
/// items as the storage holds them, with the two mistakes the sample makes
/// on purpose left out, so that every row resolves as in a shipped app: the
/// gift card (no view) and a dish both vegan and spicy outside section 0
/// (two mappings of one priority), here only vegan.
func menuSections() -> [[Any]] {
    [
        [
            MenuDish(name: "Truffle risotto", price: 24, detail: "carnaroli rice, black truffle"),
            MenuDish(name: "Green curry", price: 16.5, detail: "Thai basil, jasmine rice", spicy: true),
        ],
        [
            MenuDish(name: "Tomato soup", price: 6.5, vegan: true), MenuDish(name: "Chicken wings", price: 9.5, spicy: true),
            MenuDish(name: "Burrata", price: 11, detail: "heirloom tomatoes, basil oil", soldOut: true), MenuSide(name: "Garlic bread", price: 4.5),
        ],
        [
            MenuDish(name: "Steak frites", price: 26, detail: "aged sirloin, bearnaise"), MenuDish(name: "Mapo tofu", price: 15, vegan: true),
            MenuDish(name: "Mushroom risotto", price: 14, vegan: true), MenuSide(name: "Green salad", price: 5),
        ],
        [
            MenuDrink(name: "Lemonade", price: 4, size: "0.4 l"), MenuDrink(name: "House red", price: 6, size: "0.2 l"),
            MenuHappyHour(title: "Happy hour", offer: "two for one"),
        ],
        [MenuPromotion(title: "Two courses for 25.00, weekdays until 7 pm")],
    ]
}

/// The rows of one frame: the sample's sections repeated (section numbers
/// counting on, so the sample's section conditions hold as they do for
/// sections 0 to 4 and then as for any other) until `count` rows.
func frameRows(count: Int) -> (items: [Any], positions: [ItemPosition]) {
    let sections = menuSections()
    var items: [Any] = [], positions: [ItemPosition] = []
    var section = 0
    while items.count < count {
        for (item, value) in sections[section % sections.count].enumerated() where items.count < count {
            items.append(value)
            positions.append(ItemPosition(item: item, section: section))
        }
        section += 1
    }
    return (items, positions)
}

/// Resolves every row of a frame once.
@inline(never)
func resolveFrame(_ registry: MappingRegistry, _ items: [Any], _ positions: [ItemPosition], _ state: MenuState) -> Int {
    var total = 0
    for index in items.indices {
        if case .resolved(let mapping) = registry.resolve(items[index], at: positions[index], context: state) { total &+= mapping.index }
    }
    return total
}

/// Resolves and renders every row of a frame once, as a host list's cells do.
@inline(never)
func renderFrame(_ pool: ReusePool, _ items: [Any], _ positions: [ItemPosition], _ state: MenuState) -> Int {
    var total = 0
    for index in items.indices {
        if case .success(let text) = pool.render(items[index], at: positions[index], context: state) { total &+= text.utf8.count }
    }
    return total
}

/// The sample's mappings for the frame's rows, written by hand as an app
/// without the library would: a cast per row, then the conditions in
/// priority order. Answers the mapping index `resolve` answers (checked
/// before measuring), so it is the same work with no table, no plugins
/// and no plan: the floor of deciding these rows on this machine.
@inline(never)
func handWrittenFrame(_ items: [Any], _ positions: [ItemPosition], _ state: MenuState) -> Int {
    var total = 0
    for index in items.indices {
        total &+= handWrittenMapping(items[index], at: positions[index], state)
    }
    return total
}

/// The mapping index of `menuMappings` a row resolves to, by hand; -1 for none or several.
@inline(__always)
func handWrittenMapping(_ item: Any, at position: ItemPosition, _ state: MenuState) -> Int {
    switch item {
    case let dish as MenuDish:
        if state.soldOut.contains(dish.name) { return 13 }
        if dish.price > 20 && position.section != 0 { return 5 }
        if position.section == 0 { return 2 }
        if dish.vegan { return dish.spicy ? -1 : 3 }
        return dish.spicy ? 4 : 1
    case is MenuHappyHour: return 8
    case is MenuPromotion: return 6
    case is any MenuFood: return 0
    default: return position.section == 4 ? -1 : 12
    }
}

/// The frame's control: a dictionary lookup by each row's type, the floor
/// of any type-keyed resolve, for the machine's speed in the same run.
@inline(never)
func lookUpFrame(_ table: [ObjectIdentifier: Int], _ items: [Any]) -> Int {
    var total = 0
    for item in items { total &+= table[ObjectIdentifier(type(of: item))] ?? -1 }
    return total
}

/// Microseconds per frame (median of 7 runs of `frames` frames).
func microsecondsPerFrame(frames: Int, _ body: () -> Int) -> Double {
    nsPerItem(count: frames, runs: runs) { count in
        for _ in 0..<count { sink &+= body() }
    } / 1_000
}

/// `--profile-frame resolve|render N`: N frames of one kind after one of
/// each, nothing else, for callgrind (`--toggle-collect='*profiledFrames*'`).
func runFrameProfile(render: Bool, frames: Int) {
    guard let registry = try? MappingRegistry(configuration: Data(menuMappings.utf8), plugins: menuCatalog()) else { exit(1) }
    let (items, positions) = frameRows(count: 60)
    let state = MenuState(soldOut: ["Burrata"])
    let pool = ReusePool(registry: registry)
    sink &+= resolveFrame(registry, items, positions, state) &+ renderFrame(pool, items, positions, state)
    sink &+= profiledFrames(frames) { render ? renderFrame(pool, items, positions, state) : resolveFrame(registry, items, positions, state) }
    print("\(frames) frames (checksum \(sink))")
}

@inline(never)
func profiledFrames(_ frames: Int, _ body: () -> Int) -> Int {
    var total = 0
    for _ in 0..<frames { total &+= body() }
    return total
}

/// The frame benchmark: its line of figures against the targets.
func runFrameBenchmark() {
    let registry: MappingRegistry
    do {
        registry = try MappingRegistry(configuration: Data(menuMappings.utf8), plugins: menuCatalog())
    } catch {
        print("cannot load the sample's mappings:\n\(error)")
        exit(1)
    }
    let (items, positions) = frameRows(count: 60)
    let state = MenuState(soldOut: ["Burrata"])
    let pool = ReusePool(registry: registry)
    var table: [ObjectIdentifier: Int] = [:]
    for item in items where table[ObjectIdentifier(type(of: item))] == nil { table[ObjectIdentifier(type(of: item))] = table.count }
    // Warm up: every type and place met, every view made.
    sink &+= resolveFrame(registry, items, positions, state) &+ renderFrame(pool, items, positions, state)
    for index in items.indices {
        let resolved = registry.resolve(items[index], at: positions[index], context: state).mapping?.index ?? -1
        if resolved != handWrittenMapping(items[index], at: positions[index], state) {
            print("the hand-written frame answers \(handWrittenMapping(items[index], at: positions[index], state)) for row \(index), resolve \(resolved)")
            exit(1)
        }
    }
    let lookUp = microsecondsPerFrame(frames: 20_000) { lookUpFrame(table, items) }
    let byHand = microsecondsPerFrame(frames: 20_000) { handWrittenFrame(items, positions, state) }
    let resolve = microsecondsPerFrame(frames: 20_000) { resolveFrame(registry, items, positions, state) }
    let render = microsecondsPerFrame(frames: 2_000) { renderFrame(pool, items, positions, state) }
    let allocations = allocationsPerItem(count: 1_000) { count in
        for _ in 0..<count { sink &+= resolveFrame(registry, items, positions, state) }
    }
    print("\nA frame: the sample menu's 60 visible rows (its models, views, predicates, decorator and mappings,")
    print("the context read by isSoldOut given), µs per frame, median of \(runs):")
    print("  resolve: \(format(resolve, 2)) µs (target ≤ 5), resolve and render: \(format(render, 2)) µs (target ≤ 100);")
    print("  controls: a dictionary lookup by type per row: \(format(lookUp, 2)) µs; the same decisions written by hand")
    print("  (a cast per row, the conditions in priority order): \(format(byHand, 2)) µs, resolve/by hand: \(format(resolve / byHand, 2))×;")
    print("  allocations per resolved frame: \(allocations.map { format($0, 2) } ?? "n/a")")
}
