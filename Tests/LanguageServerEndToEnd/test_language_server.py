"""End-to-end tests of `menu lsp` and `mapping-registry lsp --catalog FILE`
with a real Language Server Protocol client (pytest-lsp, on pygls and
lsprotocol). `.ci/lsp-e2e` builds the tools and runs this file once per server;
the server command comes from LSP_SERVER (words separated by spaces).
"""

import inspect
import os
import pathlib
import shlex

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

SERVER = shlex.split(os.environ.get("LSP_SERVER", ".build/debug/menu lsp"))
URI = (pathlib.Path.cwd() / "lsp-e2e" / "mappings.json").as_uri()

# Several mistakes; a line with non-ASCII text before the first one, so its
# column in UTF-16 code units differs from its column in Unicode scalars.
BROKEN = """{
  "version": 1,
  "mappings": [
    { "reuseIdentifier": "🍜 café", "view": "DishRo", "model": "Dish" },
    { "view": "PriceRow", "model": "Food", "priorty": 1 },
    { "view": "SectionTitle", "model": "String", "kind": "header" },
    { "view": "SectionTitle", "model": "String", "kind": "header" }
  ]
}
"""


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER))
async def client(lsp_client: LanguageClient):
    lsp_client.initialize_result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=types.ClientCapabilities()))
    yield
    await lsp_client.shutdown_session()


def utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def position_of(text: str, needle: str, occurrence: int = 1) -> types.Position:
    """The position of the start of `needle` (its n-th occurrence), in UTF-16 units."""
    index = -1
    for _ in range(occurrence):
        index = text.index(needle, index + 1)
    before = text[:index]
    line = before.count("\n")
    return types.Position(line=line, character=utf16(before.split("\n")[-1]))


async def open_document(client: LanguageClient, text: str, uri: str = URI, version: int = 1):
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="json", version=version, text=text)))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return client.diagnostics[uri]


async def change_document(client: LanguageClient, text: str, version: int, uri: str = URI):
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return client.diagnostics[uri]


def by_code(diagnostics, code):
    return [d for d in diagnostics if d.code == code]


async def test_initialize_advertises_the_features_and_utf16(client: LanguageClient):
    capabilities = client.initialize_result.capabilities
    assert capabilities.position_encoding == types.PositionEncodingKind.Utf16
    assert capabilities.text_document_sync.change == types.TextDocumentSyncKind.Incremental
    assert capabilities.hover_provider and capabilities.definition_provider
    assert capabilities.document_symbol_provider and capabilities.completion_provider


async def test_a_document_not_open_has_no_symbols(client: LanguageClient):
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=URI)))
    assert symbols == []


async def test_diagnostics_have_codes_and_utf16_ranges(client: LanguageClient):
    diagnostics = await open_document(client, BROKEN)
    [unknown] = by_code(diagnostics, "unknown-view")
    start = position_of(BROKEN, '"DishRo"')
    assert unknown.range.start == start
    assert unknown.range.end == types.Position(line=start.line, character=start.character + 8)
    assert unknown.severity == types.DiagnosticSeverity.Error
    assert unknown.source == "mapping-registry"
    assert unknown.message == "unknown view 'DishRo'; did you mean 'DishRow'?"
    # UTF-16 units, not Unicode scalars: the emoji counts two.
    assert start.character == 44

    [key] = by_code(diagnostics, "unknown-key")
    assert key.range.start == position_of(BROKEN, '"priorty"')

    [duplicate] = by_code(diagnostics, "duplicate-mapping")
    assert duplicate.range.start == position_of(BROKEN, "{ \"view\": \"SectionTitle\"", 2)
    [related] = duplicate.related_information
    assert related.location.uri == URI
    assert related.location.range.start == position_of(BROKEN, "{ \"view\": \"SectionTitle\"", 1)

    assert by_code(diagnostics, "unused-view"), "unused views are reported as warnings"


