"""The official generator's data (act.yaml, act-frame.yaml) read into `.bps` (`bpscript import`).

The notation is shared by both directions; writing it is the `official_yaml` backend."""
