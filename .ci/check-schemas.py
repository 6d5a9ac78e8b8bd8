"""Checks the generated JSON Schemas and the SARIF output with Python's jsonschema.

Run by .ci/check-schemas with the directory of the built products as its argument.
"""
import json
import os
import subprocess
import sys
import tempfile

import jsonschema

bin_dir = sys.argv[1]
menu = os.path.join(bin_dir, "menu")
tool = os.path.join(bin_dir, "mapping-registry")
schemas = "Examples/Menu/Schemas"
failures = []


def load(path):
    with open(path, encoding="utf-8") as file:
        return json.load(file)


def errors(schema, document):
    validator = jsonschema.Draft202012Validator(schema)
    return list(validator.iter_errors(document))


mappings_schema = load(f"{schemas}/mappings.schema.json")
data_schema = load(f"{schemas}/data.schema.json")
for name, schema in [("mappings.schema.json", mappings_schema), ("data.schema.json", data_schema)]:
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema", name
print("check-schemas: both schemas are valid draft 2020-12 schemas")

# Every sample passes.
samples = [
    ("mappings.json", mappings_schema),
    ("Examples/Menu/mappings-with-catch-all.json", mappings_schema),
    ("Examples/Menu/Data/menu-data.json", data_schema),
]
for path, schema in samples:
    found = errors(schema, load(path))
    if found:
        failures.append(f"{path} fails its schema: {found[0].message}")
print(f"check-schemas: {len(samples)} sample documents checked against their schemas")


def mappings(*objects, root=None):
    document = {"version": 1, "mappings": list(objects)}
    document.update(root or {})
    return json.dumps(document)


dish = {"view": "DishRow", "model": "Dish"}


def dish_with(**changes):
    mapping = dict(dish)
    mapping.update(changes)
    return mapping


def data(*sections):
    return json.dumps({"sections": list(sections)})


def entry(model, value):
    return {"model": model, "value": value}


