/// The files `menu` carries inside itself, so it runs from any directory
/// and from a fresh clone with no arguments. They must stay identical to
/// the root `mappings.json` and `Examples/Menu/Data/menu-data.json`; a test
/// compares them.
enum BundledFiles {
    /// A copy of the root `mappings.json`.
    static let mappings = #"""
{
  "version": 1,
  "mappings": [
    { "view": "PriceRow", "model": "Food" },
    { "view": "DishRow", "model": "Dish", "priority": 1, "decorators": ["soldOut"], "events": { "didSelect": "showDish", "willDisplay": "countImpression" } },
    { "view": "ChefSpecialRow", "model": "Dish", "condition": { "section": 0 }, "priority": 3, "events": { "didSelect": "showDish", "willDisplay": "countImpression" } },
    { "view": "VeganDishRow", "model": "Dish", "condition": { "predicate": "isVegan" }, "priority": 2, "decorators": ["soldOut"], "events": { "didSelect": "showDish", "willDisplay": "countImpression" } },
    { "view": "SpicyDishRow", "model": "Dish", "condition": { "predicate": "isSpicy" }, "priority": 2, "events": { "didSelect": "showDish", "willDisplay": "countImpression" } },
    { "view": "PremiumDishRow", "model": "Dish", "condition": { "all": [{ "predicate": "priceAbove", "argument": 20 }, { "not": { "section": 0 } }] }, "priority": 4, "decorators": ["soldOut"], "events": { "didSelect": "showDish", "willDisplay": "countImpression" } },
    { "view": "PromotionBox", "model": "Promotion", "reuseIdentifier": "promotion" },
    { "view": "PromotionBox", "model": "Promotion", "kind": "banner", "reuseIdentifier": "promotion" },
    { "view": "HappyHourRow", "model": "HappyHour", "priority": 1 },
    { "view": "SectionTitle", "model": "String", "kind": "header" },
    { "view": "Footnote", "model": "String", "kind": "footer", "condition": { "sections": [1, 2] } },
    { "view": "Signature", "model": "String", "kind": "footer", "condition": { "not": { "sections": [1, 2] } } },
    { "view": "PlainRow", "model": "Anything", "condition": { "not": { "section": 4 } }, "priority": -1 },
    { "view": "SoldOutRow", "model": "Dish", "condition": { "predicate": "isSoldOut" }, "priority": 5, "events": { "didSelect": "showDish", "willDisplay": "countImpression" } }
  ],
  "$schema": "Examples/Menu/Schemas/mappings.schema.json"
}

"""#

    /// A copy of `Examples/Menu/Data/menu-data.json`: the default data.
    static let data = #"""
{
  "sections": [
    {
      "header": { "model": "String", "value": "Chef's specials" },
      "items": [
        { "model": "Dish", "value": { "name": "Truffle risotto", "price": 24, "detail": "carnaroli rice, black truffle" } },
        { "model": "Dish", "value": { "name": "Green curry", "price": 16.5, "vegan": true, "spicy": true, "detail": "Thai basil, jasmine rice" } }
      ],
      "footer": { "model": "String", "value": "Tonight only, while they last." },
      "supplementary": {
        "banner": { "model": "Promotion", "value": { "title": "Two courses for 25.00, weekdays until 7 pm" } }
      }
    },
    {
      "header": { "model": "String", "value": "Starters" },
      "items": [
        { "model": "Dish", "value": { "name": "Tomato soup", "price": 6.5, "vegan": true } },
        { "model": "Dish", "value": { "name": "Chicken wings", "price": 9.5, "spicy": true } },
        { "model": "Dish", "value": { "name": "Burrata", "price": 11, "detail": "heirloom tomatoes, basil oil", "soldOut": true } },
        { "model": "Side", "value": { "name": "Garlic bread", "price": 4.5 } }
      ],
      "footer": { "model": "String", "value": "(v) vegan   (hot) spicy" }
    },
    {
      "header": { "model": "String", "value": "Mains" },
      "items": [
        { "model": "Dish", "value": { "name": "Steak frites", "price": 26, "detail": "aged sirloin, bearnaise" } },
        { "model": "Dish", "value": { "name": "Mapo tofu", "price": 15, "vegan": true, "spicy": true } },
        { "model": "Dish", "value": { "name": "Mushroom risotto", "price": 14, "vegan": true } },
        { "model": "Side", "value": { "name": "Green salad", "price": 5 } }
      ],
      "footer": { "model": "String", "value": "All mains come with bread." }
    },
    {
      "header": { "model": "String", "value": "Drinks" },
      "items": [
        { "model": "Drink", "value": { "name": "Lemonade", "price": 4, "size": "33 cl" } },
        { "model": "Drink", "value": { "name": "House red", "price": 6.5, "size": "12.5 cl" } },
        { "model": "HappyHour", "value": { "title": "Happy hour", "from": "17:00", "until": "19:00", "offer": "cocktails half price" } }
      ]
    },
    {
      "header": { "model": "String", "value": "At the counter" },
      "items": [
        { "model": "Promotion", "value": { "title": "Ask about our Saturday cooking classes" } },
        { "model": "GiftCard", "value": { "amount": 50 } }
      ],
      "footer": { "model": "String", "value": "Thank you for dining with us." }
    }
  ],
  "$schema": "../Schemas/data.schema.json"
}

"""#
}
