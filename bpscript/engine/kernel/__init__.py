"""The rules kernel: state, flow, triggers, costs and legal requests (rulebook ch. 9)."""
