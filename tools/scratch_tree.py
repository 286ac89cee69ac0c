#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A throw-away source tree for the checks' self-tests (check-deps.py,
check-spdx.py): plant files, run the check on the tree, remove it."""
import contextlib
import os
import shutil
import tempfile


def write(root, path, text):
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w") as fh:
        fh.write(text)


@contextlib.contextmanager
def scratch_tree(files):
    """files: {relative path: text}. Yields the tree's root folder."""
    root = tempfile.mkdtemp()
    try:
        for path, text in files.items():
            write(root, path, text)
        yield root
    finally:
        shutil.rmtree(root)