async def test_a_fix_sent_by_did_change_makes_its_diagnostic_disappear(client: LanguageClient):
    await open_document(client, BROKEN)
    fixed = BROKEN.replace('"DishRo"', '"DishRow"')
    diagnostics = await change_document(client, fixed, 2)
    assert by_code(diagnostics, "unknown-view") == []
    assert by_code(diagnostics, "unknown-key") != []


async def test_completion_offers_the_views_that_can_show_the_model(client: LanguageClient):
    text = '{\n  "version": 1,\n  "mappings": [\n    { "model": "Dish", "view": "Di\n  ]\n}\n'
    await open_document(client, text)
    cursor = position_of(text, '"view": "Di')
    cursor.character += len('"view": "Di')
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=URI), position=cursor))
    labels = {item.label for item in result.items}
    assert {"DishRow", "PriceRow", "PlainRow", "VeganDishRow"} <= labels
    assert not labels & {"SectionTitle", "Footnote", "PromotionBox", "HappyHourRow"}
    dish_row = next(item for item in result.items if item.label == "DishRow")
    assert dish_row.detail == "view: takes Dish"
    # The edit starts after the opening quote, so the typed "Di" is both
    # the symbol at point (eglot) and the range's text (VS Code, Neovim).
    assert dish_row.text_edit.new_text == 'DishRow"'
    assert dish_row.filter_text == "DishRow"
    assert dish_row.text_edit.range.start.character == cursor.character - len("Di")


async def test_completion_of_keys_after_a_trailing_comma(client: LanguageClient):
    text = '{ "version": 1, "mappings": [{ "view": "DishRow", "model": "Dish",  }] }'
    await open_document(client, text)
    cursor = position_of(text, '"Dish",')
    cursor.character += len('"Dish", ')
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=URI), position=cursor))
    labels = [item.label for item in result.items]
    assert "priority" in labels and "condition" in labels
    assert "view" not in labels and "model" not in labels


async def test_hover_explains_a_name_a_key_and_a_code(client: LanguageClient):
    await open_document(client, BROKEN)
    async def hover(needle, occurrence=1, into=1):
        position = position_of(BROKEN, needle, occurrence)
        position.character += into
        result = await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=URI), position=position))
        return result.contents.value if result else ""
    assert "**PriceRow**: view: takes Food" in await hover('"PriceRow"')
    assert "**model** (required)" in await hover('"model"')
    code = await hover('"DishRo"')
    assert "**unknown-view** (error)" in code


def edit(text: str, start: types.Position, end: types.Position, new_text: str) -> str:
    """Applies a range edit (UTF-16 positions) as the client would."""
    lines = text.split("\n")
    def offset(position: types.Position) -> int:
        before = sum(len(line) + 1 for line in lines[:position.line])
        units = lines[position.line].encode("utf-16-le")[:position.character * 2]
        return before + len(units.decode("utf-16-le"))
    return text[:offset(start)] + new_text + text[offset(end):]


async def code_actions(client: LanguageClient, at: types.Position):
    return await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=URI),
        range=types.Range(start=at, end=at),
        context=types.CodeActionContext(diagnostics=[])))


async def test_a_did_you_mean_quick_fix_applies(client: LanguageClient):
    await open_document(client, BROKEN)
    actions = await code_actions(client, position_of(BROKEN, '"DishRo"'))
    [action] = [a for a in actions if a.title == "Replace with 'DishRow'"]
    assert action.kind == types.CodeActionKind.QuickFix
    [change] = action.edit.changes[URI]
    fixed = edit(BROKEN, change.range.start, change.range.end, change.new_text)
    assert '"view": "DishRow"' in fixed
    diagnostics = await change_document(client, fixed, 2)
    assert by_code(diagnostics, "unknown-view") == []


async def send_edits(client: LanguageClient, version: int, *changes, uri: str = URI):
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangePartial(range=types.Range(start=start, end=end), text=text)
                         for start, end, text in changes]))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return client.diagnostics[uri]


