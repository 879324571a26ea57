"""bpscript: a scripting language and rules compiler for BlackPoker 8.2 and 9.0."""

__version__ = "0.1.0"
