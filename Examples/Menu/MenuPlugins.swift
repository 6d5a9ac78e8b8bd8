import MappingRegistry
import ModelStorage

/// Every model, view, predicate and decorator `mappings.json` and the menu
/// data may name.
enum MenuPlugins {
    static let catalog: PluginCatalog = {
        var plugins = PluginCatalog()

        // Models: a protocol with three conforming types, a class with a
        // subclass, plain strings for headers and footers, and one type
        // (GiftCard) that no mapping shows.
        plugins.register(model: (any Food).self, named: "Food")
        plugins.register(model: Dish.self, named: "Dish")
        plugins.register(model: Drink.self, named: "Drink")
        plugins.register(model: Side.self, named: "Side")
        plugins.register(model: Promotion.self, named: "Promotion")
        plugins.register(model: HappyHour.self, named: "HappyHour")
        plugins.register(model: String.self, named: "String")
        plugins.register(model: GiftCard.self, named: "GiftCard")
        // A catch-all model, for a catch-all mapping at a low priority.
        plugins.register(model: Any.self, named: "Anything")

        // Views with ModelTransfer, reused from a pool.
        plugins.register(view: DishRow.self, named: "DishRow")
        plugins.register(view: PriceRow.self, named: "PriceRow")
        plugins.register(view: PromotionBox.self, named: "PromotionBox")

        // Views as handlers.
        plugins.register(view: "ChefSpecialRow", for: Dish.self) { dish, _ in
            var text = MenuText.line("* " + dish.name, price: dish.price)
            if let detail = dish.detail { text += "\n" + MenuText.detail(detail) }
            return text
        }
        plugins.register(view: "VeganDishRow", for: Dish.self) { dish, _ in
            MenuText.line(dish.name + " (v)", price: dish.price)
        }
        plugins.register(view: "SpicyDishRow", for: Dish.self) { dish, _ in
            MenuText.line(dish.name + " (hot)", price: dish.price)
        }
        plugins.register(view: "PremiumDishRow", for: Dish.self) { dish, _ in
            var text = MenuText.line("+ " + dish.name, price: dish.price)
            if let detail = dish.detail { text += "\n" + MenuText.detail(detail) }
            return text
        }
        plugins.register(view: "HappyHourRow", for: HappyHour.self) { happyHour, _ in
            "\(happyHour.title), \(happyHour.from)-\(happyHour.until): \(happyHour.offer)"
        }
        plugins.register(view: "SectionTitle", for: String.self) { title, _ in
            let heading = title.uppercased()
            return heading + "\n" + String(repeating: "=", count: heading.count)
        }
        plugins.register(view: "Footnote", for: String.self) { note, _ in
            "  " + note
        }
        plugins.register(view: "Signature", for: String.self) { note, _ in
            MenuText.centered("~ " + note + " ~")
        }
        plugins.register(view: "PlainRow", for: Any.self) { value, _ in
            "  (\(String(describing: type(of: value))))"
        }
        plugins.register(view: "SoldOutRow", for: Dish.self) { dish, _ in
            MenuText.line("x " + dish.name, trailing: "sold out")
        }

        // Named predicates for conditions.
        plugins.register(predicate: "isVegan", for: Dish.self) { dish, _ in dish.vegan }
        plugins.register(predicate: "isSpicy", for: Dish.self) { dish, _ in dish.spicy }
        // A predicate whose threshold the configuration sets: {"predicate": "priceAbove", "argument": 20}.
        plugins.register(predicate: "priceAbove", for: Dish.self, argument: Double.self) { dish, limit, _ in dish.price > limit }
        // A predicate that reads the app's state, passed as the render context:
        // the dishes marked sold out in `menu browse` (`s`).
        plugins.register(predicate: "isSoldOut", for: Dish.self, context: MenuState.self) { dish, state, _ in
            state.soldOut.contains(dish.name)
        }

        // Decorators: text transforms a mapping lists by name, run after its view.
        plugins.register(decorator: "soldOut", for: Dish.self) { text, dish, _ in
            dish.soldOut ? text + "\n" + MenuText.detail("(sold out tonight)") : text
        }

        // Event handlers a mapping lists under "events". `menu browse` sends
        // each event as MappingEvent<String> first and shows the text a
        // handler answers with on its status line.
        plugins.register(handler: "showDish", for: MappingEvent<String>("didSelect"), model: Dish.self) { dish, _ in
            MenuText.summary(of: dish, impressions: Impressions.shared.count(dish.name))
        }
        plugins.register(handler: "countImpression", for: .willDisplay, model: Dish.self) { dish, _ in
            Impressions.shared.record(dish.name)
        }
        return plugins
    }()
}
