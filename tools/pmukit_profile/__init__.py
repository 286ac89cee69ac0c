# SPDX-License-Identifier: Apache-2.0
"""pmukit-profile: the host side of pmukit record (docs/profiling.md)."""


class ProfileError(Exception):
    """A problem the user must fix: a bad capture, a mismatched ELF, a
    missing tool. The message is printed as is; the exit status is 1."""
