-- Drives the language server from a real Neovim (Debian 12's 0.7.2, headless)
-- through the editors article's Neovim 0.7 snippet, and checks what a user
-- sees. Run by .ci/editors:
--
--   HOME=<home with .local/bin/mapping-registry> nvim --headless --clean \
--     -c "luafile Tests/LanguageServerEndToEnd/editors/nvim-check.lua"
--
-- Environment: EDITORS_SNIPPET, the snippet's text in a file (loaded as it is);
-- EDITORS_PROJECT, a project whose mappings.json has a misspelt view on line 4
-- and whose Examples/Menu holds the catalog and MenuPlugins.swift;
-- EDITORS_SNIPPET_0_10, the 0.10 snippet, only parsed;
-- EDITORS_TIMEOUT_MS, the bound on every wait (default 20000).
-- Prints what it saw; exits 0 when every check passes, else 1 with a message.

local snippet = os.getenv("EDITORS_SNIPPET")
local project = os.getenv("EDITORS_PROJECT")
local timeout = tonumber(os.getenv("EDITORS_TIMEOUT_MS") or "") or 20000

local function say(format, ...)
  io.stdout:write("nvim-check: " .. string.format(format, ...) .. "\n")
  io.stdout:flush()
end

local client_id, exit_code, exit_signal
local function finish(status)
  if client_id ~= nil and exit_code == nil then
    vim.lsp.stop_client(client_id, true)
  end
  vim.cmd((status == 0) and "qall!" or ("cquit " .. status))
end

local function fail(format, ...)
  say("FAIL: " .. format, ...)
  if client_id ~= nil then
    say("the client's log: %s", vim.lsp.get_log_path())
  end
  finish(1)
  error("nvim-check failed", 0)
end

local function wait_for(what, condition)
  if not vim.wait(timeout, condition, 20) then
    fail("no %s within %d ms", what, timeout)
  end
end

local function run()
  if snippet == nil or project == nil then
    fail("set EDITORS_SNIPPET and EDITORS_PROJECT (.ci/editors does)")
  end
  say("Neovim %s", tostring(vim.version().major .. "." .. vim.version().minor .. "." .. vim.version().patch))
  -- The Neovim 0.10 snippet cannot run on 0.7: it must at least be Lua.
  local newer = os.getenv("EDITORS_SNIPPET_0_10")
  if newer ~= nil then
    local chunk, syntax = loadfile(newer)
    if chunk == nil then fail("the Neovim 0.10 snippet is not Lua: %s", syntax) end
    say("the Neovim 0.10 snippet parses")
  end
  vim.cmd("filetype on")
  -- Insert-mode completion puts the cursor after the typed text; in normal
  -- mode that needs 'virtualedit' (the test only, not the snippet).
  vim.o.virtualedit = "onemore"

  -- The snippet's own messages, and the server process's end: the
  -- snippet's start_client, with an on_exit added (the config is the snippet's).
  vim.notify = function(message, level)
    say("notify (level %s): %s", tostring(level), message)
  end
  local start_client = vim.lsp.start_client
  vim.lsp.start_client = function(config)
    say("the snippet starts: %s (root %s)", table.concat(config.cmd, " "), tostring(config.root_dir))
    local on_exit = config.on_exit
    config.on_exit = function(code, signal, id)
      exit_code, exit_signal = code, signal
      if on_exit ~= nil then on_exit(code, signal, id) end
    end
    client_id = start_client(config)
    return client_id
  end

  local ok, problem = pcall(dofile, snippet)
  if not ok then fail("the article's snippet does not load: %s", tostring(problem)) end

  local mappings = project .. "/mappings.json"
  vim.cmd("edit " .. vim.fn.fnameescape(mappings))
  local buffer = vim.api.nvim_get_current_buf()
  say("opened %s (filetype %s)", mappings, vim.bo.filetype)
  if client_id == nil then fail("the snippet started no language server for %s", mappings) end
  wait_for("client attached to the buffer", function()
    return vim.lsp.buf_get_clients(buffer)[client_id] ~= nil
  end)

  local function code_of(diagnostic)
    if diagnostic.code ~= nil then return diagnostic.code end
    local lsp = diagnostic.user_data and diagnostic.user_data.lsp
    return lsp and lsp.code
  end
  local function show(diagnostics)
    local unused = 0
    for _, d in ipairs(diagnostics) do
      local code = tostring(code_of(d))
      if code:find("^unused%-") then
        unused = unused + 1
      else
        say("  %d:%d severity %d [%s] %s", d.lnum + 1, d.col + 1, d.severity, code, d.message)
      end
    end
    say("  and %d unused-* warnings (plugins this small file does not use)", unused)
  end
  local function unknown_views()
    local found = {}
    for _, d in ipairs(vim.diagnostic.get(buffer)) do
      if code_of(d) == "unknown-view" then table.insert(found, d) end
    end
    return found
  end

  -- 1. Diagnostics: the misspelt view on line 4, with the server's message.
  wait_for("unknown-view diagnostic (vim.diagnostic.get)", function() return #unknown_views() > 0 end)
  say("vim.diagnostic.get() after opening:")
  show(vim.diagnostic.get(buffer))
  local unknown = unknown_views()[1]
  local line4 = vim.api.nvim_buf_get_lines(buffer, 3, 4, true)[1]
  if unknown.message ~= "unknown view 'DishRo'; did you mean 'DishRow'?" then
    fail("unknown-view's message is %q", unknown.message)
  end
  local misspelt = line4:find('"DishRo"', 1, true)
  if misspelt == nil then fail("line 4 has no \"DishRo\": %s", line4) end
  if unknown.lnum ~= 3 or unknown.col ~= misspelt - 1 then
    fail("unknown-view at %d:%d, expected at 4:%d (\"DishRo\")", unknown.lnum + 1, unknown.col + 1, misspelt)
  end

  -- 2. Hover (K) on "PriceRow": a floating window with the server's text.
  local line5 = vim.api.nvim_buf_get_lines(buffer, 4, 5, true)[1]
  vim.api.nvim_win_set_cursor(0, { 5, (line5:find("PriceRow", 1, true)) })
  local function floating_text()
    for _, window in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_win_get_config(window).relative ~= "" then
        local lines = vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(window), 0, -1, false)
        return table.concat(lines, "\n")
      end
    end
    return nil
  end
  vim.lsp.buf.hover()
  wait_for("hover window", function() return floating_text() ~= nil end)
  local hover = floating_text()
  say("hover on PriceRow shows:\n%s", hover)
  if not hover:find("PriceRow", 1, true) then fail("the hover does not name PriceRow") end
  for _, window in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(window).relative ~= "" then vim.api.nvim_win_close(window, true) end
  end

  -- 3. Quick fix (vim.lsp.buf.code_action) on "DishRo": the user picks
  -- "Replace with 'DishRow'" from vim.ui.select; the edit is applied.
  vim.api.nvim_win_set_cursor(0, { 4, (line4:find("DishRo", 1, true)) })
  local offered
  vim.ui.select = function(items, options, on_choice)
    offered = {}
    local chosen
    for _, item in ipairs(items) do
      local action = item[2] or item.action or item
      table.insert(offered, action.title)
      if action.title == "Replace with 'DishRow'" then chosen = item end
    end
    say("code actions offered: %s", table.concat(offered, " | "))
    on_choice(chosen)
  end
  vim.lsp.buf.code_action()
  wait_for("code action menu (vim.ui.select)", function() return offered ~= nil end)
  wait_for("quick fix applied to line 4", function()
    return vim.api.nvim_buf_get_lines(buffer, 3, 4, true)[1]:find('"view": "DishRow"', 1, true) ~= nil
  end)
  say("line 4 after the quick fix: %s", vim.api.nvim_buf_get_lines(buffer, 3, 4, true)[1])
  wait_for("unknown-view to go after the fix", function() return #unknown_views() == 0 end)

  -- 4. Completion (<C-x><C-o>): type a mapping ending in "Spi, ask the
  -- snippet's omnifunc, take the item the popup menu would show.
  vim.api.nvim_buf_set_lines(buffer, 4, 5, true, { line5 .. ",", '    { "model": "Dish", "view": "Spi' })
  local typed = vim.api.nvim_buf_get_lines(buffer, 5, 6, true)[1]
  vim.api.nvim_win_set_cursor(0, { 6, #typed })
  local omnifunc = vim.bo[buffer].omnifunc
  say("omnifunc: %s", omnifunc)
  if omnifunc ~= "v:lua.vim.lsp.omnifunc" then fail("the snippet set no LSP omnifunc") end
  -- The omnifunc answers only in insert mode, and shows its items with
  -- complete(): a headless script is in normal mode and has no popup menu,
  -- so both are stood in for while the omnifunc runs.
  local popup
  local complete, mode = vim.fn.complete, vim.fn.mode
  vim.fn.complete = function(column, items) popup = { column = column, items = items } end
  vim.fn.mode = function() return "i" end
  -- As <C-x><C-o> calls it first: Neovim 0.7's omnifunc sends the request,
  -- returns -2 and calls complete() with the answer.
  local started = vim.lsp.omnifunc(1, "")
  local answered = vim.wait(timeout, function() return popup ~= nil end, 20)
  vim.fn.complete, vim.fn.mode = complete, mode
  if not answered then fail("no completion items within %d ms (omnifunc returned %s)", timeout, tostring(started)) end
  local base = typed:sub(popup.column)
  local words, chosen = {}, nil
  for _, item in ipairs(popup.items) do
    table.insert(words, item.abbr or item.word)
    if (item.abbr or item.word) == "SpicyDishRow" then chosen = item end
  end
  say("completion of %q (from column %d) offers: %s", base, popup.column, table.concat(words, ", "))
  if base ~= "Spi" then fail("the completion replaces %q, not the typed Spi", base) end
  if chosen == nil then fail("no SpicyDishRow among the completions of %q", base) end
  local completed = typed:sub(1, popup.column - 1) .. chosen.word
  vim.api.nvim_buf_set_lines(buffer, 5, 6, true, { completed .. " }" })
  say("line 6 after completing: %s", vim.api.nvim_buf_get_lines(buffer, 5, 6, true)[1])
  if not completed:find('"view": "SpicyDishRow"$') then
    fail("completing gave %q, not \"view\": \"SpicyDishRow\"", completed)
  end

  -- 5. Definition (gd) on SpicyDishRow: its registration in Swift.
  vim.api.nvim_win_set_cursor(0, { 6, (completed:find("SpicyDishRow", 1, true)) })
  vim.lsp.buf.definition()
  wait_for("jump to the definition", function() return vim.api.nvim_get_current_buf() ~= buffer end)
  local target = vim.api.nvim_buf_get_name(0)
  local row = vim.api.nvim_win_get_cursor(0)[1]
  local text = vim.api.nvim_get_current_line()
  say("definition: %s:%d: %s", target, row, text)
  if vim.loop.fs_stat(target) == nil then fail("the definition's file %s does not exist", target) end
  if not target:find("Examples/Menu/MenuPlugins.swift$") then fail("the definition is not in MenuPlugins.swift") end
  if not text:find('"SpicyDishRow"', 1, true) then fail("line %d does not register SpicyDishRow", row) end
  vim.cmd("buffer " .. buffer)

  -- 6. Shutdown: shutdown and exit, then the server's own exit status.
  vim.lsp.stop_client(client_id)
  wait_for("server exit", function() return exit_code ~= nil end)
  say("the server exited with status %d (signal %d)", exit_code, exit_signal or 0)
  if exit_code ~= 0 or (exit_signal or 0) ~= 0 then fail("the server did not exit with status 0") end

  say("every check passed")
  finish(0)
end

local ok, problem = pcall(run)
if not ok and problem ~= "nvim-check failed" then
  say("FAIL: %s", tostring(problem))
  finish(1)
end
