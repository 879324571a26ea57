"""Writing outputs: atomic single files and confined trees that remove only what bpscript wrote."""
