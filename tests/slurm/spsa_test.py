#!/usr/bin/env python3
"""Unit tests of the SPSA tuner (scripts/spsa.py, scripts/slurm_spsa), without games or Slurm:

- the update rule on a hand-computed example (the figures below were computed with bc -l, apart
  from the code) and at the ends of the schedule;
- a run stopped at every point where it can stop (in a batch's games, before and after each write
  of the state file) and started again follows exactly the trajectory of a run never stopped;
- a state file of another tuning, or not one at all, is refused;
- slurm_spsa's pieces: the engine's parameter lines, the batch's ordo-match arguments, the checks
  of ORDO_MATCH_ARGS, the outcome read from a merged summary.

Usage: spsa_test.py [unittest arguments]
"""
import contextlib
import importlib.machinery
import importlib.util
import io
import json
import os
import shutil
import sys
import tempfile
import unittest

SCRIPTS = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "scripts")
sys.path.insert(0, SCRIPTS)
import spsa  # noqa: E402


def load_slurm_spsa():
    loader = importlib.machinery.SourceFileLoader("slurm_spsa", os.path.join(SCRIPTS, "slurm_spsa"))
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader("slurm_spsa", loader))
    loader.exec_module(module)
    return module


def param(name="x", start=100, lo=0, hi=200, c_end=4.0, r_end=0.05):
    return {"name": name, "start": start, "min": lo, "max": hi, "c_end": c_end, "r_end": r_end}


class UpdateRule(unittest.TestCase):
    # N = 10 pairs (5 batches of 2), A = 0.1 N = 1; the batch drawn after k = 2 pairs:
    #   c   = 4 * 10^0.101                           = 5.047310138362682597...
    #   a   = 0.05 * 4^2 * (1 + 10)^0.602            = 3.388506971223720272...
    #   c_k = c / 3^0.101                            = 4.517214823168383260...
    #   a_k = a / (1 + 2 + 1)^0.602                  = 1.470849606612940433...
    #   R_k = a_k / c_k^2                            = 0.072081991921177703...
    # With Δ = -1 the engines play round(100 - c_k) = 95 and round(100 + c_k) = 105; a result of
    # +3 for θ+ moves θ to 100 + R_k c_k 3 (-1) = 99.023170472830457291...
    C_K, R_K, THETA = 4.517214823168383260, 0.072081991921177703, 99.023170472830457291

    def test_hand_computed_example(self):
        c_k, r_k = spsa.gains(param(), 2, 10, 1.0)
        self.assertAlmostEqual(c_k, self.C_K, places=13)
        self.assertAlmostEqual(r_k, self.R_K, places=15)
        self.assertEqual(spsa.perturbed(100.0, c_k, -1, 0, 200), (95, 105))
        self.assertAlmostEqual(spsa.updated(100.0, r_k, c_k, 3, -1, 0, 200), self.THETA, places=12)

    def test_the_same_example_through_the_state(self):
        setup = spsa.make_setup([param()], 5, 2, 7)
        self.assertEqual(setup["A"], 1.0)
        state = spsa.new_state(setup)
        spsa.prepare(state)
        spsa.apply(state, {"wins": 1, "draws": 2, "losses": 1})  # batch 1: a result of 0 moves nothing
        self.assertEqual(state["theta"], {"x": 100.0})
        pending = spsa.prepare(state)
        self.assertEqual((pending["batch"], pending["k"]), (2, 2))  # k counts pairs
        flip = pending["flips"]["x"]
        self.assertAlmostEqual(pending["c_k"]["x"], self.C_K, places=13)
        self.assertEqual((pending["plus"]["x"], pending["minus"]["x"]), (105, 95) if flip == 1 else (95, 105))
        spsa.apply(state, {"wins": 3, "draws": 1, "losses": 0})
        self.assertAlmostEqual(state["theta"]["x"], 100 + (100 - self.THETA) * flip, places=12)
        self.assertEqual((state["batch"], state["k"], state["history"][-1]["result"]), (2, 4, 3))

    def test_the_schedule_ends_at_c_end_and_r_end(self):
        p = param(c_end=3.0, r_end=0.002)
        c_k, r_k = spsa.gains(p, 99, 100, 10.0)  # one pair a batch: the last is drawn at k = N - 1
        self.assertAlmostEqual(c_k, 3.0, places=12)
        self.assertAlmostEqual(r_k, 0.002, places=15)
        c_0, r_0 = spsa.gains(p, 0, 100, 10.0)
        self.assertAlmostEqual(c_0, 3.0 * 100 ** 0.101, places=12)
        self.assertGreater(c_0, c_k)

    def test_values_and_theta_stay_in_range(self):
        self.assertEqual(spsa.perturbed(199.5, 4.5, 1, 0, 200), (200, 195))
        self.assertEqual(spsa.perturbed(0.2, 4.5, 1, 0, 200), (5, 0))
        self.assertEqual(spsa.updated(199.0, 1.0, 2.0, 10, 1, 0, 200), 200)
        self.assertEqual(spsa.updated(1.0, 1.0, 2.0, 10, -1, 0, 200), 0)
        self.assertEqual(spsa.updated(50.0, 1.0, 2.0, 10, -1, 0, 200), 30.0)

    def test_the_draws_depend_on_the_seed_and_batch_alone(self):
        a = spsa.draw_flips(5, 3, 40)
        self.assertEqual(a, spsa.draw_flips(5, 3, 40))
        self.assertNotEqual(a, spsa.draw_flips(5, 4, 40))
        self.assertNotEqual(a, spsa.draw_flips(6, 3, 40))
        self.assertEqual(set(a), {-1, 1})
        self.assertEqual(spsa.draw_flips(5, 3, 10), a[:10])


