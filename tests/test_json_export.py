"""The JSON export validates against the published schema and is deterministic."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema

from bpscript.backends.json_backend import dumps
from bpscript.load.loader import load, load_official

ROOT = Path(__file__).parent.parent
SCHEMA = json.loads((ROOT / "docs" / "schema" / "ruleset.schema.json").read_text("utf-8"))


def test_official_export_matches_schema():
    data = json.loads(dumps(load_official().ruleset))
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    jsonschema.validate(data, SCHEMA, cls=jsonschema.Draft202012Validator)
    assert len(data["scripts"]) == 137


def test_homebrew_export_matches_schema():
    result = load([ROOT / "frames" / "homebrew-example"])
    data = json.loads(dumps(result.ruleset))
    jsonschema.validate(data, SCHEMA, cls=jsonschema.Draft202012Validator)


def test_schema_rejects_a_broken_export():
    data = json.loads(dumps(load_official().ruleset))
    data["scripts"][0]["header"]["speed"] = "通常"  # a printed name where the id belongs
    errors = list(jsonschema.Draft202012Validator(SCHEMA).iter_errors(data))
    assert errors


def test_export_is_deterministic():
    assert dumps(load_official().ruleset) == dumps(load_official().ruleset)
