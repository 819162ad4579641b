"""The dialogs: scenes drawn on a panel over the table (``panel.PanelScene``)
with their widgets (``widgets``), one module a dialog: New game
(``new_game``), the question before leaving a game unfinished (``confirm``),
the options, a notice said once, the win, the help pages (``help``) and the
statistics (``stats``); what each may use of the app (``hosts``)."""
