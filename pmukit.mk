# pmukit.mk — build pmukit from source inside your own Makefile.
#
#   PMUKIT_DIR   := path/to/pmukit
#   PMUKIT_UNITS := safesu grlib cm riscv     # the units your firmware uses
#   PMUKIT_CAPI  := safesu                    # the units you call from C (optional)
#   include $(PMUKIT_DIR)/pmukit.mk
#
#   CXXFLAGS += $(PMUKIT_CXXFLAGS)
#   my.elf: $(MY_OBJS) $(PMUKIT_SRCS:.cpp=.o)
#
# Defines:
#   PMUKIT_SRCS      the library sources of the chosen units (plus the report
#                    formatter and the C API wrappers of PMUKIT_CAPI)
#   PMUKIT_CPPFLAGS  include path
#   PMUKIT_CXXFLAGS  the flags the library is written for (C++17, freestanding,
#                    no exceptions/RTTI/standard headers); add your -march etc.
PMUKIT_DIR ?= $(dir $(lastword $(MAKEFILE_LIST)))
PMUKIT_UNITS ?= safesu grlib cm riscv
PMUKIT_CAPI ?=
PMUKIT_SRCS := $(foreach u,report $(PMUKIT_UNITS),$(wildcard $(PMUKIT_DIR)/src/$(u)/*.cpp)) \
               $(foreach u,$(PMUKIT_CAPI),$(PMUKIT_DIR)/src/capi/pmu_$(u).cpp)
PMUKIT_CPPFLAGS := -I$(PMUKIT_DIR)/include
PMUKIT_CXXFLAGS := $(PMUKIT_CPPFLAGS) -std=c++17 -ffreestanding -fno-exceptions -fno-rtti -nostdinc++ \
                   -fno-threadsafe-statics -fno-use-cxa-atexit -fno-asynchronous-unwind-tables \
                   -fno-unwind-tables -ffunction-sections -fdata-sections
