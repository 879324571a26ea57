"""Finding `.bps` files and parsing and checking them into rulesets, once per change (the cache)."""
