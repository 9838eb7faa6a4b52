#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Build the Cortex-M4F and Cortex-M0 firmware (examples/cortex-m/firmware.c
# + the unchanged lib/ sources), run each under qemu-system-arm (-M
# mps2-an386, -M microbit) with semihosting, and check every P-state it
# prints against tests/vectors/pstate_load.tsv.
# Then report the library's code size, static RAM and worst-case stack per
# module (Cortex-M4F and Cortex-M0, -Os).
# Usage: examples/cortex-m/run.sh      Output dir: build/cortex-m/
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$root/build/cortex-m
CC=${CC_ARM:-arm-none-eabi-gcc}
M4="-mcpu=cortex-m4 -mthumb -mfpu=fpv4-sp-d16 -mfloat-abi=hard"
M0="-mcpu=cortex-m0 -mthumb -mfloat-abi=soft"
WARN="-Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion -Werror"
# Only the two profiles the firmware runs (load-based v4.17 and current):
# PGOV_PSTATE_PROFILES = PGOV_PSTATE_PROF_BIT(7) | PGOV_PSTATE_PROF_BIT(8).
PROFILES="-DPGOV_PSTATE_PROFILES=0x180u"
# The firmware's knobs (direct HAL calls, the ops table by reference): named
# explicitly, as every embedder must (embed.h never looks a config file up).
CONFIG="-DPGOV_CONFIG_FILE=\"pgov_config.h\""
LIBFLAGS="-std=c11 -Os -ffreestanding -fno-builtin -fno-tree-loop-distribute-patterns -ffunction-sections -fdata-sections $PROFILES $CONFIG"
SCEN="io_heavy_direct mel_bursty_10pct cpu_ramp_ticks"
command -v "$CC" >/dev/null || { echo "cortex-m/run.sh: $CC missing (gcc-arm-none-eabi)" >&2; exit 1; }
command -v qemu-system-arm >/dev/null || { echo "cortex-m/run.sh: qemu-system-arm missing" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out/m4" "$out/m0"

python3 "$root/examples/cortex-m/gen_trace.py" "$root/tests/vectors/pstate_load.tsv" \
  "$out/trace.c" "$out/expected.txt" $SCEN

# The library, one object per module, as an embedder would build it, with
# the firmware's pgov_config.h (direct HAL calls, the ops table by reference).
for cpu in m4 m0; do
  flags=$M4; [ $cpu = m0 ] && flags=$M0
  for f in "$root"/lib/*.c; do
    (cd "$out/$cpu" && $CC $flags $LIBFLAGS $WARN -fstack-usage -fcallgraph-info=su \
      -I"$root/include" -I"$root/lib" -I"$root/examples/cortex-m" -c "$f" -o "$(basename "${f%.c}").o")
  done
done
# The M0 has no divider: the library must not call libgcc's 64-bit division
# (pgov/core/math64.h divides with 32-bit operations), nor need lib/hwp.c.
div64=$(arm-none-eabi-nm -u "$out"/m0/*.o | awk '{print $NF}' |
        { grep -E '^__(aeabi_u?ldivmod|u?divdi3|u?moddi3|u?divmoddi4)$' || true; } | sort -u | tr '\n' ' ')
[ -z "$div64" ] || { echo "cortex-m: M0 library calls 64-bit division: $div64" >&2; exit 1; }
if arm-none-eabi-nm -u "$out/m0/pstate_gov.o" | grep -q pgov_hwp; then
  echo "cortex-m: pstate_gov.o needs hwp.o although HWP boost is not built" >&2; exit 1
fi
# pgov_config.h's direct HAL: the hook calls the firmware's counter read.
if ! arm-none-eabi-nm -u "$out/m0/pstate_gov.o" | grep -q ' fw_hal_counters$'; then
  echo "cortex-m: pstate_gov.o does not call fw_hal_counters directly" >&2; exit 1
fi
echo "cortex-m: M0 library: no 64-bit division call; pstate profiles 0x180 only, no hwp.o;" \
     "HAL called directly"
# One image per board: the Cortex-M4F of mps2-an386 (4 MiB RAM) and the
# Cortex-M0 of the micro:bit (no divider, no FPU, 16 KiB RAM).
run_board() { # name cpu-flags qemu-machine flash-size ram-size
  local name=$1 flags=$2 machine=$3 fsz=$4 rsz=$5 rc ms t0
  $CC $flags -std=c11 -Os -Wall -Wextra -Werror -DPGOV_FIRMWARE_PROFILES $CONFIG -I"$root/include" -I"$root/examples/cortex-m" \
    --specs=rdimon.specs -nostartfiles -T "$root/targets/cortex-m/cortex-m.ld" \
    -Wl,--defsym=__flash_origin=0x0,--defsym=__flash_size=$fsz \
    -Wl,--defsym=__ram_origin=0x20000000,--defsym=__ram_size=$rsz \
    -Wl,--gc-sections -Wl,-Map="$out/firmware_$name.map" \
    "$root/examples/cortex-m/firmware.c" "$out/trace.c" "$root/targets/cortex-m/startup.c" \
    "$out/$name"/*.o -o "$out/firmware_$name.elf"
  arm-none-eabi-size "$out/firmware_$name.elf" | sed "s|$out/||"
  t0=$(date +%s%N)
  set +e
  timeout 120 qemu-system-arm -M "$machine" -nographic -monitor none -serial none \
    -semihosting-config enable=on,target=native -kernel "$out/firmware_$name.elf" \
    >"$out/output_$name.txt" 2>&1
  rc=$?
  set -e
  ms=$(( ($(date +%s%N) - t0) / 1000000 ))
  grep -v '^v[0-9]' "$out/output_$name.txt" | sed "s/^/  [$name] /" || true
  [ $rc -eq 0 ] || { echo "cortex-m: $name firmware exited $rc (124 = timeout)" >&2; return 1; }
  grep '^v[0-9]' "$out/output_$name.txt" >"$out/decisions_$name.txt" || true
  if ! diff -q "$out/expected.txt" "$out/decisions_$name.txt" >/dev/null; then
    echo "cortex-m: $name P-states differ from pstate_load.tsv (expected < > firmware):" >&2
    diff "$out/expected.txt" "$out/decisions_$name.txt" | head -n 20 >&2
    return 1
  fi
  echo "cortex-m: $name: $(wc -l <"$out/decisions_$name.txt") hook calls ($(echo $SCEN | wc -w)" \
       "scenarios x 2 profiles) match pstate_load.tsv under qemu -M $machine (${ms} ms)"
}
run_board m4 "$M4" mps2-an386 0x400000 0x400000
run_board m0 "$M0" microbit 0x40000 0x4000

# ---- footprint per module: code (text), static RAM (data+bss), worst stack
python3 "$root/examples/cortex-m/stack_report.py" "$out"/m4/*.ci >"$out/stack_m4.tsv"
python3 "$root/examples/cortex-m/stack_report.py" "$out"/m0/*.ci >"$out/stack_m0.tsv"
{
  printf 'module\tM4F text\tM0 text\tdata+bss\tM4F stack\tM0 stack\tworst entry (M4F)\n'
  for o in "$out"/m4/*.o; do
    m=$(basename "$o" .o)
    read -r t4 d4 b4 _ < <(arm-none-eabi-size "$o" | awk 'NR==2 {print $1, $2, $3}')
    read -r t0_ _ _ _ < <(arm-none-eabi-size "$out/m0/$m.o" | awk 'NR==2 {print $1, $2, $3}')
    s4=$(awk -F'\t' -v m="$m" '$1==m {print $3 ($4=="-" ? "" : " " $4) "\t" $2}' "$out/stack_m4.tsv")
    s0=$(awk -F'\t' -v m="$m" '$1==m {print $3 ($4=="-" ? "" : " " $4)}' "$out/stack_m0.tsv")
    st4=${s4%%$'\t'*}; fn=${s4#*$'\t'}
    [ -n "$s4" ] || { st4=-; fn=-; }
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$m" "$t4" "$t0_" "$((d4 + b4))" "$st4" "${s0:--}" "$fn"
  done
} >"$out/footprint.tsv"
awk -F'\t' 'NR > 1 { t4 += $2; t0 += $3; db += $4 } { print }
  END { printf "total\t%d\t%d\t%d\t-\t-\t-\n", t4, t0, db }' "$out/footprint.tsv" |
  if command -v column >/dev/null; then column -t -s$'\t'; else cat; fi
echo "cortex-m: measured by stack painting (library + HAL callbacks), M4F / M0:"
paste <(grep -E '^(stack|ram) ' "$out/output_m4.txt") \
      <(grep -E '^(stack|ram) ' "$out/output_m0.txt" | awk '{print $NF}') | sed 's/^/  /'
