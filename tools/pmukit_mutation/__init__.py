# SPDX-License-Identifier: Apache-2.0
"""pmukit-mutation: seeded, reproducible mutation testing of the driver
sources against their host tests (make mutation, docs/mutation.md)."""
