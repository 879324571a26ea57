"""Finding, parsing and caching `.bps` files into checked rulesets."""
