"""The LED board: a declared hole-to-LED layout, a renderer, and strip backends."""
