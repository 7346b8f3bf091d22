# SPDX-License-Identifier: GPL-3.0-or-later
"""Every python block of docs/python.md, in order, in one namespace, in an empty folder."""
import os
import pathlib
import re

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"


def test_the_tutorial_runs_and_draws_its_plot(tmp_path, capsys):
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)
    assert len(blocks) >= 5
    os.chdir(tmp_path)
    namespace = {}
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), namespace)
    assert (tmp_path / "sweep.png").stat().st_size > 10000
    assert set(namespace["pairs"]) == {"gap", "lbs", "sbs", "dqs"}
    assert all(len(counts) == 21 for counts in namespace["pairs"].values())
    assert "worst frame" in capsys.readouterr().out
