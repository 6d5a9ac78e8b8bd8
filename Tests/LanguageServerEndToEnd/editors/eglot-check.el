;;; eglot-check.el --- the language server driven from Emacs with eglot  -*- lexical-binding: t -*-

;; Drives the language server from a real Emacs (Debian 12's 28.2 with
;; elpa-eglot 1.9, in batch mode) through the editors article's eglot
;; snippet, and checks what a user sees. Run by .ci/editors:
;;
;;   HOME=<home with .local/bin/mapping-registry> emacs --batch -l eglot-check.el
;;
;; Environment: EDITORS_SNIPPET, the snippet's text in a file (loaded as it
;; is); EDITORS_PROJECT, a project whose mappings.json has a misspelt view on
;; line 4 and whose Examples/Menu holds the catalog and MenuPlugins.swift;
;; EDITORS_TIMEOUT_MS, the bound on every wait (default 20000).
;; Prints what it saw; exits 0 when every check passes, else 1 with a message.

(require 'cl-lib)
(require 'subr-x)

(defvar eglot-check-timeout
  (/ (string-to-number (or (getenv "EDITORS_TIMEOUT_MS") "20000")) 1000.0))

(defun eglot-check-say (format &rest arguments)
  (princ (concat "eglot-check: " (apply #'format format arguments) "\n")))

(defun eglot-check-fail (format &rest arguments)
  (eglot-check-say "FAIL: %s" (apply #'format format arguments))
  (when-let ((server (and (fboundp 'eglot-current-server) (eglot-current-server))))
    (eglot-check-say "the messages (eglot-events-buffer):\n%s"
                     (with-current-buffer (jsonrpc-events-buffer server)
                       (let ((text (buffer-string)))
                         (substring text (max 0 (- (length text) 4000)))))))
  (kill-emacs 1))

(defun eglot-check-wait (what condition)
  "Wait until CONDITION holds, running timers and reading the server."
  (let ((deadline (+ (float-time) eglot-check-timeout)))
    (while (not (funcall condition))
      (when (> (float-time) deadline)
        (eglot-check-fail "no %s within %.0f s" what eglot-check-timeout))
      (accept-process-output nil 0.02)
      (sit-for 0))))

(defun eglot-check-line (line)
  (save-excursion
    (goto-char (point-min))
    (forward-line (1- line))
    (buffer-substring-no-properties (line-beginning-position) (line-end-position))))

(defun eglot-check-goto (line needle)
  "Point on the first character of NEEDLE on LINE, plus one."
  (goto-char (point-min))
  (forward-line (1- line))
  (unless (search-forward needle (line-end-position) t)
    (eglot-check-fail "no %s on line %d: %s" needle line (eglot-check-line line)))
  (goto-char (1+ (match-beginning 0))))

(defun eglot-check-diagnostics ()
  (sort (flymake-diagnostics) (lambda (a b) (< (flymake-diagnostic-beg a) (flymake-diagnostic-beg b)))))

(defun eglot-check-unknown-views ()
  (cl-remove-if-not (lambda (d) (string-match-p "\\[unknown-view\\]" (flymake-diagnostic-text d)))
                    (flymake-diagnostics)))

(defun eglot-check-show (diagnostics)
  (let ((unused 0))
    (dolist (d diagnostics)
      (if (string-match-p "\\[unused-" (flymake-diagnostic-text d))
          (cl-incf unused)
        (eglot-check-say "  %d:%d %s %s"
                         (line-number-at-pos (flymake-diagnostic-beg d))
                         (save-excursion (goto-char (flymake-diagnostic-beg d)) (1+ (current-column)))
                         (flymake-diagnostic-type d) (flymake-diagnostic-text d))))
    (eglot-check-say "  and %d unused-* warnings (plugins this small file does not use)" unused)))

(defun eglot-check-run ()
  (let ((snippet (getenv "EDITORS_SNIPPET"))
        (project (getenv "EDITORS_PROJECT")))
    (unless (and snippet project)
      (eglot-check-fail "set EDITORS_SNIPPET and EDITORS_PROJECT (.ci/editors does)"))
    (eglot-check-say "Emacs %s" emacs-version)
    ;; What an interactive Emacs (27 or later) does before init.el and batch
    ;; mode does not: activate the installed packages (Debian's elpa-eglot).
    (package-activate-all)
    (condition-case problem
        (load snippet nil t t)
      (error (eglot-check-fail "the article's snippet does not load: %S" problem)))

    (find-file (expand-file-name "mappings.json" project))
    (eglot-check-say "opened %s in %s" buffer-file-name major-mode)
    (unless (eq major-mode 'js-json-mode)
      (eglot-check-fail "mappings.json is in %s, not js-json-mode" major-mode))
    ;; eglot-ensure connects when the command that opened the file ends.
    (run-hooks 'post-command-hook)
    (eglot-check-wait "eglot connection" (lambda () (eglot-current-server)))
    (let* ((server (eglot-current-server))
           (process (jsonrpc--process server)))
      (eglot-check-say "eglot %s runs: %s"
                       (or (ignore-errors (package-version-join (package-desc-version (cadr (assq 'eglot package-alist))))) "(built in)")
                       (string-join (process-command process) " "))

      ;; 1. Diagnostics: flymake's, the misspelt view on line 4.
      (flymake-start)
      (eglot-check-wait "unknown-view diagnostic (flymake-diagnostics)" #'eglot-check-unknown-views)
      (eglot-check-say "flymake-diagnostics after opening:")
      (eglot-check-show (eglot-check-diagnostics))
      (let ((unknown (car (eglot-check-unknown-views))))
        (unless (equal (flymake-diagnostic-text unknown)
                       "mapping-registry [unknown-view]: unknown view 'DishRo'; did you mean 'DishRow'?")
          (eglot-check-fail "the unknown-view diagnostic reads %S" (flymake-diagnostic-text unknown)))
        (unless (and (= (line-number-at-pos (flymake-diagnostic-beg unknown)) 4)
                     (equal (buffer-substring-no-properties (flymake-diagnostic-beg unknown) (flymake-diagnostic-end unknown))
                            "\"DishRo\""))
          (eglot-check-fail "the unknown-view diagnostic is not on line 4's \"DishRo\"")))

      ;; 2. Hover: what ElDoc shows on "PriceRow".
      (eglot-check-goto 5 "PriceRow")
      (let (hover)
        (eglot-hover-eldoc-function (lambda (info &rest _) (setq hover (or info ""))))
        (eglot-check-wait "hover (ElDoc)" (lambda () hover))
        (eglot-check-say "hover on PriceRow shows:\n%s" hover)
        (unless (string-match-p "PriceRow" hover)
          (eglot-check-fail "the hover does not name PriceRow")))

      ;; 3. Quick fix: M-x eglot-code-actions on "DishRo", choosing the fix.
      (eglot-check-goto 4 "DishRo")
      (let ((titles (mapcar (lambda (action) (plist-get action :title))
                            (eglot-code-actions (point) (point)))))
        (eglot-check-say "code actions offered: %s" (string-join titles " | "))
        (unless (member "Replace with 'DishRow'" titles)
          (eglot-check-fail "no quick fix \"Replace with 'DishRow'\"")))
      (let ((last-nonmenu-event ?\r))
        (cl-letf (((symbol-function 'completing-read)
                   (lambda (_prompt collection &rest _)
                     (or (car (member "Replace with 'DishRow'" (mapcar #'car collection)))
                         (eglot-check-fail "the menu has no \"Replace with 'DishRow'\"")))))
          (call-interactively #'eglot-code-actions)))
      (eglot-check-say "line 4 after the quick fix: %s" (eglot-check-line 4))
      (unless (string-match-p "\"view\": \"DishRow\"" (eglot-check-line 4))
        (eglot-check-fail "the quick fix did not replace DishRo"))
      (eglot--signal-textDocument/didChange)
      (eglot-check-wait "unknown-view to go after the fix" (lambda () (null (eglot-check-unknown-views))))

      ;; 4. Completion: type a mapping ending in "Spi, M-TAB
      ;; (completion-at-point), choose SpicyDishRow; eglot applies the
      ;; item's edit.
      (goto-char (point-min))
      (forward-line 4)
      (end-of-line)
      (insert ",\n    { \"model\": \"Dish\", \"view\": \"Spi")
      (save-excursion (insert " }"))
      (let* ((capf (eglot-completion-at-point))
             (prefix (buffer-substring-no-properties (nth 0 capf) (nth 1 capf)))
             (candidates (all-completions prefix (nth 2 capf))))
        (eglot-check-say "eglot's completion table for %S (by filterText): %s" prefix (string-join candidates ", "))
        (unless (equal prefix "Spi")
          (eglot-check-fail "the completion's prefix is %S, not Spi" prefix))
        (unless (member "SpicyDishRow" candidates)
          (eglot-check-fail "no SpicyDishRow among the completions of \"Spi")))
      ;; eglot 1.9 matches with the flex style first (its
      ;; completion-category-defaults), so "Spi also matches ChefSpecialRow:
      ;; M-TAB lists both in *Completions*, and the user clicks SpicyDishRow.
      (let ((mappings (current-buffer)))
        (completion-at-point)
        (when-let ((listing (and (not (string-match-p "SpicyDishRow" (eglot-check-line 6)))
                                 (get-buffer "*Completions*"))))
          (unless (get-buffer-window listing)
            (eglot-check-fail "*Completions* is in no window"))
          (with-selected-window (get-buffer-window listing)
            (eglot-check-say "*Completions* shows:\n%s" (string-trim (buffer-substring-no-properties (point-min) (point-max))))
            (goto-char (point-min))
            (unless (search-forward "SpicyDishRow" nil t)
              (eglot-check-fail "*Completions* does not list SpicyDishRow"))
            (goto-char (match-beginning 0))
            (choose-completion))
          (set-buffer mappings)))
      (eglot-check-say "line 6 after completing: %s" (eglot-check-line 6))
      (unless (string-match-p "\"view\": \"SpicyDishRow\" }$" (eglot-check-line 6))
        (eglot-check-fail "completing gave %S" (eglot-check-line 6)))

      ;; 5. Definition: M-. on SpicyDishRow, its registration in Swift.
      (eglot-check-goto 6 "SpicyDishRow")
      (let ((mappings (current-buffer)))
        (call-interactively #'xref-find-definitions)
        (eglot-check-wait "jump to the definition" (lambda () (not (eq (current-buffer) mappings))))
        (let ((file buffer-file-name)
              (line (line-number-at-pos))
              (text (buffer-substring-no-properties (line-beginning-position) (line-end-position))))
          (eglot-check-say "definition: %s:%d: %s" file line text)
          (unless (and file (file-exists-p file))
            (eglot-check-fail "the definition's file %s does not exist" file))
          (unless (string-suffix-p "Examples/Menu/MenuPlugins.swift" file)
            (eglot-check-fail "the definition is not in MenuPlugins.swift"))
          (unless (string-match-p "\"SpicyDishRow\"" text)
            (eglot-check-fail "line %d does not register SpicyDishRow" line)))
        (switch-to-buffer mappings))

      ;; 6. Shutdown: M-x eglot-shutdown sends shutdown and exit, then
      ;; deletes the process at once; here the deletion waits (bounded)
      ;; for the server to end by itself, so its own exit status is seen.
      (let ((delete-process-original (symbol-function 'delete-process)))
        (cl-letf (((symbol-function 'delete-process)
                   (lambda (&optional proc)
                     (when (eq proc process)
                       (let ((deadline (+ (float-time) eglot-check-timeout)))
                         (while (and (process-live-p process) (< (float-time) deadline))
                           (accept-process-output nil 0.02))))
                     (funcall delete-process-original proc))))
          (eglot-shutdown server)))
      (eglot-check-say "the server process: %s, exit status %s"
                       (process-status process) (process-exit-status process))
      (unless (and (eq (process-status process) 'exit) (= (process-exit-status process) 0))
        (eglot-check-fail "the server did not exit with status 0 after shutdown and exit"))))
  (eglot-check-say "every check passed")
  (kill-emacs 0))

(condition-case problem
    (eglot-check-run)
  (error (eglot-check-fail "%S" problem)))
