"""The checker: names resolved, fields and types checked, once; AST in, model out."""
