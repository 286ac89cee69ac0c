# SafeSU rdc_latency example.
EXAMPLE_BOARDS := qemu-virt-rv64 qemu-virt-rv32 selene-noelv leon3-grlib
# Not on qemu-leon3 yet: the RDC line storms there (hook run time seen by
# the model; under investigation). leon3-grlib builds it.
