"""Who plays and how games are run: agents, search, runners, pools and tournaments."""