class Crash(Exception):
    pass


def fake_outcome(pending):
    """A batch's outcome from its values alone (as deterministic games): θ+ nearer to 70 in x
    scores better, with noise from the values of y."""
    d = abs(pending["minus"]["x"] - 70) - abs(pending["plus"]["x"] - 70)
    noise = (pending["plus"]["y"] * 7 + pending["minus"]["y"] * 3) % 5 - 2
    wins = max(0, min(8, 4 + d // 4 + noise))
    return {"wins": wins, "draws": (pending["batch"] % 2), "losses": 8 - wins - (pending["batch"] % 2)}


class Resume(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="spsa_test.")
        self.setup_ = spsa.make_setup([param("x", 20, 0, 100, 6.0, 0.1), param("y", 5, -10, 10, 1.0, 0.02)],
                                      6, 4, 11, engine="/x/ordo", match_args=["-each", "nodes=100"])
        self.save, self.fsync = spsa.save_state, os.fsync
        os.fsync = lambda fd: None  # some hundred state files: the disk's sync is not under test here

    def tearDown(self):
        spsa.save_state, os.fsync = self.save, self.fsync
        shutil.rmtree(self.dir)

    def path(self, name):
        return os.path.join(self.dir, name)

    def play(self, pending, remember):
        remember("jobs", ["1%d" % pending["batch"], "2%d" % pending["batch"]])
        return fake_outcome(pending)

    def reference(self):
        self.assertEqual(spsa.run(self.path("ref.json"), self.setup_, self.play, say=lambda _: None), 0)
        with open(self.path("ref.json")) as f:
            return json.load(f)

    def run_until_done(self, path, play):
        for _ in range(100):
            try:
                if spsa.run(path, self.setup_, play, say=lambda _: None) == 0:
                    with open(path) as f:
                        return json.load(f)
            except Crash:
                pass
        self.fail("the run never finished")

    def test_a_run_never_stopped_moves_x_toward_70(self):
        ref = self.reference()
        self.assertEqual(len(ref["history"]), 6)
        self.assertIsNone(ref["pending"])
        self.assertGreater(ref["theta"]["x"], 30)
        self.assertEqual([h["k"] for h in ref["history"]], [0, 4, 8, 12, 16, 20])

    def test_stopped_at_every_write_of_the_state_it_continues_exactly(self):
        ref = self.reference()
        writes = 0
        for n in range(1, 40):
            for after in (False, True):
                path = self.path("run-%d-%d.json" % (n, after))
                count = [0]

                def save(p, state, n=n, after=after, count=count):
                    count[0] += 1
                    if count[0] == n and not after:
                        raise Crash()
                    self.save(p, state)
                    if count[0] == n and after:
                        raise Crash()
                spsa.save_state = save
                stopped = self.run_until_done(path, self.play)
                spsa.save_state = self.save
                writes = max(writes, count[0])
                self.assertEqual(stopped["history"], ref["history"], "stopped at write %d" % n)
                self.assertEqual(stopped["theta"], ref["theta"])
        self.assertGreater(writes, 12)  # every write of an uninterrupted run was a stopping point

    def test_stopped_in_the_games_or_with_a_batch_incomplete_it_continues_exactly(self):
        ref = self.reference()
        for n in range(1, 8):
            calls = [0]

            def play(pending, remember, n=n, calls=calls):
                calls[0] += 1
                if calls[0] == n:
                    raise Crash()
                if calls[0] == n + 1:
                    return None  # incomplete: cancelled, a task failed
                return self.play(pending, remember)
            path = self.path("games-%d.json" % n)
            self.assertEqual(self.run_until_done(path, play)["history"], ref["history"])

    def test_each_batch_is_counted_once(self):
        ref = self.reference()
        self.assertEqual([h["batch"] for h in ref["history"]], list(range(1, 7)))

    def test_another_setup_is_refused(self):
        self.reference()
        other = dict(self.setup_, seed=12)
        with self.assertRaisesRegex(spsa.SpsaError, "another tuning \\(seed differ\\)"):
            spsa.run(self.path("ref.json"), other, self.play, say=lambda _: None)

    def test_a_file_not_a_state_is_refused(self):
        with open(self.path("bad.json"), "w") as f:
            f.write("{\"format\": 99}")
        with self.assertRaisesRegex(spsa.SpsaError, "not a state file"):
            spsa.run(self.path("bad.json"), self.setup_, self.play, say=lambda _: None)
        with open(self.path("cut.json"), "w") as f:
            f.write("{\"format\": 1, \"set")
        with self.assertRaisesRegex(spsa.SpsaError, "not a state file"):
            spsa.run(self.path("cut.json"), self.setup_, self.play, say=lambda _: None)

    def test_a_bad_setup_is_refused(self):
        for bad in ([param("x", 300)], [param("x", c_end=0)], [param("x"), param("x")], []):
            with self.assertRaises(spsa.SpsaError):
                spsa.new_state(spsa.make_setup(bad, 2, 2, 1))


class SlurmSpsa(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.m = load_slurm_spsa()

    def opts(self, *argv):
        return self.m.parse_args(list(argv))[0]

    def test_the_engine_lines(self):
        lines = ["ordo.a,3,1,10,1,0.002", "ordox.a,4,1,10,1,0.002", "info string x", "ordo.tm_moves,30,10,80,3,0.002"]
        params = self.m.parse_tunables(lines, "ordo")
        self.assertEqual([p["name"] for p in params], ["ordo.a", "ordo.tm_moves"])
        self.assertEqual(params[0], {"name": "ordo.a", "start": 3, "min": 1, "max": 10, "c_end": 1.0, "r_end": 0.002})
        chosen = self.m.choose_params(params, self.opts(), "ordo", False, lambda _: None)
        self.assertEqual([p["name"] for p in chosen], ["ordo.a"])  # no clock: no tm_
        chosen = self.m.choose_params(params, self.opts("--params", "tm_moves,ordo.a", "--start", "a=7.5",
                                                        "--c-end", "ordo.a=2", "--r-end", "0.1"),
                                      "ordo", False, lambda _: None)
        self.assertEqual([(p["name"], p["start"], p["c_end"], p["r_end"]) for p in chosen],
                         [("ordo.tm_moves", 30, 3.0, 0.1), ("ordo.a", 7.5, 2.0, 0.1)])
        with self.assertRaises(self.m.sj.UsageError):
            self.m.choose_params(params, self.opts("--params", "b"), "ordo", True, lambda _: None)
        with self.assertRaises(self.m.sj.UsageError):
            self.m.parse_tunables(["ordo.a,x,1,10,1,0.002"], "ordo")

    def test_the_match_arguments(self):
        m = self.m
        args = m.check_match_args(["-each", "nodes=100", "-variant", "ordox", "-openings", "file=o.epd"])
        self.assertEqual(args, ["-each", "nodes=100", "-variant", "ordox", "-openings", "file=o.epd", "order=random"])
        self.assertEqual(m.match_variant(args), "ordox")
        self.assertEqual(m.check_match_args(["-openings", "file=o.epd", "order=sequential"])[-1], "order=sequential")
        for bad in (["-each", "nodes=1"], ["-openings", "file=o", "-rounds", "3"], ["-openings", "file=o", "-engine", "x"],
                    ["-openings", "file=o", "-sprt", "elo0=0", "elo1=5"], ["-openings", "file=o", "-pgnout", "x"]):
            with self.assertRaises(m.sj.UsageError, msg=bad):
                m.check_match_args(bad)
        self.assertTrue(m.has_clock(["-each", "tc=10+0.1"]))
        self.assertTrue(m.has_clock(["-tc", "10+0.1"]))
        self.assertFalse(m.has_clock(["-each", "nodes=5"]))

    def test_a_batch_s_arguments(self):
        setup = spsa.make_setup([param("ordo.a", 5, 1, 10), param("ordo.b", 50, 0, 100)], 3, 4, 9, engine="/e/ordo",
                                match_args=["-each", "nodes=100"])
        state = spsa.new_state(setup)
        pending = spsa.prepare(state)
        args = self.m.batch_match_args(setup, pending)
        plus = ["option.ordo.a=%d" % pending["plus"]["ordo.a"], "option.ordo.b=%d" % pending["plus"]["ordo.b"]]
        minus = ["option.ordo.a=%d" % pending["minus"]["ordo.a"], "option.ordo.b=%d" % pending["minus"]["ordo.b"]]
        self.assertEqual(args[:10], ["-engine", "cmd=/e/ordo", "name=plus", "arg=--tune"] + plus
                         + ["-engine", "cmd=/e/ordo", "name=minus", "arg=--tune"])
        self.assertEqual(args[10:12], minus)
        self.assertEqual(args[12:18], ["-each", "nodes=100", "-rounds", "4", "-games", "2"])
        self.assertEqual(args[18], "-srand")
        self.assertEqual(args, self.m.batch_match_args(setup, pending))
        spsa.apply(state, {"wins": 1, "draws": 0, "losses": 0})
        self.assertNotEqual(self.m.batch_match_args(setup, spsa.prepare(state))[19], args[19])  # new openings

    def test_the_outcome_of_a_merged_batch(self):
        d = tempfile.mkdtemp(prefix="spsa_test.")
        try:
            summary = {"games": 8, "pairs": [{"engine": "minus", "opponent": "plus", "wins": 5, "draws": 1, "losses": 2}]}
            with open(os.path.join(d, "all.json"), "w") as f:
                json.dump(summary, f)
            self.assertIsNone(self.m.read_outcome(d, 4))  # no merge verdict yet
            with open(os.path.join(d, "merge.exit"), "w") as f:
                f.write("1\n")
            self.assertIsNone(self.m.read_outcome(d, 4))
            with open(os.path.join(d, "merge.exit"), "w") as f:
                f.write("0\n")
            self.assertEqual(self.m.read_outcome(d, 4), {"wins": 2, "draws": 1, "losses": 5})
            self.assertIsNone(self.m.read_outcome(d, 5))  # not the batch's game count
        finally:
            shutil.rmtree(d)

    def test_usage_errors(self):
        for argv in (["--out", "/tmp/x", "--pairs", "2"], ["--out", "/tmp/x", "--iterations", "0", "--pairs", "2"],
                     ["--out", "/tmp/x", "--iterations", "2", "--pairs", "2", "--shards", "3"],
                     ["--out", "/tmp/$x", "--iterations", "2", "--pairs", "2"],
                     ["--out", "/tmp/x", "--iterations", "2", "--pairs", "2", "--sbatch-arg=--array=1"],
                     ["--bogus"]):
            with contextlib.redirect_stderr(io.StringIO()) as err:
                self.assertEqual(self.m.main(argv + ["--", "-openings", "file=o"]), 2, argv)
            self.assertTrue(err.getvalue().startswith("slurm_spsa: "), err.getvalue())
            self.assertEqual(err.getvalue().count("\n"), 1, err.getvalue())


if __name__ == "__main__":
    unittest.main()
