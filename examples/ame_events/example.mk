# XiangShan CUTE AME counter CSRs.
EXAMPLE_BOARDS := qemu-virt-rv64 xiangshan-cute
