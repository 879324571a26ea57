"""Setting up a game (3.9, 8.3): the frame's steps, decks, packs, trumps and positions."""
