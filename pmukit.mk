# pmukit.mk — build pmukit from source inside your own Makefile.
#
#   PMUKIT_DIR   := path/to/pmukit
#   PMUKIT_UNITS := safesu grlib cm riscv     # the units your firmware uses
#   include $(PMUKIT_DIR)/pmukit.mk
#
#   CXXFLAGS += $(PMUKIT_CXXFLAGS)
#   my.elf: $(MY_OBJS) $(PMUKIT_SRCS:.cpp=.o)
#
# Defines:
#   PMUKIT_SRCS      the library sources of the chosen units (plus common)
#   PMUKIT_CPPFLAGS  include path
#   PMUKIT_CXXFLAGS  the flags the library is written for (C++17, freestanding,
#                    no exceptions/RTTI/standard headers); add your -march etc.
PMUKIT_DIR ?= $(dir $(lastword $(MAKEFILE_LIST)))
PMUKIT_UNITS ?= safesu grlib cm riscv
PMUKIT_SRCS := $(foreach u,common $(PMUKIT_UNITS),$(wildcard $(PMUKIT_DIR)/src/$(u)/*.cpp))
PMUKIT_CPPFLAGS := -I$(PMUKIT_DIR)/include
PMUKIT_CXXFLAGS := $(PMUKIT_CPPFLAGS) -std=c++17 -ffreestanding -fno-exceptions -fno-rtti -nostdinc++ \
                   -fno-threadsafe-statics -fno-use-cxa-atexit -fno-asynchronous-unwind-tables \
                   -fno-unwind-tables -ffunction-sections -fdata-sections
