"""The official generator's data (act.yaml, act-frame.yaml): reading it into `.bps`
(`bpscript import`) and the notation both directions share. Writing it is the
`official_yaml` backend."""
