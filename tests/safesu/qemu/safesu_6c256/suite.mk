# The same SafeSU scenarios on the 6-core/256-event (SELENE) instance.
SUITE_BOARDS := qemu-virt-rv64
