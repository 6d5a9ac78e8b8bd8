(kill-emacs 0)
