"""Parsing in worker processes (bpscript.load.parse_pool): the same results in the same order
as one process, only for large loads, and a worker's failure never a traceback."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from bpscript.load import loader, parse_pool
from bpscript.cli import main

PARENT = os.getpid()
SCRIPT = '''action s{n} "スクリプト{n}" (通常魔法) {{
  @直接-通常-メイン $B ★♠A〜K
  effect: "カードを1枚引く。" {{
    draw(me)
  }}
  formats: lite
}}
'''
BROKEN = '''action b{n} "壊れた{n}" (通常魔法) {{
  effect "カードを1枚引く。" {{
    draw(me)
  }}
}}
'''


def package(where: Path, files: int = 12) -> Path:
    where.mkdir()
    for i in range(files):
        body = "".join((BROKEN if (i + n) % 5 == 0 else SCRIPT).format(n=i * 10 + n) for n in range(6))
        (where / f"p{i:02d}.bps").write_text('extends "blackpoker-8.2"\n\n' + body, encoding="utf-8")
    (where / "latin1.bps").write_bytes('extends "blackpoker-8.2"\n# caf\xe9\n'.encode("latin-1"))
    return where


def outcome(result: loader.LoadResult):
    return ([(d.code, str(d.span), d.message, d.expected, d.fix) for d in result.diagnostics],
            [(name, sorted(rs.scripts)) for name, rs in result.rulesets], sorted(result.sources.items()))


def test_workers_only_for_a_large_load_and_when_asked(monkeypatch):
    monkeypatch.setattr(parse_pool, "JOBS", 1)
    assert parse_pool.workers(10**9) == 1  # the library parses in its own process unless told
    monkeypatch.setattr(parse_pool, "JOBS", 2)
    assert parse_pool.workers(parse_pool.MIN_BYTES - 1) == 1
    assert parse_pool.workers(parse_pool.MIN_BYTES) == 2
    monkeypatch.setattr(parse_pool, "cores", lambda: 2)
    monkeypatch.setattr(os, "getloadavg", lambda: (0.2, 0.0, 0.0))
    assert parse_pool.workers(10**9, jobs=0) == 2  # one per idle core
    monkeypatch.setattr(os, "getloadavg", lambda: (1.7, 0.0, 0.0))
    assert parse_pool.workers(10**9, jobs=0) == 1  # the machine busy: no worker to compete with it
    assert parse_pool.workers(10**9, jobs=3) == 3  # as many as asked


def test_chunks_keep_every_file_in_order_in_runs_of_about_equal_size():
    files = [Path(f"f{i}") for i in range(50)]
    sizes = [100 + (i * 37) % 400 for i in range(50)]
    parts = parse_pool.chunks(files, sizes, 8)
    assert [f for part in parts for f in part] == files
    assert 6 <= len(parts) <= 10
    by = dict(zip(files, sizes))
    assert max(sum(by[f] for f in p) for p in parts) < 2 * sum(sizes) / 8


def test_a_load_in_workers_is_the_load_in_one_process(tmp_path, monkeypatch):
    pkg = package(tmp_path / "pkg")
    monkeypatch.setattr(parse_pool, "JOBS", 1)
    alone = loader.load([pkg])
    monkeypatch.setattr(parse_pool, "MIN_BYTES", 0)
    monkeypatch.setattr(parse_pool, "JOBS", 2)
    calls = []
    monkeypatch.setattr(parse_pool, "ProcessPoolExecutor",
                        lambda **kw: calls.append(kw) or __import__("concurrent.futures").futures.ProcessPoolExecutor(**kw))
    loader._PARSED.clear()
    shared = loader.load([pkg])
    assert calls, "no worker was started"
    assert outcome(shared) == outcome(alone)
    assert any(d.code == "E001" for d in shared.diagnostics) and any(d.code == "E004" for d in shared.diagnostics)


def _die_in_worker(paths):
    if os.getpid() != PARENT:
        os._exit(3)
    return [str(p) for p in paths]


def _raise_in_worker(paths):
    if os.getpid() != PARENT:
        raise RuntimeError("only in a worker")
    return [f"here {p}" for p in paths]


def test_a_worker_that_stops_becomes_a_result_for_its_files_not_a_hang():
    files = [Path(f"f{i}") for i in range(20)]
    out = parse_pool.parse_many(_die_in_worker, files, 2, lambda f, why: f"stopped {f}")
    assert [f for f, _ in out] == files
    assert any(r.startswith("stopped ") for _, r in out)  # the worker's chunks
    assert all(r in (str(f), f"stopped {f}") for f, r in out)  # the rest parsed here


def test_an_exception_in_a_worker_parses_that_chunk_again_here():
    files = [Path(f"f{i}") for i in range(20)]
    out = parse_pool.parse_many(_raise_in_worker, files, 2, lambda f, why: "stopped")
    assert out == [(f, f"here {f}") for f in files]


def test_a_chunk_that_raised_is_never_handed_to_a_worker_again():
    """Two chunks, both handed to the worker first: each raises there and is parsed here.
    (A chunk that raised went back to the queue the worker also takes from; on a busy
    machine it could go back and forth between them for ever, and the check hung.)"""
    out: list = []
    files = [Path("f0"), Path("f1")]
    run = threading.Thread(target=lambda: out.extend(parse_pool.parse_many(_raise_in_worker, files, 2,
                                                                         lambda f, why: "stopped")), daemon=True)
    run.start()
    run.join(120)
    assert not run.is_alive(), "parse_many did not return"
    assert out == [(f, f"here {f}") for f in files]


def test_the_loader_names_a_stopped_worker_in_a_diagnostic(tmp_path):
    module, diags = loader._stopped(tmp_path / "x.bps", "a process in the pool was terminated abruptly")
    assert module.items == [] and [d.code for d in diags] == ["E000"]
    assert "--parse-jobs 1" in diags[0].message


def test_the_command_line_option(tmp_path, capsys):
    pkg = package(tmp_path / "pkg", files=2)
    assert main(["--no-cache", "check", "--parse-jobs", "1", str(pkg)]) == 1
    one = capsys.readouterr().out
    assert main(["--no-cache", "--parse-jobs", "2", "check", str(pkg)]) == 1
    assert capsys.readouterr().out == one
    assert parse_pool.JOBS == 1  # set for the command only
    with pytest.raises(SystemExit):
        main(["--parse-jobs", "-1", "check", str(pkg)])