# Broken documents whose mistake is structural: each must fail the schema and
# fail `menu validate` with the given code.
broken = [
    ("root is an array", "mappings", "[]", "wrong-type"),
    ("no version", "mappings", json.dumps({"mappings": [dish]}), "missing-key"),
    ("version 2", "mappings", json.dumps({"version": 2, "mappings": [dish]}), "unsupported-version"),
    ("version as a string", "mappings", json.dumps({"version": "1", "mappings": [dish]}), "wrong-type"),
    ("no mappings", "mappings", json.dumps({"version": 1}), "missing-key"),
    ("mappings is an object", "mappings", json.dumps({"version": 1, "mappings": {}}), "wrong-type"),
    ("unknown root key", "mappings", mappings(dish, root={"mapping": []}), "unknown-key"),
    ("$schema is a number", "mappings", mappings(dish, root={"$schema": 3}), "wrong-type"),
    ("mapping without a model", "mappings", mappings({"view": "DishRow"}), "missing-key"),
    ("misspelt key", "mappings", mappings(dish_with(priorty=1)), "unknown-key"),
    ("unknown view", "mappings", mappings(dish_with(view="DishRo")), "unknown-view"),
    ("unknown model", "mappings", mappings(dish_with(model="Fod")), "unknown-model"),
    ("priority as a string", "mappings", mappings(dish_with(priority="3")), "wrong-type"),
    ("fractional priority", "mappings", mappings(dish_with(priority=1.5)), "wrong-type"),
    ("priority out of range", "mappings", mappings(dish).replace('"model": "Dish"', '"model": "Dish", "priority": 99999999999999999999'), "wrong-type"),
    ("empty kind", "mappings", mappings(dish_with(kind="")), "wrong-type"),
    ("kind with a capital", "mappings", mappings(dish_with(kind="Header")), "reserved-kind"),
    ("reuse identifier as a number", "mappings", mappings(dish_with(reuseIdentifier=3)), "wrong-type"),
    ("empty condition", "mappings", mappings(dish_with(condition={})), "invalid-condition"),
    ("negative section", "mappings", mappings(dish_with(condition={"section": -1})), "invalid-section"),
    ("empty sections", "mappings", mappings(dish_with(condition={"sections": []})), "invalid-condition"),
    ("empty all", "mappings", mappings(dish_with(condition={"all": []})), "invalid-condition"),
    ("not of null", "mappings", mappings(dish_with(condition={"not": None})), "invalid-condition"),
    ("misspelt condition key", "mappings", mappings(dish_with(condition={"sectoin": 0})), "unknown-key"),
    ("unknown predicate", "mappings", mappings(dish_with(condition={"predicate": "isVegam"})), "unknown-predicate"),
    ("nested unknown predicate", "mappings", mappings(dish_with(condition={"any": [{"section": 1}, {"not": {"predicate": "isVegam"}}]})), "unknown-predicate"),
    ("missing argument", "mappings", mappings(dish_with(condition={"predicate": "priceAbove"})), "missing-argument"),
    ("unexpected argument", "mappings", mappings(dish_with(condition={"predicate": "isVegan", "argument": 3})), "unexpected-argument"),
    ("argument of the wrong type", "mappings", mappings(dish_with(condition={"predicate": "priceAbove", "argument": "20"})), "wrong-type"),
    ("argument without a predicate", "mappings", mappings(dish_with(condition={"section": 0, "argument": 3})), "invalid-condition"),
    ("decorators as a string", "mappings", mappings(dish_with(decorators="soldOut")), "wrong-type"),
    ("unknown decorator", "mappings", mappings(dish_with(decorators=["soldOt"])), "unknown-decorator"),
    ("fallback misspelt skip", "mappings", mappings(dish_with(fallback="skp")), "wrong-type"),
    ("fallback as an array", "mappings", mappings(dish_with(fallback=[])), "wrong-type"),
    ("fallback of a fallback", "mappings", mappings(dish_with(view="BowlRow", fallback={"fallback": "skip"})), "unknown-key"),
    ("fallback naming an unknown view", "mappings", mappings(dish_with(view="BowlRow", fallback={"view": "DishRo"})), "unknown-view"),
    ("misspelt key in a fallback", "mappings", mappings(dish_with(fallback={"veiw": "DishRow"})), "unknown-key"),
    ("data without sections", "data", json.dumps({}), "missing-key"),
    ("data with a misspelt section key", "data", data({"itms": []}), "unknown-key"),
    ("items as an object", "data", data({"items": {}}), "wrong-type"),
    ("entry without a value", "data", data({"items": [{"model": "Dish"}]}), "missing-key"),
    ("entry with an unknown model", "data", data({"items": [entry("Dsh", {})]}), "unknown-model"),
    ("entry of a model data cannot create", "data", data({"items": [entry("Food", {})]}), "undecodable-model"),
    ("header as a custom kind", "data", data({"supplementary": {"header": entry("String", "x")}}), "reserved-kind"),
    ("footer with a capital as a custom kind", "data", data({"supplementary": {"Footer": entry("String", "x")}}), "reserved-kind"),
]

# Mappings with a fallback: names this app lacks pass the schema, and
# `mapping-registry validate` loads them with the warning (exit 0).
degrading = [
    ("unknown view with a fallback", mappings(dish_with(view="BowlRow", priority=2, fallback={"view": "VeganDishRow"})), "used-fallback"),
    ("unknown predicate and decorator with a fallback", mappings(dish_with(condition={"predicate": "isKeto"}, decorators=["leaf"], fallback="skip")), "skipped-mapping"),
]