async def test_incremental_edits_fix_a_name_after_an_emoji_and_move_the_other_diagnostics(client: LanguageClient):
    await open_document(client, BROKEN)
    # The misspelt view, after "🍜 café" on its line: its UTF-16 range.
    start = position_of(BROKEN, '"DishRo"')
    end = types.Position(line=start.line, character=start.character + len('"DishRo"'))
    inserted_line = types.Position(line=1, character=0)
    diagnostics = await send_edits(client, 2, (start, end, '"DishRow"'), (inserted_line, inserted_line, '  "$schema": "mappings.schema.json",\n'))
    text = edit(edit(BROKEN, start, end, '"DishRow"'), inserted_line, inserted_line, '  "$schema": "mappings.schema.json",\n')
    assert by_code(diagnostics, "unknown-view") == []
    [key] = by_code(diagnostics, "unknown-key")
    assert key.range.start == position_of(text, '"priorty"')
    # A quick fix from the new text's diagnostics, at the new text's range.
    at = position_of(text, '"priorty"')
    actions = await code_actions(client, at)
    [action] = [a for a in actions if a.title == "Replace with 'priority'"]
    [change] = action.edit.changes[URI]
    assert change.range.start == at


def large_mappings(count: int, variant: int) -> str:
    """A mappings file of `count` mappings that all load (about 94 bytes each)."""
    mappings = ",\n".join(
        f'    {{ "view": "DishRow", "model": "Dish", "condition": {{ "section": {index} }}, "priority": {variant} }}'
        for index in range(count))
    return '{\n  "version": 1,\n  "mappings": [\n' + mappings + "\n  ]\n}\n"


def record_arrivals(client: LanguageClient) -> list:
    """Records every response's id and every publishDiagnostics' uri and
    version, in the order the client receives them."""
    arrivals = []
    original = client.protocol.handle_message
    def handle(message):
        method = getattr(message, "method", None)
        if method == types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS:
            arrivals.append(("diagnostics", message.params.uri, message.params.version))
        elif method is None:
            arrivals.append(("response", message.id))
        original(message)
    client.protocol.handle_message = handle
    return arrivals


async def test_a_hover_right_behind_a_large_change_is_answered_before_its_check_ends(client: LanguageClient):
    large_uri = (pathlib.Path.cwd() / "lsp-e2e" / "large-mappings.json").as_uri()
    await open_document(client, BROKEN)
    await open_document(client, large_mappings(1, 0), uri=large_uri)
    arrivals = record_arrivals(client)
    position = position_of(BROKEN, '"PriceRow"')
    position.character += 1
    async def hover():
        result = await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=URI), position=position))
        assert "**PriceRow**" in result.contents.value
    # About 5.6 MiB, then at once a hover on the other document. Its answer
    # shows that the change was read; the server is checking it now (a server
    # that checks on the thread that reads would answer a request that came
    # with the change first, and then check), and a second hover comes while
    # it does.
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=large_uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=large_mappings(60_000, 1))]))
    await hover()
    await hover()
    while ("diagnostics", large_uri, 2) not in arrivals:
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    responses = [arrival for arrival in arrivals if arrival[0] == "response"]
    assert len(responses) == 2
    assert arrivals.index(responses[1]) < arrivals.index(("diagnostics", large_uri, 2)), arrivals


async def send_raw(client: LanguageClient, data: bytes):
    result = client.protocol.writer.write(data)
    if inspect.isawaitable(result):
        await result


async def test_malformed_input_is_survived(client: LanguageClient):
    await send_raw(client, b"Content-Type: nothing-else\r\n\r\n")
    await send_raw(client, b"Content-Length: 9\r\n\r\n{not json")
    await send_raw(client, b'Content-Length: 6\r\n\r\n[1, 2]')
    # Still serving, in order.
    diagnostics = await open_document(client, BROKEN)
    assert by_code(diagnostics, "unknown-view")
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=URI)))
    assert [s.name for s in symbols][:2] == ["DishRo for Dish (cell)", "PriceRow for Food (cell)"]


async def test_shutdown_and_exit_end_the_server_with_status_zero(client: LanguageClient):
    await client.shutdown_session()
    assert client._server.returncode == 0
    # The fixture's own shutdown has nothing left to do.
    client.capabilities = None
