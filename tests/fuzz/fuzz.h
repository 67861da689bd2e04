/* SPDX-License-Identifier: ISC */
/*
 * Shared by the fuzz harnesses: the libFuzzer entry point each one defines,
 * and the check every parser's error message must pass.
 */
#ifndef WEIR_FUZZ_H
#define WEIR_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
void	fuzz_check_message(const char *name, const char *err);

#endif
