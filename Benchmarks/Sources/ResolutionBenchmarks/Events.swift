import MappingRegistry
import ModelStorage

// Workload (events): what `send` costs over resolving and calling the same
// handler directly, for a model-only handler that returns an Int.

/// The handler every row of the events workload uses.
@Sendable func eventHandler(_ model: M0, _ position: ItemPosition) -> Int { model.id &+ position.item }

/// The event the workload sends.
let countEvent = MappingEvent<Int>("count")

/// Five mappings, one per model type; M0's has the handler.
func eventRegistry() -> MappingRegistry? {
    let declarations = [
        Map("Plain", for: M0.self).on(countEvent) { (model: M0, position) in eventHandler(model, position) },
        Map("Plain", for: M1.self), Map("Plain", for: M2.self), Map("Plain", for: M3.self), Map("Plain", for: M4.self),
    ]
    var plugins = PluginCatalog()
    plugins.register(view: "Plain", for: Any.self) { _, _ in "" }
    return try? MappingRegistry(plugins: plugins, sources: [.declarations(declarations)])
}

/// Sends the event to every item.
@inline(never)
func measuredSendLoop(_ registry: MappingRegistry, _ items: [M0], count: Int) -> Int {
    var total = 0
    for index in 0..<count {
        if case .handled(let value) = registry.send(countEvent, to: items[index], at: ItemPosition(item: index & 7, section: 0)) {
            total &+= value
        }
    }
    return total
}

/// Resolves every item, then calls the handler directly: the floor `send` is measured against.
@inline(never)
func measuredResolveAndCallLoop(_ registry: MappingRegistry, _ items: [M0], count: Int) -> Int {
    var total = 0
    for index in 0..<count {
        let position = ItemPosition(item: index & 7, section: 0)
        if case .resolved(let mapping) = registry.resolve(items[index], at: position) {
            total &+= eventHandler(items[index], position) &+ mapping.index
        }
    }
    return total
}

/// Prints ns per item of each, medians of 31 runs of 100 000.
func runEventBenchmark() {
    guard let registry = eventRegistry() else {
        print("events: the workload's mappings did not load")
        return
    }
    let items = (0..<100_000).map { M0(id: $0) }
    sink &+= measuredSendLoop(registry, items, count: items.count) &+ measuredResolveAndCallLoop(registry, items, count: items.count)
    let send = nsPerItem(count: items.count, runs: 31) { count in sink &+= measuredSendLoop(registry, items, count: count) }
    let floor = nsPerItem(count: items.count, runs: 31) { count in sink &+= measuredResolveAndCallLoop(registry, items, count: count) }
    print("| events | send | resolve + direct call | ratio |")
    print("| --- | ---: | ---: | ---: |")
    print("| count (Int handler) | \(format(send)) ns | \(format(floor)) ns | \(format(send / floor, 2))× |")
}
