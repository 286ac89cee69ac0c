# SPDX-License-Identifier: Apache-2.0
"""Builds and tests mutants in scratch trees (sandbox.Trees), several at a
time, each with a time limit; Ctrl-C (or SIGTERM) stops every child process
and removes the scratch trees. The working tree is only ever read."""

import os
import queue
import re
import shlex
import signal
import subprocess
import threading
import time
from dataclasses import dataclass, field

from .sandbox import Trees

# Results of one mutant.
KILLED, SURVIVED, EQUIVALENT, INVALID = 'killed', 'survived', 'equivalent', 'invalid'

_FAIL_LINE = re.compile(r'^FAIL \S+ (\S+)')


class Interrupted(Exception):
    pass


class BaselineError(Exception):
    pass


@dataclass
class Unit:
    name: str
    patterns: list     # source globs, relative to the root
    binaries: list     # test programs (also the make targets that build them)


@dataclass
class Outcome:
    status: str
    detail: str = ''               # why: the killing tests, timeout, crash, build error
    killers: list = field(default_factory=list)
    seconds: float = 0.0


class _Children:
    """Every child process of the run, so an interrupt can stop them all
    (each runs in a session of its own: its whole process group goes)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.procs = set()
        self.stopped = False

    def run(self, cmd, cwd, timeout, env=None):
        """(exit status, output, timed out)."""
        with self.lock:
            if self.stopped:
                raise Interrupted()
            p = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, start_new_session=True)
            self.procs.add(p)
        try:
            out, _ = p.communicate(timeout=timeout)
            timed_out = False
        except subprocess.TimeoutExpired:
            self._kill(p)
            out, _ = p.communicate()
            timed_out = True
        finally:
            with self.lock:
                self.procs.discard(p)
        if self.stopped:
            raise Interrupted()
        return p.returncode, out.decode(errors='replace'), timed_out

    @staticmethod
    def _kill(p):
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    def stop_all(self):
        with self.lock:
            self.stopped = True
            procs = list(self.procs)
        for p in procs:
            self._kill(p)


def _clean_env(extra=None):
    """The environment for make and the tests: without the calling make's
    flags (its jobserver belongs to it), plus extra."""
    env = {k: v for k, v in os.environ.items() if k not in ('MAKEFLAGS', 'MFLAGS', 'MAKELEVEL', 'MAKEOVERRIDES')}
    env.update(extra or {})
    return env


class Runner:
    """Runs mutants of one tree. build: the make command (a list); run: the
    command prefix that runs a test binary (a list, e.g. ['env', 'X=1']);
    mutant_build: arguments added to build for mutants (not the baseline)."""

    def __init__(self, root, scratch, build, run, jobs=2, test_timeout=30.0, build_timeout=900.0,
                 seed_dirs=(), mutant_build=(), log=print):
        self.trees = Trees(root, scratch, seed_dirs=seed_dirs)
        self.build = list(build)
        self.mutant_build = list(mutant_build)  # extra build arguments for mutants only
        self.run_prefix = list(run)
        self.jobs = max(1, jobs)
        self.test_timeout = test_timeout
        self.build_timeout = build_timeout
        self.log = log
        self.children = _Children()
        self.env = _clean_env()
        self.excluded = {}    # binary -> tests failing in the baseline (left out of every run)
        self.timeouts = {}    # binary -> seconds
        self._threads = []

    # ---- baseline -------------------------------------------------------------
    def _test_cmd(self, tree, binary):
        cmd = self.run_prefix + [os.path.join(tree, binary)]
        if self.excluded.get(binary):
            cmd.append('--gtest_filter=-' + ':'.join(self.excluded[binary]))
        return cmd

    def baseline(self, binaries):
        """Copy and build the base tree; run every binary once to learn the
        tests that already fail (excluded from then on: a mutant is judged
        against a green baseline) and how long a run takes."""
        base = self.trees.make_base()
        self.log(f'baseline: building {len(binaries)} test binaries in a scratch copy of the tree')
        rc, out, timed_out = self.children.run(self.build + [f'-j{self.jobs}'] + binaries, base,
                                               self.build_timeout * 4, self.env)
        if rc != 0 or timed_out:
            raise BaselineError('the unmutated tree does not build:\n' + _tail(out))
        for b in binaries:
            t0 = time.monotonic()
            rc, out, timed_out = self.children.run(self._test_cmd(base, b), base, self.test_timeout * 4, self.env)
            failing = [m.group(1) for m in map(_FAIL_LINE.match, out.splitlines()) if m]
            if timed_out or (rc != 0 and not failing):
                raise BaselineError(f'{b} fails on the unmutated tree without naming a test:\n' + _tail(out))
            if failing:
                self.excluded[b] = failing
                rc, out, timed_out = self.children.run(self._test_cmd(base, b), base, self.test_timeout * 4, self.env)
                if rc != 0 or timed_out:
                    raise BaselineError(f'{b} is not green even without its failing tests:\n' + _tail(out))
            self.timeouts[b] = max(self.test_timeout, 10 * (time.monotonic() - t0))

    # ---- one mutant -----------------------------------------------------------
    def _one(self, tree, mutant, binaries):
        t0 = time.monotonic()
        path = os.path.join(tree, mutant.file)
        with open(path) as fh:
            src = fh.read()
        with open(path, 'w') as fh:
            fh.write(mutant.apply(src))
        try:
            rc, out, timed_out = self.children.run(self.build + self.mutant_build + binaries, tree,
                                                   self.build_timeout, self.env)
            if rc != 0 or timed_out:
                return Outcome(INVALID, 'build timed out' if timed_out else 'does not build: ' + _first_error(out),
                               seconds=time.monotonic() - t0)
            killers, detail = [], []
            for b in binaries:
                rc, out, timed_out = self.children.run(self._test_cmd(tree, b), tree, self.timeouts[b], self.env)
                failing = [m.group(1) for m in map(_FAIL_LINE.match, out.splitlines()) if m]
                if timed_out:
                    detail.append(f'{os.path.basename(b)} timed out')
                elif rc != 0 and not failing:
                    what, test = _crash(rc, out)
                    detail.append(f'{os.path.basename(b)} crashed{" in " + test if test else ""} ({what})')
                    failing = [test] if test else []
                killers += failing
            status = KILLED if killers or detail else SURVIVED
            return Outcome(status, '; '.join(detail), killers, time.monotonic() - t0)
        finally:
            if not self.children.stopped:
                self.trees.reset(tree)

    # ---- all mutants ----------------------------------------------------------
    def run(self, jobs_list, on_result):
        """jobs_list: [(mutant, binaries)]. on_result(index, mutant, Outcome)
        is called in the main thread as results come."""
        todo = queue.Queue()
        for item in enumerate(jobs_list):
            todo.put(item)
        done = queue.Queue()
        workers = self.trees.make_workers(min(self.jobs, max(1, len(jobs_list))))

        def work(tree):
            while not self.children.stopped:
                try:
                    i, (m, binaries) = todo.get_nowait()
                except queue.Empty:
                    return
                try:
                    if m.unbuilt_reason:
                        outcome = Outcome(INVALID, m.unbuilt_reason)
                    else:
                        outcome = self._one(tree, m, binaries)
                except Interrupted:
                    return
                except Exception as e:  # a tool error: report it, keep the others going
                    outcome = Outcome(INVALID, f'tool error: {e!r}')
                done.put((i, m, outcome))

        threads = [threading.Thread(target=work, args=(w,), daemon=True) for w in workers]
        self._threads = threads
        for t in threads:
            t.start()
        received = 0
        while received < len(jobs_list):
            try:
                i, m, outcome = done.get(timeout=0.5)
            except queue.Empty:
                if not any(t.is_alive() for t in threads) and done.empty():
                    break
                continue
            received += 1
            on_result(i, m, outcome)
        for t in threads:
            t.join()

    def stop(self):
        self.children.stop_all()

    def cleanup(self):
        """Stop everything still running, wait for the workers, remove the
        scratch trees."""
        self.children.stop_all()
        for t in self._threads:
            t.join()
        self.trees.remove()


def _tail(out, n=25):
    return '\n'.join('  | ' + x for x in out.splitlines()[-n:])


def _first_error(out):
    for line in out.splitlines():
        if 'error' in line:
            return line.strip()[:200]
    lines = out.strip().splitlines()
    return lines[-1][:200] if lines else 'build failed'


_TEST_BODY = re.compile(r'\b([A-Za-z0-9]+)_(\w+)_Test::TestBody')


def _crash(rc, out):
    """(what a crash was: the sanitizer's or the signal's word; the test it
    happened in, from a GoogleTest TestBody frame of the report, or None)."""
    what = f'signal {-rc}' if rc < 0 else f'exit {rc}'
    for line in out.splitlines():
        if 'Sanitizer' in line or 'runtime error' in line:
            what = re.sub(r'^==\d+==\s*', '', line.strip())[:120]
            break
    frame = _TEST_BODY.search(out)
    return what, (f'{frame.group(1)}.{frame.group(2)}' if frame else None)


def split_command(text):
    return shlex.split(text) if text else []