with tempfile.TemporaryDirectory() as directory:
    for name, text, code in degrading:
        found = errors(mappings_schema, json.loads(text))
        if found:
            failures.append(f"'{name}' fails the schema: {found[0].message}")
        path = os.path.join(directory, "degrading.json")
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
        run = subprocess.run([tool, "validate", "--catalog", f"{schemas}/menu.catalog.json", path], capture_output=True, text=True)
        if run.returncode != 0 or f"[{code}]" not in run.stderr:
            failures.append(f"'{name}': mapping-registry validate exits {run.returncode} without [{code}]:\n{run.stderr}")
    print(f"check-schemas: {len(degrading)} documents with fallbacks pass their schema and load with a warning")

    for name, kind, text, code in broken:
        schema = mappings_schema if kind == "mappings" else data_schema
        if not errors(schema, json.loads(text)):
            failures.append(f"broken {kind} '{name}' passes the schema")
        path = os.path.join(directory, "case.json")
        with open(path, "w", encoding="utf-8") as file:
            file.write(text)
        flag = "--mappings" if kind == "mappings" else "--data"
        run = subprocess.run([menu, "validate", flag, path], capture_output=True, text=True)
        if run.returncode != 1 or f"[{code}]" not in run.stderr:
            failures.append(f"broken {kind} '{name}': menu validate exits {run.returncode} without [{code}]:\n{run.stderr}")
    print(f"check-schemas: {len(broken)} broken documents fail their schema and menu validate")

    # SARIF: from menu (errors located in the data file) and from mapping-registry
    # (several files, a warning with no location, an unreadable file).
    sarif_schema = load("Tests/Fixtures/sarif-schema-2.1.0.json")
    bad = os.path.join(directory, "bad.json")
    with open(bad, "w", encoding="utf-8") as file:
        file.write(mappings(dish_with(view="DishRo"), {"view": "SectionTitle", "model": "String", "kind": "header"}))
    runs = [
        [menu, "validate", "--format", "sarif"],
        [menu, "validate", "--format", "sarif", "--warning", "ambiguous-mapping", "--error", "unused-view"],
        [tool, "validate", "--catalog", f"{schemas}/menu.catalog.json", "--format", "sarif",
         "mappings.json", bad, os.path.join(directory, "missing.json")],
    ]
    # Mappings that collide: once the checker puts a note at the earlier
    # mapping, these results carry relatedLocations.
    collisions = os.path.join(directory, "collisions.json")
    with open(collisions, "w", encoding="utf-8") as file:
        file.write(mappings(dish, dish, dish_with(view="VeganDishRow")))
    runs.append([tool, "validate", "--catalog", f"{schemas}/menu.catalog.json", "--format", "sarif", collisions])
    # Several catalogs: one run each (an older app version, without SoldOutRow, fails).
    older = os.path.join(directory, "older.catalog.json")
    with open(f"{schemas}/menu.catalog.json", encoding="utf-8") as file:
        catalog = json.load(file)
    catalog["views"] = [view for view in catalog["views"] if view["name"] != "SoldOutRow"]
    with open(older, "w", encoding="utf-8") as file:
        json.dump(catalog, file)
    runs.append([tool, "validate", "--catalog", f"{schemas}/menu.catalog.json", "--catalog", older,
                 "--format", "sarif", "mappings.json", bad])
    related = 0

    def check_sarif(name, log):
        found = list(jsonschema.Draft4Validator(sarif_schema).iter_errors(log))
        if found:
            failures.append(f"{name}: SARIF invalid: {found[0].message} at {list(found[0].path)}")
        if not log["runs"][0]["results"]:
            failures.append(f"{name}: no results")
        return sum(len(result.get("relatedLocations", [])) for result in log["runs"][0]["results"])

    for command in runs:
        run = subprocess.run(command, capture_output=True, text=True)
        try:
            log = json.loads(run.stdout)
        except json.JSONDecodeError as error:
            failures.append(f"{' '.join(command[1:])}: not JSON: {error}")
            continue
        related += check_sarif(' '.join(command[1:]), log)
    # The log SARIFReport writes for a diagnostic with notes, recorded by
    # OutputFormatTests (which checks it is exactly what the code writes).
    fixture = "Tests/Fixtures/sarif-with-notes.json"
    fixture_related = check_sarif(fixture, load(fixture))
    if fixture_related == 0:
        failures.append(f"{fixture}: no relatedLocations")
    related += fixture_related
    print(f"check-schemas: {len(runs) + 1} SARIF logs ({related} related locations) checked against the SARIF 2.1.0 schema")

if failures:
    print("check-schemas: " + "\ncheck-schemas: ".join(failures), file=sys.stderr)
    sys.exit(1)
print("check-schemas: all passed")
