# SPDX-License-Identifier: Apache-2.0
# Objects keyed by the tools and flags that build them, so changing flags
# (ARCH_FLAGS, OPT, ABI, a compiler) builds afresh instead of reusing objects
# built for something else. Included by the Makefile and mk/package.mk.
#
#   $(call keyed_objdir,DIR,ID)   DIR/obj-<checksum of ID>, the folder for the
#                                 objects built with the tools and flags ID
#   $(call flags_stamp,FILE,ID)   writes ID to FILE when FILE holds anything
#                                 else: outputs that depend on FILE (an archive,
#                                 an image) are rebuilt when the flags change,
#                                 switching back included
flags_differ = $(or $(subst $(1),,$(2)),$(subst $(2),,$(1)))
flags_stamp = $(call flags_write,$(1),$(strip $(2)))
flags_write = $(if $(call flags_differ,$(strip $(file <$(1))),$(2)),$(shell mkdir -p $(dir $(1)))$(file >$(1),$(2)))
keyed_objdir = $(call flags_stamp,$(1)/flags.txt,$(2))$(1)/obj-$(firstword $(shell printf '%s' '$(strip $(2))' | cksum))
