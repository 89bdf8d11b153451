/*
 * Plain C reference for the nim-product benchmark (bench/suites/nim-arithmetic.ts), built at bench
 * time with `cc -O2`. Same algorithm as the engine's word kernels: GF(2^16) logarithm tables built
 * here from the defining halves rule, 32-bit products from three 16-bit ones over F = 2^16 and
 * 64-bit products from three 32-bit ones over F = 2^32 plus a product by 2^31.
 *
 * Usage: nim-product A B N  (files of N little-endian u64 each). Prints the milliseconds of the
 * product loop alone (its second pass: the first warms the caches, as the JavaScript rows are warm)
 * and an FNV-style hash of the N products (the bench compares it).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint16_t LOG[65536];
static uint16_t EXP[3 * 65535];
static uint32_t LOG_HALF;

/* a ⊗ b for a, b < 2^bits by the halves rule (table building only). */
static uint32_t slow_product(uint32_t a, uint32_t b, uint32_t bits) {
  if (a < 2 || b < 2) return a * b;
  uint32_t h = bits >> 1, m = (1u << h) - 1;
  uint32_t a1 = a >> h, a0 = a & m, b1 = b >> h, b0 = b & m;
  uint32_t low = slow_product(a0, b0, h);
  uint32_t cross = slow_product(a1 ^ a0, b1 ^ b0, h) ^ low;
  uint32_t top = slow_product(slow_product(a1, b1, h), 1u << (h - 1), h);
  return (cross << h) | (low ^ top);
}

static void build_tables(void) {
  /* g generates GF(2^16)* when its order is 65535 = 3·5·17·257; elements below 256 lie in GF(2^8). */
  for (uint32_t g = 256;; g++) {
    uint32_t x = 1, order = 0;
    do {
      x = slow_product(x, g, 16);
      order++;
    } while (x != 1);
    if (order == 65535) {
      x = 1;
      for (uint32_t i = 0; i < 65535; i++, x = slow_product(x, g, 16)) EXP[i] = (uint16_t)x;
      break;
    }
  }
  for (uint32_t i = 65535; i < 3 * 65535; i++) EXP[i] = EXP[i - 65535];
  for (uint32_t i = 0; i < 65535; i++) LOG[EXP[i]] = (uint16_t)i;
  LOG_HALF = LOG[0x8000];
}

static inline uint32_t mul16(uint32_t a, uint32_t b) { return a && b ? EXP[LOG[a] + LOG[b]] : 0; }
static inline uint32_t half16(uint32_t a) { return a ? EXP[LOG[a] + LOG_HALF] : 0; }

static inline uint32_t mul32(uint32_t a, uint32_t b) {
  uint32_t a1 = a >> 16, a0 = a & 0xffff, b1 = b >> 16, b0 = b & 0xffff;
  uint32_t low = mul16(a0, b0);
  uint32_t cross = mul16(a1 ^ a0, b1 ^ b0) ^ low;
  uint32_t top = a1 && b1 ? EXP[LOG[a1] + LOG[b1] + LOG_HALF] : 0;
  return (cross << 16) | (low ^ top);
}

static inline uint32_t half32(uint32_t x) {
  uint32_t u1 = half16(x >> 16), u0 = half16(x & 0xffff);
  return ((u1 ^ u0) << 16) | half16(u1);
}

static inline uint64_t mul64(uint64_t a, uint64_t b) {
  uint32_t alo = (uint32_t)a, ahi = (uint32_t)(a >> 32), blo = (uint32_t)b, bhi = (uint32_t)(b >> 32);
  uint32_t low = mul32(alo, blo);
  uint32_t high = mul32(ahi ^ alo, bhi ^ blo) ^ low;
  return ((uint64_t)high << 32) | (low ^ half32(mul32(ahi, bhi)));
}

static uint64_t *read_values(const char *path, size_t n) {
  uint64_t *values = malloc(n * sizeof *values);
  FILE *f = fopen(path, "rb");
  if (!values || !f || fread(values, sizeof *values, n, f) != n) {
    fprintf(stderr, "nim-product: cannot read %zu values from %s\n", n, path);
    exit(1);
  }
  fclose(f);
  return values;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: nim-product A B N\n");
    return 2;
  }
  size_t n = strtoull(argv[3], NULL, 10);
  uint64_t *a = read_values(argv[1], n), *b = read_values(argv[2], n), *out = malloc(n * sizeof *out);
  build_tables();
  for (size_t i = 0; i < n; i++) out[i] = mul64(a[i], b[i]);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (size_t i = 0; i < n; i++) out[i] = mul64(a[i], b[i]);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  uint64_t hash = 14695981039346656037ull;
  for (size_t i = 0; i < n; i++) hash = (hash ^ out[i]) * 1099511628211ull;
  double ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
  printf("%.3f %llu\n", ms, (unsigned long long)hash);
  return 0;
}
