#!/usr/bin/env python3
"""usage: mark_synthetic.py IN_JAR OUT_JAR ENTRY FIELD: copies IN_JAR to OUT_JAR with field FIELD
of class file ENTRY marked ACC_SYNTHETIC, as only hand-made bytecode could mark a field a
program's source declares (test_trust.sh's test of javac's tables)."""
import struct
import sys
import zipfile

# Bytes after the tag of each constant-pool entry but Utf8 (JVMS 4.4).
SIZES = {3: 4, 4: 4, 5: 8, 6: 8, 7: 2, 8: 2, 9: 4, 10: 4, 11: 4, 12: 4, 15: 3, 16: 2, 17: 4,
         18: 4, 19: 2, 20: 2}


def utf8_pool(data):
    """The Utf8 constants of class file DATA by index, and the offset after the pool."""
    pool, pos, i = {}, 10, 1
    while i < struct.unpack_from(">H", data, 8)[0]:
        tag = data[pos]
        if tag == 1:
            n = struct.unpack_from(">H", data, pos + 1)[0]
            pool[i], pos = data[pos + 3:pos + 3 + n].decode(), pos + 3 + n
        else:
            pos += 1 + SIZES[tag]
        i += 2 if tag in (5, 6) else 1
    return pool, pos


def mark(data, field):
    """DATA with FIELD's access flags given ACC_SYNTHETIC."""
    pool, pos = utf8_pool(data)
    pos += 6  # access flags, this class, super class
    pos += 2 + 2 * struct.unpack_from(">H", data, pos)[0]  # interfaces
    count, pos = struct.unpack_from(">H", data, pos)[0], pos + 2
    for _ in range(count):
        access, name, _, attributes = struct.unpack_from(">HHHH", data, pos)
        if pool[name] == field:
            out = bytearray(data)
            struct.pack_into(">H", out, pos, access | 0x1000)
            return bytes(out)
        pos += 8
        for _ in range(attributes):
            pos += 6 + struct.unpack_from(">I", data, pos + 2)[0]
    sys.exit(f"mark_synthetic.py: no field {field}")


def main():
    source, target, entry, field = sys.argv[1:5]
    with zipfile.ZipFile(source) as jar_in, zipfile.ZipFile(target, "w") as jar_out:
        for item in jar_in.infolist():
            data = jar_in.read(item)
            jar_out.writestr(item, mark(data, field) if item.filename == entry else data)


main()
