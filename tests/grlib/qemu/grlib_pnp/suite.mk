SUITE_BOARDS := qemu-leon3
