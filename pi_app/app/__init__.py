"""The table app: the controller between the inputs (buttons, camera, page) and the engine,
and what it drives (the board, speech, the page, the game log)."""
