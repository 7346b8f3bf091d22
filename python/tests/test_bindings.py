# SPDX-License-Identifier: GPL-3.0-or-later
"""The Python module against the command line and against hand-computed values."""
import json
import math
import pathlib
import subprocess

import numpy as np
import pytest
import skinlab
from conftest import BUILD

EXE = str(BUILD / "skinlab")


def cli(*args):
    return subprocess.run([EXE, *args], check=True, capture_output=True, text=True).stdout


@pytest.fixture(scope="module")
def homer():
    return skinlab.load("homer")


def test_model_arrays_are_views_of_the_model_with_the_documented_shapes(homer):
    info = json.loads(cli("info", "homer", "--json"))
    assert homer.vertices.shape == (info["vertices"], 3) and homer.vertices.dtype == np.float64
    assert homer.triangles.shape == (info["triangles"], 3) and homer.triangles.dtype == np.int32
    assert homer.labels.shape == (info["triangles"],)
    assert homer.part_names == [c["name"] for c in info["components"]]
    assert len(homer.parents) == len(homer.part_names)
    assert homer.parents.count(-1) == 1
    # No copies: two reads view the same memory, which Python may not write.
    assert np.shares_memory(homer.vertices, homer.vertices)
    with pytest.raises(ValueError):
        homer.vertices[0, 0] = 1.0
    assert homer.triangles.min() == 0 and homer.triangles.max() == info["vertices"] - 1
    assert set(np.unique(homer.labels)) == set(range(len(homer.part_names)))


@pytest.mark.parametrize("method", skinlab.skeleton_methods())
def test_a_skeleton_equals_the_command_lines(homer, method):
    ours = skinlab.skeletonize(homer, method)
    theirs = json.loads(cli("skeletonize", "homer", "--method", method, "--json"))
    assert ours["method"] == theirs["method"] == method
    assert np.array_equal(ours["joints"], np.array([j["position"] for j in theirs["joints"]]))
    assert np.array_equal(ours["bones"], np.array([[b["from"], b["to"]] for b in theirs["bones"]]))
    assert ours["joint_kinds"] == [j["kind"] for j in theirs["joints"]]
    assert ("kernel_centroids" in ours) == (method != "opening")


@pytest.mark.parametrize("skinning", ["rigid", "gap", "lbs", "dqs"])
def test_deformed_frames_equal_the_command_lines_obj_frames_bit_for_bit(homer, skinning, tmp_path):
    clip = str(pathlib.Path(skinlab.data_root()) / "clips" / "homer_wave.clip")
    cli("animate", "homer", "--clip", clip, "--skinning", skinning, "--frames", "40:40", "-o", str(tmp_path))
    text = (tmp_path / "frame_0040.obj").read_text().splitlines()
    obj = np.array([[float(x) for x in line.split()[1:4]] for line in text if line.startswith("v ")], dtype=np.float32)
    faces = np.array([[int(c.split("//")[0]) - 1 for c in line.split()[1:4]] for line in text if line.startswith("f ")])
    frame = skinlab.Session(homer, skinlab.read_clip(clip), skinning=skinning).deform(40)
    assert frame.positions.dtype == np.float32
    assert np.array_equal(frame.positions, obj)
    # The OBJ groups triangles by part; the same set either way.
    assert sorted(map(tuple, frame.triangles.tolist())) == sorted(map(tuple, faces.tolist()))


def test_warnings_are_the_command_lines(homer, tmp_path):
    # Blocks whose opening is not star-shaped about its centre (tests/data/notched.obj): gap names
    # that joint; every standard opening is star-shaped, so homer gets none.
    data = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data"
    wave = str(pathlib.Path(skinlab.data_root()) / "clips" / "homer_wave.clip")
    for model, clip, count in [(str(data / "notched.obj"), str(data / "notched_turn.clip"), 1), ("homer", wave, 0)]:
        report = json.loads(cli("animate", model, "--clip", clip, "--skinning", "gap", "--frames", "0:0",
                                "-o", str(tmp_path / str(count)), "--json"))
        warnings = skinlab.Session(skinlab.load(model), skinlab.read_clip(clip), skinning="gap").warnings
        assert warnings == report["warnings"]
        assert len(warnings) == count
    notched = skinlab.Session(skinlab.load(str(data / "notched.obj")),
                              skinlab.read_clip(str(data / "notched_turn.clip")), skinning="gap").warnings
    assert "the opening between 'base' and 'notched' is not star-shaped" in notched[0]
    assert "blends 'notched' across it" in notched[0]


