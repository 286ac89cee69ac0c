# SPDX-License-Identifier: Apache-2.0
"""Scratch trees: mutants are built and tested in copies of the working
tree, never in the tree itself. A base copy is built once; each worker gets
a copy of the built base and, after every mutant, is put back to exactly
the base's state (every file whose size or modification time differs is
copied back, every new file removed), so make sees the base's objects as
up to date and the next mutant rebuilds only what its own change touches."""

import os
import shutil


def _copy_tree(src, dst, skip=()):
    """Copy src to dst keeping modification times (make depends on them)."""
    os.makedirs(dst, exist_ok=True)
    for name in sorted(os.listdir(src)):
        if name in skip:
            continue
        s, d = os.path.join(src, name), os.path.join(dst, name)
        if os.path.islink(s):
            os.symlink(os.readlink(s), d)
        elif os.path.isdir(s):
            shutil.copytree(s, d, symlinks=True, copy_function=shutil.copy2)
        else:
            shutil.copy2(s, d)


def snapshot(root):
    """{relative path: (size, mtime_ns)} of every file under root."""
    state = {}
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        for name in files:
            path = os.path.join(folder, name)
            st = os.lstat(path)
            state[os.path.relpath(path, root)] = (st.st_size, st.st_mtime_ns)
    return state


class Trees:
    """The scratch trees of one run: <scratch>/trees/base and .../w<k>."""

    def __init__(self, root, scratch, skip=('build', '.git'), seed_dirs=()):
        self.root = os.path.abspath(root)
        self.trees = os.path.join(os.path.abspath(scratch), 'trees')
        self.skip = tuple(skip)
        self.seed_dirs = tuple(seed_dirs)
        self.base = os.path.join(self.trees, 'base')
        self.workers = []
        self._base_state = None

    def make_base(self):
        """Copy the working tree (without build output and VCS data) to
        base/, with the tree's existing build output in seed_dirs (e.g.
        build/host) so the base build starts incremental."""
        self.remove()
        _copy_tree(self.root, self.base, self.skip)
        for rel in self.seed_dirs:
            src = os.path.join(self.root, rel)
            if os.path.isdir(src):
                shutil.copytree(src, os.path.join(self.base, rel), symlinks=True, copy_function=shutil.copy2)
        return self.base

    def make_workers(self, n):
        """n copies of the (built) base."""
        self._base_state = snapshot(self.base)
        for k in range(n):
            w = os.path.join(self.trees, f'w{k}')
            _copy_tree(self.base, w)
            self.workers.append(w)
        return list(self.workers)

    def reset(self, worker):
        """Put a worker tree back to the base's exact state."""
        now = snapshot(worker)
        for rel, state in now.items():
            if rel not in self._base_state:
                os.unlink(os.path.join(worker, rel))
            elif state != self._base_state[rel]:
                shutil.copy2(os.path.join(self.base, rel), os.path.join(worker, rel))
        for rel in self._base_state.keys() - now.keys():
            dst = os.path.join(worker, rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copy2(os.path.join(self.base, rel), dst)

    def remove(self):
        shutil.rmtree(self.trees, ignore_errors=True)
        self.workers = []