def test_a_clip_from_arrays_turns_the_joint_by_its_angle(homer):
    clip = skinlab.Clip.from_arrays({"head.rx": ([0.0, 1.0], [0.0, 30.0])})
    assert clip.channels == ["head.rx"] and (clip.begin, clip.end) == (0.0, 1.0)
    session = skinlab.Session(homer, clip, fps=10)
    assert session.frames == 11
    head = homer.part_names.index("head")
    for frame, degrees in [(0, 0.0), (5, 15.0), (10, 30.0)]:
        pose = session.pose(frame)
        assert pose["world"].shape == (len(homer.part_names), 7)
        q = pose["world"][head, :4]
        assert math.degrees(2 * math.acos(min(1.0, abs(q[3])))) == pytest.approx(degrees, abs=1e-9)
    # The torso, the root, never moves.
    torso = homer.part_names.index("torso")
    assert np.allclose(session.pose(10)["world"][torso], [0, 0, 0, 1, 0, 0, 0])
    assert skinlab.parse_clip("again.clip", clip.text).channels == clip.channels


def test_a_frame_is_reused_only_when_no_array_views_it(homer):
    session = skinlab.Session(homer, skinlab.read_clip(str(pathlib.Path(skinlab.data_root()) / "clips" / "homer_wave.clip")), skinning="lbs")
    frame = session.deform(10)
    held = frame.positions
    before = held.copy()
    session.deform(50, out=frame)
    assert np.array_equal(held, before), "a live view keeps its frame"
    assert not np.array_equal(frame.positions, before)
    del held
    again = session.deform(10, out=frame)
    assert again is frame and np.array_equal(frame.positions, before)


def test_weights_sum_to_one_on_the_parts_they_name(homer):
    joints, weights = skinlab.weights(homer, "opening")
    assert joints.shape == weights.shape == (homer.vertices.shape[0], 4)
    assert np.allclose(weights.sum(axis=1), 1.0, atol=1e-6)
    assert joints.max() < len(homer.part_names)


def test_self_intersections_find_two_crossing_triangles_and_none_in_the_rest_mesh(homer):
    positions = np.array([[0, 0, 0], [2, 0, 0], [0, 2, 0], [0.5, 0.5, -1], [0.5, 0.5, 1], [1.5, 1.5, 1]], np.float32)
    assert skinlab.self_intersections(positions, np.array([[0, 1, 2], [3, 4, 5]])).tolist() == [[0, 1]]
    assert skinlab.self_intersections(homer.vertices, homer.triangles).shape == (0, 2)
    mean, worst = skinlab.normal_deviation(positions[:3], np.array([[0, 1, 2]]))
    assert mean == worst == 0.0


def test_an_experiment_in_a_dict_returns_its_tables():
    tables = skinlab.run_experiment({"name": "py", "description": "from Python", "models": ["cow"], "repeats": 1,
                                     "figures": False, "tables": [{"id": "m", "kind": "models", "title": "Models"}]})
    assert tables["m"][0]["Model"] == "cow" and tables["m"][0]["Parts"] == str(len(skinlab.load("cow").part_names))
    assert tables["rows"]["m/cow"][0]["model"] == "cow"


def test_bad_input_raises_input_error_with_the_command_lines_message(homer, tmp_path):
    with pytest.raises(skinlab.InputError, match="neither a mesh file nor a standard model"):
        skinlab.load("no-such-model")
    with pytest.raises(skinlab.InputError, match="unknown skeleton method 'medial'"):
        skinlab.skeletonize(homer, "medial")
    with pytest.raises(skinlab.InputError, match="unknown deformer"):
        skinlab.Session(homer, skinning="nope")
    with pytest.raises(skinlab.InputError, match=r"bad\.clip:4:1: expected the range end"):
        skinlab.parse_clip("bad.clip", "animation\n{\n  range 1\n}\n")
    with pytest.raises(skinlab.InputError, match="frames 0..0"):
        skinlab.Session(homer).deform(5)
    with pytest.raises(ValueError):
        skinlab.self_intersections(np.zeros((3, 2)), np.zeros((1, 3), int))
